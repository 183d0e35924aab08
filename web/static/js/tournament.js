// A tournament's page (/t/ID, docs/api.md "Tournaments"): its header and countdown, the buttons its state
// allows, the player's own next game one tap away, the live standings, every round's pairings with each
// game's link, and the podium once it is over. The page polls the three resources every few seconds, and at
// once when a note arrives (inbox.js): a round paired or a game started shows without a reload.

import { api } from "./api.js";
import { h, put, el, focusOnKeyUp } from "./dom.js";
import { modal } from "./ui.js";
import { t, date, duration, number, ordinal, refusalText, clockLabel, ratingText, botLevelName } from "./i18n.js";
import { gameName, clientOf } from "./games.js";
import { formatName, statusName, localInput } from "./tournaments.js";
import { currentUser } from "./account.js";

const POLL_MS = 3000;

// showTournament draws the page of tournament id (key is an invite-only tournament's key, from its link);
// it returns its teardown.
export function showTournament(main, id, key, navigate) {
  const err = h("p", { class: "error", role: "alert", id: "tour-error" });
  const head = h("section", { class: "panel tour-head", id: "tour-head" }, h("p", { class: "muted" }, t("loading")));
  const yours = h("div", { id: "tour-yours" });
  const podium = h("div", { id: "tour-podium-box" });
  const standings = h("section", { class: "panel", id: "tour-standings" });
  const rounds = h("section", { class: "panel", id: "tour-rounds" });
  const players = h("section", { class: "panel", id: "tour-players" });
  main.replaceChildren(head, err, yours, podium, h("div", { class: "tour-body" }, standings, h("div", {}, rounds, players)));
  // skew is the server's clock less the browser's (docs/api.md "now"): the countdown is the server's.
  const st = { tour: null, open: new Set(), stop: false, busy: false, me: null, skew: 0 };
  const refresh = async () => {
    if (st.busy || st.stop) return;
    st.busy = true;
    try {
      const [tour, stand, rds] = await Promise.all([api.tournament(id, key), api.tournamentStandings(id, key), api.tournamentRounds(id, key)]);
      if (st.stop) return;
      if (tour.now) st.skew = Date.parse(tour.now) - Date.now();
      // Unchanged, the page is left as it is: redrawn, a button pressed as the poll lands lost its click.
      const sig = JSON.stringify([tour, stand, rds, st.me], (k, v) => k === "now" ? undefined : v);
      if (sig === st.sig) { st.tour = tour; return; }
      st.sig = sig;
      // A finished tournament's head no longer changes: drawn once, so a start time being chosen stays.
      if (!st.tour || st.tour.status !== "finished" || tour.status !== "finished") drawHead(head, tour, st, act);
      st.tour = tour;
      drawYours(yours, tour);
      drawPodium(podium, tour);
      drawStandings(standings, stand, st.me);
      drawRounds(rounds, rds.rounds || [], tour, st.open, st.me);
      drawPlayers(players, tour);
      // Before the start there is nothing to rank or pair: the players alone.
      standings.hidden = rounds.hidden = tour.status === "upcoming";
    } catch (ex) {
      if (!st.tour) put(head, h("p", { class: "error" }, ex.status === 404 ? t("tourNotFound") : refusalText(ex)),
        h("a", { href: "/tournaments", class: "button" }, t("tournaments")));
    } finally { st.busy = false; }
  };
  // act posts one of the tournament's actions and shows the answer, or the refusal in words.
  const act = async (what, body) => {
    err.textContent = "";
    try {
      const r = await api.tournamentAct(id, what, body);
      if (r && r.id && r.id !== id) return navigate(`/t/${r.id}`);
    } catch (ex) { err.textContent = refusalText(ex); }
    await refresh();
  };
  currentUser().then(u => { st.me = u ? u.name : null; refresh(); });
  const timer = setInterval(refresh, POLL_MS);
  const tick = setInterval(() => { if (st.tour) drawCountdown(head.querySelector("#tour-countdown"), st); }, 1000);
  const onNote = () => refresh();
  window.addEventListener("surveyor:note", onNote);
  return () => { st.stop = true; clearInterval(timer); clearInterval(tick); window.removeEventListener("surveyor:note", onNote); };
}

// drawHead is the tournament's name, what it is, its state, its countdown, its buttons and its invite link.
function drawHead(head, x, st, act) {
  const client = clientOf(x.game);
  const content = client ? client.describe(x.options || {}) : "";
  const shape = [formatName(x.format)];
  if (x.rounds && (x.format === "swiss" || x.format === "tables")) shape.push(t("tourRoundsN", { n: x.rounds }));
  if (x.format === "tables" && x.seats) shape.push(t("tourSeatsRange", { min: x.seats.min, max: x.seats.max }));
  if (x.format === "arena" && x.duration_seconds) shape.push(duration(x.duration_seconds * 1000));
  if (x.format === "league" && x.group_size) shape.push(t("tourGroupsOf", { n: x.group_size }));
  // A league's later season (the same name) says which it is.
  if (x.season > 1) shape.push(t("tourSeasonN", { n: x.season }));
  const countdown = h("p", { class: "tour-countdown", id: "tour-countdown", "aria-live": "off" });
  drawCountdown(countdown, { ...st, tour: x });
  put(head,
    h("div", { class: "tour-title" }, h("h2", {}, x.name),
      h("span", { class: `tour-status tour-status-${x.status}`, id: "tour-status" }, statusName(x.status))),
    // A game's description may begin with its name ("Carcassonne · Inns & Cathedrals"): said once.
    h("p", { class: "tour-what", id: "tour-what" }, [content && content.startsWith(gameName(x.game)) ? null : gameName(x.game), content || null,
      shape.join(" · "), clockLabel(x.clock), x.rated ? t("rated") : t("tourCasual")].filter(Boolean).join(" · ")),
    h("p", { class: "muted small" }, t("tourBy", { name: x.creator || "?" }), x.status === "upcoming" ? " · " + t("tourStartsAt", { when: date(x.starts_at, true) }) : null,
      x.check_in_seconds ? " · " + t("tourCheckInWindow", { time: duration(x.check_in_seconds * 1000) }) : null,
      x.forfeit_seconds ? " · " + t("tourForfeitAfter", { time: duration(x.forfeit_seconds * 1000) }) : null,
      x.bots && x.bots.allowed ? " · " + t("tourBotsAt", { level: botLevelName(x.bots.level || "") }) : null),
    countdown,
    buttons(x, act, st),
    x.invite && (x.status === "upcoming" || x.status === "running") ? inviteBox(x.invite) : null);
}

// countdownText says what the page counts down to: the start (or its check-in), the arena's end, a Swiss's
// next round in the break after the last game of the round before.
function countdownText(x, now) {
  const left = (at) => duration(Date.parse(at) - now);
  if (x.status === "upcoming" && x.starts_at) {
    const at = Date.parse(x.starts_at);
    if (at <= now) return t("tourStartingNow");
    if (x.check_in_seconds && at - x.check_in_seconds * 1000 > now) return t("tourCheckInOpensIn", { time: duration(at - x.check_in_seconds * 1000 - now) });
    return t("tourStartsIn", { time: left(x.starts_at) });
  }
  if (x.status !== "running") return "";
  if (x.format === "arena" && x.ends_at) return Date.parse(x.ends_at) > now ? t("tourEndsIn", { time: left(x.ends_at) }) : t("tourEnding");
  if (x.next_round_at) return Date.parse(x.next_round_at) > now ? t("tourNextRoundIn", { n: x.round + 1, time: left(x.next_round_at) }) : t("tourStartingNow");
  return x.round ? t("tourRoundNow", { n: x.round, of: x.rounds || "?" }) : "";
}

function drawCountdown(p, st) {
  if (p) p.textContent = countdownText(st.tour, Date.now() + st.skew);
}

// buttons are the actions the tournament's state allows the one who reads it (docs/api.md).
function buttons(x, act, st) {
  const y = x.you, out = [], me = st.me;
  // What cannot be undone (withdrawing resigns the game in play; cancelling) is asked first (sure: the
  // dialog's title and text, named whole so that a search for a word's key finds its use).
  const b = (id, label, what, cls, body, sure) => h("button", { type: "button", id, class: cls || "", onclick: (e) => {
    const go = () => { e.target.disabled = true; act(what, body); };
    if (sure) confirmAct(t(sure[0]), t(sure[1]), label, go); else go();
  } }, label);
  const upcoming = x.status === "upcoming", running = x.status === "running";
  // a running arena takes players until its end (docs/tournaments.md)
  const open = upcoming || running && x.format === "arena" && Date.parse(x.ends_at) > Date.now() + st.skew;
  // a full one says so (the server would refuse); a running arena's player who missed its check-in joins
  const full = x.players.length >= x.max_players, missed = y && running && x.check_in_seconds && !y.checked_in && !y.withdrawn;
  if (y && open && !y.joined && full) out.push(h("span", { class: "tour-status", id: "tour-full" }, t("tourFull")));
  else if (y && open && (!y.joined || missed)) {
    const key = new URLSearchParams(location.search).get("key");
    out.push(b("tour-join", t("tourJoin"), "join", "primary", key ? { key } : {}));
  }
  if (y && upcoming && y.joined) out.push(b("tour-leave", t("tourLeave"), "leave"));
  if (y && upcoming && y.joined && x.check_in_seconds && !y.checked_in) out.push(b("tour-checkin", t("tourCheckIn"), "checkin", "primary"));
  if (y && upcoming && y.joined && y.checked_in) out.push(h("span", { class: "tour-checked", id: "tour-checked" }, "✓ " + t("tourCheckedIn")));
  if (y && running && y.joined && !y.withdrawn && !missed && x.format === "arena") {
    out.push(y.paused ? b("tour-resume", t("tourResume"), "resume", "primary") : b("tour-pause", t("tourPause"), "pause"));
  }
  if (y && running && y.joined && !y.withdrawn) out.push(b("tour-withdraw", t("tourWithdraw"), "withdraw", "danger", {}, ["tourWithdrawSureTitle", "tourWithdrawSure"]));
  if (y && y.withdrawn) out.push(h("span", { class: "muted", id: "tour-withdrawn" }, t("tourYouWithdrew")));
  if (me && me === x.creator && upcoming) {
    if (x.bots && x.bots.allowed) out.push(b("tour-add-bot", t("tourAddBot"), "bots", "", { level: x.bots.level || "" }));
    out.push(b("tour-start-now", t("tourStartNow"), "start"));
    out.push(b("tour-cancel", t("tourCancel"), "cancel", "danger", {}, ["tourCancelSureTitle", "tourCancelSure"]));
  }
  if (me && me === x.creator && x.status === "finished" && x.format === "league") out.push(nextSeason(act, st.skew));
  if (!y && open) out.push(h("span", { class: "muted", id: "tour-sign-in-to-join" }, t(full ? "tourFull" : "tourSignInToJoin")));
  return out.length ? h("p", { class: "row tour-actions" }, out) : null;
}

// nextSeason is a finished league's next season, made by its creator from its start (a day on, by default).
function nextSeason(act, skew) {
  const now = () => Date.now() + skew;
  const at = h("input", { type: "datetime-local", id: "tour-next-start", value: localInput(Math.ceil(now() / 36e5 + 24) * 36e5) });
  return h("span", { class: "tour-next-season" }, h("label", {}, t("tourStarts") + " ", at), h("button", { type: "button", id: "tour-next-season", class: "primary", onclick: (e) => {
    const s = Date.parse(at.value);
    // Held while asked: a second click would make a second season.
    if (s > now()) { e.target.disabled = true; act("next-season", { starts_at: new Date(s).toISOString() }).finally(() => { e.target.disabled = false; }); }
    else document.getElementById("tour-error").textContent = t("tourBadStart");
  } }, t("tourNextSeason")));
}

// confirmAct asks before an action: going back is the dialog's primary button (Enter and Escape).
function confirmAct(title, text, label, go) {
  const back = h("button", { type: "button", class: "primary", id: "tour-sure-no", onclick: () => box.remove() }, t("close"));
  const yes = h("button", { type: "button", class: "danger", id: "tour-sure-yes", onclick: () => { box.remove(); go(); } }, label);
  const box = modal("tour-sure", title, h("p", {}, text), [back, yes]);
  document.body.append(box);
  focusOnKeyUp(back, { preventScroll: true });
}

// inviteBox shows an invite-only tournament's link to its creator, to copy.
function inviteBox(invite) {
  const link = /^https?:/.test(invite) ? invite : location.origin + invite;
  const copied = h("span", { class: "muted", role: "status" });
  return h("p", { class: "row tour-invite", id: "tour-invite" }, h("span", {}, t("invite") + ": "),
    h("input", { readonly: true, value: link, id: "tour-invite-link", "aria-label": t("invite"), onclick: (e) => e.target.select() }),
    h("button", { type: "button", onclick: () => navigator.clipboard.writeText(link).then(() => { copied.textContent = t("copied"); }, () => {}) }, t("copy")),
    copied);
}

// drawYours is the player's own game, one tap away: the game in play, or the one about to start.
function drawYours(box, x) {
  const g = x.you && x.you.next_game;
  if (!g || !g.match || g.status !== "playing" || x.you.withdrawn) return put(box);
  put(box, h("a", { href: `/m/${g.match}`, class: "button primary tour-your-game", id: "tour-your-game", "data-match": g.match },
    x.format === "arena" ? t("tourYourGameArena") : t("tourYourGameNow", { n: g.round || x.round || 1 })));
}

// drawPodium shows the first three once the tournament is over, the winner in the middle.
function drawPodium(box, x) {
  const p = x.status === "finished" ? (x.podium || []) : [];
  if (!p.length) return put(box);
  const step = (i) => p[i] ? h("li", { class: `podium-step podium-${i + 1}`, "data-place": i + 1 },
    h("span", { class: "podium-name" }, h("a", { href: `/u/${encodeURIComponent(p[i])}` }, p[i])),
    h("span", { class: "podium-block" }, ordinal(i + 1))) : null;
  put(box, h("section", { class: "panel tour-podium", id: "tour-podium" }, h("h3", {}, t("tourPodium")),
    h("ol", { class: "podium" }, step(1), step(0), step(2))));
}

// COLUMNS are the standings' columns by format (docs/tournaments.md): the points, then what breaks ties.
const COLUMNS = {
  swiss: [["points", "tourPoints"], ["buchholz", "tourBuchholz"], ["sonneborn_berger", "tourSB"], ["games", "played"]],
  tables: [["points", "tourPlacePoints"], ["score", "tourGameScore"], ["games", "played"]],
  arena: [["points", "tourPoints"], ["wins", "won"], ["games", "played"]],
  league: [["points", "tourPoints"], ["sonneborn_berger", "tourSB"], ["games", "played"]],
};

// FRACTIONS are the parts of a point a standing can hold: a draw's half, and Sonneborn-Berger's quarters
// (half the points of a drawn opponent).
const FRACTIONS = { 0.25: "¼", 0.5: "½", 0.75: "¾" };

// half writes a score that may have a half or a quarter ("2½" reads better than "2.5" in a table, in every
// language).
export function half(v) {
  if (v == null) return "";
  const whole = Math.floor(v), frac = FRACTIONS[Math.round((v - whole) * 100) / 100];
  if (frac) return (whole ? number(whole) : "") + frac;
  return number(Math.round(v * 100) / 100);
}

function drawStandings(box, s, me) {
  const cols = COLUMNS[s.format] || COLUMNS.swiss;
  // A league ranks each group apart (docs/api.md): its groups come with their division.
  const groups = s.groups || null;
  const rows = groups ? groups.flatMap(g => g.standings || []) : (s.standings || []);
  const table = (list) => h("div", { class: "table-scroll" }, h("table", { class: "ranking tour-standings" },
    h("tr", {}, h("th", { title: t("rank") }, h("span", { class: "long-head" }, t("rank")), h("span", { class: "short-head" }, "#")), h("th", {}, t("player")),
      ...cols.map(([, k]) => h("th", { class: "num", title: k === "tourSB" ? t("tourSBLong") : null }, t(k))),
      s.format === "arena" ? h("th", { title: t("tourFireHint") }, flame(t("tourFireHint"))) : null),
    ...list.map(r => h("tr", { "data-player": r.name, class: [r.withdrawn ? "withdrawn" : "", r.name === me ? "me" : ""].join(" ").trim() },
      h("td", { class: "num" }, String(r.rank)),
      h("td", { class: "name" }, h("a", { href: `/u/${encodeURIComponent(r.name)}` }, r.name), r.withdrawn ? h("span", { class: "muted small withdrawn-mark" }, t("tourWithdrawn")) : null),
      ...cols.map(([f]) => h("td", { class: "num", "data-col": f }, f === "games" || f === "wins" ? String(r[f] ?? 0) : half(r[f] ?? 0))),
      s.format === "arena" ? h("td", { "data-col": "fire", "data-fire": r.fire ? "1" : "0" }, r.fire ? flame(t("tourOnFire")) : "") : null))));
  if (!rows.length) return put(box, h("h3", {}, t("tourStandings")), h("p", { class: "muted" }, t("tourNoStandings")));
  if (groups) {
    return put(box, h("h3", {}, t("tourStandings")), ...groups.map(g => h("div", { class: "tour-group", "data-group": g.group, "data-division": g.division },
      h("h4", {}, t("tourGroup", { n: g.group }), g.division ? h("span", { class: "muted small" }, " · " + t("tourDivision", { n: g.division })) : null),
      table(g.standings || []))));
  }
  put(box, h("h3", {}, t("tourStandings")), table(rows));
}

// flame marks an arena player on fire: drawn, since not every browser has an emoji font.
function flame(label) {
  return el("svg", { class: "flame", viewBox: "0 0 16 16", width: 14, height: 14, role: "img", "aria-label": label },
    el("title", {}, label),
    el("path", { d: "M8 1c1 3 5 5 5 9a5 5 0 0 1-10 0c0-2 1-3 2-4 0 2 1 3 2 3-1-3 0-6 1-8z", fill: "#d9531e" }),
    el("path", { d: "M8 9c1 1 2 2 2 3a2 2 0 0 1-4 0c0-1 1-2 2-3z", fill: "#f2c94c" }));
}

// drawRounds lists the rounds, the latest first and open; the others fold, and stay as the reader left them.
function drawRounds(box, rounds, x, open, me) {
  if (!rounds.length) return put(box, h("h3", {}, t(x.format === "arena" ? "tourGames" : "tourRounds")), h("p", { class: "muted" }, t(x.format === "arena" ? "tourNoStandings" : "tourNoRounds")));
  // An arena's one "round" holds its games in the order they were paired: one list, the latest first,
  // without table numbers (a game's number in the arena says nothing to a player).
  if (x.format === "arena") {
    return put(box, h("h3", {}, t("tourGames")), h("ul", { class: "plain pairings", "data-round": 1 },
      rounds.flatMap(r => r.pairings || []).reverse().map(p => pairing({ ...p, table: null }, me))));
  }
  const latest = Math.max(...rounds.map(r => r.number));
  const list = [...rounds].sort((a, b) => b.number - a.number).map(r => {
    // The latest round is open and the others folded, unless the reader opened or folded one: a toggle
    // that leaves a round as it was drawn (the browser's own, as it opens) is no choice.
    const shown = open.has(r.number) || (r.number === latest && !open.has(-r.number));
    const d = h("details", { class: "tour-round", "data-round": r.number, open: shown },
      h("summary", {}, t("tourRound", { n: r.number }),
        r.started_at ? h("span", { class: "muted small" }, " · " + date(r.started_at, true)) : null),
      h("ul", { class: "plain pairings" }, (r.pairings || []).map(p => pairing(p, me))));
    d.addEventListener("toggle", () => {
      if (d.open === shown) return;
      open.delete(r.number); open.delete(-r.number);
      open.add(d.open ? r.number : -r.number);
    });
    return d;
  });
  put(box, h("h3", {}, t("tourRounds")), ...list);
}

// pairing is one game of a round: its players with their result, its status and its link.
function pairing(p, me) {
  const seats = (p.seats || []).map(s => h("span", { class: "seat" + (s.name === me ? " me" : ""), "data-seat-name": s.name },
    s.name, p.status === "finished" || p.status === "forfeit" ? h("span", { class: "muted" }, ` (${half(s.points ?? 0)})`) : null));
  const joined = seats.flatMap((s, i) => i ? [h("span", { class: "vs" }, p.status === "bye" ? "" : " – "), s] : [s]);
  // The reader's own game in play is theirs to play; any other, to watch; a finished one, to replay.
  const mine = p.status === "playing" && (p.seats || []).some(s => s.name === me);
  const link = p.match ? h("a", { href: p.status === "finished" || p.status === "forfeit" ? `/m/${p.match}/replay` : `/m/${p.match}`,
    class: mine ? "button primary small-button" : "button small-button", "data-game-link": p.match },
  t(mine ? "tourPlay" : p.status === "playing" ? "watch" : "replay")) : null;
  return h("li", { class: `pairing pairing-${p.status}`, "data-match": p.match || "", "data-table": p.table ?? "" },
    p.group ? h("span", { class: "muted table-no" }, t("tourGroup", { n: p.group })) : null,
    p.table != null && !p.group ? h("span", { class: "muted table-no" }, t("tourTable", { n: p.table })) : null,
    h("span", { class: "seats" }, joined),
    h("span", { class: "muted pairing-status" }, t("tourPairing_" + p.status)), link);
}

// drawPlayers lists who entered, with their rating and check-in; a bot is marked as one.
function drawPlayers(box, x) {
  const ps = x.players || [];
  put(box, h("h3", {}, t("tourPlayersN", { n: ps.length, max: x.max_players || "∞" })),
    ps.length ? h("ul", { class: "plain tour-players" }, ps.map(p => h("li", { "data-player": p.name },
      h("a", { href: `/u/${encodeURIComponent(p.name)}` }, p.name),
      p.rating ? h("span", { class: "muted" }, " · " + ratingText(Math.round(p.rating))) : null,
      p.bot ? h("span", { class: "muted" }, " · " + t("botTagPlain")) : null,
      x.check_in_seconds && x.status === "upcoming" ? h("span", { class: p.checked_in ? "good" : "muted" }, " · " + t(p.checked_in ? "tourCheckedIn" : "tourNotCheckedIn")) : null,
      p.paused ? h("span", { class: "muted" }, " · " + t("tourPaused")) : null,
      p.withdrawn ? h("span", { class: "muted" }, " · " + t("tourWithdrawn")) : null)))
      : h("p", { class: "muted" }, t("noOne")));
}
