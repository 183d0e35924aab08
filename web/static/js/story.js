// The story of a replayed game: the engine's narrative so far (the record tells it; the server sends it
// with every replay step), each event told in the page's language from its data, the events of the step
// shown outlined. Events of a kind this client does not know are shown in the engine's English.

import { h } from "./dom.js";
import { t, cardName, seasonName, carcName, surveyorName } from "./i18n.js";
import { playerName } from "./ui.js";

const SEASONS = ["Spring", "Summer", "Fall", "Winter"];

// tell is one event in the page's language.
function tell(e, match) {
  const d = e.data || {};
  const who = e.seat != null ? playerName(match, e.seat) : "";
  const season = SEASONS.includes(d.season) ? seasonName(SEASONS.indexOf(d.season)) : d.season;
  switch (e.kind) {
    case "edicts": return t("storyEdicts", { list: (d.edicts || []).map((n, i) => "ABCD"[i] + " " + cardName(n)).join(", ") });
    case "card": return t("storyCard", { season, turn: d.turn, card: cardName(d.card) }) + (d.type === "ambush" || d.type === "hero" ? ` (${t("storyType_" + d.type)})` : "");
    case "placement":
      if (d.by != null) return t("storyAmbush", { by: playerName(match, d.by), card: cardName(d.card), spaces: (d.spaces || []).join(" "), who });
      return t("storyPlaced_" + d.action, { card: cardName(d.card), spaces: (d.spaces || []).join(" "), who });
    case "coins": return t("storyCoins", { who, n: d.gained, total: d.coins });
    case "season_score": return t("storySeason", { season, who, n: d.score.total, total: d.total });
    case "end":
      if (d.scores) return t("storyScores", { list: d.scores.map((n, s) => `${playerName(match, s)} ${n}`).join(", ") });
      return d.rating != null ? t("storyEndSolo", { who, n: d.score, rating: d.rating }) : t("storyEnd", { who, n: d.score, rank: d.rank });
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
  }
  return e.text;
}

const plural = (key, n) => t(n === 1 ? key + "1" : key, { n });

// storyPanel lists the story up to a step, the step's own events outlined and the newest in view.
export function storyPanel(narrative, step, match) {
  const items = (narrative || []).map(e => h("li", { class: e.after === step ? "now" : "", "data-kind": e.kind }, tell(e, match)));
  const list = h("ol", { class: "story-list" }, ...items);
  // Once laid out, scroll the list (not the page) so that the step's last event is the last line in view.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const now = [...list.querySelectorAll("li.now")].pop() || list.lastElementChild;
    if (now) list.scrollTop = now.offsetTop + now.offsetHeight - list.clientHeight + 4;
  }));
  return h("div", { class: "panel story", id: "replay-story" }, h("h3", {}, t("story")), list);
}
