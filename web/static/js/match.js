// A match, whatever its game: the waiting room before it starts (invite link, seats, bots, start), then the
// game's table, drawn by the game's folder (games.js) from the state this shell keeps current: the
// WebSocket and its reconnects, the seat (a token, or the account's session), the clock's tick, the keys.
//
// The state s handed to a game's table: s.env (the server's envelope: match, you, view, seq), s.view, s.prev
// (the view before), s.seat, s.notice, s.queue (dialogs to show), s.render() to redraw; a game keeps its
// own fields on s as well (the controls of a decision, the zoom).

import { presenceLine, watchPresence, accountMark } from "./social.js";
import { guide } from "./tutorial.js";
import { api, asSeat, seats, watch, botsOf, APIError } from "./api.js";
import { h } from "./dom.js";
import { isOffline } from "./ui.js";
import { t, plural, botLevelName, botTag, refusalText, clockLabel } from "./i18n.js";
import { updateClock } from "./clock.js";
import { storyList } from "./story.js";
import { clientOf } from "./games.js";
import { endActions, leaveButton, decidesNothing } from "./resign.js";
import { currentUser } from "./account.js";

export function showMatch(main, id) {
  const s = {
    id, seat: seats.get(id), env: null, view: null, prev: null, stop: null, closed: false,
    queue: [], notice: "",
  };
  // Who this browser is signed in as: an invitation to the table is for that account.
  currentUser().then(u => { if (u) { s.me = u; if (s.env && s.env.match.status === "open") s.render(); } });
  // The game's part of the client (games.js): null until the match is known.
  const client = () => (s.env ? clientOf(s.env.match.game) : null);
  const token = () => (s.seat ? s.seat.token : "");

  const accept = (env) => {
    if (!env || (s.env && env.seq < s.env.seq)) return;
    // The same state again (the WebSocket's first message repeats what the page asked for) is drawn once;
    // the same state seen as another seat (a spectator who has just joined) is drawn again.
    if (s.env && env.seq === s.env.seq && JSON.stringify(env.you || null) === JSON.stringify(s.env.you || null)) return;
    s.prev = s.view;
    // The game's own fields on s start with its first state.
    if (!s.env && clientOf(env.match.game)) clientOf(env.match.game).init(s);
    s.env = env;
    s.view = env.view || null;
    // A game a resignation or a claim ended, or a seat that resigned, decides nothing more (resign.js): the
    // game's own view still holds the decision its rules were waiting for.
    if (s.view && s.view.decision && decidesNothing(env)) s.view = { ...s.view, decision: null };
    if (client()) client().notice(s);
    render();
  };

  const render = () => {
    if (s.closed) return;
    const app = document.getElementById("app");
    app.dataset.seq = s.env ? s.env.seq : -1;
    app.dataset.ended = s.env ? s.env.match.ended || "" : "";
    if (!s.env) { main.replaceChildren(h("p", {}, t("loading"))); return; }
    if (s.env.match.status === "open" || !s.view || !client()) renderRoom(main, s, token, accept);
    else {
      client().table(main, s, token, accept);
      const side = main.querySelector(".side-col");
      // Who is at the table matters where there is someone else, while the game is played (a finished
      // game called everyone "away", the viewer too).
      if (side && s.env.match.players.length > 1 && s.env.match.status === "playing") side.prepend(presenceLine(s));
      if (!s.presenceStop && s.env.match.status === "playing" && s.env.match.players.length > 1) s.presenceStop = watchPresence(s);
      tableChat(main, s, token);
      gameLog(main, s, client());
      endActions(main, s, token, accept);
      guide(main, s, client());
    }
  };
  s.render = render;

  // When the connection drops, the seat may be gone (the host removed it): the page then stays as a
  // spectator's and says so, rather than knocking with a dead token.
  const onStatus = (up, planned) => {
    const wasDown = isOffline();
    document.body.classList.toggle("offline", !up);
    connection(up, wasDown, planned);
    // The table's actions wait while the connection is down (Confirm is held), and come back with it.
    if (up === wasDown && s.view) render();
    if (up || !s.seat || !s.seat.token) return;
    api.show(id, s.seat.token).catch(ex => {
      if (!(ex instanceof APIError) || ex.status !== 403 || s.closed) return;
      seats.drop(id);
      s.seat = null;
      s.removed = true;
      s.notice = "";
      if (s.stop) s.stop();
      s.stop = watch(id, "", accept, onStatus);
      api.show(id).then(env => { s.env = null; accept(env); });
    });
  };
  s.onStatus = onStatus;
  api.show(id, token()).then(env => {
    // Without a seat token here, the signed-in account may hold the seat (from another device): the
    // server's answer says so, and the page then acts through the session.
    if (!s.seat && env.you) s.seat = { token: "", seat: env.you.seat, account: true };
    accept(env);
    s.stop = watch(id, token(), accept, onStatus);
  }).catch(e => {
    main.replaceChildren(h("p", { class: "error" }, e.status === 404 ? t("matchNotFound") : refusalText(e)),
      h("a", { href: "/", class: "button" }, t("backToLobby")));
  });
  const onKey = (e) => {
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // Enter and Space on a focused button or link are the browser's: they press it.
    if ((e.key === "Enter" || e.key === " ") && e.target && /^(BUTTON|A)$/.test(e.target.tagName)) return;
    if (s.view && client()) client().key(s, token, accept, e);
  };
  document.addEventListener("keydown", onKey);
  const tick = setInterval(() => updateClock(s), 1000);
  return () => {
    s.closed = true; if (s.stop) s.stop(); document.removeEventListener("keydown", onKey); clearInterval(tick);
    if (s.presenceStop) s.presenceStop();
    if (s.chatWatch) s.chatWatch();
    document.body.classList.remove("offline");
    connection(true, false);
  };
}

// connection shows the connection's state over the page: lost (reconnecting, moves held), then back for a
// moment. Nothing shows while it is up. A planned loss (the server went away on purpose: a rolling
// upgrade, whose socket is back within a second) is told only if the connection is not back after
// lostDelay: every upgrade would otherwise flash the notice at every player. The moves are held at once
// all the same (the page's "offline" class).
let backTimer = null, lostTimer = null;
const lostDelay = 1500;
function connection(up, wasDown, planned) {
  let bar = document.getElementById("conn");
  clearTimeout(backTimer);
  clearTimeout(lostTimer);
  // Back before the loss was told: there is nothing to say.
  if (up && (!wasDown || !bar || bar.dataset.state !== "lost")) { if (bar) bar.remove(); return; }
  if (!up && planned && !(bar && bar.dataset.state === "lost")) {
    lostTimer = setTimeout(() => connection(false, true, false), lostDelay);
    return;
  }
  if (!bar) {
    bar = h("div", { id: "conn", role: "status", "aria-live": "polite" });
    document.body.append(bar);
  }
  bar.className = up ? "conn back" : "conn lost";
  bar.dataset.state = up ? "back" : "lost";
  bar.textContent = up ? t("connBack") : t("connLost");
  if (up) backTimer = setTimeout(() => bar.remove(), 3000);
}

// ---------- waiting room ----------

// startChoice asks the host who pressed Start with seats still empty what to do with them: bots in
// them (at the server's default level), waiting for players, or starting with fewer (alone: a solo game,
// where the game has one).
function startChoice(m, s, token, start, accept, err) {
  const empty = m.max_seats - m.players.length, client = clientOf(m.game);
  const fewerOK = m.players.length >= 2 || (m.players.length === 1 && client.solo);
  const fill = async () => {
    try {
      const levels = await botsOf(m.game);
      for (let i = 0; i < empty; i++) await api.addBot(m.id, token(), levels.default || "");
      s.startChoice = false;
      await start();
    } catch (ex) { err.textContent = refusalText(ex); }
  };
  return h("section", { class: "panel notice", id: "start-choice", role: "dialog", "aria-labelledby": "start-choice-q" },
    h("p", { id: "start-choice-q" }, plural("startEmpty", empty)),
    h("p", { class: "row" },
      h("button", { type: "button", class: "primary", id: "start-fill-bots", onclick: fill }, t(empty === 1 ? "startFillBot" : "startFillBots")),
      h("button", { type: "button", id: "start-wait", onclick: () => { s.startChoice = false; s.render(); } }, t("startWait")),
      fewerOK ? h("button", { type: "button", id: "start-fewer", onclick: () => { s.startChoice = false; start(); } },
        m.players.length === 1 ? t("startAlone") : t("startFewer", { n: m.players.length })) : null));
}

function renderRoom(main, s, token, accept) {
  const m = s.env.match;
  // The room is drawn anew at each change: a keyboard's place on Add a bot goes to the new one.
  const onAddBot = document.activeElement && document.activeElement.id === "add-bot";
  if (m.status === "closed") {
    main.replaceChildren(h("section", { class: "panel", id: "closed" }, h("h2", {}, t("matchClosed")),
      h("a", { href: "/", class: "button" }, t("backToLobby"))));
    return;
  }
  const invite = `${location.origin}/m/${m.id}`;
  const err = h("p", { class: "error", role: "alert" });
  const copyBtn = h("button", { type: "button", id: "copy-invite", onclick: async () => {
    try { await navigator.clipboard.writeText(invite); copyBtn.textContent = t("copied"); } catch { linkInput.select(); }
  } }, t("copy"));
  const linkInput = h("input", { id: "invite-link", readonly: true, value: invite, onfocus: (e) => e.target.select() });
  // What the invited are joining: the game, its content, the clock.
  const client = clientOf(m.game);
  const clock = clockLabel(m.clock);
  const parts = [h("h2", {}, t("waitingRoom")),
    h("p", { id: "joining-what" }, h("strong", {}, joiningWhat(client, m)), " · ", t("joiningClock", { clock })),
    s.removed ? h("p", { class: "notice", id: "seat-removed" }, t("seatRemoved")) : null,
    h("label", {}, t("invite"), h("span", { class: "row" }, linkInput, copyBtn)),
    // A link to this computer's loopback address reaches nobody else: say so, and what to do.
    /^(127\.|localhost$|\[::1\]$)/.test(location.hostname) ? h("p", { class: "muted small", id: "invite-local" }, t("inviteLocalOnly")) : null,
    h("ul", { class: "players", id: "players" }, m.players.map(p => h("li", { "data-bot": p.bot || null },
      p.name, p.account ? accountMark(p.account) : null, s.seat && s.seat.seat === p.seat ? ` (${t("you")})` : "",
      p.bot ? h("span", { class: "bot-tag" }, ` ${botTag(p)}`) : null,
      // The host may take a seat back before the start.
      s.seat && s.seat.seat === 0 && p.seat !== 0 ? h("button", { type: "button", class: "link remove-seat", "data-remove": p.seat,
        "aria-label": t("removeSeat", { name: p.name }), title: t("removeSeat", { name: p.name }), onclick: async () => {
          try { accept(await api.removeSeat(m.id, token(), p.seat)); } catch (ex) { err.textContent = refusalText(ex); }
        } }) : null))),
    h("p", { class: "muted" }, `${m.players.length}/${m.max_seats}`)];
  if (s.seat && m.players.length < m.max_seats) {
    // Bots take the free seats on a seated player's request, at the level chosen.
    const form = h("form", { id: "bot-form", class: "row", hidden: true });
    parts.push(form);
    const fill = (levels) => {
      if (!levels.length) return;
      // The level chosen survives redraws of the room (each change of the match redraws it).
      const sel = h("select", { id: "bot-level", "aria-label": t("botLevel"), onchange: (e) => { s.botLevel = e.target.value; } },
        levels.map(l => h("option", { value: l, selected: l === (s.botLevel || levels.default) }, botLevelName(l))));
      const add = h("button", { type: "submit", id: "add-bot" }, t("addBot"));
      form.replaceChildren(h("label", { class: "inline" }, t("botLevel") + " ", sel), add);
      form.hidden = false;
      if (onAddBot) queueMicrotask(() => { if (add.isConnected) add.focus(); });
      form.onsubmit = async (e) => {
        e.preventDefault();
        // One bot per press: a second press (a double-click) while the first is in flight added a second.
        // The room is drawn anew meanwhile, so the mark is the page's, not the button's.
        if (s.addingBot) return;
        s.addingBot = true;
        try { await api.addBot(m.id, token(), sel.value); accept(await api.show(m.id, token())); } catch (ex) { err.textContent = refusalText(ex); }
        finally { s.addingBot = false; }
      };
    };
    // Known levels are shown at once, so that a redraw of the room does not blink the form away.
    if (knownBots[m.game]) fill(knownBots[m.game]);
    else botsOf(m.game).then(levels => { knownBots[m.game] = levels; fill(levels); });
  }
  if (s.seat && m.players.length < m.max_seats) {
    // A bot account, written by anyone (docs/bots.md), is invited by its name; it joins by itself.
    // What was typed and what the server said live on s: the room is drawn again at every change.
    const name = h("input", { id: "invite-bot-name", maxlength: 32, required: true, "aria-label": t("inviteBotName"),
      list: "friend-names", autocomplete: "off", value: s.inviteName || "", oninput: (e) => { s.inviteName = e.target.value; } });
    // The people the player follows are offered as they type.
    const friends = h("datalist", { id: "friend-names" }, (s.friends || []).map(f => h("option", { value: f.name })));
    if (!s.friends) {
      s.friends = [];
      api.following().then(r => { s.friends = r.following; s.render(); }, () => {});
    }
    const said = h("span", { class: "muted", role: "status", id: "invite-bot-said" }, s.inviteSaid || "");
    const say = (text) => { s.inviteSaid = text; s.render(); };
    parts.push(h("form", { id: "invite-bot-form", class: "row", onsubmit: async (e) => {
      e.preventDefault();
      const asked = name.value.trim();
      try {
        const r = await api.invite(m.id, token(), asked);
        s.inviteName = "";
        say(t("inviteBotSent", { name: r.invited }));
      } catch (ex) { say(ex.code === "not_found" ? t("inviteBotUnknown") : ex.code === "unauthorized" ? t("inviteBotNotBot") : refusalText(ex)); }
    } }, h("label", { class: "inline" }, t("inviteBot") + " ", name), h("button", { type: "submit", id: "invite-bot" }, t("inviteSend")), friends, said));
  }
  const joinAs = async (who) => {
    // One request per press: a second press (a double-click) while the first is in flight asked again under
    // the same name, and the redraw of the seated room hid the server's refusal. The room is drawn anew
    // meanwhile, so the mark is the page's, not the button's.
    if (s.joining) return;
    s.joining = true;
    try {
      const r = await api.join(m.id, who);
      localStorage.setItem("surveyor.name", who);
      s.seat = { token: r.token, seat: r.seat, name: who };
      seats.set(m.id, s.seat);
      if (s.stop) s.stop();
      s.stop = watch(m.id, r.token, accept, s.onStatus);
      accept(await api.show(m.id, r.token));
    } catch (ex) { err.textContent = refusalText(ex); }
    finally { s.joining = false; }
  };
  // Who was invited and what became of it, for everyone at the table.
  if ((m.invitations || []).length) {
    parts.push(h("p", { class: "muted", id: "invitations" }, t("invitationsLead") + " ",
      ...m.invitations.flatMap((iv, i) => [i ? ", " : "",
        h("span", { class: "invitation " + iv.status, "data-invitation": iv.name, "data-status": iv.status }, t("invitation_" + iv.status, { name: iv.name }))])));
  }
  // The invited, signed in, are asked: who invites them to what, Accept or Decline (not a visitor's name box).
  const mine = !s.seat && s.me && (m.invitations || []).find(iv => iv.name.toLowerCase() === s.me.name.toLowerCase());
  if (mine && mine.status === "pending" && m.players.length < m.max_seats) {
    parts.splice(1, 0, h("section", { class: "notice invited", id: "invited" },
      h("p", {}, h("strong", {}, t("invitedYou", { by: mine.by, game: joiningWhat(client, m), clock })),),
      h("p", { class: "row" },
        h("button", { type: "button", class: "primary", id: "accept-invite", onclick: () => joinAs(s.me.name) }, t("acceptInvite")),
        h("button", { type: "button", id: "decline-invite", onclick: async () => {
          try { accept(await api.decline(m.id)); } catch (ex) { err.textContent = refusalText(ex); }
        } }, t("declineInvite")))));
  } else if (mine && mine.status === "declined") {
    parts.splice(1, 0, h("p", { class: "notice", id: "invited" }, t("youDeclined", { by: mine.by })));
  }
  if (!s.seat && m.players.length < m.max_seats && !(mine && mine.status === "pending")) {
    const name = h("input", { id: "join-name", maxlength: 32, required: true, value: localStorage.getItem("surveyor.name") || "" });
    parts.push(h("form", { id: "join-form", onsubmit: async (e) => {
      e.preventDefault();
      joinAs(name.value.trim());
    } }, h("label", {}, t("yourName"), name), h("button", { type: "submit", class: "primary", id: "join" }, t("join"))));
  }
  if (s.seat && s.seat.seat === 0) {
    const start = async () => {
      try { accept(await api.start(m.id, token())); } catch (ex) { err.textContent = refusalText(ex); }
    };
    parts.push(h("button", { type: "button", class: "primary", id: "start", onclick: () => {
      // Empty seats are never dropped silently: the host chooses bots, waiting, or fewer players.
      if (m.players.length < m.max_seats) { s.startChoice = true; s.render(); } else start();
    } }, t("start")), " ", h("button", { type: "button", id: "close-match", onclick: async () => {
      if (!confirm(t("closeMatchSure"))) return;
      try { accept(await api.close(m.id, token())); } catch (ex) { err.textContent = refusalText(ex); }
    } }, t("closeMatch")));
    if (s.startChoice && m.players.length < m.max_seats) parts.push(startChoice(m, s, token, start, accept, err));
  } else if (s.seat) {
    parts.push(h("p", { class: "muted", id: "wait-host" }, t("waitHost", { name: (m.players.find(p => p.seat === 0) || {}).name || "" })),
      leaveButton(s, token, accept, err, () => {
        // The seat is gone: this browser watches as a spectator from now on.
        seats.drop(m.id);
        s.seat = null;
        if (s.stop) s.stop();
        s.stop = watch(m.id, "", accept, s.onStatus);
      }));
  } else if (!(mine && mine.status === "pending")) {
    parts.push(h("p", { class: "muted" }, t("spectating")));
  }
  parts.push(err);
  main.replaceChildren(h("section", { class: "panel room", id: "room" }, parts));
}

// tableChat adds the table's chat to the side column: the messages (plain text, shown as text; quick phrases
// in the reader's language), a line to write, the quick phrases, and a mute for anyone's messages (kept in
// this browser). What is being written survives the table's redraws.
function tableChat(main, s, token) {
  const side = main.querySelector(".side-col");
  if (!side) return;
  const m = s.env.match, you = s.env.you;
  const muted = mutedNames();
  const mine = you ? (m.players.find(p => p.seat === you.seat) || {}).name : "";
  const shown = (m.chat || []).filter(c => !muted.has(c.name));
  const list = h("ol", { class: "chat-list", id: "chat-list" }, shown.map(c => h("li", { "data-n": c.n, "data-seat": c.seat },
    h("strong", {}, c.name), ": ", h("span", { class: "chat-text" }, c.phrase ? phraseText(c.phrase) : c.text),
    c.name !== mine ? h("button", { type: "button", class: "link chat-mute", title: t("chatMute", { name: c.name }),
      "aria-label": t("chatMute", { name: c.name }), onclick: () => { muteName(c.name); s.render(); } }, t("chatMuteShort")) : null)));
  if (!shown.length) list.append(h("li", { class: "muted" }, t("chatEmpty")));
  const panel = h("section", { class: "panel chat", id: "chat" }, h("h3", {}, t("chat")), list);
  if (muted.size) {
    panel.append(h("p", { class: "muted small" }, plural("chatMuted", muted.size), " ",
      h("button", { type: "button", class: "link", id: "chat-unmute", onclick: () => { localStorage.removeItem(MUTED); s.render(); } }, t("chatUnmute"))));
  }
  const send = async (body) => {
    try {
      await api.chat(m.id, token(), body);
      if (body.text !== undefined) s.chatDraft = "";
      s.chatError = "";
    } catch (ex) { s.chatError = refusalText(ex); }
    s.render();
  };
  if (you || m.spectator_chat) {
    const input = h("input", { id: "chat-text", maxlength: 300, "aria-label": t("chatSay"), placeholder: t("chatSay"),
      value: s.chatDraft || "", oninput: (e) => { s.chatDraft = e.target.value; } });
    panel.append(h("form", { class: "row chat-form", onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) send({ text: input.value }); } },
      input, h("button", { type: "submit", id: "chat-send" }, t("chatSend"))),
    h("div", { class: "chat-phrases" }, PHRASES.map(p => h("button", { type: "button", class: "phrase", "data-phrase": p,
      onclick: () => send({ phrase: p }) }, phraseText(p)))));
    if (s.chatError) panel.append(h("p", { class: "error", role: "alert", id: "chat-error" }, s.chatError));
  }
  side.append(panel);
  // The newest message in view (the list scrolls, not the page).
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  chatSignal(main, s, panel, shown, mine);
}

// chatSignal tells of messages not yet read: a count on the chat's tab (on a phone the chat is a drawer
// one tap from the board, not 1,400 px under it) and in the page's title. A message is read once the chat
// is on the screen of a page in view; the messages there when the page opened are not news.
function chatSignal(main, s, panel, shown, mine) {
  const last = shown.length ? shown[shown.length - 1].n : 0;
  if (s.chatSeen === undefined) s.chatSeen = last;
  const unread = () => shown.filter(c => c.n > s.chatSeen && c.name !== mine).length;
  const badge = h("span", { class: "badge", id: "chat-unread", hidden: true });
  const tab = h("button", { type: "button", class: "chat-tab", id: "chat-tab", "aria-expanded": s.chatOpen ? "true" : "false",
    onclick: () => { s.chatOpen = !s.chatOpen; s.render(); } }, t("chat"), " ", badge);
  panel.classList.toggle("open", !!s.chatOpen);
  panel.prepend(h("button", { type: "button", class: "link chat-close", id: "chat-close", "aria-label": t("close"),
    onclick: () => { s.chatOpen = false; s.render(); } }, "×"));
  main.append(tab);
  const base = document.title.replace(/^\(\d+\) /, "");
  const show = () => {
    const n = unread();
    badge.hidden = !n;
    badge.textContent = String(n);
    document.title = (n ? `(${n}) ` : "") + base;
  };
  // Read: the chat is on the screen (a drawer open, or the panel scrolled to) and the page is in view.
  const read = () => {
    const r = panel.getBoundingClientRect();
    const onScreen = r.height > 0 && r.bottom > 0 && r.top < innerHeight && getComputedStyle(panel).display !== "none";
    if (onScreen && document.visibilityState === "visible" && last > s.chatSeen) { s.chatSeen = last; }
    show();
  };
  if (s.chatWatch) s.chatWatch();
  const io = new IntersectionObserver(read);
  io.observe(panel);
  document.addEventListener("visibilitychange", read);
  s.chatWatch = () => { io.disconnect(); document.removeEventListener("visibilitychange", read); };
  show();
}

// The quick phrases the server knows (chat.go), each shown in the reader's language.
const PHRASES = ["gg", "your_turn", "thanks", "good_luck", "well_played", "sorry", "hello"];
const phraseText = (p) => t("phrase_" + p);

// Muted names are this browser's choice, kept across matches.
const MUTED = "surveyor.muted";
const mutedNames = () => new Set(JSON.parse(localStorage.getItem(MUTED) || "[]"));
function muteName(name) {
  const set = mutedNames();
  set.add(name);
  localStorage.setItem(MUTED, JSON.stringify([...set]));
}

// gameLog adds to the table's side column the game told so far, in a panel the player opens; the story is
// asked of the server only while the panel is open, once per change of the match.
function gameLog(main, s, client) {
  const side = main.querySelector(".side-col");
  if (!side) return;
  const body = h("div", { class: "game-log-body" });
  const show = () => { if (s.log) body.replaceChildren(storyList(s.log.narrative, s.log.moves, s.env.match, client.tell)); };
  const load = () => {
    if (s.log && s.log.seq === s.env.seq) { show(); return; }
    asSeat(s.id, (tok) => api.story(s.id, tok)).then(r => { s.log = r; if (s.logOpen) show(); }, ex => body.replaceChildren(h("p", { class: "error" }, refusalText(ex))));
  };
  const panel = h("details", { class: "panel game-log", id: "game-log", open: !!s.logOpen,
    ontoggle: () => { s.logOpen = panel.open; if (panel.open) load(); } }, h("summary", {}, t("gameLog")), body);
  side.append(panel);
  if (s.logOpen) load();
}

// joiningWhat names the game and its content ("Cartographers Heroes · Map side C"), the game's title first
// when the content line does not start with it.
function joiningWhat(client, m) {
  if (!client) return m.game;
  const what = client.describe(m.options || {});
  return !what ? client.title : what.startsWith(client.title) ? what : t("joiningWhat", { game: client.title, content: what });
}

// knownBots keeps each game's bot levels once the server has listed them.
const knownBots = {};
