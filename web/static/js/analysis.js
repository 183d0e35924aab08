// The post-game analysis on the replay page (docs/analysis.md): an Analyse button, a progress bar while
// the server computes it, then for the step shown the move played, the best move and what the played one
// cost, under both lenses, and a summary per player.

import { api, asSeat } from "./api.js";
import { h } from "./dom.js";
import { t, refusalText, lang } from "./i18n.js";
import { playerName } from "./ui.js";

// analysisPanel keeps the analysis's state across the replay's steps: panel(step, at) draws it for a step,
// at = { r, match, state, game }: the replay's step, its match, the game's state from step to step and the
// game's part of the analysis (its folder's `analysis`: a move in words, the best move drawn, a seat's
// board shown). goTo(n, seat) is the replay's own navigation (a costly decision links to its step).
// autostart asks for the analysis at once when none was asked yet (a link that says "Review my game").
// The lens chosen (fair or clairvoyant) is the one whose best move is drawn, kept from step to step.
export function analysisPanel(id, goTo, redraw, autostart) {
  let st = null, error = "", polling = false, asked = false, lens = "fair";
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
    if (autostart && !asked && !error && st && st.status === "none") { start(); return; }
    redraw();
  };
  const start = async () => {
    asked = true; error = "";
    try { st = await asSeat(id, (tok) => api.analyse(id, tok)); } catch (e) { error = refusalText(e); redraw(); return; }
    redraw();
    poll();
  };
  poll();
  return (step, at = {}) => {
    const body = [];
    if (error) body.push(h("p", { class: "error", id: "analysis-error" }, error));
    if (!st || st.status === "none") {
      body.push(h("button", { type: "button", id: "analyse", onclick: start }, t("analyse")));
    } else if (st.status === "running") {
      const pct = Math.round((st.progress || 0) * 100);
      body.push(h("progress", { id: "analysis-progress", max: 100, value: pct }), h("p", {}, t("analysing", { pct })));
    } else {
      const a = st.analysis, shown = a[lens] ? lens : "fair";
      body.push(...done(a, step, goTo, at, shown, (l) => { lens = l; redraw(); }));
      // Once the step's board is drawn (draw adds this panel after it): the best move on the sheet or board.
      queueMicrotask(() => drawBest(a, step, at, shown));
    }
    return h("section", { class: "panel analysis", id: "analysis" }, h("h3", {}, t("analysis")), ...body);
  };
}

// colon is a label before what it labels, as the page's language writes it ("Best: ", "Meilleur : ").
const colon = (label) => t("labelled", { label, text: "" });

// fmt writes a figure to the hundredth in the page's language (21.44 stars, 21,44 étoiles).
const fmt = (x) => (Math.round(x * 100) / 100).toLocaleString(lang(), { maximumFractionDigits: 2 });

// describe names a move in words from the game's JSON move form (docs/records.md), for a game whose
// folder does not: its fields as they are.
function describe(mv) {
  if (!mv || typeof mv !== "object") return String(mv);
  const parts = Object.entries(mv).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return parts.join(" ") || mv.type || "";
}

// drawBest draws on the step's sheet or board the best move of the lens chosen, when it differs from
// the move played (the game's folder draws it, in the lens's own look), marks the move in the panel as
// drawn and says it under the move played, above the board, where it is read with the board in view (on a
// phone the panel is far below), named by its lens; when the board shown is another seat's, the panel
// offers to show the seat's.
function drawBest(a, step, at, lens) {
  const game = at.game, panel = document.querySelector(`#analysis .an-lens[data-lens="${lens}"] .an-step`);
  document.querySelector("#an-best-line")?.remove();
  if (!game || !game.best || !a[lens]) return;
  const d = a[lens].decisions.find((x) => x.move === step - 1);
  const costly = d && d.cost > 0 ? d : null;
  const drawn = game.best(costly, at.r, lens);
  const best = panel && panel.querySelector(".an-best-move");
  if (!costly || !best) return;
  const clair = lens === "clairvoyant";
  // The swatch is the outline's own look, which each game's stylesheet rules give (app.css).
  const swatch = () => h("span", { class: `an-swatch g-${a.game} l-${lens}`, "aria-hidden": "true" });
  if (drawn) {
    best.append(" ", h("span", { class: "an-drawn" }, swatch(), t(clair ? "anOutlinedClair" : "anOutlined")));
    document.querySelector("#replay-move")?.after(h("p", { class: "an-best-line", id: "an-best-line", "data-lens": lens }, swatch(),
      h("strong", {}, colon(t(clair ? "anBestClair" : "anBest"))), game.words(costly.best, at.r), " ", h("span", { class: "an-cost" },
        `(−${fmt(costly.cost)} ${t("anUnit_" + a.unit)})`)));
  } else if (game.focus && at.state) {
    best.after(h("p", {}, h("button", { type: "button", id: "an-show-board", class: "link",
      onclick: () => { game.focus(at.state, costly.seat); at.redraw && at.redraw(); } }, t("anShowOn", { who: playerName(at.match, costly.seat) }))));
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

// done is the finished analysis for a step: with both lenses, a choice of the one whose best move is
// drawn (lens; pick chooses another), then each lens's block.
function done(a, step, goTo, at, lens, pick) {
  const unit = t("anUnit_" + a.unit);
  const words = (mv) => (at.game && at.game.words && at.r ? at.game.words(mv, at.r) : describe(mv));
  const out = [];
  if (a.fair && a.clairvoyant && at.game && at.game.best) {
    out.push(h("p", { class: "an-pick", id: "an-pick", role: "group", "aria-label": t("anDrawLens") }, h("span", {}, colon(t("anDrawLens"))),
      ...[["fair", "lensFair"], ["clairvoyant", "lensClairvoyant"]].map(([key, label]) => h("button", { type: "button", "data-lens": key,
        class: key === lens ? "selected" : "", "aria-pressed": String(key === lens), onclick: () => pick(key) }, t(label)))));
  }
  for (const [key, label] of [["fair", "lensFair"], ["clairvoyant", "lensClairvoyant"]]) {
    const rep = a[key];
    if (!rep) continue;
    // The replay's step n shows the game after n moves: the decision that led there is move n-1.
    const d = rep.decisions.find((x) => x.move === step - 1);
    const here = d
      ? h("div", { class: "an-step" },
        h("p", { class: "an-played-move" }, h("strong", {}, colon(a.seats > 1 && at.match ? t("anPlayedBy", { who: playerName(at.match, d.seat) }) : t("anPlayed"))), words(d.played)),
        d.cost > 0
          ? [h("p", { class: "an-best-move" }, h("strong", {}, colon(t("anBest"))), words(d.best)), h("p", { class: "an-cost" }, t("anCost", { cost: fmt(d.cost), unit }))]
          : h("p", {}, t("anBestPlayed")))
      : h("p", { class: "muted" }, t("anNotJudged"));
    const players = rep.players.map((p) => h("div", { class: "an-player" },
      h("p", {}, h("strong", {}, p.name || `#${p.seat + 1}`), " · ", t("anAccuracy", { pct: fmt(p.accuracy) })),
      h("p", { class: "an-phases" }, t("anLostByPhase", { list: a.phases.map((ph, i) => `${phaseName(a, i, ph)} ${fmt(p.lost_by_phase[i] || 0)}`).join(" · ") })),
      // Each costliest decision a link to its step, the links set apart by a dot (no underlined space).
      p.costliest.length ? h("p", {}, colon(t("anCostliest")), ...p.costliest.flatMap((i, k) => {
        const x = rep.decisions[i];
        return [k ? " · " : "", h("a", { href: "#", class: "an-costly", onclick: (e) => { e.preventDefault(); goTo(x.move + 1, x.seat); } },
          `${t("anMove", { n: x.move + 1 })} (−${fmt(x.cost)})`)];
      })) : null));
    out.push(h("div", { class: "an-lens" + (key === lens ? " chosen" : ""), "data-lens": key }, h("h4", {}, t(label)), here,
      h("h5", {}, t("anSummary")), ...players, chart(rep, step)));
  }
  return out;
}
