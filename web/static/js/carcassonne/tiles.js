// The Carcassonne tile types and how to draw them. The rows use the engine's notation
// (docs/carcassonne.md, "Tiles"): edges N E S W (F field, R road, C city, W river), then the segments in the
// canonical orientation. The client needs its own copy because the view names laid tiles by their id only;
// e2e/carc_tiles_test.go checks the base rows against the engine for every type and rotation, and
// e2e/carc_rows_test.go every row, the expansions' included, against the engine's tables. The base rows
// also give where a meeple stands on each segment (and the coat of arms), in a 100x100 tile, canonical
// orientation; the expansions' rows (EXPANSION_ROWS, in the engine's keyed form) leave that to layout(),
// which finds a clear spot for every figure and every picture on the tile.

import { el, artDefs } from "../dom.js";
import { layout } from "./layout.js";
import { expansionDefs, FIGURES } from "./art.js";

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

// EXPANSION_ROWS are the expansions' tile types in the engine's keyed form, as the engine's tables list them
// (the files named below; "lake" marks the River's lake, a word of the client's only). Their spots are
// found by layout.js.
export const EXPANSION_ROWS = [
  // The River (carcassonne/tiles_river.go)
  { Name: "RV1", Edges: "FFWF", Segments: "river S | field Nw Ne En Es Se Sw Ws Wn" },
  { Name: "RV2", Edges: "CWRW", Segments: "city N | road S | river W E | field En >N | field Wn >N | field Es Se | field Sw Ws" },
  { Name: "RV3", Edges: "CWCW", Segments: "city N | city S | river W E | field En Wn >N | field Es Ws >S" },
  { Name: "RV4", Edges: "FWFW", Segments: "river W E | field Wn Nw Ne En | field Es Se Sw Ws" },
  { Name: "RV5", Edges: "CCWW", Segments: "city N E | river W S | field Wn Se >N | field Sw Ws" },
  { Name: "RV6", Edges: "FFWW", Segments: "river W S | field Wn Nw Ne En Es Se | field Sw Ws" },
  { Name: "RV7", Edges: "FWRW", Segments: "monastery | road S | river W E | field Wn Nw Ne En | field Es Se | field Sw Ws" },
  { Name: "RV8", Edges: "RRWW", Segments: "road N E | river W S | field Wn Nw Es Se | field Ne En | field Sw Ws" },
  { Name: "RV9", Edges: "FFWW", Garden: true, Segments: "river W S | field Wn Nw Ne En Es Se | field Sw Ws | garden" },
  { Name: "RV10", Edges: "RWRW", Segments: "road N S | river W E | field Wn Nw | field Ne En | field Es Se | field Sw Ws" },
  { Name: "RV11", Edges: "WFFF", Segments: "river N lake | field Nw Ne En Es Se Sw Ws Wn" },
  // The Abbot's gardens on base tiles (carcassonne/tiles_gardens.go)
  { Name: "Eg", Edges: "CFFF", Garden: true, Segments: "city N | field En Es Se Sw Ws Wn >N | garden" },
  { Name: "Hg", Edges: "CFCF", Garden: true, Segments: "city N | city S | field En Es Ws Wn >N >S | garden" },
  { Name: "Ig", Edges: "CFFC", Garden: true, Segments: "city N | city W | field En Es Se Sw >N >W | garden" },
  { Name: "Mg", Edges: "CFFC", Arms: true, Garden: true, Segments: "city N W | field En Es Se Sw >N | garden" },
  { Name: "Ng", Edges: "CFFC", Garden: true, Segments: "city N W | field En Es Se Sw >N | garden" },
  { Name: "Rg", Edges: "CCFC", Garden: true, Segments: "city N E W | field Se Sw >N | garden" },
  { Name: "Ug", Edges: "FRFR", Garden: true, Segments: "road W E | field Wn Nw Ne En | field Es Se Sw Ws | garden" },
  { Name: "Vg", Edges: "FFRR", Garden: true, Segments: "road S W | field Wn Nw Ne En Es Se | field Sw Ws | garden" },
  // Inns & Cathedrals (carcassonne/tiles_inns.go)
  { Name: "IC1", Edges: "FFRR", Segments: "road S W inn | field Wn Nw Ne En Es Se | field Sw Ws" },
  { Name: "IC2", Edges: "FRFR", Garden: true, Segments: "road W E inn | field Wn Nw Ne En | field Es Se Sw Ws | garden" },
  { Name: "IC3", Edges: "FRRR", Segments: "road E inn | road S | road W inn | field Wn Nw Ne En | field Es Se | field Sw Ws" },
  { Name: "IC4", Edges: "FRFR", Segments: "monastery | road W | road E | field Wn Nw Ne En | field Es Se Sw Ws" },
  { Name: "IC5", Edges: "RRRR", Segments: "road N W | road E S | field Nw Wn | field Ne En Sw Ws | field Es Se" },
  { Name: "IC6", Edges: "CRFC", Segments: "city N W | road E | field En >W | field Es Se Sw >W" },
  { Name: "IC7", Edges: "FFFC", Segments: "city W | field Nw Ne >W | field En Es Se Sw >W" },
  { Name: "IC8", Edges: "CCCC", Garden: true, Segments: "city N | city E | city S | city W | field >N >E >S >W | garden" },
  { Name: "IC9", Edges: "CRCR", Segments: "city N | city S | road E | road W | field En >N | field Wn >N | field Es >S | field Ws >S" },
  { Name: "IC10", Edges: "CFRF", Segments: "city N | road S | field En Es Se >N | field Sw Ws Wn >N" },
  { Name: "IC11", Edges: "CCCC", Segments: "city N E S W cathedral" },
  { Name: "IC12", Edges: "CRRC", Arms: true, Segments: "city N W | road E S inn | field En Sw >N | field Es Se" },
  { Name: "IC13", Edges: "CFRR", Segments: "city N | road S W inn | field Wn En Es Se >N | field Sw Ws" },
  { Name: "IC14", Edges: "CFRC", Segments: "city N W | road S inn | field En Es Se >N | field Sw >N" },
  { Name: "IC15", Edges: "CCFC", Segments: "city N | city E | city W | field Se Sw >N >E >W" },
  { Name: "IC16", Edges: "CFCC", Arms: true, Segments: "city N W | city S | field En Es >N >S" },
  { Name: "IC17", Edges: "RCRC", Arms: true, Segments: "city E W | road N | road S | field Nw >W | field Ne >W | field Se >W | field Sw >W" },
  // Traders & Builders (carcassonne/tiles_traders.go)
  { Name: "TB1", Edges: "CRFF", Segments: "city N | road E | field En >N | field Es Se Sw Ws Wn >N" },
  { Name: "TB2", Edges: "RRRR", Segments: "road N S | road W E | field Wn Nw | field Ne En | field Es Se | field Sw Ws" },
  { Name: "TB3", Edges: "CFRR", Segments: "city N | road S | road W | field Wn >N | field Sw Ws | field En Es Se >N" },
  { Name: "TB4", Edges: "CRCC", Segments: "city N W grain | city S | road E | field En >N | field Es >N >S" },
  { Name: "TB5", Edges: "FCRC", Segments: "city W E grain | road S | field Nw Ne >W | field Sw >W | field Se >W" },
  { Name: "TB6", Edges: "CFRC", Segments: "city N W grain | road S | field Sw >N | field En Es Se >N" },
  { Name: "TB7", Edges: "CFFC", Segments: "city N W grain | field En Es Se Sw >N" },
  { Name: "TB8", Edges: "CCFC", Segments: "city N E W grain | field Se Sw >N" },
  { Name: "TB9", Edges: "CFRC", Segments: "city N W grain | road S | field Sw >N | field Se >N | field En Es >N" },
  { Name: "TB10", Edges: "FRRR", Segments: "monastery | road E | road S | road W | field Wn Nw Ne En | field Es Se | field Sw Ws" },
  { Name: "TB11", Edges: "CCRF", Garden: true, Segments: "city N E cloth | road S | field Se >N | field Sw Ws Wn >N | garden" },
  { Name: "TB12", Edges: "CRCC", Segments: "city N W cloth | city S | road E | field En >N | field Es >N >S" },
  { Name: "TB13", Edges: "CCCC", Segments: "city N W cloth | city E | city S | field >N >E >S" },
  { Name: "TB14", Edges: "FCCC", Segments: "city W E cloth | city S | field Nw Ne >W | field >W >S" },
  { Name: "TB15", Edges: "CRRC", Segments: "city N W cloth | road E | road S | field En >N | field Es >N | field Se >N | field Sw >N" },
  { Name: "TB16", Edges: "FCCC", Segments: "city W E wine | city S | field Nw Ne >W | field >W >S" },
  { Name: "TB17", Edges: "FCFC", Segments: "city W E wine | field Nw Ne >W | field Se Sw >W" },
  { Name: "TB18", Edges: "RCRC", Segments: "city E W wine | road N | road S | field Nw >W | field Ne >W | field Se >W | field Sw >W" },
  { Name: "TB19", Edges: "FCRC", Segments: "city W E wine | road S | field Nw Ne >W | field Sw >W | field Se >W" },
  { Name: "TB20", Edges: "CFFC", Segments: "city N W wine | field En Es Se Sw >N" },
  { Name: "TB21", Edges: "CRRC", Garden: true, Segments: "city N W wine | road E | road S | field Sw >N | field Es Se >N | field En >N | garden" },
  { Name: "TB22", Edges: "CCRC", Segments: "city N E W wine | road S | field Se >N | field Sw >N" },
  { Name: "TB23", Edges: "CRFC", Segments: "city N W wine | road E | field En >N | field Es >N | field Se Sw >N" },
  { Name: "TB24", Edges: "CCCC", Segments: "city N W wine | city E S | field >N >S" },
  // The Mage & the Witch (carcassonne/tiles_magewitch.go)
  { Name: "MW1", Edges: "CRRR", Portal: true, Segments: "city N | road E | road S | road W | field Wn En >N | field Es Se | field Sw Ws" },
  { Name: "MW2", Edges: "CRRC", Portal: true, Segments: "city N W | road E S | field En Sw >N | field Es Se" },
  { Name: "MW3", Edges: "CCRC", Portal: true, Segments: "city N | city E | city W | road S | field Sw >N >E >W | field Se >E" },
  { Name: "MW4", Edges: "RCRC", Portal: true, Segments: "city E W | road N | road S | field Nw >W | field Ne >W | field Se >W | field Sw >W" },
  { Name: "MW5", Edges: "CFCF", Portal: true, Segments: "city N | city S | field En Es Ws Wn >N >S" },
  { Name: "MW6", Edges: "CCRC", Portal: true, Segments: "city N E W | road S | field Se >N | field Sw >N" },
  { Name: "MW7", Edges: "CRRR", Portal: true, Segments: "city N | road E | road S W | field En >N | field Es Se Wn >N | field Sw Ws" },
  { Name: "MW8", Edges: "CRRC", Portal: true, Garden: true, Segments: "city N | city W | road E S | field En Sw >N >W | field Es Se | garden" },
];

export const SIDES = ["N", "E", "S", "W"];
export const HALVES = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];
export const LETTERS = ROWS.map(r => r[0]).join("");
const GOODS = ["wine", "grain", "cloth"];

// parseSegments reads a row's segments: "city N W cathedral wine", "road S inn", "river W E",
// "field Nw Ne >N", "monastery", "garden". A one-sided river is the spring unless it says "lake" (a word
// of the client's rows only: the engine needs not tell the two apart).
function parseSegments(segs) {
  return segs.split("|").map(part => {
    const [kind, ...where] = part.trim().split(/\s+/);
    return { kind, sides: where.filter(w => SIDES.includes(w)).map(w => SIDES.indexOf(w)),
      halves: where.filter(w => HALVES.includes(w)).map(w => HALVES.indexOf(w)),
      inn: where.includes("inn"), cathedral: where.includes("cathedral"), goods: where.filter(w => GOODS.includes(w)),
      lake: where.includes("lake") };
  });
}

// TILES maps a tile type's id to its parsed type: edges, arms, segments ({kind, sides, halves, spot}).
export const TILES = {};
for (const [letter, edges, arms, farmhouse, segs, spots, armsSpot] of ROWS) {
  const segments = parseSegments(segs).map((seg, i) => ({ ...seg, spot: spots[i] }));
  TILES[letter] = { letter, edges, arms: !!arms, farmhouse, segments, armsSpot, base: true };
}

const FARMHOUSE = { noFarmhouse: 0, hasFarmhouse: 1, village: 2 };

// registerRows adds tile types in the engine's keyed form ({Name, Edges, Arms, Farmhouse, Segments, Portal,
// Garden}); where their figures stand and their pictures lie is worked out when they are first drawn.
export function registerRows(rows) {
  for (const r of rows) {
    const fh = typeof r.Farmhouse === "string" ? FARMHOUSE[r.Farmhouse] || 0 : r.Farmhouse || 0;
    TILES[r.Name] = { letter: r.Name, edges: r.Edges, arms: !!r.Arms, farmhouse: fh, segments: parseSegments(r.Segments),
      portal: !!r.Portal, garden: !!r.Garden, base: false };
  }
}
registerRows(EXPANSION_ROWS);

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
  if (seg.kind === "monastery" || seg.kind === "garden") return seg.kind;
  if (seg.kind === "field") {
    // A field closed in by city caps touches no side: the engine names it "field:inner" (one a tile at most).
    if (!seg.halves.length) return "field:inner";
    const hs = seg.halves.map(h => (h + 2 * rot) % 8);
    return "field:" + HALVES[Math.min(...hs)];
  }
  const ds = seg.sides.map(d => (d + rot) % 4);
  return seg.kind + ":" + SIDES[Math.min(...ds)];
}

// segNames are the segments a figure may stand on (no figure stands on a river).
export function segNames(letter, rot) { return TILES[letter].segments.filter(s => s.kind !== "river").map(s => segName(s, rot)); }

// turn moves a point of the canonical tile to where it lies after rot quarter turns clockwise.
export function turn([x, y], rot) {
  for (let i = 0; i < rot; i++) [x, y] = [100 - y, x];
  return [x, y];
}

const OFFSET = [[0, -1], [1, 0], [0, 1], [-1, 0]];
const KIND = { C: "city", R: "road", F: "field", W: "river" };

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
// no wall, the city goes on across it). squeeze lists the sides beside a band whose road or city needs
// room: the band's edge there bends back toward its middle.
export function cityShape(sides, squeeze = []) {
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
      const side = (c0, c1) => [0, 1, 2, 3].find(d => CORNER[d] === c0 && CORNER[(d + 1) % 4] === c1);
      const cA = bulge(a1, b0, squeeze.includes(side(a1, b0)) ? 1.5 : 0.6), cB = bulge(b1, a0, squeeze.includes(side(b1, a0)) ? 1.5 : 0.6);
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
function bulge(a, b, k = 0.6) {
  const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
  return [mx + (50 - mx) * k, my + (50 - my) * k];
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

export function houseSpots(sides) {
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
export function roadPath(seg, hasHub) {
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
  const k = typeof hasHub === "number" ? hasHub : hasHub ? 0.16 : 0.5;
  const end = [50 + (a[0] - 50) * k, 50 + (a[1] - 50) * k];
  const mid = [(a[0] + end[0]) / 2, (a[1] + end[1]) / 2], n = [(a[1] - 50) / 50, (50 - a[0]) / 50];
  return `M${a}Q${mid[0] + n[0] * 4},${mid[1] + n[1] * 4} ${end}`;
}

// HALF_POINTS are the middles of the half-edges Nw, Ne, En, ... (where a field meets the tile's edge).
export const HALF_POINTS = [[25, 0], [75, 0], [100, 25], [100, 75], [75, 100], [25, 100], [0, 75], [0, 25]];

// riverShape draws a river as roadPath draws a road, wider: two sides joined (a straight one bows south of
// a monastery, which stands north of it), or one side running to the spring's pool or into the lake.
export function riverShape(seg, tt) {
  const s = seg.sides;
  if (s.length === 2) {
    if ((s[0] + 2) % 4 === s[1] && tt.segments.some(x => x.kind === "monastery")) {
      const [a, b] = [MID[s[0]], MID[s[1]]];
      const dip = s.includes(1) ? [50, 80] : [80, 50];
      return { path: `M${a}C${(a[0] + 50) / 2},${(a[1] + 50) / 2} ${dip[0] - (b[0] - a[0]) * 0.25},${dip[1] - (b[1] - a[1]) * 0.25} ${dip}` +
        `S${(b[0] + 50) / 2},${(b[1] + 50) / 2} ${b}` };
    }
    return { path: roadPath(seg, false) };
  }
  const a = MID[s[0]], toward = [(50 - a[0]) / 50, (50 - a[1]) / 50];
  if (seg.lake) {
    // A lake a little past the middle, its shore uneven.
    const c = [50 + toward[0] * 8, 50 + toward[1] * 8], pts = [];
    for (let i = 0; i < 12; i++) {
      const t = i * Math.PI / 6, r = 27 + [3, -2, 2, -3, 1, -1][i % 6];
      pts.push([+(c[0] + Math.cos(t) * r * 1.05).toFixed(1), +(c[1] + Math.sin(t) * r * 0.9).toFixed(1)]);
    }
    // A smooth shore: a curve through the middles of the points, bent by each point.
    const mid = (p, q) => [+((p[0] + q[0]) / 2).toFixed(1), +((p[1] + q[1]) / 2).toFixed(1)];
    const pool = `M${mid(pts[11], pts[0])}` + pts.map((p, i) => `Q${p} ${mid(p, pts[(i + 1) % 12])}`).join("") + "Z";
    return { path: `M${a}L${c}`, pool, lake: c };
  }
  // The spring: a pool among stones, a little before the middle.
  const c = [50 - toward[0] * 6, 50 - toward[1] * 6];
  const pool = `M${c[0] - 11},${c[1]}a11,9 0 1 0 22,0a11,9 0 1 0 -22,0Z`;
  return { path: `M${a}L${c}`, pool, spring: c };
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

// prepare works out, once per expansion tile type, how its roads end and where its figures and pictures lie.
function prepare(tt) {
  if (tt.lay) return tt.lay;
  const segs = tt.segments;
  const monastery = segs.some(s => s.kind === "monastery"), river = segs.some(s => s.kind === "river");
  const deadEnd = segs.some(s => s.kind === "road" && s.sides.length === 1);
  const big = segs.filter(s => s.kind === "city" && (s.sides.length >= 3 || s.cathedral || (s.sides.length === 2 && (s.sides[0] + 2) % 4 === s.sides[1])));
  const corner = segs.find(s => s.kind === "city" && s.sides.length === 2 && (s.sides[0] + 2) % 4 !== s.sides[1]);
  tt.hub = deadEnd && !monastery && !river && !big.length;
  tt.hubAt = [50, 49];
  if (tt.hub && corner) {
    // The village stands away from the corner city, where the roads meet short of its wall.
    const [p, q] = corner.sides, c = [(MID[p][0] + MID[q][0]) / 2, (MID[p][1] + MID[q][1]) / 2];
    tt.hubAt = [50 + (50 - c[0]) * 0.3, 50 + (50 - c[1]) * 0.3];
  }
  // A band keeps room beside it for a road or another city on its open sides.
  tt.squeeze = [0, 1, 2, 3].filter(d => tt.edges[d] === "R" || (tt.edges[d] === "C" && segs.some(s => s.kind === "city" && s.sides.length === 1 && s.sides[0] === d)));
  const k = river ? 0.22 : (tt.hub || monastery) ? 0.16 : 0.5;
  tt.roadEnd = () => k;
  tt.lay = layout(tt);
  segs.forEach((seg, i) => { seg.spot = tt.lay.spots[i] || null; });
  tt.armsSpot = tt.lay.arms;
  return tt.lay;
}

// drawTile draws a tile as laid (rot quarter turns) in a group at the origin, 100 units wide. Segments are
// tagged with their move-form names so that the meeple choice and the tests can find them.
export function drawTile(letter, rot, opts = {}) {
  artDefs("carc-art", defs);
  const tt = TILES[letter];
  const lay = tt.base ? null : prepare(tt);
  if (lay) artDefs("carc-art-x", expansionDefs);
  const g = el("g", { class: "ctile", "data-tile": letter, "data-rot": String(rot * 90), "data-edges": edgesAt(letter, rot) });
  // The walls' stones would stick out past the tile's corners: the tile is clipped to its square.
  const inner = el("g", { transform: rot ? `rotate(${rot * 90} 50 50)` : null, "clip-path": "url(#carc-square)" });
  g.append(inner);
  inner.append(el("rect", { class: "field", x: 0, y: 0, width: 100, height: 100 }),
    el("rect", { class: "grass", x: 0, y: 0, width: 100, height: 100, fill: "url(#carc-grass)" }));
  const roads = tt.segments.filter(s => s.kind === "road");
  const monastery = tt.segments.some(s => s.kind === "monastery");
  const hub = lay ? tt.hub : roads.some(s => s.sides.length === 1) && !monastery && !tt.segments.some(s => s.kind === "city" && s.sides.length === 3);
  // The river runs under the roads, which cross it on bridges.
  if (lay) for (const seg of tt.segments.filter(s => s.kind === "river")) drawRiver(inner, seg, tt);
  for (const seg of roads) {
    const d = roadPath(seg, lay ? tt.roadEnd(seg) : hub || monastery);
    inner.append(el("path", { class: "road-edge", d }), el("path", { class: "road", d, "data-seg": segName(seg, rot) }));
  }
  if (lay) {
    for (const d of lay.hedges) inner.append(el("path", { class: "hedge", d }));
    for (const { at, dir } of lay.bridges) {
      const n = [-dir[1], dir[0]], rail = (side) => {
        const c = [at[0] + n[0] * 6.5 * side, at[1] + n[1] * 6.5 * side];
        return `M${c[0] - dir[0] * 11},${c[1] - dir[1] * 11}L${c[0] + dir[0] * 11},${c[1] + dir[1] * 11}`;
      };
      inner.append(el("path", { class: "bridge", d: rail(1) + rail(-1) }));
    }
  }
  // Houses stand upright whatever the tile's rotation: they go in the outer group, at turned spots, all
  // of a tile's in three paths (walls, roofs, doors), which a browser draws faster than a use each.
  const upright = [], houses = [];
  for (const seg of tt.segments) {
    if (seg.kind !== "city") continue;
    const { area, wall } = lay ? cityShape(seg.sides, tt.squeeze) : cityShape(seg.sides);
    // A battlemented wall: the merlons are a wide dashed stroke drawn before the city, whose area hides
    // their inner half, so that they stand only on the field's side; the wall's walk runs over them.
    if (wall) inner.append(el("path", { class: "merlons-edge", d: wall }), el("path", { class: "merlons", d: wall }));
    inner.append(el("path", { class: "city", d: area, "data-seg": segName(seg, rot) }));
    if (wall) inner.append(el("path", { class: "wall", d: wall }), el("path", { class: "wall-stones", d: wall }));
    if (!lay) for (const p of houseSpots(seg.sides)) houses.push([...turn(p, rot), 1.4]);
  }
  if (lay) for (const p of lay.houses) houses.push([...turn(p, rot), 1.4]);
  if (hub) houses.push(lay ? [...turn(tt.hubAt, rot), 1.7] : [50, 49, 1.7]);
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
    const abbey = [el("path", { class: "monastery", "data-seg": "monastery", d: "M36,67V46H64V67Z" }),
      el("path", { class: "abbey-roof", d: "M33,47.5L50,34L67,47.5Z" }),
      el("path", { class: "abbey-tower", d: "M44.5,44V23H55.5V44Z" }),
      el("path", { class: "abbey-roof", d: "M42.5,24L50,15.5L57.5,24Z" }),
      el("path", { class: "abbey-door", d: "M46.5,67V60a3.5,3.5 0 0 1 7,0V67Z" }),
      el("path", { class: "abbey-window", d: "M48.6,33.5V30a1.4,1.4 0 0 1 2.8,0V33.5Z" }),
      el("path", { class: "cross", d: "M50,16V4.5M46,8.5H54" })];
    // Beside a river the monastery stands smaller, north of the water.
    if (lay && (lay.abbey[0] !== 50 || lay.abbey[1] !== 46)) {
      const [x, y] = turn(lay.abbey, rot);
      upright.push(el("g", { class: "abbey-moved", transform: `translate(${x} ${y}) scale(0.7) translate(-50 -46)` }, abbey));
    } else upright.push(...abbey);
  }
  for (const seg of tt.segments) {
    if (seg.kind === "field") inner.append(el("circle", { class: "field-mark", "data-seg": segName(seg, rot), cx: seg.spot[0], cy: seg.spot[1], r: 0.1 }));
  }
  if (lay) {
    for (const d of lay.decor) {
      if (d.kind === "arms") continue;
      const [x, y] = turn(d.at, rot);
      const extra = d.kind === "garden" ? { "data-seg": "garden" } : d.kind === "goods" ? { "data-goods": d.goods } : {};
      const href = "#carc-" + (d.kind === "goods" ? d.goods : d.kind);
      // The inn's pond lies on the side away from the road: the picture is mirrored when that is the left.
      const flip = d.kind === "inn" && turn([50 + d.away[0], 50 + d.away[1]], rot)[0] < 50 ? " scale(-1 1)" : "";
      const size = { inn: " scale(1.35)", goods: " scale(1.2)" }[d.kind] || "";
      upright.push(el("use", { class: "feature " + d.kind, href, transform: `translate(${+x.toFixed(1)} ${+y.toFixed(1)})${flip}${size}`, ...extra }));
    }
  }
  g.append(...upright);
  if (tt.arms && tt.armsSpot) {
    const [x, y] = turn(tt.armsSpot, rot);
    g.append(el("use", { class: "arms", href: "#carc-shield", transform: `translate(${x} ${y})` }));
  }
  if (opts.meeples) drawFigures(g, letter, rot, opts.meeples);
  return g;
}

// drawRiver draws a river segment: its banks, its water and a few ripples; the spring's pool among stones,
// or the lake it ends in.
function drawRiver(inner, seg, tt) {
  const r = riverShape(seg, tt);
  const tag = { "data-river": SIDES[seg.sides[0]] };
  inner.append(el("path", { class: "river-bank", d: r.path }));
  if (r.pool) inner.append(el("path", { class: "pool-bank", d: r.pool }));
  inner.append(el("path", { class: "river", d: r.path, ...tag }));
  if (r.pool) inner.append(el("path", { class: r.lake ? "lake" : "spring", d: r.pool, ...tag }));
  inner.append(el("path", { class: "ripple", d: r.path }));
  if (r.lake) {
    const [x, y] = r.lake;
    inner.append(el("path", { class: "ripple lake-ripple", d: `M${x - 12},${y - 4}q4,-2 8,0t8,0M${x - 4},${y + 7}q4,-2 8,0t8,0` }),
      el("path", { class: "reeds", d: `M${x + 22},${y + 10}v-7M${x + 24},${y + 11}l1.5,-6M${x + 20},${y + 11}l-1.5,-6M${x - 24},${y - 9}v-7M${x - 22},${y - 8}l1.5,-6` }));
  }
  if (r.spring) {
    const [x, y] = r.spring;
    inner.append(el("circle", { class: "spring-eye", cx: x, cy: y, r: 4.5 }),
      el("path", { class: "ripple lake-ripple", d: `M${x - 7.5},${y}a7.5,6 0 1 0 15,0a7.5,6 0 1 0 -15,0` }));
    inner.append(el("path", { class: "stones", d: [[-13, -4], [-11, 6], [12, -5], [13, 5], [3, -10.5], [-5, -10], [-4, 10.5], [6, 10]].map(([dx, dy]) =>
      `M${x + dx - 2.2},${y + dy}a2.2,1.8 0 1 0 4.4,0a2.2,1.8 0 1 0 -4.4,0Z`).join("") }));
  }
}

// drawFigures stands the figures of a tile on their segments; two on one segment (a pig by its farmer, a
// builder by its meeple, the mage in a city of knights) stand side by side.
export function drawFigures(g, letter, rot, figs) {
  const count = {};
  for (const m of figs) {
    const k = count[m.segment] = (count[m.segment] || 0) + 1;
    const [x, y] = spotOf(letter, rot, m.segment);
    // A figure is some 30 units wide: a step of 17 leaves each in view.
    const shift = k === 1 ? 0 : (k % 2 ? -1 : 1) * 17 * Math.ceil((k - 1) / 2);
    const at = [x + shift, y];
    g.append(m.figure === "mage" || m.figure === "witch" ? neutralFigure(at, m.figure, segKind(letter, rot, m.segment))
      : meeple(at, m.seat, {}, segKind(letter, rot, m.segment), m.figure || "meeple"));
  }
}

// spotOf is where a meeple on the named segment of a laid tile stands.
export function spotOf(letter, rot, name) {
  const tt = TILES[letter];
  if (!tt.base) prepare(tt);
  const seg = tt.segments.find(s => segName(s, rot) === name);
  return seg && seg.spot ? turn(seg.spot, rot) : [50, 50];
}

// meeple draws a seat's figure in its colour and mark at p, larger than the spot's circle so that it reads
// at a glance: lying down on a field (a farmer, as the rules lay it), beside the building on a monastery
// (so that the monastery and its cross stay in view), standing elsewhere. figure is the kind (figures.js
// draws each by its own silhouette); a plain meeple when absent.
export function meeple([x, y], seat, extra = {}, kind = "", figure = "meeple") {
  artDefs("carc-art", defs);
  // Beside a garden, as beside a monastery, so that the garden stays in view.
  const [dx, dy] = kind === "monastery" ? [24, 22] : kind === "garden" ? [13, 7] : [0, 0];
  const f = figure !== "meeple" && FIGURES[figure];
  const lie = kind === "field" && (!f || f.lies) ? " rotate(-90)" : "";
  const d = f ? f.d : MEEPLE, scale = f ? 1.6 * (f.scale || 1) : 1.6;
  const g = el("g", { class: `meeple seat-${seat}` + (kind === "field" ? " farmer" : "") + (f ? " fig-" + figure : ""), "data-seat": String(seat),
    ...(f ? { "data-figure": figure } : {}), ...extra, transform: `translate(${x + dx} ${y + dy})${lie} scale(${scale})` },
  el("path", { class: "meeple-body", d }),
  el("path", { class: "meeple-mark", d, fill: `url(#carc-mark-${markOf(seat)})` }));
  if (f && f.detail) g.append(el("path", { class: "fig-detail", d: f.detail }));
  return g;
}

// markOf is the pattern of a seat's mark: the sixth seat's (Inns & Cathedrals) is among the expansions'
// definitions, so that a base game's page keeps exactly its own.
function markOf(seat) {
  if (seat !== 5) return seat % SEAT_MARKS.length;
  artDefs("carc-art-x", expansionDefs);
  return 5;
}

// neutralFigure draws the mage or the witch, which belong to no seat: their own colours and silhouettes.
export function neutralFigure([x, y], figure, kind = "", extra = {}) {
  artDefs("carc-art", defs);
  const f = FIGURES[figure];
  const [dx, dy] = kind === "monastery" ? [24, 22] : kind === "garden" ? [13, 7] : [0, 0];
  return el("g", { class: `meeple neutral fig-${figure}`, "data-figure": figure, ...extra, transform: `translate(${x + dx} ${y + dy}) scale(1.6)` },
    el("path", { class: "meeple-body", d: f.d }), f.detail ? el("path", { class: "fig-detail", d: f.detail }) : null);
}

// figureIcon draws one figure alone, size pixels high, for the buttons and the rules.
export function figureIcon(figure, seat, size = 22) {
  // One frame for all, so that the large meeple shows larger and the builder taller, as on the board.
  const svg = el("svg", { class: "figure-icon", viewBox: "-19 -25 38 44", width: size, height: size, "aria-hidden": "true" });
  const g = figure === "mage" || figure === "witch" ? neutralFigure([0, 0], figure) : meeple([0, 0], seat, {}, "", figure);
  g.setAttribute("transform", `scale(${FIGURES[figure] ? FIGURES[figure].scale || 1 : 1})`);
  svg.append(g);
  return svg;
}

// goodsIcon draws a goods token (wine, grain, cloth), size pixels wide.
export function goodsIcon(kind, size = 18) {
  artDefs("carc-art-x", expansionDefs);
  return el("svg", { class: "goods-icon", viewBox: "-7.5 -7.5 15 15", width: size, height: size, "aria-hidden": "true" }, el("use", { href: "#carc-" + kind }));
}

// segKind is the kind of the named segment of a tile ("field", "road", "city", "monastery"), "" if none.
export function segKind(letter, rot, name) {
  const seg = TILES[letter].segments.find(s => segName(s, rot) === name);
  return seg ? seg.kind : "";
}
