// The map sheet as SVG: 11x11 spaces, mountains, ruins, wastelands, hits, the coin track, and an overlay
// layer for the placement preview and score highlights. One viewBox unit set scales to any screen.

import { SIZE, key } from "./shapes.js";
import { terrainName, t } from "../i18n.js";
import { el } from "../dom.js";

export const CS = 10; // one space
export const M = 7; // margin for the row and column labels
const COINS = 14;

export const ROWS = "ABCDEFGHIJK";
export const cellName = (r, c) => ROWS[r] + (c + 1);

function mountain(x, y) {
  return el("path", { d: `M${x + 1.5} ${y + 8.2} L${x + 5} ${y + 1.8} L${x + 8.5} ${y + 8.2} Z`, class: "mtn" });
}

function ruinsMark(x, y) {
  // An arch: the ruins symbol printed on the sheet.
  return el("path", { d: `M${x + 2} ${y + 8.5} V${y + 4.5} A3 3 0 0 1 ${x + 8} ${y + 4.5} V${y + 8.5}`, class: "ruins" });
}

function terrainMark(kind, x, y) {
  switch (kind) {
    case "forest": return el("path", { d: `M${x + 5} ${y + 1.8} L${x + 8} ${y + 7} H${x + 2} Z M${x + 4.4} ${y + 7} h1.2 v1.6 h-1.2 Z`, class: "glyph" });
    case "village": return el("path", { d: `M${x + 2.2} ${y + 8} V${y + 4.6} L${x + 5} ${y + 2} L${x + 7.8} ${y + 4.6} V${y + 8} Z`, class: "glyph" });
    case "farm": return el("path", { d: `M${x + 2} ${y + 3.5} H${x + 8} M${x + 2} ${y + 5.5} H${x + 8} M${x + 2} ${y + 7.5} H${x + 8}`, class: "glyph line" });
    case "water": return el("path", { d: `M${x + 1.5} ${y + 4} q1.75 -1.5 3.5 0 t3.5 0 M${x + 1.5} ${y + 7} q1.75 -1.5 3.5 0 t3.5 0`, class: "glyph line" });
    case "monster": return el("path", { d: `M${x + 2.5} ${y + 8} L${x + 3} ${y + 3} L${x + 5} ${y + 5} L${x + 7} ${y + 3} L${x + 7.5} ${y + 8} Z`, class: "glyph" });
    case "hero": return el("path", { d: `M${x + 5} ${y + 1.5} L${x + 6} ${y + 4} L${x + 8.6} ${y + 4} L${x + 6.5} ${y + 5.7} L${x + 7.3} ${y + 8.4} L${x + 5} ${y + 6.8} L${x + 2.7} ${y + 8.4} L${x + 3.5} ${y + 5.7} L${x + 1.4} ${y + 4} L${x + 4} ${y + 4} Z`, class: "glyph" });
    case "destroyed": return el("path", { d: `M${x + 2} ${y + 2} L${x + 8} ${y + 8} M${x + 8} ${y + 2} L${x + 2} ${y + 8}`, class: "glyph line" });
    case "mountain": return mountain(x, y);
  }
  return null;
}

// MONSTER_MARKS names the mark of each Heroes monster with an ability.
export const MONSTER_MARKS = { "Dragon Inferno": "dragon", "Zombie Plague": "zombie", "Giant Troll Ravage": "troll", "Gorgon Gaze": "gorgon" };

// monsterMark draws a monster's mark in a space's top-right corner (or, with x and y 0, alone for a legend):
// a flame for the Dragon, spreading dots for the zombies, a jagged ravage for the Troll, an eye for the Gorgon.
export function monsterMark(kind, x, y, title) {
  const g = el("g", { class: `mmark m-${kind}`, transform: `translate(${x + 5.6} ${y + 0.6})`, "data-mark": kind });
  g.append(el("circle", { cx: 2, cy: 2, r: 2.2, class: "mmark-bg" }));
  switch (kind) {
    case "dragon": g.append(el("path", { d: "M2 0.4 C3.4 1.6 3.6 2.6 3.1 3.4 C2.6 4.1 1.4 4.1 0.9 3.4 C0.5 2.7 0.9 1.9 1.5 1.6 C1.6 2.2 1.9 2.4 2.2 2.3 C2.1 1.6 1.8 1.1 2 0.4 Z" })); break;
    case "zombie": g.append(el("circle", { cx: 2, cy: 1.1, r: 0.6 }), el("circle", { cx: 1, cy: 2.8, r: 0.6 }), el("circle", { cx: 3, cy: 2.8, r: 0.6 })); break;
    case "troll": g.append(el("path", { d: "M0.5 3 L1.2 1.2 L2 2.6 L2.8 1.2 L3.5 3", class: "stroke" })); break;
    case "gorgon": g.append(el("path", { d: "M0.4 2 Q2 0.4 3.6 2 Q2 3.6 0.4 2 Z", class: "stroke" }), el("circle", { cx: 2, cy: 2, r: 0.6 })); break;
  }
  if (title) { const tt = el("title"); tt.textContent = title; g.append(tt); }
  return g;
}

// drawSheet returns the SVG of one sheet. opts: {small, coins, hits, monsters (the view's marks), changed
// (Set of "r,c"), settle (Set of "r,c": spaces just drawn, which settle in), id}.
export function drawSheet(map, opts = {}) {
  const small = !!opts.small;
  const m = small ? 1 : M;
  const w = m + SIZE * CS + 1, h = m + SIZE * CS + (small ? 1 : 16);
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: small ? "sheet small" : "sheet", role: "img",
    "aria-label": opts.label || "map" });
  const grid = el("g", { transform: `translate(${m} ${m})`, class: "grid" });
  svg.append(grid);
  grid.append(el("rect", { x: -0.6, y: -0.6, width: SIZE * CS + 1.2, height: SIZE * CS + 1.2, class: "frame" }));
  const changed = opts.changed || new Set();
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      const cell = map[r * SIZE + c];
      const x = c * CS, y = r * CS;
      const settle = opts.settle && opts.settle.has(key([r, c])) ? " settle" : "";
      const g = el("g", { class: `cell k-${cell.kind}${cell.ruins ? " ruins-cell" : ""}${changed.has(key([r, c])) ? " changed" : ""}${settle}`,
        "data-cell": `${r},${c}`, "data-kind": cell.kind });
      g.append(el("rect", { x, y, width: CS, height: CS, class: "bg" }));
      if (!small) {
        const title = el("title");
        title.textContent = `${cellName(r, c)} ${terrainName(cell.kind)}${cell.ruins ? " · " + t("ruinsLabel") : ""}`;
        g.append(title);
      }
      const mark = terrainMark(cell.kind, x, y);
      if (mark) g.append(mark);
      if (cell.ruins) g.append(ruinsMark(x, y));
      grid.append(g);
    }
  }
  for (const [r, c] of opts.hits || []) {
    const x = c * CS, y = r * CS;
    grid.append(el("path", { d: `M${x + 1} ${y + 1} L${x + 9} ${y + 9} M${x + 9} ${y + 1} L${x + 1} ${y + 9}`, class: "hit" }));
  }
  // Each Heroes monster's spaces carry its mark (its ability differs: the map text says only "monster").
  for (const mk of opts.monsters || []) {
    const kind = MONSTER_MARKS[mk.card];
    if (!kind) continue;
    for (const [r, c] of mk.cells) grid.append(monsterMark(kind, c * CS, r * CS, mk.card));
  }
  grid.append(el("g", { class: "highlight" }));
  grid.append(el("g", { class: "preview" }));
  if (!small) {
    for (let i = 0; i < SIZE; i++) {
      const rl = el("text", { x: -3.5, y: i * CS + 6.6, class: "label" }); rl.textContent = ROWS[i];
      const cl = el("text", { x: i * CS + 5, y: -2, class: "label" }); cl.textContent = String(i + 1);
      grid.append(rl, cl);
    }
    const coins = el("g", { class: "coins", transform: `translate(0 ${SIZE * CS + 3})` });
    for (let i = 0; i < COINS; i++) {
      coins.append(el("circle", { cx: 3.6 + i * 7.8, cy: 5, r: 3.2, class: i < (opts.coins || 0) ? "coin on" : "coin" ,
        "data-coin": i }));
    }
    grid.append(coins);
  }
  return svg;
}

// highlight outlines the given cells in the sheet's highlight layer (cls: a CSS class for the colour).
export function highlight(svg, cells, cls) {
  const layer = svg.querySelector(".highlight");
  if (!layer) return;
  layer.replaceChildren(...(cells || []).map(([r, c]) =>
    el("rect", { x: c * CS + 0.6, y: r * CS + 0.6, width: CS - 1.2, height: CS - 1.2, class: cls || "hl" })));
}

// cellFromPoint maps a pointer position to the space under it, or null off the map.
export function cellFromPoint(svg, clientX, clientY) {
  const grid = svg.querySelector(".grid");
  const pt = svg.createSVGPoint();
  pt.x = clientX; pt.y = clientY;
  const ctm = grid.getScreenCTM();
  if (!ctm) return null;
  const p = pt.matrixTransform(ctm.inverse());
  const r = Math.floor(p.y / CS), c = Math.floor(p.x / CS);
  if (r < 0 || r >= SIZE || c < 0 || c >= SIZE) return null;
  return [r, c];
}

// shapeIcon draws a small picture of a shape (cells from its top-left), terrain-coloured.
export function shapeIcon(cells, kind, opts = {}) {
  const all = cells.concat(opts.hits || []);
  const h = Math.max(...all.map(x => x[0])) + 1, w = Math.max(...all.map(x => x[1])) + 1;
  const n = Math.max(h, w, 3);
  const svg = el("svg", { viewBox: `-1 -1 ${n * CS + 2} ${n * CS + 2}`, class: "shape-icon" });
  const ox = ((n - w) * CS) / 2, oy = ((n - h) * CS) / 2;
  for (const [r, c] of cells) {
    svg.append(el("rect", { x: ox + c * CS, y: oy + r * CS, width: CS, height: CS, class: `k-${kind || "empty"} piece` }));
  }
  if (opts.coin) svg.append(el("circle", { cx: ox + CS / 2, cy: oy + CS / 2, r: 3, class: "coin on" }));
  for (const [r, c] of opts.hits || []) {
    svg.append(el("path", { d: `M${ox + c * CS + 2} ${oy + r * CS + 2} l6 6 m0 -6 l-6 6`, class: "hit" }));
  }
  return svg;
}
