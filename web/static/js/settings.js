// The account's settings (/settings): the password, passkeys, API tokens for scripts and bots, signing out
// everywhere, and deleting the account. Every section talks to the API of docs/api.md, Accounts; a refusal
// shows next to the control that caused it.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t, lang, date, plural, refusalText } from "./i18n.js";
import { currentUser, forgetUser, passkeys, registerPasskey } from "./account.js";
import { enablePush, pushSupported } from "./push.js";


// refusal turns an API error into the sentence a player reads.
const refusal = (ex) => ex.code === "bad_credentials" ? t("wrongPassword")
  : ex.code === "rate_limited" ? t("tooManyTries") : refusalText(ex);

export function showSettings(main, leave) {
  currentUser().then(u => {
    if (!u) {
      main.replaceChildren(h("section", { class: "panel", id: "settings" }, h("h2", {}, t("settings")),
        h("p", { class: "muted" }, u === false ? t("noAccounts") : t("signInForSettings"))));
      return;
    }
    main.replaceChildren(h("div", { id: "settings", class: "settings" },
      h("h2", {}, t("settingsOf", { name: u.name })),
      notifySection(), passwordSection(), passkeySection(), tokenSection(), sessionSection(leave), dataSection(), deleteSection(leave)));
  });
}

// submitting is a form's submit handler: the message cleared, the form checked, then act(); a refusal shows
// in msg, in words.
const submitting = (msg, act) => async (e) => {
  e.preventDefault();
  msg.className = "";
  msg.textContent = "";
  if (!e.target.reportValidity()) return;
  try { await act(); } catch (ex) { msg.className = "error"; msg.textContent = refusal(ex); }
};

function section(id, title, why, ...body) {
  return h("section", { class: "panel", id }, h("h3", {}, title), why ? h("p", { class: "muted" }, why) : null, ...body);
}

function passwordSection() {
  const msg = h("p", { role: "status", id: "password-msg" });
  const old = h("input", { id: "old-password", type: "password", required: true, autocomplete: "current-password" });
  const pw = h("input", { id: "new-password", type: "password", required: true, minlength: 8, autocomplete: "new-password" });
  const keep = h("input", { type: "checkbox", id: "keep-tokens" });
  const form = h("form", { onsubmit: submitting(msg, async () => {
    const r = await api.changePassword(old.value, pw.value, keep.checked);
    old.value = pw.value = "";
    msg.textContent = r.tokens_revoked ? t("passwordChanged") + " " + plural("passwordTokensRevoked", r.tokens_revoked) : t("passwordChanged");
    if (r.tokens_revoked) window.dispatchEvent(new Event("surveyor:tokens"));
  }) },
  h("label", {}, t("currentPassword"), old), h("label", {}, t("newPassword"), pw),
  h("label", { class: "inline" }, keep, t("keepTokens")),
  h("button", { type: "submit", id: "change-password" }, t("changePassword")), msg);
  return section("password-settings", t("password"), t("passwordWhy"), form);
}

function passkeySection() {
  const list = h("ul", { class: "plain", id: "passkeys" });
  const msg = h("p", { role: "status" });
  const load = () => api.passkeys().then(r => {
    list.replaceChildren(...(r.passkeys.length ? r.passkeys.map(k => h("li", { "data-id": k.id },
      h("span", {}, k.name || t("passkey")), " ", h("span", { class: "muted" }, t("addedOn", { date: date(k.created) })), " ",
      h("button", { type: "button", class: "link remove-passkey", onclick: async () => {
        try { await api.removePasskey(k.id); load(); } catch (ex) { msg.className = "error"; msg.textContent = refusal(ex); }
      } }, t("remove")))) : [h("li", { class: "muted" }, t("noPasskeys"))]));
  }, ex => { msg.className = "error"; msg.textContent = refusalText(ex); });
  load();
  const add = passkeys ? h("button", { type: "button", id: "add-passkey", onclick: async (e) => {
    const btn = e.target;
    msg.className = "";
    msg.textContent = "";
    try {
      await registerPasskey();
      btn.dataset.done = "1";
      msg.textContent = t("passkeyAdded");
      load();
    } catch (ex) {
      msg.className = "error";
      msg.textContent = ex && ex.code === "too_many_passkeys" ? refusalText(ex) : t("passkeyFailed");
      btn.title = ex && ex.message || "";
    }
  } }, t("addPasskey")) : h("p", { class: "muted" }, t("noPasskeySupport"));
  return section("passkey-settings", t("passkeys"), t("passkeysWhy"), list, add, msg);
}

function tokenSection() {
  const rows = h("tbody", { id: "tokens" });
  const msg = h("p", { role: "status" });
  const shown = h("div", { id: "new-token", hidden: true });
  const load = () => api.tokens().then(r => {
    rows.replaceChildren(...(r.tokens.length ? r.tokens.map(k => h("tr", { "data-id": k.id },
      h("td", {}, k.name), h("td", {}, ["read", "play"].filter(s => k.scopes.includes(s)).map(s => t("scope_" + s)).join(", ")),
      h("td", {}, date(k.created)), h("td", {}, k.last_used ? date(k.last_used) : t("never")),
      h("td", {}, h("button", { type: "button", class: "link revoke-token", onclick: async (ev) => {
        // The list is drawn anew: a keyboard's place goes to the Revoke now in this row's place (or the one
        // above it), or, none left, to the new token's name, rather than to the page's body.
        const at = [...rows.querySelectorAll(".revoke-token")].indexOf(ev.currentTarget);
        try {
          await api.revokeToken(k.id);
          await load();
          const left = rows.querySelectorAll(".revoke-token");
          (left[Math.min(at, left.length - 1)] || name).focus();
        } catch (ex) { msg.className = "error"; msg.textContent = refusal(ex); }
      } }, t("revoke"))))) : [h("tr", {}, h("td", { colspan: 5, class: "muted" }, t("noTokens")))]));
  }, ex => { msg.className = "error"; msg.textContent = refusalText(ex); });
  load();
  // A password change may have revoked them all; the listener goes with the page it served.
  const reload = () => rows.isConnected ? load() : window.removeEventListener("surveyor:tokens", reload);
  window.addEventListener("surveyor:tokens", reload);
  const name = h("input", { id: "token-name", required: true, maxlength: 60, placeholder: t("tokenNameHint") });
  const read = h("input", { type: "checkbox", id: "scope-read", checked: true });
  const play = h("input", { type: "checkbox", id: "scope-play" });
  const form = h("form", { class: "row", onsubmit: async (e) => {
    e.preventDefault();
    msg.className = "";
    msg.textContent = "";
    if (!form.reportValidity()) return;
    const scopes = [read.checked && "read", play.checked && "play"].filter(Boolean);
    if (!scopes.length) { msg.className = "error"; msg.textContent = t("pickAScope"); return; }
    try {
      const r = await api.createToken(name.value.trim(), scopes);
      name.value = "";
      // The secret is shown this once: the server keeps only its hash.
      const secret = h("input", { id: "token-secret", readonly: true, value: r.token, "aria-label": t("tokenSecret") });
      shown.replaceChildren(h("p", {}, t("tokenOnce")), h("div", { class: "row" }, secret,
        h("button", { type: "button", id: "copy-token", onclick: (ev) => {
          secret.select();
          (navigator.clipboard ? navigator.clipboard.writeText(r.token) : Promise.reject()).then(
            () => { ev.target.textContent = t("copied"); }, () => document.execCommand && document.execCommand("copy"));
        } }, t("copy"))));
      shown.hidden = false;
      load();
    } catch (ex) { msg.className = "error"; msg.textContent = refusal(ex); }
  } },
  h("label", {}, t("tokenName"), name),
  h("label", { class: "inline" }, read, t("scope_read")), h("label", { class: "inline" }, play, t("scope_play")),
  h("button", { type: "submit", id: "create-token" }, t("createToken")));
  return section("token-settings", t("apiTokens"), t("tokensWhy"),
    h("div", { class: "table-scroll" }, h("table", { class: "ranking" },
      h("thead", {}, h("tr", {}, h("th", {}, t("tokenName")), h("th", {}, t("scopes")), h("th", {}, t("created")),
        h("th", {}, t("lastUsed")), h("th", {}, ""))), rows)),
    form, shown, msg);
}

function sessionSection(leave) {
  const msg = h("p", { role: "status" });
  return section("session-settings", t("sessions"), t("sessionsWhy"),
    // This device only: the header's Sign out, which a phone's one-row header leaves here.
    h("button", { type: "button", id: "signout-here", onclick: async () => {
      try { await api.signout(); } catch { /* signed out anyway */ }
      forgetUser();
      leave();
    } }, t("signOut")), " ",
    h("button", { type: "button", id: "signout-everywhere", onclick: async () => {
      try {
        await api.signoutEverywhere();
        forgetUser();
        leave();
      } catch (ex) { msg.className = "error"; msg.textContent = refusal(ex); }
    } }, t("signOutEverywhere")), msg);
}

// dataSection: the player's own games, downloaded as records (one JSON document a line).
function dataSection() {
  return section("data-settings", t("yourData"), t("yourDataWhy"),
    h("p", {}, h("a", { id: "export-games", class: "button", href: "/api/account/export", download: "" }, t("downloadGames"))));
}

function deleteSection(leave) {
  const msg = h("p", { role: "status", id: "delete-msg" });
  const pw = h("input", { id: "delete-password", type: "password", required: true, autocomplete: "current-password" });
  const form = h("form", { onsubmit: submitting(msg, async () => {
    await api.deleteAccount(pw.value);
    forgetUser();
    leave();
  }) },
  h("label", {}, t("password"), pw), h("button", { type: "submit", id: "delete-account", class: "danger" }, t("deleteAccount")), msg);
  return section("delete-settings", t("deleteAccount"), t("deleteWhy"), form);
}

// notifySection: how the server tells the player that a game needs them (in the page, by push, by mail).
function notifySection() {
  const msg = h("p", { role: "status", id: "notify-msg" });
  const body = h("div", {}, h("p", { class: "muted" }, "…"));
  const fail = (ex) => { msg.className = "error"; msg.textContent = refusal(ex); };
  const draw = (p) => {
    const page = h("input", { type: "checkbox", id: "notify-page", checked: p.page });
    const push = h("input", { type: "checkbox", id: "notify-push", checked: p.push });
    const mode = h("select", { id: "notify-mail", disabled: !p.can_mail },
      ["off", "each", "digest"].map(m => h("option", { value: m, selected: p.mail === m }, t({ off: "mailOff", each: "mailEach", digest: "mailDigest" }[m]))));
    const hour = h("input", { type: "number", id: "notify-hour", min: 0, max: 23, value: p.digest_hour, disabled: !p.can_mail });
    const email = h("input", { type: "email", id: "notify-email", maxlength: 254, value: p.email || "", disabled: !p.can_mail, autocomplete: "email" });
    const state = p.email ? h("span", { class: "muted small", id: "email-state" }, p.confirmed ? t("emailConfirmed") : t("emailPending")) : null;
    const browsers = h("ul", { class: "plain", id: "push-browsers" }, p.browsers.length ? p.browsers.map(b => h("li", { "data-id": b.id },
      b.agent || "?", " ", h("span", { class: "muted" }, t("addedOn", { date: date(b.created) })), " ",
      h("button", { type: "button", class: "link remove-push", onclick: () => api.removePush(b.id).then(load, fail) }, t("remove"))))
      : [h("li", { class: "muted" }, t("noBrowsers"))]);
    const enable = pushSupported() && p.push_key ? h("button", { type: "button", id: "enable-push", onclick: async () => {
      msg.className = "";
      try { await enablePush(p.push_key); msg.textContent = t("pushOn"); load(); }
      catch (ex) { msg.className = "error"; msg.textContent = ex.message === "blocked" ? t("pushBlocked") : ex.message === "unsupported" ? t("pushUnsupported") : refusal(ex); }
    } }, t("enablePush")) : h("p", { class: "muted small" }, t("pushUnsupported"));
    const form = h("form", { id: "notify-form", onsubmit: submitting(msg, async () => {
      const req = { page: page.checked, push: push.checked, lang: lang() };
      if (p.can_mail) Object.assign(req, { mail: mode.value, digest_hour: Number(hour.value), email: email.value.trim() });
      draw(await api.setNotify(req));
      msg.textContent = t("saved");
    }) },
    h("label", { class: "inline" }, page, t("notifyPage")),
    h("label", { class: "inline" }, push, t("notifyPush")),
    h("div", { class: "push-browsers" }, h("p", {}, t("browsers")), browsers, enable),
    p.can_mail ? [h("label", {}, t("emailAddress"), email, state), h("label", {}, t("mailMode"), mode), h("label", {}, t("digestHour"), hour)]
      : h("p", { class: "muted small", id: "no-mail" }, t("noMail")),
    h("button", { type: "submit", id: "save-notify" }, t("save")));
    body.replaceChildren(form);
  };
  const load = () => api.notifySettings().then(draw, fail);
  load();
  // The day's challenges are ready: asked for apart from the form, and kept as soon as it is ticked.
  const box = h("input", { type: "checkbox", id: "notify-challenges" });
  const remind = h("label", { class: "inline", hidden: true }, box, t("notifyChallenges"));
  api.challengeReminder().then(r => { box.checked = r.on; remind.hidden = false; }).catch(() => {});
  box.addEventListener("change", () => api.setChallengeReminder(box.checked).then(r => {
    box.checked = r.on; msg.className = ""; msg.textContent = t("saved");
  }, fail));
  return section("notify-settings", t("notifySettings"), t("notifyWhy"), body, remind, msg);
}
