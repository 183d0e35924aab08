package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// zoomViews are the screens a Carcassonne table is looked at on: a desktop (1440x900) and a phone
// (390x844) at 100%, and each at 300% zoom, which a browser lays out as a viewport a third the size in CSS
// pixels (480x300, 130x281) drawn three device pixels to the CSS pixel.
var zoomViews = []struct {
	name   string
	w, h   int64
	scale  float64
	mobile bool
}{{"desktop", 1440, 900, 1, false}, {"desktop-300", 480, 300, 3, false}, {"phone", 390, 844, 1, true}, {"phone-300", 130, 281, 3, true}}

// reachable reports, for a selector, whether its first element can be brought on screen: scrolled into
// view (the page or the panel holding it), its box inside the viewport, and its middle not covered by
// anything else (what a tap there meets is the element). "" when it is reachable, else what is wrong.
const reachable = `(sel => { const e = document.querySelector(sel); if (!e) return "missing";
	e.scrollIntoView({block: "center", inline: "center"});
	const r = e.getBoundingClientRect(), vw = document.documentElement.clientWidth, vh = innerHeight;
	if (r.width < 1 || r.height < 1) return "not shown";
	if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
		return "box " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(",") + " outside the viewport " + vw + "x" + vh;
	const u = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
	if (!u || !(e.contains(u) || u.contains(e))) return "covered by " + (u ? u.outerHTML.slice(0, 120) : "nothing");
	return ""; })`

// TestCarcassonneZoom300: a table with the Land Surveyors and all five expansions, the tile placed with a
// choice of figures, on a desktop and a phone at 100% and at 300% zoom: the tile to lay, Confirm, every
// figure choice and the rules help are each on screen or scrolled into it, not covered; the rules help
// opens and its close button is reachable too.
func TestCarcassonneZoom300(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	checks := []string{"#surveyors"}
	for _, x := range playedExpansions().Names() {
		checks = append(checks, "#exp-"+x)
	}
	id, token, _ := createCarcAgainstBot(t, e, ctx, "carc-zoom-lobby", checks...)
	// Our first turn (the bot may play first): a spot where the large meeple may stand, so that the
	// figures are a choice.
	waitJS(t, ctx, `document.querySelector('#table[data-must-act="1"]') && document.querySelectorAll('#marks .cand').length > 0`)
	var pick *carcMove
	for _, m := range e.carcLegal(id, token) {
		if m.Figure == "large" {
			pick = &m
			break
		}
	}
	if pick == nil {
		t.Fatal("no legal move stands the large meeple on the first turn")
	}
	place := *pick
	place.Figure, place.Meeple = "", ""
	clickCentre(t, ctx, fmt.Sprintf(`#carc-board .slot[data-cell="%d,%d"]`, place.X, place.Y))
	waitJS(t, ctx, fmt.Sprintf(`(p => p && p.dataset.placed === "1" && p.dataset.x === "%d" && p.dataset.y === "%d")(document.querySelector('#preview'))`, place.X, place.Y))
	for i := 0; evalString(t, ctx, `document.querySelector('#preview').dataset.rot`) != fmt.Sprint(place.Rotation); i++ {
		if i == 4 {
			t.Fatalf("no rotation %d offered", place.Rotation)
		}
		clickCentre(t, ctx, "#rotate")
	}
	waitJS(t, ctx, `document.querySelectorAll('#figure-options button[data-figure]').length > 1`)

	targets := []string{"#hand-tile", "#confirm", "#rules-open", "#figure-rules"}
	for _, f := range strings.Split(evalString(t, ctx, `[...document.querySelectorAll('#figure-options button[data-figure]')].map(b => b.dataset.figure).join(" ")`), " ") {
		targets = append(targets, fmt.Sprintf(`#figure-options button[data-figure=%q]`, f))
	}
	for _, v := range zoomViews {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(v.scale)}
		if v.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		run(t, ctx, chromedp.EmulateViewport(v.w, v.h, opts...))
		var settled string
		evalJSON(t, ctx, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r('"ok"'))))`, &settled)
		zoomShot(t, ctx, "carc-zoom-"+v.name)
		// The board leaves room on the screen to scroll the page: on it a swipe pans and a wheel turns the tile.
		share, err := strconv.ParseFloat(evalString(t, ctx, `String(document.querySelector('#carc-board').getBoundingClientRect().height / innerHeight)`), 64)
		if err != nil || (v.scale > 1 && share > 0.6) {
			t.Errorf("%s: the board is %.0f%% of the screen's height (%v)", v.name, 100*share, err)
		}
		for _, sel := range targets {
			if why := evalString(t, ctx, reachable+`(`+jsString(sel)+`)`); why != "" {
				t.Errorf("%s: %s is not reachable: %s", v.name, sel, why)
			}
		}
		// The rules help opens, and can be closed.
		clickCentre(t, ctx, "#rules-open")
		waitJS(t, ctx, `!!document.querySelector('#rules-modal')`)
		zoomShot(t, ctx, "carc-zoom-rules-"+v.name)
		if why := evalString(t, ctx, reachable+`("#rules-close")`); why != "" {
			t.Errorf("%s: the rules' close button is not reachable: %s", v.name, why)
		}
		clickCentre(t, ctx, "#rules-close")
		waitJS(t, ctx, `!document.querySelector('#rules-modal')`)
		evalString(t, ctx, `scrollTo(0, 0), ""`)
	}
}

// jsString quotes a string for JavaScript.
func jsString(s string) string { return fmt.Sprintf("%q", s) }

// zoomShot saves what the screen shows (not the whole page) when SURVEYOR_SHOTS names a directory.
func zoomShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("SURVEYOR_SHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
	// And the whole page.
	screenshot(t, ctx, name+"-page")
}
