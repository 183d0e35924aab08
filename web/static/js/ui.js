// Small parts every game's pages share: a player's name by seat, a modal dialog.

import { h } from "./dom.js";

// playerName is the name of the player at a seat ("#N" for a seat nobody holds).
export const playerName = (match, seat) => {
  const p = (match.players || []).find(p => p.seat === seat);
  return p ? p.name : `#${seat + 1}`;
};

// modal is a dialog over the page with its title, body and buttons (the first primary one is pressed by
// Enter or Escape, in the game's key handler).
export function modal(id, title, body, buttons) {
  const box = h("div", { class: "modal-back", id },
    h("div", { class: "modal", role: "dialog", "aria-modal": "true", "aria-label": title },
      h("h2", {}, title), body, h("div", { class: "modal-buttons" }, buttons)));
  return box;
}

// isOffline tells whether the match's connection is down (the shell marks the page): tables hold their
// actions meanwhile.
export const isOffline = () => document.body.classList.contains("offline");

// rulesButton opens the game's rules reference (body() builds it) in a dialog, one tap away; "?" opens it too
// (the game's key handler).
export function rulesButton(body, t) {
  return h("button", { type: "button", class: "link", id: "rules-open", onclick: () => openRules(body, t) }, t("rulesRef"));
}

export function openRules(body, t) {
  if (document.getElementById("rules-modal")) return;
  const close = h("button", { type: "button", class: "primary", id: "rules-close", onclick: () => box.remove() }, t("close"));
  const box = modal("rules-modal", t("rulesRef"), h("div", { class: "rules-ref" }, body()), [close]);
  document.body.append(box);
  close.focus({ preventScroll: true });
}

// TOUCH_LIFT is how far above a finger a dragged shape or tile is drawn and goes, in CSS pixels: about a
// fingertip and a half, so that the finger never hides what it moves.
export const TOUCH_LIFT = 56;
