// A Carcassonne record's events told in the page's language (story.js lists them).

import { t, plural, carcName, surveyorName, modifierName, goodsName } from "../i18n.js";
import { playerName } from "../ui.js";
import { tileWords, whereWords } from "./words.js";

// GOODS are the Traders' goods in the order the story lists them.
const GOODS = ["wine", "grain", "cloth"];

// tell is one event in the page's language; undefined for a kind it does not know (the story then shows
// the engine's English: e2e's TestCarcassonneStoryTranslated fails on such a kind). A tile is named by what
// it shows, never by the engine's id.
export function tell(e, match) {
  const d = e.data || {};
  const who = e.seat != null ? playerName(match, e.seat) : "";
  switch (e.kind) {
    case "tile": return t(d.second ? "storySecondTile" : "storyTile", { turn: d.turn, who, tile: tileWords(d.tile) });
    case "set_aside": return t("storySetAside", { tile: tileWords(d.tile) });
    case "scoring":
    case "recall": {
      const whom = (d.receivers || []).map(s => playerName(match, s)).join(", ");
      const s = t("labelled", { label: featureWords(d), text: whom ? `${whom} ${d.points >= 0 ? "+" : ""}${d.points}` : t("storyNobody") });
      return (d.final ? t("storyFinal") + " " : "") + withChanges(d, s);
    }
    case "goods": {
      const list = GOODS.filter(g => d[g] > 0).map(g => `${goodsName(g)} ×${d[g]}`).join(", ");
      return t("storyGoods", { who: playerName(match, d.seat ?? e.seat), list });
    }
    case "piles": {
      // The Land Surveyors' piles, top first, told once the game is over.
      const piles = Object.keys(d).filter(p => Array.isArray(d[p]));
      if (!piles.length) return t("storyPiles");
      return t("storyPilesOrder", { list: piles.map(p => t("labelled", { label: carcName(p), text: d[p].map(surveyorName).join(", ") })).join("; ") });
    }
    case "magic": {
      // The mage or the witch placed, moved, taken off, or leaving with its finished road or city: the
      // feature and where its tile lies from the start tile, in words, as the replay's moves say it.
      const at = d.to || d.from || {};
      const feature = carcName((at.segment || "").split(":")[0]).toLowerCase();
      return t(`storyMagic_${d.action}_${d.figure}`, { who, feature, where: whereWords(at.x || 0, at.y || 0) });
    }
    case "end":
      if (d.scores) return t("storyScores", { list: d.scores.map((n, s) => `${playerName(match, s)} ${n}`).join(", ") });
  }
  return undefined;
}

// featureWords name a scoring's feature and its size: "City (3 tiles)", "Field (2 completed cities)"; the goods'
// majority at the end (Traders & Builders) has no tiles: it names the kind.
export function featureWords(ev) {
  if (ev.feature === "goods") return t("carcMostGoods", { goods: goodsName(ev.goods) });
  const size = ev.feature === "field" ? plural("carcCities", ev.cities || 0) : plural("carcTiles", (ev.tiles || []).length);
  return `${carcName(ev.feature)} (${size})`;
}

// withChanges adds to a scoring's words what changed its points: with expansions, every modifier in the
// order it applied (Land Surveyors tiles among them); in a base game, its Land Surveyors tile as always.
// An abbot's recall is said first.
export function withChanges(ev, s) {
  if (ev.modifiers && ev.modifiers.length) s += ev.modifiers.map(md => ` · ${modifierName(md.name)} ${md.delta >= 0 ? "+" : ""}${md.delta}`).join("");
  else if (ev.surveyor) s += ` · ${surveyorName(ev.surveyor)} ${ev.surveyor_delta >= 0 ? "+" : ""}${ev.surveyor_delta || 0}`;
  return ev.recall ? `${t("carcRecalled")} · ${s}` : s;
}
