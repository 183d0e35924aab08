// The server's HTTP API (docs/api.md) and WebSocket push, plus the seats this browser holds.

import { serverReached } from "./offline.js";

export class APIError extends Error {
  // retryAfter is the wait in seconds a refused request was told (429), for a page that says when to come back.
  constructor(status, code, message, retryAfter) { super(message); this.status = status; this.code = code; this.retryAfter = retryAfter || 0; }
}

async function call(method, path, body, token, extra) {
  const headers = { ...(extra || {}) };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    serverReached(false); // no answer at all: the network or the server is down (offline.js says so)
    throw e;
  }
  serverReached(true);
  let data = null;
  try { data = await r.json(); } catch { /* an empty or non-JSON body is reported below */ }
  if (!r.ok) {
    const e = (data && data.error) || {};
    throw new APIError(r.status, e.code || "http", e.message || `${method} ${path}: HTTP ${r.status}`, Number(e.retry_after) || 0);
  }
  return data;
}

export const api = {
  lobby: (status) => call("GET", "/api/matches?limit=30" + (status ? "&status=" + status : "")),
  create: (req) => call("POST", "/api/matches", req),
  show: (id, token) => call("GET", `/api/matches/${id}`, undefined, token),
  matchRatings: (id) => call("GET", `/api/matches/${id}/ratings`),
  join: (id, name) => call("POST", `/api/matches/${id}/join`, { name }),
  start: (id, token) => call("POST", `/api/matches/${id}/start`, {}, token),
  close: (id, token) => call("POST", `/api/matches/${id}/close`, {}, token),
  removeSeat: (id, token, seat) => call("POST", `/api/matches/${id}/seats/${seat}/remove`, {}, token),
  // A move or an undo names the match's seq it was decided at (a stale one is refused, not applied to the
  // next decision) and carries an idempotency key (a retried request is answered, not applied twice).
  move: (id, token, move, seq) => call("POST", `/api/matches/${id}/moves`, seq == null ? { move } : { move, seq }, token, onceKey()),
  undo: (id, token, seq) => call("POST", `/api/matches/${id}/undo`, seq == null ? {} : { seq }, token, onceKey()),
  replay: (id, step, token) => call("GET", `/api/matches/${id}/replay/${step}`, undefined, token),
  invite: (id, token, name) => call("POST", `/api/matches/${id}/invite`, { name }, token),
  decline: (id) => call("POST", `/api/matches/${id}/decline`),
  chat: (id, token, body) => call("POST", `/api/matches/${id}/chat`, body, token),
  analysis: (id, token) => call("GET", `/api/matches/${id}/analysis`, undefined, token),
  analyse: (id, token) => call("POST", `/api/matches/${id}/analysis`, undefined, token),
  story: (id, token) => call("GET", `/api/matches/${id}/story`, undefined, token),
  legal: (id, token) => call("GET", `/api/matches/${id}/legal`, undefined, token),
  rematch: (id, token) => call("POST", `/api/matches/${id}/rematch`, {}, token),
  resign: (id, token, seat) => call("POST", `/api/matches/${id}/resign`, { seat }, token),
  claimVictory: (id, token) => call("POST", `/api/matches/${id}/claim`, {}, token),
  leave: (id, token) => call("POST", `/api/matches/${id}/leave`, {}, token),
  addBot: (id, token, bot) => call("POST", `/api/matches/${id}/bots`, bot ? { bot } : {}, token),
  // The daily and weekly challenges (docs/api.md, "Challenges").
  challenges: (archive) => call("GET", "/api/challenges" + (archive ? "?archive=1" : "")),
  challengeAttempt: (id, body) => call("POST", `/api/challenges/${id}/attempts`, body || {}),
  challengeBoard: (id) => call("GET", `/api/challenges/${id}/leaderboard`),
  challengeShare: (id) => call("GET", `/api/challenges/${id}/share`),
  challengeReminder: () => call("GET", "/api/challenges/reminder"),
  setChallengeReminder: (on) => call("POST", "/api/challenges/reminder", { on }),
  // Tournaments (docs/api.md, "Tournaments"); an invite-only one is read with the key of its link.
  tournaments: (status) => call("GET", "/api/tournaments" + (status ? "?status=" + status : "")),
  createTournament: (req) => call("POST", "/api/tournaments", req),
  tournament: (id, key) => call("GET", `/api/tournaments/${id}` + keyQuery(key)),
  tournamentStandings: (id, key) => call("GET", `/api/tournaments/${id}/standings` + keyQuery(key)),
  tournamentRounds: (id, key) => call("GET", `/api/tournaments/${id}/rounds` + keyQuery(key)),
  tournamentAct: (id, what, body) => call("POST", `/api/tournaments/${id}/${what}`, body || {}),
  // The games and their bots do not change while the page is open: asked once.
  games: () => (gamesOnce ||= call("GET", "/api/games").catch(e => { gamesOnce = null; throw e; })),
  // The account: the session is a cookie the browser sends by itself.
  me: () => call("GET", "/api/session"),
  signup: (name, password, seats) => call("POST", "/api/account/signup", { name, password, seats }),
  signin: (name, password, seats) => call("POST", "/api/account/signin", { name, password, seats }),
  signout: () => call("POST", "/api/account/signout", {}),
  myGames: () => call("GET", "/api/account/games"),
  claim: (seats) => call("POST", "/api/account/claim", { seats }),
  changePassword: (old, pw, keepTokens) => call("POST", "/api/account/password", { old, new: pw, keep_tokens: !!keepTokens }),
  signoutEverywhere: () => call("POST", "/api/account/signout-everywhere", {}),
  deleteAccount: (password) => call("POST", "/api/account/delete", { password }),
  tokens: () => call("GET", "/api/account/tokens"),
  createToken: (name, scopes) => call("POST", "/api/account/tokens", { name, scopes }),
  revokeToken: (id) => call("DELETE", `/api/account/tokens/${encodeURIComponent(id)}`),
  passkeys: () => call("GET", "/api/account/passkeys"),
  removePasskey: (id) => call("DELETE", `/api/account/passkeys/${encodeURIComponent(id)}`),
  passkeyRegisterBegin: () => call("POST", "/api/account/passkeys/register/begin", {}),
  passkeyRegisterFinish: (cred) => call("POST", "/api/account/passkeys/register/finish", cred),
  passkeySigninBegin: () => call("POST", "/api/account/passkeys/signin/begin", {}),
  passkeySigninFinish: (cred) => call("POST", "/api/account/passkeys/signin/finish", cred),
  user: (name) => call("GET", `/api/users/${encodeURIComponent(name)}`),
  notifications: (before) => call("GET", "/api/account/notifications" + (before ? "?before=" + before : "")),
  readNotifications: (upto) => call("POST", "/api/account/notifications/read", { upto }),
  readNoteIDs: (ids) => call("POST", "/api/account/notifications/read", { ids }),
  readAllNotifications: () => call("POST", "/api/account/notifications/read-all", {}),
  notifySettings: () => call("GET", "/api/account/notify"),
  setNotify: (req) => call("POST", "/api/account/notify", req),
  addPush: (subscription, agent) => call("POST", "/api/account/push", { subscription, agent }),
  removePush: (id) => call("DELETE", `/api/account/push/${encodeURIComponent(id)}`),
  following: () => call("GET", "/api/account/following"),
  blocked: () => call("GET", "/api/account/blocked"),
  relate: (name, what, on) => call(on ? "POST" : "DELETE", `/api/users/${encodeURIComponent(name)}/${what}`, on ? {} : undefined),
  report: (name, text, match) => call("POST", `/api/users/${encodeURIComponent(name)}/report`, match ? { text, match } : { text }),
  presence: (id) => call("GET", `/api/matches/${id}/presence`),
  leaderboard: (game, offset, limit) => call("GET", `/api/leaderboard/${encodeURIComponent(game)}?offset=${offset}&limit=${limit}`),
};

let gamesOnce = null;

const keyQuery = (key) => key ? "?key=" + encodeURIComponent(key) : "";

const onceKey = () => ({ "Idempotency-Key": crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now() });

// botsOf lists a game's bot levels from the weakest to the strongest, the server's default first of all
// in the list's .default (none when the server seats no bots).
export async function botsOf(game) {
  try {
    const g = ((await api.games()).games || []).find(g => g.name === game);
    return Object.assign([...((g && g.bots) || [])], { default: g && g.default_bot });
  } catch { return []; }
}

// Seats are kept per match in localStorage so that a reload (or the invite link) finds them again.
// asSeat asks f() as anyone may and, when the server answers that a challenge attempt is shown to its
// player only (challenge_running), again with the seat this browser holds in the match, if any: the seat
// is named only where it must be, since a seat token no longer valid would fail a request anyone may make.
export function asSeat(id, f) {
  return f().catch(ex => {
    const s = seats.get(id);
    if (ex.code === "challenge_running" && s && s.token) return f(s.token);
    throw ex;
  });
}

export const seats = {
  get(id) {
    try { return JSON.parse(localStorage.getItem("surveyor.seat." + id)); } catch { return null; }
  },
  set(id, s) { localStorage.setItem("surveyor.seat." + id, JSON.stringify(s)); },
  drop(id) { localStorage.removeItem("surveyor.seat." + id); },
  // ids lists every match this browser holds a seat in.
  ids() {
    const out = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith("surveyor.seat.")) out.push(k.slice("surveyor.seat.".length));
    }
    return out;
  },
};

// watch keeps a WebSocket open on a match and calls onState with every envelope; it reconnects with
// ?since= after a drop. onStatus(up, planned) hears of each open and close; planned: the server went away
// on purpose (goingAway) and the socket is expected back within a second. It returns a function that
// closes it.
export function watch(id, token, onState, onStatus) {
  let ws = null, closed = false, seq = -1, retry = 0;
  let cur = null; // the last state this socket delivered, which the next patch changes
  const open = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams();
    q.set("patch", "1");
    if (token) q.set("token", token);
    if (seq >= 0) q.set("since", String(seq));
    ws = new WebSocket(`${proto}//${location.host}/api/matches/${id}/ws?${q}`);
    ws.onopen = () => { retry = 0; onStatus && onStatus(true); tellVisibility(); };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "state") { seq = Math.max(seq, msg.seq); cur = msg; onState(msg); }
      else if (msg.type === "patch") {
        if (cur && cur.seq === msg.base) {
          cur = applyEnvelopePatch(cur, msg);
          seq = Math.max(seq, cur.seq);
          onState(cur);
        } else {
          // A patch to a state this page does not hold: the whole state instead.
          call("GET", `/api/matches/${id}`, undefined, token).then(env => { cur = env; seq = Math.max(seq, env.seq); onState(env); }, () => {});
        }
      }
      // the server's log is behind what this page saw (restored from a backup): start afresh
      else if (msg.type === "rewound") { closed = true; ws.close(); location.reload(); }
    };
    ws.onclose = (ev) => {
      if (closed) return;
      onStatus && onStatus(false, goingAway(ev.code));
      setTimeout(open, reconnectDelay(ev.code, retry, Math.random()));
      retry = goingAway(ev.code) ? 0 : Math.min(retry + 1, 5);
    };
  };
  // Whether the table is in view: a player looking at it gets no notes about it, and its notes are read.
  const tellVisibility = () => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: document.visibilityState === "visible" ? "visible" : "hidden" }));
  };
  document.addEventListener("visibilitychange", tellVisibility);
  open();
  return () => { closed = true; document.removeEventListener("visibilitychange", tellVisibility); if (ws) ws.close(); };
}

// goingAway: the server closed the socket on purpose and another instance (or this one, its match
// reloaded) serves it at once: 1001 when it shuts down (a rolling upgrade), 1012 restarting, 1013 reloading.
const goingAway = (code) => code === 1001 || code === 1012 || code === 1013;

// reconnectDelay is how long a page waits, in ms, before it opens its socket again after the close of
// code, the retry-th in a row without an open since (random in [0, 1)). A server going away is followed at
// once, within a second; any other end (the network, a crash) backs off from 0.25-0.5 s to 8-16 s. Both
// wait a random part of their span, so that the thousand pages of an instance that stops do not all
// reconnect in the same instant.
export function reconnectDelay(code, retry, random) {
  if (goingAway(code)) return Math.floor(1000 * random);
  const span = 250 * 2 ** Math.min(retry, 5);
  return Math.floor(span + span * random);
}

// applyPatch changes an object as a patch says (docs/api.md, WebSocket patches): a field replaces the one of
// its name, null removes it, {"$len", "$set"} changes an array's elements and {"$len", "$del"} removes one.
export function applyPatch(old, patch) {
  const out = { ...(old || {}) };
  for (const [k, v] of Object.entries(patch || {})) {
    if (v === null) { delete out[k]; continue; }
    if (v && typeof v === "object" && !Array.isArray(v) && "$len" in v) {
      const arr = (out[k] || []).slice();
      if ("$del" in v) arr.splice(v.$del, 1);
      for (const [i, x] of Object.entries(v.$set || {})) arr[Number(i)] = x;
      arr.length = v.$len;
      out[k] = arr;
      continue;
    }
    out[k] = v;
  }
  return out;
}

function applyEnvelopePatch(env, p) {
  return { ...env, type: "state", seq: p.seq, match: applyPatch(env.match, p.match), you: p.you || env.you, view: applyPatch(env.view, p.view) };
}
