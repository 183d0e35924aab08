// The expansions' pictures, in the tiles' own style (flat colours, dark outlines, a few strokes): the
// Abbot's garden, the inn by its pond, the cathedral, the goods of the traders, the magic portal; and the
// figures, each told by its silhouette before its colour.

import { el } from "../dom.js";

const INK = "#4a2e1a";

// expansionDefs are the pictures tiles.js places with a use, each centred on the origin.
export function expansionDefs() {
  const glow = el("radialGradient", { id: "carc-portal-glow" },
    el("stop", { offset: "0", "stop-color": "#fff6ff" }), el("stop", { offset: "0.45", "stop-color": "#c58cff" }),
    el("stop", { offset: "1", "stop-color": "#6a2fc0", "stop-opacity": "0" }));
  // A walled garden: a clipped hedge round flower beds and two small trees, no building (the monastery has one).
  const garden = el("g", { id: "carc-garden" },
    el("rect", { x: -14, y: -12, width: 28, height: 24, rx: 6, fill: "#3f7a2a", stroke: "#24461a", "stroke-width": 1 }),
    el("rect", { x: -10.5, y: -8.5, width: 21, height: 17, rx: 3, fill: "#b9d889" }),
    el("path", { d: "M-8,-4.5H-1M-8,0H-1M-8,4.5H-1", stroke: "#8a5a2c", "stroke-width": 2.6, "stroke-linecap": "round" }),
    el("path", { d: "M-8,-4.5h1M-5.5,-4.5h1M-3,-4.5h1M-7,0h1M-4.5,0h1M-2,0h1M-8,4.5h1M-5.5,4.5h1M-3,4.5h1",
      stroke: "#f06a9a", "stroke-width": 1.8, "stroke-linecap": "round" }),
    el("path", { d: "M-7,-2.2h1M-4.5,-2.2h1M-6,2.2h1M-3.5,2.2h1", stroke: "#ffe066", "stroke-width": 1.5, "stroke-linecap": "round" }),
    el("path", { d: "M5.5,-1V3.5M5.5,5.5V8", stroke: "#6b4423", "stroke-width": 1.2 }),
    el("circle", { cx: 5.5, cy: -3.2, r: 4, fill: "#2e6b22", stroke: "#1c3f14", "stroke-width": 0.7 }),
    el("circle", { cx: 5.5, cy: 5.2, r: 2.6, fill: "#4f9a35", stroke: "#1c3f14", "stroke-width": 0.6 }),
    el("path", { d: "M-14,-1H-10.5M10.5,-1H14", stroke: "#d8c69a", "stroke-width": 2.4 }));
  // The inn: a long house with a timber front and a hanging sign, its pond on the right.
  const inn = el("g", { id: "carc-inn" },
    el("ellipse", { cx: 6.5, cy: 4, rx: 6.5, ry: 4.2, fill: "#5ea6d6", stroke: "#2f5f86", "stroke-width": 0.8 }),
    el("path", { d: "M3.5,3.5q1.5,-1 3,0M7,5.5q1.5,-1 3,0", stroke: "#e4f4ff", "stroke-width": 0.7, fill: "none" }),
    el("path", { d: "M-11,5V-1.5H1V5Z", fill: "#f1e4c4", stroke: INK, "stroke-width": 0.8 }),
    el("path", { d: "M-12.5,-0.8L-9,-6.5H-1L2.5,-0.8Z", fill: "#6e4a2a", stroke: INK, "stroke-width": 0.8, "stroke-linejoin": "round" }),
    el("path", { d: "M-11,1.5H1M-7,-1.5V5M-3,-1.5V5", stroke: INK, "stroke-width": 0.6 }),
    el("path", { d: "M-5.9,5V2.6H-4.1V5Z", fill: INK }),
    el("path", { d: "M1,0.5H3.6V1.2", stroke: INK, "stroke-width": 0.6, fill: "none" }),
    el("rect", { x: 2.3, y: 1.2, width: 2.6, height: 2.2, fill: "#f2c230", stroke: INK, "stroke-width": 0.5 }));
  // The cathedral: a nave between two towers with spires, a rose window and a great door, in pale stone.
  const cathedral = el("g", { id: "carc-cathedral" },
    el("path", { d: "M-9,14V-2L0,-9L9,-2V14Z", fill: "#ece3cc", stroke: INK, "stroke-width": 1 }),
    el("path", { d: "M-16,14V-8H-9V14ZM9,14V-8H16V14Z", fill: "#dcd0b2", stroke: INK, "stroke-width": 1 }),
    el("path", { d: "M-17,-7.5L-12.5,-22L-8,-7.5ZM8,-7.5L12.5,-22L17,-7.5Z", fill: "#55667c", stroke: INK, "stroke-width": 1, "stroke-linejoin": "round" }),
    el("path", { d: "M-12.5,-22V-25.5M-14,-24H-11M12.5,-22V-25.5M11,-24H14", stroke: "#2b1a10", "stroke-width": 1 }),
    el("circle", { cx: 0, cy: 1, r: 3.6, fill: "#3f6fb8", stroke: INK, "stroke-width": 0.8 }),
    el("path", { d: "M0,-2.6V4.6M-3.6,1H3.6", stroke: "#f2c230", "stroke-width": 0.6 }),
    el("path", { d: "M-3.5,14V9.5a3.5,3.5 0 0 1 7,0V14Z", fill: INK }),
    el("path", { d: "M-13.8,-2V2M-11.2,-2V2M11.2,-2V2M13.8,-2V2", stroke: INK, "stroke-width": 1.2 }));
  // The goods, each on a pale round token that reads on the city's colour.
  const token = () => el("circle", { r: 6.6, fill: "#f6eed6", stroke: INK, "stroke-width": 0.9 });
  const wine = el("g", { id: "carc-wine" }, token(),
    el("path", { d: "M0,-3.5C1,-5 2.5,-5.5 4,-5", stroke: "#3f7a2a", "stroke-width": 1, fill: "none" }),
    ...[[-2.2, -2], [0.4, -2], [3, -2], [-0.9, 0.4], [1.7, 0.4], [0.4, 2.8]].map(([cx, cy]) =>
      el("circle", { cx: cx - 0.4, cy, r: 1.45, fill: "#7b2d6e", stroke: "#3d1236", "stroke-width": 0.4 })));
  const grain = el("g", { id: "carc-grain" }, token(),
    el("path", { d: "M0,4.5V-3M0,4.5L-3,-2.5M0,4.5L3,-2.5", stroke: "#a27a12", "stroke-width": 0.8 }),
    el("path", { d: "M0,-5.2a1,2 0 1 0 0.01,0ZM-3.3,-4.5a1,2 0 1 0 0.01,0ZM3.3,-4.5a1,2 0 1 0 0.01,0Z", fill: "#e0b52b", stroke: "#8a6510", "stroke-width": 0.4 }),
    el("path", { d: "M-1.8,1.6H1.8", stroke: "#8a5a2c", "stroke-width": 1.3 }));
  const cloth = el("g", { id: "carc-cloth" }, token(),
    el("path", { d: "M-4.5,-2.5H2.5V3.5H-4.5Z", fill: "#3a73c4", stroke: "#1d3d6e", "stroke-width": 0.6 }),
    el("ellipse", { cx: 2.5, cy: 0.5, rx: 1.6, ry: 3, fill: "#6d9be0", stroke: "#1d3d6e", "stroke-width": 0.6 }),
    el("path", { d: "M2.5,3.5C4,5 5,4 5.4,2.2", stroke: "#3a73c4", "stroke-width": 1.2, fill: "none" }),
    el("path", { d: "M-4.5,0.5H2.5", stroke: "#bcd3f5", "stroke-width": 0.5 }));
  // The magic portal: a stone arch full of violet light, a few sparks about it.
  const portal = el("g", { id: "carc-portal" },
    el("circle", { cx: 0, cy: -1, r: 13, fill: "url(#carc-portal-glow)", opacity: 0.85 }),
    el("path", { d: "M-8,9V-2a8,8 0 0 1 16,0V9H4.5V-2a4.5,4.5 0 0 0 -9,0V9Z", fill: "#9a8f86", stroke: "#3a3036", "stroke-width": 0.9 }),
    el("path", { d: "M-4.5,9V-2a4.5,4.5 0 0 1 9,0V9Z", fill: "#b98cff" }),
    el("path", { d: "M-2.5,8V-1.5a2.5,2.5 0 0 1 5,0V8Z", fill: "#f4e9ff" }),
    el("path", { d: "M-10,-9l1,2l2,1l-2,1l-1,2l-1,-2l-2,-1l2,-1ZM10,-11l.8,1.6l1.6,.8l-1.6,.8l-.8,1.6l-.8,-1.6l-1.6,-.8l1.6,-.8Z", fill: "#fff3a8" }));
  // The sixth seat's mark (Inns & Cathedrals), after the five of tiles.js: small crosses.
  const mark5 = el("pattern", { id: "carc-mark-5", width: 6, height: 6, patternUnits: "userSpaceOnUse" },
    el("path", { d: "M1,1L4,4M4,1L1,4", stroke: "#fff", "stroke-width": 1, opacity: 0.7 }));
  return [glow, garden, inn, cathedral, wine, grain, cloth, portal, mark5];
}

// FIGURES are the silhouettes of the figures other than the plain meeple, in the meeple's frame (middle
// at the origin, standing on y = 13.6): scale is their size against a meeple; lies says a figure lies down
// in a field, as a farmer; detail is drawn over the body in a darker ink (a face in a hood, a hat's band).
const MEEPLE = "M0,-12c2.8,0 4.6,2 4.6,4.4c0,1.3 -0.5,2.3 -1.2,3l7.2,2.6c1.6,0.6 2,2.8 0.6,3.6l-5.6,1.8l4.2,8.6" +
  "c0.4,0.9 -0.2,1.6 -1.2,1.6h-4.4l-4.2,-6l-4.2,6h-4.4c-1,0 -1.6,-0.7 -1.2,-1.6l4.2,-8.6l-5.6,-1.8" +
  "c-1.4,-0.8 -1,-3 0.6,-3.6l7.2,-2.6c-0.7,-0.7 -1.2,-1.7 -1.2,-3c0,-2.4 1.8,-4.4 4.6,-4.4z";
export const FIGURES = {
  // The large meeple: the meeple, a third larger.
  large: { d: MEEPLE, scale: 1.35, lies: true },
  // The abbot: a monk's habit, wide at the hem, its hood drawn to a point.
  abbot: { d: "M0.8,-15C4.6,-13 6.6,-9.6 6.4,-5.6C6.3,-3.6 5.8,-2 5,-0.8C7.6,2.6 9.4,8 10.4,13.6H-10.4C-9.4,8 -7.6,2.6 -5,-0.8" +
    "C-5.8,-2 -6.3,-3.6 -6.4,-5.6C-6.6,-10.4 -3.4,-13.6 0.8,-15Z",
  detail: "M0,-9.6c2.2,0 3.4,1.6 3.4,3.6c0,2.2 -1.4,3.4 -3.4,3.4c-2,0 -3.4,-1.2 -3.4,-3.4c0,-2 1.2,-3.6 3.4,-3.6zM-0.6,1V12.6" },
  // The builder: tall and narrow, a broad-brimmed hat over a small head, straight arms and legs.
  builder: { d: "M-7.2,-13.4H7.2V-15.2H3.8V-20.5H-3.8V-15.2H-7.2Z" +
    "M-3.1,-9.6a3.1,3.1 0 1 0 6.2,0a3.1,3.1 0 1 0 -6.2,0Z" +
    "M-4.4,-5.6H4.4L6.2,4.6H3.9L3.4,13.6H0.7L0,5.2L-0.7,13.6H-3.4L-3.9,4.6H-6.2Z",
  detail: "M-3.8,-16.4H3.8" },
  // The pig: side on, snout to the right, ears up, a curl of tail.
  pig: { d: "M-11.5,4.5C-11.5,-1 -6,-3.5 0,-3.5C4,-3.5 6.5,-3 8.4,-2L10,-6.2L11.2,-1C12.2,-0.2 12.8,0.6 13.2,1.6H15.4V6.2H12.8" +
    "C12,8 10.6,9 9.6,9.5V13.6H6.6V10.4H-5.8V13.6H-8.8V9.6C-10.6,8.6 -11.5,6.8 -11.5,4.5Z" +
    "M-11.2,2.2C-14,2.6 -14.4,-0.6 -12.6,-0.9C-11.4,-1.1 -11.6,0.6 -12.6,0.4",
  detail: "M9.6,1.2a0.9,0.9 0 1 0 0.01,0ZM14.3,3.4v1.4", scale: 0.95 },
  // The mage: a long robe, a tall pointed hat with a brim, a star on it.
  mage: { d: "M0.8,-24L4,-11.6H7.8V-9.8H3.6C3.7,-9.4 3.8,-8.9 3.8,-8.4C3.8,-6.6 2.8,-5.4 1.6,-4.8L4.8,-3.6C6.8,2 8.6,8 9.6,13.6H-9.6" +
    "C-8.6,8 -6.8,2 -4.8,-3.6L-1.6,-4.8C-2.8,-5.4 -3.8,-6.6 -3.8,-8.4C-3.8,-8.9 -3.7,-9.4 -3.6,-9.8H-7.8V-11.6H-4Z",
  detail: "M0.4,-19.4l.8,1.7l1.8,.2l-1.3,1.2l.4,1.8l-1.7,-.9l-1.6,.9l.3,-1.8l-1.3,-1.2l1.8,-.2Z" },
  // The witch: a crooked hat, a ragged skirt and a broom held across.
  witch: { d: "M7.6,-23C3,-21.6 0.4,-17.6 -0.6,-11.8H-7.8V-9.8H-3.4C-3.7,-9.3 -3.8,-8.8 -3.8,-8.3C-3.8,-6.5 -2.8,-5.3 -1.6,-4.8L-4.6,-3.4" +
    "C-6.6,2 -8.2,7 -9.4,12L-6.4,10.8L-4.2,13.6L-1.8,11L0.6,13.6L3,11L5.4,13.6L7.4,10.8L9.4,12C8.2,7 6.6,2 4.6,-3.4L1.6,-4.8" +
    "C2.8,-5.3 3.8,-6.5 3.8,-8.3C3.8,-8.8 3.7,-9.3 3.4,-9.8H7.8V-11.8H3.6C3.8,-15.6 4.8,-19.6 7.6,-23Z" +
    "M-12.6,11.8L11.8,-6.2L12.8,-4.9L-11.6,13.1Z" +
    "M-12.2,9.4L-16.8,8.6L-17.4,11.2L-16.6,14.8L-12.6,16.2L-10.4,14.6Z",
  detail: "M-16,10.6L-12.6,12.6M-16.2,13L-12.2,14" },
};
