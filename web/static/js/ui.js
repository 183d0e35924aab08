// Small parts every game's pages share: a player's name by seat, a modal dialog.

import { h, focusOnKeyUp } from "./dom.js";

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

// openRules opens the reference; given an entry's name (a card's, its data-rule), at that entry, marked.
export function openRules(body, t, entry) {
  if (document.getElementById("rules-modal")) return;
  const close = h("button", { type: "button", class: "primary", id: "rules-close", onclick: () => box.remove() }, t("close"));
  const box = modal("rules-modal", t("rulesRef"), h("div", { class: "rules-ref" }, body()), [close]);
  document.body.append(box);
  // Opened by Enter on a card, the key is still down: its keypress would close the dialog at once.
  focusOnKeyUp(close, { preventScroll: true });
  const at = entry && [...box.querySelectorAll("[data-rule]")].find(n => n.dataset.rule === entry);
  if (at) {
    at.classList.add("rule-focus");
    at.scrollIntoView({ block: "center" });
  }
}

// TOUCH_LIFT is how far above a finger a dragged shape or tile is drawn and goes, in CSS pixels: about a
// fingertip and a half, so that the finger never hides what it moves.
export const TOUCH_LIFT = 56;

// keyed writes a button's label with its key ("Rotate (R)") apart, so that a phone, which has no keys, can
// leave the key out and keep its action bar on one row.
export function keyed(text) {
  const m = /^(.*\S)\s*(\([^()]+\))$/.exec(text);
  return m ? [m[1], h("span", { class: "key-hint" }, ` ${m[2]}`)] : text;
}
