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
  optionsFields: () => h("div", {},
    h("label", { class: "inline" }, h("input", { type: "checkbox", id: "surveyors", name: "surveyors" }), t("carcWithSurveyors"))),
  options: (f) => ({ surveyors: !!f.get("surveyors") }),
  describe: (o) => `Carcassonne${o.surveyors ? ` · ${t("carcSurveyors")}` : ""}`,
};
