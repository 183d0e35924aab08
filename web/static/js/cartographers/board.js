// The table of a Cartographers match as anyone sees it: the main sheet with its score box, the explore
// card, the time track, the edicts with their scoring cards, the season cards and the other sheets.
// table.js adds the controls of the seat to act; replay.js shows it read-only.

import { h } from "../dom.js";
import { drawSheet, highlight, shapeIcon, monsterMark, MONSTER_MARKS, MARK_BOX, glyphIcon } from "./sheet.js";
import { el } from "../dom.js";
import { parseMap } from "./shapes.js";
import { t, plural, cardName, terrainName, seasonName, titleName, ruleText, monsterEffect } from "../i18n.js";
import { modal, playerName, openRules } from "../ui.js";
import { inPlay, cellsOf } from "./cards.js";

// Season i scores edicts SEASON_EDICTS[i] (A+B, B+C, C+D, D+A).
export const SEASON_EDICTS = [[0, 1], [1, 2], [2, 3], [3, 0]];
export const AMBUSHES = ["Goblin Attack", "Bugbear Assault", "Kobold Onslaught", "Gnoll Raid",
  "Dragon Inferno", "Zombie Plague", "Giant Troll Ravage", "Gorgon Gaze"];

// scoreBox is the table of the four seasons; the season in play shows in pale what each part would
// give now (projected), when the view carries projections (the viewer's own sheet).
export function scoreBox(view, sheet, projected, caption) {
  const seasons = sheet.seasons || [];
  const rows = [0, 1, 2, 3].map(i => {
    const [a, b] = SEASON_EDICTS[i];
    const done = seasons[i];
    const cells = [];
    if (done) {
      cells.push(td(done.edicts[0]), td(done.edicts[1]), td(done.coins), td(-done.monsters), td(done.total, "total"));
    } else if (projected && i === view.season && !view.over) {
      const ea = view.edicts[a].projected, eb = view.edicts[b].projected;
      const pen = view.penalty ? view.penalty.stars : 0;
      const tot = (ea ? ea.stars : 0) + (eb ? eb.stars : 0) + sheet.coins - pen;
      cells.push(td(ea ? ea.stars : "", "proj", { "data-edict": a }), td(eb ? eb.stars : "", "proj", { "data-edict": b }),
        td(sheet.coins, "proj"), td(-pen, "proj", { "data-penalty": "1" }), td(tot, "proj total"));
    } else {
      cells.push(td(""), td(""), td(""), td(""), td("", "total"));
    }
    return h("tr", { class: i === view.season && !view.over ? "current" : "" },
      h("th", { scope: "row" }, seasonName(i), h("small", {}, ` ${"ABCD"[a]}+${"ABCD"[b]}`)), cells);
  });
  return h("table", { class: "scorebox", id: "scorebox" }, caption ? h("caption", { id: "scorebox-caption" }, caption) : null,
    h("thead", {}, h("tr", {}, h("th", {}, t("season")),
      // One heading over the season's two edicts (the row names their letters): "Edict | Edict" read as a slip.
      h("th", { colspan: 2 }, t("edicts")),
      h("th", {}, t("coins")), h("th", {}, t("monsters")), h("th", {}, t("total")))),
    h("tbody", {}, rows),
    h("tfoot", {}, h("tr", {}, h("th", { colspan: 5 }, t("score")),
      h("td", { class: "total", id: "sheet-score" }, String(sheet.score)))));
}

function td(v, cls, attrs) { return h("td", { class: cls || "", ...(attrs || {}) }, String(v)); }

// cardFace shows an explore, ruins, ambush or hero card face; with view, a tap (or Enter) on it opens the
// card's entry in the rules reference.
export function cardFace(card, view) {
  if (!card) return h("div", { class: "card empty" });
  const face = cardBody(card);
  if (view) {
    // A small "?" after the name says that the card opens its rule (a phone has no hover to tell it).
    face.querySelector(".card-name").append(h("span", { class: "card-help", "aria-hidden": "true" }, "?"));
    Object.assign(face, { tabIndex: 0, title: t("cardRuleHint") });
    face.setAttribute("role", "button");
    const open = () => openRules(() => rulesReference(view), t, card.name);
    face.addEventListener("click", open);
    face.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); open(); } });
  }
  return face;
}

function cardBody(card) {
  const terr = card.terrains || [];
  const shapes = (card.shapes || []).map(s => shapeIcon(s.cells, terr.length === 1 ? terr[0] : (card.type === "ambush" ? "monster" : "empty"), { coin: s.coin }));
  return h("div", { class: `card type-${card.type}`, id: "current-card" },
    h("div", { class: "card-head" }, h("span", { class: "card-name" }, cardName(card.name)),
      card.time ? h("span", { class: "card-time" }, `${t("time")} ${card.time}`) : null),
    h("div", { class: "card-shapes" }, shapes),
    h("div", { class: "card-terrains" }, terr.map(k => h("span", { class: `chip k-${k}` }, glyphIcon(k, 14), terrainName(k)))),
    // The arrow says which neighbour draws the monster on whose map: in words beside it, not a lone glyph.
    card.direction ? h("div", { class: "card-dir" }, card.direction === "clockwise" ? "↻ " : "↺ ",
      h("span", { class: "small" }, t(card.direction === "clockwise" ? "arrowClockwise" : "arrowCounter"))) : null);
}

export function timeTrack(view) {
  // The card that ends a season may pass its threshold (7 of 6): the season is then over, and its track
  // full, which is what a player needs to read.
  const time = seasonTime(view);
  const boxes = [];
  for (let i = 0; i < view.threshold; i++) {
    boxes.push(h("span", { class: "tbox" + (i < time ? " on" : "") }));
  }
  return h("div", { class: "timetrack", id: "timetrack" },
    h("div", {}, `${t("season")}: `, h("strong", { id: "season-name" }, seasonName(view.season)),
      view.over ? ` · ${t("gameOver")}` : ` · ${t("time")} ${time}/${view.threshold}`),
    h("div", { class: "tboxes" }, boxes),
    h("div", { class: "revealed" }, h("small", {}, t("revealed") + ": "),
      // Each revealed card opens its rule.
      (view.revealed || []).map(n => h("button", { type: "button", class: "chip card-chip" + (AMBUSHES.includes(n) ? " ambush" : ""), "data-card": n,
        title: t("cardRuleHint"), onclick: () => openRules(() => rulesReference(view), t, n) }, cardName(n)))),
    // The cards left matter while there is a season to play.
    view.over ? null : h("small", { class: "muted" }, plural("deckLeft", view.decks.explore)));
}

// seasonTime is the season's time as its track shows it: at most its threshold.
export const seasonTime = (view) => Math.min(view.time, view.threshold);

export function seasonCards(view) {
  return h("div", { class: "seasons" }, [0, 1, 2, 3].map(i => {
    const [a, b] = SEASON_EDICTS[i];
    return h("div", { class: "season-card" + (i === view.season && !view.over ? " current" : "") + (i < view.season || view.over ? " past" : "") },
      h("strong", {}, seasonName(i)), h("span", {}, `${"ABCD"[a]} + ${"ABCD"[b]}`));
  }));
}

// edictCards shows the four scoring cards; hovering or tapping one highlights what it counts on svg.
export function edictCards(view, svgOf) {
  const scored = SEASON_EDICTS[view.season] || [];
  return h("div", { class: "edicts", id: "edicts" }, view.edicts.map((e, i) => {
    const proj = e.projected;
    const card = h("div", { class: "edict" + (!view.over && scored.includes(i) ? " scoring" : ""), tabindex: 0, role: "button",
      "data-edict": i, title: ruleText(e.card, e.rule) },
    h("div", { class: "edict-head" }, h("span", { class: "letter" }, e.letter), h("span", { class: "edict-name" }, cardName(e.card))),
    h("p", { class: "rule" }, ruleText(e.card, e.rule)),
    // What the card would give now means nothing once the game is over.
    proj && !view.over ? h("div", { class: "proj-stars", "data-proj": i }, `★ ${proj.stars} `, h("small", {}, t("projected"))) : null);
    if (proj) bindHighlight(card, () => proj.counted, svgOf);
    // A tap opens the card's rule where the screen has no room to show it always (phones): a tooltip needs
    // a pointer to hover.
    card.addEventListener("click", () => card.classList.toggle("open"));
    card.setAttribute("aria-expanded", "false");
    card.addEventListener("click", () => card.setAttribute("aria-expanded", String(card.classList.contains("open"))));
    return card;
  }));
}

// bindHighlight makes an element highlight cells on hover, focus and tap (a tap pins it until the next).
export function bindHighlight(node, cellsOf, svgOf) {
  const on = () => { const s = svgOf(); if (s) highlight(s, cellsOf(), "hl"); node.classList.add("hl-on"); };
  const off = () => { const s = svgOf(); if (s && !node.classList.contains("pinned")) highlight(s, [], "hl"); node.classList.remove("hl-on"); };
  node.addEventListener("mouseenter", on);
  node.addEventListener("mouseleave", off);
  node.addEventListener("focus", on);
  node.addEventListener("blur", off);
  node.addEventListener("click", () => {
    const pinned = node.classList.toggle("pinned");
    for (const other of document.querySelectorAll(".pinned")) if (other !== node) other.classList.remove("pinned");
    if (pinned) on(); else { const s = svgOf(); if (s) highlight(s, [], "hl"); }
  });
}

// opponents lists the other sheets small; a click enlarges one.
// Small sheets are kept between redraws while their map is the same: a rotation of the shape redraws the
// table, and with many players redrawing every small sheet would be most of the work.
let thumbs = new Map();

export function opponents(view, match, mainSeat, onOpen) {
  const kept = new Map();
  const items = view.sheets.filter(s => s.seat !== mainSeat).map(s => {
    const k = `${s.seat}|${s.map}|${JSON.stringify(s.hits)}`;
    const svg = thumbs.get(k) || drawSheet(parseMap(s.map), { small: true, hits: s.hits, monsters: s.monsters, label: playerName(match, s.seat) });
    kept.set(k, svg);
    const status = view.over ? "" : (s.waiting ? t("stillDrawing") : t("done"));
    return h("button", { class: "opponent" + (s.waiting ? " drawing" : ""), "data-seat": s.seat, type: "button",
      onclick: () => onOpen(s) },
    svg, h("span", { class: "opp-name" }, playerName(match, s.seat)),
    h("span", { class: "opp-score" }, `★ ${s.score}`), status ? h("span", { class: "opp-status" }, status) : null);
  });
  thumbs = kept;
  if (!items.length) return null;
  return h("section", { class: "panel opponents-panel", id: "opponents" }, h("h3", {}, t("opponents")), h("div", { class: "opponents" }, items));
}

// bigSheet is the enlarged view of another player's sheet.
export function bigSheet(view, match, s, close) {
  const svg = drawSheet(parseMap(s.map), { hits: s.hits, coins: s.coins, monsters: s.monsters, label: playerName(match, s.seat) });
  const wrap = h("div", { class: "big-sheet" }, svg, scoreBox(view, s, false));
  return modal("sheet-modal", playerName(match, s.seat), wrap,
    [h("button", { type: "button", class: "primary", id: "sheet-close", onclick: close }, t("close"))]);
}

// finalPanel ranks the players; in solo it adds the rating and the title.
export function finalPanel(view, match) {
  const res = view.result;
  if (!res) return null;
  const order = res.scores.map((s, i) => i).sort((a, b) => res.ranks[a] - res.ranks[b] || a - b);
  const d = res.detail || {};
  const rows = order.map(i => h("tr", { "data-seat": i }, h("td", {}, String(res.ranks[i])), h("td", {}, playerName(match, i)),
    h("td", { class: "final-score", id: `final-score-${i}` }, String(res.scores[i])),
    h("td", {}, String(-(d.monster_loss ? d.monster_loss[i] : 0)))));
  const body = h("div", { class: "final" },
    h("table", { class: "ranking" }, h("thead", {}, h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("player")),
      h("th", {}, t("finalScore")), h("th", {}, t("monsters")))), h("tbody", {}, rows)));
  if (d.rating !== undefined && d.rating !== null) {
    // French puts a space before the colon ("Titre : ..."): the label's punctuation is the language's.
    body.append(h("p", { class: "solo-result" }, t("labelled", { label: t("soloRating"), text: "" }), h("strong", { id: "solo-rating" }, String(d.rating)),
      " · " + t("labelled", { label: t("soloTitle"), text: "" }), h("strong", { id: "solo-title" }, titleName(d.title))));
  }
  return body;
}

// monsterLegend names the marks of the Heroes monsters on a sheet with what each does (null when none).
export function monsterLegend(sheet, view) {
  const marks = (sheet.monsters || []).filter(mk => MONSTER_MARKS[mk.card]);
  // A hero's attack marks its spaces for the rest of the game, over any terrain: the legend says so (the
  // marks over farms and forests went unexplained).
  const hits = (sheet.hits || []).length ? h("li", { "data-legend": "hits" }, h("span", { class: "hit-mark", "aria-hidden": "true" }, "✕"), " ", t("heroHitsLegend")) : null;
  if (!marks.length && !hits) return null;
  return h("div", { class: "panel monster-legend", id: "monster-legend" }, h("h3", {}, t("monsterLegend")),
    h("ul", { class: "plain" }, hits, ...marks.map(mk => h("li", { "data-card": mk.card },
      el("svg", { viewBox: MARK_BOX, width: 22, height: 22, class: "mark-icon", "aria-hidden": "true" }, monsterMark(MONSTER_MARKS[mk.card], 0, 0)),
      " ", view ? h("button", { type: "button", class: "link legend-card", title: t("cardRuleHint"),
        onclick: () => openRules(() => rulesReference(view), t, mk.card) }, h("strong", {}, cardName(mk.card))) : h("strong", {}, cardName(mk.card)),
      ": ", monsterEffect(mk.card)))));
}

// rulesReference is what a Cartographers player may want to look up during play: the four scoring cards
// in play with their rules, the seasons' lengths, every card the game's content may reveal (explore cards
// with their shapes, terrains and coin, ruins, rift, ambushes with their arrow and ability, heroes with
// their attack pattern) and what monsters cost. Each card's entry is named by data-rule, for openRules.
export function rulesReference(view) {
  const c = inPlay(view.options);
  const entry = (card, ...body) => h("div", { class: "rule-card", "data-rule": card.name },
    h("div", { class: "rule-card-head" }, h("strong", {}, cardName(card.name)),
      card.time ? h("span", { class: "muted" }, `${t("time")} ${card.time}`) : null),
    ...body);
  const shapes = (card, kind) => h("div", { class: "rule-shapes" }, card.shapes.map((g, i) =>
    shapeIcon(cellsOf(g), kind, { coin: card.type === "explore" && card.shapes.length === 2 && i === 0 })));
  const chips = (card) => h("div", { class: "card-terrains" }, card.terrains.map(k => h("span", { class: `chip k-${k}` }, glyphIcon(k, 14), terrainName(k))));
  const section = (title, intro, cards) => cards.length ? [h("h3", {}, title), intro ? h("p", {}, intro) : null, h("div", { class: "rule-cards" }, cards)] : [];
  const arrow = (card) => h("p", { class: "rule-dir" }, card.direction === "clockwise" ? `↻ ${t("arrowClockwise")}` : `↺ ${t("arrowCounter")}`);
  return [
    h("h3", {}, t("edicts")),
    h("dl", {}, view.edicts.flatMap((e, i) => [h("dt", {}, `${"ABCD"[i]} · ${cardName(e.card)}`), h("dd", {}, ruleText(e.card, e.rule))])),
    h("h3", {}, t("rulesSeasons")),
    h("ul", { class: "plain rule-seasons", id: "rule-seasons" }, c.thresholds.map((n, i) => h("li", { "data-season": i },
      h("strong", {}, seasonName(i)), " · ", t("seasonRule", { n, edicts: SEASON_EDICTS[i].map(x => "ABCD"[x]).join(" + ") })))),
    ...section(t("rulesExplore"), t("exploreRule") + " " + t("coinRule"), c.explore.map(card => entry(card, shapes(card, card.terrains.length === 1 ? card.terrains[0] : "empty"), chips(card)))),
    ...section(t("rulesRuins"), t("ruinsRule"), c.ruins.map(card => entry(card))),
    ...section(t("rulesRift"), t("riftRule"), c.rift.map(card => entry(card, chips(card)))),
    ...section(t("rulesAmbush"), t("ambushRule"), c.ambush.map(card => entry(card, shapes(card, "monster"), arrow(card),
      MONSTER_MARKS[card.name] ? h("p", {}, el("svg", { viewBox: MARK_BOX, width: 18, height: 18, class: "mark-icon", "aria-hidden": "true" },
        monsterMark(MONSTER_MARKS[card.name], 0, 0)), " ", monsterEffect(card.name)) : null))),
    ...section(t("rulesHeroes"), t("heroRule"), c.heroes.map(card => {
      const r0 = Math.min(0, ...card.attack.map(o => o[0])), c0 = Math.min(0, ...card.attack.map(o => o[1]));
      return entry(card, h("div", { class: "rule-shapes hero-pattern" }, shapeIcon([[-r0, -c0]], "hero", { hits: card.attack.map(([r, cc]) => [r - r0, cc - c0]) })));
    })),
    h("h3", {}, t("monsters")),
    h("p", {}, t("monsterPenaltyRule")),
  ];
}
