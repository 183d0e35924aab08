// The story of a replayed game: the engine's narrative so far (the record tells it; the server sends it
// with every replay step), each event told in the page's language by the game's folder (its tell), the
// events of the step shown outlined. Events the game's folder does not tell are shown in the engine's English.

import { h } from "./dom.js";
import { t } from "./i18n.js";

// storyPanel lists the story up to a step, the step's own events outlined and the newest in view; tell(e,
// match) is the game's telling of one event ("" or undefined: the engine's text).
export function storyPanel(narrative, step, match, tell) {
  return h("div", { class: "panel story", id: "replay-story" }, h("h3", {}, t("story")), storyList(narrative, step, match, tell));
}

// storyList is the story as a list, scrolled (the list, not the page) so that the step's last event is the
// last line in view.
export function storyList(narrative, step, match, tell) {
  const items = (narrative || []).map(e => h("li", { class: e.after === step ? "now" : "", "data-kind": e.kind },
    (tell && tell(e, match)) || e.text));
  const list = h("ol", { class: "story-list" }, ...items);
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const now = [...list.querySelectorAll("li.now")].pop() || list.lastElementChild;
    if (now) list.scrollTop = now.offsetTop + now.offsetHeight - list.clientHeight + 4;
  }));
  return list;
}
