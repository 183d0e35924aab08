// The map sheet as SVG: 11x11 spaces, mountains, ruins, wastelands, hits, the coin track, and an overlay
// layer for the placement preview and score highlights. One viewBox unit set scales to any screen.

import { SIZE, key } from "./shapes.js";
import { terrainName, t } from "../i18n.js";
import { el, artDefs } from "../dom.js";

export const CS = 10; // one space
export const M = 7; // margin for the row and column labels
const COINS = 14;

export const ROWS = "ABCDEFGHIJK";
export const cellName = (r, c) => ROWS[r] + (c + 1);

// The sheet's drawings, in ink as a map-maker would draw them: trees for a forest, houses for a village,
// furrows and an ear of wheat for a farm, waves for water, a horned head for a monster, peaks for a
// mountain, a broken arch for ruins, cracks for a rift. Terrains are told apart by these, not by colour
// alone. Each is a symbol defined once in the page (artDefs) and used on every space; they carry their own
// colours as attributes, so that a map saved as a picture (picture.js) keeps them.
const INK = "#2b2420", PAPER = "#f6efdd", PALE = "#f3ecd6";
const p = (d, attrs) => el("path", { d, ...attrs });
const GLYPHS = {
  forest: [p("M3.1,8.8V7.4M7.2,8.8V6.3", { stroke: "#1d3a16", "stroke-width": 0.7 }),
    p("M3.1,1.2L5.3,4.6H4.3L5.9,7.4H0.3L1.9,4.6H0.9Z", { fill: "#234a1b", stroke: PALE, "stroke-width": 0.45, "stroke-linejoin": "round" }),
    el("circle", { cx: 7.3, cy: 4.3, r: 2.1, fill: "#234a1b", stroke: PALE, "stroke-width": 0.45 })],
  village: [p("M1,8.7V5.1H5V8.7ZM6,8.7V6.1H9.2V8.7Z", { fill: PAPER, stroke: INK, "stroke-width": 0.35 }),
    p("M0.3,5.4L3,2.6L5.7,5.4ZM5.4,6.4L7.6,4.1L9.8,6.4Z", { fill: "#5a1f12", stroke: PALE, "stroke-width": 0.35, "stroke-linejoin": "round" }),
    p("M2.6,8.7V7.1H3.4V8.7ZM7.2,8.7V7.4H8V8.7Z", { fill: INK })],
  farm: [p("M0.8,7.3Q5,6.1 9.2,7.3M0.8,9Q5,7.8 9.2,9M0.8,5.6Q2.6,5 3.6,5.1M6.4,5.1Q7.4,5 9.2,5.6", { fill: "none", stroke: "#6b4e12", "stroke-width": 0.5, "stroke-linecap": "round" }),
    p("M5,6.4V1.4M5,2.4l-1.1,-0.9M5,3.5l-1.1,-0.9M5,4.6l-1.1,-0.9M5,2.4l1.1,-0.9M5,3.5l1.1,-0.9M5,4.6l1.1,-0.9", { fill: "none", stroke: INK, "stroke-width": 0.5, "stroke-linecap": "round" })],
  water: [p("M0.9,2.9q1,-1 2,0t2,0t2,0t2,0M0.9,5.5q1,-1 2,0t2,0t2,0t2,0M0.9,8.1q1,-1 2,0t2,0t2,0t2,0", { fill: "none", stroke: "#eef4fb", "stroke-width": 0.6, "stroke-linecap": "round" })],
  monster: [p("M1.9,3.3L3.3,4.5Q4.8,3.7 6.3,4.5L7.7,3.3L7.5,5.8Q7.3,8.7 4.8,8.9Q2.3,8.7 2.1,5.8Z", { fill: PALE, stroke: INK, "stroke-width": 0.35, "stroke-linejoin": "round" }),
    el("circle", { cx: 3.9, cy: 6, r: 0.55, fill: INK }), el("circle", { cx: 5.7, cy: 6, r: 0.55, fill: INK }),
    p("M3.7,7.7l0.55,0.5l0.55,-0.5l0.55,0.5l0.55,-0.5", { fill: "none", stroke: INK, "stroke-width": 0.35 })],
  hero: [p("M5,1.5L6,4H8.6L6.5,5.7L7.3,8.4L5,6.8L2.7,8.4L3.5,5.7L1.4,4H4Z", { fill: PALE, stroke: INK, "stroke-width": 0.4, "stroke-linejoin": "round" })],
  mountain: [p("M5.2,8.6L7.3,4.3L9.4,8.6Z", { fill: "#b5a691", stroke: "#4a3f35", "stroke-width": 0.45, "stroke-linejoin": "round" }),
    p("M0.7,8.6L4.2,1.7L7.7,8.6Z", { fill: "#9a8a78", stroke: "#4a3f35", "stroke-width": 0.5, "stroke-linejoin": "round" }),
    p("M3.2,3.7L4.2,1.7L5.2,3.7L4.6,3.3L4.2,3.9L3.8,3.3Z", { fill: PAPER }),
    p("M4.9,4.6L5.7,6.4M5.4,6.8L6,8", { fill: "none", stroke: "#4a3f35", "stroke-width": 0.35, "stroke-linecap": "round" })],
  wasteland: [p("M1.4,1.8L3.4,4.1L2.7,5.6L4.9,7.2L4.5,8.9M6.6,1.4L7.2,3.4L8.9,4.3M5.9,6.2L8.4,8.3", { fill: "none", stroke: PALE, "stroke-width": 0.55, "stroke-linejoin": "round", "stroke-linecap": "round" }),
    el("circle", { cx: 7.6, cy: 6.2, r: 0.5, fill: PALE }), el("circle", { cx: 2, cy: 8, r: 0.4, fill: PALE })],
  destroyed: [p("M2,2L8,8M8,2L2,8", { fill: "none", stroke: "#d9cfbb", "stroke-width": 0.7, "stroke-linecap": "round" })],
  ruins: [p("M1.2,8.7H8.8", { stroke: "#7a4a1f", "stroke-width": 0.6 }),
    p("M2.2,8.6V4.6A2.9,2.9 0 0 1 6.6,2.2M7.8,8.6V5.4", { fill: "none", stroke: "#7a4a1f", "stroke-width": 0.9, "stroke-linecap": "round" }),
    p("M5.2,7.2h1.6v1.4h-1.6Z", { fill: "#7a4a1f" })],
};

// MINI are the glyphs of the small sheets, one stroke or shape each: a table of 100 players shows 99 small
// sheets, which a use per space made three times slower to redraw; each kind is one path per sheet.
const MINI = {
  forest: [(x, y) => `M${x + 5},${y + 1.8}L${x + 8},${y + 7.2}H${x + 2}Z`, { fill: "#234a1b" }],
  village: [(x, y) => `M${x + 2.2},${y + 8}V${y + 4.6}L${x + 5},${y + 2}L${x + 7.8},${y + 4.6}V${y + 8}Z`, { fill: PAPER }],
  farm: [(x, y) => `M${x + 2},${y + 3.5}H${x + 8}M${x + 2},${y + 5.5}H${x + 8}M${x + 2},${y + 7.5}H${x + 8}`, { stroke: "#6b4e12", "stroke-width": 0.8 }],
  water: [(x, y) => `M${x + 1.5},${y + 4}q1.75,-1.5 3.5,0t3.5,0M${x + 1.5},${y + 7}q1.75,-1.5 3.5,0t3.5,0`, { stroke: "#eef4fb", "stroke-width": 0.8 }],
  monster: [(x, y) => `M${x + 2.5},${y + 8}L${x + 3},${y + 3}L${x + 5},${y + 5}L${x + 7},${y + 3}L${x + 7.5},${y + 8}Z`, { fill: PALE }],
  hero: [(x, y) => `M${x + 5},${y + 1.5}L${x + 6.2},${y + 4.4}H${x + 8.6}L${x + 6.6},${y + 6}L${x + 7.3},${y + 8.4}L${x + 5},${y + 6.9}L${x + 2.7},${y + 8.4}L${x + 3.4},${y + 6}L${x + 1.4},${y + 4.4}H${x + 3.8}Z`, { fill: PALE }],
  mountain: [(x, y) => `M${x + 1.5},${y + 8.2}L${x + 5},${y + 1.8}L${x + 8.5},${y + 8.2}Z`, { fill: "#9a8a78", stroke: "#4a3f35", "stroke-width": 0.6 }],
  wasteland: [(x, y) => `M${x + 2},${y + 2}L${x + 4},${y + 5}L${x + 3},${y + 6.5}L${x + 6},${y + 8.5}M${x + 6.5},${y + 2}L${x + 8},${y + 4.5}`, { stroke: PALE, "stroke-width": 0.8 }],
  destroyed: [(x, y) => `M${x + 2},${y + 2}L${x + 8},${y + 8}M${x + 8},${y + 2}L${x + 2},${y + 8}`, { stroke: "#d9cfbb", "stroke-width": 0.9 }],
  ruins: [(x, y) => `M${x + 2},${y + 8.5}V${y + 4.5}A3,3 0 0 1 ${x + 8},${y + 4.5}V${y + 8.5}`, { stroke: "#7a4a1f", "stroke-width": 0.9 }],
};

// defs are the sheet's symbols, and the parchment: fibres on a paper tone, darker to the edges.
function defs() {
  const symbols = Object.entries(GLYPHS).map(([k, shapes]) => el("symbol", { id: `carto-${k}`, viewBox: "0 0 10 10" }, shapes));
  const parch = el("pattern", { id: "carto-parch", width: 37, height: 29, patternUnits: "userSpaceOnUse" },
    el("rect", { width: 37, height: 29, fill: PAPER }),
    p("M2,4q6,-1.2 11,0.4M19,15q5,0.9 10,-0.3M6,22q4,0.6 8,-0.5M24,5q3,-0.4 7,0.5M30,25q2,0.6 5,-0.2", { fill: "none", stroke: "#b89f6e", "stroke-width": 0.25, opacity: 0.4 }));
  const edge = el("radialGradient", { id: "carto-edge", cx: "50%", cy: "50%", r: "72%" },
    el("stop", { offset: "62%", "stop-color": "#b8955a", "stop-opacity": 0 }), el("stop", { offset: "100%", "stop-color": "#b8955a", "stop-opacity": 0.32 }));
  return [...symbols, parch, edge];
}

// glyphIcon is a terrain's glyph alone, size pixels wide, for a button or a chip that names the terrain
// (null for a kind without one).
export function glyphIcon(kind, size) {
  artDefs("carto-art", defs);
  const g = glyph(kind, 0, 0);
  // The forest's dark trees vanish on a forest-green button or chip: a pale disc behind them.
  const disc = kind === "forest" ? el("circle", { cx: 5, cy: 5, r: 5, fill: PALE }) : null;
  return g && el("svg", { viewBox: "0 0 10 10", width: size, height: size, class: "glyph-icon", "aria-hidden": "true" }, disc, g);
}

// glyph uses a terrain's symbol on the space at x, y (null for an empty space).
export function glyph(kind, x, y, size = CS, cls = "glyph") {
  return GLYPHS[kind] ? el("use", { href: `#carto-${kind}`, x, y, width: size, height: size, class: `${cls} g-${kind}` }) : null;
}

// MONSTER_MARKS names the mark of each Heroes monster with an ability.
export const MONSTER_MARKS = { "Dragon Inferno": "dragon", "Zombie Plague": "zombie", "Giant Troll Ravage": "troll", "Gorgon Gaze": "gorgon" };

// monsterMark draws a monster's mark on a space, between the horns of its glyph (in the top-right corner
// it hid the right horn), or, with x and y 0, alone for a legend (in a MARK_BOX view box): a flame for the
// Dragon, spreading dots for the zombies, a jagged ravage for the Troll, an eye for the Gorgon.
export const MARK_BOX = "2.9 -0.1 3.8 3.8";
export function monsterMark(kind, x, y, title) {
  const g = el("g", { class: `mmark m-${kind}`, transform: `translate(${x + 3.2} ${y + 0.2}) scale(.8)`, "data-mark": kind });
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
  artDefs("carto-art", defs);
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: small ? "sheet small" : "sheet", role: "img",
    "aria-label": opts.label || "map" });
  // A small sheet is too small for the parchment's fibres: its spaces' own paper colour does.
  if (!small) svg.append(el("rect", { class: "parchment", width: w, height: h, fill: "url(#carto-parch)" }),
    el("rect", { class: "parchment-edge", width: w, height: h, fill: "url(#carto-edge)" }));
  const grid = el("g", { transform: `translate(${m} ${m})`, class: "grid" });
  svg.append(grid);
  grid.append(el("rect", { x: -0.6, y: -0.6, width: SIZE * CS + 1.2, height: SIZE * CS + 1.2, class: "frame" }));
  const changed = opts.changed || new Set();
  const mini = {};
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
      if (small) {
        if (MINI[cell.kind]) (mini[cell.kind] = mini[cell.kind] || []).push(MINI[cell.kind][0](x, y));
        if (cell.ruins) (mini.ruins = mini.ruins || []).push(MINI.ruins[0](x, y));
        grid.append(g);
        continue;
      }
      const mark = glyph(cell.kind, x, y);
      if (mark) g.append(mark);
      // On a filled space the ruins shrink to a corner, on a pale disc that keeps them apart from the terrain.
      if (cell.ruins && mark) g.append(el("circle", { cx: x + 2.3, cy: y + 7.7, r: 2.1, class: "ruins-disc" }), glyph("ruins", x + 0.5, y + 5.9, 3.6, "ruins"));
      else if (cell.ruins) g.append(glyph("ruins", x, y, CS, "ruins"));
      grid.append(g);
    }
  }
  for (const [kind, ds] of Object.entries(mini)) {
    grid.append(el("path", { class: `mini g-${kind}`, d: ds.join(""), fill: "none", ...MINI[kind][1] }));
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
  // A season's scoring, stepped through (table.js), under the hover highlight and the preview.
  if (!small) grid.append(el("g", { class: "steps", id: "season-steps" }));
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
  artDefs("carto-art", defs);
  const all = cells.concat(opts.hits || []);
  const h = Math.max(...all.map(x => x[0])) + 1, w = Math.max(...all.map(x => x[1])) + 1;
  const n = Math.max(h, w, 3);
  const svg = el("svg", { viewBox: `-1 -1 ${n * CS + 2} ${n * CS + 2}`, class: "shape-icon" });
  const ox = ((n - w) * CS) / 2, oy = ((n - h) * CS) / 2;
  for (const [r, c] of cells) {
    svg.append(el("rect", { x: ox + c * CS, y: oy + r * CS, width: CS, height: CS, class: `k-${kind || "empty"} piece` }));
    const g = glyph(kind, ox + c * CS, oy + r * CS);
    if (g) svg.append(g);
  }
  if (opts.coin) svg.append(el("circle", { cx: ox + CS / 2, cy: oy + CS / 2, r: 3, class: "coin on" }));
  for (const [r, c] of opts.hits || []) {
    svg.append(el("path", { d: `M${ox + c * CS + 2} ${oy + r * CS + 2} l6 6 m0 -6 l-6 6`, class: "hit" }));
  }
  return svg;
}
