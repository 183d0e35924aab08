// The 24 Carcassonne tile types and how to draw them. The rows use the engine's notation
// (docs/carcassonne.md, "Tiles"): edges N E S W, then the segments in the canonical orientation. The client
// needs its own copy because the view names laid tiles by letter only; e2e/carc_tiles_test.go checks it
// against the engine for every type and rotation. Each row also gives where a meeple stands on each segment
// (and the coat of arms), in a 100x100 tile, canonical orientation.

import { el, artDefs } from "../dom.js";

const ROWS = [
  // letter, edges, arms, farmhouse, segments, meeple spots in segment order, arms spot
  ["A", "FFRF", 0, 0, "monastery | road S | field Nw Ne En Es Se Sw Ws Wn", [[50, 46], [50, 86], [18, 18]]],
  ["B", "FFFF", 0, 0, "monastery | field Nw Ne En Es Se Sw Ws Wn", [[50, 46], [18, 18]]],
  ["C", "CCCC", 1, 0, "city N E S W", [[45, 55]], [72, 26]],
  ["D", "CRFR", 0, 0, "city N | road W E | field Wn En >N | field Es Se Sw Ws", [[50, 11], [28, 50], [72, 36], [50, 80]]],
  ["E", "CFFF", 0, 0, "city N | field En Es Se Sw Ws Wn >N", [[50, 11], [50, 62]]],
  ["F", "FCFC", 1, 0, "city W E | field Nw Ne >W | field Se Sw >W", [[34, 50], [50, 8], [50, 92]], [68, 50]],
  ["G", "FCFC", 0, 0, "city W E | field Nw Ne >W | field Se Sw >W", [[50, 50], [50, 8], [50, 92]]],
  ["H", "CFCF", 0, 0, "city N | city S | field En Es Ws Wn >N >S", [[50, 11], [50, 89], [50, 50]]],
  ["I", "CFFC", 0, 0, "city N | city W | field En Es Se Sw >N >W", [[54, 11], [11, 54], [66, 66]]],
  ["J", "CRRF", 0, 0, "city N | road E S | field En Sw Ws Wn >N | field Es Se", [[50, 11], [63, 63], [30, 58], [86, 86]]],
  ["K", "CFRR", 0, 1, "city N | road S W | field Wn En Es Se >N | field Sw Ws", [[50, 11], [37, 63], [70, 56], [14, 86]]],
  ["L", "CRRR", 0, 2, "city N | road E | road S | road W | field Wn En >N | field Es Se | field Sw Ws",
    [[50, 11], [82, 50], [50, 82], [18, 50], [32, 31], [80, 80], [20, 80]]],
  ["M", "CFFC", 1, 0, "city N W | field En Es Se Sw >N", [[22, 22], [70, 70]], [42, 12]],
  ["N", "CFFC", 0, 0, "city N W | field En Es Se Sw >N", [[22, 22], [70, 70]]],
  ["O", "CRRC", 1, 0, "city N W | road E S | field En Sw >N | field Es Se", [[20, 20], [63, 63], [76, 30], [86, 86]], [42, 12]],
  ["P", "CRRC", 0, 0, "city N W | road E S | field En Sw >N | field Es Se", [[20, 20], [63, 63], [76, 30], [86, 86]]],
  ["Q", "CCFC", 1, 0, "city N E W | field Se Sw >N", [[42, 36], [50, 91]], [74, 24]],
  ["R", "CCFC", 0, 0, "city N E W | field Se Sw >N", [[50, 36], [50, 91]]],
  ["S", "CCRC", 1, 0, "city N E W | road S | field Se >N | field Sw >N", [[42, 36], [50, 88], [76, 92], [24, 92]], [74, 24]],
  ["T", "CCRC", 0, 0, "city N E W | road S | field Se >N | field Sw >N", [[50, 36], [50, 88], [76, 92], [24, 92]]],
  ["U", "FRFR", 0, 0, "road W E | field Wn Nw Ne En | field Es Se Sw Ws", [[50, 50], [50, 22], [50, 78]]],
  ["V", "FFRR", 0, 0, "road S W | field Wn Nw Ne En Es Se | field Sw Ws", [[37, 63], [68, 32], [14, 86]]],
  ["W", "FRRR", 0, 2, "road E | road S | road W | field Wn Nw Ne En | field Es Se | field Sw Ws",
    [[82, 50], [50, 82], [18, 50], [50, 22], [80, 80], [20, 80]]],
  ["X", "RRRR", 0, 2, "road N | road E | road S | road W | field Wn Nw | field Ne En | field Es Se | field Sw Ws",
    [[50, 18], [82, 50], [50, 82], [18, 50], [20, 20], [80, 20], [80, 80], [20, 80]]],
];

export const SIDES = ["N", "E", "S", "W"];
export const HALVES = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];
export const LETTERS = ROWS.map(r => r[0]).join("");

// TILES maps a letter to its parsed type: edges, arms, segments ({kind, sides, halves, spot}).
export const TILES = {};
for (const [letter, edges, arms, farmhouse, segs, spots, armsSpot] of ROWS) {
  const segments = segs.split("|").map((part, i) => {
    const [kind, ...where] = part.trim().split(/\s+/);
    return { kind, sides: where.filter(w => SIDES.includes(w)).map(w => SIDES.indexOf(w)),
      halves: where.filter(w => HALVES.includes(w)).map(w => HALVES.indexOf(w)), spot: spots[i] };
  });
  TILES[letter] = { letter, edges, arms: !!arms, farmhouse, segments, armsSpot };
}

// rot is a number of quarter turns clockwise; a quarter turn moves a side one step and a half-edge two.
export function edgesAt(letter, rot) {
  const e = TILES[letter].edges;
  let out = "";
  for (let d = 0; d < 4; d++) out += e[(d - rot + 4) % 4];
  return out;
}

// segName is a segment's name in the move form as laid with rot: its kind and the first side or half-edge
// it touches, clockwise from N (Nw for fields).
export function segName(seg, rot) {
  if (seg.kind === "monastery") return "monastery";
  if (seg.kind === "field") {
    const hs = seg.halves.map(h => (h + 2 * rot) % 8);
    return "field:" + HALVES[Math.min(...hs)];
  }
  const ds = seg.sides.map(d => (d + rot) % 4);
  return seg.kind + ":" + SIDES[Math.min(...ds)];
}

export function segNames(letter, rot) { return TILES[letter].segments.map(s => segName(s, rot)); }

// turn moves a point of the canonical tile to where it lies after rot quarter turns clockwise.
export function turn([x, y], rot) {
  for (let i = 0; i < rot; i++) [x, y] = [100 - y, x];
  return [x, y];
}

const OFFSET = [[0, -1], [1, 0], [0, 1], [-1, 0]];
const KIND = { C: "city", R: "road", F: "field" };

// fit says whether a tile may lie at (x, y) with rot on a board (a Map "x,y" -> {tile, rotation}), and
// why not: the instant preview needs this before the server's legal list answers a click.
export function fit(board, letter, x, y, rot) {
  if (board.has(x + "," + y)) return { ok: false, reason: "occupied" };
  const mine = edgesAt(letter, rot);
  let touches = 0;
  for (let d = 0; d < 4; d++) {
    const n = board.get((x + OFFSET[d][0]) + "," + (y + OFFSET[d][1]));
    if (!n) continue;
    touches++;
    const theirs = edgesAt(n.tile, n.rotation / 90)[(d + 2) % 4];
    if (theirs !== mine[d]) return { ok: false, reason: "mismatch", side: SIDES[d], mine: KIND[mine[d]], theirs: KIND[theirs] };
  }
  return touches ? { ok: true } : { ok: false, reason: "alone" };
}

// boardMap indexes the view's board by cell.
export function boardMap(tiles) {
  const m = new Map();
  for (const tl of tiles) m.set(tl.x + "," + tl.y, tl);
  return m;
}

// frontier lists the empty cells next to a laid tile.
export function frontier(board) {
  const out = new Map();
  for (const tl of board.values()) {
    for (const [dx, dy] of OFFSET) {
      const k = (tl.x + dx) + "," + (tl.y + dy);
      if (!board.has(k)) out.set(k, [tl.x + dx, tl.y + dy]);
    }
  }
  return [...out.values()];
}

// ---------- drawing ----------

// Canonical shapes on a 100x100 tile: caps bulge to a depth of 25, two adjacent city sides are cut by a
// curve through the centre region, roads meet at the middle of the tile.
const MID = [[50, 0], [100, 50], [50, 100], [0, 50]];
const CORNER = [[0, 0], [100, 0], [100, 100], [0, 100]]; // NW, NE, SE, SW: side d runs from CORNER[d] to CORNER[d+1]

// cityShape gives a city's area and its wall: the part of its border inside the tile (the tile's edge is
// no wall, the city goes on across it).
function cityShape(sides) {
  if (sides.length === 4) return { area: "M0,0H100V100H0Z", wall: "" };
  if (sides.length === 1) {
    const d = sides[0], a = CORNER[d], b = CORNER[(d + 1) % 4];
    return { area: `M${a}L${b}Q50,50 ${a}Z`, wall: `M${b}Q50,50 ${a}` };
  }
  if (sides.length === 2) {
    const [p, q] = sides;
    if ((p + 2) % 4 === q) {
      // A band joining two opposite sides.
      const a0 = CORNER[p], a1 = CORNER[(p + 1) % 4], b0 = CORNER[q], b1 = CORNER[(q + 1) % 4];
      const cA = bulge(a1, b0), cB = bulge(b1, a0);
      return { area: `M${a0}L${a1}Q${cA} ${b0}L${b1}Q${cB} ${a0}Z`, wall: `M${a1}Q${cA} ${b0}M${b1}Q${cB} ${a0}` };
    }
    // Two adjacent sides: the corner they share, cut by a curve between the two far corners.
    const first = (q + 1) % 4 === p ? q : p; // the side whose end is the shared corner
    const a = CORNER[first], shared = CORNER[(first + 1) % 4], b = CORNER[(first + 2) % 4];
    const ctl = [shared[0] * 0.3 + 35, shared[1] * 0.3 + 35];
    return { area: `M${a}L${shared}L${b}Q${ctl} ${a}Z`, wall: `M${b}Q${ctl} ${a}` };
  }
  // Three sides: everything but a bay on the open side.
  const open = [0, 1, 2, 3].find(d => !sides.includes(d));
  const b = CORNER[(open + 1) % 4];
  const pts = [];
  for (let i = 1; i <= 3; i++) pts.push(CORNER[(open + 1 + i) % 4]);
  return { area: `M${b}L${pts.join("L")}Q50,50 ${b}Z`, wall: `M${pts[2]}Q50,50 ${b}` };
}

// bulge is the control point that bends the edge of a band from corner a to corner b toward the middle.
function bulge(a, b) {
  const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
  return [mx + (50 - mx) * 0.6, my + (50 - my) * 0.6];
}

// HOUSES are where the roofs of a city stand, for each shape of city in one orientation (a cap on N, a
// band W-E, the corner N+W, three sides open to S, the whole tile), clear of the meeple spots and the coat
// of arms; houseSpots turns them to the city's sides.
const HOUSES = {
  cap: { sides: [0], at: [[27, 8], [73, 8]] },
  band: { sides: [1, 3], at: [[52, 26], [20, 72], [82, 70], [12, 28]] },
  corner: { sides: [0, 3], at: [[64, 9], [9, 64]] },
  three: { sides: [0, 1, 3], at: [[14, 16], [12, 58], [86, 60], [28, 8]] },
  four: { sides: [0, 1, 2, 3], at: [[15, 15], [16, 84], [84, 84], [50, 14], [84, 50]] },
};

function houseSpots(sides) {
  const kind = ["", "cap", "", "three", "four"][sides.length] || ((sides[0] + 2) % 4 === sides[1] ? "band" : "corner");
  const { sides: canon, at } = HOUSES[kind];
  for (let k = 0; k < 4; k++) {
    const turned = canon.map(d => (d + k) % 4);
    if (turned.length === sides.length && turned.every(d => sides.includes(d))) return at.map(p => turn(p, k));
  }
  return [];
}

// roadPath draws a road a little wavy, as a cart track would run, its ends square to the tile's edge so
// that it meets the next tile's road without a kink.
function roadPath(seg, hasHub) {
  const s = seg.sides;
  if (s.length === 2) {
    const [a, b] = [MID[s[0]], MID[s[1]]];
    if ((s[0] + 2) % 4 === s[1]) {
      const v = [b[0] - a[0], b[1] - a[1]], n = [-v[1] / 100, v[0] / 100];
      const m = [50 + n[0] * 3, 50 + n[1] * 3];
      return `M${a}C${a[0] + v[0] * 0.25},${a[1] + v[1] * 0.25} ${m[0] - v[0] * 0.2},${m[1] - v[1] * 0.2} ${m}` +
        `S${b[0] - v[0] * 0.25},${b[1] - v[1] * 0.25} ${b}`;
    }
    return `M${a}Q50,50 ${b}`;
  }
  // A dead end: to the village, the monastery or the city in the middle.
  const a = MID[s[0]];
  const k = hasHub ? 0.16 : 0.5;
  const end = [50 + (a[0] - 50) * k, 50 + (a[1] - 50) * k];
  const mid = [(a[0] + end[0]) / 2, (a[1] + end[1]) / 2], n = [(a[1] - 50) / 50, (50 - a[0]) / 50];
  return `M${a}Q${mid[0] + n[0] * 4},${mid[1] + n[1] * 4} ${end}`;
}

// The seats' marks, besides their colours, for players who tell colours apart badly: stripes, dots,
// slants, bars and checks, on the meeples as on the swatches of the score table.
const SEAT_MARKS = [
  [el("rect", { y: 0, width: 6, height: 1.6 })],
  [el("circle", { cx: 1.5, cy: 1.5, r: 1.05 }), el("circle", { cx: 4.5, cy: 4.5, r: 1.05 })],
  [el("path", { d: "M-1,1L1,-1M0,6L6,0M5,7L7,5", "stroke-width": 1.5 })],
  [el("rect", { x: 0, width: 1.7, height: 6 })],
  [el("rect", { width: 3, height: 3 }), el("rect", { x: 3, y: 3, width: 3, height: 3 })],
];

// The meeple: head, arms out, legs apart, standing on (0, 13.6), its middle at the origin.
const MEEPLE = "M0,-12c2.8,0 4.6,2 4.6,4.4c0,1.3 -0.5,2.3 -1.2,3l7.2,2.6c1.6,0.6 2,2.8 0.6,3.6l-5.6,1.8l4.2,8.6" +
  "c0.4,0.9 -0.2,1.6 -1.2,1.6h-4.4l-4.2,-6l-4.2,6h-4.4c-1,0 -1.6,-0.7 -1.2,-1.6l4.2,-8.6l-5.6,-1.8" +
  "c-1.4,-0.8 -1,-3 0.6,-3.6l7.2,-2.6c-0.7,-0.7 -1.2,-1.7 -1.2,-3c0,-2.4 1.8,-4.4 4.6,-4.4z";

// defs are the tiles' shared drawings: the grass, a house, the farm, the shield and the seats' marks.
function defs() {
  const grass = el("pattern", { id: "carc-grass", width: 23, height: 23, patternUnits: "userSpaceOnUse" },
    el("path", { d: "M3,9l-1,-3.5M4.5,9v-4M6,9l1,-3.5M14,20l-1,-3M15.3,20v-3.5M16.6,20l1,-3M17,7l-0.6,-2.5M18.2,7l0.6,-2.5M7,18.5l-0.6,-2.5M8.2,18.5l0.6,-2.5",
      stroke: "#3f6e22", "stroke-width": 0.8, "stroke-linecap": "round", opacity: 0.55, fill: "none" }),
    el("circle", { cx: 20, cy: 13, r: 0.9, fill: "#e9f2c4", opacity: 0.7 }), el("circle", { cx: 10, cy: 3, r: 0.7, fill: "#e9f2c4", opacity: 0.6 }));
  const house = el("g", { id: "carc-house" },
    el("path", { d: "M-4,4.5V-0.5H4V4.5Z", fill: "#f1e4c4", stroke: "#4a2e1a", "stroke-width": 0.7 }),
    el("path", { d: "M-5.2,0.3L0,-4.6L5.2,0.3Z", fill: "#a8432a", stroke: "#4a2e1a", "stroke-width": 0.7, "stroke-linejoin": "round" }),
    el("path", { d: "M-0.9,4.5V2.2H0.9V4.5", fill: "#4a2e1a" }));
  const farm = el("g", { id: "carc-farm" }, el("use", { href: "#carc-house", transform: "translate(-2.5 0)" }),
    el("path", { d: "M3.4,4.5C3.4,-0.5 9.6,-0.5 9.6,4.5Z", fill: "#e8c85a", stroke: "#6d5318", "stroke-width": 0.6 }));
  // A heater shield, blue with a pale chevron and a rim: heraldry drawn in a few strokes.
  const shield = el("g", { id: "carc-shield" },
    el("path", { d: "M-7,-8H7V-1.5C7,4 3.5,7.5 0,9.5C-3.5,7.5 -7,4 -7,-1.5Z", fill: "#2a58b8", stroke: "#f4e7c0", "stroke-width": 1.4, "stroke-linejoin": "round" }),
    el("path", { d: "M-5.4,4L0,-2L5.4,4", fill: "none", stroke: "#f4e7c0", "stroke-width": 2.2 }),
    el("circle", { cx: 0, cy: -5, r: 1.3, fill: "#f2c230" }));
  // Pale marks on the dark seats, dark ones on the yellow seat, where pale would not show.
  const marks = SEAT_MARKS.map((shapes, i) => el("pattern", { id: `carc-mark-${i}`, width: 6, height: 6, patternUnits: "userSpaceOnUse" },
    el("g", { fill: i === 3 ? "#3b2a00" : "#fff", stroke: i === 3 ? "#3b2a00" : "#fff", "stroke-width": 0, opacity: i === 3 ? 0.5 : 0.6 }, shapes)));
  const square = el("clipPath", { id: "carc-square" }, el("rect", { width: 100, height: 100 }));
  return [grass, house, farm, shield, square, ...marks];
}

// drawTile draws a tile as laid (rot quarter turns) in a group at the origin, 100 units wide. Segments are
// tagged with their move-form names so that the meeple choice and the tests can find them.
export function drawTile(letter, rot, opts = {}) {
  artDefs("carc-art", defs);
  const tt = TILES[letter];
  const g = el("g", { class: "ctile", "data-tile": letter, "data-rot": String(rot * 90), "data-edges": edgesAt(letter, rot) });
  // The walls' stones would stick out past the tile's corners: the tile is clipped to its square.
  const inner = el("g", { transform: rot ? `rotate(${rot * 90} 50 50)` : null, "clip-path": "url(#carc-square)" });
  g.append(inner);
  inner.append(el("rect", { class: "field", x: 0, y: 0, width: 100, height: 100 }),
    el("rect", { class: "grass", x: 0, y: 0, width: 100, height: 100, fill: "url(#carc-grass)" }));
  const roads = tt.segments.filter(s => s.kind === "road");
  const monastery = tt.segments.some(s => s.kind === "monastery");
  const hub = roads.some(s => s.sides.length === 1) && !monastery && !tt.segments.some(s => s.kind === "city" && s.sides.length === 3);
  for (const seg of roads) {
    const d = roadPath(seg, hub || monastery);
    inner.append(el("path", { class: "road-edge", d }), el("path", { class: "road", d, "data-seg": segName(seg, rot) }));
  }
  // Houses stand upright whatever the tile's rotation: they go in the outer group, at turned spots, all
  // of a tile's in three paths (walls, roofs, doors), which a browser draws faster than a use each.
  const upright = [], houses = [];
  for (const seg of tt.segments) {
    if (seg.kind !== "city") continue;
    const { area, wall } = cityShape(seg.sides);
    // A battlemented wall: the merlons are a wide dashed stroke drawn before the city, whose area hides
    // their inner half, so that they stand only on the field's side; the wall's walk runs over them.
    if (wall) inner.append(el("path", { class: "merlons-edge", d: wall }), el("path", { class: "merlons", d: wall }));
    inner.append(el("path", { class: "city", d: area, "data-seg": segName(seg, rot) }));
    if (wall) inner.append(el("path", { class: "wall", d: wall }), el("path", { class: "wall-stones", d: wall }));
    for (const p of houseSpots(seg.sides)) houses.push([...turn(p, rot), 1.4]);
  }
  if (hub) houses.push([50, 49, 1.7]);
  if (houses.length) {
    const path = (f) => houses.map(([x, y, k]) => f((dx, dy) => `${+(x + dx * k).toFixed(1)},${+(y + dy * k).toFixed(1)}`)).join("");
    upright.push(el("path", { class: "house-walls", d: path(p => `M${p(-4, 4.5)}L${p(-4, -0.5)}L${p(4, -0.5)}L${p(4, 4.5)}Z`) }),
      el("path", { class: "roof" + (hub ? " village" : ""), d: path(p => `M${p(-5.2, 0.3)}L${p(0, -4.6)}L${p(5.2, 0.3)}Z`) }),
      el("path", { class: "house-door", d: path(p => `M${p(-0.9, 4.5)}L${p(-0.9, 2.2)}L${p(0.9, 2.2)}L${p(0.9, 4.5)}Z`) }));
  }
  // The farmhouse (Peasant Uprising) stands upright whatever the tile's rotation.
  if (tt.farmhouse === 1) {
    const [x, y] = turn([77, 78], rot);
    upright.push(el("use", { class: "house farmhouse", href: "#carc-farm", transform: `translate(${x - 3} ${y}) scale(1.5)` }));
  }
  // The monastery stands in the middle, upright whatever the rotation, over the end of the road that leads
  // to it; its cross tops the tower, where a meeple (set aside, lower right) never hides it.
  if (monastery) {
    upright.push(el("path", { class: "monastery", "data-seg": "monastery", d: "M36,67V46H64V67Z" }),
      el("path", { class: "abbey-roof", d: "M33,47.5L50,34L67,47.5Z" }),
      el("path", { class: "abbey-tower", d: "M44.5,44V23H55.5V44Z" }),
      el("path", { class: "abbey-roof", d: "M42.5,24L50,15.5L57.5,24Z" }),
      el("path", { class: "abbey-door", d: "M46.5,67V60a3.5,3.5 0 0 1 7,0V67Z" }),
      el("path", { class: "abbey-window", d: "M48.6,33.5V30a1.4,1.4 0 0 1 2.8,0V33.5Z" }),
      el("path", { class: "cross", d: "M50,16V4.5M46,8.5H54" }));
  }
  for (const seg of tt.segments) {
    if (seg.kind === "field") inner.append(el("circle", { class: "field-mark", "data-seg": segName(seg, rot), cx: seg.spot[0], cy: seg.spot[1], r: 0.1 }));
  }
  g.append(...upright);
  if (tt.arms) {
    const [x, y] = turn(tt.armsSpot, rot);
    g.append(el("use", { class: "arms", href: "#carc-shield", transform: `translate(${x} ${y})` }));
  }
  if (opts.meeples) for (const m of opts.meeples) g.append(meeple(spotOf(letter, rot, m.segment), m.seat, {}, segKind(letter, rot, m.segment)));
  return g;
}

// spotOf is where a meeple on the named segment of a laid tile stands.
export function spotOf(letter, rot, name) {
  const seg = TILES[letter].segments.find(s => segName(s, rot) === name);
  return seg ? turn(seg.spot, rot) : [50, 50];
}

// meeple draws a meeple of a seat's colour and mark at p, larger than the spot's circle so that it reads
// at a glance: lying down on a field (a farmer, as the rules lay it), beside the building on a monastery
// (so that the monastery and its cross stay in view), standing elsewhere.
export function meeple([x, y], seat, extra = {}, kind = "") {
  artDefs("carc-art", defs);
  const [dx, dy] = kind === "monastery" ? [24, 22] : [0, 0];
  const lie = kind === "field" ? " rotate(-90)" : "";
  return el("g", { class: `meeple seat-${seat}` + (kind === "field" ? " farmer" : ""), "data-seat": String(seat), ...extra,
    transform: `translate(${x + dx} ${y + dy})${lie} scale(1.6)` },
  el("path", { class: "meeple-body", d: MEEPLE }),
  el("path", { class: "meeple-mark", d: MEEPLE, fill: `url(#carc-mark-${seat % SEAT_MARKS.length})` }));
}

// segKind is the kind of the named segment of a tile ("field", "road", "city", "monastery"), "" if none.
export function segKind(letter, rot, name) {
  const seg = TILES[letter].segments.find(s => segName(s, rot) === name);
  return seg ? seg.kind : "";
}
