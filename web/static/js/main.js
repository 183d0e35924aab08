// Entry point: the header (language switch), the router (/ is the lobby, /m/ID a match, /m/ID/replay
// its replay) and the lobby.

import { api, seats } from "./api.js";
import { t, languages, languageNames, pickLanguage, setLanguage, lang } from "./i18n.js";
import { showMatch } from "./play.js";
import { showReplay } from "./replay.js";
import { h } from "./dom.js";

let teardown = null;

export function navigate(path) {
  history.pushState(null, "", path);
  route();
}

function header() {
  const sel = h("select", { id: "lang", "aria-label": t("language"),
    onchange: (e) => { setLanguage(e.target.value, true); route(); } },
  Object.keys(languages).map(l => h("option", { value: l, selected: l === lang() }, languageNames[l])));
  return h("header", { class: "top" },
    h("a", { href: "/", class: "brand", onclick: (e) => { e.preventDefault(); navigate("/"); } }, t("title")),
    h("span", { class: "tagline" }, t("tagline")),
    h("label", { class: "langpick" }, t("language") + " ", sel));
}

export function route() {
  if (teardown) { teardown(); teardown = null; }
  const app = document.getElementById("app");
  const main = h("main", { id: "screen" });
  app.replaceChildren(header(), main);
  const m = location.pathname.match(/^\/m\/([A-Za-z0-9_-]+)(\/replay)?\/?$/);
  if (m && m[2]) teardown = showReplay(main, m[1]);
  else if (m) teardown = showMatch(main, m[1]);
  else teardown = showLobby(main);
}

function presetOptions(preset, side) {
  const o = { preset };
  if (side) o.side = side;
  return o;
}

function showLobby(main) {
  const err = h("p", { class: "error", role: "alert" });
  const savedName = localStorage.getItem("surveyor.name") || "";
  const form = h("form", { id: "create-form", class: "panel" },
    h("h2", {}, t("newGame")),
    h("label", {}, t("yourName"), h("input", { id: "name", name: "name", required: true, maxlength: 32, value: savedName, autocomplete: "nickname" })),
    h("label", {}, t("preset"), h("select", { id: "preset", name: "preset" },
      h("option", { value: "cartographers" }, t("presetCartographers")),
      h("option", { value: "heroes" }, t("presetHeroes")),
      h("option", { value: "both" }, t("presetBoth")))),
    h("label", {}, t("side"), h("select", { id: "side", name: "side" },
      h("option", { value: "" }, t("sideDefault")), ["A", "B", "C", "D"].map(s => h("option", { value: s }, s)))),
    h("fieldset", {}, h("legend", {}, t("mode")),
      h("label", { class: "inline" }, h("input", { type: "radio", name: "mode", value: "solo", id: "mode-solo", checked: true }), t("solo")),
      h("label", { class: "inline" }, h("input", { type: "radio", name: "mode", value: "others", id: "mode-others" }), t("withOthers")),
      h("label", { class: "inline" }, t("seats"), h("input", { type: "number", id: "seats", name: "seats", min: 2, max: 100, value: 2 }))),
    h("fieldset", {}, h("legend", {}, t("clock")),
      h("select", { id: "clock", name: "clock" },
        h("option", { value: "" }, t("clockNone")), h("option", { value: "move" }, t("clockMove")),
        h("option", { value: "game" }, t("clockGame"))),
      h("label", { class: "inline" }, h("input", { type: "number", id: "clock-seconds", name: "seconds", min: 10, value: 120 }), t("seconds"))),
    h("button", { type: "submit", id: "create", class: "primary" }, t("create")),
    err);
  // The number of seats matters only when playing with others.
  const seatsField = form.querySelector("#seats");
  const syncSeats = () => { seatsField.disabled = form.querySelector("#mode-solo").checked; };
  form.addEventListener("change", syncSeats);
  syncSeats();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    const f = new FormData(form);
    const name = String(f.get("name") || "").trim();
    localStorage.setItem("surveyor.name", name);
    const solo = f.get("mode") === "solo";
    const req = { game: "cartographers", name, options: presetOptions(f.get("preset"), f.get("side")),
      maxSeats: solo ? 1 : Math.max(2, Number(seatsField.value) || 2) };
    if (f.get("clock")) req.clock = { mode: f.get("clock"), seconds: Number(f.get("seconds")) || 120 };
    try {
      const r = await api.create(req);
      seats.set(r.id, { token: r.token, seat: r.seat, name });
      if (solo) await api.start(r.id, r.token);
      navigate("/m/" + r.id);
    } catch (ex) { err.textContent = ex.message; }
  });

  const lists = h("div", { class: "lists" });
  main.replaceChildren(h("div", { class: "lobby" }, form, lists));
  let stop = false;
  const refresh = async () => {
    try {
      const [open, playing, finished] = await Promise.all(["open", "playing", "finished"].map(s => api.lobby(s)));
      lists.replaceChildren(
        gameList(t("openGames"), open.matches, "open"),
        gameList(t("runningGames"), playing.matches, "playing"),
        gameList(t("finishedGames"), finished.matches, "finished"));
    } catch (ex) { lists.replaceChildren(h("p", { class: "error" }, ex.message)); }
  };
  refresh();
  const timer = setInterval(() => { if (!stop) refresh(); }, 5000);
  return () => { stop = true; clearInterval(timer); };
}

function gameList(title, matches, status) {
  const items = matches.filter(m => m.game === "cartographers").map(m => {
    const s = m.summary || {};
    const players = (s.players || []).join(", ") || t("noOne");
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
    const preset = { cartographers: "presetCartographers", heroes: "presetHeroes", both: "presetBoth" }[o.preset];
    const content = preset ? `${t(preset)}${o.side ? ` · ${t("side")} ${o.side}` : ""}` : "";
    return h("li", { "data-match": m.id },
      h("span", {}, `${players} (${(s.players || []).length}/${s.maxSeats || "?"})`),
      content ? h("span", { class: "muted", "data-content": m.id }, content) : null, ...actions);
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
