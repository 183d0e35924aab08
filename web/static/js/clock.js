// The match's clock as the status line shows it: whose time runs and how much is left. A game's table puts
// clockChip in its status line; the match shell (match.js) ticks it every second.

import { h } from "./dom.js";
import { t, duration } from "./i18n.js";

// clockChip is the clock's place in a status line, filled at once.
export function clockChip(s) {
  const c = h("span", { class: "clock", id: "clock" });
  fill(c, s);
  return c;
}

// updateClock refreshes the clock on the page, if any.
export function updateClock(s) {
  const c = document.getElementById("clock");
  if (c) fill(c, s);
}

// fill shows every clock that runs (the viewer's first): in a simultaneous game everyone's runs at once,
// and a game clock's players who are not acting keep their time in the bank.
function fill(c, s) {
  if (!s.env || !s.env.match.clock) return;
  const m = s.env.match, mine = s.env.you ? s.env.you.seat : -1;
  const players = [...m.players].sort((a, b) => (b.seat === mine) - (a.seat === mine) || a.seat - b.seat);
  const parts = [];
  for (const p of players) {
    if (p.deadline) parts.push(`${p.name} ${left(new Date(p.deadline) - Date.now())}`);
    else if (m.clock.mode === "game" && p.bank_ms != null && !(m.status === "finished")) parts.push(`${p.name} ${left(p.bank_ms)} ⏸`);
  }
  c.textContent = parts.length ? `${t("clock")}: ${parts.join(" · ")}` : "";
}

// left is a time left as a clock reads: minutes and seconds under an hour, else in days, hours, minutes.
function left(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 3600 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : duration(s * 1000);
}
