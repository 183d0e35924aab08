// The Carcassonne table: the board, the tile to lay with its legal spots (from the server's legal list,
// fetched once per turn), the preview at the pointer or keyboard cursor, the meeple choice on the laid
// tile, scores, supplies, the Land Surveyors piles and the scoring events as they happen.

import { api } from "../api.js";
import { h, el, put, focusOnKeyUp } from "../dom.js";
import { drawTile, boardMap, fit, spotOf, meeple, edgesAt, segKind, TILES, figureIcon, goodsIcon } from "./tiles.js";
import { drawBoard, cellAt, zoomTo, CELL } from "./board.js";
import { t, plural, carcName, surveyorName, surveyorText, dirName, botTag, refusalText, figureName, goodsName, modifierName } from "../i18n.js";
import { modal, playerName, isOffline, rulesButton, openRules, keyed, TOUCH_LIFT } from "../ui.js";
import { endLinks, rematchControls, rematchNotice } from "../rematch.js";
import { clockChip } from "../clock.js";
import { calm, flyPoints, rectOf } from "../motion.js";
import { withChanges, featureWords } from "./story.js";
import { tileWords, whereWords, segLabel, placementWords, laidTile } from "./words.js";

// The seats' colours, as the meeples of app.css.
const SEAT_COLOURS = ["#d0312d", "#2f62c8", "#2f8a3a", "#e0b020", "#333", "#8a5a9e"];
const swatch = (seat) => h("span", { class: `swatch seat-${seat}`, style: `background-color:${SEAT_COLOURS[seat]}` });

// ---------- what changed ----------

// noticeEvents keeps the scoring events that arrived with this state, to show them and outline their tiles.
export function noticeEvents(s) {
  const v = s.view, p = s.prev;
  s.newEvents = [];
  if (!v || !v.events) return;
  if (p && p.events && p.events.length <= v.events.length) s.newEvents = v.events.slice(p.events.length);
  // The final scoring comes all at once: show it in a dialog to the players (spectators read the panel).
  if (v.over && p && !p.over && s.env.you) s.queue.push({ kind: "carc-final" });
  // Then the board steps through the features the final scoring counted (after the dialog, if any).
  if (v.over && p && !p.over) s.finalSteps = true;
}

// ---------- legal moves ----------

function decisionKey(v) { return [v.turn, v.tile, v.board.length, v.to_act].join("|"); }

// loadLegal fetches the seat's legal moves once per decision and indexes them by cell and rotation.
function loadLegal(s, token) {
  const v = s.view, k = decisionKey(v) + "|" + s.env.seq;
  if (s.legal && s.legal.key === k) return;
  s.legal = { key: k, ready: false, byPlace: new Map(), cells: new Map(), more: new Map() };
  const mine = s.legal;
  // Confirm waits on the answer: the tile may be laid (where it fits) before it comes.
  mine.done = api.legal(s.id, token()).then(r => {
    if (s.legal !== mine) return;
    for (const mv of r.moves || []) {
      const pk = `${mv.x},${mv.y},${mv.rotation / 90}`;
      if (!mine.byPlace.has(pk)) mine.byPlace.set(pk, []);
      const names = mine.byPlace.get(pk);
      if (mv.meeple && !names.includes(mv.meeple)) names.push(mv.meeple);
      noteMore(mine, pk, mv);
      const ck = `${mv.x},${mv.y}`;
      if (!mine.cells.has(ck)) mine.cells.set(ck, new Set());
      mine.cells.get(ck).add(mv.rotation / 90);
    }
    mine.ready = true;
    if (s.closed) return;
    refresh(s);
    // For the load-time figure of docs/client.md: the first board the player can lay a tile on.
    if (s.firstCarc) {
      s.firstCarc = false;
      performance.mark("carc-interactive");
    }
  }).catch(e => { s.error = refusalText(e); if (!s.closed) refresh(s); });
}

// noteMore indexes the expansions' parts of a legal move: which figures may stand on each segment, the
// abbots that may be recalled, the magic figures' moves (and whether one is required).
function noteMore(legal, pk, mv) {
  if (!legal.more.has(pk)) legal.more.set(pk, { figs: new Map(), recalls: [], magic: [], plain: false });
  const m = legal.more.get(pk);
  if (mv.meeple) {
    if (!m.figs.has(mv.meeple)) m.figs.set(mv.meeple, new Set());
    m.figs.get(mv.meeple).add(mv.figure || "meeple");
  }
  if (!mv.magic) m.plain = true;
  if (mv.recall && !m.recalls.some(r => r.x === mv.recall.x && r.y === mv.recall.y)) m.recalls.push(mv.recall);
  if (mv.magic && !m.magic.some(g => sameMagic(g, mv.magic))) m.magic.push(mv.magic);
}

// magicKey names a magic part in the page (data-magic): the figure and its destination, or its removal.
const magicKey = (m) => m.remove ? `${m.figure}@remove` : `${m.figure}@${m.x},${m.y}@${m.segment}`;

const sameMagic = (a, b) => !!a && !!b && a.figure === b.figure && !!a.remove === !!b.remove && a.x === b.x && a.y === b.y && a.segment === b.segment;

// moreAt is the expansions' choices at a placement (null in a base game).
function moreAt(s, x, y, rot) {
  return s.legal && s.legal.ready ? s.legal.more.get(`${x},${y},${rot}`) || null : null;
}

// figuresAt lists the figures that may stand on a segment at a placement ("meeple" alone in a base game).
function figuresAt(s, x, y, rot, name) {
  const m = moreAt(s, x, y, rot);
  return m && m.figs.has(name) ? [...m.figs.get(name)] : ["meeple"];
}

function legalAt(s, x, y, rot) {
  return s.legal && s.legal.ready ? s.legal.byPlace.get(`${x},${y},${rot}`) : undefined;
}

// ---------- the table ----------

export function renderTable(main, s, token, accept) {
  const v = s.view, m = s.env.match, you = s.env.you;
  s.token = token; s.accept = accept;
  const acting = !!(you && you.must_act && !v.over);
  const dk = decisionKey(v);
  if (!acting) s.cc = null;
  else if (!s.cc || s.cc.key !== dk) {
    s.cc = { key: dk, rot: 0, at: null, hover: null, cursor: null, meeple: "", drag: false, figure: "meeple", recall: null, magic: null, magicFig: "" };
    // The builder's second tile: the same seat lays again, the tile just laid having extended its builder's
    // feature (the seat to act stays, one more tile lies on the board).
    const p = s.prev;
    s.cc.again = !!(p && !p.over && p.to_act === v.to_act && v.board.length === p.board.length + 1 && p.turn !== v.turn &&
      (v.supplies || []).some(x => x && "builder" in x));
  }
  if (acting) loadLegal(s, token);
  s.board = boardMap(v.board);

  // A tile laid since the page last drew the board settles in, once.
  const settleLast = s.boardSeen !== undefined && v.board.length > s.boardSeen;
  s.boardSeen = v.board.length;
  const svg = drawBoard(v.board, s.board, { scored: s.newEvents, label: t("carcBoard"), settleLast, neutral: v.neutral });
  s.svg = svg;
  const status = h("div", { class: "status", id: "status", role: "status" }, statusText(s));
  const boardCol = h("section", { class: "board-col" }, boardWrap(s, svg), h("p", { class: "reason", id: "reason", "aria-live": "polite" }));
  const side = h("section", { class: "side-col" });
  if (acting) side.append(h("div", { class: "panel controls", id: "controls" }));
  else if (!v.over) side.append(waitingPanel(s, token, accept));
  // Without the Land Surveyors there is no piles panel (append would print a null as "null").
  put(side, ...side.childNodes, playersPanel(v, m, you), surveyorsPanel(v), eventsPanel(v, m, s.newEvents));
  if (v.discarded && v.discarded.length) {
    side.append(h("div", { class: "panel", id: "discarded" }, h("h3", {}, t("carcDiscarded")),
      h("div", { class: "tile-row" }, v.discarded.map(l => tileIcon(l, 0, 40)))));
  }
  const screen = h("div", { class: "table carc", id: "table", "data-over": v.over ? "1" : "0", "data-must-act": acting ? "1" : "0",
    "data-turn": String(v.turn) }, status, boardCol, side);
  const parts = [screen];
  if (v.over) {
    parts.unshift(h("section", { class: "panel final-panel", id: "final" }, h("h2", {}, t("gameOver")), finalTable(v, m),
      ...endLinks(s, token)));
  }
  put(main, ...parts);
  document.title = (v.over ? "" : acting ? "● " : "") + t("title");
  applyZoom(s, svg);
  if (acting) bindBoard(s, token, accept);
  refresh(s, token, accept);
  showFinal(s, main);
  flyScores(s);
  if (s.finalSteps && !s.queue.some(q => q.kind === "carc-final")) stepFinal(s);
  svg.setAttribute("data-ready", "1");
}

// ---------- motion ----------

// flyScores sends the points of each feature scored since the last drawing from the feature's tiles to the
// score of each player who scored it; a page opened on a game flies nothing of what came before.
function flyScores(s) {
  const evs = s.view.events || [];
  if (s.flown === undefined || s.flown > evs.length) s.flown = evs.length;
  const fresh = evs.slice(s.flown).filter(ev => !ev.final);
  s.flown = evs.length;
  fresh.filter(ev => ev.points).forEach((ev, i) => flyEvent(ev, i * 350));
}

function flyEvent(ev, delay) {
  const board = document.getElementById("carc-board");
  if (!board) return;
  // A zoomed board may show only part of the feature, or none of it: the points leave from the part in
  // view, else from the board's middle.
  const whole = rectOf([board]);
  let from = rectOf((ev.tiles || []).map(p => board.querySelector(`.cell-tile[data-cell="${p.x},${p.y}"]`)));
  if (from && whole) {
    const left = Math.max(from.left, whole.left), right = Math.min(from.right, whole.right);
    const top = Math.max(from.top, whole.top), bottom = Math.min(from.bottom, whole.bottom);
    from = left < right && top < bottom ? { left, top, right, bottom, width: right - left, height: bottom - top } : null;
  }
  from = from || whole;
  const text = `${ev.points >= 0 ? "+" : "−"}${Math.abs(ev.points)}`;
  ev.receivers.forEach((seat, k) => flyPoints(text, from, `#carc-players tr[data-seat="${seat}"] td[data-score]`,
    { "data-seat": seat, "data-feature": ev.feature }, delay + k * 120));
}

// stepFinal shows the final scoring as it is counted: each feature in turn outlined on the board, its
// line in the list of scorings marked, its points flying to its players' scores. A click on the board
// ends it; nothing moves for those who ask for less motion (the final list says it all).
const STEP_MS = 1000;
function stepFinal(s) {
  s.finalSteps = false;
  if (calm()) return;
  // A feature that gave nothing (a field by no finished city) is passed over: it would only slow the count.
  const finals = (s.view.events || []).map((ev, i) => [ev, i]).filter(([ev]) => ev.final && ev.points);
  let k = 0;
  const stop = () => { clearTimeout(s.stepTimer); k = finals.length; show(); };
  const show = () => {
    const layer = document.getElementById("final-steps");
    for (const li of document.querySelectorAll("ol.events li.stepping")) li.classList.remove("stepping");
    if (!layer || s.closed || k >= finals.length) { if (layer) layer.replaceChildren(); return; }
    const [ev, i] = finals[k];
    layer.replaceChildren(...(ev.tiles || []).map(p => el("rect", { class: `final-step f-${ev.feature}`, "data-step": k, "data-event": i,
      x: p.x * CELL + 3, y: p.y * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 4 })));
    const li = document.querySelector(`ol.events li[data-event="${i}"]`);
    if (li) {
      li.classList.add("stepping");
      // The list scrolls by itself to the line, not the page: the board stays where the eye is.
      const list = li.parentElement;
      list.scrollTop = li.offsetTop - (list.clientHeight - li.offsetHeight) / 2;
    }
    const board = document.getElementById("carc-board");
    if (board && !board.dataset.stepStop) { board.dataset.stepStop = "1"; board.addEventListener("click", stop, { once: true }); }
    flyEvent(ev, 0);
    k++;
    s.stepTimer = setTimeout(show, STEP_MS);
  };
  show();
}

function statusText(s) {
  const v = s.view, m = s.env.match, you = s.env.you;
  // Once the game is over the pile's count says nothing ("0 peça restante" beside "Game over").
  const parts = v.over ? [] : [h("span", { class: "season-chip", id: "tiles-left" }, plural("carcTilesLeft", v.draw_pile))];
  if (v.over) parts.push(h("strong", {}, t("gameOver")));
  else if (you && you.must_act) parts.push(h("strong", { class: "your-turn" }, t("yourTurn")));
  else parts.push(h("span", { id: "turn-of" }, t("carcTurnOf", { name: playerName(m, v.to_act) })));
  if (!you) parts.push(h("span", {}, t("spectating")));
  parts.push(clockChip(s));
  parts.push(rulesButton(() => rulesReference(s.view), t));
  const fresh = (s.newEvents || []).filter(ev => !ev.final);
  if (fresh.length) parts.push(h("span", { class: "notice", id: "notice" }, fresh.map(ev => eventText(ev, m)).join(" · ")));
  return parts;
}

function waitingPanel(s, token, accept) {
  const v = s.view, m = s.env.match, you = s.env.you;
  return h("div", { class: "panel waiting", id: "waiting" },
    h("p", {}, t("carcTurnOf", { name: playerName(m, v.to_act) })),
    v.tile ? h("div", { class: "hand" }, tileIcon(v.tile, 0, 96)) : null,
    you && you.undoable ? h("p", {}, h("button", { type: "button", id: "undo", onclick: () => doUndo(s, token, accept) }, keyed(t("undo")))) : null);
}

// tileIcon draws one tile alone, size pixels wide.
export function tileIcon(letter, rot, size, extra = {}) {
  const svg = el("svg", { class: "tile-icon", viewBox: "-2 -2 104 104", width: size, height: size, role: "img", "aria-label": tileWords(letter), ...extra });
  svg.append(drawTile(letter, rot));
  return svg;
}

// GOODS are the Traders' goods in the order the score table lists them.
const GOODS = ["wine", "grain", "cloth"];
// SPECIAL are the figures besides the meeple a seat may hold.
const SPECIAL = ["large", "abbot", "builder", "pig"];

function playersPanel(v, m, you) {
  const specials = SPECIAL.filter(f => (v.supplies || []).some(x => x && f in x));
  const rows = v.scores.map((sc, seat) => {
    const p = (m.players || []).find(p => p.seat === seat) || {};
    // A seat that resigned is marked, and not lit as the one to play while the server plays it.
    const over = v.over || !!m.ended;
    return h("tr", { "data-seat": seat, class: (!over && v.to_act === seat && !p.resigned ? "to-act" : "") + (p.resigned ? " resigned" : "") },
      h("td", {}, swatch(seat)),
      h("td", { class: "pname" }, (p.name || `#${seat + 1}`) + (you && you.seat === seat ? ` (${t("you")})` : ""),
        p.bot ? h("span", { class: "bot-tag" }, ` ${botTag(p)}`) : null,
        p.resigned ? h("span", { class: "muted resigned-tag" }, ` (${t("resignedTag")})`) : null,
        // The goods go under the name: a column of their own would not fit beside the scores on a phone.
        v.goods ? h("div", { class: "goods", "data-goods": GOODS.map(g => (v.goods[seat] || {})[g] || 0).join(","), title: t("carcGoods") },
          GOODS.map(g => h("span", { title: goodsName(g), "data-good": g }, goodsIcon(g, 14), String((v.goods[seat] || {})[g] || 0)))) : null),
      h("td", { class: "num", "data-score": sc }, String(sc)),
      h("td", { class: "num", "data-supply": v.supply[seat] }, String(v.supply[seat])),
      specials.length ? h("td", { class: "figs", "data-figures": JSON.stringify(v.supplies[seat] || {}) },
        specials.filter(f => (v.supplies[seat] || {})[f] > 0).map(f => h("span", { title: figureName(f), "data-figure": f },
          figureIcon(f, seat, 17), (v.supplies[seat] || {})[f] > 1 ? `×${v.supplies[seat][f]}` : ""))) : null);
  });
  // The score's heading is a word of its own: Portuguese's "Pontuação" would push the table out of a
  // narrow side column, "Pontos" does not.
  return h("section", { class: "panel", id: "carc-players" },
    h("table", { class: "carc-scores" },
      h("thead", {}, h("tr", {}, h("th", {}), h("th", {}, t("player")), h("th", { class: "num" }, t("carcScoreHead")), h("th", { class: "num" }, t("carcMeeples")),
        specials.length ? h("th", {}, t("carcFigures")) : null)),
      h("tbody", {}, rows)));
}

function surveyorsPanel(v) {
  if (!v.surveyors) return null;
  const piles = ["city", "road", "monastery"].map(kind => {
    const p = v.surveyors[kind];
    return h("div", { class: "pile", "data-pile": kind, "data-active": p.active },
      h("div", { class: "pile-head" }, h("span", { class: "pile-kind" }, carcName(kind)), " ",
        // The tile in force opens its entry in the rules reference.
        h("button", { type: "button", class: "link surveyor-name", "data-surveyor": p.active, title: t("cardRuleHint"),
          onclick: () => openRules(() => rulesReference(v), t, p.active) }, h("strong", {}, surveyorName(p.active)))),
      h("p", { class: "small surveyor-text" }, surveyorText(p.active)),
      h("p", { class: "muted small" }, t("carcNextUp", { name: surveyorName(p.next), n: p.size })));
  });
  return h("section", { class: "panel", id: "surveyors" }, h("h3", {}, t("carcSurveyors")), piles);
}

// rulesReference is what a Carcassonne player may want to look up during play: how each feature scores,
// and, with the Land Surveyors, every tile of the three piles.
function rulesReference(v) {
  const out = [h("h3", {}, t("carcScoringRules")), h("dl", {}, ["city", "road", "monastery", "field"].flatMap(k =>
    [h("dt", {}, carcName(k)), h("dd", {}, t("carcRule_" + k))]))];
  const seen = expansionThings(v);
  if (seen.length) {
    out.push(h("h3", {}, t("carcExpansionRules")), h("dl", {}, seen.map(k => h("div", { "data-rule": k },
      h("dt", {}, FIGURE_ORDER.includes(k) || k === "mage" || k === "witch" ? figureIcon(k, 0) : null, ruleName(k)), h("dd", {}, t("carcRule_" + k))))));
  }
  if (v.surveyors) {
    out.push(h("h3", {}, t("carcSurveyors")), h("dl", {}, Object.entries(SURVEYOR_TILES).flatMap(([pile, ids]) => ids.map(id =>
      h("div", { "data-rule": id }, h("dt", {}, `${carcName(pile)} · ${surveyorName(id)}`), h("dd", {}, surveyorText(id)))))));
  }
  return out;
}

// expansionThings are the expansions' tile features and figures this game plays with, as its view shows
// them (the tiles laid, in hand or set aside; the figures in the supplies or on the board): none in a base
// game, whose rules reference stays as it was.
function expansionThings(v) {
  const have = new Set();
  const types = [...v.board.map(tl => tl.tile), v.tile, ...(v.discarded || [])].filter(Boolean);
  for (const id of new Set(types)) {
    const tt = TILES[id];
    if (!tt) continue;
    for (const seg of tt.segments) {
      if (seg.kind === "river" || seg.kind === "garden") have.add(seg.kind);
      if (seg.inn) have.add("inn");
      if (seg.cathedral) have.add("cathedral");
      if (seg.goods.length) have.add("goods");
    }
    if (tt.portal) have.add("portal");
  }
  if (v.goods) have.add("goods");
  for (const x of v.supplies || []) for (const f of SPECIAL) if (x && f in x) have.add(f);
  if (have.has("abbot")) have.add("garden");
  for (const n of v.neutral || []) have.add(n.figure);
  if (have.has("portal")) { have.add("mage"); have.add("witch"); }
  return ["river", "garden", "inn", "cathedral", "goods", "portal", ...SPECIAL, "mage", "witch"].filter(k => have.has(k));
}

export function ruleName(k) {
  if (k === "goods") return t("carcGoods");
  if (k === "portal") return t("carcPortal");
  if (k === "inn" || k === "cathedral") return modifierName(k);
  return FIGURE_ORDER.includes(k) || k === "mage" || k === "witch" ? figureName(k) : carcName(k);
}

// SURVEYOR_TILES are the Land Surveyors tiles by pile.
const SURVEYOR_TILES = {
  city: ["citizens_jury", "bad_neighbourhood", "siege", "city_wealth", "city_poverty"],
  road: ["street_fair", "highway", "peasant_uprising", "road_wealth", "road_poverty"],
  monastery: ["hermit_monastery", "pilgrimage_route", "monastery_wealth", "monastery_poverty"],
};

// eventText says who scored what for which feature.
export function eventText(ev, m) {
  const who = ev.receivers.length ? ev.receivers.map(r => playerName(m, r)).join(", ") : t("carcNobody");
  return withChanges(ev, `${who} ${ev.points >= 0 ? "+" : ""}${ev.points} · ${featureWords(ev)}`);
}

function eventsPanel(v, m, fresh) {
  const evs = v.events || [];
  const freshFrom = evs.length - (fresh ? fresh.length : 0);
  const items = evs.map((ev, i) => h("li", { class: (i >= freshFrom ? "fresh " : "") + (ev.final ? "final" : ""), "data-event": i },
    h("span", { class: "swatches" }, ev.receivers.map(swatch)),
    ev.final ? h("em", {}, t("carcFinal") + " ") : null, eventText(ev, m))).reverse();
  return h("section", { class: "panel", id: "events" }, h("h3", {}, t("carcScorings")),
    items.length ? h("ol", { class: "events", reversed: true }, items) : h("p", { class: "muted" }, t("none")));
}

function finalTable(v, m) {
  const order = v.scores.map((sc, seat) => ({ sc, seat })).sort((a, b) => b.sc - a.sc);
  return h("table", { class: "final", id: "final-scores" },
    h("thead", {}, h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("player")), h("th", {}, t("finalScore")))),
    h("tbody", {}, order.map(({ sc, seat }) => {
      const rank = 1 + v.scores.filter(o => o > sc).length;
      return h("tr", { "data-seat": seat, "data-score": sc, "data-rank": rank },
        h("td", {}, String(rank)), h("td", {}, swatch(seat), " ", playerName(m, seat)),
        h("td", {}, String(sc)));
    })));
}

function showFinal(s, main) {
  if (!s.queue.length || document.querySelector(".modal-back")) return;
  if (s.queue[0].kind !== "carc-final") return;
  const v = s.view, m = s.env.match;
  const finals = (v.events || []).filter(ev => ev.final);
  const body = h("div", {}, finalTable(v, m), h("ol", { class: "events" }, finals.map(ev => h("li", {}, eventText(ev, m)))),
    rematchNotice(s, null));
  const close = () => { s.queue.shift(); box.remove(); if (s.finalSteps) stepFinal(s); };
  // Close comes first: Enter presses the dialog's first primary button.
  const box = modal("final-modal", t("gameOver"), body,
    [h("button", { type: "button", class: "primary", id: "final-close", onclick: close }, t("close")),
      ...rematchControls(s, s.token, "final-rematch")]);
  main.append(box);
  focusOnKeyUp(box.querySelector("#final-close"));
}

// ---------- the controls of the seat to act ----------

// refresh redraws what the controls change (the marks, the preview, the side controls) without redrawing
// the board.
function refresh(s, token, accept, hoverOnly = false) {
  token = token || s.token; accept = accept || s.accept;
  const cc = s.cc, v = s.view;
  const marks = document.getElementById("marks"), layer = document.getElementById("preview-layer");
  const reason = document.getElementById("reason");
  if (!marks || !layer) return;
  marks.replaceChildren();
  layer.replaceChildren();
  if (reason) reason.textContent = s.error || "";
  const box = document.getElementById("controls");
  if (!cc) return;
  const ready = s.legal && s.legal.ready;
  if (ready) {
    for (const [ck, rots] of s.legal.cells) {
      const [x, y] = ck.split(",").map(Number);
      marks.append(el("rect", { class: "cand" + (rots.has(cc.rot) ? " fit" : ""), "data-cell": ck, "data-rots": [...rots].join(""),
        x: x * CELL + 5, y: y * CELL + 5, width: CELL - 10, height: CELL - 10, rx: 8 }));
    }
  }
  const pos = cc.at || cc.hover || cc.cursor;
  let legal = false, why = "";
  if (pos) {
    const [x, y] = pos;
    const local = fit(s.board, v.tile, x, y, cc.rot);
    const opts = legalAt(s, x, y, cc.rot);
    legal = ready ? opts !== undefined : local.ok;
    if (!legal) why = reasonText(local, ready && s.legal.cells.has(`${x},${y}`));
    const g = el("g", { class: "preview" + (cc.at ? " placed" : "") + (legal ? "" : " bad"), id: "preview",
      transform: `translate(${x * CELL} ${y * CELL})`, "data-x": x, "data-y": y, "data-rot": cc.rot * 90,
      "data-legal": legal ? "1" : "0", "data-placed": cc.at ? "1" : "0", "data-edges": edgesAt(v.tile, cc.rot), "data-meeple": cc.meeple },
    drawTile(v.tile, cc.rot));
    g.append(el("rect", { class: legal ? "ok-frame" : "bad-veil", x: 0, y: 0, width: CELL, height: CELL }));
    layer.append(g);
    if (cc.at && legal) {
      for (const name of meepleOptions(s)) {
        const [px, py] = spotOf(v.tile, cc.rot, name);
        const spot = el("g", { class: "spot" + (cc.meeple === name ? " chosen" : ""), "data-meeple": name, role: "button",
          "aria-label": segLabel(v.tile, cc.rot, name) },
        el("circle", { cx: px, cy: py, r: 11 }));
        if (cc.meeple === name) spot.append(meeple([px, py], s.env.you.seat, {}, segKind(v.tile, cc.rot, name), cc.figure));
        spot.addEventListener("click", (e) => { e.stopPropagation(); chooseMeeple(s, token, accept, name); });
        g.append(spot);
      }
    }
    if (reason && why && !s.error) reason.textContent = why;
  }
  boardChoices(s, token, accept, legal);
  // The tile in hand stays while it is dragged: replacing it would lose the pointer.
  // Nor does a mere hover, whose pointer may be on its way to press one of them.
  if (box && !cc.drag && !hoverOnly) {
    // What the guide of "Learn to play" points at stays pointed at when the controls are drawn again
    // (the legal spots arrive after the table, and the guide, were drawn).
    const guided = [...box.querySelectorAll(".tutorial-target[id]")].map(e => e.id);
    box.replaceChildren(...controls(s, token, accept, legal, pos));
    for (const gid of guided) { const e = document.getElementById(gid); if (e) e.classList.add("tutorial-target"); }
    // The expansions' choices take the whole width of a phone's controls.
    box.classList.toggle("more", !!box.querySelector(".figures, .recall-row, .magic, .builder-note"));
  }
}

// boardChoices marks on the board what the expansions let the player pick there: the abbot that may be
// recalled (a click on it recalls it) and the features the mage or witch may go to.
function boardChoices(s, token, accept, legal) {
  const cc = s.cc, svg = s.svg, marks = document.getElementById("marks");
  for (const n of svg.querySelectorAll(".meeple.recallable")) {
    n.classList.remove("recallable", "recall-chosen");
    n.onclick = null; n.onkeydown = null;
    n.removeAttribute("role"); n.removeAttribute("tabindex"); n.removeAttribute("aria-label");
  }
  const more = cc.at && legal ? moreAt(s, cc.at[0], cc.at[1], cc.rot) : null;
  if (!more) return;
  for (const r of more.recalls) {
    const fig = svg.querySelector(`.cell-tile[data-cell="${r.x},${r.y}"] .meeple[data-figure="abbot"][data-seat="${s.env.you.seat}"]`);
    if (!fig) continue;
    const on = !!cc.recall && cc.recall.x === r.x && cc.recall.y === r.y;
    fig.classList.add("recallable");
    if (on) fig.classList.add("recall-chosen");
    fig.setAttribute("role", "button"); fig.setAttribute("tabindex", "0");
    fig.setAttribute("aria-label", t("carcRecall", { n: recallPoints(s, r) }));
    fig.onclick = (e) => { e.stopPropagation(); chooseRecall(s, token, accept, r); };
    fig.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); chooseRecall(s, token, accept, r); } };
  }
  for (const m of more.magic.filter(m => m.figure === cc.magicFig && !m.remove)) {
    const tl = s.board.get(`${m.x},${m.y}`);
    const at = tl ? spotOf(tl.tile, tl.rotation / 90, m.segment) : cc.at[0] === m.x && cc.at[1] === m.y ? spotOf(s.view.tile, cc.rot, m.segment) : null;
    if (!at) continue;
    const chosen = sameMagic(cc.magic, m);
    const g = el("g", { class: "magic-target" + (chosen ? " chosen" : ""), "data-magic": magicKey(m),
      role: "button", tabindex: "0", "aria-pressed": chosen ? "true" : "false", "aria-label": `${figureName(m.figure)}: ${magicLabel(s, m)}`,
      transform: `translate(${m.x * CELL} ${m.y * CELL})` },
    // A wider ring, unpainted, takes the touch of a finger around the mark.
    el("circle", { class: "magic-hit", cx: at[0], cy: at[1], r: 18 }), el("circle", { cx: at[0], cy: at[1], r: 10 }));
    g.addEventListener("click", (e) => { e.stopPropagation(); chooseMagic(s, token, accept, m); });
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); chooseMagic(s, token, accept, m); } });
    marks.append(g);
  }
}

// nextMagic chooses the next of the placement's magic parts (the M key): the chosen figure's in turn, then
// the other figure's.
function nextMagic(s, token, accept) {
  const cc = s.cc, more = cc && cc.at && moreAt(s, cc.at[0], cc.at[1], cc.rot);
  if (!more || !more.magic.length) return;
  const all = more.magic, i = all.findIndex(m => sameMagic(m, cc.magic));
  const mg = all[(i + 1) % all.length];
  cc.magicFig = mg.figure;
  chooseMagic(s, token, accept, mg);
}

// magicMissing says the tile shows a magic portal and no mage or witch move is chosen yet, as it must be.
function magicMissing(s) {
  const cc = s.cc, more = cc && cc.at && moreAt(s, cc.at[0], cc.at[1], cc.rot);
  return !!(more && more.magic.length && !more.plain && !cc.magic);
}

function reasonText(fitted, otherRotation) {
  let r;
  switch (fitted.reason) {
    case "occupied": r = t("carcOccupied"); break;
    case "alone": r = t("carcAlone"); break;
    case "mismatch": r = t("carcMismatch", { side: t("side" + fitted.side), mine: carcName(fitted.mine), theirs: carcName(fitted.theirs) }); break;
    default: r = t("carcNotHere");
  }
  return otherRotation ? `${r} ${t("carcOtherRotation")}` : r;
}

const touchScreen = () => matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0;

function controls(s, token, accept, legal, pos) {
  const v = s.view, cc = s.cc, you = s.env.you;
  const hand = tileIcon(v.tile, cc.rot, 150, { id: "hand-tile", "data-tile": v.tile, "data-rot": cc.rot * 90 });
  hand.addEventListener("pointerdown", (e) => startDrag(s, token, accept, e));
  hand.addEventListener("wheel", (e) => { e.preventDefault(); rotate(s, token, accept, e.deltaY < 0 ? 3 : 1); }, { passive: false });
  const out = [h("h3", {}, t("carcYourTile")), h("div", { class: "hand" }, hand),
    cc.again ? h("p", { class: "builder-note", id: "builder-again" }, figureIcon("builder", you.seat), t("carcBuilderAgain")) : null,
    // A touch screen has no R key, no wheel and no clicks: its hint names the button and the finger.
    h("p", { class: "muted small", id: "carc-hint" }, cc.at ? (legal ? (touchScreen() ? t("carcChooseMeepleTouch") : t("carcChooseMeeple")) : t("carcIllegalPlaced"))
      : (touchScreen() ? t("carcPickCellTouch") : t("carcPickCell")))];
  const row = h("div", { class: "buttons" },
    h("button", { type: "button", id: "rotate", onclick: () => rotate(s, token, accept, 1) }, keyed(t("rotate"))),
    h("button", { type: "button", id: "clear", disabled: !cc.at, onclick: () => { cc.at = null; unchoose(cc); refresh(s, token, accept); } }, keyed(t("clear"))),
    h("button", { type: "button", class: "primary", id: "confirm", disabled: !(cc.at && legal) || isOffline() || magicMissing(s),
      onclick: () => confirm(s, token, accept) }, keyed(t("confirm"))));
  if (you.undoable) row.append(h("button", { type: "button", id: "undo", onclick: () => doUndo(s, token, accept) }, keyed(t("undo"))));
  out.push(row);
  if (cc.at && legal) {
    const extra = expansionControls(s, token, accept);
    out.push(...extra.filter(x => x.id === "figure-options"));
    const opts = meepleOptions(s);
    const list = h("div", { class: "meeples", id: "meeple-options", role: "radiogroup", "aria-label": t("carcMeeple") },
      // "No meeple" is not also shown chosen when the abbot's recall is: the two are one choice or the other.
      h("button", { type: "button", id: "meeple-none", class: cc.meeple === "" && !cc.recall ? "selected" : "", "data-meeple": "",
        "aria-pressed": cc.meeple === "" && !cc.recall ? "true" : "false", onclick: () => chooseMeeple(s, token, accept, "") }, `0 · ${t("carcNoMeeple")}`),
      opts.map((name, i) => h("button", { type: "button", class: cc.meeple === name ? "selected" : "", "data-meeple": name,
        "aria-pressed": cc.meeple === name ? "true" : "false", onclick: () => chooseMeeple(s, token, accept, name) },
      `${i + 1} · ${segLabel(v.tile, cc.rot, name)}`)));
    out.push(list, ...extra.filter(x => x.id !== "figure-options"));
    if (!opts.length && cc.figure === "meeple") out.push(h("p", { class: "muted small", id: "no-meeple-why" }, v.supply[you.seat] ? t("carcAllTaken") : t("carcNoneLeft")));
  }
  const here = cc.at && moreAt(s, cc.at[0], cc.at[1], cc.rot);
  out.push(h("p", { class: "muted small keys" }, t("carcKeys"), figureKinds(s).length > 1 || (here && (here.recalls.length || here.magic.length)) ? ` · ${t("carcKeysMore")}` : ""));
  // replaceChildren would print an absent part as "null".
  return out.filter(x => x != null);
}

function chooseMeeple(s, token, accept, name) {
  s.cc.meeple = s.cc.meeple === name ? "" : name;
  // Standing a figure and recalling the abbot are one choice or the other.
  if (s.cc.meeple) s.cc.recall = null;
  refresh(s, token, accept);
}

// unchoose forgets what was chosen on a tile that moves or turns.
function unchoose(cc) { cc.meeple = ""; cc.recall = null; cc.magic = null; }

// FIGURE_ORDER is the order the figure choice lists them in.
const FIGURE_ORDER = ["meeple", "large", "abbot", "builder", "pig"];

// figureKinds are the figures that may stand somewhere on the tile as placed ("meeple" alone in a base game).
function figureKinds(s) {
  const cc = s.cc, more = cc && cc.at && moreAt(s, cc.at[0], cc.at[1], cc.rot);
  if (!more) return ["meeple"];
  const kinds = FIGURE_ORDER.filter(f => [...more.figs.values()].some(set => set.has(f)));
  return kinds.length ? kinds : ["meeple"];
}

// meepleOptions are the segments the chosen figure may stand on, as laid.
function meepleOptions(s) {
  const cc = s.cc;
  if (!cc || !cc.at) return [];
  const all = legalAt(s, cc.at[0], cc.at[1], cc.rot) || [];
  return all.filter(name => figuresAt(s, cc.at[0], cc.at[1], cc.rot, name).includes(cc.figure));
}

function chooseFigure(s, token, accept, figure) {
  s.cc.figure = figure;
  s.cc.meeple = "";
  refresh(s, token, accept);
}

function cycleFigure(s, token, accept) {
  const kinds = figureKinds(s);
  if (kinds.length > 1) chooseFigure(s, token, accept, kinds[(kinds.indexOf(s.cc.figure) + 1) % kinds.length]);
}

function chooseRecall(s, token, accept, r) {
  const cc = s.cc;
  cc.recall = cc.recall && cc.recall.x === r.x && cc.recall.y === r.y ? null : r;
  if (cc.recall) cc.meeple = "";
  refresh(s, token, accept);
}

function chooseMagic(s, token, accept, mg) {
  s.cc.magic = sameMagic(s.cc.magic, mg) ? null : mg;
  refresh(s, token, accept);
}

// recallPoints is what recalling the abbot from (x, y) scores: its monastery or garden counts itself and
// every tile around it, the tile being laid included.
function recallPoints(s, r) {
  let n = 1;
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
    if (!dx && !dy) continue;
    const x = r.x + dx, y = r.y + dy;
    if (s.board.has(`${x},${y}`) || (s.cc.at && s.cc.at[0] === x && s.cc.at[1] === y)) n++;
  }
  return n;
}

// magicLabel names a magic figure's destination: the feature and where its tile lies from the start tile;
// or its removal from the board.
function magicLabel(s, mg) {
  if (mg.remove) return t("carcMagicRemove_" + mg.figure);
  const tl = s.board.get(`${mg.x},${mg.y}`);
  const kind = mg.segment.split(":")[0];
  // A road or city of the tile being laid: named on it, as its meeple spots are.
  if (!tl && s.cc && s.cc.at && s.cc.at[0] === mg.x && s.cc.at[1] === mg.y) return `${segLabel(s.view.tile, s.cc.rot, mg.segment)} · ${t("carcThisTile")}`;
  return `${tl ? segLabel(tl.tile, tl.rotation / 90, mg.segment) : carcName(kind)} · ${whereWords(mg.x, mg.y)}`;
}

// expansionControls are the choices the expansions add on a placed tile: which figure to stand, the
// abbot's recall, the mage or witch to move; nothing in a base game.
function expansionControls(s, token, accept) {
  const cc = s.cc, v = s.view, you = s.env.you, out = [];
  const more = moreAt(s, cc.at[0], cc.at[1], cc.rot);
  if (!more) return out;
  const kinds = figureKinds(s);
  if (!kinds.includes(cc.figure)) cc.figure = kinds[0];
  const supply = (v.supplies || [])[you.seat] || {};
  // Shown too when one figure other than the meeple is all that may stand (the meeples all out, the abbot
  // in hand): the player must see which figure the spots below are for.
  if (kinds.length > 1 || kinds[0] !== "meeple") {
    out.push(h("div", { class: "figures", id: "figure-options", role: "radiogroup", "aria-label": t("carcFigure") },
      kinds.map(f => h("button", { type: "button", class: cc.figure === f ? "selected" : "", "data-figure": f, role: "radio",
        "aria-checked": cc.figure === f ? "true" : "false", onclick: () => chooseFigure(s, token, accept, f) },
      figureIcon(f, you.seat, 26), `${figureName(f)} ×${supply[f] ?? (f === "meeple" ? v.supply[you.seat] : 0)}`)),
      h("button", { type: "button", class: "link", id: "figure-rules", title: t("rulesRef"),
        onclick: () => openRules(() => rulesReference(v), t, cc.figure) }, "?")));
  }
  for (const r of more.recalls) {
    const on = !!cc.recall && cc.recall.x === r.x && cc.recall.y === r.y;
    out.push(h("p", { class: "recall-row" }, h("button", { type: "button", id: "recall", class: on ? "selected" : "", "data-x": r.x, "data-y": r.y,
      "aria-pressed": on ? "true" : "false", onclick: () => chooseRecall(s, token, accept, r) },
    figureIcon("abbot", you.seat), t("carcRecall", { n: recallPoints(s, r) })), " ",
    h("button", { type: "button", class: "link", title: t("rulesRef"), onclick: () => openRules(() => rulesReference(v), t, "abbot") }, "?")));
  }
  if (more.magic.length) {
    const figs = [...new Set(more.magic.map(m => m.figure))];
    if (!figs.includes(cc.magicFig)) cc.magicFig = cc.magic ? cc.magic.figure : figs[0];
    // Why a magic part is asked: the portal on the tile, the two figures' features joined, or nowhere to go.
    const why = more.plain ? "carcMagicMay" : more.magic.every(m => m.remove) ? "carcMagicStuck" : (TILES[v.tile] || {}).portal ? "carcMagicMust" : "carcMagicJoin";
    out.push(h("p", { class: "small", id: "magic-why" }, t(why)),
      h("div", { class: "magic", id: "magic-figures", role: "radiogroup", "aria-label": t("carcMagic") },
        figs.map(f => h("button", { type: "button", class: cc.magicFig === f ? "selected" : "", "data-figure": f, role: "radio",
          "aria-checked": cc.magicFig === f ? "true" : "false", onclick: () => { cc.magicFig = f; if (cc.magic && cc.magic.figure !== f) cc.magic = null; refresh(s, token, accept); } },
        figureIcon(f), figureName(f))),
        h("button", { type: "button", class: "link", title: t("rulesRef"), onclick: () => openRules(() => rulesReference(v), t, "portal") }, "?")),
      h("div", { class: "meeples", id: "magic-options", role: "radiogroup", "aria-label": t("carcMagic") },
        more.magic.filter(m => m.figure === cc.magicFig).map(m => h("button", { type: "button", class: sameMagic(cc.magic, m) ? "selected" : "",
          "data-magic": magicKey(m), "aria-pressed": sameMagic(cc.magic, m) ? "true" : "false",
          onclick: () => chooseMagic(s, token, accept, m) }, magicLabel(s, m)))));
  }
  return out;
}

// rotate turns the tile by steps quarter turns; once the tile is on a legal spot, only the rotations legal
// there come up, as the players of the table game would try them.
function rotate(s, token, accept, steps) {
  const cc = s.cc;
  if (!cc) return;
  const rots = cc.at && s.legal && s.legal.ready ? s.legal.cells.get(`${cc.at[0]},${cc.at[1]}`) : null;
  let r = cc.rot;
  for (let i = 0; i < 4; i++) {
    r = (r + steps) % 4;
    if (!rots || rots.has(r)) break;
  }
  cc.rot = r;
  unchoose(cc);
  refresh(s, token, accept);
}

// place puts the tile at a cell, turned to the first legal rotation there if the current one is not.
function place(s, token, accept, x, y) {
  const cc = s.cc;
  cc.at = [x, y];
  cc.cursor = [x, y];
  unchoose(cc);
  const rots = s.legal && s.legal.ready ? s.legal.cells.get(`${x},${y}`) : null;
  if (rots && !rots.has(cc.rot)) cc.rot = Math.min(...rots);
  refresh(s, token, accept);
}

// boardWrap holds the board and its zoom buttons; s keeps the zoom and the centre between redraws.
function boardWrap(s, svg) {
  const zoom = s.zoomBy = (f) => {
    s.zoom = f ? Math.min(6, Math.max(1, (s.zoom || 1) * f)) : 1;
    if (f === 0) s.centre = null;
    s.centre = zoomTo(svg, s.zoom, s.centre);
  };
  return h("div", { class: "board-wrap" }, svg,
    h("div", { class: "zoom", role: "group", "aria-label": t("carcZoom") },
      h("button", { type: "button", id: "zoom-in", title: t("carcZoomIn"), onclick: () => zoom(1.4) }, "+"),
      h("button", { type: "button", id: "zoom-out", title: t("carcZoomOut"), onclick: () => zoom(1 / 1.4) }, "−"),
      h("button", { type: "button", id: "zoom-fit", title: t("carcZoomFit"), onclick: () => zoom(0) }, "⤢")));
}

// applyZoom shows the board, once in the page, at the zoom kept in s. A board too large to read whole on
// a small screen starts zoomed on the middle.
function applyZoom(s, svg) {
  if (s.zoom === undefined) {
    const px = svg.getBoundingClientRect().width / (svg.box.w / CELL);
    s.zoom = px > 0 && px < 40 ? Math.min(6, 48 / px) : 1;
  }
  if (s.zoom > 1) s.centre = zoomTo(svg, s.zoom, s.centre);
  bindPan(s, svg);
}

// bindPan lets a zoomed board be dragged with the pointer, and pinched with two fingers to zoom (around
// the point between them); the click that ends a drag or a pinch lays no tile.
function bindPan(s, svg) {
  let from = null, pinch = null;
  const touches = new Map();
  const gap = () => { const [a, b] = [...touches.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  svg.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch") touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size === 2) {
      const [a, b] = [...touches.values()];
      const r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
      // The board point under the fingers' middle stays under it as the board grows.
      const mid = [vb.x + ((a.x + b.x) / 2 - r.left) * vb.width / r.width, vb.y + ((a.y + b.y) / 2 - r.top) * vb.height / r.height];
      pinch = { gap: gap(), zoom: s.zoom || 1, mid, centre: s.centre || [vb.x + vb.width / 2, vb.y + vb.height / 2] };
      from = null;
      return;
    }
    if (s.zoom > 1 && !(s.cc && s.cc.drag)) from = { x: e.clientX, y: e.clientY, centre: s.centre, moved: false };
  });
  svg.addEventListener("pointermove", (e) => {
    if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && touches.size === 2) {
      s.zoom = Math.min(6, Math.max(1, pinch.zoom * gap() / pinch.gap));
      const k = pinch.zoom / s.zoom;
      s.centre = zoomTo(svg, s.zoom, [pinch.mid[0] + (pinch.centre[0] - pinch.mid[0]) * k, pinch.mid[1] + (pinch.centre[1] - pinch.mid[1]) * k]);
      s.panned = true;
      return;
    }
    if (!from || !(e.buttons & 1)) return;
    const dx = e.clientX - from.x, dy = e.clientY - from.y;
    if (!from.moved && Math.hypot(dx, dy) < 6) return;
    from.moved = true;
    const scale = (svg.box.w / s.zoom) / svg.getBoundingClientRect().width;
    s.centre = zoomTo(svg, s.zoom, [from.centre[0] - dx * scale, from.centre[1] - dy * scale]);
  });
  const end = (e) => {
    touches.delete(e.pointerId);
    if (touches.size < 2) pinch = null;
    if (from && from.moved) s.panned = true;
    from = null;
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
}

function bindBoard(s, token, accept) {
  const svg = s.svg;
  svg.addEventListener("pointermove", (e) => {
    if (s.cc.at && !s.cc.drag) return;
    const c = cellAt(svg, e.clientX, e.clientY);
    if (!c || (s.cc.hover && s.cc.hover[0] === c[0] && s.cc.hover[1] === c[1])) return;
    s.cc.hover = c;
    refresh(s, token, accept, true);
  });
  svg.addEventListener("pointerleave", () => { if (!s.cc.drag && s.cc.hover) { s.cc.hover = null; refresh(s, token, accept, true); } });
  svg.addEventListener("click", (e) => {
    if (s.panned) { s.panned = false; return; }
    const c = cellAt(svg, e.clientX, e.clientY);
    if (!c || s.board.has(`${c[0]},${c[1]}`)) return;
    // A click on the tile just laid turns it, as on the table.
    if (s.cc.at && s.cc.at[0] === c[0] && s.cc.at[1] === c[1]) rotate(s, token, accept, 1);
    else place(s, token, accept, c[0], c[1]);
  });
  svg.addEventListener("wheel", (e) => { e.preventDefault(); rotate(s, token, accept, e.deltaY < 0 ? 3 : 1); }, { passive: false });
}

// startDrag lets the tile in hand be dragged onto the board. Dragged by a finger, the tile goes where it
// shows, a little above the finger (TOUCH_LIFT), so that the finger never hides it.
function startDrag(s, token, accept, e) {
  const cc = s.cc;
  cc.drag = true;
  e.preventDefault();
  const lift = e.pointerType === "touch" ? TOUCH_LIFT : 0;
  const move = (ev) => {
    if (!cc.drag) return;
    const c = cellAt(s.svg, ev.clientX, ev.clientY - lift);
    if (c && (!cc.hover || cc.hover[0] !== c[0] || cc.hover[1] !== c[1])) { cc.hover = c; cc.at = null; refresh(s, token, accept, true); }
  };
  const up = (ev) => {
    document.removeEventListener("pointermove", move);
    document.removeEventListener("pointerup", up);
    cc.drag = false;
    refresh(s, token, accept);
    const r = s.svg.getBoundingClientRect(), y = ev.clientY - lift;
    if (ev.clientX >= r.left && ev.clientX <= r.right && y >= r.top && y <= r.bottom) {
      const c = cellAt(s.svg, ev.clientX, y);
      if (c && !s.board.has(`${c[0]},${c[1]}`)) place(s, token, accept, c[0], c[1]);
    }
  };
  document.addEventListener("pointermove", move);
  document.addEventListener("pointerup", up);
}

async function confirm(s, token, accept) {
  const cc = s.cc;
  // What the last press did, on the page for whoever must find out why a press seemed to do nothing.
  const did = (what) => { document.getElementById("app").dataset.confirm = what; };
  if (!cc || !cc.at) { did("unplaced"); return; }
  if (cc.sending) { did("busy"); return; }
  if (isOffline()) { did("offline"); return; }
  // Laid before the turn's legal moves were in (Confirm is offered on the page's own check of the fit): the
  // press waits for them rather than being lost. The turn may have moved on meanwhile.
  while (s.legal && !s.legal.ready && s.legal.done) {
    did("waiting");
    cc.sending = true;
    const asked = s.legal;
    await asked.done;
    cc.sending = false;
    if (s.cc !== cc || s.closed || !cc.at) return; // the turn moved on, or the tile was taken back
    if (s.legal === asked) break; // answered, or failed (its refusal is shown)
  }
  if (legalAt(s, cc.at[0], cc.at[1], cc.rot) === undefined) { did("unlisted"); refresh(s, token, accept); return; }
  const mv = { type: "place", x: cc.at[0], y: cc.at[1], rotation: cc.rot * 90 };
  if (cc.meeple) mv.meeple = cc.meeple;
  if (cc.meeple && cc.figure !== "meeple") mv.figure = cc.figure;
  if (cc.recall) mv.recall = { x: cc.recall.x, y: cc.recall.y };
  if (cc.magic) mv.magic = { ...cc.magic };
  if (magicMissing(s)) { did("magic"); return; }
  s.error = "";
  cc.sending = true;
  did("sent");
  try {
    accept(await api.move(s.id, token(), mv, s.env.seq));
    did("answered");
  } catch (ex) {
    did("refused");
    cc.sending = false;
    s.error = refusalText(ex);
    refresh(s, token, accept);
  }
}

async function doUndo(s, token, accept) {
  try { accept(await api.undo(s.id, token(), s.env.seq)); } catch (ex) { s.error = refusalText(ex); s.render(); }
}

// ---------- keyboard ----------

// keyHandler handles a key on the Carcassonne table: arrows move the cursor, R turns, Enter lays and then
// confirms, 0-9 choose the meeple, Esc takes the tile back, U undoes.
export function keyHandler(s, token, accept, e) {
  if (e.key === "?") { openRules(() => rulesReference(s.view), t); return; }
  const modalBtn = document.querySelector(".modal-back .primary");
  if (modalBtn && (e.key === "Enter" || e.key === "Escape")) { e.preventDefault(); modalBtn.click(); return; }
  const you = s.env && s.env.you;
  if ((e.key === "u" || e.key === "U") && you && you.undoable) { doUndo(s, token, accept); return; }
  if ((e.key === "+" || e.key === "=" || e.key === "-") && s.zoomBy) { s.zoomBy(e.key === "-" ? 1 / 1.4 : 1.4); return; }
  const cc = s.cc;
  if (!cc) return;
  const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  if (moves[e.key]) {
    e.preventDefault();
    const start = cc.cursor || cc.at || firstCell(s);
    cc.cursor = [start[0] + moves[e.key][0], start[1] + moves[e.key][1]];
    cc.at = null; cc.hover = null; unchoose(cc);
    refresh(s, token, accept);
    return;
  }
  switch (e.key) {
    case "r": case "R": rotate(s, token, accept, 1); break;
    case "Escape": cc.at = null; unchoose(cc); refresh(s, token, accept); break;
    case "f": case "F": cycleFigure(s, token, accept); break;
    case "m": case "M": nextMagic(s, token, accept); break;
    case "a": case "A": {
      const more = cc.at && moreAt(s, cc.at[0], cc.at[1], cc.rot);
      if (more && more.recalls.length) chooseRecall(s, token, accept, more.recalls[0]);
      break;
    }
    case "Enter": case " ": {
      e.preventDefault();
      if (cc.at) confirm(s, token, accept);
      else {
        const c = cc.cursor || firstCell(s);
        if (!s.board.has(`${c[0]},${c[1]}`)) place(s, token, accept, c[0], c[1]);
      }
      break;
    }
    default:
      if (/^[0-9]$/.test(e.key) && cc.at) {
        const opts = meepleOptions(s);
        const n = Number(e.key);
        if (n === 0) chooseMeeple(s, token, accept, "");
        else if (n <= opts.length) { cc.meeple = ""; chooseMeeple(s, token, accept, opts[n - 1]); }
      }
  }
}

// firstCell is where the keyboard cursor starts: the first legal cell, else beside the start tile.
function firstCell(s) {
  if (s.legal && s.legal.ready && s.legal.cells.size) return s.legal.cells.keys().next().value.split(",").map(Number);
  return [0, -1];
}


// ---------- replay ----------

// drawReplay draws step r of a Carcassonne replay into main (replay.js gives the heading, the navigation
// and the story panel; state keeps the board's zoom from step to step, and + and - zoom).
export function drawReplay({ main, r, match, state, head, story }) {
  const v = r.view, m = match;
  const svg = drawBoard(v.board, boardMap(v.board), { label: t("carcBoard"), neutral: v.neutral });
  const side = h("section", { class: "side-col" }, playersPanel(v, m, null), surveyorsPanel(v), eventsPanel(v, m, []), story);
  const moved = r.move ? h("p", { class: "muted", id: "replay-move" }, describeMove(v, m, r.move)) : null;
  put(main, ...head, moved, v.over ? h("section", { class: "panel final-panel" }, finalTable(v, m)) : null,
    h("div", { class: "table carc" }, h("section", { class: "board-col" }, boardWrap(state, svg)), side));
  applyZoom(state, svg);
  svg.setAttribute("data-ready", "1");
  state.onKey = (e) => {
    if (!(e.key === "+" || e.key === "=" || e.key === "-") || !state.zoomBy) return false;
    state.zoomBy(e.key === "-" ? 1 / 1.4 : 1.4);
    return true;
  };
}

// describeMove says in words who laid which tile where in a replayed move (placementWords).
function describeMove(v, m, rm) {
  return t("labelled", { label: playerName(m, rm.seat), text: placementWords(laidTile(v, rm.move), rm.move) });
}
