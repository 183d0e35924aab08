// A small helper to build HTML elements.

export function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c != null && c !== false) e.append(c);
  return e;
}

// put replaces a node's children, leaving out the absent ones (replaceChildren would print a null as the
// text "null").
export function put(node, ...children) {
  node.replaceChildren(...children.flat().filter(c => c != null && c !== false));
  return node;
}

// el builds an SVG element: the boards and sheets of every game are SVG.
export function el(tag, attrs, ...children) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, v);
  for (const c of children.flat()) if (c != null) e.append(c);
  return e;
}

// focusOnKeyUp focuses a dialog's button, once no key is held: the Enter that confirmed the move which
// opened the dialog may still be down, and would otherwise press the button as the dialog opens (its
// keypress comes after the server's answer on a fast server).
export function focusOnKeyUp(btn, opts) {
  if (keyDown) document.addEventListener("keyup", () => btn.focus(opts), { once: true });
  else btn.focus(opts);
}

let keyDown = false;
document.addEventListener("keydown", () => { keyDown = true; }, true);
document.addEventListener("keyup", () => { keyDown = false; }, true);

// artDefs puts a game's drawing definitions (symbols, patterns) in the page once, in a hidden SVG of their
// own: every board, sheet and icon refers to them, so that a glyph drawn on a hundred spaces is defined
// once. The SVG is hidden by its size, not by display:none, under which Chrome paints no pattern.
export function artDefs(id, build) {
  if (document.getElementById(id)) return;
  document.body.append(el("svg", { id, "aria-hidden": "true", focusable: "false", width: 0, height: 0,
    style: "position:absolute;width:0;height:0;overflow:hidden" }, el("defs", {}, build())));
}
