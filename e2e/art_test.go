package e2e

import (
	"bytes"
	"compress/gzip"
	"context"
	"io/fs"
	"os"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/web"
)

// TestArtIsDrawn: the pictures of both games are drawn, not only coloured. A Carcassonne city has a wall
// and roofs, a monastery is a chapel with a cross, a coat of arms is a shield, a meeple is a silhouette
// with its seat's mark and a farmer lies down; on a Cartographers sheet every terrain has its own glyph,
// defined once and used on each space, and the sheet lies on parchment.
func TestArtIsDrawn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var got struct {
		Walls, Stones, Roofs, Chapel, ChapelRoof, Cross, Shield int
		Body, Mark, Pattern, Farmer                             bool
		Glyphs                                                  map[string]string
		Symbols, Parchment, Saved                               int
		MeepleTall                                              float64
		CrossHidden                                             bool
	}
	evalJSON(t, ctx, `(async () => {
		const tl = await import("/js/carcassonne/tiles.js");
		const sh = await import("/js/cartographers/sheet.js"), shapes = await import("/js/cartographers/shapes.js");
		const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
		document.body.append(svg);
		const city = tl.drawTile("E", 1, { meeples: [{ segment: "city:E", seat: 1 }] });
		const abbey = tl.drawTile("B", 0);
		const arms = tl.drawTile("C", 0);
		const farm = tl.drawTile("E", 0, { meeples: [{ segment: "field:En", seat: 2 }] });
		svg.append(city, abbey, arms, farm);
		const m = city.querySelector(".meeple.seat-1");
		const mark = m && m.querySelector("path.meeple-mark");
		const map = ["FVAWXHM#*.r", ...Array(10).fill("...........")].join("\n");
		const sheet = sh.drawSheet(shapes.parseMap(map), {});
		document.body.append(sheet);
		const saved = (await import("/js/picture.js")).standalone(sheet);
		const glyphs = {};
		for (const c of sheet.querySelectorAll(".cell")) {
			const u = c.querySelector("use.glyph");
			if (u) glyphs[c.dataset.kind + (c.classList.contains("ruins-cell") ? "+ruins" : "")] = u.getAttribute("href");
			const r = c.querySelector("use.ruins");
			if (r) glyphs.ruins = r.getAttribute("href");
		}
		const out = {
			Walls: city.querySelectorAll("path.wall").length, Stones: city.querySelectorAll("path.wall-stones").length,
			Roofs: city.querySelectorAll("path.roof").length,
			Chapel: abbey.querySelectorAll(".monastery").length, ChapelRoof: abbey.querySelectorAll(".abbey-roof").length,
			Cross: abbey.querySelectorAll(".cross").length,
			Shield: arms.querySelectorAll('use.arms[href="#carc-shield"]').length,
			Body: !!(m && m.querySelector("path.meeple-body") && m.querySelector("path.meeple-body").getAttribute("d").length > 100),
			Mark: !!mark, Pattern: !!(mark && document.querySelector(mark.getAttribute("fill").slice(4, -1) + " > *")),
			Farmer: (farm.querySelector(".meeple.farmer") || { getAttribute: () => "" }).getAttribute("transform").includes("rotate"),
			Glyphs: glyphs, Symbols: [...new Set(Object.values(glyphs))].filter(id => document.querySelector(id + " > *")).length,
			Parchment: sheet.querySelectorAll("rect.parchment").length,
			Saved: ["carto-forest", "carto-ruins", "carto-parch", "carto-edge"].filter(id => saved.includes('id="' + id + '"')).length,
		};
		// A meeple at a tile's scale, and one on a monastery beside its cross.
		svg.replaceChildren();
		svg.setAttribute("viewBox", "0 0 100 100"); svg.setAttribute("width", "300"); svg.setAttribute("height", "300");
		const monk = tl.drawTile("B", 0, { meeples: [{ segment: "monastery", seat: 0 }] });
		svg.append(monk);
		const mr = monk.querySelector(".meeple").getBoundingClientRect(), cr = monk.querySelector(".cross").getBoundingClientRect();
		out.MeepleTall = mr.height / 300;
		out.CrossHidden = !(mr.right <= cr.left || cr.right <= mr.left || mr.bottom <= cr.top || cr.bottom <= mr.top);
		svg.remove(); sheet.remove();
		return JSON.stringify(out);
	})()`, &got)
	if got.Walls == 0 || got.Stones == 0 || got.Roofs == 0 {
		t.Errorf("a city drawn without its wall or roofs: %+v", got)
	}
	if got.Chapel != 1 || got.ChapelRoof == 0 || got.Cross != 1 {
		t.Errorf("a monastery drawn without its chapel, roof or cross: %+v", got)
	}
	if got.Shield != 1 {
		t.Errorf("a coat of arms is not a shield: %+v", got)
	}
	if !got.Body || !got.Mark || !got.Pattern || !got.Farmer {
		t.Errorf("a meeple is not a silhouette with its seat's mark, or a farmer stands: %+v", got)
	}
	// A meeple reads at a glance (a third of its tile's height at least) and leaves a monastery's cross in
	// view.
	if got.MeepleTall < 0.33 || got.CrossHidden {
		t.Errorf("a meeple is %.2f of its tile's height, and hides the cross: %v", got.MeepleTall, got.CrossHidden)
	}
	kinds := []string{"forest", "village", "farm", "water", "monster", "hero", "mountain", "wasteland", "destroyed", "ruins"}
	seen := map[string]string{}
	for _, k := range kinds {
		href := got.Glyphs[k]
		if href == "" {
			t.Errorf("no glyph for %s on the sheet (glyphs %v)", k, got.Glyphs)
			continue
		}
		if other, dup := seen[href]; dup {
			t.Errorf("%s and %s share the glyph %s", k, other, href)
		}
		seen[href] = k
	}
	if got.Symbols != len(seen) {
		t.Errorf("%d glyphs used, %d defined in the page", len(seen), got.Symbols)
	}
	if got.Parchment != 1 {
		t.Errorf("the sheet has %d parchment backgrounds", got.Parchment)
	}
	// A map saved as a picture carries the glyphs and the parchment it uses.
	if got.Saved != 4 {
		t.Errorf("the saved picture carries %d of the 4 definitions it uses", got.Saved)
	}
	if os.Getenv("SURVEYOR_SHOTS") != "" {
		artGallery(t, ctx)
	}
}

// artGallery saves pictures of the art to look at: the 24 tiles with meeples of each seat, at the size of
// a board and three times larger, and a sheet with every terrain.
func artGallery(t *testing.T, ctx context.Context) {
	t.Helper()
	var done string
	evalJSON(t, ctx, `(async () => {
		const tl = await import("/js/carcassonne/tiles.js");
		const sh = await import("/js/cartographers/sheet.js"), shapes = await import("/js/cartographers/shapes.js");
		document.body.replaceChildren();
		document.body.style.background = "#e9e1cc";
		const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
		svg.setAttribute("viewBox", "-5 -5 810 310");
		svg.setAttribute("width", "810"); svg.setAttribute("class", "carc-board");
		[...tl.LETTERS].forEach((l, i) => {
			const names = tl.segNames(l, i % 4);
			const g = tl.drawTile(l, i % 4, { meeples: [{ segment: names[i % names.length], seat: i % 5 }] });
			g.setAttribute("transform", "translate(" + (i % 8) * 100 + " " + Math.floor(i / 8) * 100 + ")");
			const wrap = document.createElementNS("http://www.w3.org/2000/svg", "g");
			wrap.append(g);
			svg.append(wrap);
		});
		document.body.append(svg);
		const map = ["FVAWXHM#*.r", "FFVVAAWWXXH", "r.r.+.....M", ...Array(8).fill("FVAW.......")].join("\n");
		const sheet = sh.drawSheet(shapes.parseMap(map), { coins: 3 });
		sheet.style.width = "420px";
		const wrap = document.createElement("div"); wrap.className = "sheet-wrap"; wrap.style.width = "440px";
		wrap.append(sheet);
		document.body.append(wrap);
		// A small sheet, as beside the table for the other players.
		const small = sh.drawSheet(shapes.parseMap(map), { small: true });
		small.style.cssText = "width: 160px; position: absolute; left: 920px; top: 330px; background: #f6efdd";
		document.body.append(small);
		// The map as a saved picture shows, beside it, what a player keeps.
		const img = document.createElement("img");
		img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent((await import("/js/picture.js")).standalone(sheet));
		img.style.cssText = "position:absolute; left: 470px; top: 330px; width: 420px";
		document.body.append(img);
		await img.decode();
		return JSON.stringify("ok");
	})()`, &done)
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	shot(t, ctx, "art-gallery")
	// Two rows of four tiles, three times larger.
	run(t, ctx, chromedp.EmulateViewport(420, 220, chromedp.EmulateScale(3)))
	evalString(t, ctx, `(s => { document.querySelectorAll('.sheet-wrap, img, svg.small').forEach(x => x.style.display = "none"); s.setAttribute("viewBox", "-5 -5 410 210"); s.setAttribute("width", "410"); return ""; })(document.querySelector('svg.carc-board'))`)
	shot(t, ctx, "art-tiles-x3")
	evalString(t, ctx, `(s => { document.querySelectorAll('.sheet-wrap, img, svg.small').forEach(x => x.style.display = ""); s.setAttribute("viewBox", "-5 -5 810 310"); s.setAttribute("width", "810"); return ""; })(document.querySelector('svg.carc-board'))`)
	run(t, ctx, chromedp.EmulateViewport(480, 420, chromedp.EmulateScale(3)))
	shot(t, ctx, "art-gallery-x3")
	run(t, ctx, chromedp.EmulateViewport(1280, 1200))
}

// TestClientSize: the whole shipped client, each file gzipped, stays under 250 KB.
func TestClientSize(t *testing.T) {
	t.Parallel()
	total := 0
	err := fs.WalkDir(web.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(web.FS(), p)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		z, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		z.Write(b)
		z.Close()
		total += buf.Len()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the client gzipped: %d bytes", total)
	if total > 250*1024 {
		t.Errorf("the client is %d bytes gzipped, over 250 KB", total)
	}
}
