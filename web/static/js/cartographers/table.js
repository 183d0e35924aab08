// The Cartographers table: the sheet, the controls of the seat to act (shape, terrain, rotation, placing by
// pointer, drag or keys), sending moves and undos, what changed since the last view (ambushes, new
// spaces), season scoring step by step, other players' sheets. The match shell (match.js) calls
// table, notice and key (index.js).

import { api } from "../api.js";
import { h, put, focusOnKeyUp } from "../dom.js";
import { el } from "../dom.js";
import { drawSheet, CS, cellFromPoint, shapeIcon, cellName, glyph, glyphIcon } from "./sheet.js";
import { parseMap, orient, orientOffsets, placeAt, check, onMap, key, SIZE } from "./shapes.js";
import { t, list, cardName, terrainName, seasonName, refusalText } from "../i18n.js";
import { calm, flyPoints, rectOf } from "../motion.js";
import { endLinks, rematchControls, rematchNotice } from "../rematch.js";
import { clockChip } from "../clock.js";
import { modal, playerName, isOffline, rulesButton, openRules, keyed, TOUCH_LIFT } from "../ui.js";
import { scoreBox, cardFace, timeTrack, seasonCards, edictCards, bindHighlight, opponents, bigSheet,
  finalPanel, seasonTime, monsterLegend, rulesReference, SEASON_EDICTS } from "./board.js";

// ---------- what changed since the last view ----------

export function noticeChanges(s) {
  const v = s.view, p = s.prev;
  s.changed = new Set();
  s.notice = "";
  if (!v) return;
  const mine = myIndex(s);
  const own = v.sheets[mine];
  if (p && own && p.sheets[mine]) {
    const a = parseMap(p.sheets[mine].map), b = parseMap(own.map);
    // Spaces the viewer drew itself are not news (the envelope that carries them may come after
    // another one, so the last move is kept until the next).
    const mv = s.lastMove || { cells: new Set(), kind: "" };
    for (let i = 0; i < a.length; i++) {
      const k = key([Math.floor(i / SIZE), i % SIZE]);
      if (a[i].kind !== b[i].kind && !(mv.cells.has(k) && b[i].kind === mv.kind)) s.changed.add(k);
    }
    // The spaces that changed without the viewer drawing them tell what happened; the view's list of
    // revealed ambushes names the monster (a solo ambush is resolved between two explore cards).
    const kindsNow = [...s.changed].map(k => { const [r, c] = k.split(",").map(Number); return b[r * SIZE + c].kind; });
    const scoredNow = (own.seasons || []).length > (p.sheets[mine].seasons || []).length;
    // New monster spaces come from an ambush revealed since the last view (solo: drawn at once), from
    // the latest ambush outside season scoring (multiplayer: a neighbour draws it later), or from the
    // zombies spreading after a season's scoring.
    const specials = v.specials || [];
    const ambushes = specials.filter(sp => sp.card.type === "ambush");
    const ambush = ambushes[ambushes.length - 1];
    const revealedNow = specials.slice((p.specials || []).length).some(sp => sp.card.type === "ambush");
    const notes = [];
    if (kindsNow.includes("monster")) {
      if (revealedNow || !scoredNow) notes.push(ambush ? t("ambushNamed", { card: cardName(ambush.card.name) }) : t("ambushDrawn"));
      if (scoredNow && ambushes.some(sp => sp.card.name === "Zombie Plague")) notes.push(t("zombieSpread"));
    }
    if (kindsNow.includes("destroyed")) notes.push(t("spacesDestroyed"));
    // While the viewer draws a monster on a neighbour's map, that map is the big one and their own is a
    // thumbnail: the notice about their own map says where to find it.
    const d = v.decision;
    if (notes.length && d && d.sheet !== mine) notes.push(t("ownMapBelow"));
    s.notice = notes.join(" ");
    if (s.changed.size) s.notice = (s.notice ? s.notice + " " : "") + t("newSpaces");
  }
  // Season scoring, shown step by step, once per season as it happens.
  const scored = own ? (own.seasons || []).length : 0;
  if (s.seasonsSeen >= 0 && scored > s.seasonsSeen) keepCounted(s, v, own, scored - 1);
  if (s.seasonsSeen < 0) s.seasonsSeen = scored;
  // Spectators are not stopped by a dialog: they follow every sheet's score box.
  // Once the game is over only the last season's dialog is shown (it ends the game and offers the
  // rematch): seasons scored while the page was away are in the final table, not dialogs stacked on it.
  if (s.env.you) for (let i = v.over ? Math.max(s.seasonsSeen, scored - 1) : s.seasonsSeen; i < scored; i++) s.queue.push({ kind: "season", season: i });
  // Their points fly to the score box at once; a player's, as the season's dialog closes.
  else for (let i = s.seasonsSeen; i < scored; i++) (s.flights = s.flights || []).push(i);
  s.seasonsSeen = scored;
}

// keepCounted keeps the spaces each part of a season's score counted, for the steps shown as its dialog
// closes. The season's record holds only numbers; the view's projections are the same scoring of the same
// sheet, so the first view after the scoring gives the spaces, wherever its stars are the record's (they
// are not when the zombies spread after the scoring, or a later view came first: that part then flies
// from its card alone).
function keepCounted(s, v, own, season) {
  const sc = own.seasons[season];
  const [a, b] = SEASON_EDICTS[season];
  const same = (p, n) => (p && p.stars === n ? p.counted || [] : null);
  s.counted = s.counted || {};
  s.counted[season] = { edicts: [same(v.edicts[a].projected, sc.edicts[0]), same(v.edicts[b].projected, sc.edicts[1])],
    monsters: same(v.penalty, sc.monsters) };
}

// myIndex is the sheet the viewer plays (the first one for a spectator).
function myIndex(s) { return s.view && s.view.seat >= 0 && s.view.seat < s.view.sheets.length ? s.view.seat : 0; }

// ---------- the table ----------

function decisionKey(v) {
  const d = v.decision;
  if (!d) return "";
  return [v.season, v.time, (v.revealed || []).length, d.kind, d.sheet, d.mode, d.card && d.card.name].join("|");
}

function newCtl(d) {
  const terrains = decisionTerrains(d);
  // The first shape that fits somewhere is chosen to begin with.
  const first = (d.card.shapes || []).findIndex((_, i) => !(d.nowhere || []).includes(i));
  return { option: d.mode === "fallback" ? -1 : Math.max(0, first), terrain: terrains.length === 1 ? terrains[0] : null,
    rot: 0, flip: false, cursor: [5, 5], placed: null, drag: false };
}

function decisionTerrains(d) {
  if (!d) return [];
  if (d.kind === "draw") return d.terrains && d.terrains.length ? d.terrains : (d.card.terrains || []);
  if (d.kind === "ambush") return ["monster"];
  if (d.kind === "hero") return ["hero"];
  return [];
}

export function renderTable(main, s, token, accept) {
  const v = s.view, m = s.env.match, you = s.env.you;
  const d = v.decision;
  const dk = decisionKey(v);
  if (!d) s.ctl = null;
  const mine = myIndex(s);
  const sheetIdx = d ? d.sheet : mine;
  const sheet = v.sheets[sheetIdx];
  const map = parseMap(sheet.map);
  s.map = map;
  if (d && (!s.ctl || s.ctl.key !== dk)) {
    s.ctl = newCtl(d);
    s.ctl.key = dk;
    s.ctl.cursor = firstFit(s);
    // A Troll's or Gorgon's choice is one space from a list: the space shown is chosen already, so that
    // Confirm answers at once (it stayed disabled until the shown space was clicked again).
    if (checkMode(d) === "target" && check(map, currentCells(s).cells, "target", d.targets).ok) s.ctl.placed = s.ctl.cursor.slice();
  }

  // The spaces the viewer has just drawn settle in, once: the next redraw (a key, a hover) shows them still.
  const settle = sheetIdx === mine ? s.settle : null;
  s.settle = null;
  const svg = drawSheet(map, { hits: sheet.hits, coins: sheet.coins, monsters: sheet.monsters, settle, changed: sheetIdx === mine ? s.changed : null,
    label: playerName(m, sheet.seat) });
  svg.id = "main-sheet";
  svg.dataset.sheet = sheetIdx;
  s.svg = svg;

  const status = h("div", { class: "status", id: "status", role: "status" }, statusText(s));
  const sheetHead = h("h2", { class: "sheet-title" }, playerName(m, sheet.seat) + (you && sheet.seat === you.seat ? ` (${t("you")})` : ""));
  const sheetCol = h("section", { class: "sheet-col" }, sheetHead, h("div", { class: "sheet-wrap" }, svg),
    h("p", { class: "reason", id: "reason", "aria-live": "polite" }),
    scoreBox(v, v.sheets[mine], you != null && sheetIdx === mine,
      // Under a neighbour's sheet the box still holds the viewer's own scores: say whose they are.
      sheetIdx !== mine ? t("yourScore", { name: playerName(m, v.sheets[mine].seat) }) : ""));
  const side = h("section", { class: "side-col" });
  if (d) side.append(controls(s, token, accept));
  else if (!v.over) {
    side.append(h("div", { class: "panel waiting", id: "waiting" }, h("p", {}, waitingText(v, m, you)), cardFace(v.current, v),
      you && you.undoable ? h("p", {}, h("button", { type: "button", id: "undo", onclick: () => doUndo(s, token, accept) }, keyed(t("undo")))) : null));
  }
  side.append(h("div", { class: "panel" }, timeTrack(v), seasonCards(v)));
  // Projections count spaces of the viewer's own sheet: no highlight while another sheet is shown.
  const ownSvg = () => (sheetIdx === mine ? s.svg : null);
  side.append(h("div", { class: "panel" }, h("h3", {}, t("edicts")), edictCards(v, ownSvg)));
  const legend = monsterLegend(sheet, v);
  if (legend) side.append(legend);
  const opp = opponents(v, m, sheetIdx, (os) => openSheet(s, os));
  if (opp) side.append(opp);

  const screen = h("div", { class: "table", id: "table", "data-over": v.over ? "1" : "0",
    "data-decision": d ? d.kind : "", "data-mode": d ? d.mode : "", "data-must-act": you && you.must_act ? "1" : "0" },
  status, sheetCol, side);
  const parts = [screen];
  if (v.over) parts.unshift(h("section", { class: "panel final-panel", id: "final" }, h("h2", {}, t("gameOver")), finalPanel(v, m),
    ...endLinks(s, token)));
  put(main, ...parts);

  // Score highlights from the score box.
  for (const cell of main.querySelectorAll("#scorebox td[data-edict]")) {
    const e = v.edicts[Number(cell.dataset.edict)];
    if (e.projected) bindHighlight(cell, () => e.projected.counted, ownSvg);
  }
  const pen = main.querySelector("#scorebox td[data-penalty]");
  if (pen && v.penalty) bindHighlight(pen, () => v.penalty.counted, ownSvg);
  document.title = (v.over ? "" : d ? "● " : "") + t("title");

  if (d) bindSheet(s, token, accept);
  updatePreview(s);
  showQueue(s, main, token);
  for (const season of (s.flights || []).splice(0)) flySeason(s, season);
  drawStep(s);
  // Marks for the load-time figures of docs/client.md: the first sheet drawn, and the first one the
  // viewer can play on.
  if (!performance.getEntriesByName("sheet-shown").length) performance.mark("sheet-shown");
  if (s.firstSheet && d) {
    s.firstSheet = false;
    performance.mark("sheet-interactive");
  }
  svg.setAttribute("data-ready", "1");
}

function statusText(s) {
  const v = s.view, you = s.env.you;
  const parts = [h("span", { class: "season-chip" }, v.over ? seasonName(v.season) : `${seasonName(v.season)} · ${seasonTime(v)}/${v.threshold}`)];
  if (v.over) parts.push(h("strong", {}, t("gameOver")));
  else if (v.decision) parts.push(h("strong", { class: "your-turn" }, t("yourTurn")));
  if (!you) parts.push(h("span", {}, t("spectating")));
  parts.push(clockChip(s));
  parts.push(rulesButton(() => rulesReference(s.view), t));
  if (s.notice) parts.push(h("span", { class: "notice", id: "notice" }, s.notice));
  return parts;
}

function waitingText(v, m, you) {
  const names = (v.to_act || []).filter(x => !you || x !== you.seat).map(x => playerName(m, x));
  return names.length ? t("waitingFor", { names: list(names) }) : t("waitingOthers");
}


// ---------- controls of a decision ----------

function shapeOf(s) {
  const d = s.view.decision, c = s.ctl;
  if (d.kind === "draw" || d.kind === "ambush") {
    if (c.option < 0 || d.mode === "fallback") return [[0, 0]];
    return d.card.shapes[c.option].cells;
  }
  return [[0, 0]];
}

function currentCells(s) {
  const c = s.ctl;
  const shape = orient(shapeOf(s), c.rot, c.flip);
  const at = c.placed || c.cursor;
  return { shape, cells: placeAt(shape, at[0], at[1]) };
}

// firstFit is where the preview starts: the legal spot nearest the middle of the map, so that the
// first thing shown is a shape that fits (the centre itself when nothing does). Where the chosen shape fits
// nowhere as it lies (a Ruins demand is often met only turned, or by the other shape), the other shapes
// and orientations are tried too, and the first that fits becomes the choice.
function firstFit(s) {
  const d = s.view.decision, c = s.ctl;
  const options = c.option < 0 || d.mode === "fallback" || !(d.card.shapes || []).length ? [c.option]
    : [c.option, ...d.card.shapes.map((_, i) => i).filter(i => i !== c.option && !(d.nowhere || []).includes(i))];
  const orients = mayOrient(s) ? [0, 1, 2, 3].flatMap(rot => [[rot, false], [rot, true]]) : [[c.rot, c.flip]];
  const start = { option: c.option, rot: c.rot, flip: c.flip };
  for (const option of options) {
    for (const [rot, flip] of orients) {
      Object.assign(c, { option, rot, flip });
      let best = null, bd = Infinity;
      for (let r = 0; r < SIZE; r++) {
        for (let col = 0; col < SIZE; col++) {
          const dist = (r - 5) ** 2 + (col - 5) ** 2;
          if (dist >= bd) continue;
          c.cursor = [r, col];
          if (check(s.map, currentCells(s).cells, checkMode(d), d.targets).ok) { best = [r, col]; bd = dist; }
        }
      }
      if (best) return best;
    }
  }
  Object.assign(c, start);
  return [5, 5];
}

function checkMode(d) {
  if (d.kind === "gorgon" || d.kind === "troll") return "target";
  if (d.kind === "draw" && d.mode === "ruins") return "ruins";
  return "free";
}

function controls(s, token, accept) {
  const v = s.view, d = v.decision, c = s.ctl;
  const box = h("div", { class: "panel controls", id: "controls" });
  const m = s.env.match;
  const card = cardName(d.card.name);
  const intro = {
    draw: d.mode === "ruins" ? t("modeRuins") : d.mode === "fallback" ? t("modeFallback")
      : d.card.type === "rift" ? t("decideRift", { card }) : t("pickCell"),
    ambush: d.mode === "fallback" ? t("decideAmbushFallback", { card, name: playerName(m, d.sheet) })
      : t("decideAmbush", { name: playerName(m, d.sheet) }),
    hero: t("decideHero"), gorgon: t("decideGorgon"), troll: t("decideTroll"),
  }[d.kind];
  box.append(h("p", { class: "intro" + (d.mode === "ruins" || d.kind === "ambush" ? " alert" : ""), id: "intro" }, intro));
  box.append(cardFace(d.card, v));

  if ((d.kind === "draw" || d.kind === "ambush") && d.mode !== "fallback") {
    const shapes = d.card.shapes || [];
    box.append(h("div", { class: "options", role: "radiogroup", "aria-label": t("shapes") }, shapes.map((sh, i) => {
      // A shape that fits nowhere on the sheet is marked and cannot be chosen.
      const nowhere = (d.nowhere || []).includes(i);
      const b = h("button", { type: "button", class: "option" + (c.option === i ? " selected" : "") + (nowhere ? " nowhere" : ""), "data-option": i,
        "aria-pressed": c.option === i ? "true" : "false", disabled: nowhere, title: nowhere ? t("fitsNowhere") : `${t("shapes")} ${i + 1}` },
      shapeIcon(orient(sh.cells, c.rot, c.flip), c.terrain || (d.kind === "ambush" ? "monster" : "empty"), { coin: sh.coin }),
      h("span", {}, nowhere ? `${i + 1} · ${t("fitsNowhereShort")}` : String(i + 1)));
      b.addEventListener("click", () => { c.option = i; s.render(); });
      b.addEventListener("pointerdown", (e) => startDrag(s, e, i));
      return b;
    })));
  } else if (d.kind === "draw" || d.kind === "ambush") {
    const b = h("button", { type: "button", class: "option selected", id: "fallback", "data-option": "fallback" },
      shapeIcon([[0, 0]], c.terrain || "empty"), h("span", {}, t("fallback")));
    b.addEventListener("pointerdown", (e) => startDrag(s, e, -1));
    box.append(h("div", { class: "options" }, b));
  }
  if (d.kind === "hero") {
    const offs = orientOffsets(d.card.attack || [], c.rot, c.flip);
    // The hero's own space is drawn where [0,0] lands once the pattern is shifted to start at 0, 0.
    const r0 = Math.min(0, ...offs.map(o => o[0])), c0 = Math.min(0, ...offs.map(o => o[1]));
    box.append(h("div", { class: "attack", id: "attack" }, h("small", {}, t("attack")),
      shapeIcon([[-r0, -c0]], "hero", { hits: offs.map(([r, cc]) => [r - r0, cc - c0]) })));
  }
  const terrains = decisionTerrains(d);
  if (d.kind === "draw") {
    box.append(h("div", { class: "terrains", role: "radiogroup", "aria-label": t("terrain") }, terrains.map(k =>
      h("button", { type: "button", class: `terrain k-${k}` + (c.terrain === k ? " selected" : ""), "data-terrain": k,
        "aria-pressed": c.terrain === k ? "true" : "false", onclick: () => { c.terrain = k; s.render(); } }, glyphIcon(k, 20), terrainName(k)))));
  }
  const canOrient = mayOrient(s);
  const row = h("div", { class: "buttons" });
  if (canOrient) {
    row.append(h("button", { type: "button", id: "rotate", onclick: () => { c.rot = (c.rot + 1) % 4; s.render(); } }, keyed(t("rotate"))),
      h("button", { type: "button", id: "flip", onclick: () => { c.flip = !c.flip; s.render(); } }, keyed(t("flip"))));
  }
  row.append(h("button", { type: "button", id: "clear", onclick: () => { c.placed = null; s.render(); } }, keyed(t("clear"))),
    h("button", { type: "button", id: "confirm", class: "primary", onclick: () => confirmMove(s, token, accept) }, keyed(t("confirm"))));
  if (s.env.you && s.env.you.undoable) row.append(h("button", { type: "button", id: "undo", onclick: () => doUndo(s, token, accept) }, keyed(t("undo"))));
  box.append(row);
  // The keys this decision answers to, no more: "1-2 shape" only for a card of two shapes, T only for a
  // choice of terrains, R and F only where the shape may turn (the line once listed them all, always).
  const nShapes = (d.kind === "draw" || d.kind === "ambush") && d.mode !== "fallback" ? (d.card.shapes || []).length : 0;
  const keys = [t("keyMove"), canOrient ? t("keyRotate") : null, canOrient ? t("keyFlip") : null,
    d.kind === "draw" && terrains.length > 1 ? t("keyTerrain") : null, nShapes > 1 ? t("keyShape", { n: nShapes }) : null,
    t("keyConfirm"), t("keyClear"), s.env.you && s.env.you.undoable ? t("keyUndo") : null].filter(Boolean);
  box.append(h("p", { class: "muted small keys" }, `${t("keysLead")} ${keys.join(", ")}`));
  if (s.error) box.append(h("p", { class: "error", role: "alert", id: "move-error" }, s.error));
  return box;
}

// mayOrient tells whether rotating or flipping changes anything: not for a 1x1 (a rift card, a
// fallback), nor for a solo ambush or a fixed hero pattern, which the rules keep as printed.
function mayOrient(s) {
  const d = s.view.decision;
  if (d.kind === "hero") return d.may_rotate;
  if (d.kind !== "draw" && !(d.kind === "ambush" && d.may_rotate)) return false;
  return shapeOf(s).length > 1 || (d.mode !== "fallback" && (d.card.shapes || []).some(sh => sh.cells.length > 1));
}

// ---------- pointer: hover, click, drag and drop ----------

function bindSheet(s, token, accept) {
  const svg = s.svg;
  svg.addEventListener("pointermove", (e) => {
    if (s.ctl.drag || s.ctl.placed) return;
    const cell = cellFromPoint(svg, e.clientX, e.clientY);
    if (cell && (cell[0] !== s.ctl.cursor[0] || cell[1] !== s.ctl.cursor[1])) { s.ctl.cursor = cell; updatePreview(s); }
  });
  svg.addEventListener("pointerdown", (e) => {
    const cell = cellFromPoint(svg, e.clientX, e.clientY);
    if (!cell) return;
    e.preventDefault();
    s.ctl.cursor = cell;
    startDrag(s, e, null);
  });
}

// startDrag moves the shape with the pointer until it is let go. Moved by a finger, the shape is drawn a
// little above it (TOUCH_LIFT) and goes where it is drawn, so that the finger never hides it.
function startDrag(s, e, option) {
  const c = s.ctl;
  if (option !== null && option !== undefined) c.option = option;
  c.drag = true;
  // A tap places where it touched; a finger that moves lifts the shape above it.
  let lift = 0;
  const touch = e.pointerType === "touch", x0 = e.clientX, y0 = e.clientY;
  const move = (ev) => {
    if (touch && !lift && Math.hypot(ev.clientX - x0, ev.clientY - y0) > 8) lift = TOUCH_LIFT;
    const cell = cellFromPoint(s.svg, ev.clientX, ev.clientY - lift);
    if (cell) { c.cursor = cell; c.placed = null; updatePreview(s); }
  };
  const up = (ev) => {
    document.removeEventListener("pointermove", move);
    document.removeEventListener("pointerup", up);
    c.drag = false;
    const cell = cellFromPoint(s.svg, ev.clientX, ev.clientY - lift);
    if (cell) { c.cursor = cell; c.placed = cell; }
    s.render();
  };
  document.addEventListener("pointermove", move);
  document.addEventListener("pointerup", up);
}

// updatePreview redraws the shape at the cursor (or where it was placed): terrain-coloured where legal,
// red with the reason where not, the hero's hits as crosses.
function updatePreview(s) {
  if (!s.ctl || !s.svg) return;
  const d = s.view.decision, c = s.ctl;
  const layer = s.svg.querySelector(".preview");
  const { shape, cells } = currentCells(s);
  const res = check(s.map, cells, checkMode(d), d.targets);
  // Before a terrain is chosen the shape is shown uncoloured: the first terrain's colour would say
  // a choice the player has not made.
  const kind = c.terrain || (d.kind === "draw" ? "unchosen" : decisionTerrains(d)[0] || "destroyed");
  const nodes = [];
  for (const [r, cc] of d.targets || []) {
    nodes.push(el("rect", { x: cc * CS + 1.5, y: r * CS + 1.5, width: CS - 3, height: CS - 3, class: "target", "data-cell": key([r, cc]) }));
  }
  // An illegal shape is told by more than its colour (a village's red is close to the refusal's): hatched,
  // each space crossed, and the reason written beside it.
  hatch(s.svg);
  cells.forEach(([r, cc], i) => {
    if (!onMap(r, cc)) return;
    const bad = res.bad.includes(i) || !res.ok;
    nodes.push(el("rect", { x: cc * CS + 0.4, y: r * CS + 0.4, width: CS - 0.8, height: CS - 0.8,
      class: `pv k-${kind}` + (bad ? " bad" : "") + (c.placed ? " placed" : "") }));
    // The terrain's glyph too, as it will be drawn: the shape is told by more than its colour.
    const mark = bad ? null : glyph(kind, cc * CS, r * CS, CS, "glyph pv-glyph");
    if (mark) nodes.push(mark);
    if (bad) nodes.push(el("path", { d: `M${cc * CS + 2.5} ${r * CS + 2.5} l5 5 m0 -5 l-5 5`, class: "pv-cross" }));
  });
  if (!res.ok) nodes.push(whyLabel(cells, t(res.reason)));
  if (d.kind === "hero") {
    const [hr, hc] = cells[0];
    for (const [dr, dc] of orientOffsets(d.card.attack || [], c.rot, c.flip)) {
      const r = hr + dr, cc = hc + dc;
      if (!onMap(r, cc)) continue;
      nodes.push(el("path", { d: `M${cc * CS + 2} ${r * CS + 2} l6 6 m0 -6 l-6 6`, class: "hit preview-hit" }));
    }
  }
  layer.replaceChildren(...nodes);
  layer.dataset.cells = cells.map(key).join(";");
  layer.dataset.shape = shape.map(key).join(";");
  layer.dataset.legal = res.ok ? "1" : "0";
  layer.dataset.placed = c.placed ? "1" : "0";
  layer.dataset.orient = c.rot + (c.flip ? "f" : "");
  s.svg.dataset.cursor = key(c.cursor);
  const reason = document.getElementById("reason");
  if (reason) {
    const noTerrain = res.ok && d.kind === "draw" && !c.terrain;
    const ok = checkMode(d) === "target" ? t("okTarget") : t("ok");
    const msg = noTerrain ? t("illegalTerrain") : res.ok ? (c.placed ? t("placed") : ok) : t(res.reason);
    reason.textContent = t("labelled", { label: cellName(c.cursor[0], c.cursor[1]), text: msg });
    reason.className = "reason " + (noTerrain ? "todo" : res.ok ? "good" : "bad");
  }
  const btn = document.getElementById("confirm");
  if (btn) btn.disabled = !(c.placed && res.ok && (d.kind !== "draw" || c.terrain)) || !!c.sending || isOffline();
}

// hatch gives the sheet the pattern that fills an illegal preview's spaces, once.
function hatch(svg) {
  if (svg.querySelector("#pv-hatch")) return;
  svg.prepend(el("defs", {}, el("pattern", { id: "pv-hatch", width: 2.5, height: 2.5, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    el("rect", { width: 2.5, height: 2.5, fill: "#f6dcd8" }), el("rect", { width: 1, height: 2.5, fill: "#9b1c17" }))));
}

// whyLabel writes the reason a preview is illegal just above the shape (below it at the map's top rows),
// where the eye already is.
function whyLabel(cells, text) {
  const on = cells.filter(([r, c]) => onMap(r, c));
  const rows = on.map(([r]) => r), cols = on.map(([, c]) => c);
  const top = rows.length ? Math.min(...rows) : 0, bottom = rows.length ? Math.max(...rows) : 0;
  const left = cols.length ? Math.min(...cols) : 0;
  const w = Math.min(11 * CS, 3 + text.length * 2.35);
  const x = Math.max(0, Math.min(left * CS, 11 * CS - w));
  const y = top >= 1 ? top * CS - 6.5 : (bottom + 1) * CS + 0.5;
  return el("g", { class: "pv-why" }, el("rect", { x, y, width: w, height: 6, rx: 1.2 }),
    el("text", { x: x + 1.5, y: y + 4.3 }, text));
}

// ---------- keyboard ----------

export function keyHandler(s, token, accept, e) {
  if (e.key === "?") { openRules(() => rulesReference(s.view), t); return; }
  const modalBtn = document.querySelector(".modal-back .primary");
  if (modalBtn && (e.key === "Enter" || e.key === "Escape")) { e.preventDefault(); modalBtn.click(); return; }
  if (!s.view || !s.view.decision || !s.ctl) {
    if ((e.key === "u" || e.key === "U") && s.env && s.env.you && s.env.you.undoable) doUndo(s, token, accept);
    return;
  }
  const c = s.ctl, d = s.view.decision;
  const canOrient = mayOrient(s);
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    c.cursor = [Math.min(SIZE - 1, Math.max(0, c.cursor[0] + dr)), Math.min(SIZE - 1, Math.max(0, c.cursor[1] + dc))];
    c.placed = null;
    updatePreview(s);
    return;
  }
  switch (e.key) {
    case "r": case "R": if (canOrient) { c.rot = (c.rot + 1) % 4; s.render(); } break;
    case "f": case "F": if (canOrient) { c.flip = !c.flip; s.render(); } break;
    case "t": case "T": {
      const ts = decisionTerrains(d);
      if (ts.length) { c.terrain = ts[(ts.indexOf(c.terrain) + 1) % ts.length]; s.render(); }
      break;
    }
    case "Escape": c.placed = null; s.render(); break;
    case "u": case "U": if (s.env.you && s.env.you.undoable) doUndo(s, token, accept); break;
    case "Enter": case " ": {
      e.preventDefault();
      if (c.placed) confirmMove(s, token, accept);
      else { c.placed = c.cursor.slice(); s.render(); }
      break;
    }
    default:
      if (/^[1-9]$/.test(e.key) && d.card.shapes && Number(e.key) <= d.card.shapes.length && d.mode !== "fallback" &&
        !(d.nowhere || []).includes(Number(e.key) - 1)) {
        c.option = Number(e.key) - 1; s.render();
      }
  }
}

// ---------- sending ----------

function buildMove(s) {
  const d = s.view.decision, c = s.ctl;
  const { cells } = currentCells(s);
  switch (d.kind) {
    case "draw": {
      const mv = { type: "draw", terrain: c.terrain, cells };
      if (d.mode === "fallback" || c.option < 0) mv.fallback = true; else mv.option = c.option;
      return mv;
    }
    case "hero": return { type: "hero", cells, rotation: c.rot, flip: c.flip };
    default: return { type: d.kind, cells };
  }
}

async function confirmMove(s, token, accept) {
  const d = s.view.decision, c = s.ctl;
  // One move at a time: a second click (or Enter) while the first is in flight would send a move built
  // from the decision the first one ends.
  if (!d || !c || !c.placed || c.sending || isOffline()) return;
  const { cells } = currentCells(s);
  const res = check(s.map, cells, checkMode(d), d.targets);
  if (!res.ok || (d.kind === "draw" && !c.terrain)) { updatePreview(s); return; }
  s.error = "";
  const mv = buildMove(s);
  c.sending = true;
  updatePreview(s);
  try {
    const drawn = { draw: c.terrain, hero: "hero", gorgon: "destroyed", troll: "destroyed" }[d.kind];
    s.lastMove = d.sheet === myIndex(s) && drawn ? { cells: new Set(cells.map(key)), kind: drawn } : null;
    const env = await api.move(s.id, token(), mv, s.env.seq);
    c.sending = false;
    s.settle = new Set(cells.map(key));
    accept(env);
    // The new state may have come first by the WebSocket: then accept drew nothing, and the settling is drawn here.
    if (s.settle) s.render();
  } catch (ex) {
    c.sending = false;
    s.error = refusalText(ex);
    s.render();
  }
}

async function doUndo(s, token, accept) {
  try { accept(await api.undo(s.id, token(), s.env.seq)); } catch (ex) { s.error = refusalText(ex); s.render(); }
}

// ---------- modals: season scoring, other sheets ----------

function showQueue(s, main, token) {
  if (!s.queue.length || document.querySelector(".modal-back")) return;
  const item = s.queue[0];
  const v = s.view, mine = myIndex(s);
  const sc = (v.sheets[mine].seasons || [])[item.season];
  if (!sc) { s.queue.shift(); return; }
  const [a, b] = SEASON_EDICTS[item.season];
  const steps = [
    [`${t("edict")} ${"ABCD"[a]} · ${cardName(v.edicts[a].card)}`, sc.edicts[0]],
    [`${t("edict")} ${"ABCD"[b]} · ${cardName(v.edicts[b].card)}`, sc.edicts[1]],
    [t("coins"), sc.coins], [t("monsters"), -sc.monsters], [t("total"), sc.total],
  ];
  const body = h("ol", { class: "season-steps" }, steps.map(([label, val], i) =>
    h("li", { style: `animation-delay:${i * 0.35}s`, class: i === steps.length - 1 ? "sum" : "" },
      h("span", {}, label), h("strong", {}, String(val)))));
  if (v.sheets.length > 1) {
    // With others, everyone's total for the season, best first.
    const rows = v.sheets.map(sh => [sh.seat, ((sh.seasons || [])[item.season] || {}).total || 0])
      .sort((x, y) => y[1] - x[1]);
    body.append(h("li", { class: "others", style: `animation-delay:${steps.length * 0.35}s` },
      h("span", {}, rows.map(([seat, tot]) => `${playerName(s.env.match, seat)} ${tot}`).join(" · "))));
  }
  const close = () => { s.queue.shift(); box.remove(); stepSeason(s, item.season); showQueue(s, main, token); };
  // The last season's scoring ends the game: its dialog offers the rematch too, after Continue, which
  // Enter presses (the dialog's first primary button).
  const last = v.over && item.season === SEASON_EDICTS.length - 1;
  const box = modal("season-modal", t("seasonScoring", { season: seasonName(item.season) }),
    last ? h("div", {}, body, rematchNotice(s, null)) : body,
    [h("button", { type: "button", class: "primary", id: "season-continue", onclick: close }, t("continue")),
      ...(last ? rematchControls(s, token, "final-rematch") : [])]);
  main.append(box);
  // The Enter that confirmed the last move of a season may still be down: focusing the button now would
  // let that same key press it (its keypress comes after the answer on a fast server).
  const btn = box.querySelector("#season-continue");
  focusOnKeyUp(btn);
}


// flySeason sends a season's points to the total of the viewer's score box: each edict's stars from its
// card, the coins from the coin track, the monsters' loss from the map.
function flySeason(s, season) {
  const sc = (s.view.sheets[myIndex(s)].seasons || [])[season];
  if (!sc) return;
  const [a, b] = SEASON_EDICTS[season];
  const to = "#sheet-score";
  const parts = [[`#edicts [data-edict="${a}"]`, sc.edicts[0], "edict"], [`#edicts [data-edict="${b}"]`, sc.edicts[1], "edict"],
    ["#main-sheet .coins", sc.coins, "coins"], ["#main-sheet .grid", -sc.monsters, "monsters"]];
  let delay = 0;
  for (const [from, n, what] of parts) {
    if (!n) continue;
    flyPoints(n > 0 ? `+${n}` : `−${-n}`, rectOf([document.querySelector(from)]), to, { "data-part": what, "data-season": season }, delay);
    delay += 350;
  }
}

// stepSeason goes through a season's score on the viewer's sheet as its dialog closes, as a player
// would count it: the first edict's spaces outlined and its card marked, its stars flying to the total;
// then the second edict's; then the coins from the coin track; then the spaces the monsters cost. Parts
// worth nothing are passed over; a touch of the sheet ends the steps. With less motion asked for, nothing
// steps: the score box and the dialog said it all.
const STEP_MS = 1300;
function stepSeason(s, season) {
  const sc = (s.view.sheets[myIndex(s)].seasons || [])[season];
  clearTimeout(s.stepTimer);
  s.steps = null;
  if (!sc || calm()) { drawStep(s); return; }
  const [a, b] = SEASON_EDICTS[season];
  const got = (s.counted || {})[season] || { edicts: [null, null], monsters: null };
  const parts = [
    { part: "edict", edict: a, n: sc.edicts[0], cells: got.edicts[0], from: `#edicts [data-edict="${a}"]` },
    { part: "edict", edict: b, n: sc.edicts[1], cells: got.edicts[1], from: `#edicts [data-edict="${b}"]` },
    { part: "coins", n: sc.coins, cells: null, from: "#main-sheet .coins" },
    { part: "monsters", n: -sc.monsters, cells: got.monsters, from: "#main-sheet .grid" },
  ].filter(p => p.n);
  s.steps = { season, parts, k: 0 };
  const next = () => {
    if (!s.steps || s.steps.k >= parts.length) { s.steps = null; drawStep(s); return; }
    const p = parts[s.steps.k];
    drawStep(s);
    const spaces = [...document.querySelectorAll("#season-steps .season-step")];
    const from = rectOf(spaces.length ? spaces : [document.querySelector(p.from)]);
    flyPoints(p.n > 0 ? `+${p.n}` : `−${-p.n}`, from, "#sheet-score", { "data-part": p.part, "data-season": season });
    s.stepTimer = setTimeout(() => { if (s.steps) s.steps.k++; next(); }, STEP_MS);
  };
  next();
}

// drawStep shows the part of the season's score being counted (and nothing once the steps are over); the
// table's redraws call it, so that the step outlives them.
function drawStep(s) {
  const layer = document.getElementById("season-steps");
  for (const n of document.querySelectorAll(".edict.stepping, #main-sheet .coins.stepping")) n.classList.remove("stepping");
  const st = s.steps, p = st && st.parts[st.k];
  // The steps are about the viewer's own sheet: not while a neighbour's is shown.
  const own = s.svg && Number(s.svg.dataset.sheet) === myIndex(s);
  if (!layer) return;
  if (!p || !own) { layer.replaceChildren(); return; }
  layer.replaceChildren(...(p.cells || []).map(([r, c]) => el("rect", { x: c * CS + 0.5, y: r * CS + 0.5, width: CS - 1, height: CS - 1,
    class: `season-step part-${p.part}`, "data-part": p.part, "data-step": st.k, "data-season": st.season,
    "data-edict": p.edict ?? "", "data-cell": key([r, c]) })));
  layer.dataset.part = p.part;
  layer.dataset.step = st.k;
  if (p.part === "edict") document.querySelector(`#edicts [data-edict="${p.edict}"]`)?.classList.add("stepping");
  if (p.part === "coins") document.querySelector("#main-sheet .coins")?.classList.add("stepping");
  const svg = document.getElementById("main-sheet");
  if (svg && !svg.dataset.stepStop) {
    svg.dataset.stepStop = "1";
    svg.addEventListener("pointerdown", () => { clearTimeout(s.stepTimer); s.steps = null; drawStep(s); });
  }
}

function openSheet(s, os) {
  const main = document.getElementById("screen");
  const box = bigSheet(s.view, s.env.match, os, () => box.remove());
  main.append(box);
  // Focus the Close button without scrolling to it: the enlarged sheet opens at its top (focusing the
  // button at the foot scrolled the sheet's top out of view).
  box.querySelector("#sheet-close").focus({ preventScroll: true });
  box.querySelector(".modal").scrollTop = 0;
}
