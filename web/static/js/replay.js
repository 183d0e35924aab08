// The replay of a finished match, move by move, as a spectator saw it.

import { api } from "./api.js";
import { h } from "./dom.js";
import { drawSheet, highlight, cellName } from "./sheet.js";
import { parseMap } from "./shapes.js";
import { t, terrainName } from "./i18n.js";
import { carcReplay, boardWrap, applyZoom } from "./carcassonne.js";
import { scoreBox, cardFace, timeTrack, seasonCards, edictCards, opponents, finalPanel, playerName } from "./board.js";
import { storyPanel } from "./story.js";

export function showReplay(main, id) {
  let match = null, step = 0, steps = 0, closed = false, focus = 0;
  const load = async (n) => {
    try {
      if (!match) match = (await api.show(id)).match;
      const r = await api.replay(id, n);
      if (closed) return;
      step = r.step; steps = r.steps;
      draw(r);
    } catch (e) {
      main.replaceChildren(h("p", { class: "error" }, e.message), h("a", { href: "/", class: "button" }, t("backToLobby")));
    }
  };
  const draw = (r) => {
    if (match.game === "carcassonne") { drawCarc(r); return; }
    const v = r.view;
    const sheet = v.sheets[focus] || v.sheets[0];
    const svg = drawSheet(parseMap(sheet.map), { hits: sheet.hits, coins: sheet.coins });
    svg.id = "main-sheet";
    const nav = navBar();
    const moved = r.move ? h("p", { class: "muted", id: "replay-move" }, describe(match, r.move)) : null;
    // The last move's spaces are outlined on the mover's sheet (an ambush went on a neighbour's).
    if (r.move && r.move.move.type !== "ambush" && r.move.seat === sheet.seat) highlight(svg, r.move.move.cells || [], "hl");
    const side = h("section", { class: "side-col" }, h("div", { class: "panel" }, cardFace(v.current)),
      h("div", { class: "panel" }, timeTrack(v), seasonCards(v)),
      h("div", { class: "panel" }, h("h3", {}, t("edicts")), edictCards(v, () => svg)));
    const opp = opponents(v, match, sheet.seat, (s) => { focus = s.seat; draw(r); });
    if (opp) side.append(opp);
    side.append(storyPanel(r.narrative, step, match));
    main.replaceChildren(h("h2", {}, `${t("replayOf")} · ${id}`), nav, moved,
      v.over ? h("section", { class: "panel final-panel" }, finalPanel(v, match)) : null,
      h("div", { class: "table" }, h("section", { class: "sheet-col" }, h("h2", { class: "sheet-title" }, playerName(match, sheet.seat)),
        h("div", { class: "sheet-wrap" }, svg), scoreBox(v, sheet, false)), side));
  };
  const navBar = () => h("div", { class: "replay-nav", id: "replay-nav" },
    h("button", { type: "button", id: "replay-first", onclick: () => load(0) }, t("first")),
    h("button", { type: "button", id: "replay-prev", onclick: () => load(Math.max(0, step - 1)) }, t("prev")),
    h("input", { type: "range", min: 0, max: steps, value: step, "aria-label": t("step", { n: step, total: steps }),
      onchange: (e) => load(Number(e.target.value)) }),
    h("button", { type: "button", id: "replay-next", onclick: () => load(Math.min(steps, step + 1)) }, t("next")),
    h("button", { type: "button", id: "replay-last", onclick: () => load(steps) }, t("last")),
    h("span", { id: "replay-step" }, t("step", { n: step, total: steps })));
  const zoom = {}; // the Carcassonne board's zoom, kept from step to step
  const drawCarc = (r) => {
    const { svg, side, moved, final } = carcReplay(r.view, match, r.move);
    side.append(storyPanel(r.narrative, step, match));
    main.replaceChildren(h("h2", {}, `${t("replayOf")} · ${id}`), navBar(), moved, final,
      h("div", { class: "table carc" }, h("section", { class: "board-col" }, boardWrap(zoom, svg)), side));
    applyZoom(zoom, svg);
    svg.setAttribute("data-ready", "1");
  };
  const onKey = (e) => {
    if ((e.key === "+" || e.key === "=" || e.key === "-") && zoom.zoomBy) zoom.zoomBy(e.key === "-" ? 1 / 1.4 : 1.4);
    if (e.key === "ArrowLeft") load(Math.max(0, step - 1));
    if (e.key === "ArrowRight") load(Math.min(steps, step + 1));
  };
  document.addEventListener("keydown", onKey);
  load(0);
  return () => { closed = true; document.removeEventListener("keydown", onKey); };
}

// describe says what a recorded move did: who, what, which terrain, which spaces.
function describe(match, rm) {
  const m = rm.move;
  const what = { draw: m.terrain ? terrainName(m.terrain) : "", hero: terrainName("hero"), ambush: terrainName("monster"),
    gorgon: "Gorgon Gaze", troll: "Giant Troll Ravage" }[m.type] || m.type;
  const cells = (m.cells || []).map(([r, c]) => cellName(r, c)).join(" ");
  return `${playerName(match, rm.seat)}: ${what} ${cells}`;
}
