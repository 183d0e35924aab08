// A Cartographers record's events told in the page's language (story.js lists them).

import { t, plural, number, cardName, seasonName } from "../i18n.js";
import { playerName } from "../ui.js";

const SEASONS = ["Spring", "Summer", "Fall", "Winter"];

// tell is one event in the page's language; undefined for a kind it does not know.
export function tell(e, match) {
  const d = e.data || {};
  const who = e.seat != null ? playerName(match, e.seat) : "";
  const season = SEASONS.includes(d.season) ? seasonName(SEASONS.indexOf(d.season)) : d.season;
  switch (e.kind) {
    case "edicts": return t("storyEdicts", { list: (d.edicts || []).map((n, i) => "ABCD"[i] + " " + cardName(n)).join(", ") });
    case "card": return t("storyCard", { season, turn: d.turn, card: cardName(d.card) }) + (d.type === "ambush" || d.type === "hero" ? ` (${t("storyType_" + d.type)})` : "");
    case "placement":
      if (d.by != null) return t("storyAmbush", { by: playerName(match, d.by), card: cardName(d.card), spaces: (d.spaces || []).join(" "), who });
      return t("storyPlaced_" + d.action, { card: cardName(d.card), spaces: (d.spaces || []).join(" "), who });
    case "coins": return plural("storyCoins", d.gained, { who, total: number(d.coins) });
    case "season_score": return t("storySeason", { season, who, n: d.score.total, total: d.total });
    case "end":
      return d.rating != null ? plural("storyEndSolo", d.score, { who, rating: number(d.rating) }) : plural("storyEnd", d.score, { who, rank: d.rank });
  }
  return undefined;
}
