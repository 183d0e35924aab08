// The match's clock as the status line shows it: whose time runs and how much is left. A game's table puts
// clockChip in its status line; the match shell (match.js) ticks it every second.

import { h } from "./dom.js";
import { t } from "./i18n.js";

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

// fill shows the viewer's own time when it runs, else that of whoever's time runs.
function fill(c, s) {
  if (!s.env || !s.env.match.clock) return;
  const me = s.env.you ? s.env.match.players.find(p => p.seat === s.env.you.seat) : null;
  const p = me && me.deadline ? me : s.env.match.players.find(p => p.deadline);
  if (!p) { c.textContent = ""; return; }
  const left = Math.max(0, Math.round((new Date(p.deadline) - Date.now()) / 1000));
  c.textContent = `${t("clock")}: ${p.name} ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}
