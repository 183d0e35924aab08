// The end of a match, for both games: the record, the replay and the way to a rematch (docs/api.md,
// POST /api/matches/ID/rematch): a new match of the same game, options, clock and bots.

import { api, seats } from "./api.js";
import { h } from "./dom.js";
import { t, refusalText, ratingChangeText } from "./i18n.js";
import { pictureLinks } from "./picture.js";
import { attemptShare } from "./challenges.js";

// endLinks is the row of the panel that stays under a finished game: record, replay, lobby, then the
// rematch controls and who waits in the rematch.
export function endLinks(s, token) {
  const m = s.env.match;
  return [h("p", { class: "end-links" },
    // A challenge attempt's record holds the challenge's seed: its leaderboard stands in its place.
    m.challenge ? h("a", { href: `/challenge/${m.challenge}`, class: "button", id: "to-challenge-board" }, t("leaderboard"))
      : h("a", { href: `/api/matches/${m.id}/record`, download: "", class: "button" }, t("downloadRecord")), " ",
    h("a", { href: `/m/${m.id}/replay`, class: "button", id: "to-replay" }, t("replay")), " ",
    m.tournament ? h("a", { href: `/t/${m.tournament}`, class: "button", id: "to-tournament" }, t("backToTournament"))
      : h("a", { href: "/", class: "button" }, t("backToLobby")), " ",
    // The map as a picture: the table's own (s.svg: the viewer's sheet, or the board).
    ...(s.svg !== undefined ? [...pictureLinks(() => s.svg, `surveyor-${m.game}-${m.id}`), " "] : []),
    ...rematchControls(s, token, "rematch")),
  ratingChanges(s), rematchNotice(s, "rematch-notice"), challengeShare(s)];
}

// challengeShare is a finished challenge attempt's result to share, with the map's picture: asked once
// of the server, kept across the end screen's redraws.
function challengeShare(s) {
  const m = s.env.match;
  if (!m.challenge || !s.env.you) return null;
  if (!s.attemptShare) s.attemptShare = attemptShare(m, () => s.svg);
  return s.attemptShare;
}

// ratingChanges tells, under a rated game, what it did to each account's rating ("Ada +12 → 1,512"),
// asked once of the server (GET /api/matches/ID/ratings) and again while the change is not yet applied.
export function ratingChanges(s) {
  const m = s.env.match;
  if (!m.rated) return null;
  const p = h("p", { class: "rating-change", id: "rating-change" });
  const ask = (tries) => api.matchRatings(m.id).then(r => {
    if (r.pending && tries > 0) return new Promise(ok => setTimeout(ok, 1000)).then(() => ask(tries - 1));
    return r;
  });
  if (!s.ratingsAsk) s.ratingsAsk = ask(5);
  s.ratingsAsk.then(r => {
    if (!r.seats.length) return;
    p.replaceChildren(`${t("ratingChange")}: `, ...r.seats.flatMap((c, i) => [i ? " · " : "",
      h("span", { "data-seat": c.seat, class: c.change >= 0 ? "up" : "down" }, `${c.name} ${ratingChangeText(c)}`)]));
  }).catch(() => { /* the end screen stands without it */ });
  return p;
}

// rematchControls is a seated player's button ("Play again", "Join the rematch" once another player has
// asked, "Go to the rematch" when this browser holds a seat in it already) or a spectator's link to watch
// the rematch, with a place for the refusal. id tells the panel's apart from the final dialog's.
export function rematchControls(s, token, id) {
  const m = s.env.match;
  if (!s.env.you) {
    return m.rematch ? [h("a", { href: "/m/" + m.rematch, class: "button", id: "watch-" + id }, t("watchRematch"))] : [];
  }
  const held = m.rematch ? seats.get(m.rematch) : null;
  const err = h("span", { class: "error", role: "alert" });
  const btn = h("button", { type: "button", class: "primary", id, onclick: async () => {
    btn.disabled = true;
    err.textContent = "";
    try {
      let next = m.rematch;
      if (!held) {
        const r = await api.rematch(m.id, token());
        seats.set(r.id, { token: r.token, seat: r.seat, name: s.seat.name || localStorage.getItem("surveyor.name") || "" });
        next = r.id;
      }
      go("/m/" + next);
    } catch (ex) {
      // Too late for a seat (the others started it, or filled it): the rematch can still be watched.
      if (m.rematch && (ex.code === "already_started" || ex.code === "match_full")) { go("/m/" + m.rematch); return; }
      err.textContent = refusalText(ex);
      btn.disabled = false;
    }
  } }, t(held ? "toRematch" : m.rematch ? "joinRematch" : "playAgain"));
  return [btn, err];
}

// rematchNotice tells a seated player that a rematch was asked for and, once the server has answered,
// who is seated in it (people only: bots wait anyway). The finished match's state carries only the
// rematch's id, so its players are asked for once per change of the finished match.
export function rematchNotice(s, id) {
  const m = s.env.match;
  if (!m.rematch || !s.env.you) return null;
  const p = h("p", { class: "notice rematch-notice", id }, s.rematchNames || t("rematchAsked"));
  if (!s.rematchAsk || s.rematchAsk.seq !== s.env.seq) {
    s.rematchAsk = { seq: s.env.seq, names: api.show(m.rematch).then(r =>
      r.match.players.filter(pl => !pl.bot).map(pl => pl.name).join(", ")) };
  }
  s.rematchAsk.names.then(names => {
    if (!names) return;
    s.rematchNames = t("rematchWaiting", { names });
    p.textContent = s.rematchNames;
  }).catch(() => { /* the short notice stays */ });
  return p;
}

// go opens a page of the client as its own links do (main.js routes on popstate): importing main.js
// here would make a cycle of modules.
function go(path) {
  history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}
