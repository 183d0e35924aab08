// The map of a finished game as a picture to keep or share, made in the browser: an SVG that carries its own
// styles (the page's stylesheet does not travel with it), and a PNG drawn from that SVG at twice its size.

import { h } from "./dom.js";
import { t } from "./i18n.js";

// The style properties a map's drawing needs once outside the page.
const PROPS = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap", "stroke-linejoin",
  "opacity", "font-size", "font-weight", "font-family", "text-anchor", "display", "visibility", "filter"];

// standalone is the SVG's text with every element's computed style written into it.
export function standalone(svg) {
  const clone = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll("*")], to = [clone, ...clone.querySelectorAll("*")];
  from.forEach((e, i) => {
    const cs = getComputedStyle(e);
    to[i].setAttribute("style", PROPS.map(p => `${p}:${cs.getPropertyValue(p)}`).join(";"));
    to[i].removeAttribute("class");
  });
  // The glyphs and patterns the drawing refers to live once in the page (dom.js artDefs): the picture
  // takes a copy of each it uses, and of what those use in turn.
  const defs = document.createElementNS("http://www.w3.org/2000/svg", "defs");
  const taken = new Set();
  const take = (node) => {
    for (const e of [node, ...node.querySelectorAll("*")]) {
      const refs = [e.getAttribute("href"), e.getAttribute("fill"), e.getAttribute("clip-path"), e.getAttribute("style")];
      for (const m of refs.join(" ").matchAll(/#([\w-]+)/g)) {
        const id = m[1], def = document.getElementById(id);
        if (taken.has(id) || !def || svg.contains(def) || !def.closest("defs")) continue;
        taken.add(id);
        const copy = def.cloneNode(true);
        defs.append(copy);
        take(copy);
      }
    }
  };
  take(clone);
  if (taken.size) clone.prepend(defs);
  const r = svg.getBoundingClientRect();
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  clone.setAttribute("width", String(Math.round(r.width)));
  clone.setAttribute("height", String(Math.round(r.height)));
  return new XMLSerializer().serializeToString(clone);
}

// save offers a file to download.
function save(id, href, name) {
  let a = document.getElementById(id);
  if (!a) { a = h("a", { id, hidden: true }); document.body.append(a); }
  a.href = href;
  a.download = name;
  a.click();
}

// pngOf draws the map as a PNG at twice its size on the parchment, for pictureLinks and the share.
export function pngOf(svg) {
  const text = standalone(svg), r = svg.getBoundingClientRect();
  return new Promise((ok, fail) => {
    const img = new Image();
    img.onload = () => {
      const canvas = h("canvas", { width: Math.round(r.width * 2), height: Math.round(r.height * 2) });
      const g = canvas.getContext("2d");
      g.fillStyle = "#f6efdd"; // the parchment behind the map
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.drawImage(img, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(b => b ? ok(Object.assign(b, { width: canvas.width, height: canvas.height })) : fail(new Error("no picture")), "image/png");
    };
    img.onerror = () => fail(new Error("no picture"));
    img.src = "data:image/svg+xml;base64," + btoa(unescape(encodeURIComponent(text)));
  });
}

// savePNG offers the picture as a download, and notes on its link what it holds (the tests read it).
function savePNG(b, name) {
  save("picture-png", URL.createObjectURL(b), name + ".png");
  Object.assign(document.getElementById("picture-png").dataset, { bytes: String(b.size), type: b.type, width: String(b.width), height: String(b.height) });
}

// sharePicture hands the map's picture and a text to the device's share sheet where it takes files (Web
// Share), and otherwise saves the picture (the text is beside it, to copy).
export async function sharePicture(svg, name, text) {
  const b = await pngOf(svg);
  const file = new File([b], name + ".png", { type: "image/png" });
  if (navigator.canShare && navigator.canShare({ files: [file] })) {
    try { await navigator.share({ files: [file], text }); return "shared"; } catch (e) { if (e.name === "AbortError") return ""; }
  }
  savePNG(b, name);
  return "saved";
}

// pictureLinks are the end screen's buttons that save the map as SVG and as PNG; svgOf gives the map.
export function pictureLinks(svgOf, name) {
  const svgButton = h("button", { type: "button", id: "save-svg", onclick: () => {
    const svg = svgOf();
    if (svg) save("picture-svg", "data:image/svg+xml;charset=utf-8," + encodeURIComponent(standalone(svg)), name + ".svg");
  } }, t("saveSVG"));
  const pngButton = h("button", { type: "button", id: "save-png", onclick: () => {
    const svg = svgOf();
    if (svg) pngOf(svg).then(b => savePNG(b, name)).catch(() => {});
  } }, t("savePNG"));
  return [svgButton, " ", pngButton];
}
