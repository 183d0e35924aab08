package e2e

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTournamentArenaLateJoinInTheBrowser: the page of a running arena of three offers Join to a signed-in
// player who is not in it; once clicked, she is paired with the one who waited and her game is one tap away.
func TestTournamentArenaLateJoinInTheBrowser(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 34)
	ps := map[string]*player{}
	for _, n := range []string{"Ada", "Bea", "Cyd", "Dee"} {
		ps[n] = newPlayer(t, e.url, n)
	}
	var made struct{ ID string }
	ps["Ada"].must("POST", "/api/tournaments", map[string]any{"name": "Late blitz", "game": "carcassonne", "format": "arena", "clock": map[string]any{"mode": "game", "seconds": 1209600},
		"duration_seconds": 600, "starts_at": time.Now().Add(time.Hour).Format(time.RFC3339)}, &made)
	id := made.ID
	for _, n := range []string{"Ada", "Bea", "Cyd"} {
		ps[n].must("POST", "/api/tournaments/"+id+"/join", map[string]any{}, nil)
	}
	ps["Ada"].must("POST", "/api/tournaments/"+id+"/start", map[string]any{}, nil)
	waitFor(t, "the first game", func() bool { rs := ps["Ada"].rounds(id); return len(rs) == 1 && rs[0].Pairings[0].Match != "" })

	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Dee", "password": "correct horse"}, &struct{}{})
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+id))
	waitJS(t, ctx, `document.querySelector('#tour-status')?.textContent === "Running" && !!document.querySelector('#tour-join') && !document.querySelector('#tour-your-game')`)
	noAxeViolations(t, ctx, "a running arena one may join")
	shot(t, ctx, "tour-arena-join")
	phoneShot(t, ctx, "tour-arena-join-phone", 1280, 1200)
	click(t, ctx, "#tour-join")

	var mine tourPairing
	waitFor(t, "Dee's game", func() bool {
		rs := ps["Ada"].rounds(id)
		i := slices.IndexFunc(rs[0].Pairings, func(p tourPairing) bool {
			return slices.ContainsFunc(p.Seats, func(s tourSeat) bool { return s.Name == "Dee" })
		})
		if i >= 0 {
			mine = rs[0].Pairings[i]
		}
		return i >= 0 && mine.Match != ""
	})
	if mine.Status != "playing" || len(ps["Ada"].rounds(id)[0].Pairings) != 2 {
		t.Fatalf("Dee's game %+v: want her paired at once with the one who waited", mine)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#tour-your-game')?.getAttribute('href') === "/m/%s" && !document.querySelector('#tour-join') && !!document.querySelector('#tour-withdraw')`, mine.Match))
	shot(t, ctx, "tour-arena-joined")
	phoneShot(t, ctx, "tour-arena-joined-phone", 1280, 1200)
}

// TestTournamentArenaJoinAfterMissedCheckIn: Dee joined an arena with a check-in but missed it; once it
// runs, her page offers Join again (not pause), and clicking it pairs her with the one who waited.
func TestTournamentArenaJoinAfterMissedCheckIn(t *testing.T) {
	e := newEnv(t, 38)
	ps := map[string]*player{}
	for _, n := range []string{"Ada", "Bea", "Cyd", "Dee"} {
		ps[n] = newPlayer(t, e.url, n)
	}
	var made struct{ ID string }
	ps["Ada"].must("POST", "/api/tournaments", map[string]any{"name": "Checked blitz", "game": "carcassonne", "format": "arena", "clock": map[string]any{"mode": "game", "seconds": 1209600},
		"duration_seconds": 600, "check_in_seconds": 7200, "starts_at": time.Now().Add(time.Hour).Format(time.RFC3339)}, &made)
	id := made.ID
	for _, n := range []string{"Ada", "Bea", "Cyd", "Dee"} {
		ps[n].must("POST", "/api/tournaments/"+id+"/join", map[string]any{}, nil)
	}
	for _, n := range []string{"Ada", "Bea", "Cyd"} {
		ps[n].must("POST", "/api/tournaments/"+id+"/checkin", map[string]any{}, nil)
	}
	ps["Ada"].must("POST", "/api/tournaments/"+id+"/start", map[string]any{}, nil)
	waitFor(t, "the first game", func() bool { rs := ps["Ada"].rounds(id); return len(rs) == 1 && rs[0].Pairings[0].Match != "" })

	ctx := browser(t, "pt-BR")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Dee", "password": "correct horse"}, &struct{}{})
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+id))
	waitJS(t, ctx, `document.querySelector('#tour-join')?.textContent === "Inscrever-se" && !document.querySelector('#tour-pause')`)
	click(t, ctx, "#tour-join")
	waitFor(t, "Dee's game", func() bool {
		return slices.ContainsFunc(ps["Ada"].rounds(id)[0].Pairings, func(p tourPairing) bool {
			return p.Match != "" && slices.ContainsFunc(p.Seats, func(s tourSeat) bool { return s.Name == "Dee" })
		})
	})
	waitJS(t, ctx, `!!document.querySelector('#tour-your-game') && !document.querySelector('#tour-join') && !!document.querySelector('#tour-pause')`)
}
