// What the post-game analysis (analysis.js) asks of Cartographers on the replay page: a decision's moves
// in words, and the best move outlined on the sheet of the seat that decided.

import { moveWords } from "./replay.js";

export const analysis = {
  // words names a move as the replay names the moves played: the terrain and the spaces as the sheet
  // labels them.
  words: (mv) => moveWords(mv),
  // best outlines decision d's best move (d null: none, the last one taken off) on the sheet shown, when it is the sheet of the seat that
  // decided (in a game of several, another's may be in focus), in the look of the lens that judged it; it
  // answers whether it drew it.
  best(d, r, lens) {
    const sheet = document.querySelector("#main-sheet");
    if (!sheet) return false;
    sheet.querySelectorAll(".an-best").forEach((n) => n.remove());
    if (!d || sheet.dataset.seat !== String(d.seat) || !Array.isArray(d.best && d.best.cells)) return false;
    for (const [r, c] of d.best.cells) {
      const bg = sheet.querySelector(`[data-cell="${r},${c}"] rect.bg`);
      if (!bg) continue;
      const o = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      for (const k of ["x", "y", "width", "height"]) o.setAttribute(k, bg.getAttribute(k));
      o.setAttribute("class", lens === "clairvoyant" ? "an-best an-clair" : "an-best");
      // On the grid itself, above every space: a later space's paper would hide an outline drawn in its cell.
      bg.closest(".grid").append(o);
    }
    return true;
  },
  // focus shows the sheet of a seat (state lasts from step to step of the replay).
  focus: (state, seat) => { state.focus = seat; },
};
