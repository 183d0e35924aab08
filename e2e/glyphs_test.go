package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSmallGlyphsRead: two small drawings seen badly at their size. The forest's glyph on a 20-px terrain
// button (and a chip) was dark trees on forest green: it now stands on a pale disc. A Heroes monster's mark
// sat in the space's top-right corner over the right horn of the monster's glyph: it now sits between the
// horns, covering neither tip nor the head.
func TestSmallGlyphsRead(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(420, 300, chromedp.EmulateScale(4)), chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var got struct {
		Disc    string
		Covered []string
	}
	evalJSON(t, ctx, `Promise.all([import("/js/cartographers/sheet.js"), import("/js/dom.js")]).then(([s, d]) => {
		const box = d.h("div", { id: "look", style: "position:fixed;inset:0;background:#fff;padding:8px;z-index:99" });
		for (const k of ["forest", "village", "farm", "water", "monster"]) box.append(d.h("button", { class: "terrain k-" + k, style: "margin:3px" }, s.glyphIcon(k, 20), k));
		box.append(d.h("span", { class: "chip k-forest" }, s.glyphIcon("forest", 14), "Forest"));
		const svg = d.el("svg", { viewBox: "0 0 50 10", width: 400, height: 80 });
		const marks = ["dragon", "zombie", "troll", "gorgon"];
		marks.forEach((m, i) => svg.append(d.el("rect", { x: i * 12, y: 0, width: 10, height: 10, class: "k-monster" }), s.glyph("monster", i * 12, 0), s.monsterMark(m, i * 12, 0)));
		box.append(svg);
		for (const m of marks) box.append(d.el("svg", { viewBox: s.MARK_BOX, width: 22, height: 22 }, s.monsterMark(m, 0, 0)));
		document.body.append(box);
		const forest = box.querySelector("button.k-forest .glyph-icon circle");
		// The glyph's horn tips and the top of its head, in the space's units (sheet.js GLYPHS.monster).
		const points = { "left horn": [1.9, 3.3], "right horn": [7.7, 3.3], "head": [4.8, 4.1] };
		const covered = [];
		svg.querySelectorAll(".mmark").forEach((g, i) => {
			const c = g.querySelector(".mmark-bg"), m = c.getCTM(), root = svg.getCTM().inverse();
			const at = new DOMPoint(+c.getAttribute("cx"), +c.getAttribute("cy")).matrixTransform(root.multiply(m));
			const r = +c.getAttribute("r") * m.a / svg.getCTM().a;
			for (const [name, [x, y]] of Object.entries(points)) if (Math.hypot(at.x - (i * 12 + x), at.y - y) < r + 0.2) covered.push(marks[i] + ": " + name);
		});
		return JSON.stringify({ Disc: forest ? forest.getAttribute("fill") : "", Covered: covered });
	})`, &got)
	if got.Disc == "" {
		t.Error("the forest's glyph on its button has no pale disc behind it")
	}
	if len(got.Covered) > 0 {
		t.Errorf("the monsters' marks cover %v", got.Covered)
	}
	shot(t, ctx, "glyphs-small")
}
