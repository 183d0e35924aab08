package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/server"
	"github.com/surveyor-game/surveyor/store/postgres"
	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
	"github.com/surveyor-game/surveyor/web"
)

// twoPostgresInstances starts two servers on one fresh PostgreSQL schema (skipped, saying so, when
// SURVEYOR_TEST_POSTGRES is unset; scripts/test sets it) and returns their addresses.
func twoPostgresInstances(t *testing.T) [2]string {
	t.Helper()
	dbURL, schema := pgtest.Schema(t)
	var out [2]string
	for i := range out {
		st, err := postgres.Open(context.Background(), dbURL, postgres.Options{Schema: schema, MaxConns: 4})
		if err != nil {
			t.Fatal(err)
		}
		out[i] = serve(t, server.Config{Store: st, Accounts: st, Games: games.Registry(), Bots: games.Bots(),
			Static: web.FS(), RateLimit: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	}
	return out
}

// TestTournamentTwoInstancesShowTheSameStandings: a 2-round Swiss of five (a bye each round) on two
// instances of one PostgreSQL: the players join and play through either instance, and a page open on
// each instance shows the same pairings and the same standings, those this test works out from the
// games' records. Both instances wake at the end of the break between the rounds: round 2 is paired once.
func TestTournamentTwoInstancesShowTheSameStandings(t *testing.T) {
	t.Parallel()
	in := twoPostgresInstances(t)
	names := []string{"Ada", "Bea", "Cyd", "Dee", "Eve"}
	ps := map[string]*player{}
	for i, n := range names {
		ps[n] = newPlayer(t, in[i%2], n) // signed up, and acting, through either instance
	}
	var made struct{ ID string }
	ps["Ada"].must("POST", "/api/tournaments", map[string]any{"name": "Shared", "game": "carcassonne", "format": "swiss", "clock": map[string]any{"mode": "game", "seconds": 1209600},
		"rounds": 2, "round_break_seconds": 3, "starts_at": time.Now().Add(time.Hour).Format(time.RFC3339)}, &made)
	id := made.ID
	for _, n := range names {
		ps[n].must("POST", "/api/tournaments/"+id+"/join", map[string]any{}, nil)
	}
	ps["Ada"].must("POST", "/api/tournaments/"+id+"/start", map[string]any{}, nil)

	a := browser(t, "pt-BR")
	b := incognito(t, a)
	pages := []context.Context{a, b}
	for i, ctx := range pages {
		run(t, ctx, chromedp.Navigate(in[i]+"/t/"+id))
		waitJS(t, ctx, `document.querySelector('#tour-status')?.textContent === "Em andamento"`)
	}
	book := newSwissBook()
	for n := 1; n <= 2; n++ {
		var r tourRound
		waitFor(t, fmt.Sprintf("round %d", n), func() bool {
			rs := ps["Bea"].rounds(id)
			if len(rs) < n {
				return false
			}
			r = rs[n-1]
			return len(r.Pairings) == 3 && !slices.ContainsFunc(r.Pairings, func(p tourPairing) bool { return p.Match == "" && p.Status != "bye" })
		})
		if len(ps["Cyd"].rounds(id)) != n {
			t.Fatalf("round %d: the rounds are not %d", n, n)
		}
		for _, p := range r.Pairings {
			if p.Status == "bye" {
				book.bye(p.Seats[0].Name)
				continue
			}
			playOut(t, p.Match, map[string]*player{p.Seats[0].Name: ps[p.Seats[0].Name], p.Seats[1].Name: ps[p.Seats[1].Name]})
			got, pts := outcome(t, ps["Eve"], p.Match)
			book.add(t, n, got, pts)
		}
		r = ps["Ada"].rounds(id)[n-1] // as played
		for i, ctx := range pages {
			if diff := sameMaps(expectedPairings(r), waitPairings(t, ctx, n, r)); diff != "" {
				t.Errorf("instance %d, round %d: %s", i+1, n, diff)
			}
		}
	}
	waitFor(t, "the end", func() bool { return ps["Dee"].tournament(id).Status == "finished" })
	var shown [2][]shownRow
	for i, ctx := range pages {
		waitJS(t, ctx, `document.querySelector('#tour-status')?.textContent === "Encerrado" && !!document.querySelector('#tour-podium')`)
		shown[i] = checkSwissShown(t, ctx, book, true)
	}
	if fmt.Sprint(shown[0]) != fmt.Sprint(shown[1]) {
		t.Errorf("the instances' pages differ:\n%+v\n%+v", shown[0], shown[1])
	}
	shot(t, b, "tour-pg-second-instance")
}

// waitPairings waits until the page shows every game of round r (the page polls), then reads them.
func waitPairings(t *testing.T, ctx context.Context, n int, r tourRound) map[string]string {
	t.Helper()
	want := len(r.Pairings)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#tour-rounds details[data-round="%d"] li.pairing').length === %d &&
		[...document.querySelectorAll('#tour-rounds details[data-round="%d"] li.pairing')].every(li => li.classList.contains('pairing-bye') || li.classList.contains('pairing-finished'))`, n, want, n))
	return shownPairings(t, ctx, n)
}
