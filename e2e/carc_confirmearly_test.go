package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCarcassonneConfirmBeforeTheLegalMoves: the page asks the server for the turn's legal moves as the
// turn comes, and meanwhile lets the tile be laid where it fits (the page's own check). Confirm, enabled
// then, must send the move: a press before the answer was noted "unlisted" and did nothing, and the
// player waited for a turn that never passed. The page's question is held back until Confirm is pressed.
func TestCarcassonneConfirmBeforeTheLegalMoves(t *testing.T) {
	t.Parallel()
	var held atomic.Bool
	// The browser's first question only (the test's own go through Go's client).
	hold, free := heldBack(t, func(r *http.Request) bool {
		return strings.HasSuffix(r.URL.Path, "/legal") && strings.Contains(r.UserAgent(), "Chrome") && held.CompareAndSwap(false, true)
	})
	e := newEnvServing(t, 5, nil, hold)
	var ada, bea created
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "max_seats": 2, "name": "Ada"}, &ada)
	e.postJSON("/api/matches/"+ada.ID+"/join", "", map[string]string{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+ada.ID+"/start", ada.Token, struct{}{}, nil)
	var mv carcMove
	for _, m := range e.carcLegal(ada.ID, ada.Token) {
		if m.Meeple == "" {
			mv = m
			break
		}
	}
	ctx := browser(t, "en-US")
	storeSeat(t, ctx, e, ada.ID, ada.Token, 0, "Ada")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+ada.ID))
	waitJS(t, ctx, `!!document.querySelector('#table[data-must-act="1"] #carc-board .slot')`)
	clickCentre(t, ctx, fmt.Sprintf(`#carc-board .slot[data-cell="%d,%d"]`, mv.X, mv.Y))
	waitJS(t, ctx, fmt.Sprintf(`(p => p && p.dataset.placed === "1" && p.dataset.x === "%d" && p.dataset.y === "%d")(document.querySelector('#preview'))`, mv.X, mv.Y))
	for i := 0; evalString(t, ctx, `document.querySelector('#preview').dataset.rot`) != fmt.Sprint(mv.Rotation); i++ {
		if i == 4 {
			t.Fatalf("no rotation at %d,%d is %d°", mv.X, mv.Y, mv.Rotation)
		}
		before := evalString(t, ctx, `document.querySelector('#preview').dataset.rot`)
		clickCentre(t, ctx, "#rotate")
		waitJS(t, ctx, `document.querySelector('#preview').dataset.rot !== "`+before+`"`)
	}
	if held.Load() == false || evalString(t, ctx, `String(document.querySelectorAll('#marks .cand').length)`) != "0" {
		t.Fatal("the legal moves reached the page before Confirm: the test proves nothing")
	}
	waitJS(t, ctx, `!document.querySelector('#confirm').disabled`)
	clickCentre(t, ctx, "#confirm")
	free()
	waitJS(t, ctx, `document.querySelector('#table').dataset.turn !== "0"`)
	var st carcState
	e.getJSON("/api/matches/"+ada.ID, ada.Token, &st)
	if st.Seq == 0 {
		t.Errorf("Ada's move is not in the match: %+v", st)
	}
}
