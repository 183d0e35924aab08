package e2e

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHundredPlayers opens a 100-player game (the engine's largest) as a spectator and as a player: all
// 99 other sheets are listed, and the player can turn a shape; the times are logged for docs/client.md.
func TestHundredPlayers(t *testing.T) {
	e := newEnv(t, 3)
	var created struct {
		ID    string `json:"id"`
		Token string `json:"token"`
	}
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "P1", "max_seats": 100}, &created)
	for i := 2; i <= 100; i++ {
		e.postJSON("/api/matches/"+created.ID+"/join", "", map[string]string{"name": fmt.Sprintf("P%d", i)}, nil)
	}
	e.postJSON("/api/matches/"+created.ID+"/start", created.Token, struct{}{}, nil)

	ctx := browser(t, "")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+created.ID))
	waitJS(t, ctx, `performance.getEntriesByName("sheet-shown").length > 0`)
	if n := evalString(t, ctx, `String(document.querySelectorAll('#opponents .opponent').length)`); n != "99" {
		t.Errorf("a spectator of 100 players sees %s other sheets, want 99", n)
	}
	t.Logf("100 players, spectator: page load to the first table %s ms",
		evalString(t, ctx, `performance.getEntriesByName("sheet-shown")[0].startTime.toFixed(0)`))

	// Seat 0 in the same browser: a rotation redraws the table, the 99 small sheets included.
	evalString(t, ctx, `localStorage.setItem("surveyor.seat.`+created.ID+`", JSON.stringify({token: "`+created.Token+`", seat: 0})), ""`)
	run(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `!!document.querySelector('#table') && document.querySelector('#table').dataset.mustAct === "1"`)
	ms := evalString(t, ctx, `(() => { const t0 = performance.now();
		document.dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
		return (performance.now() - t0).toFixed(1); })()`)
	if o := evalString(t, ctx, `document.querySelector('#main-sheet .preview').dataset.orient`); o != "1" {
		t.Errorf("after R the shape's orientation is %q, want a quarter turn", o)
	}
	if _, err := strconv.ParseFloat(ms, 64); err != nil {
		t.Fatal(err)
	}
	t.Logf("100 players: one rotation redraws the table in %s ms", ms)
}
