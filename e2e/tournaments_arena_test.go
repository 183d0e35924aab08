package e2e

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/server"
)

// testClock is the server's clock in a test: it moves only when the test says.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// arenaBook keeps an arena's points from its games' results by docs/tournaments.md: a win 2, a draw 1, a
// loss 0; after two wins in a row a player is on fire and scores double until a game not won.
type arenaBook struct {
	points       map[string]int
	wins, games  map[string]int
	streak       map[string]int
	lastOpponent map[string]string
	doubled      int // games won on fire
}

func newArenaBook() *arenaBook {
	return &arenaBook{points: map[string]int{}, wins: map[string]int{}, games: map[string]int{}, streak: map[string]int{},
		lastOpponent: map[string]string{}}
}

// add records a game won by winner against loser.
func (b *arenaBook) add(winner, loser string) {
	gain := 2
	if b.streak[winner] >= 2 {
		gain = 4
		b.doubled++
	}
	b.points[winner] += gain
	b.wins[winner]++
	b.streak[winner]++
	b.streak[loser] = 0
	for _, p := range []string{winner, loser} {
		b.games[p]++
	}
	b.lastOpponent[winner], b.lastOpponent[loser] = loser, winner
}

func (b *arenaBook) onFire(p string) bool { return b.streak[p] >= 2 }

// TestTournamentArenaInTheBrowser: an arena of four, ten minutes of the server's clock. Ada watches its
// page: everyone is paired at the start; each finished game's players are paired again at once (shown with
// their game's link); she pauses and comes back by the page's buttons; the points, wins, games and the fire
// shown are those this test works out from the results; when the time is up it ends (the games then in
// play do not count) and the podium shows.
func TestTournamentArenaInTheBrowser(t *testing.T) {
	t.Parallel()
	clock := &testClock{now: time.Now().Truncate(time.Second)}
	e := newEnvWith(t, 33, func(c *server.Config) { c.Now = clock.Now })
	names := []string{"Ada", "Bea", "Cyd", "Dee"}
	ps := map[string]*player{}
	for _, n := range names {
		ps[n] = newPlayer(t, e.url, n)
	}
	var made struct{ ID string }
	ps["Ada"].must("POST", "/api/tournaments", map[string]any{"name": "Sunday blitz", "game": "carcassonne", "format": "arena", "clock": map[string]any{"mode": "game", "seconds": 1209600},
		"duration_seconds": 600, "starts_at": clock.Now().Add(time.Hour).Format(time.RFC3339)}, &made)
	id := made.ID
	for _, n := range names {
		ps[n].must("POST", "/api/tournaments/"+id+"/join", map[string]any{}, nil)
	}
	ctx := browser(t, "fr-FR")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+id))
	waitJS(t, ctx, `!!document.querySelector('#tour-start-now')`)
	click(t, ctx, "#tour-start-now")
	waitJS(t, ctx, `document.querySelector('#tour-status')?.textContent === "En cours"`)
	if got := evalString(t, ctx, `document.querySelector('#tour-countdown').textContent`); !strings.HasPrefix(got, "Fin dans ") {
		t.Errorf("a running arena's countdown reads %q", got)
	}

	book := newArenaBook()
	playing := func(want int) []tourPairing {
		t.Helper()
		var games []tourPairing
		waitFor(t, fmt.Sprintf("%d games in play", want), func() bool {
			games = nil
			rs := ps["Ada"].rounds(id)
			if len(rs) == 0 {
				return want == 0
			}
			for _, p := range rs[0].Pairings {
				if p.Status == "playing" && p.Match != "" {
					games = append(games, p)
				}
			}
			return len(games) == want
		})
		return games
	}
	// shownGames waits until the page lists every game in play of the API's.
	shownGames := func(games []tourPairing) {
		t.Helper()
		for _, g := range games {
			waitJS(t, ctx, fmt.Sprintf(`(li => !!li && li.querySelector('[data-game-link]')?.getAttribute('href') === "/m/%s" && [...li.querySelectorAll('[data-seat-name]')].map(s => s.dataset.seatName).join() === "%s")(document.querySelector('#tour-rounds li[data-match="%s"]'))`,
				g.Match, g.Seats[0].Name+","+g.Seats[1].Name, g.Match))
		}
	}
	games := playing(2)
	shownGames(games)
	// Eight games end one after the other: the earlier name wins, but every third game the later one does,
	// unless the earlier is on fire (so that a game is won on fire before the end: the games in play at the
	// end do not count).
	for k := 1; k <= 8; k++ {
		g := games[0]
		a, b := g.Seats[0].Name, g.Seats[1].Name
		winner, loser := min(a, b), max(a, b)
		if k%3 == 0 && !book.onFire(winner) {
			winner, loser = loser, winner
		}
		ps[loser].must("POST", "/api/matches/"+g.Match+"/resign", nil, nil)
		book.add(winner, loser)
		clock.Advance(30 * time.Second)
		// Paired again at once: the two are in a game again (the others still play theirs).
		games = playing(2)
		again := slices.ContainsFunc(games, func(p tourPairing) bool {
			return slices.ContainsFunc(p.Seats, func(s tourSeat) bool { return s.Name == winner }) &&
				slices.ContainsFunc(p.Seats, func(s tourSeat) bool { return s.Name == loser })
		})
		if !again {
			t.Errorf("game %d: %s and %s were not paired again at once: %+v", k, winner, loser, games)
		}
		shownGames(games)
		if k == 4 {
			checkArenaShown(t, ctx, book)
			noAxeViolations(t, ctx, "an arena")
			shot(t, ctx, "tour-arena")
			phoneShot(t, ctx, "tour-arena-phone", 1280, 1200)
			// Ada pauses and comes back, by the page's buttons.
			click(t, ctx, "#tour-pause")
			waitJS(t, ctx, `!!document.querySelector('#tour-resume') && !!document.querySelector('#tour-players li[data-player="Ada"]')?.textContent.includes("en pause")`)
			click(t, ctx, "#tour-resume")
			waitJS(t, ctx, `!!document.querySelector('#tour-pause')`)
		}
		// Her own game is one tap away, whenever she has one.
		for _, p := range games {
			if p.Seats[0].Name == "Ada" || p.Seats[1].Name == "Ada" {
				waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#tour-your-game')?.getAttribute('href') === "/m/%s"`, p.Match))
			}
		}
	}
	checkArenaShown(t, ctx, book)

	// The time is up: the arena ends, nobody is paired again; the games still in play then end (the earlier
	// name wins) and no longer count (docs/tournaments.md), so the book leaves them out.
	clock.Advance(10 * time.Minute)
	for _, g := range games {
		a, b := g.Seats[0].Name, g.Seats[1].Name
		ps[max(a, b)].must("POST", "/api/matches/"+g.Match+"/resign", nil, nil)
	}
	waitFor(t, "the arena's end", func() bool { return ps["Bea"].tournament(id).Status == "finished" })
	playing(0)
	waitJS(t, ctx, `document.querySelector('#tour-status')?.textContent === "Terminé" && !!document.querySelector('#tour-podium')`)
	rows := checkArenaShown(t, ctx, book)
	if book.doubled == 0 {
		t.Error("no game was won on fire: the test's results no longer try the streak")
	}
	var podium []string
	evalJSON(t, ctx, `JSON.stringify([1, 2, 3].map(i => document.querySelector('#tour-podium [data-place="' + i + '"] .podium-name').textContent))`, &podium)
	if want := []string{rows[0].Name, rows[1].Name, rows[2].Name}; !slices.Equal(podium, want) {
		t.Errorf("podium %v, the standings' top three %v", podium, want)
	}
	shot(t, ctx, "tour-arena-finished")
	phoneShot(t, ctx, "tour-arena-finished-phone", 1280, 1200)
}

// checkArenaShown compares the arena's standings on the page (once caught up with the book) with the
// book's points, wins, games and fire, and their order; it returns the rows.
func checkArenaShown(t *testing.T, ctx context.Context, b *arenaBook) []shownRow {
	t.Helper()
	games := 0
	for _, n := range b.games {
		games += n
	}
	waitJS(t, ctx, fmt.Sprintf(`[...document.querySelectorAll('#tour-standings td[data-col="games"]')].reduce((s, td) => s + Number(td.textContent), 0) === %d`, games))
	rows := shownStandings(t, ctx)
	if len(rows) != 4 {
		t.Fatalf("%d standings rows shown", len(rows))
	}
	for i, r := range rows {
		want := map[string]string{"points": fmt.Sprint(b.points[r.Name]), "wins": fmt.Sprint(b.wins[r.Name]),
			"games": fmt.Sprint(b.games[r.Name]), "fire": map[bool]string{true: "1", false: "0"}[b.onFire(r.Name)]}
		for k, v := range want {
			if r.Cells[k] != v {
				t.Errorf("%s's %s shown %q, the games give %q", r.Name, k, r.Cells[k], v)
			}
		}
		if i > 0 {
			p := rows[i-1].Name
			if c := cmp.Or(cmp.Compare(b.points[p], b.points[r.Name]), cmp.Compare(b.wins[p], b.wins[r.Name])); c < 0 {
				t.Errorf("%s ranked above %s: %d/%d against %d/%d", p, r.Name, b.points[p], b.wins[p], b.points[r.Name], b.wins[r.Name])
			}
		}
	}
	return rows
}
