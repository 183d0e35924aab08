// Shapes, orientations and the map text format (shared/formats/cartographers-map.md), as the client
// needs them to preview a placement before the server judges it.

export const SIZE = 11;

const kinds = { F: "forest", V: "village", A: "farm", W: "water", X: "monster", H: "hero",
  M: "mountain", "#": "wasteland", "*": "destroyed", ".": "empty" };

// parseMap reads the view's map text into 121 cells {kind, ruins}.
export function parseMap(text) {
  const cells = [];
  for (const line of text.split("\n")) {
    const row = line.replace(/[ \t\r]/g, "");
    if (!row || row[0] === ";") continue;
    for (const ch of row) {
      if (ch === "r") cells.push({ kind: "empty", ruins: true });
      else if (ch === "+") cells.push({ kind: "destroyed", ruins: true });
      else if (kinds[ch]) cells.push({ kind: kinds[ch], ruins: false });
      else cells.push({ kind: kinds[ch.toUpperCase()] || "empty", ruins: true });
    }
  }
  while (cells.length < SIZE * SIZE) cells.push({ kind: "empty", ruins: false });
  return cells;
}

export const cellAt = (cells, r, c) => cells[r * SIZE + c];
export const onMap = (r, c) => r >= 0 && r < SIZE && c >= 0 && c < SIZE;

// orient mirrors left-right (flip) and then turns a quarter clockwise rot times; the result is moved to
// start at row 0, column 0 and sorted in reading order.
export function orient(cells, rot, flip) {
  let out = cells.map(([r, c]) => [r, flip ? -c : c]);
  for (let i = 0; i < ((rot % 4) + 4) % 4; i++) out = out.map(([r, c]) => [c, -r]);
  return normalise(out);
}

export function normalise(cells) {
  const r0 = Math.min(...cells.map(x => x[0])), c0 = Math.min(...cells.map(x => x[1]));
  return cells.map(([r, c]) => [r - r0, c - c0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

// orientOffsets turns a hero's attack pattern the same way, around the hero's space (no normalising).
export function orientOffsets(offs, rot, flip) {
  let out = offs.map(([r, c]) => [r, flip ? -c : c]);
  for (let i = 0; i < ((rot % 4) + 4) % 4; i++) out = out.map(([r, c]) => [c, -r]);
  return out;
}

// anchorOf is the shape's cell nearest the middle of its bounding box: the cell that follows the pointer.
export function anchorOf(cells) {
  const h = Math.max(...cells.map(x => x[0])), w = Math.max(...cells.map(x => x[1]));
  let best = cells[0], bd = Infinity;
  for (const [r, c] of cells) {
    const d = (r - h / 2) ** 2 + (c - w / 2) ** 2;
    if (d < bd - 1e-9) { bd = d; best = [r, c]; }
  }
  return best;
}

// placeAt puts an oriented shape so that its anchor is on the cell [r, c].
export function placeAt(cells, r, c) {
  const [ar, ac] = anchorOf(cells);
  return cells.map(([dr, dc]) => [r + dr - ar, c + dc - ac]);
}

const isEmpty = (cell) => cell.kind === "empty";

// check judges a set of cells for the pending decision as the rules would: on the map, on empty spaces,
// over a ruins space when the decision asks for one, on a marked space for Gorgon and Troll.
// It returns {ok, bad: [indexes of offending cells], reason}.
export function check(map, cells, mode, targets) {
  const bad = [];
  let reason = "";
  const inTargets = ([r, c]) => (targets || []).some(t => t[0] === r && t[1] === c);
  if (mode === "target") {
    // Gorgon and Troll: the engine lists the spaces allowed (a Gorgon may destroy a filled space).
    const ok = cells.every(inTargets);
    return { ok, bad: ok ? [] : cells.map((_, i) => i), reason: ok ? "ok" : "illegalTarget" };
  }
  cells.forEach(([r, c], i) => {
    if (!onMap(r, c)) { bad.push(i); reason = reason || "illegalOff"; return; }
    if (!isEmpty(cellAt(map, r, c))) { bad.push(i); reason = reason || "illegalFilled"; }
  });
  if (bad.length) return { ok: false, bad, reason };
  if (mode === "ruins" && !cells.some(inTargets)) {
    return { ok: false, bad: cells.map((_, i) => i), reason: "illegalRuins" };
  }
  return { ok: true, bad: [], reason: "ok" };
}

export const key = ([r, c]) => r + "," + c;
