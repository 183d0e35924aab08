// A Carcassonne record's events told in the page's language (story.js lists them).

import { t, carcName, surveyorName } from "../i18n.js";
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
      if (d.surveyor) s += ` · ${surveyorName(d.surveyor)} ${d.surveyor_delta >= 0 ? "+" : ""}${d.surveyor_delta || 0}`;
      return (d.final ? t("storyFinal") + " " : "") + s;
    }
    case "piles": return t("storyPiles");
    case "end":
      if (d.scores) return t("storyScores", { list: d.scores.map((n, s) => `${playerName(match, s)} ${n}`).join(", ") });
  }
  return undefined;
}
