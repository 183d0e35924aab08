// The account's inbox: a bell in the header with the count of the tables and invitations waiting on the
// player (each once, however many notes it has; a table open and in view reads its notes), kept live by the server's
// event stream (GET /api/account/events), so that any open Surveyor tab shows within a moment that a game
// needs the player; a panel listing the notes; and, once the player allowed it, a browser notification for
// a note that arrives while the tab is hidden. Web Push (push.js and the service worker, /sw.js) reaches
// the player with no tab open.

import { api } from "./api.js";
import { h, put } from "./dom.js";
import { t, lang, plural, date, refusalText, ordinal } from "./i18n.js";
import { accountMark } from "./social.js";

let source = null;
let unread = 0;
const badges = new Set();

// startInbox opens the event stream once per page (EventSource reconnects by itself).
export function startInbox() {
  if (source || typeof EventSource === "undefined") return;
  source = new EventSource("/api/account/events");
  source.addEventListener("hello", (e) => setUnread(JSON.parse(e.data).waiting));
  // Notes read elsewhere: another page, a table in view.
  source.addEventListener("count", (e) => setUnread(JSON.parse(e.data).waiting));
  source.addEventListener("note", (e) => {
    const d = JSON.parse(e.data);
    setUnread(d.waiting);
    browserNotice(d.note);
    // Pages that show the player's games refresh them (yours.js).
    window.dispatchEvent(new CustomEvent("surveyor:note", { detail: d.note }));
  });
}

// A page being left closes its stream at once: kept open (a page held in the back-forward cache keeps
// its connections), streams of pages gone by fill the browser's six connections to the server, and the
// next page waits for one to load (seen in the tests: a minute per page).
if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => { if (source) { source.close(); source = null; } });
  window.addEventListener("pageshow", (e) => { if (e.persisted && badges.size) startInbox(); });
}

// stopInbox closes the stream (signed out).
export function stopInbox() {
  if (source) source.close();
  source = null;
  setUnread(0);
}

function setUnread(n) {
  unread = n;
  for (const b of [...badges]) {
    if (!b.isConnected && b.dataset.shown) { badges.delete(b); continue; }
    b.dataset.shown = "1";
    b.textContent = n > 99 ? "99+" : String(n);
    b.hidden = n === 0;
    b.parentElement && b.parentElement.setAttribute("aria-label", t("bell") + (n ? " · " + plural("waitingCount", n) : ""));
  }
}

const gameTitle = (g) => g ? g[0].toUpperCase() + g.slice(1) : "Surveyor";

// noteText is a note in the page's language; a tournament's is headed by its name (one may be in several).
// A break's deadline is when the next round starts.
export function noteText(n) {
  const s = t("note_" + noteKey(n), { game: gameTitle(n.game), by: n.by || "", place: n.place ? ordinal(n.place) : "",
    round: n.round || "", at: n.deadline ? date(n.deadline, true) : "" });
  return n.title ? `${n.title} · ${s}` : s;
}

// noteKey is the string a note is said with: a tournament's round without a game is a bye, its end
// without a place (a server that does not say it) is said without one.
function noteKey(n) {
  if (n.kind === "tournament_round" && !n.match) return "tournament_bye";
  if (n.kind === "tournament_end" && !n.place) return "tournament_over";
  return n.kind;
}

// noteLink is where a note leads.
// A tournament's note leads to its game when it has one, else to the tournament's page.
export const noteLink = (n) => n.kind === "follow" ? `/u/${encodeURIComponent(n.by)}` : n.match ? `/m/${n.match}`
  : n.tournament ? `/t/${encodeURIComponent(n.tournament)}` : "/";

function browserNotice(n) {
  if (document.visibilityState === "visible" || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const note = new Notification("Surveyor", { body: noteText(n), tag: n.match || n.kind, lang: lang() });
  note.onclick = () => { window.focus(); location.assign(noteLink(n)); };
}

// bell is the header's button and its panel.
export function bell(navigate) {
  const badge = h("span", { class: "badge", id: "unread", hidden: true });
  badges.add(badge);
  const panel = h("div", { class: "notes-panel", id: "notes-panel", hidden: true, role: "dialog", "aria-label": t("bell") });
  const btn = h("button", { type: "button", class: "bell", id: "bell", "aria-expanded": "false", "aria-controls": "notes-panel",
    "aria-label": t("bell"), onclick: () => toggle() }, h("span", { "aria-hidden": "true", class: "bell-mark" }), badge);
  const close = () => { panel.hidden = true; btn.setAttribute("aria-expanded", "false"); };
  const toggle = async () => {
    if (!panel.hidden) return close();
    panel.hidden = false;
    btn.setAttribute("aria-expanded", "true");
    put(panel, h("p", { class: "muted" }, "…"));
    try {
      const r = await api.notifications();
      const list = h("ul", { class: "plain notes" }, r.notes.length ? r.notes.map(n => h("li", { class: n.read ? "note" : "note unread" },
        // The mark rides beside the link, in one line with it (the item is a column).
        h("span", {}, h("a", { href: noteLink(n), onclick: (e) => {
          e.preventDefault();
          close();
          if (!n.read) api.readNoteIDs([n.id]).then(x => setUnread(x.waiting), () => {});
          navigate(noteLink(n));
        } }, noteText(n)),
          n.by_account ? accountMark(n.by) : null),
        h("span", { class: "muted when" }, date(n.created, true))))
        : [h("li", { class: "muted" }, t("noNotes"))]);
      const allow = typeof Notification !== "undefined" && Notification.permission === "default"
        ? h("button", { type: "button", class: "link", id: "allow-notes", onclick: (e) => Notification.requestPermission().then(() => e.target.remove()) }, t("allowBrowserNotes")) : null;
      // Opening the panel reads nothing: a table's notes are read when it is opened, or all at once here.
      const readAll = r.unread ? h("button", { type: "button", class: "link", id: "mark-all-read", onclick: async () => {
        try {
          setUnread((await api.readAllNotifications()).waiting);
          for (const li of list.querySelectorAll(".unread")) li.classList.remove("unread");
          readAll.remove();
        } catch (ex) { readAll.replaceWith(h("p", { class: "error" }, refusalText(ex))); }
      } }, t("markAllRead")) : null;
      put(panel, readAll, list, allow);
      // A note about no match (a follow) waits on nothing: seen in the panel, it is read.
      const seen = r.notes.filter(n => !n.read && !n.match).map(n => n.id);
      if (seen.length) api.readNoteIDs(seen).then(x => setUnread(x.waiting), () => {});
    } catch (ex) { put(panel, h("p", { class: "error" }, refusalText(ex))); }
  };
  setUnread(unread);
  return h("span", { class: "bell-box" }, btn, panel);
}
