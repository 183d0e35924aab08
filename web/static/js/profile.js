// A player's profile (/u/NAME): ratings with their history drawn as a small chart, games played and won
// per game, finished games with their replays; and a game's leaderboard (/leaderboard/GAME), paged.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t, plural, date, titleName, botLevelName, refusalText, number, ratingText } from "./i18n.js";
import { gameName } from "./games.js";
import { socialBar } from "./social.js";
import { challengeTitle } from "./challenges.js";

const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attrs, ...kids) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  e.append(...kids);
  return e;
};
const fixed = (x) => number(Math.round(x * 10) / 10, 1);

// chart draws a rating's history (the rating after each rated game) as a line with its points.
function chart(points) {
  const w = 320, hgt = 120, pad = 34;
  const ys = points.map(p => p.rating);
  const lo = Math.min(1500, ...ys) - 10, hi = Math.max(1500, ...ys) + 10;
  const x = (i) => pad + (points.length < 2 ? (w - 2 * pad) / 2 : i * (w - 2 * pad) / (points.length - 1));
  const y = (v) => hgt - pad - (v - lo) * (hgt - 2 * pad) / (hi - lo);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const sign = (c) => (c > 0 ? "+" : c < 0 ? "−" : "±") + number(Math.abs(c));
  return svg("svg", { class: "rating-chart", viewBox: `0 0 ${w} ${hgt}`, role: "img", "aria-label": t("ratingHistory") },
    svg("line", { x1: pad, x2: w - pad, y1: y(1500), y2: y(1500), class: "axis" }),
    svg("text", { x: 2, y: y(hi) + 4, class: "tick" }, number(Math.round(hi))), svg("text", { x: 2, y: y(lo) + 4, class: "tick" }, number(Math.round(lo))),
    svg("path", { d: line, class: "line" }),
    ...points.map((p, i) => svg("circle", { cx: x(i), cy: y(p.rating), r: 3, class: "point" },
      svg("title", {}, `${date(p.at)}: ${sign(p.change)} → ${number(p.rating)}`))));
}

export function showProfile(main, name) {
  main.replaceChildren(h("p", {}, t("loading")));
  api.user(name).then(p => {
    const ratings = p.ratings.map(r => h("section", { class: "panel rating", "data-game": r.game },
      h("h3", {}, gameName(r.game)),
      // One number, "?" while provisional; the model's figures behind "Details".
      h("p", {}, h("strong", { class: "rating-value", title: r.provisional ? t("provisionalHint") : "" }, ratingText(r.rating, r.provisional)),
        r.provisional ? h("span", { class: "provisional muted" }, " " + t("provisional")) : null),
      h("details", { class: "rating-details" }, h("summary", {}, t("ratingDetails")),
        h("p", { class: "muted" }, plural("ratingDetail", r.games, { mu: fixed(r.mu), sigma: fixed(r.sigma) })),
        h("p", { class: "muted" }, t("ratingDetailOrdinal", { ordinal: fixed(r.ordinal) }))),
      chart(p.history[r.game] || []),
      h("p", {}, h("a", { href: `/leaderboard/${r.game}` }, t("leaderboard")))));
    const played = h("table", { class: "ranking", id: "played" },
      h("tr", {}, h("th", {}, t("whichGame")), h("th", {}, t("played")), h("th", {}, t("won"))),
      ...p.games.map(g => h("tr", {}, h("td", {}, gameName(g.game)), h("td", {}, String(g.played)), h("td", {}, String(g.won)))));
    const solo = p.solo && p.solo.length ? h("section", { class: "panel", id: "solo" }, h("h3", {}, t("soloStats")),
      h("table", { class: "ranking" },
        h("tr", {}, h("th", {}, t("whichGame")), h("th", {}, t("played")), h("th", {}, t("best")), h("th", {}, t("average")), h("th", {}, t("soloTitles"))),
        ...p.solo.map(s => h("tr", { "data-game": s.game }, h("td", {}, gameName(s.game)), h("td", {}, String(s.played)),
          h("td", { class: "best" }, String(s.best)), h("td", {}, fixed(s.mean)),
          h("td", { class: "titles" }, Object.entries(s.titles || {}).map(([k, n]) => `${titleName(k)} × ${n}`).join(", ")))))) : null;
    const finished = h("ul", { class: "games", id: "finished-games" }, ...p.finished.map(f =>
      h("li", {}, h("span", {}, gameName(f.game)), h("span", { class: "muted" }, date(f.created)),
        h("a", { href: `/m/${f.id}/replay`, class: "button" }, t("replay")))));
    main.replaceChildren(h("section", { class: "panel profile", id: "profile" },
      h("h2", {}, p.name), h("p", { class: "muted" }, t("joined", { date: date(p.joined) })),
      socialBar(p.name),
      // The daily challenges' streak: the days in a row with one finished (server/challenges).
      p.challenges && p.challenges.best_streak ? h("p", { id: "challenge-streak" },
        plural("challengeStreak", p.challenges.streak), " · ", plural("challengeBestStreak", p.challenges.best_streak)) : null,
      // The challenges finished lately, each leading to its board.
      p.challenges && p.challenges.finished.length ? h("p", { id: "challenges-finished", class: "muted" }, t("challengesFinished"), " ",
        ...p.challenges.finished.slice(0, 10).flatMap((id, i) => [i ? " · " : "", h("a", { href: `/challenge/${id}` }, challengeTitle(id))])) : null,
      p.ratings.length ? null : h("p", { class: "muted" }, t("noRatingYet"))),
    h("div", { class: "ratings" }, ...ratings),
    h("section", { class: "panel" }, h("h3", {}, t("gamesPlayed")), played),
    // replaceChildren writes a null as the text "null": a profile without solo games printed it.
    ...(solo ? [solo] : []),
    h("section", { class: "panel" }, h("h3", {}, t("finishedGames")), p.finished.length ? finished : h("p", { class: "muted" }, t("none"))));
  }).catch(e => {
    main.replaceChildren(h("p", { class: "error" }, e.status === 404 ? t("noSuchPlayer") : refusalText(e)), h("a", { href: "/", class: "button" }, t("backToLobby")));
  });
}

export function showLeaderboard(main, game) {
  const PAGE = 50;
  // Only the page asked for last is drawn: Next then Prev pressed before the first answer came would
  // otherwise show whichever answer came second.
  let asked = 0;
  const load = (offset) => { const mine = ++asked; return api.leaderboard(game, offset, PAGE).then(r => {
    if (mine !== asked) return;
    const rows = r.players.map(p => h("tr", { "data-rank": p.rank },
      h("td", {}, String(p.rank)), h("td", {}, h("a", { href: `/u/${encodeURIComponent(p.name)}` }, p.name)),
      h("td", { class: "num" }, ratingText(p.rating, p.provisional)), h("td", { class: "num" }, String(p.games)),
      h("td", {}, p.provisional ? t("provisional") : "")));
    main.replaceChildren(h("section", { class: "panel", id: "leaderboard" },
      h("h2", {}, `${t("leaderboard")} · ${gameName(game)}`),
      rows.length ? h("table", { class: "ranking" },
        h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("player")), h("th", {}, t("rating")), h("th", {}, t("played")), h("th", {}, "")), ...rows)
        : h("p", { class: "muted" }, t("noRatingYet")),
      h("p", { class: "row" },
        offset > 0 ? h("button", { type: "button", id: "board-prev", onclick: () => load(Math.max(0, offset - PAGE)) }, t("prev")) : null,
        rows.length === PAGE ? h("button", { type: "button", id: "board-next", onclick: () => load(offset + PAGE) }, t("next")) : null),
      // The bots keep fixed ratings: shown beside the people as marks of strength, not ranked among them.
      (r.bots || []).length ? h("div", { id: "board-bots" }, h("h3", {}, t("botRatings")),
        h("table", { class: "ranking" }, h("tr", {}, h("th", {}, t("botLevel")), h("th", {}, t("rating"))),
          ...r.bots.map(b => h("tr", { "data-bot": b.name }, h("td", {}, botLevelName(b.name)), h("td", { class: "num" }, number(b.rating))))),
        h("p", { class: "muted" }, t("botRatingsNote"))) : null));
  }).catch(e => { if (mine === asked) main.replaceChildren(h("p", { class: "error" }, refusalText(e))); }); };
  load(0);
}
