package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// touch sends one touch event with the given fingers (x, y pairs; none for the end).
func touch(t *testing.T, ctx context.Context, typ input.DispatchTouchEventType, xy ...float64) {
	t.Helper()
	pts := []*input.TouchPoint{}
	for i := 0; i+1 < len(xy); i += 2 {
		id := float64(i/2 + 1)
		pts = append(pts, &input.TouchPoint{X: xy[i], Y: xy[i+1], ID: &id})
	}
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
		t.Fatal(err)
	}
}

func phoneWithTouch(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5}); err != nil {
		t.Fatal(err)
	}
}

// TestTouchPinchAndLiftedDrag, on a phone: two fingers pinch the Carcassonne board larger; a Cartographers
// shape dragged by a finger goes where it is drawn, above the finger, not under it.
func TestTouchPinchAndLiftedDrag(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 8)
	carc := e.startCarcassonne(false)
	ctx := browser(t, "en-US")
	phoneWithTouch(t, ctx)
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	holdSeat(t, ctx, e, carc.ID, carc.Token, "en")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+carc.ID))
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
	width := func() float64 {
		w, _ := strconv.ParseFloat(evalString(t, ctx, `String(document.querySelector('#carc-board').viewBox.baseVal.width)`), 64)
		return w
	}
	var box []float64
	evalJSON(t, ctx, `(r => JSON.stringify([r.left + r.width / 2, r.top + r.height / 2]))(document.querySelector('#carc-board').getBoundingClientRect())`, &box)
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#carc-board').scrollIntoView({block: "center"})`))
	evalJSON(t, ctx, `(r => JSON.stringify([r.left + r.width / 2, r.top + r.height / 2]))(document.querySelector('#carc-board').getBoundingClientRect())`, &box)
	before := width()
	x, y := box[0], box[1]
	touch(t, ctx, input.DispatchTouchEventTypeTouchStart, x-20, y, x+20, y)
	for d := 30.0; d <= 70; d += 10 {
		touch(t, ctx, input.DispatchTouchEventTypeTouchMove, x-d, y, x+d, y)
	}
	touch(t, ctx, input.DispatchTouchEventTypeTouchEnd)
	if after := width(); after > before/2 {
		t.Errorf("after a pinch spreading the fingers 3.5 times apart, the board shows %.0f units wide, was %.0f", after, before)
	}
	shot(t, ctx, "touch-pinched-carc")

	// Cartographers, alone: the shape dragged over the map by a finger.
	soloID, soloTok := e.startSolo("cartographers")
	holdSeat(t, ctx, e, soloID, soloTok, "en")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+soloID))
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && !!document.querySelector('.option[data-option="0"]')`)
	var from, to []float64
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.querySelector('#main-sheet').getBoundingClientRect().top + window.scrollY - 8)`))
	// The finger touches the map at row K and moves up to row H.
	evalJSON(t, ctx, `(r => JSON.stringify([r.left + r.width / 2, r.top + r.height / 2]))(document.querySelector('#main-sheet [data-cell="10,5"]').getBoundingClientRect())`, &from)
	evalJSON(t, ctx, `(r => JSON.stringify([r.left + r.width / 2, r.top + r.height / 2]))(document.querySelector('#main-sheet [data-cell="7,5"]').getBoundingClientRect())`, &to)
	// The finger's events are made in the page (pointer events as a touch screen sends them): the browser's
	// own gestures would scroll the emulated phone's page under a finger that DevTools moves, which a real
	// screen's touch-action: none on the map prevents.
	run(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const ev = (type, x, y, target) => target.dispatchEvent(new PointerEvent(type, {pointerType: "touch", pointerId: 7, isPrimary: true,
			clientX: x, clientY: y, bubbles: true, cancelable: true, buttons: type === "pointerup" ? 0 : 1}));
		const svg = document.querySelector('#main-sheet');
		ev("pointerdown", %f, %f, svg);
		for (let i = 1; i <= 8; i++) ev("pointermove", %f + (%f - %f) * i / 8, %f + (%f - %f) * i / 8, document);
	})()`, from[0], from[1], from[0], to[0], from[0], from[1], to[1], from[1])))
	cellAt := func(x, y float64) string {
		var cell string
		evalJSON(t, ctx, fmt.Sprintf(`JSON.stringify(([...document.querySelectorAll('#main-sheet [data-cell]')].find(e => {
			const r = e.getBoundingClientRect(); return r.left <= %f && %f < r.right && r.top <= %f && %f < r.bottom;
		}) || {dataset: {}}).dataset.cell || "")`, x, x, y, y), &cell)
		return cell
	}
	above, under := cellAt(to[0], to[1]-56), cellAt(to[0], to[1])
	if above == "" || above == under {
		t.Fatalf("the space above the finger is %q, under it %q", above, under)
	}
	run(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.dispatchEvent(new PointerEvent("pointerup", {pointerType: "touch", pointerId: 7,
		isPrimary: true, clientX: %f, clientY: %f, bubbles: true}))`, to[0], to[1])))
	rc := strings.Split(above, ",")
	r, _ := strconv.Atoi(rc[0])
	c, _ := strconv.Atoi(rc[1])
	want := fmt.Sprintf("%c%d:", 'A'+r, c+1)
	waitJS(t, ctx, `!!document.querySelector('#reason')`)
	if got := evalString(t, ctx, `document.querySelector('#reason').textContent`); !strings.HasPrefix(got, want) {
		t.Errorf("the shape was dropped at %q, want at the space above the finger (%s)", got, want)
	}
	shot(t, ctx, "touch-lifted-carto")
}
