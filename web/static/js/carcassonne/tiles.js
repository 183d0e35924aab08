// The 24 Carcassonne tile types and how to draw them. The rows use the engine's notation
// (docs/carcassonne.md, "Tiles"): edges N E S W, then the segments in the canonical orientation. The client
// needs its own copy because the view names laid tiles by letter only; e2e/carc_tiles_test.go checks it
// against the engine for every type and rotation. Each row also gives where a meeple stands on each segment
// (and the coat of arms), in a 100x100 tile, canonical orientation.

import { el } from "../dom.js";

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

function cityPath(sides) {
  if (sides.length === 4) return "M0,0H100V100H0Z";
  if (sides.length === 1) {
    const d = sides[0], a = CORNER[d], b = CORNER[(d + 1) % 4];
    return `M${a}L${b}Q50,50 ${a}Z`;
  }
  if (sides.length === 2) {
    const [p, q] = sides;
    if ((p + 2) % 4 === q) {
      // A band joining two opposite sides.
      const a0 = CORNER[p], a1 = CORNER[(p + 1) % 4], b0 = CORNER[q], b1 = CORNER[(q + 1) % 4];
      const cA = bulge(a1, b0), cB = bulge(b1, a0);
      return `M${a0}L${a1}Q${cA} ${b0}L${b1}Q${cB} ${a0}Z`;
    }
    // Two adjacent sides: the corner they share, cut by a curve between the two far corners.
    const first = (q + 1) % 4 === p ? q : p; // the side whose end is the shared corner
    const a = CORNER[first], shared = CORNER[(first + 1) % 4], b = CORNER[(first + 2) % 4];
    const ctl = [shared[0] * 0.3 + 35, shared[1] * 0.3 + 35];
    return `M${a}L${shared}L${b}Q${ctl} ${a}Z`;
  }
  // Three sides: everything but a bay on the open side.
  const open = [0, 1, 2, 3].find(d => !sides.includes(d));
  const b = CORNER[(open + 1) % 4];
  const pts = [];
  for (let i = 1; i <= 3; i++) pts.push(CORNER[(open + 1 + i) % 4]);
  return `M${b}L${pts.join("L")}Q50,50 ${b}Z`;
}

// bulge is the control point that bends the edge of a band from corner a to corner b toward the middle.
function bulge(a, b) {
  const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
  return [mx + (50 - mx) * 0.6, my + (50 - my) * 0.6];
}

function roadPath(seg, hasHub) {
  const s = seg.sides;
  if (s.length === 2) {
    const [a, b] = [MID[s[0]], MID[s[1]]];
    if ((s[0] + 2) % 4 === s[1]) return `M${a}L${b}`;
    return `M${a}Q50,50 ${b}`;
  }
  // A dead end: to the village, the monastery or the city in the middle.
  const a = MID[s[0]];
  const end = hasHub ? [50 + (a[0] - 50) * 0.16, 50 + (a[1] - 50) * 0.16] : [50 + (a[0] - 50) * 0.5, 50 + (a[1] - 50) * 0.5];
  return `M${a}L${end}`;
}

// drawTile draws a tile as laid (rot quarter turns) in a group at the origin, 100 units wide. Segments are
// tagged with their move-form names so that the meeple choice and the tests can find them.
export function drawTile(letter, rot, opts = {}) {
  const tt = TILES[letter];
  const g = el("g", { class: "ctile", "data-tile": letter, "data-rot": String(rot * 90), "data-edges": edgesAt(letter, rot) });
  const inner = el("g", { transform: rot ? `rotate(${rot * 90} 50 50)` : null });
  g.append(inner);
  inner.append(el("rect", { class: "field", x: 0, y: 0, width: 100, height: 100 }));
  const roads = tt.segments.filter(s => s.kind === "road");
  const hub = roads.some(s => s.sides.length === 1) && !tt.segments.some(s => s.kind === "monastery" || s.kind === "city" && s.sides.length === 3);
  for (const seg of tt.segments) {
    const name = segName(seg, rot);
    if (seg.kind === "city") inner.append(el("path", { class: "city", d: cityPath(seg.sides), "data-seg": name }));
  }
  for (const seg of roads) {
    const name = segName(seg, rot);
    const d = roadPath(seg, hub || tt.segments.some(s => s.kind === "monastery"));
    inner.append(el("path", { class: "road-edge", d }), el("path", { class: "road", d, "data-seg": name }));
  }
  if (hub) inner.append(el("rect", { class: "village", x: 42, y: 42, width: 16, height: 16, rx: 2 }));
  // The farmhouse (Peasant Uprising) stands upright whatever the tile's rotation.
  const house = tt.farmhouse === 1 ? turn([77, 78], rot) : null;
  // The monastery stands in the middle, upright whatever the rotation, over the end of the road that leads
  // to it.
  const monastery = tt.segments.some(seg => seg.kind === "monastery") ? [el("path", { class: "monastery", "data-seg": "monastery", d: "M35,64V41L50,29L65,41V64Z" }),
    el("path", { class: "cross", d: "M50,36V52M44,42H56" })] : [];
  for (const seg of tt.segments) {
    if (seg.kind === "field") inner.append(el("circle", { class: "field-mark", "data-seg": segName(seg, rot), cx: seg.spot[0], cy: seg.spot[1], r: 0.1 }));
  }
  g.append(...monastery);
  if (house) {
    const [x, y] = house;
    g.append(el("path", { class: "house", d: `M${x - 7},${y + 6}v-8h14v8z` }), el("path", { class: "roof", d: `M${x - 9},${y - 2}l9,-8l9,8z` }));
  }
  if (tt.arms) {
    const [x, y] = turn(tt.armsSpot, rot);
    g.append(el("path", { class: "arms", d: `M${x - 7},${y - 7}h14v6q0,7 -7,10q-7,-3 -7,-10z` }));
  }
  if (opts.meeples) for (const m of opts.meeples) g.append(meeple(spotOf(letter, rot, m.segment), m.seat, {}, segKind(letter, rot, m.segment)));
  return g;
}

// spotOf is where a meeple on the named segment of a laid tile stands.
export function spotOf(letter, rot, name) {
  const seg = TILES[letter].segments.find(s => segName(s, rot) === name);
  return seg ? turn(seg.spot, rot) : [50, 50];
}

// meeple draws a meeple of a seat's colour at p, a third larger than the spot's mark so that it reads at
// a glance: lying down on a field (a farmer, as the rules lay it), beside the building on a monastery (so
// that the monastery stays in view), standing elsewhere.
export function meeple([x, y], seat, extra = {}, kind = "") {
  const [dx, dy] = kind === "monastery" ? [19, 19] : [0, 0];
  const turn = kind === "field" ? " rotate(90)" : "";
  return el("path", { class: `meeple seat-${seat}` + (kind === "field" ? " farmer" : ""), "data-seat": String(seat), ...extra,
    transform: `translate(${x + dx} ${y + dy})${turn} scale(1.35) translate(${-x} ${-y})`,
    d: `M${x},${y - 11}c3,0 4,2 4,4c0,1 -0.5,2 -1,2.5l6,2.5c1.5,0.6 1.5,3 0,3.5l-4,0l3,8.5h-5.5l-2.5,-5l-2.5,5h-5.5l3,-8.5l-4,0c-1.5,-0.5 -1.5,-2.9 0,-3.5l6,-2.5c-0.5,-0.5 -1,-1.5 -1,-2.5c0,-2 1,-4 4,-4z` });
}

// segKind is the kind of the named segment of a tile ("field", "road", "city", "monastery"), "" if none.
export function segKind(letter, rot, name) {
  const seg = TILES[letter].segments.find(s => segName(s, rot) === name);
  return seg ? seg.kind : "";
}
