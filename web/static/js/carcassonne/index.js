// Carcassonne as the client offers it: what the match shell (match.js), the replay (replay.js) and the
// lobby (main.js) ask of every game's folder (docs/client.md, "A game's folder").

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { renderTable, noticeEvents, keyHandler, drawReplay } from "./table.js";
import { tell } from "./story.js";

export default {
  title: "Carcassonne",
  // Seats: 2 to 5, no solo game.
  solo: false,
  maxSeats: 5,
  // init sets the table's own fields on the shell's state, before the first state arrives.
  init: (s) => Object.assign(s, { firstCarc: true, error: "" }),
  table: renderTable,
  notice: noticeEvents,
  key: keyHandler,
  replay: drawReplay,
  // tell is one event of a record in the page's language (the replay's story).
  tell,
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
    h("label", { class: "inline" }, h("input", { type: "checkbox", id: "surveyors", name: "surveyors" }), t("carcWithSurveyors"))),
  options: (f) => ({ surveyors: !!f.get("surveyors") }),
  describe: (o) => `Carcassonne${o.surveyors ? ` · ${t("carcSurveyors")}` : ""}`,
};
