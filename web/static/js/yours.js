// "Your games": every match this browser holds a seat in (from localStorage, not only those the lobby
// lists), those awaiting the player first, so that someone playing many turn-based games at once sees where
// to act. The page title counts them.

import { api, seats, APIError } from "./api.js";
import { currentUser } from "./account.js";
import { gameName } from "./games.js";
import { t, list, botTag, ordinal, duration } from "./i18n.js";
import { h } from "./dom.js";

// A refresh asks at most this many matches: the API allows bursts of 60 requests per address and the lobby
// lists take three of them every 5 s.
const MAX_ASKED = 40;
const PARALLEL = 4;
const EVERY_MS = 30000;
const WEEK_MS = 7 * 24 * 3600 * 1000;
// Finished matches do not change (beyond a rematch, which the match page shows): each is asked once and its
// row kept here, so that old games cost no requests.
const FINISHED_KEY = "surveyor.finished";

// rows keeps what the last answers said of the unfinished matches, across refreshes and lobby visits, so
// that matches beyond MAX_ASKED keep their row until their turn to be asked comes.
const rows = new Map();

function finishedRows() {
  try { return JSON.parse(localStorage.getItem(FINISHED_KEY)) || {}; } catch { return {}; }
}

// rowOf keeps of a match state what a row shows.
function rowOf(st) {
  const m = st.match, you = st.you || {};
  const me = (m.players || []).find(p => p.seat === you.seat) || {};
  return {
    id: m.id, game: m.game, status: m.status, created: m.created, seat: you.seat,
    mustAct: !!you.must_act, deadline: me.deadline || null,
    players: (m.players || []).map(p => ({ seat: p.seat, name: p.name, bot: p.bot || "" })),
    toAct: m.to_act || [], rank: m.result && m.result.ranks ? m.result.ranks[you.seat] : null,
    asked: Date.now(),
  };
}

// order: your turn first, then games going on or waiting to start, then finished ones; newest first in each.
function order(a, b) {
  const group = (r) => (r.mustAct ? 0 : r.status === "finished" ? 2 : 1);
  return group(a) - group(b) || (Date.parse(b.created) || 0) - (Date.parse(a.created) || 0);
}

function stateText(r) {
  if (r.status === "finished") {
    return r.rank && r.players.length > 1 ? t("finishedPlace", { place: ordinal(r.rank) }) : t("finished");
  }
  if (r.status === "open") return t("notStarted");
  if (r.mustAct) {
    return r.deadline ? `${t("yourTurn")} · ${t("timeLeft", { time: duration(Date.parse(r.deadline) - Date.now()) })}` : t("yourTurn");
  }
  const names = r.players.filter(p => r.toAct.includes(p.seat)).map(p => p.name);
  return names.length ? t("waitingFor", { names: list(names) }) : t("waitingOthers");
}

function rowItem(r) {
  const state = r.mustAct ? "turn" : r.status === "finished" ? "done" : r.status === "open" ? "open" : "wait";
  const players = r.players.flatMap((p, i) => [i ? ", " : "",
    p.seat === r.seat ? h("b", {}, p.name) : p.name, p.bot ? ` ${botTag(p)}` : ""]);
  return h("li", { "data-yours": r.id, "data-state": state },
    h("a", { href: "/m/" + r.id, class: "yours-row" },
      h("span", { class: "yours-game" }, gameName(r.game)),
      h("span", { class: "yours-players" }, players),
      h("span", { class: "yours-state" }, stateText(r))));
}

// showYours fills panel with the player's games now and every 30 s while the page is visible, and again
// whenever it becomes visible; onFirst is called once the first refresh has ended. It returns the function
// that stops it.
export function showYours(panel, onFirst = () => {}) {
  let stopped = false, busy = false, refreshes = 0;
  // The matches the signed-in account holds seats in, from any device (refreshed with the rest).
  let accountIds = [];
  const allIds = () => [...new Set([...seats.ids(), ...accountIds])];
  const render = () => {
    const done = finishedRows();
    const ids = new Set(allIds());
    const all = [...ids].map(id => done[id] || rows.get(id)).filter(Boolean).sort(order);
    const old = Date.now() - WEEK_MS;
    const recent = all.filter(r => r.status !== "finished" || Date.parse(r.created) >= old);
    const older = all.filter(r => !recent.includes(r));
    const waiting = all.filter(r => r.mustAct).length;
    document.title = (waiting ? `(${waiting}) ` : "") + t("title");
    panel.dataset.turns = String(waiting);
    panel.hidden = all.length === 0;
    panel.replaceChildren(h("h2", {}, t("yourGames")), h("ul", { class: "games yours" }, recent.map(rowItem)));
    if (older.length) {
      panel.append(h("details", { class: "yours-older" }, h("summary", {}, t("olderFinished", { n: older.length })),
        h("ul", { class: "games yours" }, older.map(rowItem))));
    }
  };
  const ask = async (id) => {
    const s = seats.get(id);
    const viaAccount = (!s || !s.token) && accountIds.includes(id);
    if (!viaAccount && (!s || !s.token)) return;
    try {
      const r = rowOf(await api.show(id, viaAccount ? "" : s.token));
      if (r.status === "finished") {
        const done = finishedRows();
        done[id] = r;
        localStorage.setItem(FINISHED_KEY, JSON.stringify(done));
        rows.delete(id);
      } else rows.set(id, r);
    } catch (ex) {
      // The match is gone or the token no longer opens it: the seat is dead.
      if (!viaAccount && ex instanceof APIError && (ex.status === 404 || ex.status === 403)) {
        seats.drop(id);
        rows.delete(id);
      }
      // Anything else (offline, rate limited) keeps the row as last seen, for the next refresh.
    }
  };
  const refresh = async () => {
    if (stopped || busy || document.visibilityState === "hidden") return;
    busy = true;
    try {
      if (await currentUser()) {
        try { accountIds = ((await api.myGames()).matches || []).map(m => m.id); } catch { /* keep the last list */ }
      }
      const done = finishedRows();
      const ids = allIds();
      // The finished rows of matches whose seat is gone go with it.
      const kept = Object.fromEntries(Object.entries(done).filter(([id]) => ids.includes(id)));
      if (Object.keys(kept).length !== Object.keys(done).length) localStorage.setItem(FINISHED_KEY, JSON.stringify(kept));
      // Never asked first, then the longest unasked.
      const todo = ids.filter(id => !kept[id])
        .sort((a, b) => ((rows.get(a) || {}).asked || 0) - ((rows.get(b) || {}).asked || 0)).slice(0, MAX_ASKED);
      let next = 0;
      await Promise.all(Array.from({ length: PARALLEL }, async () => {
        while (next < todo.length && !stopped) await ask(todo[next++]);
      }));
      if (!stopped) {
        render();
        // tests wait on this count to know a refresh has been drawn
        panel.dataset.refreshes = String(++refreshes);
      }
    } finally {
      busy = false;
      if (onFirst) { onFirst(); onFirst = null; }
    }
  };
  const onVisible = () => { if (document.visibilityState === "visible") refresh(); };
  render();
  refresh();
  const timer = setInterval(refresh, EVERY_MS);
  document.addEventListener("visibilitychange", onVisible);
  // A note (inbox.js) says a game of the player's has changed: no need to wait for the next round.
  const onNote = () => refresh();
  window.addEventListener("surveyor:note", onNote);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("surveyor:note", onNote);
    document.title = t("title");
  };
}
