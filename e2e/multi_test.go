package e2e

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// earlyAmbushSeed finds a seed whose two-player base game reveals an ambush within the first turns, so
// that the browser test reaches one quickly. The deck order depends on the seed only, not on the moves.
func earlyAmbushSeed(t *testing.T) (seed uint64, turns int) {
	t.Helper()
	opts, err := cartographers.ParseOptions([]byte(`{"preset":"cartographers"}`))
	if err != nil {
		t.Fatal(err)
	}
	for seed = 1; seed < 500; seed++ {
		g, err := cartographers.NewGame(opts, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		for turns = 0; turns < 3 && !g.Over(); turns++ {
			v := g.View(0)
			if v.Decision != nil && v.Decision.Kind == "ambush" {
				return seed, turns
			}
			for _, s := range g.ToActSeats() {
				if err := g.Play(s, g.LegalMoves(s)[0]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Fatal("no seed below 500 reveals an ambush in the first three turns")
	return 0, 0
}

// TestTwoPlayers plays a whole two-player game in two browser contexts: invite link, join, start, a move
// clock, simultaneous draws, an undo, ambushes drawn on the neighbour's sheet and seen there, the four
// season scorings, the final scores checked against the engine's replay, and a spectator watching.
func TestTwoPlayers(t *testing.T) {
	t.Parallel()
	seed, ambushTurn := earlyAmbushSeed(t)
	e := newEnv(t, seed)
	a := browser(t, "en-US")
	b := incognito(t, a)

	run(t, a, chromedp.Navigate(e.url+"/"))
	waitJS(t, a, `!!document.querySelector('#create-form')`)
	run(t, a, chromedp.SendKeys(chromedp.CSS("#name"), "Ada"))
	click(t, a, "#mode-others")
	run(t, a, chromedp.SetValue(chromedp.CSS("#clock"), "custom"), chromedp.SetValue(chromedp.CSS("#clock-mode"), "move"),
		chromedp.SetValue(chromedp.CSS("#clock-amount"), "10"), chromedp.SetValue(chromedp.CSS("#clock-unit"), "60"))
	click(t, a, "#create")
	waitJS(t, a, `!!document.querySelector('#invite-link')`)
	invite := evalString(t, a, `document.querySelector('#invite-link').value`)
	id := matchID(t, a)
	if !strings.HasSuffix(invite, "/m/"+id) {
		t.Fatalf("invite link %q does not name match %s", invite, id)
	}

	run(t, b, chromedp.Navigate(invite))
	waitJS(t, b, `!!document.querySelector('#join-form')`)
	run(t, b, chromedp.SendKeys(chromedp.CSS("#join-name"), "Bea"))
	click(t, b, "#join")
	waitJS(t, a, `document.querySelectorAll('#players li').length === 2`)
	shot(t, a, "waiting-room")
	click(t, a, "#start")
	waitJS(t, a, `!!document.querySelector('#main-sheet[data-ready]')`)
	waitJS(t, b, `!!document.querySelector('#main-sheet[data-ready]')`)
	tokA, seatA := seatOf(t, a, id)
	// Bea leaves for the lobby and comes back to her seat from there.
	run(t, b, chromedp.Navigate(e.url+"/"))
	waitJS(t, b, `!!document.querySelector('a[data-resume="`+id+`"]')`)
	click(t, b, `a[data-resume="`+id+`"]`)
	waitJS(t, b, `!!document.querySelector('#main-sheet[data-ready]') && document.querySelector('#table').dataset.mustAct === "1"`)
	tokB, seatB := seatOf(t, b, id)
	if seatA != 0 || seatB != 1 {
		t.Fatalf("seats %d and %d, want 0 and 1", seatA, seatB)
	}

	// Both players see the move clock run, both clocks (they play at once), their own first.
	for i, ctx := range []context.Context{a, b} {
		waitJS(t, ctx, `/\d+:\d\d/.test(document.querySelector('#clock').textContent)`)
		got := evalString(t, ctx, `document.querySelector('#clock').textContent`)
		first, second := "Ada", "Bea"
		if i == 1 {
			first, second = second, first
		}
		if !regexp.MustCompile(first + ` \d+:\d\d · ` + second + ` \d+:\d\d`).MatchString(got) {
			t.Errorf("%s's clock reads %q: want both clocks, %s's first", first, got, first)
		}
	}

	// A spectator finds the game among the games in play in the lobby and watches it.
	spec := incognito(t, a)
	run(t, spec, chromedp.Navigate(e.url+"/"))
	waitJS(t, spec, `!!document.querySelector('a[data-watch="`+id+`"]')`)
	// The lobby tells the content set and map side, here the default base game on side A.
	if got := evalString(t, spec, `document.querySelector('[data-content="`+id+`"]').textContent`); got != "Cartographers · Map side A" {
		t.Errorf("lobby shows the match as %q, want \"Cartographers · Map side A\"", got)
	}
	shot(t, spec, "lobby-games")
	click(t, spec, `a[data-watch="`+id+`"]`)
	waitJS(t, spec, `!!document.querySelector('#main-sheet[data-ready]') && document.querySelectorAll('#opponents .opponent').length === 1`)

	// The first turn: Ada draws, takes it back with U (Bea has not drawn yet, so the turn is open), and
	// draws again; the page shows her waiting for Bea.
	first := e.legal(id, tokA)[0]
	playThroughPage(t, a, first, byClicks)
	waitJS(t, a, `!!document.querySelector('#waiting') && document.querySelector('#waiting').textContent.includes("Bea")`)
	shot(t, a, "waiting-for-other")
	seq := evalString(t, a, `document.getElementById('app').dataset.seq`)
	press(t, a, "u")
	waitJS(t, a, `Number(document.getElementById('app').dataset.seq) > `+seq+` && document.querySelector('#table').dataset.decision === "draw"`)
	playThroughPage(t, a, first, byKeys)

	type side struct {
		name   string
		token  string
		ambush cellMove
	}
	sides := []*side{{name: "Ada", token: tokA}, {name: "Bea", token: tokB}}
	began := time.Now()
	ambushes, seasons := 0, [2]int{}
	checkedMonsters := false
	over := [2]bool{}
	for turn := 0; !over[0] || !over[1]; turn++ {
		if turn > 150 {
			t.Fatal("the game did not end after 150 rounds")
		}
		if ambushes < 2 && turn > 2*ambushTurn+6 {
			t.Fatalf("no ambush after %d rounds; the seed search said turn %d", turn, ambushTurn)
		}
		acted := false
		for i, s := range sides {
			ctx := pick(a, b, i)
			switch pageState(t, ctx) {
			case "season":
				if i == 0 && seasons[0] == 0 {
					waitJS(t, ctx, `getComputedStyle(document.querySelector('#season-modal li.others')).opacity === "1"`)
					shot(t, ctx, "season-two-players")
				}
				seasons[i]++
				dismissSeason(t, ctx)
				acted = true
				continue
			case "final":
				over[i] = true
				continue
			case "":
				continue
			}
			moves := e.legal(id, s.token)
			if len(moves) == 0 {
				continue // the page has not caught up with the server yet
			}
			mv := moves[len(moves)/2]
			if mv.Type == "ambush" {
				if got := evalString(t, ctx, `document.querySelector('#main-sheet').dataset.sheet`); got != fmt.Sprint(1-i) {
					t.Fatalf("%s's ambush is drawn on sheet %s, want the neighbour's %d", s.name, got, 1-i)
				}
				if i == 0 && ambushes < 2 {
					shot(t, ctx, "ambush")
				}
				if ambushes < 2 {
					s.ambush = mv
				}
				ambushes++
			}
			playThroughPage(t, ctx, mv, placing(turn%3))
			acted = true
		}
		if ambushes >= 2 && !checkedMonsters {
			checkedMonsters = true
			checkMonsters(t, a, b, sides[0].ambush, sides[1].ambush)
			shot(t, b, "after-ambush")
		}
		if !acted {
			waitEither(t, a, b, `!!document.querySelector('#season-continue') || !!document.querySelector('#final') ||
				(!!document.querySelector('#table') && document.querySelector('#table').dataset.decision !== "")`)
		}
	}
	t.Logf("two-player game played through the pages in %v", time.Since(began).Round(time.Millisecond))
	if seasons != [2]int{4, 4} {
		t.Errorf("season scorings shown: %v, want 4 to each player", seasons)
	}
	var rec game.Record
	e.getJSON("/api/matches/"+id+"/record", "", &rec)
	st, err := game.NewRegistry(cartographers.Definition{}).Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	res := st.Result()
	for _, ctx := range []context.Context{a, b} {
		for seat, want := range res.Scores {
			got := strings.TrimSpace(evalString(t, ctx, fmt.Sprintf(`document.getElementById('final-score-%d').textContent`, seat)))
			if got != strconv.Itoa(want) {
				t.Errorf("final score of seat %d shown as %s, the engine's replay gives %d", seat, got, want)
			}
		}
	}
	shot(t, a, "final-two-players")

	// A browser that has never loaded the client opens the match: the time to the first sheet drawn.
	cold := incognito(t, a)
	run(t, cold, chromedp.Navigate(e.url+"/m/"+id))
	waitJS(t, cold, `performance.getEntriesByName("sheet-shown").length > 0`)
	t.Logf("cold page load to the first sheet: %s ms", evalString(t, cold, `performance.getEntriesByName("sheet-shown")[0].startTime.toFixed(0)`))

	// The spectator sees both sheets and can enlarge the other one.
	waitJS(t, spec, `document.querySelector('#status').textContent.includes("You are watching")`)
	click(t, spec, "#opponents .opponent")
	waitJS(t, spec, `!!document.querySelector('#sheet-modal svg.sheet')`)
	shot(t, spec, "spectator-enlarged")
}

// checkMonsters: each ambush monster shows on its victim's own sheet, in the victim's page.
func checkMonsters(t *testing.T, a, b context.Context, byA, byB cellMove) {
	t.Helper()
	for i, mv := range []cellMove{byA, byB} {
		victim := pick(a, b, 1-i)
		for _, c := range mv.Cells {
			waitJS(t, victim, fmt.Sprintf(`(() => { const s = document.querySelector('#main-sheet');
				return !!s && s.dataset.sheet === "%d" && s.querySelector('[data-cell="%d,%d"]').dataset.kind === "monster"; })()`, 1-i, c[0], c[1]))
		}
	}
}

// pageState is what a player's page waits for: "season" (a scoring dialog), "final", a decision kind,
// or "" (waiting for the others).
func pageState(t *testing.T, ctx context.Context) string {
	t.Helper()
	return evalString(t, ctx, `document.querySelector('#season-continue') ? "season" :
		document.querySelector('#final') ? "final" :
		(document.querySelector('#table') && document.querySelector('#table').dataset.decision) || ""`)
}

// waitEither waits until cond holds in one of the two pages, polling each in turn.
func waitEither(t *testing.T, a, b context.Context, cond string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		for _, ctx := range []context.Context{a, b} {
			pctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
			_, err := chromedp.Run(pctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(20*time.Millisecond)))
			cancel()
			if err == nil {
				return
			}
		}
	}
	t.Fatalf("neither page reached %s", cond)
}

func pick[T any](a, b T, i int) T {
	if i == 0 {
		return a
	}
	return b
}
