// Where things lie on an expansion tile: the figures' spots and the pictures (the cathedral, the garden, the
// inn and its pond, the goods, the portal, the coat of arms). The base rows give theirs by hand; an
// expansion row gives only its segments, so the spots are found here, once per tile type, on a 50x50 grid
// of the canonical tile: each segment's area is rasterised (a canvas tests the same paths the tile is drawn
// with), the fields are told apart by flood fill and matched to their half-edges, and each thing goes where
// it is farthest from everything already placed, within its segment.

import { cityShape, roadPath, riverShape, houseSpots, HALF_POINTS } from "./tiles.js";

const MID_OF = [[50, 0], [100, 50], [50, 100], [0, 50]];
const STEP = 2, GN = 50, CELLS = GN * GN;
const px = (i) => (i % GN) * STEP + 1, py = (i) => Math.floor(i / GN) * STEP + 1;

let ctx2d = null;
function ctx() {
  if (!ctx2d) ctx2d = document.createElement("canvas").getContext("2d");
  return ctx2d;
}

function mask(test) {
  const m = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) if (test(px(i), py(i))) m[i] = 1;
  return m;
}
const inFill = (d) => { const p = new Path2D(d), c = ctx(); return (x, y) => c.isPointInPath(p, x, y); };
const inStroke = (d, w) => {
  const p = new Path2D(d), c = ctx();
  return (x, y) => { c.lineWidth = w; c.lineCap = "butt"; return c.isPointInStroke(p, x, y); };
};
const and = (a, b) => a.map((v, i) => v && b[i] ? 1 : 0);
const or = (a, b) => a.map((v, i) => v || b[i] ? 1 : 0);
const not = (a) => a.map(v => v ? 0 : 1);
const any = (m) => m.some(v => v);

// distances is, for each cell of m, how far the nearest cell outside m (or the tile's edge) lies: a
// two-pass chamfer, good to a few per cent.
function distances(m) {
  const d = new Float32Array(CELLS), a = STEP, b = STEP * Math.SQRT2;
  for (let i = 0; i < CELLS; i++) d[i] = m[i] ? 1e9 : 0;
  for (let y = 0; y < GN; y++) for (let x = 0; x < GN; x++) {
    const i = y * GN + x;
    if (!d[i]) continue;
    let v = d[i];
    if (x > 0) v = Math.min(v, d[i - 1] + a);
    if (y > 0) {
      v = Math.min(v, d[i - GN] + a);
      if (x > 0) v = Math.min(v, d[i - GN - 1] + b);
      if (x < GN - 1) v = Math.min(v, d[i - GN + 1] + b);
    }
    d[i] = v;
  }
  for (let y = GN - 1; y >= 0; y--) for (let x = GN - 1; x >= 0; x--) {
    const i = y * GN + x;
    if (!d[i]) continue;
    let v = d[i];
    if (x < GN - 1) v = Math.min(v, d[i + 1] + a);
    if (y < GN - 1) {
      v = Math.min(v, d[i + GN] + a);
      if (x < GN - 1) v = Math.min(v, d[i + GN + 1] + b);
      if (x > 0) v = Math.min(v, d[i + GN - 1] + b);
    }
    d[i] = v;
  }
  for (let i = 0; i < CELLS; i++) if (m[i]) d[i] = Math.min(d[i], px(i), 100 - px(i), py(i), 100 - py(i));
  return d;
}

function disk(m, [x, y], r, v = 1) {
  for (let i = 0; i < CELLS; i++) if (Math.hypot(px(i) - x, py(i) - y) < r) m[i] = v;
}

// INSET keeps a figure's spot off the tile's edge, where the next tile would hide half of it.
const INSET = mask((x, y) => x > 8 && x < 92 && y > 8 && y < 92);

// best is the cell of cand that lies farthest from the edge of room (up to cap), the one nearest the
// middle of cand among equals; null when cand is empty.
function best(cand, room, cap) {
  const d = distances(room);
  let cx = 0, cy = 0, n = 0;
  for (let i = 0; i < CELLS; i++) if (cand[i]) { cx += px(i); cy += py(i); n++; }
  if (!n) return null;
  cx /= n; cy /= n;
  let top = -Infinity, at = null;
  for (let i = 0; i < CELLS; i++) {
    if (!cand[i]) continue;
    const k = Math.min(d[i], cap) - 0.05 * Math.hypot(px(i) - cx, py(i) - cy);
    if (k > top) { top = k; at = [px(i), py(i)]; }
  }
  return at;
}

// components splits m into its 4-connected parts.
function components(m) {
  const id = new Int16Array(CELLS).fill(-1), parts = [];
  for (let s = 0; s < CELLS; s++) {
    if (!m[s] || id[s] >= 0) continue;
    const part = new Uint8Array(CELLS), stack = [s];
    id[s] = parts.length;
    while (stack.length) {
      const i = stack.pop();
      part[i] = 1;
      const x = i % GN;
      for (const j of [x > 0 ? i - 1 : -1, x < GN - 1 ? i + 1 : -1, i - GN, i + GN]) {
        if (j >= 0 && j < CELLS && m[j] && id[j] < 0) { id[j] = parts.length; stack.push(j); }
      }
    }
    parts.push(part);
  }
  return { parts, id };
}

// partAt is the part of a field nearest a point of its border (a half-edge's middle).
function partAt(comp, [x, y]) {
  let top = Infinity, at = -1;
  for (let i = 0; i < CELLS; i++) {
    if (comp.id[i] < 0) continue;
    const d = Math.hypot(px(i) - x, py(i) - y);
    if (d < top) { top = d; at = comp.id[i]; }
  }
  return top < 14 ? at : -1;
}

// SPOT_GAP keeps two figures' click circles (radius 11) apart.
const SPOT_GAP = 23;

// layout places everything on an expansion tile type, in its canonical orientation.
export function layout(tt) {
  const segs = tt.segments;
  const river = segs.find(s => s.kind === "river");
  const abbey = segs.some(s => s.kind === "monastery") ? (river ? [50, 30] : [50, 46]) : null;
  const out = { spots: [], houses: [], decor: [], abbey, arms: null };
  const city = segs.map(s => s.kind === "city" ? mask(inFill(cityShape(s.sides, tt.squeeze).area)) : null);
  const cities = city.reduce((a, m) => m ? or(a, m) : a, new Uint8Array(CELLS));
  const hub = tt.hub;
  const roadLine = segs.map(s => s.kind === "road" ? and(mask(inStroke(roadPath(s, tt.roadEnd(s)), 4)), not(cities)) : null);
  let water = new Uint8Array(CELLS), roads = new Uint8Array(CELLS);
  for (const s of segs) {
    if (s.kind === "road") roads = or(roads, mask(inStroke(roadPath(s, tt.roadEnd(s)), 14)));
    if (s.kind === "river") {
      const r = riverShape(s, tt);
      water = or(water, mask(inStroke(r.path, 21)));
      if (r.pool) water = or(water, mask(inFill(r.pool)));
    }
  }
  // A road crossing the river crosses it on a bridge, where their middle lines meet.
  out.bridges = [];
  if (river) {
    const flow = segs.filter(s => s.kind === "river").reduce((a, s) => or(a, mask(inStroke(riverShape(s, tt).path, 5))), new Uint8Array(CELLS));
    segs.forEach((s, i) => {
      if (s.kind !== "road") return;
      const cross = and(mask(inStroke(roadPath(s, tt.roadEnd(s)), 5)), flow);
      let x = 0, y = 0, n = 0;
      for (let j = 0; j < CELLS; j++) if (cross[j]) { x += px(j); y += py(j); n++; }
      if (!n) return;
      const a = MID_OF[s.sides[0]], b = s.sides.length === 2 ? MID_OF[s.sides[1]] : [50, 50];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      out.bridges.push({ at: [x / n, y / n], dir: [(b[0] - a[0]) / len, (b[1] - a[1]) / len] });
    });
  }
  // taken: what a picture may not overlap; the houses, the monastery and the village are fixed.
  const taken = new Uint8Array(CELLS);
  const put = (kind, at, r, extra = {}) => { if (!at) return null; disk(taken, at, r); out.decor.push({ kind, at, ...extra }); return at; };
  if (abbey) disk(taken, [abbey[0], abbey[1] - 8], river ? 17 : 24);
  if (hub) disk(taken, tt.hubAt, 9);
  if (tt.farmhouse === 1) disk(taken, [77, 78], 10);
  const free = and(not(or(or(cities, roads), water)), not(taken));

  // The cathedral stands in the middle of its city; the houses keep clear of it.
  segs.forEach((s, i) => {
    if (s.cathedral) put("cathedral", best(and(city[i], not(taken)), and(city[i], not(taken)), 30), 20);
  });
  for (const s of segs) {
    if (s.kind !== "city") continue;
    for (const p of houseSpots(s.sides)) {
      if (out.decor.some(d => d.kind === "cathedral" && Math.hypot(d.at[0] - p[0], d.at[1] - p[1]) < 26)) continue;
      out.houses.push(p);
      disk(taken, p, 8);
    }
  }
  const open = () => and(free, not(taken));
  // The garden lies in the widest stretch of field.
  if (segs.some(s => s.kind === "garden")) put("garden", best(open(), open(), 16), 17);
  // An inn stands by its road, its pond beside it.
  segs.forEach((s, i) => {
    if (!s.inn) return;
    const near = distances(not(roadLine[i]));
    const cand = and(open(), mask((x, y) => { const j = Math.floor((y - 1) / STEP) * GN + Math.floor((x - 1) / STEP); return near[j] >= 11 && near[j] <= 19; }));
    const at = best(cand, open(), 12);
    if (at) {
      // The pond lies on the inn's side away from the road: the road's nearest point tells which way.
      let top = Infinity, rp = at;
      for (let j = 0; j < CELLS; j++) if (roadLine[i][j]) { const d = Math.hypot(px(j) - at[0], py(j) - at[1]); if (d < top) { top = d; rp = [px(j), py(j)]; } }
      put("inn", at, 13, { away: [at[0] - rp[0], at[1] - rp[1]] });
    }
  });
  // The coat of arms and the goods in their cities.
  const biggest = city.map((m, i) => [m ? m.reduce((a, v) => a + v, 0) : -1, i]).sort((a, b) => b[0] - a[0])[0];
  if (tt.arms && biggest && biggest[0] > 0) {
    const room = and(city[biggest[1]], not(taken));
    out.arms = put("arms", best(room, room, 10), 10);
  }
  segs.forEach((s, i) => {
    for (const g of s.goods) { const room = and(city[i], not(taken)); put("goods", best(room, room, 9), 9, { goods: g }); }
  });
  if (tt.portal) { const room = and(or(free, cities), not(taken)); put("portal", best(room, room, 13), 13); }

  // The figures' spots: the monastery and the garden first (their buildings), then cities, roads, fields.
  const near = new Uint8Array(CELLS);
  const spot = (i, at) => { out.spots[i] = at; if (at) disk(near, at, SPOT_GAP); };
  // pick prefers a spot inside the inset and clear of the others, then one inside the inset, then any.
  const pick = (cand, room) => best(and(and(cand, not(near)), INSET), room, 12) || best(and(cand, INSET), room, 12) || best(cand, room, 12);
  segs.forEach((s, i) => {
    if (s.kind === "monastery") spot(i, abbey);
    if (s.kind === "garden") spot(i, out.decor.find(d => d.kind === "garden")?.at || [50, 50]);
  });
  segs.forEach((s, i) => {
    if (s.kind !== "city") return;
    const room = and(city[i], not(taken));
    spot(i, pick(any(room) ? room : city[i], any(room) ? room : city[i]));
  });
  segs.forEach((s, i) => {
    if (s.kind !== "road") return;
    const room = not(taken);
    spot(i, pick(any(and(roadLine[i], room)) ? and(roadLine[i], room) : roadLine[i], room));
  });
  let comp = components(free);
  // Two fields the drawing would join (the roads part them on the art, not in our simpler picture) are
  // parted by a hedge from the corner between their half-edges to the middle.
  out.hedges = [];
  const fields = segs.filter(s => s.kind === "field");
  for (const [h1, h2, corner] of [[1, 2, [100, 0]], [3, 4, [100, 100]], [5, 6, [0, 100]], [7, 0, [0, 0]]]) {
    const a = fields.find(f => f.halves.includes(h1)), b = fields.find(f => f.halves.includes(h2));
    if (!a || !b || a === b || partAt(comp, HALF_POINTS[h1]) !== partAt(comp, HALF_POINTS[h2]) || partAt(comp, HALF_POINTS[h1]) < 0) continue;
    // The hedge runs from the corner through the middle (or to the village) until it meets a wall, a road
    // or the water, so that it parts the fields indeed.
    const to = hub ? tt.hubAt : [50, 50], len = Math.hypot(to[0] - corner[0], to[1] - corner[1]);
    const dir = [(to[0] - corner[0]) / len, (to[1] - corner[1]) / len];
    let end = to;
    for (let d = 8; d < 142; d += 1) {
      const x = corner[0] + dir[0] * d, y = corner[1] + dir[1] * d;
      if (x < 0 || x > 100 || y < 0 || y > 100) break;
      const j = Math.min(GN - 1, Math.floor(y / STEP)) * GN + Math.min(GN - 1, Math.floor(x / STEP));
      end = [+x.toFixed(1), +y.toFixed(1)];
      if (!free[j]) break;
    }
    out.hedges.push(`M${corner}L${end}`);
  }
  if (out.hedges.length) comp = components(and(free, not(mask(inStroke(out.hedges.join(""), 5)))));
  const fieldless = comp.parts.map((_, k) => k);
  const fieldParts = segs.map(s => {
    if (s.kind !== "field") return null;
    const ks = [...new Set(s.halves.map(h => partAt(comp, HALF_POINTS[h])).filter(k => k >= 0))];
    for (const k of ks) if (fieldless.includes(k)) fieldless.splice(fieldless.indexOf(k), 1);
    return ks;
  });
  segs.forEach((s, i) => {
    if (s.kind !== "field") return;
    // A field that touches no half-edge (a yard closed by cities) is the largest part no other field
    // claimed (the slivers where two cities' walls meet at a corner are no field).
    let ks = fieldParts[i];
    if (!ks.length && fieldless.length) {
      fieldless.sort((a, b) => comp.parts[b].reduce((n, v) => n + v, 0) - comp.parts[a].reduce((n, v) => n + v, 0));
      ks = [fieldless.shift()];
    }
    let room = and(ks.reduce((a, k) => or(a, comp.parts[k]), new Uint8Array(CELLS)), not(taken));
    if (!any(room)) room = open();
    spot(i, pick(room, room) || [50, 50]);
  });
  return out;
}
