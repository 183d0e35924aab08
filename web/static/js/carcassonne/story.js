// A Carcassonne record's events told in the page's language (story.js lists them).

import { t, carcName, surveyorName, modifierName } from "../i18n.js";
import { playerName } from "../ui.js";
import { plural } from "../story.js";

// tell is one event in the page's language; undefined for a kind it does not know.
export function tell(e, match) {
  const d = e.data || {};
  const who = e.seat != null ? playerName(match, e.seat) : "";
  switch (e.kind) {
    case "tile": return t("storyTile", { turn: d.turn, who, tile: d.tile });
    case "set_aside": return t("storySetAside", { tile: d.tile });
    case "scoring": {
      const whom = (d.receivers || []).map(s => playerName(match, s)).join(", ");
      const size = d.feature === "field" ? plural("storyCities", d.cities || 0) : plural("storyTiles", (d.tiles || []).length);
      let s = `${carcName(d.feature)} (${size}): ` + (whom ? `${whom} ${d.points >= 0 ? "+" : ""}${d.points}` : t("storyNobody"));
      return (d.final ? t("storyFinal") + " " : "") + withChanges(d, s);
    }
    case "piles": return t("storyPiles");
    case "magic": {
      // The mage or the witch placed, moved, taken off, or leaving with its finished road or city.
      const at = d.to || d.from || {};
      const feature = carcName((at.segment || "").split(":")[0]).toLowerCase();
      return t(`storyMagic_${d.action}_${d.figure}`, { who, feature, x: at.x, y: at.y });
    }
    case "end":
      if (d.scores) return t("storyScores", { list: d.scores.map((n, s) => `${playerName(match, s)} ${n}`).join(", ") });
  }
  return undefined;
}

// withChanges adds to a scoring's words what changed its points: with expansions, every modifier in the
// order it applied (Land Surveyors tiles among them); in a base game, its Land Surveyors tile as always.
// An abbot's recall is said first.
export function withChanges(ev, s) {
  if (ev.modifiers && ev.modifiers.length) s += ev.modifiers.map(md => ` · ${modifierName(md.name)} ${md.delta >= 0 ? "+" : ""}${md.delta}`).join("");
  else if (ev.surveyor) s += ` · ${surveyorName(ev.surveyor)} ${ev.surveyor_delta >= 0 ? "+" : ""}${ev.surveyor_delta || 0}`;
  return ev.recall ? `${t("carcRecalled")} · ${s}` : s;
}
