// One step of a Cartographers replay: the sheet in focus (the mover's first; another player's on a click),
// the last move's spaces outlined, the cards, the edicts, the other sheets and the story so far.

import { h, put } from "../dom.js";
import { drawSheet, highlight, cellName } from "./sheet.js";
import { parseMap } from "./shapes.js";
import { t, cardName, terrainName } from "../i18n.js";
import { playerName } from "../ui.js";
import { scoreBox, cardFace, timeTrack, seasonCards, edictCards, opponents, finalPanel, monsterLegend } from "./board.js";

// drawReplay draws step r of the replay into main (replay.js gives the heading, the navigation and the
// story panel; state keeps the sheet in focus from step to step).
export function drawReplay({ main, r, match, state, head, story, redraw }) {
  const v = r.view;
  const sheet = v.sheets[state.focus || 0] || v.sheets[0];
  const svg = drawSheet(parseMap(sheet.map), { hits: sheet.hits, coins: sheet.coins, monsters: sheet.monsters });
  svg.id = "main-sheet";
  // The analysis draws a decision's best move on its seat's sheet only.
  svg.dataset.seat = String(sheet.seat);
  const moved = r.move ? h("p", { class: "muted", id: "replay-move" }, describe(match, r.move)) : null;
  // The last move's spaces are outlined on the mover's sheet (an ambush went on a neighbour's).
  if (r.move && r.move.move.type !== "ambush" && r.move.seat === sheet.seat) highlight(svg, r.move.move.cells || [], "hl");
  const side = h("section", { class: "side-col" }, h("div", { class: "panel" }, cardFace(v.current)),
    h("div", { class: "panel" }, timeTrack(v), seasonCards(v)),
    h("div", { class: "panel" }, h("h3", {}, t("edicts")), edictCards(v, () => svg)));
  const legend = monsterLegend(sheet);
  if (legend) side.append(legend);
  const opp = opponents(v, match, sheet.seat, (s) => { state.focus = s.seat; redraw(); });
  if (opp) side.append(opp);
  side.append(story);
  put(main, ...head, moved,
    v.over ? h("section", { class: "panel final-panel" }, finalPanel(v, match)) : null,
    h("div", { class: "table" }, h("section", { class: "sheet-col" }, h("h2", { class: "sheet-title" }, playerName(match, sheet.seat)),
      h("div", { class: "sheet-wrap" }, svg), scoreBox(v, sheet, false)), side));
}

// describe says what a recorded move did: who, then the move in words.
function describe(match, rm) {
  return t("labelled", { label: playerName(match, rm.seat), text: moveWords(rm.move) });
}

// moveWords says a move (its JSON form, docs/records.md) in words: what was drawn, which terrain, which
// spaces, as the sheet labels them.
export function moveWords(m) {
  const what = { draw: m.terrain ? terrainName(m.terrain) : "", hero: terrainName("hero"), ambush: terrainName("monster"),
    gorgon: cardName("Gorgon Gaze"), troll: cardName("Giant Troll Ravage") }[m.type] || m.type;
  const cells = (m.cells || []).map(([r, c]) => cellName(r, c)).join(" ");
  return `${what} ${cells}`;
}
