package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// onScreen is where the parts of a turn lie on a phone's screen.
type onScreen struct {
	Height, BarTop float64
	Parts          map[string][4]float64 // top, bottom, left, right
	Missing        []string
}

// measure reads the rectangles of the named parts (selectors) and the top of the action bar (bar).
func measure(t *testing.T, ctx context.Context, bar string, parts map[string]string) onScreen {
	t.Helper()
	var got onScreen
	evalJSON(t, ctx, `((bar, parts) => { const out = { Height: innerHeight, BarTop: innerHeight, Parts: {}, Missing: [] };
		const b = document.querySelector(bar); if (b) out.BarTop = b.getBoundingClientRect().top;
		for (const [name, sel] of Object.entries(parts)) { const n = document.querySelector(sel);
			if (!n) { out.Missing.push(name); continue; } const r = n.getBoundingClientRect(); out.Parts[name] = [r.top, r.bottom, r.left, r.right]; }
		return JSON.stringify(out); })(`+mustJSON(bar)+`, `+mustJSON(parts)+`)`, &got)
	return got
}

// checkOneScreen fails unless every part lies whole on the screen, above the action bar (bar parts: on it).
func checkOneScreen(t *testing.T, game string, got onScreen, onBar map[string]bool) {
	t.Helper()
	if len(got.Missing) > 0 {
		t.Errorf("%s: missing %v", game, got.Missing)
	}
	for name, r := range got.Parts {
		bottom := got.BarTop
		if onBar[name] {
			bottom = got.Height
		}
		if r[0] < 0 || r[1] > bottom+0.5 || r[2] < -0.5 || r[3] > 390.5 {
			t.Errorf("%s: %s lies at y %.0f-%.0f, x %.0f-%.0f; the screen shows y 0-%.0f above the action bar (x 0-390)", game, name, r[0], r[1], r[2], r[3], bottom)
		}
	}
}

// TestPhoneOneScreen: on a 390x844 phone a whole turn needs no scrolling, in both games: the sheet (its
// coin track included) or the board, the card or tile with its choices (shapes and terrains; the meeples
// once the tile is laid) and the action bar (Confirm, Rotate; Flip) are all on the screen at once, none
// under the bar; in the guided game, the step about the card brings it into view.
func TestPhoneOneScreen(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	carc := e.startCarcassonne(false)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))

	openTable(t, ctx, e, id, token, "en", `#main-sheet[data-ready]`)
	waitJS(t, ctx, `!!document.querySelector('#confirm')`)
	bar := "#controls .buttons"
	carto := map[string]string{"sheet": "#main-sheet", "card": "#current-card", "shapes": "#controls .options", "terrains": "#controls .terrains",
		"confirm": "#confirm", "rotate": "#rotate", "flip": "#flip", "status": "#status"}
	onBar := map[string]bool{"confirm": true, "rotate": true, "flip": true}
	checkOneScreen(t, "cartographers", measure(t, ctx, bar, carto), onBar)
	shot(t, ctx, "phone-turn-carto")
	// Placed (Enter), with its reason line: still one screen.
	press(t, ctx, kEnter)
	waitJS(t, ctx, `document.querySelector('#main-sheet .preview').dataset.placed === "1"`)
	carto["reason"] = "#reason"
	checkOneScreen(t, "cartographers placed", measure(t, ctx, bar, carto), onBar)

	// In French and Portuguese, whose labels are longer, the same.
	for _, lang := range []string{"fr", "pt"} {
		openTable(t, ctx, e, id, token, lang, `#main-sheet[data-ready]`)
		waitJS(t, ctx, `!!document.querySelector('#confirm')`)
		checkOneScreen(t, "cartographers "+lang, measure(t, ctx, bar, carto), onBar)
	}
	shot(t, ctx, "phone-turn-carto-pt")

	// A hero: the card, its attack pattern and the bar.
	hid, htoken := e.startSolo("both")
	for turn := 0; ; turn++ {
		var st struct {
			View struct {
				Decision *struct{ Kind string } `json:"decision"`
			} `json:"view"`
		}
		e.getJSON("/api/matches/"+hid, htoken, &st)
		if st.View.Decision != nil && st.View.Decision.Kind == "hero" {
			break
		}
		if turn > 60 {
			t.Fatal("no hero in 60 moves")
		}
		moves := e.legal(hid, htoken)
		e.postJSON("/api/matches/"+hid+"/moves", htoken, map[string]any{"move": moves[pickMove(turn, len(moves))]}, nil)
	}
	openTable(t, ctx, e, hid, htoken, "en", `#table[data-decision="hero"] #attack`)
	hero := map[string]string{"sheet": "#main-sheet", "card": "#current-card", "attack": "#attack", "confirm": "#confirm", "rotate": "#rotate", "status": "#status"}
	checkOneScreen(t, "cartographers hero", measure(t, ctx, bar, hero), onBar)
	shot(t, ctx, "phone-turn-hero")

	holdSeat(t, ctx, e, carc.ID, carc.Token, "en")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+carc.ID))
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && !!document.querySelector('#confirm')`)
	carcParts := map[string]string{"board": "#carc-board", "tile": "#hand-tile", "confirm": "#confirm", "rotate": "#rotate", "status": "#status"}
	checkOneScreen(t, "carcassonne", measure(t, ctx, bar, carcParts), onBar)
	shot(t, ctx, "phone-turn-carc")
	// Laid where it fits (a click on a spot the server lists), the meeple choices come: still one screen.
	waitJS(t, ctx, `!!document.querySelector('#carc-board .cand.fit')`)
	click(t, ctx, `#carc-board .cand.fit`)
	waitJS(t, ctx, `!!document.querySelector('#meeple-options')`)
	carcParts["meeples"] = "#meeple-options"
	checkOneScreen(t, "carcassonne laid", measure(t, ctx, bar, carcParts), onBar)
	shot(t, ctx, "phone-turn-carc-laid")

	// Thirty tiles on: the board has grown, the turn still fits (the board gives up height, not the strip).
	grown := e.startCarcassonne(true)
	tokens := []string{grown.Token, grown.Bea}
	for turn := 0; turn < 30; turn++ {
		e.postJSON("/api/matches/"+grown.ID+"/moves", tokens[turn%2], map[string]any{"move": pickCarc(e.carcLegal(grown.ID, tokens[turn%2]), turn)}, nil)
	}
	holdSeat(t, ctx, e, grown.ID, grown.Token, "en")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+grown.ID))
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && !!document.querySelector('#confirm') && !!document.querySelector('#carc-board .cand.fit')`)
	// A spot in view on the zoomed board (the first listed may lie outside it).
	var at struct{ X, Y float64 }
	evalJSON(t, ctx, `(() => { const b = document.querySelector('#carc-board').getBoundingClientRect();
		for (const c of document.querySelectorAll('#carc-board .cand.fit')) { const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
			if (x > b.left && x < b.right && y > b.top && y < b.bottom) return JSON.stringify({ X: x, Y: y }); }
		return JSON.stringify({}); })()`, &at)
	if at.X == 0 {
		t.Fatal("no legal spot in view on the grown board")
	}
	run(t, ctx, chromedp.MouseClickXY(at.X, at.Y))
	waitJS(t, ctx, `!!document.querySelector('#meeple-options')`)
	checkOneScreen(t, "carcassonne grown", measure(t, ctx, bar, carcParts), onBar)
	shot(t, ctx, "phone-turn-carc-grown")

	// The guided game: its guide under the status line pushes the card down; the step about the card brings
	// it into view, above the bar.
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	click(t, ctx, "#learn-cartographers")
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carto_card"]') && document.querySelector('#current-card').classList.contains('tutorial-target')`)
	checkOneScreen(t, "the guide's card", measure(t, ctx, bar, map[string]string{"card": "#current-card", "shapes": "#controls .options", "confirm": "#confirm"}), onBar)
}
