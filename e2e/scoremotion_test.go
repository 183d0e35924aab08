package e2e

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// carcEvents is what these tests read of a Carcassonne view: the scoring events and whether it is over.
type carcEvents struct {
	View struct {
		Over   bool `json:"over"`
		ToAct  int  `json:"to_act"`
		Events []struct {
			Final     bool  `json:"final"`
			Points    int   `json:"points"`
			Receivers []int `json:"receivers"`
		} `json:"events"`
	} `json:"view"`
}

// reduceMotion makes a tab ask for less motion, as the system setting would.
func reduceMotion(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
		t.Fatal(err)
	}
}

// TestCarcassonnePointsTravel: two people play Carcassonne (the moves through the API) with their pages
// open. When a feature scores, "+N" flies from it to its player's score on Ada's page; Bea asks for less
// motion and nothing flies on hers. At the end, once the final dialog is closed, Ada's board steps through
// the features the final scoring counted, one after another, each outlined and marked in the list of
// scorings; Bea's board stays still.
func TestCarcassonnePointsTravel(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 7)
	a := browser(t, "en-US")
	b := incognito(t, a)
	var ada, bea created
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "max_seats": 2, "name": "Ada"}, &ada)
	e.postJSON("/api/matches/"+ada.ID+"/join", "", map[string]string{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+ada.ID+"/start", ada.Token, struct{}{}, nil)
	id := ada.ID
	storeSeat(t, a, e, id, ada.Token, 0, "Ada")
	storeSeat(t, b, e, id, bea.Token, 1, "Bea")
	reduceMotion(t, b)
	for _, ctx := range []context.Context{a, b} {
		run(t, ctx, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(e.url+"/m/"+id))
		waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
	}
	tokens := []string{ada.Token, bea.Token}
	flew := false
	for turn := 0; ; turn++ {
		var st carcEvents
		e.getJSON("/api/matches/"+id, ada.Token, &st)
		if st.View.Over {
			break
		}
		before := len(st.View.Events)
		tok := tokens[st.View.ToAct]
		e.postJSON("/api/matches/"+id+"/moves", tok, map[string]any{"move": pickCarc(e.carcLegal(id, tok), turn)}, nil)
		e.getJSON("/api/matches/"+id, ada.Token, &st)
		// The board in play, as people see it: desktop, phone, and zoomed in.
		if os.Getenv("SURVEYOR_SHOTS") != "" && turn == 40 {
			waitJS(t, a, fmt.Sprintf(`document.querySelectorAll('#carc-board .cell-tile').length === %d`, turn+2))
			artShots(t, a)
		}
		if flew || len(st.View.Events) == before || len(st.View.Events[before].Receivers) == 0 {
			continue
		}
		// A feature scored (not the final scoring): its points fly on Ada's page, not on Bea's.
		ev := st.View.Events[before]
		waitJS(t, a, fmt.Sprintf(`[...document.querySelectorAll('.fly-points')].some(f => f.textContent === %q && f.dataset.seat === "%d")`,
			fmt.Sprintf("+%d", ev.Points), ev.Receivers[0]))
		shot(t, a, "points-fly")
		waitJS(t, b, fmt.Sprintf(`document.querySelectorAll('#events li[data-event]').length >= %d`, len(st.View.Events)))
		if n := evalString(t, b, `String(document.querySelectorAll('.fly-points').length)`); n != "0" {
			t.Errorf("with less motion asked for, %s points fly", n)
		}
		flew = true
	}
	if !flew {
		t.Fatal("no feature scored before the end")
	}
	var st carcEvents
	e.getJSON("/api/matches/"+id, ada.Token, &st)
	finals := 0
	for _, ev := range st.View.Events {
		if ev.Final {
			finals++
		}
	}
	if finals < 2 {
		t.Fatalf("the final scoring counted %d features", finals)
	}
	// The steps follow one another on a timer: a poll on a loaded machine may look after a step has
	// passed. An observer in the page notes each step as it shows (its outline and its line in the list),
	// and the test waits on what it noted.
	run(t, a, chromedp.Evaluate[chromedp.Void](`window.seenSteps = new Set();
		new MutationObserver(() => document.querySelectorAll('#final-steps .final-step').forEach(r => {
			if (document.querySelector('ol.events li.stepping[data-event="' + r.dataset.event + '"]')) window.seenSteps.add(r.dataset.step);
		})).observe(document.body, { subtree: true, childList: true, attributes: true });`))
	for _, ctx := range []context.Context{a, b} {
		waitJS(t, ctx, `!!document.querySelector('#final-modal #final-close')`)
		if n := evalString(t, ctx, `String(document.querySelectorAll('#final-steps > *').length)`); n != "0" {
			t.Errorf("the final steps begin behind the dialog (%s outlined)", n)
		}
		click(t, ctx, "#final-modal #final-close")
	}
	// Ada's board: the first feature, then the second, each with its line in the list.
	waitJS(t, a, `window.seenSteps.has("0")`)
	shot(t, a, "carc-final-step")
	waitJS(t, a, `window.seenSteps.has("1")`)
	// Bea's board stays still.
	time.Sleep(300 * time.Millisecond)
	if n := evalString(t, b, `String(document.querySelectorAll('#final-steps > *, .fly-points, li.stepping').length)`); n != "0" {
		t.Errorf("with less motion asked for, the final scoring moves (%s elements)", n)
	}
	// A click on the board ends the steps.
	click(t, a, "#carc-board")
	waitJS(t, a, `document.querySelectorAll('#final-steps > *, li.stepping').length === 0`)
}

// artShots saves the Carcassonne table as people see it: 1440x900, a phone, and the board zoomed in.
func artShots(t *testing.T, ctx context.Context) {
	t.Helper()
	time.Sleep(1600 * time.Millisecond) // the points land
	shot(t, ctx, "art-carc-desktop")
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
	shot(t, ctx, "art-carc-phone")
	run(t, ctx, chromedp.EmulateViewport(1440, 900, chromedp.EmulateScale(2)))
	for i := 0; i < 3; i++ {
		click(t, ctx, "#zoom-in")
	}
	shot(t, ctx, "art-carc-zoomed")
	click(t, ctx, "#zoom-fit")
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
}

// TestSeasonPointsTravel: in a solo Cartographers game, when the first season's dialog closes, each part
// of the season's score flies to the score box's total: the two edicts' stars from their cards (the
// coins from the coin track, the monsters' loss from the map, when there are any). Asking for less
// motion, nothing flies.
func TestSeasonPointsTravel(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	for _, calm := range []bool{false, true} {
		id, token := e.startSolo("cartographers")
		ctx := browser(t, "en-US")
		if calm {
			reduceMotion(t, ctx)
		}
		run(t, ctx, chromedp.EmulateViewport(1440, 900))
		openTable(t, ctx, e, id, token, "en", `#main-sheet[data-ready]`)
		for turn := 0; evalString(t, ctx, `String(!!document.querySelector('#season-modal'))`) != "true"; turn++ {
			var st struct {
				View struct {
					Sheets []struct {
						Seasons []struct {
							Edicts [2]int `json:"edicts"`
						} `json:"seasons"`
					} `json:"sheets"`
				} `json:"view"`
			}
			e.getJSON("/api/matches/"+id, token, &st)
			if len(st.View.Sheets[0].Seasons) > 0 {
				waitJS(t, ctx, `!!document.querySelector('#season-modal #season-continue')`)
				break
			}
			moves := e.legal(id, token)
			e.postJSON("/api/matches/"+id+"/moves", token, map[string]any{"move": moves[pickMove(turn, len(moves))]}, nil)
		}
		var sc struct{ A, B int }
		evalJSON(t, ctx, `(() => { const s = [...document.querySelectorAll('#season-modal li strong')].map(x => Number(x.textContent)); return JSON.stringify({A: s[0], B: s[1]}); })()`, &sc)
		// The parts fly one after another (each edict's in its step): the page records them as they come.
		evalString(t, ctx, `(() => { window.flown = []; new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes)
			if (n.classList && n.classList.contains('fly-points')) window.flown.push(n); }).observe(document.body, { childList: true }); return ""; })()`)
		click(t, ctx, "#season-continue")
		if calm {
			time.Sleep(300 * time.Millisecond)
			if n := evalString(t, ctx, `String(document.querySelectorAll('.fly-points').length)`); n != "0" {
				t.Errorf("with less motion asked for, %s points fly", n)
			}
			continue
		}
		if sc.A+sc.B == 0 {
			t.Fatalf("the first season scored no edict stars (%+v): the test needs another seed", sc)
		}
		want := []string{}
		for _, n := range []int{sc.A, sc.B} {
			if n > 0 {
				want = append(want, strconv.Quote("+"+strconv.Itoa(n)))
			}
		}
		waitJS(t, ctx, fmt.Sprintf(`(f => f.length >= %d && [%s].every(w => f.includes(w)))(window.flown.filter(x => x.dataset.part === "edict").map(x => x.textContent))`,
			len(want), joinComma(want)))
		shot(t, ctx, "season-points-fly")
		if os.Getenv("SURVEYOR_SHOTS") != "" {
			time.Sleep(5500 * time.Millisecond)
			shot(t, ctx, "art-carto-desktop")
			phoneShot(t, ctx, "art-carto-phone", 1440, 900)
			run(t, ctx, chromedp.EmulateViewport(1440, 900, chromedp.EmulateScale(3)))
			shot(t, ctx, "art-carto-x3")
			run(t, ctx, chromedp.EmulateViewport(1440, 900))
		}
	}
}

func joinComma(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += ","
		}
		out += x
	}
	return out
}
