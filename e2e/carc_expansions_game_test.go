package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// pickExpansions chooses the test's move among the legal ones of a game with every expansion: the abbot's
// recall whenever it is offered, else the abbot whenever it may stand, else, in turn, the builder, the pig
// or the large meeple when one may stand, else a meeple every few turns (pickCarc), so that every figure
// stands and the abbot is taken back several times in a game.
func pickExpansions(moves []carcMove, turn int) carcMove {
	for _, m := range moves {
		if m.Recall != nil {
			return m
		}
	}
	for _, m := range moves {
		if m.Figure == "abbot" {
			return m
		}
	}
	if turn%2 == 1 {
		want := []string{"builder", "pig", "large"}[(turn/2)%3]
		var with []carcMove
		for _, m := range moves {
			if m.Figure == want {
				with = append(with, m)
			}
		}
		if len(with) > 0 {
			return with[turn%len(with)]
		}
	}
	var plain []carcMove
	for _, m := range moves {
		if m.Figure == "" {
			plain = append(plain, m)
		}
	}
	return pickCarc(plain, turn)
}

// TestCarcassonneExpansionsGame creates a game against a bot with the Land Surveyors and every expansion
// the engine plays (the River, the Abbot, Inns & Cathedrals, Traders & Builders, the Mage & Witch) from the
// lobby, and plays the person's seat to the end through the page (clicks, keys and drags in turn): river
// tiles first, the abbot stood on a monastery or a garden and recalled whenever offered, the large meeple,
// the builder and the pig stood, the mage or the witch moved. The final scores shown must be the engine's
// replay of the match's record, and any error of the page fails the test (browser's failOnPageErrors).
// The finished table and the replay are then looked at in French and Portuguese.
func TestCarcassonneExpansionsGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	ctx := browser(t, "en-US")
	began := time.Now()
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	played := playedExpansions().Names()
	for _, x := range []string{"river", "abbot", "inns_cathedrals", "traders_builders"} {
		if !slices.Contains(played, x) {
			t.Fatalf("the engine plays %v: %s is missing", played, x)
		}
	}
	checks := []string{"#surveyors"}
	for _, x := range played {
		checks = append(checks, "#exp-"+x)
	}
	id, token, seat := createCarcAgainstBot(t, e, ctx, "carc-exp-lobby", checks...)
	var st carcState
	e.getJSON("/api/matches/"+id, token, &st)
	if len(st.Match.Players) != 2 || st.Match.Players[1-seat].Bot == "" {
		t.Fatalf("players %+v, want Ada and a bot", st.Match.Players)
	}
	if len(st.View.Surveyors) != 3 || len(st.View.Board) != 1 || !strings.HasPrefix(st.View.Board[0].Tile, "RV") {
		t.Fatalf("surveyors %v, board %+v: the River and the Land Surveyors did not reach the match", st.View.Surveyors, st.View.Board)
	}

	// What the recall's button promised when it was chosen, kept by the page for the test to read after the
	// move, when the button is gone.
	evalString(t, ctx, `window.recallSaid = "", new MutationObserver(() => { const b = document.querySelector('#recall.selected');
		if (b) window.recallSaid = b.textContent; }).observe(document.body, {subtree: true, childList: true, attributes: true}), ""`)
	turns, riverTurns, abbots, recalls := 0, 0, 0, 0
	stood := map[string]int{} // the figures of Inns & Cathedrals and Traders & Builders stood
	for {
		e.getJSON("/api/matches/"+id, token, &st)
		if st.View.Over {
			break
		}
		if !st.You.MustAct {
			// The bot's turn: wait for the server to have it (a poll of the match, not a fixed pause).
			waitJS(t, ctx, `document.querySelector('#table').dataset.mustAct === "1" || document.querySelector('#table').dataset.over === "1"`)
			continue
		}
		mv := pickExpansions(e.carcLegal(id, token), turns)
		if strings.HasPrefix(st.View.Tile, "RV") {
			riverTurns++
		}
		if turns == 0 {
			shot(t, ctx, "carc-exp-start")
			phoneView(t, ctx, "carc-exp-start-phone", 1440, 900)
		}
		playCarc(t, ctx, mv, carcHow(turns%3))
		if mv.Figure != "" {
			stood[mv.Figure]++
		}
		if mv.Magic != nil {
			stood[mv.Magic.Figure]++ // the mage or the witch moved
		}
		switch {
		case mv.Figure == "abbot":
			abbots++
			// The abbot stands on the laid tile, drawn as an abbot.
			waitJS(t, ctx, `!!document.querySelector('#carc-board .cell-tile[data-cell="`+cellKey(mv.X, mv.Y)+`"] .meeple[data-figure="abbot"]')`)
			if abbots == 1 && os.Getenv("SURVEYOR_SHOTS") != "" {
				shot(t, ctx, "carc-exp-stood")
			}
		case mv.Recall != nil:
			recalls++
			// The abbot is gone from where it stood (unless the bot's turn put something there since: it cannot,
			// the tile is taken).
			waitJS(t, ctx, `!document.querySelector('#carc-board .cell-tile[data-cell="`+cellKey(mv.Recall.X, mv.Recall.Y)+`"] .meeple[data-figure="abbot"]')`)
			// The points the button promised are the recall's scoring.
			var after struct {
				View struct {
					Events []carcassonne.ScoreEvent `json:"events"`
				} `json:"view"`
			}
			e.getJSON("/api/matches/"+id, token, &after)
			said := evalString(t, ctx, `window.recallSaid`)
			var last *carcassonne.ScoreEvent
			for i := range after.View.Events {
				if ev := &after.View.Events[i]; ev.Recall && slices.Contains(ev.Receivers, seat) {
					last = ev
				}
			}
			if last == nil || !strings.Contains(said, fmt.Sprintf("(+%d)", last.Points)) {
				t.Errorf("the recall from %v was offered as %q; the engine's scoring %+v", *mv.Recall, said, last)
			}
		}
		turns++
	}
	t.Logf("a game with the Land Surveyors and %v against a bot through the page: %d turns of ours (%d river tiles, %d abbots stood, %d recalls, figures stood %v) in %v",
		played, turns, riverTurns, abbots, recalls, stood, time.Since(began).Round(time.Millisecond))
	magic := !slices.Contains(played, "mage_witch") || stood["mage"]+stood["witch"] > 0
	if riverTurns == 0 || abbots == 0 || recalls == 0 || stood["large"] == 0 || stood["builder"] == 0 || stood["pig"] == 0 || !magic {
		t.Errorf("the person laid %d river tiles, stood the abbot %d times, recalled it %d times and stood %v: each of the abbot, the large meeple, the builder and the pig should have stood (and the mage or the witch moved, with the Mage & Witch)", riverTurns, abbots, recalls, stood)
	}
	waitJS(t, ctx, `document.querySelector('#table').dataset.over === "1"`)
	shot(t, ctx, "carc-exp-final")
	var rec game.Record
	e.getJSON("/api/matches/"+id+"/record", "", &rec)
	var opts struct {
		Surveyors  bool     `json:"surveyors"`
		Expansions []string `json:"expansions"`
	}
	if err := json.Unmarshal(rec.Options, &opts); err != nil || !opts.Surveyors || !slices.Equal(opts.Expansions, played) {
		t.Errorf("the record's options %s (%v), want the Land Surveyors and %v", rec.Options, err, played)
	}
	scores := checkFinal(t, e, ctx, id)
	press(t, ctx, kEnter)
	waitJS(t, ctx, `!document.querySelector('#final-modal')`)
	if os.Getenv("SURVEYOR_SHOTS") != "" {
		// Close up, the finished board: the river, the gardens, the figures.
		for i := 0; i < 2; i++ {
			click(t, ctx, "#zoom-in")
		}
		shot(t, ctx, "carc-exp-close")
		phoneView(t, ctx, "carc-exp-close-phone", 1440, 900)
	}
	// In French, the finished table and the replay half-way through, its story told, and the replay in
	// Portuguese: nothing wider than the screen, on a desktop or on a phone.
	setLang(t, ctx, "fr")
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && document.querySelector('#table').dataset.over === "1"`)
	if evalString(t, ctx, `String(!!document.querySelector('#final-modal'))`) == "true" {
		press(t, ctx, kEnter)
		waitJS(t, ctx, `!document.querySelector('#final-modal')`)
	}
	fitsWidth(t, ctx, "the finished table in French")
	shot(t, ctx, "carc-exp-close-fr")
	phoneView(t, ctx, "carc-exp-close-fr-phone", 1440, 900)
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id+"/replay"))
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && !!document.querySelector('#replay-step')`)
	evalString(t, ctx, `(r => { r.value = 40; r.dispatchEvent(new Event('change')); return ""; })(document.querySelector('#replay-nav input[type=range]'))`)
	waitJS(t, ctx, `document.querySelector('#replay-step').textContent.match(/\d+/)[0] === "40" && document.querySelectorAll('#replay-story li').length > 40`)
	fitsWidth(t, ctx, "the replay in French")
	shot(t, ctx, "carc-exp-replay-fr")
	phoneView(t, ctx, "carc-exp-replay-fr-phone", 1440, 900)
	// The replay keeps its step through the change of language (the address holds it).
	setLang(t, ctx, "pt")
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && document.querySelectorAll('#replay-story li').length > 40 && location.search === "?step=40"`)
	if got := evalString(t, ctx, `document.querySelector('#replay-step').textContent`); got != "Jogada 40 de "+evalString(t, ctx, `document.querySelector('#replay-nav input[type=range]').max`) {
		t.Errorf("the replay in Portuguese shows %q: the step was lost with the change of language", got)
	}
	fitsWidth(t, ctx, "the replay in Portuguese")
	shot(t, ctx, "carc-exp-replay-pt")
	setLang(t, ctx, "en")
	t.Logf("final scores %v", scores)
}

func cellKey(x, y int) string { return fmt.Sprintf("%d,%d", x, y) }

// phoneView saves, when SURVEYOR_SHOTS names a directory, what a phone's screen (390x844, touch, 2x) shows
// of the page as it is scrolled, where phoneShot saves the whole page: a bar that stays on the screen is
// drawn where the person sees it. The page then gets back the size w x h.
func phoneView(t *testing.T, ctx context.Context, name string, w, h int64) {
	t.Helper()
	dir := os.Getenv("SURVEYOR_SHOTS")
	if dir == "" {
		return
	}
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	// The controls' last row just above the bar of buttons that stays at the foot of the screen.
	evalString(t, ctx, `(c => { if (!c) return ""; const bar = c.querySelector('.buttons'), r = c.getBoundingClientRect();
		const foot = bar && getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : innerHeight;
		scrollBy(0, r.bottom - foot + 8); return ""; })(document.querySelector('#controls'))`)
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, chromedp.EmulateViewport(w, h))
}

// setLang switches the page's language by its menu, as a person does.
func setLang(t *testing.T, ctx context.Context, l string) {
	t.Helper()
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#lang"), l))
	evalString(t, ctx, `document.querySelector('#lang').dispatchEvent(new Event('change')), ""`)
	waitJS(t, ctx, `document.documentElement.lang === "`+l+`"`)
}

// fitsWidth fails the test when a panel's content or the page is wider than its box (a table pushed out of
// its column), at 1440x900 and on a phone (390x844); the page gets back 1440x900.
func fitsWidth(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	for _, w := range []int64{1440, 390} {
		if w == 390 {
			run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		}
		var over []string
		evalJSON(t, ctx, panelsOverflowing, &over)
		if len(over) > 0 {
			t.Errorf("%s at %d px: content wider than its box: %v", what, w, over)
		}
	}
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
}
