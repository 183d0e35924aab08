// Learn to play in the page: a short guided game for each game that has one. "Learn to play" in the lobby
// opens a real game (Cartographers alone, Carcassonne against a bot) and a guide beside it: each step says
// one thing, points at the part of the table it is about, and moves on when the player has done it (or
// pressed Next). The game's folder lists the steps (its `tutorial`); the guide knows no game.
//
// A step is { key, target, until?, last? }: key names its text (i18n, "tut_" + key), target the element it
// points at (a CSS selector; the first that exists), until(s) a condition on the match's state that ends the
// step by itself (else a Next button ends it).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { api, seats } from "./api.js";

const KEY = "surveyor.tutorial";

// current is the tutorial running in this browser ({match, game, step}), or null.
const current = () => { try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch { return null; } };
const save = (v) => v ? localStorage.setItem(KEY, JSON.stringify(v)) : localStorage.removeItem(KEY);

// startTutorial opens the guided game of a game and returns its match id.
export async function startTutorial(game, client, name) {
  const tut = client.tutorial;
  // A tutorial is nobody else's business: the lobby does not list it.
  const r = await api.create({ game, name, options: tut.options || {}, max_seats: 1 + (tut.bots || 0), unlisted: true });
  seats.set(r.id, { token: r.token, seat: r.seat, name });
  for (let i = 0; i < (tut.bots || 0); i++) await api.addBot(r.id, r.token, "");
  await api.start(r.id, r.token);
  save({ match: r.id, game, step: 0 });
  return r.id;
}

// stepText is a step's words; on a touch screen its touch form where it has one (no keys to press there).
function stepText(key) {
  const touch = (matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0) && t("tut_" + key + "_touch");
  return touch && touch !== "tut_" + key + "_touch" ? touch : t("tut_" + key);
}

// guide draws the current step beside the table of match s, if this browser runs its tutorial.
export function guide(main, s, client) {
  document.querySelectorAll(".tutorial-target").forEach(e => e.classList.remove("tutorial-target"));
  const tut = current();
  const steps = client && client.tutorial && client.tutorial.steps;
  if (!tut || tut.match !== s.id || !steps || !s.env) return;
  // Steps whose condition holds already are passed (a player who acts before reading is not held back).
  while (tut.step < steps.length - 1 && steps[tut.step].until && steps[tut.step].until(s)) tut.step++;
  save(tut);
  // An aside whose card is on the table now comes first, once (the ruins, the Rift Lands).
  const aside = (client.tutorial.asides || []).find(a => !(tut.seen || []).includes(a.key) && a.when(s));
  const step = aside || steps[tut.step];
  const target = [].concat(step.target || []).map(sel => main.querySelector(sel)).find(Boolean);
  if (target) target.classList.add("tutorial-target");
  const next = () => {
    if (aside) { tut.seen = [...(tut.seen || []), aside.key]; save(tut); s.render(); return; }
    if (tut.step >= steps.length - 1) { save(null); s.render(); return; }
    tut.step++;
    save(tut);
    s.render();
  };
  const box = h("aside", { class: "tutorial", id: "tutorial", role: "status", "aria-live": "polite", "data-step": step.key },
    h("p", { class: "tutorial-count muted small" }, aside ? t("tutAside") : t("tutStep", { n: tut.step + 1, of: steps.length })),
    h("p", { class: "tutorial-text" }, stepText(step.key)),
    h("div", { class: "row" },
      step.until && !step.last ? null : h("button", { type: "button", class: "primary", id: "tutorial-next", onclick: next },
        aside ? t("tutGotIt") : step.last ? t("tutDone") : t("tutNext")),
      step.last ? null : h("button", { type: "button", class: "link", id: "tutorial-skip", onclick: () => { save(null); s.render(); } }, t("tutSkip"))));
  // In the page's flow under the status line, where it covers nothing (a box over the table hid the very
  // edicts and buttons it spoke of, and on a phone the action bar).
  // Over a dialog (the season's scoring), it floats above it, where it can be read and pressed.
  if (document.querySelector(".modal-back")) box.classList.add("floating");
  const status = main.querySelector("#status");
  if (status) status.after(box); else main.prepend(box);
  // What a step speaks of is brought into view once (on a phone the guide pushes the card under the action
  // bar at the screen's foot).
  if (target && s.tutScrolled !== tut.step) {
    s.tutScrolled = tut.step;
    const bar = document.querySelector("#controls .buttons");
    const foot = bar && getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : innerHeight;
    // The panel around it comes whole where it can (the card with its shapes and terrains).
    const r = (target.closest(".panel") || target).getBoundingClientRect();
    if (r.top < 0) scrollBy(0, r.top - 8);
    else if (r.bottom > foot) scrollBy(0, Math.min(r.bottom - foot + 8, r.top - 8));
  }
}

// learnPanel is the lobby's "Learn to play": one button per game with a tutorial.
export function learnPanel(games, navigate, nameOf = () => localStorage.getItem("surveyor.name") || t("learnName")) {
  const err = h("p", { class: "error", role: "alert" });
  return h("section", { class: "panel learn", id: "learn" }, h("h2", {}, t("learnToPlay")), h("p", { class: "muted" }, t("learnWhy")),
    h("div", { class: "row" }, Object.entries(games).filter(([, c]) => c.tutorial).map(([g, c]) =>
      h("button", { type: "button", id: "learn-" + g, onclick: async (e) => {
        e.target.disabled = true;
        try { navigate("/m/" + await startTutorial(g, c, nameOf())); } catch (ex) { err.textContent = ex.message; e.target.disabled = false; }
      } }, c.title))), err);
}
