// Resigning, claiming victory and how a game ended early, the same for every game: a panel in the table's
// side column (Resign, with a dialog to confirm it; Claim victory once everyone else is gone), and above
// the table the outcome of a game that a resignation or a claim ended (its own rules never did: the game's
// final panel is not there).

import { api, APIError } from "./api.js";
import { h, focusOnKeyUp } from "./dom.js";
import { modal } from "./ui.js";
import { endLinks } from "./rematch.js";
import { t, refusalText } from "./i18n.js";

// endActions adds the panel and the outcome to a table drawn in main.
export function endActions(main, s, token, accept) {
  const m = s.env.match, you = s.env.you;
  if (m.ended) main.prepend(endedPanel(s, token));
  const side = main.querySelector(".side-col");
  if (!side || m.status !== "playing") return;
  const resigned = m.players.filter(p => p.resigned);
  const me = you ? m.players.find(p => p.seat === you.seat) : null;
  const panel = h("section", { class: "panel match-actions", id: "match-actions" },
    resigned.map(p => h("p", { class: "muted small resigned-line", "data-seat": p.seat },
      me && p.seat === me.seat ? t("youResigned") : t("playerResigned", { name: p.name }))));
  if (me && !me.resigned) {
    if (claimable(m, me.seat, s)) {
      panel.append(h("p", { class: "small", id: "claim-why" }, t("claimWhy")),
        h("button", { type: "button", class: "primary", id: "claim", onclick: () => act(s, () => api.claimVictory(m.id, token()), accept) }, t("claim")));
    }
    panel.append(h("button", { type: "button", class: "danger", id: "resign", onclick: () => confirmResign(s, token, accept) }, t("resign")));
  }
  if (s.actError) panel.append(h("p", { class: "error", role: "alert" }, s.actError));
  if (panel.childElementCount) side.append(panel);
}

// decidesNothing tells whether the viewer has nothing left to decide although the game's own view may
// still ask: the game ended early, or the viewer's seat resigned and the server plays it.
export function decidesNothing(env) {
  const m = env.match, you = env.you;
  return !!m.ended || !!(you && (m.players.find(p => p.seat === you.seat) || {}).resigned);
}

// act sends a resignation or a claim and shows the match it answers with, or the refusal.
async function act(s, send, accept) {
  try {
    s.actError = "";
    accept(await send());
  } catch (ex) {
    s.actError = ex instanceof APIError ? refusalText(ex) : String(ex);
    s.render();
  }
}

// confirmResign asks first, saying what resigning does at this table. Keep playing is the dialog's
// primary button (Enter and Escape press it): resigning takes a deliberate click.
function confirmResign(s, token, accept) {
  if (document.getElementById("resign-modal")) return;
  const m = s.env.match;
  const active = m.players.filter(p => !p.resigned).length;
  const what = m.players.length === 1 ? t("resignSolo") : active <= 2 ? t("resignTwo") : t("resignMany");
  const keep = h("button", { type: "button", class: "primary", id: "resign-cancel", onclick: () => box.remove() }, t("keepPlaying"));
  const yes = h("button", { type: "button", class: "danger", id: "resign-confirm", onclick: () => {
    box.remove();
    act(s, () => api.resign(m.id, token(), s.env.you.seat), accept);
  } }, t("resignYes"));
  const box = modal("resign-modal", t("resignTitle"), h("p", { id: "resign-what" }, what), [keep, yes]);
  document.body.append(box);
  focusOnKeyUp(keep, { preventScroll: true });
}

// claimable tells whether seat may claim victory now: every other seat has resigned or is gone (its clock
// ran out and it has not played since, for a clock length more: gone_from). A claim that will become
// possible redraws the table at that moment.
function claimable(m, seat, s) {
  if (!m.clock) return false;
  const others = m.players.filter(p => p.seat !== seat && !p.resigned);
  if (!others.length || others.some(p => p.bot || !p.gone_from)) return false;
  const at = Math.max(...others.map(p => Date.parse(p.gone_from)));
  const wait = at - Date.now();
  if (wait <= 0) return true;
  clearTimeout(s.claimTimer);
  s.claimTimer = setTimeout(() => s.render(), Math.min(wait + 500, 2 ** 31 - 1));
  return false;
}

// endedPanel tells how a game ended early and the standings: those who stayed, then those gone, then those
// who resigned.
function endedPanel(s, token) {
  const m = s.env.match;
  const r = m.result || { ranks: [], scores: [] };
  const names = (ps) => ps.map(p => p.name).join(", ");
  const first = m.players.filter(p => r.ranks[p.seat] === 1);
  const said = m.ended === "abandoned" ? t("endedAbandoned")
    : m.ended === "claimed" ? t("endedClaimed", { name: names(first) })
    : t("endedResigned", { name: names(m.players.filter(p => p.resigned)) });
  const order = [...m.players].sort((a, b) => (r.ranks[a.seat] || 0) - (r.ranks[b.seat] || 0));
  return h("section", { class: "panel final-panel", id: "ended", "data-ended": m.ended },
    h("h2", {}, t("gameOver")), h("p", { id: "ended-why" }, said),
    m.players.length > 1 ? h("ul", { class: "standings", id: "standings" }, order.map(p => h("li", { "data-seat": p.seat, "data-rank": r.ranks[p.seat] },
      h("strong", {}, `${r.ranks[p.seat]}. `), p.name, ` · ★ ${r.scores[p.seat] ?? 0}`,
      p.resigned ? h("span", { class: "muted" }, ` (${t("resignedTag")})`) : null))) : null,
    // The record, the replay, the lobby and a rematch, as at any game's end.
    ...endLinks(s, token));
}

// leaveButton is the waiting room's Leave for a seated player who is not the host: the seat is freed and
// this browser forgets it.
export function leaveButton(s, token, accept, err, forget) {
  return h("button", { type: "button", id: "leave-table", onclick: async () => {
    if (!confirm(t("leaveTableSure"))) return;
    try {
      const env = await api.leave(s.env.match.id, token());
      forget();
      accept(env);
    } catch (ex) { err.textContent = refusalText(ex); }
  } }, t("leaveTable"));
}
