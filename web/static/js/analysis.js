// The post-game analysis on the replay page (docs/analysis.md): an Analyse button, a progress bar while
// the server computes it, then for the step shown the move played, the best move and what the played one
// cost, under both lenses, and a summary per player.

import { api, asSeat } from "./api.js";
import { h } from "./dom.js";
import { t, refusalText } from "./i18n.js";

// analysisPanel keeps the analysis's state across the replay's steps: panel(step) draws it for a step,
// goTo(n) is the replay's own navigation (a costly decision links to its step).
export function analysisPanel(id, goTo, redraw) {
  let st = null, error = "", polling = false, asked = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      for (;;) {
        st = await asSeat(id, (tok) => api.analysis(id, tok));
        if (st.status !== "running") break;
        redraw();
        await new Promise((ok) => setTimeout(ok, 500));
      }
      if (asked && st.status === "none") error = t("analysisFailed");
    } catch (e) { error = refusalText(e); }
    polling = false;
    redraw();
  };
  const start = async () => {
    asked = true; error = "";
    try { st = await asSeat(id, (tok) => api.analyse(id, tok)); } catch (e) { error = refusalText(e); redraw(); return; }
    redraw();
    poll();
  };
  poll();
  return (step) => {
    const body = [];
    if (error) body.push(h("p", { class: "error", id: "analysis-error" }, error));
    if (!st || st.status === "none") {
      body.push(h("button", { type: "button", id: "analyse", onclick: start }, t("analyse")));
    } else if (st.status === "running") {
      const pct = Math.round((st.progress || 0) * 100);
      body.push(h("progress", { id: "analysis-progress", max: 100, value: pct }), h("p", {}, t("analysing", { pct })));
    } else {
      body.push(...done(st.analysis, step, goTo));
      // Once the step's board is drawn (draw appends this panel last): the best move on the sheet.
      queueMicrotask(() => markBest(st.analysis, step));
    }
    return h("section", { class: "panel analysis", id: "analysis" }, h("h3", {}, t("analysis")), ...body);
  };
}

const fmt = (x) => (Math.round(x * 100) / 100).toLocaleString(undefined, { maximumFractionDigits: 2 });

// describe names a move in words from the game's JSON move form (docs/records.md): a terrain by its
// name and cells as the sheet labels them (row letter, column number), the rest as it is.
function describe(mv) {
  if (!mv || typeof mv !== "object") return String(mv);
  const terrains = t("terrains"), parts = [];
  for (const [k, v] of Object.entries(mv)) {
    if (k === "type" || k === "option") continue;
    if (k === "terrain") parts.push((terrains && terrains[v]) || v);
    else if (k === "cells" && Array.isArray(v)) parts.push(v.map(([r, c]) => String.fromCharCode(65 + r) + (c + 1)).join(" "));
    else parts.push(`${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  }
  return parts.join(" ") || mv.type || "";
}

// markBest outlines on the sheet shown the spaces of the fair lens's best move at this step, when it
// differs from the move played: a solo Cartographers game only, whose sheet is the one judged.
function markBest(a, step) {
  const sheet = document.querySelector("#main-sheet");
  if (!sheet || a.game !== "cartographers" || a.seats !== 1 || !a.fair) return;
  sheet.querySelectorAll(".an-best").forEach((n) => n.remove());
  const d = a.fair.decisions.find((x) => x.move === step - 1);
  if (!d || !(d.cost > 0) || !Array.isArray(d.best && d.best.cells)) return;
  for (const [r, c] of d.best.cells) {
    const bg = sheet.querySelector(`[data-cell="${r},${c}"] rect.bg`);
    if (!bg) continue;
    const o = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const k of ["x", "y", "width", "height"]) o.setAttribute(k, bg.getAttribute(k));
    o.setAttribute("class", "an-best");
    // On the grid itself, above every space: a later space's paper would hide an outline drawn in its cell.
    bg.closest(".grid").append(o);
  }
}

// chart draws each player's expected final score after each of their decisions (series) over the game's
// moves, with the step shown marked.
function chart(rep, step) {
  const pts = rep.players.flatMap((p) => p.series || []);
  if (!pts.length) return null;
  const W = 300, H = 90, last = Math.max(1, ...rep.decisions.map((d) => d.move + 1));
  const lo = Math.min(...pts.map((p) => p.expected)), hi = Math.max(...pts.map((p) => p.expected));
  const x = (m) => (m + 1) / last * (W - 4) + 2, y = (v) => H - 4 - (hi > lo ? (v - lo) / (hi - lo) : 0.5) * (H - 16);
  const NS = "http://www.w3.org/2000/svg", el = (tag, attrs) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  };
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "an-chart", role: "img", "aria-label": t("anChart") });
  svg.append(el("line", { x1: x(step - 1), x2: x(step - 1), y1: 0, y2: H, class: "an-now" }));
  rep.players.forEach((p, i) => {
    const line = el("polyline", { class: `an-series s${i % 6}`, points: (p.series || []).map((q) => `${x(q.move).toFixed(1)},${y(q.expected).toFixed(1)}`).join(" ") });
    svg.append(line);
  });
  const label = el("text", { x: 2, y: 10, class: "an-axis" });
  label.textContent = `${fmt(hi)}`;
  const low = el("text", { x: 2, y: H - 6, class: "an-axis" });
  low.textContent = `${fmt(lo)}`;
  svg.append(label, low);
  return h("figure", { class: "an-figure" }, svg, h("figcaption", {}, t("anChart")));
}

// phaseName is a phase of the analysis (docs/analysis.md: a season, or a third of the tiles) in the
// page's language.
const seasonsInEnglish = ["Spring", "Summer", "Fall", "Winter"];
const phaseName = (a, i, ph) => {
  const season = seasonsInEnglish.indexOf(ph);
  if (season >= 0 && Array.isArray(t("seasons"))) return t("seasons")[season];
  return { early: t("anPhaseEarly"), middle: t("anPhaseMiddle"), late: t("anPhaseLate") }[ph] || ph;
};

function done(a, step, goTo) {
  const unit = t("anUnit_" + a.unit);
  const out = [];
  for (const [key, label] of [["fair", "lensFair"], ["clairvoyant", "lensClairvoyant"]]) {
    const rep = a[key];
    if (!rep) continue;
    // The replay's step n shows the game after n moves: the decision that led there is move n-1.
    const d = rep.decisions.find((x) => x.move === step - 1);
    const here = d
      ? h("div", { class: "an-step" },
        h("p", {}, h("strong", {}, t("anPlayed") + ": "), describe(d.played)),
        d.cost > 0
          ? [h("p", {}, h("strong", {}, t("anBest") + ": "), describe(d.best)), h("p", { class: "an-cost" }, t("anCost", { cost: fmt(d.cost), unit }))]
          : h("p", {}, t("anBestPlayed")))
      : h("p", { class: "muted" }, t("anNotJudged"));
    const players = rep.players.map((p) => h("div", { class: "an-player" },
      h("p", {}, h("strong", {}, p.name || `#${p.seat + 1}`), " · ", t("anAccuracy", { pct: fmt(p.accuracy) })),
      h("p", { class: "an-phases" }, t("anLostByPhase", { list: a.phases.map((ph, i) => `${phaseName(a, i, ph)} ${fmt(p.lost_by_phase[i] || 0)}`).join(" · ") })),
      p.costliest.length ? h("p", {}, t("anCostliest") + ": ", ...p.costliest.map((i) => {
        const x = rep.decisions[i];
        return h("a", { href: "#", class: "an-costly", onclick: (e) => { e.preventDefault(); goTo(x.move + 1); } },
          `${t("anMove", { n: x.move + 1 })} (−${fmt(x.cost)}) `);
      })) : null));
    out.push(h("div", { class: "an-lens", "data-lens": key }, h("h4", {}, t(label)), here,
      h("h5", {}, t("anSummary")), ...players, chart(rep, step)));
  }
  return out;
}
