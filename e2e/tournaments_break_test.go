package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/server"
)

// TestTournamentRoundBreakInTheBrowser: a 2-round Swiss of two, full, read by Cyd, who is not in it and
// whose clock runs three hours behind the server's. Her page says "Full" where the Join button was; after
// round 1 it counts down the break to round 2 by the server's clock; when the server's clock reaches the
// break's end, round 2 is paired by itself and the page says so.
func TestTournamentRoundBreakInTheBrowser(t *testing.T) {
	clock := &testClock{now: time.Now().Add(3 * time.Hour).Truncate(time.Second)}
	e := newEnvWith(t, 37, func(c *server.Config) { c.Now = clock.Now })
	ps := map[string]*player{}
	for _, n := range []string{"Ada", "Bea", "Cyd"} {
		ps[n] = newPlayer(t, e.url, n)
	}
	var made struct{ ID string }
	ps["Ada"].must("POST", "/api/tournaments", map[string]any{"name": "Two rounds", "game": "carcassonne", "format": "swiss", "clock": map[string]any{"mode": "game", "seconds": 1209600},
		"rounds": 2, "max_players": 2, "round_break_seconds": 150, "starts_at": clock.Now().Add(time.Hour).Format(time.RFC3339)}, &made)
	id := made.ID
	for _, n := range []string{"Ada", "Bea"} {
		ps[n].must("POST", "/api/tournaments/"+id+"/join", map[string]any{}, nil)
	}
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Cyd", "password": "correct horse"}, &struct{}{})
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+id))
	waitJS(t, ctx, `document.querySelector('#tour-full')?.textContent === "Full" && !document.querySelector('#tour-join')`)
	noAxeViolations(t, ctx, "a full tournament")
	shot(t, ctx, "tour-full")

	ps["Ada"].must("POST", "/api/tournaments/"+id+"/start", map[string]any{}, nil)
	var game string
	waitFor(t, "round 1", func() bool {
		rs := ps["Ada"].rounds(id)
		if len(rs) == 1 && rs[0].Pairings[0].Match != "" {
			game = rs[0].Pairings[0].Match
		}
		return game != ""
	})
	waitJS(t, ctx, `document.querySelector('#tour-countdown')?.textContent === "Round 1 of 2 in play"`)
	ps["Bea"].must("POST", "/api/matches/"+game+"/resign", nil, nil)
	// 150 s by the server's clock, which stands still: "2 min" (by the browser's, 3 h 2 min)
	waitJS(t, ctx, `document.querySelector('#tour-countdown')?.textContent === "Round 2 in 2 min"`)
	shot(t, ctx, "tour-break")
	clock.Advance(150 * time.Second)
	waitJS(t, ctx, `document.querySelector('#tour-countdown')?.textContent === "Round 2 of 2 in play" &&
		!!document.querySelector('#tour-rounds details[data-round="2"] li.pairing [data-game-link]')`)
	if n := len(ps["Bea"].rounds(id)); n != 2 {
		t.Fatalf("%d rounds after the break, want 2", n)
	}
}
