package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// swissBook is what the test knows of a Swiss from its games' results alone: each player's points and
// opponents, the games won and drawn. Its tie-breaks follow docs/tournaments.md, not the server's code.
type swissBook struct {
	points   map[string]float64
	met      map[string][]string
	beat     map[string][]string
	drew     map[string][]string
	pairedAt map[[2]string]int
}

func newSwissBook() *swissBook {
	return &swissBook{points: map[string]float64{}, met: map[string][]string{}, beat: map[string][]string{},
		drew: map[string][]string{}, pairedAt: map[[2]string]int{}}
}

// add records one finished game of round n.
func (b *swissBook) add(t *testing.T, n int, names [2]string, pts [2]float64) {
	t.Helper()
	key := [2]string{min(names[0], names[1]), max(names[0], names[1])}
	if r, ok := b.pairedAt[key]; ok {
		t.Errorf("%s and %s met in round %d and again in round %d", names[0], names[1], r, n)
	}
	b.pairedAt[key] = n
	for i, me := range names {
		other := names[1-i]
		b.points[me] += pts[i]
		b.met[me] = append(b.met[me], other)
		switch pts[i] {
		case 1:
			b.beat[me] = append(b.beat[me], other)
		case 0.5:
			b.drew[me] = append(b.drew[me], other)
		}
	}
}

// bye records a round's bye: a point, and no opponent (docs/tournaments.md).
func (b *swissBook) bye(p string) { b.points[p]++ }

// buchholz is the sum of the final points of the opponents met.
func (b *swissBook) buchholz(p string) float64 {
	s := 0.0
	for _, o := range b.met[p] {
		s += b.points[o]
	}
	return s
}

// sb (Sonneborn-Berger) is the points of each opponent beaten plus half those of each drawn.
func (b *swissBook) sb(p string) float64 {
	s := 0.0
	for _, o := range b.beat[p] {
		s += b.points[o]
	}
	for _, o := range b.drew[p] {
		s += b.points[o] / 2
	}
	return s
}

// TestTournamentSwissInTheBrowser: Ada creates a 3-round Swiss of Carcassonne from the tournaments page,
// joins it there, five others join through the API and she starts it with the page's button. Every game
// is played out through the API (legal moves), while her page follows: each round's pairings and game
// links as paired, her own game one tap away (and it opens her table), the standings' points, Buchholz
// and Sonneborn-Berger against the values this test works out from the games' records, and at the end the
// podium.
func TestTournamentSwissInTheBrowser(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 32)
	ctx := browser(t, "en-US")
	names := []string{"Ada", "Bea", "Cyd", "Dee", "Eve", "Fay"}
	ps := map[string]*player{}
	for _, n := range names {
		ps[n] = newPlayer(t, e.url, n)
	}
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})

	// The header's link leads to the list and its form.
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#signed-in-as')`)
	click(t, ctx, "#nav-tournaments")
	waitJS(t, ctx, `!!document.querySelector('#tour-form') && !!document.querySelector('#tour-upcoming')`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#tour-name"), "Tuesday night"),
		chromedp.SetValue(chromedp.CSS("#tour-game"), "carcassonne"))
	evalString(t, ctx, `document.querySelector('#tour-game').dispatchEvent(new Event('change', {bubbles: true})), ""`)
	// no break between the rounds: the test's clock is the real one (TestTournamentRoundBreakInTheBrowser has one)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#tour-rounds"), "3"), chromedp.SetValue(chromedp.CSS("#tour-break"), "0"))
	noAxeViolations(t, ctx, "the tournaments list and form")
	shot(t, ctx, "tour-create")
	phoneShot(t, ctx, "tour-create-phone", 1280, 1200)
	click(t, ctx, "#tour-submit")
	waitJS(t, ctx, `location.pathname.startsWith("/t/") && !!document.querySelector('#tour-join')`)
	id := strings.TrimPrefix(evalString(t, ctx, `location.pathname`), "/t/")
	if got := evalString(t, ctx, `document.querySelector('#tour-status').textContent`); got != "Upcoming" {
		t.Errorf("a new tournament's status reads %q", got)
	}

	// Joining twice is refused in words; the others join through the API.
	click(t, ctx, "#tour-join")
	waitJS(t, ctx, `!!document.querySelector('#tour-leave')`)
	// Starting alone is refused, in words, and changes nothing.
	click(t, ctx, "#tour-start-now")
	waitJS(t, ctx, `document.querySelector('#tour-error')?.textContent === "Too few players to start."`)
	if got := evalString(t, ctx, `document.querySelector('#tour-status').textContent`); got != "Upcoming" {
		t.Errorf("after a refused start the status reads %q", got)
	}
	for _, n := range names[1:] {
		ps[n].must("POST", "/api/tournaments/"+id+"/join", map[string]any{}, nil)
	}
	if code, out := ps["Bea"].do("POST", "/api/tournaments/"+id+"/join", map[string]any{}); code != 409 || !strings.Contains(string(out), "already_joined") {
		t.Errorf("joining twice: %d %s", code, out)
	}
	waitJS(t, ctx, `document.querySelectorAll('#tour-players li[data-player]').length === 6`)
	shot(t, ctx, "tour-upcoming")
	click(t, ctx, "#tour-start-now")
	waitJS(t, ctx, `document.querySelector('#tour-status').textContent === "Running"`)

	book := newSwissBook()
	adaLast := "" // the match of Ada's latest game
	for n := 1; n <= 3; n++ {
		var r tourRound
		waitFor(t, fmt.Sprintf("round %d", n), func() bool {
			rs := ps["Ada"].rounds(id)
			if len(rs) < n {
				return false
			}
			r = rs[n-1]
			return len(r.Pairings) == 3 && !slices.ContainsFunc(r.Pairings, func(p tourPairing) bool { return p.Match == "" })
		})
		// The page shows the round as paired, each game's link to its table.
		var links []string
		for _, p := range r.Pairings {
			links = append(links, fmt.Sprintf(`#tour-rounds details[data-round="%d"] li[data-match="%s"]`, n, p.Match))
		}
		sels, _ := json.Marshal(links)
		waitJS(t, ctx, fmt.Sprintf(`%s.every(sel => !!document.querySelector(sel))`, sels))
		if diff := sameMaps(expectedPairings(r), shownPairings(t, ctx, n)); diff != "" {
			t.Errorf("round %d: %s", n, diff)
		}
		seen := map[string]bool{}
		for _, p := range r.Pairings {
			for _, s := range p.Seats {
				if seen[s.Name] {
					t.Errorf("round %d: %s plays twice", n, s.Name)
				}
				seen[s.Name] = true
			}
		}
		if len(seen) != 6 {
			t.Errorf("round %d pairs %d players, want 6", n, len(seen))
		}
		// Ada's own game, one tap away.
		ada := r.Pairings[slices.IndexFunc(r.Pairings, func(p tourPairing) bool {
			return slices.ContainsFunc(p.Seats, func(s tourSeat) bool { return s.Name == "Ada" })
		})]
		waitJS(t, ctx, fmt.Sprintf(`(a => !!a && a.getAttribute('href') === "/m/%s")(document.querySelector('#tour-your-game'))`, ada.Match))
		adaLast = ada.Match
		if n == 1 {
			noAxeViolations(t, ctx, "a running Swiss")
			shot(t, ctx, "tour-running")
			phoneShot(t, ctx, "tour-running-phone", 1280, 1200)
			// The round's note is on the bell, in words, and leads to her game.
			click(t, ctx, "#bell")
			waitJS(t, ctx, `[...document.querySelectorAll('#notes-panel li.note a')].some(a => a.textContent === "Tuesday night · A tournament round is paired: your game of Carcassonne starts." && a.getAttribute('href') === "/m/`+ada.Match+`")`)
			click(t, ctx, "#bell")
			click(t, ctx, "#tour-your-game")
			waitJS(t, ctx, `location.pathname === "/m/`+ada.Match+`" && !!document.querySelector('#carc-board')`)
			run(t, ctx, chromedp.NavigateBack())
			waitJS(t, ctx, `!!document.querySelector('#tour-your-game')`)
		}
		for _, p := range r.Pairings {
			playOut(t, p.Match, map[string]*player{p.Seats[0].Name: ps[p.Seats[0].Name], p.Seats[1].Name: ps[p.Seats[1].Name]})
			got, pts := outcome(t, ps["Ada"], p.Match)
			if got != [2]string{p.Seats[0].Name, p.Seats[1].Name} {
				t.Errorf("match %s seats %v, the pairing says %v", p.Match, got, p.Seats)
			}
			book.add(t, n, got, pts)
		}
		if n == 2 {
			checkSwissShown(t, ctx, book, false)
			shot(t, ctx, "tour-running-2")
		}
	}
	waitJS(t, ctx, `document.querySelector('#tour-status').textContent === "Finished" && !!document.querySelector('#tour-podium')`)
	rows := checkSwissShown(t, ctx, book, true)
	// A game of the tournament leads back to it from its end screen.
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+adaLast))
	waitJS(t, ctx, `document.querySelector('#to-tournament')?.getAttribute('href') === "/t/`+id+`"`)
	click(t, ctx, "#to-tournament")
	waitJS(t, ctx, `location.pathname === "/t/`+id+`" && !!document.querySelector('#tour-podium')`)
	if !strings.Contains(evalString(t, ctx, `document.querySelector('#tour-podium').textContent`), rows[0].Name) {
		t.Errorf("the podium %q lacks the winner %s", evalString(t, ctx, `document.querySelector('#tour-podium').textContent`), rows[0].Name)
	}
	var podium []string
	evalJSON(t, ctx, `JSON.stringify([1, 2, 3].map(i => document.querySelector('#tour-podium [data-place="' + i + '"] .podium-name').textContent))`, &podium)
	if want := []string{rows[0].Name, rows[1].Name, rows[2].Name}; !slices.Equal(podium, want) {
		t.Errorf("podium %v, the standings' top three %v", podium, want)
	}
	// The end's note on the bell says her place, in words, and leads to the tournament.
	place := slices.IndexFunc(rows, func(r shownRow) bool { return r.Name == "Ada" }) + 1
	click(t, ctx, "#bell")
	waitJS(t, ctx, fmt.Sprintf(`[...document.querySelectorAll('#notes-panel li.note a')].some(a => a.textContent === "Tuesday night · Your Carcassonne tournament is over: you placed %s." && a.getAttribute('href') === "/t/%s")`,
		englishOrdinal(place), id))
	click(t, ctx, "#bell")
	if evalString(t, ctx, `String(!!document.querySelector('#tour-your-game'))`) != "false" {
		t.Error("a finished tournament still offers a game to play")
	}
	noAxeViolations(t, ctx, "a finished Swiss")
	shot(t, ctx, "tour-finished")
	phoneShot(t, ctx, "tour-finished-phone", 1280, 1200)
	fitsWidth(t, ctx, "a finished Swiss")
	setLang(t, ctx, "pt")
	waitJS(t, ctx, `document.querySelector('#tour-status')?.textContent === "Encerrado" && !!document.querySelector('#tour-podium')`)
	shot(t, ctx, "tour-finished-pt")
	phoneShot(t, ctx, "tour-finished-phone-pt", 1280, 1200)
}

// checkSwissShown compares the standings the page shows (once they have caught up with the book) with the
// book's points, Buchholz and Sonneborn-Berger, and their order; it returns the rows.
func checkSwissShown(t *testing.T, ctx context.Context, b *swissBook, final bool) []shownRow {
	t.Helper()
	games := 0
	for _, m := range b.met {
		games += len(m)
	}
	// The page polls: it has caught up when its games played add up to the book's.
	waitJS(t, ctx, fmt.Sprintf(`[...document.querySelectorAll('#tour-standings td[data-col="games"]')].reduce((s, td) => s + Number(td.textContent), 0) === %d`, games))
	rows := shownStandings(t, ctx)
	if len(rows) != len(b.points) {
		t.Fatalf("%d standings rows shown, want %d", len(rows), len(b.points))
	}
	for i, r := range rows {
		want := map[string]string{"points": fraction(b.points[r.Name]), "buchholz": fraction(b.buchholz(r.Name)),
			"sonneborn_berger": fraction(b.sb(r.Name)), "games": fmt.Sprint(len(b.met[r.Name]))}
		for k, v := range want {
			if r.Cells[k] != v {
				t.Errorf("%s's %s shown %q, the games give %q", r.Name, k, r.Cells[k], v)
			}
		}
		if r.Rank != fmt.Sprint(i+1) {
			t.Errorf("row %d ranked %s", i+1, r.Rank)
		}
		if i > 0 {
			p := rows[i-1].Name
			if c := cmp.Or(cmp.Compare(b.points[p], b.points[r.Name]), cmp.Compare(b.buchholz(p), b.buchholz(r.Name)),
				cmp.Compare(b.sb(p), b.sb(r.Name))); c < 0 {
				t.Errorf("%s ranked above %s: %v/%v/%v against %v/%v/%v", p, r.Name, b.points[p], b.buchholz(p), b.sb(p),
					b.points[r.Name], b.buchholz(r.Name), b.sb(r.Name))
			}
		}
	}
	if final {
		t.Logf("final standings: %+v", rows)
	}
	return rows
}

// noAxeViolations fails the test on any serious or critical WCAG violation axe-core finds on the page.
func noAxeViolations(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	for _, v := range axeViolations(t, ctx) {
		t.Errorf("%s: %s", what, v)
	}
}

// englishOrdinal writes a place of six or fewer as English does ("1st", "2nd", "3rd", "4th").
func englishOrdinal(n int) string {
	if suffix, ok := map[int]string{1: "st", 2: "nd", 3: "rd"}[n]; ok {
		return fmt.Sprint(n, suffix)
	}
	return fmt.Sprint(n, "th")
}
