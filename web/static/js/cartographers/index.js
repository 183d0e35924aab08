// Cartographers as the client offers it: what the match shell (match.js), the replay (replay.js) and the
// lobby (main.js) ask of every game's folder (docs/client.md, "A game's folder").

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { renderTable, noticeChanges, keyHandler } from "./table.js";
import { drawReplay } from "./replay.js";
import { tell } from "./story.js";
import { analysis } from "./analysis.js";
import { drawSheet } from "./sheet.js";

// POSTER is a corner of a map half drawn, for the lobby's picture of the game: rows of the 11x11 sheet in
// letters (f forest, v village, a farm, w water, m mountain, x monster, r ruins, . empty).
const POSTER = ["...........", ".m..ffr....", "..ffff.ww..", "..vv.aaww..", ".vvv.aa.w..", "..v....m...",
  ".r..xx.....", "...........", ".....m..r..", "...........", "..........."];
const KINDS = { f: "forest", v: "village", a: "farm", w: "water", m: "mountain", x: "monster" };

const presets = { cartographers: "presetCartographers", heroes: "presetHeroes", both: "presetBoth" };

export default {
  title: "Cartographers",
  // Seats: solo, or 2 to 100 with others.
  solo: true,
  maxSeats: 100,
  // init sets the table's own fields on the shell's state, before the first state arrives.
  init: (s) => Object.assign(s, { seasonsSeen: -1, changed: new Set(), lastMove: null, firstSheet: true }),
  table: renderTable,
  notice: noticeChanges,
  key: keyHandler,
  replay: drawReplay,
  // tell is one event of a record in the page's language (the replay's story).
  tell,
  // analysis is what the post-game analysis on the replay page asks of the game (analysis.js).
  analysis,
  // optionsFields are the lobby's fields for a new match: the content and the map side.
  optionsFields: () => h("div", {},
    h("label", {}, t("preset"), h("select", { id: "preset", name: "preset" },
      Object.entries(presets).map(([v, k]) => h("option", { value: v }, t(k))))),
    h("label", {}, t("side"), h("select", { id: "side", name: "side" },
      h("option", { value: "" }, t("sideDefault")), ["A", "B", "C", "D"].map(s => h("option", { value: s }, s))))),
  // options reads those fields into the engine's options.
  options: (f) => {
    const o = { preset: f.get("preset") };
    if (f.get("side")) o.side = f.get("side");
    return o;
  },
  // tutorial is the guided first season (tutorial.js): alone, the base game's cards.
  tutorial: {
    options: { preset: "cartographers" },
    steps: [
      { key: "carto_card", target: "#current-card" },
      { key: "carto_pick", target: [".options", ".terrains", "#controls"] },
      { key: "carto_place", target: "#main-sheet", until: (s) => s.env.match.moves > 0 },
      { key: "carto_time", target: "#timetrack" },
      { key: "carto_edicts", target: "#edicts" },
      { key: "carto_score", target: "#scorebox" },
      { key: "carto_season", target: "#main-sheet", until: () => !!document.querySelector("#season-continue") },
      { key: "carto_done", target: "#season-continue", last: true },
    ],
    // Asides explain, once, a card the steps cannot know in advance (the deck is shuffled).
    asides: [
      { key: "carto_ruins", target: "#intro", when: (s) => { const d = s.view && s.view.decision; return !!d && d.kind === "draw" && d.mode === "ruins"; } },
      { key: "carto_rift", target: "#current-card", when: (s) => { const d = s.view && s.view.decision; return !!d && !!d.card && d.card.type === "rift"; } },
    ],
  },
  // poster is the game's picture in the lobby.
  poster: () => drawSheet(POSTER.join("").split("").map(ch => ({ kind: KINDS[ch] || "", ruins: ch === "r" })), { small: true, label: "Cartographers" }),
  // describe names a match's content in the lobby's lists.
  describe: (o) => presets[o.preset] ? `${t(presets[o.preset])}${o.side ? ` · ${t("side")} ${o.side}` : ""}` : "",
};
