// Entry point: the header (language switch), the router (/ is the lobby, /m/ID a match, /m/ID/replay
// its replay) and the lobby.

import { api, seats } from "./api.js";
import { t, languages, languageNames, pickLanguage, setLanguage, lang, botLevelName, botTag, refusalText, clockLabel } from "./i18n.js";
import { showMatch } from "./match.js";
import { showReplay } from "./replay.js";
import { showYours } from "./yours.js";
import { h, el } from "./dom.js";
import { accountControl, currentUser } from "./account.js";
import { showProfile, showLeaderboard } from "./profile.js";
import { showSettings } from "./settings.js";
import { friendsPanel } from "./social.js";
import { learnPanel } from "./tutorial.js";
import { games, gameName, clientOf } from "./games.js";
import { offlineBanner } from "./offline.js";
import { challengesPanel, showChallengeBoard, showChallengeArchive } from "./challenges.js";
import { showTournaments } from "./tournaments.js";
import { showTournament } from "./tournament.js";

let teardown = null;

// clockPresets are the clocks a host picks in one choice, by speed: a live game's minutes a move or its
// bank for the game, a correspondence game's days a move (Yucata's and Board Game Arena's usual lengths).
const clockPresets = {
  clockLive: [["move", 60], ["move", 180], ["move", 300], ["game", 600], ["game", 1800]],
  clockCorrespondence: [["move", 86400], ["move", 2 * 86400], ["move", 3 * 86400], ["move", 7 * 86400]],
};

export function navigate(path) {
  history.pushState(null, "", path);
  route();
}

function header() {
  const sel = h("select", { id: "lang", "aria-label": t("language"),
    onchange: (e) => { setLanguage(e.target.value, true); route(); } },
  Object.keys(languages).map(l => h("option", { value: l, selected: l === lang() }, languageNames[l])));
  // Tournaments need accounts: a server without them has none to show.
  const nav = h("a", { href: "/tournaments", id: "nav-tournaments", class: "nav", title: t("tournaments") },
    h("span", { class: "long" }, t("tournaments")), h("span", { class: "short", "aria-hidden": "true" }, trophy()));
  currentUser().then(u => { if (u === false) nav.remove(); });
  return h("header", { class: "top" },
    h("a", { href: "/", class: "brand", onclick: (e) => { e.preventDefault(); navigate("/"); } }, t("title")),
    h("span", { class: "tagline" }, t("tagline")),
    // The tournaments, from every page: a word on a wide screen, a trophy on a phone's one-row header.
    nav,
    accountControl(route),
    h("label", { class: "langpick" }, t("language") + " ", sel));
}

// trophy is the tournaments' mark in a phone's header: drawn, since not every browser has an emoji font.
function trophy() {
  return el("svg", { class: "trophy", viewBox: "0 0 16 16", width: 18, height: 18 },
    el("path", { d: "M4 2h8v3a4 4 0 0 1-8 0zM4 3H2v1a3 3 0 0 0 3 3M12 3h2v1a3 3 0 0 1-3 3M8 9v3M5 14h6", fill: "none", stroke: "currentColor", "stroke-width": 1.5, "stroke-linejoin": "round" }));
}

export function route() {
  if (teardown) { teardown(); teardown = null; }
  // Points still flying when the page changes would stay on the next one (a "+4" left over the lobby).
  document.querySelectorAll(".fly-points").forEach(e => e.remove());
  const app = document.getElementById("app");
  const main = h("main", { id: "screen" });
  app.replaceChildren(header(), offlineBanner(), main);
  const m = location.pathname.match(/^\/m\/([A-Za-z0-9_-]+)(\/replay)?\/?$/);
  const u = location.pathname.match(/^\/u\/([^/]+)\/?$/);
  const lb = location.pathname.match(/^\/leaderboard\/([a-z0-9_-]+)\/?$/);
  const ch = location.pathname.match(/^\/challenge\/([a-z0-9-]+)\/?$/);
  const tour = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  if (/^\/settings\/?$/.test(location.pathname)) showSettings(main, () => navigate("/"));
  else if (u) showProfile(main, decodeURIComponent(u[1]));
  else if (lb) showLeaderboard(main, lb[1]);
  else if (ch) showChallengeBoard(main, ch[1]);
  else if (/^\/tournaments\/?$/.test(location.pathname)) teardown = showTournaments(main, navigate);
  else if (tour) teardown = showTournament(main, tour[1], new URLSearchParams(location.search).get("key"), navigate);
  else if (/^\/challenges\/archive\/?$/.test(location.pathname)) showChallengeArchive(main, navigate, () => localStorage.getItem("surveyor.name") || "");
  else if (m && m[2]) teardown = showReplay(main, m[1]);
  else if (m) teardown = showMatch(main, m[1]);
  else teardown = showLobby(main);
}

// SETTLE_MS bounds how long the lobby waits for its first answers before it shows itself.
const SETTLE_MS = 1200;

function showLobby(main) {
  const err = h("p", { class: "error", role: "alert" });
  const savedName = localStorage.getItem("surveyor.name") || "";
  const form = h("form", { id: "create-form", class: "panel" },
    h("h2", {}, t("newGame")),
    h("label", {}, t("yourName"), h("input", { id: "name", name: "name", required: true, maxlength: 32, value: savedName, autocomplete: "nickname" })),
    h("label", {}, t("whichGame"), h("select", { id: "game", name: "game" },
      Object.entries(games).map(([g, c]) => h("option", { value: g }, c.title)))),
    // Each game's own fields; only the chosen game's are shown (and sent: hidden fields are disabled).
    Object.entries(games).map(([g, c]) => h("div", { class: "game-options", "data-game": g }, c.optionsFields())),
    h("fieldset", {}, h("legend", {}, t("mode")),
      h("label", { class: "inline solo-pick" }, h("input", { type: "radio", name: "mode", value: "solo", id: "mode-solo", checked: true }), t("solo")),
      h("label", { class: "inline" }, h("input", { type: "radio", name: "mode", value: "others", id: "mode-others" }), t("withOthers")),
      h("label", { class: "inline bots-only", hidden: true }, h("input", { type: "radio", name: "mode", value: "bots", id: "mode-bots" }), t("againstBots")),
      h("label", { class: "inline seats-pick" }, t("seats"), h("input", { type: "number", id: "seats", name: "seats", min: 2, max: 100, value: 2 })),
      h("label", { class: "inline rated-pick", hidden: true }, h("input", { type: "checkbox", id: "rated", name: "rated" }), t("rated")),
      h("label", { class: "inline others-only" }, h("input", { type: "checkbox", id: "spectator-chat", name: "spectator_chat" }), t("spectatorChat")),
      h("span", { class: "bot-pick", hidden: true },
        h("label", { class: "inline" }, t("botCount"), h("input", { type: "number", id: "bot-count", name: "bots", min: 1, max: 4, value: 1 })),
        h("label", { class: "inline" }, t("botLevel"), h("select", { id: "bot-level-new", name: "level" })))),
    h("fieldset", {}, h("legend", {}, t("clock")),
      h("select", { id: "clock", name: "clock", "aria-label": t("clock") },
        h("option", { value: "" }, t("clockNone")),
        ...Object.entries(clockPresets).map(([speed, list]) => h("optgroup", { label: t(speed) },
          list.map(([mode, seconds]) => h("option", { value: `${mode}:${seconds}` }, clockLabel({ mode, seconds }))))),
        h("option", { value: "custom" }, t("clockCustom"))),
      // Any other clock: per move or a bank for the game, in minutes, hours or days.
      h("span", { class: "clock-custom", hidden: true },
        h("select", { id: "clock-mode", name: "clock_mode", "aria-label": t("clock") },
          h("option", { value: "move" }, t("clockMove")), h("option", { value: "game" }, t("clockGame"))),
        h("input", { type: "number", id: "clock-amount", name: "clock_amount", min: 1, max: 999, value: 2, "aria-label": t("clockAmount") }),
        h("select", { id: "clock-unit", name: "clock_unit", "aria-label": t("clockAmount") },
          h("option", { value: 60 }, t("unitMinutes")), h("option", { value: 3600 }, t("unitHours")),
          h("option", { value: 86400, selected: true }, t("unitDays"))))),
    h("button", { type: "submit", id: "create", class: "primary" }, t("create")),
    err);
  const $ = (sel) => form.querySelector(sel);
  const seatsField = $("#seats");
  let bots = {}, defaultBot = {};
  // Fields follow the game and the mode: the game's own options, the number of seats only with others
  // (up to the game's most), the bots' count and level only against bots, solo only for a game that has it.
  const sync = () => {
    const game = $("#game").value, client = clientOf(game);
    for (const e of form.querySelectorAll(".game-options")) {
      e.hidden = e.dataset.game !== game;
      for (const f of e.querySelectorAll("input, select")) f.disabled = e.hidden;
    }
    $(".solo-pick").hidden = !client.solo;
    // A clock's mode and length are asked only for a clock of one's own.
    $(".clock-custom").hidden = $("#clock").value !== "custom";
    const levels = bots[game] || [];
    for (const e of form.querySelectorAll(".bots-only")) e.hidden = !levels.length;
    if ((!client.solo && $("#mode-solo").checked) || (!levels.length && $("#mode-bots").checked)) $("#mode-others").checked = true;
    $(".bot-pick").hidden = !$("#mode-bots").checked;
    const sel = $("#bot-level-new");
    if (sel.dataset.levels !== game + levels) {
      // From the weakest to the strongest, as the server lists them, the default chosen.
      sel.replaceChildren(...levels.map(l => h("option", { value: l, selected: l === defaultBot[game] }, botLevelName(l))));
      sel.dataset.levels = game + levels;
    }
    // The most seats can follow the game's options (Carcassonne's sixth comes with Inns & Cathedrals): a
    // number chosen above it comes down with it.
    seatsField.max = client.maxSeats;
    $("#bot-count").max = client.maxSeats - 1;
    for (const f of [seatsField, $("#bot-count")]) if (Number(f.value) > Number(f.max)) f.value = f.max;
    // The number of seats is a choice only with others: alone it is one, against bots one more than them.
    seatsField.disabled = !$("#mode-others").checked;
    $(".seats-pick").hidden = seatsField.disabled;
    $(".others-only").hidden = !$("#mode-others").checked;
    // Rated games are between people with accounts and bots with ratings of their own (every bot the server
    // offers has one): the choice is offered to a signed-in player who does not play alone.
    $(".rated-pick").hidden = !signedIn || $("#mode-solo").checked;
  };
  let signedIn = false;
  currentUser().then(u => { signedIn = !!u; if (u && !$("#name").value) $("#name").value = u.name; sync(); });
  form.addEventListener("change", sync);
  sync();
  // The games' bots bring the form's "Against bots": an answer among those the lobby waits for (it pushed
  // the create button down when it came after the lobby was shown).
  api.games().then(r => {
    for (const g of r.games || []) { bots[g.name] = g.bots || []; defaultBot[g.name] = g.default_bot; }
    sync();
  }).catch(() => {}).finally(() => answered());
  // One match per press: a second press (a double-click) while the first is in flight made a second match.
  let creating = false;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (creating) return;
    creating = true;
    // Disabled, the button drops the focus: a refusal gives it back where the press was.
    const focused = document.activeElement === $("#create");
    $("#create").disabled = true;
    err.textContent = "";
    const f = new FormData(form);
    const name = String(f.get("name") || "").trim();
    localStorage.setItem("surveyor.name", name);
    const game = f.get("game");
    const mode = f.get("mode");
    const nBots = mode === "bots" ? Math.max(1, Math.min(Number($("#bot-count").max), Number($("#bot-count").value) || 1)) : 0;
    const maxSeats = mode === "solo" ? 1 : mode === "bots" ? 1 + nBots
      : Math.min(Number(seatsField.max), Math.max(2, Number(seatsField.value) || 2));
    const options = clientOf(game).options(f);
    const req = { game, name, options, max_seats: maxSeats };
    const clock = String(f.get("clock") || "");
    if (clock === "custom") {
      req.clock = { mode: f.get("clock_mode"), seconds: Math.max(1, Number(f.get("clock_amount")) || 1) * Number(f.get("clock_unit")) };
    } else if (clock) {
      const [mode, seconds] = clock.split(":");
      req.clock = { mode, seconds: Number(seconds) };
    }
    if (f.get("rated") && mode !== "solo") req.rated = true;
    if (f.get("spectator_chat") && mode === "others") req.spectator_chat = true;
    try {
      const r = await api.create(req);
      seats.set(r.id, { token: r.token, seat: r.seat, name });
      for (let i = 0; i < nBots; i++) await api.addBot(r.id, r.token, String(f.get("level") || ""));
      if (mode !== "others") await api.start(r.id, r.token);
      navigate("/m/" + r.id);
    } catch (ex) {
      err.textContent = refusalText(ex);
      creating = false;
      $("#create").disabled = false;
      if (focused && document.activeElement === document.body) $("#create").focus();
    }
  });

  const lists = h("div", { class: "lists" });
  const yours = h("section", { id: "yours", class: "panel yours-panel", hidden: true });
  const boards = h("p", { class: "muted", id: "boards" }, t("labelled", { label: t("leaderboard"), text: "" }),
    ...Object.keys(games).flatMap((g, i) => [i ? " · " : "", h("a", { href: `/leaderboard/${g}` }, gameName(g))]));
  const nameNow = () => $("#name").value.trim() || t("learnName");
  const learn = learnPanel(games, navigate, nameNow);
  // The panels above the lists ("Your games", today's challenges, friends) appear when their answers come, and
  // each pushed everything below it down: a link pressed just then was not under the pointer any more.
  // The lobby is put on the page once the first answers are in, or after SETTLE_MS whatever comes.
  let pending = 5, shown = false;
  const content = [yours, gamesStrip(nameNow), challengesPanel(navigate, () => $("#name").value.trim(), () => answered()),
    h("div", { class: "lobby" }, h("div", {}, form, learn), h("div", {}, friendsPanel(() => answered()), lists, boards))];
  // How it was shown stays on the page (answers, or the bound), for whoever must tell why it moved.
  const show = (by) => { if (!shown) { shown = true; main.dataset.lobbyShown = by; main.replaceChildren(...content); } };
  const answered = () => { if (--pending === 0) show("answers"); };
  const settle = setTimeout(() => show("bound"), SETTLE_MS);
  const stopYours = showYours(yours, answered);
  let stop = false, first = true;
  const refresh = async () => {
    try {
      const [open, playing, finished] = await Promise.all(["open", "playing", "finished"].map(s => api.lobby(s)));
      lists.replaceChildren(
        gameList(t("openGames"), open.matches, "open"),
        gameList(t("runningGames"), playing.matches, "playing"),
        gameList(t("finishedGames"), finished.matches, "finished"));
    } catch (ex) { lists.replaceChildren(h("p", { class: "error" }, refusalText(ex))); }
    if (first) { first = false; answered(); }
  };
  refresh();
  const timer = setInterval(() => { if (!stop) refresh(); }, 5000);
  return () => { stop = true; clearInterval(timer); clearTimeout(settle); stopYours(); };
}

// gamesStrip shows each game with a picture of its table and two one-click ways in: "Play now" (alone, or
// against a bot where the game has no solo) and "Invite a friend" (a table for two, its link to share).
// The form below keeps every other choice.
function gamesStrip(nameOf) {
  const err = h("p", { class: "error", role: "alert" });
  const go = async (btn, game, withFriend) => {
    btn.disabled = true;
    err.textContent = "";
    const client = clientOf(game), name = nameOf();
    try {
      const solo = !withFriend && client.solo;
      const r = await api.create({ game, name, max_seats: solo ? 1 : 2 });
      seats.set(r.id, { token: r.token, seat: r.seat, name });
      if (!withFriend) {
        if (!solo) await api.addBot(r.id, r.token, "");
        await api.start(r.id, r.token);
      }
      navigate("/m/" + r.id);
    } catch (ex) { err.textContent = refusalText(ex); btn.disabled = false; }
  };
  return h("section", { class: "games-strip", id: "play-now" },
    ...Object.entries(games).map(([g, c]) => h("article", { class: "panel game-card", "data-game": g },
      c.poster ? h("div", { class: "poster-box" }, c.poster()) : null,
      h("div", { class: "game-card-body" },
        h("h2", {}, c.title), h("p", { class: "muted" }, t("gameBlurb_" + g)),
        h("p", { class: "row" },
          h("button", { type: "button", class: "primary", "data-play-now": g, onclick: (e) => go(e.currentTarget, g, false) },
            t(c.solo ? "playNowSolo" : "playNowBot")),
          h("button", { type: "button", "data-invite-friend": g, onclick: (e) => go(e.currentTarget, g, true) }, t("inviteFriend")))))),
    err);
}

function gameList(title, matches, status) {
  const items = matches.map(m => {
    const s = m.summary || {};
    const players = (s.players || []).map((n, i) => (s.bots && s.bots[i] ? `${n} ${botTag({ name: n, bot: s.bots[i] })}` : n)).join(", ") || t("noOne");
    const actions = [];
    if (status === "finished") {
      actions.push(h("a", { href: `/m/${m.id}/replay`, class: "button", "data-replay": m.id }, t("replay")));
    } else if (seats.get(m.id)) {
      // A seat this browser holds: back to the table.
      actions.push(h("a", { href: "/m/" + m.id, class: "button primary", "data-resume": m.id }, t("resume")));
    } else {
      if (status === "open") actions.push(h("a", { href: "/m/" + m.id, class: "button", "data-join": m.id }, t("join")));
      actions.push(h("a", { href: "/m/" + m.id, class: "button", "data-watch": m.id }, t("watch")));
    }
    // The content set and map side, from the options the match stores spelled out.
    const o = m.options || {};
    const client = clientOf(m.game);
    const content = client ? client.describe(o) : gameName(m.game);
    return h("li", { "data-match": m.id, "data-game": m.game },
      h("span", {}, `${players} (${(s.players || []).length}/${s.max_seats || "?"})`),
      content ? h("span", { class: "muted", "data-content": m.id }, content) : null,
      s.clock ? h("span", { class: "muted", "data-clock": m.id }, clockLabel(s.clock)) : null, ...actions);
  });
  return h("section", { class: "panel" }, h("h2", {}, title),
    items.length ? h("ul", { class: "games" }, items) : h("p", { class: "muted" }, t("none")));
}

document.addEventListener("click", (e) => {
  const a = e.target.closest && e.target.closest("a[href^='/']");
  if (a && !e.ctrlKey && !e.metaKey && !a.hasAttribute("download")) { e.preventDefault(); navigate(a.getAttribute("href")); }
});
window.addEventListener("popstate", route);
setLanguage(pickLanguage(), false);
route();
// The service worker keeps the client shell, so that the lobby opens offline (sw.js); without one (an
// insecure origin, an old browser) the client simply needs the network.
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => navigator.serviceWorker.register("/sw.js").catch(() => {}));
}
