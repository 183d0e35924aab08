// The player's account: who is signed in (asked once per page), the header's sign-in control and its
// form. Signing in or up claims the seats this browser holds, so that they follow the account to any
// device. Without accounts on the server (404) the control is not shown.

import { api, seats, APIError } from "./api.js";
import { h } from "./dom.js";
import { t, minutes, refusalText } from "./i18n.js";
import { bell, startInbox, stopInbox } from "./inbox.js";

let me;          // the signed-in user, null when signed out, undefined before the first answer
let asked = null; // the pending question

// currentUser is the signed-in user or null; accounts off also gives null.
export function currentUser() {
  if (me !== undefined) return Promise.resolve(me);
  asked ||= api.me().then(r => (me = r.user), ex => {
    me = null;
    if (ex instanceof APIError && ex.status === 404) me = false; // this server has no accounts
    return me;
  });
  return asked;
}

// forgetUser drops what the page knows of the signed-in user (after signing out, everywhere or for good).
export function forgetUser() { me = null; asked = null; }

// passkeys are offered where the browser reads and writes WebAuthn options as JSON.
export const passkeys = typeof PublicKeyCredential !== "undefined" && !!PublicKeyCredential.parseCreationOptionsFromJSON;

const heldSeats = () => seats.ids().map(id => ({ match: id, token: (seats.get(id) || {}).token })).filter(s => s.token);

// accountControl is the header's part: "Sign in", or the name and "Sign out".
export function accountControl(onChange) {
  const box = h("span", { class: "account", id: "account" });
  currentUser().then(u => {
    if (u === false) return;
    if (u) {
      startInbox();
      box.replaceChildren(bell((path) => { history.pushState(null, "", path); onChange(); }), " ",
        // On a phone the header is one row: the name alone, a gear for the settings (sign out is there too).
        h("a", { id: "signed-in-as", href: `/u/${encodeURIComponent(u.name)}`, title: t("signedInAs", { name: u.name }) },
          h("span", { class: "long" }, t("signedInAs", { name: u.name })), h("span", { class: "short" }, u.name)), " ",
        h("a", { id: "settings-link", href: "/settings", "aria-label": t("settings"), title: t("settings") },
          h("span", { class: "long" }, t("settings")), h("span", { class: "short", "aria-hidden": "true" }, "⚙")), " ",
        h("button", { type: "button", id: "sign-out", class: "link long", onclick: async () => {
          try { await api.signout(); } catch { /* signed out anyway */ }
          stopInbox();
          forgetUser(); onChange();
        } }, t("signOut")));
    } else {
      box.replaceChildren(h("button", { type: "button", id: "sign-in", class: "link", onclick: () => openForm(onChange) }, t("signIn")));
    }
  });
  return box;
}

// registerPasskey asks the browser to create a passkey for the signed-in account and registers it.
export async function registerPasskey() {
  const opts = await api.passkeyRegisterBegin();
  const cred = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(opts.publicKey) });
  await api.passkeyRegisterFinish(cred.toJSON());
}

function openForm(onChange) {
  const err = h("p", { class: "error", role: "alert" });
  const name = h("input", { id: "account-name", name: "name", required: true, maxlength: 24, autocomplete: "username",
    value: localStorage.getItem("surveyor.name") || "" });
  const password = h("input", { id: "account-password", name: "password", type: "password", required: true, minlength: 8,
    autocomplete: "current-password" });
  const close = () => back.remove();
  const send = (how) => async (e) => {
    e.preventDefault();
    err.textContent = "";
    if (!form.reportValidity()) return;
    try {
      const r = await (how === "up" ? api.signup : api.signin)(name.value.trim(), password.value, heldSeats());
      me = r.user; asked = null;
      localStorage.setItem("surveyor.name", r.user.name);
      close();
      onChange();
    } catch (ex) {
      // A sign-up refused for the address's hour of accounts says when to come back: "a moment" was up to an hour.
      err.textContent = ex.code === "bad_credentials" ? t("wrongCredentials") : ex.code === "name_taken" ? t("nameTaken")
        : how === "up" && ex.code === "rate_limited" && ex.retryAfter >= 60 ? t("signupsSpent", { wait: minutes(Math.ceil(ex.retryAfter / 60)) })
        : refusalText(ex);
    }
  };
  const form = h("form", { id: "account-form", onsubmit: send("in") },
    h("h2", {}, t("signIn")), h("p", { class: "muted" }, t("accountWhy")),
    h("label", {}, t("accountName"), name), h("label", {}, t("password"), password), err,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "do-sign-in" }, t("signIn")),
      passkeys ? h("button", { type: "button", id: "passkey-sign-in", onclick: async () => {
        err.textContent = "";
        try {
          const opts = await api.passkeySigninBegin();
          const cred = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(opts.publicKey) });
          const r = await api.passkeySigninFinish(cred.toJSON());
          const held = heldSeats();
          if (held.length) await api.claim(held);
          me = r.user; asked = null;
          close();
          onChange();
        } catch (ex) { err.textContent = ex.code === "bad_credentials" ? t("passkeyFailed") : ex.code ? refusalText(ex) : t("passkeyFailed"); }
      } }, t("passkeySignIn")) : null,
      h("button", { type: "button", id: "do-sign-up", onclick: send("up") }, t("signUp")),
      h("button", { type: "button", id: "account-cancel", onclick: close }, t("close"))));
  const back = h("div", { class: "modal-back", id: "account-modal" },
    h("div", { class: "modal", role: "dialog", "aria-modal": "true", "aria-label": t("signIn") }, form));
  document.body.append(back);
  name.focus();
}
