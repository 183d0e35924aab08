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
	t.Parallel()
	e := newEnv(t, 3)
	var created struct {
		ID    string `json:"id"`
		Token string `json:"token"`
	}
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "P1", "max_seats": 100}, &created)
	var joinTokens []string
	for i := 2; i <= 100; i++ {
		var j struct{ Token string }
		e.postJSON("/api/matches/"+created.ID+"/join", "", map[string]string{"name": fmt.Sprintf("P%d", i)}, &j)
		joinTokens = append(joinTokens, j.Token)
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

	// The page follows the table through patches (only the moved sheet travels): after other seats move,
	// its state is the server's, seq and to_act alike, and their sheets show their new spaces.
	for seat := 2; seat <= 11; seat++ {
		var j struct{ Token string }
		j.Token = joinTokens[seat-2]
		moves := e.legal(created.ID, j.Token)
		e.postJSON("/api/matches/"+created.ID+"/moves", j.Token, map[string]any{"move": moves[0]}, nil)
	}
	var st struct {
		Seq   int64 `json:"seq"`
		Match struct {
			ToAct []int `json:"to_act"`
		} `json:"match"`
	}
	e.getJSON("/api/matches/"+created.ID, created.Token, &st)
	waitJS(t, ctx, `document.getElementById('app').dataset.seq === "`+strconv.FormatInt(st.Seq, 10)+`"`)
	if got := evalString(t, ctx, `String(document.querySelectorAll('#opponents .opponent').length)`); got != "99" {
		t.Errorf("after patches the page lists %s other sheets", got)
	}
	// Seats 1 to 10 have drawn: the page marks as still drawing exactly the others the server lists.
	want := strconv.Itoa(len(st.Match.ToAct) - 1) // seat 0, the page's own, is no opponent
	if got := evalString(t, ctx, `String(document.querySelectorAll('#opponents .opponent.drawing').length)`); got != want || want != "89" {
		t.Errorf("after patches %s opponents are shown drawing, the server says %s (want 89)", got, want)
	}
}
