// The replay of a finished match, move by move, as a spectator saw it: the navigation, the keys and the
// story are the same for every game; each step is drawn by the game's folder (games.js).

import { api, asSeat } from "./api.js";
import { h } from "./dom.js";
import { t, refusalText } from "./i18n.js";
import { storyPanel } from "./story.js";
import { clientOf } from "./games.js";
import { analysisPanel } from "./analysis.js";

export function showReplay(main, id) {
  let match = null, step = 0, steps = 0, closed = false, shown = null;
  // The game's own state, kept from step to step (the sheet in focus, the board's zoom).
  const state = {};
  // What the analysis's panel needs of the step shown: the step, the match, the game's state and the
  // game's part of the analysis (docs/client.md).
  const at = () => ({ r: shown, match, state, game: match && (clientOf(match.game) || {}).analysis, redraw: () => shown && draw(shown) });
  // The analysis's panel is redrawn alone as it moves on, the board left as it is. A costly decision
  // leads to its step, showing the board of the seat that decided.
  const analysis = analysisPanel(id, async (n, seat) => {
    const game = at().game;
    if (seat != null && game && game.focus) game.focus(state, seat);
    await load(n);
    // The board comes into view with the step's moves above it (on a phone the panel is below the board).
    await new Promise((ok) => setTimeout(ok));
    (main.querySelector("#an-best-line") || main.querySelector("#replay-move"))?.scrollIntoView({ block: "nearest" });
  }, () => {
    const el = main.querySelector("#analysis");
    if (el && !closed) el.replaceWith(analysis(step, at()));
  }, new URLSearchParams(location.search).get("analyse") === "1");
  // Only the step asked last is drawn: presses in quick succession (Next then Last) ask for several, whose
  // answers may come in any order; an earlier one drawn last took the page back to its step.
  let asked = 0;
  const load = async (n) => {
    const mine = ++asked;
    try {
      if (!match) match = (await asSeat(id, (tok) => api.show(id, tok))).match;
      const r = await asSeat(id, (tok) => api.replay(id, n, tok));
      if (closed || mine !== asked) return;
      step = r.step; steps = r.steps;
      // The step is kept in the address: a reload, a change of language or a shared link comes back to it.
      history.replaceState(history.state, "", location.pathname + (step ? `?step=${step}` : ""));
      draw(r);
    } catch (e) {
      if (closed || mine !== asked) return;
      main.replaceChildren(h("p", { class: "error" }, refusalText(e)), h("a", { href: "/", class: "button" }, t("backToLobby")));
    }
  };
  const draw = (r) => {
    shown = r;
    const client = clientOf(match.game);
    if (!client) { main.replaceChildren(h("p", { class: "error" }, match.game)); return; }
    // Titled by the game and its players: the match's id means nothing to a person.
    const title = `${t("replayOf")} · ${client.title} · ${(match.players || []).map(p => p.name).join(", ")}`;
    client.replay({ main, r, match, state, head: [h("h2", { id: "replay-title" }, title), navBar()],
      story: storyPanel(r.narrative, step, match, client.tell), redraw: () => draw(r) });
    // What was said at the table up to this step.
    const side = main.querySelector(".side-col");
    if (side && (r.chat || []).length) {
      side.append(h("section", { class: "panel chat", id: "replay-chat" }, h("h3", {}, t("chat")),
        h("ol", { class: "chat-list" }, r.chat.map(c => h("li", { "data-n": c.n }, h("strong", {}, c.name), ": ",
          c.phrase ? t("phrase_" + c.phrase) : c.text)))));
    }
    // The analysis before the story: on a review it is what one came for, and the story grows long.
    const story = side && side.querySelector("#replay-story");
    if (story) story.before(analysis(step, at())); else (side || main).append(analysis(step, at()));
  };
  const navBar = () => h("div", { class: "replay-nav", id: "replay-nav" },
    h("button", { type: "button", id: "replay-first", onclick: () => load(0) }, t("first")),
    h("button", { type: "button", id: "replay-prev", onclick: () => load(Math.max(0, step - 1)) }, t("prev")),
    h("input", { type: "range", min: 0, max: steps, value: step, "aria-label": t("step", { n: step, total: steps }),
      onchange: (e) => load(Number(e.target.value)) }),
    h("button", { type: "button", id: "replay-next", onclick: () => load(Math.min(steps, step + 1)) }, t("next")),
    h("button", { type: "button", id: "replay-last", onclick: () => load(steps) }, t("last")),
    h("span", { id: "replay-step" }, t("step", { n: step, total: steps })));
  const onKey = (e) => {
    if (state.onKey && state.onKey(e)) return;
    if (e.key === "ArrowLeft") load(Math.max(0, step - 1));
    if (e.key === "ArrowRight") load(Math.min(steps, step + 1));
  };
  document.addEventListener("keydown", onKey);
  load(Math.max(0, Math.floor(Number(new URLSearchParams(location.search).get("step"))) || 0));
  return () => { closed = true; document.removeEventListener("keydown", onKey); };
}
