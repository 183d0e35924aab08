// Motion that explains: points travel from what scored them to the score they join, so that a player sees
// where a score comes from. Nothing moves for those who ask for less motion: the score tables and the
// lists of events say the same in words.

import { h } from "./dom.js";

export const calm = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

// rectOf is the rectangle of the screen the given elements cover together (null when none is shown).
export function rectOf(nodes) {
  let box = null;
  for (const n of nodes) {
    if (!n) continue;
    const r = n.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    box = box ? { left: Math.min(box.left, r.left), top: Math.min(box.top, r.top), right: Math.max(box.right, r.right),
      bottom: Math.max(box.bottom, r.bottom) } : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  }
  return box && { ...box, width: box.right - box.left, height: box.bottom - box.top };
}

// flyPoints sends text ("+4") from a rectangle of the screen to the element toSel names, after delay ms;
// the score there gives a small bump as the points land. It returns the flying element, or null when
// motion is reduced or an end is not on the screen.
export function flyPoints(text, from, toSel, attrs = {}, delay = 0) {
  const to = document.querySelector(toSel);
  if (calm() || !from || !to) return null;
  const end = to.getBoundingClientRect();
  if (!end.width) return null;
  const chip = h("span", { class: "fly-points" + (text.startsWith("-") || text.startsWith("−") ? " minus" : ""), "aria-hidden": "true", ...attrs }, text);
  document.body.append(chip);
  const w = chip.offsetWidth, ht = chip.offsetHeight;
  const x0 = from.left + from.width / 2 - w / 2, y0 = from.top + from.height / 2 - ht / 2;
  const dx = end.left + end.width / 2 - w / 2 - x0, dy = end.top + end.height / 2 - ht / 2 - y0;
  Object.assign(chip.style, { left: `${x0}px`, top: `${y0}px` });
  const anim = chip.animate([
    { transform: "translate(0, 0) scale(.6)", opacity: 0 },
    { transform: "translate(0, -16px) scale(1.2)", opacity: 1, offset: 0.2 },
    { transform: "translate(0, -16px) scale(1.2)", opacity: 1, offset: 0.35 },
    { transform: `translate(${dx}px, ${dy}px) scale(.9)`, opacity: 1, offset: 0.9 },
    { transform: `translate(${dx}px, ${dy}px) scale(.6)`, opacity: 0 },
  ], { duration: 1500, delay, easing: "ease-in-out", fill: "both" });
  anim.onfinish = () => {
    chip.remove();
    // The table may have been drawn again meanwhile: the score is looked up anew.
    const now = document.querySelector(toSel);
    if (now) { now.classList.remove("score-bump"); void now.offsetWidth; now.classList.add("score-bump"); }
  };
  return chip;
}
