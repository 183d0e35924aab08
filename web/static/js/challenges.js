// The daily and weekly challenges (docs/api.md, "Challenges"): the lobby's "Today's challenges", each
// challenge's leaderboard (/challenge/ID, shown once one's own ranked attempt is over) with the text to
// share, and the archive of past challenges, played as practice.

import { api, seats } from "./api.js";
import { t, plural, titleName, refusalText, duration, number, date } from "./i18n.js";
import { h } from "./dom.js";
import { gameName } from "./games.js";
import { sharePicture } from "./picture.js";

// what says in a line what a challenge is played with: the map side, or the bot and the Land Surveyors.
function what(c) {
  const o = c.options || {};
  if (c.game === "carcassonne") return t("challengeVsBot");
  return t("challengeSide", { side: o.side || "" }) + (o.heroes ? " · " + t("challengeHeroes") : "");
}

// title is a challenge's name: the game and its period (and its day, for one of the archive).
function title(c, withDay) {
  return t(c.period === "weekly" ? "challengeWeekly" : "challengeDaily", { game: gameName(c.game) }) +
    (withDay ? " · " + utcDay(c.starts_at) : "");
}

// utcDay writes the UTC day a challenge starts on (its midnight, UTC): read at noon, so that no time zone
// moves it to the day before or after.
function utcDay(midnight) { return date(Date.parse(midnight) + 12 * 3600 * 1000); }

// start begins an attempt and opens its table; the seat is kept as any other this browser holds.
async function start(c, body, nameOf, navigate, err) {
  err.textContent = "";
  try {
    // A guest's seat name: the lobby's, else "Guest" in the page's language (a signed-in player sits
    // under the account's name whatever is sent).
    const name = nameOf() || t("challengeGuest");
    const r = await api.challengeAttempt(c.id, { ...body, name });
    seats.set(r.id, { token: r.token, seat: r.seat, name });
    navigate("/m/" + r.id);
  } catch (ex) { err.textContent = refusalText(ex); }
}

// status is what the player did at a challenge, when signed in.
function status(c) {
  const r = c.you && c.you.ranked;
  if (!c.you) return t("challengeSignIn");
  if (!r) return t("challengeNotPlayed");
  if (!r.finished) return t("challengeInPlay");
  if (r.abandoned) return t("challengeAbandoned");
  return t("challengeYourScore", { score: number(r.score) });
}

// challengesPanel is the lobby's card of the challenges running now; hidden on a server without them.
// onAnswer is called once the answer, or the refusal, is in.
export function challengesPanel(navigate, nameOf, onAnswer = () => {}) {
  const list = h("div", { class: "challenge-list" });
  const err = h("p", { class: "error", role: "alert" });
  const panel = h("section", { id: "challenges", class: "panel challenges-panel", hidden: true },
    h("h2", {}, t("challengesToday")), list, err,
    h("p", { class: "muted" }, h("a", { href: "/challenges/archive", id: "challenge-archive-link",
      onclick: (e) => { e.preventDefault(); navigate("/challenges/archive"); } }, t("challengeArchive"))));
  api.challenges(false).then(r => {
    const now = Date.parse(r.now) || Date.now();
    list.replaceChildren(...(r.challenges || []).map(c => {
      const ranked = c.you && !c.you.ranked;
      const done = c.you && c.you.ranked && c.you.ranked.finished;
      return h("div", { class: "challenge", "data-challenge": c.id },
        h("h3", {}, title(c)),
        h("p", { class: "muted" }, what(c), " · ", t("challengeEnds", { time: duration(Date.parse(c.ends_at) - now) })),
        h("p", { class: "challenge-status" }, status(c)),
        h("p", { class: "row" },
          h("button", { type: "button", class: ranked ? "primary challenge-play" : "challenge-play",
            onclick: () => start(c, {}, nameOf, navigate, err) }, t(ranked ? "challengePlayRanked" : "challengePractice")),
          done ? h("a", { href: `/challenge/${c.id}`, class: "challenge-board-link",
            onclick: (e) => { e.preventDefault(); navigate(`/challenge/${c.id}`); } }, t("leaderboard")) : null,
          done ? h("a", { href: `/m/${c.you.ranked.match}/replay?analyse=1`, class: "challenge-review-link" }, t("challengeReview")) : null));
    }));
    panel.hidden = !(r.challenges || []).length;
  }).catch(() => { panel.hidden = true; }) // no accounts, no challenges
    .finally(onAnswer);
  return panel;
}

// showChallengeBoard is a challenge's leaderboard with the text to share, or why it is hidden yet.
// challengeTitle names a challenge by its id, which says its game, its period and its first day (docs/api.md,
// "Challenges"): "Cartographers · daily challenge · Nov 29, 2026".
export function challengeTitle(id) {
  const [, game, period, day] = id.match(/^([a-z]+)-([a-z]+)-(\d{4}-\d{2}-\d{2})$/) || [];
  return game ? `${title({ game, period }, false)} · ${utcDay(day + "T00:00:00Z")}` : id;
}

// shareText is the result to share in the page's language (the server's text is English): the
// challenge, the score, the title, practice or not, the streak; nothing of the deck.
function shareText(id, s) {
  const game = (id.match(/^([a-z]+)-/) || [])[1];
  let text = "Surveyor · " + t("labelled", { label: challengeTitle(id),
    text: plural(game === "carcassonne" ? "shareScorePoints" : "shareScoreStars", s.score, { n: number(s.score) }) });
  if (s.title) text += ` — ${titleName(s.title)}`;
  if (!s.ranked) text += ` (${t("sharePractice")})`;
  if (s.streak > 1) text += ` · ${plural("shareStreak", s.streak, { n: s.streak })}`;
  return text;
}

// copyButton copies a text, and says so beside it.
function copyButton(said, id) {
  const copied = h("span", { class: "muted", role: "status" });
  return [h("button", { type: "button", id, onclick: () => {
    navigator.clipboard.writeText(said).then(() => { copied.textContent = t("challengeCopied"); }).catch(() => {});
  } }, t("challengeCopy")), " ", copied];
}

// attemptShare is, under a finished challenge attempt's end screen, the result to share: the text and
// the end screen's picture (the sheet or the board: svgOf), handed to the device's share sheet where it
// takes files, else saved. Only for the attempt the text is about (the ranked one, else the best
// practice); nothing for a guest, whose result has no text to share.
export function attemptShare(m, svgOf) {
  const section = h("section", { class: "challenge-share", id: "attempt-share", hidden: true });
  // The score is recorded as the match ends: an end screen drawn at that moment may ask a little early.
  const ask = (tries) => api.challengeShare(m.challenge).catch(e => {
    if (e.code !== "challenge_unfinished" || tries <= 0) throw e;
    return new Promise(ok => setTimeout(ok, 1000)).then(() => ask(tries - 1));
  });
  ask(5).then(s => {
    if (s.match !== m.id) return;
    const said = shareText(m.challenge, s), note = h("span", { class: "muted", role: "status", id: "share-picture-note" });
    const picture = svgOf() ? h("button", { type: "button", id: "share-picture", onclick: () => {
      const svg = svgOf();
      if (!svg) return;
      sharePicture(svg, `surveyor-${m.challenge}`, said).then(how => {
        note.textContent = how === "shared" ? t("challengeShared") : how === "saved" ? t("challengePictureSaved") : "";
      }).catch(() => {});
    } }, t("challengeSharePicture")) : null;
    section.replaceChildren(h("h3", {}, t("challengeShare")), h("p", { class: "share-text", id: "attempt-share-text" }, said),
      h("p", { class: "row" }, ...copyButton(said, "attempt-share-copy"), " ", picture, " ", note));
    section.hidden = false;
  }).catch(() => {}); // a guest, or nothing finished to share
  return section;
}

export function showChallengeBoard(main, id) {
  const named = `${t("leaderboard")} · ${challengeTitle(id)}`;
  const section = h("section", { class: "panel", id: "challenge-board" }, h("h2", {}, named));
  main.replaceChildren(section);
  api.challengeBoard(id).then(r => {
    const rows = (r.entries || []).map(e => h("tr", { "data-rank": e.rank, class: e.you ? "you" : "" },
      h("td", {}, String(e.rank)), h("td", {}, h("a", { href: `/u/${encodeURIComponent(e.name)}` }, e.name)),
      h("td", { class: "num" }, e.abandoned ? t("challengeAbandonedMark") : number(e.score))));
    // One's own finished ranked attempt, to review: its replay with the analysis, started at once.
    const mine = r.you && r.you.ranked && r.you.ranked.finished ? r.you.ranked.match : "";
    section.append(
      rows.length ? h("table", { class: "ranking" },
        h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("player")), h("th", {}, t("score"))), ...rows)
        : h("p", { class: "muted" }, t("challengeNoneYet")),
      mine ? h("p", {}, h("a", { href: `/m/${mine}/replay?analyse=1`, class: "button", id: "challenge-review" }, t("challengeReview"))) : "");
    return api.challengeShare(id).then(s => {
      const said = shareText(id, s);
      const text = h("p", { class: "share-text", id: "challenge-share-text" }, said);
      // The picture is the end screen's (the attempt's own page), where the sheet or board is drawn.
      section.append(h("h3", {}, t("challengeShare")), text, h("p", { class: "row" }, ...copyButton(said, "challenge-share"), " ",
        s.match ? h("a", { href: `/m/${s.match}`, class: "button", id: "challenge-picture-link" }, t("challengeSharePicture")) : ""));
    }).catch(() => {}) // nothing finished to share (the board is open to all once the challenge ended)
      .then(() => section.append(h("p", { class: "muted", id: "challenge-board-links" }, h("a", { href: "/" }, t("lobby")), " · ",
        h("a", { href: "/challenges/archive" }, t("challengeArchive")))));
  }).catch(e => section.append(h("p", { class: e.code === "challenge_unfinished" ? "board-hidden" : "error", id: "challenge-board-hidden" },
    refusalText(e)), h("p", {}, h("a", { href: "/" }, t("lobby")))));
}

// showChallengeArchive lists the past challenges, each playable as practice.
export function showChallengeArchive(main, navigate, nameOf) {
  const err = h("p", { class: "error", role: "alert" });
  const section = h("section", { class: "panel", id: "challenge-archive" }, h("h2", {}, t("challengeArchive")), err);
  main.replaceChildren(section);
  api.challenges(true).then(r => {
    section.append(h("table", { class: "ranking" }, ...(r.challenges || []).map(c => h("tr", { "data-challenge": c.id },
      h("td", {}, title(c, true)), h("td", { class: "muted" }, what(c)),
      h("td", {}, h("button", { type: "button", onclick: () => start(c, {}, nameOf, navigate, err) }, t("challengePractice"))),
      h("td", {}, h("a", { href: `/challenge/${c.id}`, onclick: (e) => { e.preventDefault(); navigate(`/challenge/${c.id}`); } }, t("leaderboard")))))));
  }).catch(e => err.textContent = refusalText(e));
}
