// What the post-game analysis (analysis.js) asks of Carcassonne on the replay page: a decision's moves in
// the board's words, and the best move drawn on the step's board as a ghost tile.

import { el } from "../dom.js";
import { drawTile } from "./tiles.js";
import { CELL } from "./board.js";
import { placementWords, laidTile } from "./words.js";

// tileOf is the tile a decision laid: the replay's step n shows the board after move n-1, the decision,
// with its tile where the move played put it. The best move lays the same tile, the one drawn.
const tileOf = (r) => (r.move ? laidTile(r.view, r.move.move) : "");

export const analysis = {
  // words names a move of the decision shown at step r.
  words: (mv, r) => placementWords(tileOf(r), mv),
  // best draws decision d's best move on step r's board (d null: none, the last one taken off): the tile turned as it says, outlined, with its
  // follower, over the board (and in place of the tile laid, when the best move lays it there otherwise), in
  // the look of the lens that judged it. It answers whether it drew it.
  best(d, r, lens) {
    const svg = document.querySelector("#carc-board");
    if (!svg) return false;
    svg.querySelectorAll(".an-ghost").forEach((n) => n.remove());
    if (!d) return false;
    const letter = tileOf(r), mv = d.best || {};
    if (!letter || !Number.isInteger(mv.x) || !Number.isInteger(mv.y)) return false;
    const figures = mv.meeple ? [{ segment: mv.meeple, seat: d.seat, figure: mv.figure }] : [];
    svg.append(el("g", { class: lens === "clairvoyant" ? "an-ghost an-clair" : "an-ghost", id: "an-ghost", "data-lens": lens || "fair", "data-cell": `${mv.x},${mv.y}`, "data-rot": String(mv.rotation || 0),
      "data-meeple": mv.meeple || "", transform: `translate(${mv.x * CELL} ${mv.y * CELL})` },
    // The table under it, so that a tile played in that very cell does not show through the faded ghost.
    el("rect", { class: "an-ghost-under", x: 0, y: 0, width: CELL, height: CELL }),
    el("g", { class: "an-ghost-tile" }, drawTile(letter, (mv.rotation || 0) / 90, { meeples: figures })),
    el("rect", { class: "an-ghost-frame", x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 3 })));
    return true;
  },
};
