package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestDrawnSpacesSettleIn: the spaces a player has just drawn settle into place, once (the next redraw
// shows them still), and not at all for a player who asks for less motion.
func TestDrawnSpacesSettleIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	ctx := browser(t, "en-US")
	openTable(t, ctx, e, id, token, "en", `#main-sheet[data-ready]`)
	mv := e.legal(id, token)[0]
	playThroughPage(t, ctx, mv, byClicks)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#main-sheet .cell.settle').length === %d`, len(mv.Cells)))
	if a := evalString(t, ctx, `getComputedStyle(document.querySelector('#main-sheet .cell.settle')).animationName`); a != "settle" {
		t.Errorf("the drawn spaces animate %q", a)
	}
	press(t, ctx, "r") // a redraw: the spaces are still
	waitJS(t, ctx, `document.querySelectorAll('#main-sheet .cell.settle').length === 0`)

	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
		t.Fatal(err)
	}
	dismissIfSeason := `(m => (m && m.querySelector('.primary').click(), ""))(document.querySelector('#season-modal'))`
	evalString(t, ctx, dismissIfSeason)
	mv = e.legal(id, token)[0]
	playThroughPage(t, ctx, mv, byClicks)
	waitJS(t, ctx, `document.querySelectorAll('#main-sheet .cell.settle').length > 0`)
	if a := evalString(t, ctx, `getComputedStyle(document.querySelector('#main-sheet .cell.settle')).animationName`); a != "none" {
		t.Errorf("with reduced motion asked for, the drawn spaces animate %q", a)
	}
}
