// The tournaments list (/tournaments, docs/api.md "Tournaments"): the upcoming, running and finished ones,
// and for a signed-in player the form that creates one (docs/tournaments.md tells the four formats).

import { api, botsOf } from "./api.js";
import { h, put } from "./dom.js";
import { t, date, lang, longDate, timeZone, refusalText, botLevelName, clockLabel } from "./i18n.js";
import { games, gameName, clientOf } from "./games.js";
import { currentUser } from "./account.js";

// FORMATS are the formats a tournament may have, as the API names them.
export const FORMATS = ["swiss", "tables", "arena", "league"];

// formatName names a format in the page's language.
export const formatName = (f) => t("tfmt_" + f);

// statusName names a tournament's status in the page's language.
export const statusName = (s) => t("tstatus_" + s);

// showTournaments is the list page; it returns its teardown (the list is polled while open).
export function showTournaments(main, navigate) {
  const lists = h("div", { class: "tour-lists" }, h("p", { class: "muted" }, t("loading")));
  const create = h("div", { id: "tour-create-box" });
  main.replaceChildren(h("h2", { class: "page-title" }, t("tournaments")), h("div", { class: "tour-index" }, lists, create));
  currentUser().then(u => {
    if (u) put(create, createForm(navigate));
    else if (u === null) put(create, h("p", { class: "panel muted", id: "tour-sign-in" }, t("tourSignInToCreate")));
  });
  let stop = false;
  const refresh = async () => {
    try {
      const all = await Promise.all(["upcoming", "running", "finished"].map(s => api.tournaments(s)));
      if (stop) return;
      put(lists, ...["upcoming", "running", "finished"].map((s, i) => listPanel(s, all[i].tournaments || [])));
    } catch (ex) { put(lists, h("p", { class: "error" }, refusalText(ex))); }
  };
  refresh();
  const timer = setInterval(refresh, 10000);
  return () => { stop = true; clearInterval(timer); };
}

// listPanel is one status's tournaments, each its name leading to its page and a line of what it is: a
// list, not a table, so that a phone reads it without scrolling sideways.
function listPanel(status, list) {
  const items = list.map(x => h("li", { "data-tournament": x.id },
    h("a", { href: `/t/${x.id}`, class: "tour-name" }, x.name),
    h("span", { class: "muted small" }, [gameName(x.game), formatName(x.format),
      t("tourPlayersN", { n: x.players, max: x.max_players || "∞" }),
      // The time set: a tournament started early by its creator began before it.
      status === "upcoming" && x.starts_at ? t("tourStartsAt", { when: date(x.starts_at, true) }) : null,
      x.rated ? t("rated") : null, x.visibility === "invite" ? t("tourInviteOnly") : null].filter(Boolean).join(" · "))));
  return h("section", { class: "panel", id: "tour-" + status },
    h("h3", {}, t("tourList_" + status)),
    items.length ? h("ul", { class: "plain tour-list" }, items) : h("p", { class: "muted" }, t("tourNone")));
}

// localInput writes a time for a datetime-local field: the browser's own time zone, to the minute.
export function localInput(ms) {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

// createForm is the form for a new tournament; only the chosen format's fields are shown (and sent).
function createForm(navigate) {
  const err = h("p", { class: "error", role: "alert" });
  const num = (id, value, min, max, label) => h("label", { class: "inline" }, label,
    h("input", { type: "number", id, name: id, value, min, max }));
  const inFormat = (formats, ...kids) => h("span", { class: "by-format", "data-formats": formats }, kids);
  const form = h("form", { id: "tour-form", class: "panel" },
    h("h3", {}, t("tourCreate")),
    h("label", {}, t("tourName"), h("input", { id: "tour-name", name: "name", required: true, maxlength: 60 })),
    h("label", {}, t("whichGame"), h("select", { id: "tour-game", name: "game" },
      Object.entries(games).map(([g, c]) => h("option", { value: g }, c.title)))),
    Object.entries(games).map(([g, c]) => h("div", { class: "game-options", "data-game": g }, c.optionsFields())),
    h("label", {}, t("tourFormat"), h("select", { id: "tour-format", name: "format" },
      FORMATS.map(f => h("option", { value: f }, formatName(f))))),
    h("fieldset", {}, h("legend", {}, t("tourShape")),
      inFormat("swiss tables", num("tour-rounds", 3, 1, 20, t("tourRounds")), num("tour-break", 60, 0, 3600, t("tourBreak"))),
      inFormat("tables", num("tour-seats-min", 3, 3, 6, t("tourSeatsMin")), num("tour-seats-max", 4, 3, 6, t("tourSeatsMax"))),
      inFormat("arena", num("tour-duration", 30, 5, 1440, t("tourDurationMinutes"))),
      inFormat("league", num("tour-group", 6, 3, 12, t("tourGroupSize")), num("tour-promote", 1, 0, 6, t("tourPromote"))),
      num("tour-max", 64, 2, 1000, t("tourMaxPlayers"))),
    h("fieldset", { id: "tour-when" }, h("legend", {}, t("tourWhen")),
      h("label", {}, t("tourStarts"), h("input", { type: "datetime-local", id: "tour-start", name: "starts_at", required: true,
        lang: lang(), "aria-describedby": "tour-start-said", value: localInput(Math.ceil((Date.now() + 15 * 60000) / 300000) * 300000) })),
      // The picker writes the time as the browser's locale does, whatever the page's language: the chosen
      // moment is written out beside it in the page's language, with the time zone it is in.
      h("p", { class: "muted small", id: "tour-start-said", "aria-live": "polite" }),
      num("tour-checkin", 0, 0, 1440, t("tourCheckInMinutes")),
      num("tour-forfeit", 5, 0, 1440, t("tourForfeitMinutes"))),
    h("fieldset", {}, h("legend", {}, t("clock")),
      h("select", { id: "tour-clock-mode", name: "clock_mode", "aria-label": t("clock") },
        h("option", { value: "move" }, t("clockMove")), h("option", { value: "game" }, t("clockGame"))),
      h("input", { type: "number", id: "tour-clock-amount", name: "clock_amount", min: 1, max: 999, value: 2, "aria-label": t("clockAmount") }),
      h("select", { id: "tour-clock-unit", name: "clock_unit", "aria-label": t("clockAmount") },
        h("option", { value: 60 }, t("unitMinutes")), h("option", { value: 3600 }, t("unitHours")), h("option", { value: 86400 }, t("unitDays"))),
      h("span", { class: "muted small", id: "tour-clock-said" })),
    h("fieldset", {}, h("legend", {}, t("tourEntry")),
      h("label", { class: "inline" }, h("input", { type: "checkbox", id: "tour-rated", name: "rated" }), t("rated")),
      h("label", { class: "inline tour-bots" }, h("input", { type: "checkbox", id: "tour-bots", name: "bots" }), t("tourBotsAllowed")),
      h("label", { class: "inline tour-bot-level" }, t("botLevel"), h("select", { id: "tour-bot-level", name: "bot_level" })),
      h("div", {},
        h("label", { class: "inline" }, h("input", { type: "radio", name: "visibility", value: "public", id: "tour-public", checked: true }), t("tourPublic")),
        h("label", { class: "inline" }, h("input", { type: "radio", name: "visibility", value: "invite", id: "tour-invite" }), t("tourInviteChoice")))),
    h("button", { type: "submit", id: "tour-submit", class: "primary" }, t("tourCreateButton")), err);
  const $ = (sel) => form.querySelector(sel);
  let levels = [];
  const sync = () => {
    const game = $("#tour-game").value, format = $("#tour-format").value;
    for (const e of form.querySelectorAll(".game-options")) {
      e.hidden = e.dataset.game !== game;
      for (const f of e.querySelectorAll("input, select")) f.disabled = e.hidden;
    }
    for (const e of form.querySelectorAll(".by-format")) {
      e.hidden = !e.dataset.formats.split(" ").includes(format);
      for (const f of e.querySelectorAll("input, select")) f.disabled = e.hidden;
    }
    // Bots never sit in a rated tournament (docs/api.md): the choice goes while "rated" is ticked.
    const rated = $("#tour-rated").checked;
    $(".tour-bots").hidden = rated || !levels.length;
    if (rated) $("#tour-bots").checked = false;
    $(".tour-bot-level").hidden = !$("#tour-bots").checked;
    const c = readClock(new FormData(form));
    $("#tour-clock-said").textContent = clockLabel(c);
    $("#tour-start-said").textContent = startSaid($("#tour-start").value);
  };
  const loadBots = async () => {
    const game = $("#tour-game").value;
    levels = await botsOf(game);
    if ($("#tour-game").value !== game) return;
    $("#tour-bot-level").replaceChildren(...levels.map(l => h("option", { value: l, selected: l === levels.default }, botLevelName(l))));
    sync();
  };
  form.addEventListener("change", (e) => {
    if (e.target.id === "tour-format" && e.target.value === "league") {
      // A league is played by correspondence: its clock is in days.
      $("#tour-clock-amount").value = 3;
      $("#tour-clock-unit").value = 86400;
    }
    if (e.target.id === "tour-game") loadBots();
    sync();
  });
  form.addEventListener("input", sync);
  sync();
  loadBots();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    const req = readForm(form);
    if (!req) { err.textContent = t("tourBadStart"); return; }
    $("#tour-submit").disabled = true;
    try {
      const r = await api.createTournament(req);
      navigate(`/t/${r.id}`);
    } catch (ex) { err.textContent = refusalText(ex); $("#tour-submit").disabled = false; }
  });
  return form;
}

// startSaid is the start time a datetime-local value names, in the page's language and with its zone.
function startSaid(value) {
  const at = Date.parse(value || "");
  if (!Number.isFinite(at)) return t("tourStartsNone");
  const when = longDate(at);
  return at <= Date.now() ? t("tourStartsPast", { when }) : t("tourStartsSaid", { when, zone: timeZone(at) });
}

// readClock is the form's clock: per move or for the game, its length in seconds.
function readClock(f) {
  return { mode: String(f.get("clock_mode") || "move"), seconds: Math.max(1, Number(f.get("clock_amount")) || 1) * Number(f.get("clock_unit") || 60) };
}

// readForm is the request the form asks for (docs/api.md, POST /api/tournaments), null for a start time
// the browser cannot read.
function readForm(form) {
  const f = new FormData(form);
  const game = String(f.get("game")), format = String(f.get("format"));
  const starts = Date.parse(String(f.get("starts_at") || ""));
  if (!Number.isFinite(starts)) return null;
  const minutes = (k) => Math.max(0, Number(f.get(k)) || 0) * 60;
  const req = {
    name: String(f.get("name") || "").trim(), game, format, options: clientOf(game).options(f),
    visibility: f.get("visibility") === "invite" ? "invite" : "public",
    rated: !!f.get("rated"), clock: readClock(f),
    starts_at: new Date(starts).toISOString(),
    check_in_seconds: minutes("tour-checkin"), forfeit_seconds: minutes("tour-forfeit"),
  };
  if (Number(f.get("tour-max"))) req.max_players = Number(f.get("tour-max"));
  if (format === "swiss" || format === "tables") { req.rounds = Number(f.get("tour-rounds")) || 1; req.round_break_seconds = Math.max(0, Number(f.get("tour-break")) || 0); }
  if (format === "tables") req.seats = { min: Number(f.get("tour-seats-min")), max: Number(f.get("tour-seats-max")) };
  if (format === "arena") req.duration_seconds = minutes("tour-duration");
  if (format === "league") { req.group_size = Number(f.get("tour-group")); req.promote = Number(f.get("tour-promote")) || 0; }
  req.bots = { allowed: !req.rated && !!f.get("bots") };
  if (req.bots.allowed) req.bots.level = String(f.get("bot_level") || "");
  return req;
}
