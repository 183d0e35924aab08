// Carcassonne as the client offers it: what the match shell (match.js), the replay (replay.js) and the
// lobby (main.js) ask of every game's folder (docs/client.md, "A game's folder").

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { renderTable, noticeEvents, keyHandler, drawReplay, ruleName } from "./table.js";
import { tell } from "./story.js";
import { analysis } from "./analysis.js";
import { openRules } from "../ui.js";
import { drawTile, fit } from "./tiles.js";
import { el } from "../dom.js";

// poster is the game's picture in the lobby: a few base tiles laid as a game starts, each the first of a
// list that fits where it goes (so the picture obeys the rules it advertises).
function poster() {
  const board = new Map([["0,0", { tile: "D", rotation: 0, x: 0, y: 0 }]]);
  // Where each tile goes and which tiles it may be, best first: the road and the city go on, a monastery
  // in the fields below.
  const spots = [[1, 0, "VUK"], [-1, 0, "UV"], [0, -1, "EFG"], [1, 1, "UVB"], [0, 1, "BV"], [-1, 1, "VUB"], [1, -1, "VB"], [-1, -1, "VIB"]];
  for (const [x, y, letters] of spots) {
    placed: for (const letter of letters) {
      for (let r = 0; r < 4; r++) {
        if (fit(board, letter, x, y, r).ok) { board.set(x + "," + y, { tile: letter, rotation: r * 90, x, y }); break placed; }
      }
    }
  }
  const svg = el("svg", { viewBox: "-102 -102 304 304", class: "poster carc-poster", role: "img", "aria-label": "Carcassonne" });
  for (const tl of board.values()) {
    const g = el("g", { transform: `translate(${tl.x * 100} ${tl.y * 100})` });
    g.append(drawTile(tl.tile, tl.rotation / 90));
    svg.append(g);
  }
  return svg;
}

// EXPANSIONS are the expansions a match may add, in the options' canonical order.
const EXPANSIONS = ["river", "abbot", "inns_cathedrals", "traders_builders", "mage_witch"];

// EXPANSION_RULES are the rules entries (i18n carcRule_...) that tell each expansion.
const EXPANSION_RULES = {
  river: ["river"], abbot: ["abbot", "garden"], inns_cathedrals: ["inn", "cathedral", "large"],
  traders_builders: ["goods", "builder", "pig"], mage_witch: ["portal", "mage", "witch"],
};

function expansionRules(x) {
  return [h("h3", {}, t("carcExp_" + x)), h("dl", {}, EXPANSION_RULES[x].map(k => h("div", { "data-rule": k }, h("dt", {}, ruleName(k)), h("dd", {}, t("carcRule_" + k)))))];
}

export default {
  title: "Carcassonne",
  // Seats: 2 to 5, 6 with Inns & Cathedrals (its sixth colour), no solo game.
  solo: false,
  get maxSeats() { return document.getElementById("exp-inns_cathedrals")?.checked ? 6 : 5; },
  // init sets the table's own fields on the shell's state, before the first state arrives.
  init: (s) => Object.assign(s, { firstCarc: true, error: "" }),
  table: renderTable,
  notice: noticeEvents,
  key: keyHandler,
  replay: drawReplay,
  // tell is one event of a record in the page's language (the replay's story).
  tell,
  // analysis is what the post-game analysis on the replay page asks of the game (analysis.js).
  analysis,
  // tutorial is the guided first turns against a bot (tutorial.js), without the Land Surveyors.
  tutorial: {
    options: { surveyors: false },
    bots: 1,
    steps: [
      { key: "carc_tile", target: "#hand-tile" },
      { key: "carc_place", target: "#carc-board", until: (s) => s.env.match.moves > 0 || !!document.querySelector("#meeple-options") },
      { key: "carc_meeple", target: ["#meeple-options", "#confirm"], until: (s) => s.env.match.moves > 0 },
      { key: "carc_bot", target: "#carc-players", until: (s) => s.env.match.moves >= 2 && !!s.env.you && s.env.you.must_act },
      { key: "carc_score", target: "#carc-players" },
      { key: "carc_done", target: "#carc-board", last: true },
    ],
  },
  optionsFields: () => h("div", {},
    h("label", { class: "inline" }, h("input", { type: "checkbox", id: "surveyors", name: "surveyors" }), t("carcWithSurveyors")),
    // The expansions, each with its rules one tap away; none checked is the base game.
    h("fieldset", { class: "carc-expansions" }, h("legend", {}, t("carcExpansionRules")),
      EXPANSIONS.map(x => h("span", { class: "inline expansion-pick" },
        h("label", { class: "inline" }, h("input", { type: "checkbox", name: "expansion", value: x, id: "exp-" + x }), t("carcExp_" + x)),
        h("button", { type: "button", class: "link", "data-expansion-rules": x, title: t("rulesRef"),
          onclick: () => openRules(() => expansionRules(x), t) }, "?"))))),
  // A base game's options stay what they were (no expansions field), so that stored games keep theirs.
  options: (f) => {
    const expansions = EXPANSIONS.filter(x => f.getAll("expansion").includes(x));
    return expansions.length ? { surveyors: !!f.get("surveyors"), expansions } : { surveyors: !!f.get("surveyors") };
  },
  poster,
  describe: (o) => ["Carcassonne", ...(o.expansions || []).map(x => t("carcExp_" + x)), o.surveyors ? t("carcSurveyors") : null].filter(Boolean).join(" · "),
};
