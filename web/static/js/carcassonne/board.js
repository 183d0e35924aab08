// The Carcassonne board as one SVG: laid tiles with their meeples, the last tile outlined, and layers for
// the cells a tile may go to and the preview. The view box fits the board and the cells around it, so a
// 72-tile game stays whole on the screen.

import { el } from "../dom.js";
import { drawTile, frontier } from "./tiles.js";

export const CELL = 100;

// drawBoard draws the view's board; board is the view's list of laid tiles, in the order they were laid.
export function drawBoard(tiles, board, opts = {}) {
  let x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  for (const tl of tiles) { x0 = Math.min(x0, tl.x); x1 = Math.max(x1, tl.x); y0 = Math.min(y0, tl.y); y1 = Math.max(y1, tl.y); }
  // One cell of margin: where the next tile may go.
  x0--; y0--; x1++; y1++;
  const pad = 8;
  const box = { x: x0 * CELL - pad, y: y0 * CELL - pad, w: (x1 - x0 + 1) * CELL + 2 * pad, h: (y1 - y0 + 1) * CELL + 2 * pad };
  const svg = el("svg", { class: "carc-board", id: opts.id || "carc-board", xmlns: "http://www.w3.org/2000/svg",
    viewBox: `${box.x} ${box.y} ${box.w} ${box.h}`, style: `aspect-ratio: ${box.w} / ${box.h}`,
    preserveAspectRatio: "xMidYMid meet", role: "img", "aria-label": opts.label || "board" });
  svg.box = box;
  svg.append(el("rect", { class: "table-bg", x: x0 * CELL - pad, y: y0 * CELL - pad, width: (x1 - x0 + 1) * CELL + 2 * pad,
    height: (y1 - y0 + 1) * CELL + 2 * pad }));
  const cells = el("g", { class: "cells" });
  const laid = el("g", { class: "tiles" });
  for (const [i, tl] of tiles.entries()) {
    // The tile laid last settles in when it is new to the page (opts.settleLast).
    const settle = opts.settleLast && i === tiles.length - 1 ? " settle" : "";
    const g = el("g", { class: "cell-tile" + settle, "data-cell": `${tl.x},${tl.y}`, transform: `translate(${tl.x * CELL} ${tl.y * CELL})` },
      drawTile(tl.tile, tl.rotation / 90, { meeples: figuresOn(tl, opts.neutral) }));
    laid.append(g);
  }
  // Empty cells next to the board take clicks (the layer of legal cells colours some of them).
  for (const [x, y] of frontier(board)) {
    cells.append(el("rect", { class: "slot", "data-cell": `${x},${y}`, x: x * CELL + 2, y: y * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 6 }));
  }
  svg.append(laid, cells);
  const last = tiles[tiles.length - 1];
  if (last && tiles.length > 1) {
    svg.append(el("rect", { class: "last-tile", id: "last-tile", "data-cell": `${last.x},${last.y}`,
      x: last.x * CELL + 1.5, y: last.y * CELL + 1.5, width: CELL - 3, height: CELL - 3 }));
  }
  // The tiles of features scored this turn; the final scoring covers most of the board and is left out.
  for (const ev of (opts.scored || []).filter(ev => !ev.final)) {
    for (const p of ev.tiles || []) {
      svg.append(el("rect", { class: `scored f-${ev.feature}`, x: p.x * CELL + 4, y: p.y * CELL + 4, width: CELL - 8, height: CELL - 8 }));
    }
  }
  svg.append(el("g", { class: "final-steps", id: "final-steps" }), el("g", { class: "marks", id: "marks" }),
    el("g", { class: "preview-layer", id: "preview-layer" }));
  return svg;
}

// figuresOn are the figures standing on a laid tile: the seats' (the view's meeples) and the neutral mage
// and witch the view lists apart.
function figuresOn(tl, neutral) {
  const here = (neutral || []).filter(n => n.x === tl.x && n.y === tl.y);
  return here.length ? [...(tl.meeples || []), ...here] : tl.meeples;
}

// cellAt is the board cell under a point of the screen, or null.
export function cellAt(svg, clientX, clientY) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return [Math.floor(p.x / CELL), Math.floor(p.y / CELL)];
}

// zoomTo shows part of the board: z times the whole (1 = all of it), centred on [cx, cy] in board units
// (the middle of the board when absent). It returns the centre used, kept inside the board.
export function zoomTo(svg, z, centre) {
  const b = svg.box;
  const w = b.w / z, h = b.h / z;
  let [cx, cy] = centre || [b.x + b.w / 2, b.y + b.h / 2];
  cx = Math.min(Math.max(cx, b.x + w / 2), b.x + b.w - w / 2);
  cy = Math.min(Math.max(cy, b.y + h / 2), b.y + b.h - h / 2);
  svg.setAttribute("viewBox", `${cx - w / 2} ${cy - h / 2} ${w} ${h}`);
  return [cx, cy];
}
