// The people around the tables: on a player's page, follow, block and report them; in the lobby, the people
// you follow and whether they are online; at the table, who is there and when each last moved.

import { api } from "./api.js";
import { h, put } from "./dom.js";
import { t, lang, refusalText, duration } from "./i18n.js";
import { currentUser } from "./account.js";

// socialBar is the row of a profile's buttons, for a signed-in visitor who is not its owner.
export function socialBar(name) {
  const box = h("div", { class: "social row", id: "social" });
  currentUser().then(async (me) => {
    if (!me || me.name === name) return;
    const [following, blocked] = await Promise.all([api.following().catch(() => ({ following: [] })), api.blocked().catch(() => ({ blocked: [] }))]);
    let follows = following.following.some(f => f.name === name);
    let blocks = blocked.blocked.some(f => f.name === name);
    const msg = h("p", { role: "status", id: "social-msg" });
    const draw = () => {
      const toggle = (what, on, id, label) => h("button", { type: "button", id, onclick: async () => {
        try {
          await api.relate(name, what, on);
          if (what === "follow") follows = on; else { blocks = on; if (on) follows = false; }
          msg.className = "";
          msg.textContent = "";
          draw();
        } catch (ex) { msg.className = "error"; msg.textContent = refusalText(ex); }
      } }, label);
      const report = h("details", { class: "report", id: "report" }, h("summary", {}, t("report")), reportForm(name, msg));
      put(box, blocks ? null : toggle("follow", !follows, follows ? "unfollow" : "follow", follows ? t("unfollow") : t("follow")),
        toggle("block", !blocks, blocks ? "unblock" : "block", blocks ? t("unblock") : t("block")),
        report, blocks ? h("p", { class: "muted small", id: "blocked-note" }, t("blockedNote")) : null, msg);
    };
    draw();
  });
  return box;
}

function reportForm(name, msg) {
  const text = h("textarea", { id: "report-text", maxlength: 300, required: true, rows: 3, "aria-label": t("reportWhy") });
  const form = h("form", { onsubmit: async (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    try {
      await api.report(name, text.value);
      text.value = "";
      form.closest("details").open = false;
      msg.className = "";
      msg.textContent = t("reportSent");
    } catch (ex) { msg.className = "error"; msg.textContent = refusalText(ex); }
  } }, h("p", { class: "muted small" }, t("reportWhy")), text, h("button", { type: "submit", id: "send-report" }, t("report")));
  return form;
}

// friendsPanel lists the people the signed-in player follows, online first; onAnswer is called once it
// knows whether it shows (the lobby waits for it before showing itself).
export function friendsPanel(onAnswer = () => {}) {
  const panel = h("section", { class: "panel friends", id: "friends", hidden: true });
  currentUser().then(me => {
    if (!me) return onAnswer();
    api.following().then(r => {
      const fs = [...r.following].sort((a, b) => (b.online - a.online) || a.name.localeCompare(b.name, lang()));
      put(panel, h("h2", {}, t("friends")), fs.length ? h("ul", { class: "plain" }, fs.map(f => h("li", { class: f.online ? "online" : "" },
        h("span", { class: f.online ? "dot on" : "dot", "aria-hidden": "true" }),
        h("a", { href: `/u/${encodeURIComponent(f.name)}` }, f.name), " ",
        h("span", { class: "muted small" }, f.online ? t("online") : t("offline"))))) : h("p", { class: "muted" }, t("noFriends")));
      panel.hidden = false;
    }, () => {}).finally(onAnswer);
  }, onAnswer);
  return panel;
}

// accountMark marks a name as a signed-in account's, so that a guest and an account are told apart
// (account: the account's name; it may differ from the name at the table).
export function accountMark(account) {
  const label = t("accountMark", { name: account });
  return h("span", { class: "account-mark", title: label, "aria-label": label, role: "img" }, "✓");
}

// presenceLine is, for each seat, a dot (at the table or away) and when it last moved, under the game.
export function presenceLine(s) {
  const line = h("p", { class: "presence small", id: "presence" });
  const draw = (p) => {
    const now = Date.now();
    put(line, s.env.match.players.map((pl, i) => {
      // The viewer is at the table: this very page says so, whatever the last answer.
      const mine = s.env.you && s.env.you.seat === i;
      const q = mine ? { ...((p && p.seats[i]) || {}), connected: true } : (p && p.seats[i]) || {};
      return h("span", { class: "seat-presence", "data-seat": i, "data-connected": q.connected ? "1" : "0" },
        h("span", { class: q.connected ? "dot on" : "dot", "aria-hidden": "true" }), pl.name,
        pl.account ? accountMark(pl.account) : null, " ",
        h("span", { class: "muted" }, (q.connected ? t("connected") : t("away")) +
          (q.moved ? " · " + t("lastMoved", { when: duration(Math.max(0, now - new Date(q.moved))) }) : "")));
    }));
  };
  draw(s.presence);
  return line;
}

// watchPresence asks who is at the table now and every 15 seconds while the table is shown.
export function watchPresence(s) {
  const ask = () => api.presence(s.id).then(p => { s.presence = p; const el = document.getElementById("presence"); if (el) el.replaceWith(presenceLine(s)); }, () => {});
  // The first question waits for this page's own connection to count.
  const first = setTimeout(ask, 1000);
  const timer = setInterval(ask, 15000);
  return () => { clearTimeout(first); clearInterval(timer); };
}
