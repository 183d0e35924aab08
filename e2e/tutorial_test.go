package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLearnToPlay: the lobby's "Learn to play" opens a guided game of each game. The guide points at what
// each step is about, moves on by itself when the player has done what it asked, waits for Next otherwise,
// comes back at the first season's scoring, and ends with "Play on".
func TestLearnToPlay(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3) // a first season whose fourth card must be drawn on the ruins
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#learn-cartographers') && !!document.querySelector('#learn-carcassonne')`)
	shot(t, ctx, "learn-lobby")
	click(t, ctx, "#learn-cartographers")
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carto_card"]') && document.querySelector('#current-card').classList.contains('tutorial-target')`)
	if got := evalString(t, ctx, `document.querySelector('#tutorial .tutorial-count').textContent`); got != "Step 1 of 8" {
		t.Errorf("the guide's count reads %q", got)
	}
	shot(t, ctx, "learn-carto-card")
	for _, v := range axeViolations(t, ctx) {
		t.Errorf("the guide: %s", v)
	}
	phoneShot(t, ctx, "learn-carto-card-phone", 1280, 900)
	click(t, ctx, "#tutorial-next")
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carto_pick"]')`)
	click(t, ctx, "#tutorial-next")
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carto_place"]') && !document.querySelector('#tutorial-next')`)
	// The player draws the first card through the page: the steps that asked for it pass by themselves.
	id := matchID(t, ctx)
	tok, _ := seatOf(t, ctx, id)
	playThroughPage(t, ctx, e.legal(id, tok)[0], byClicks)
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carto_time"]') && document.querySelector('#timetrack').classList.contains('tutorial-target')`)
	for _, next := range []string{"carto_edicts", "carto_score", "carto_season"} {
		click(t, ctx, "#tutorial-next")
		waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="`+next+`"]')`)
	}
	if evalString(t, ctx, `String(!!document.querySelector('#tutorial-next'))`) != "false" {
		t.Error("the step that waits for the season's end offers Next")
	}
	// The rest of the season through the API; the guide comes back at its scoring.
	// A card the steps cannot foresee (a Ruins card's demand, the Rift Lands) is explained once, aside.
	asides := map[string]int{}
	for i := 0; i < 20 && evalString(t, ctx, `String(!!document.querySelector('#season-continue'))`) != "true"; i++ {
		e.postJSON("/api/matches/"+id+"/moves", tok, map[string]json.RawMessage{"move": legalMoves[json.RawMessage](e, id, tok)[0]}, nil)
		// The page shows the state after this move (its seq), not the one before, which also awaited a move.
		var after struct{ Seq int }
		e.getJSON("/api/matches/"+id, tok, &after)
		waitJS(t, ctx, fmt.Sprintf(`Number(document.querySelector('#app').dataset.seq) >= %d`, after.Seq))
		waitJS(t, ctx, `!!document.querySelector('#season-continue') || document.querySelector('#table').dataset.mustAct === "1"`)
		mode := evalString(t, ctx, `document.querySelector("#table").dataset.mode || ""`)
		want := map[string]string{"ruins": "carto_ruins"}[mode]
		if evalString(t, ctx, `String(!!document.querySelector('#current-card .rift, #table[data-card-type="rift"]'))`) == "true" {
			want = "carto_rift"
		}
		if want != "" && asides[want] == 0 {
			waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="`+want+`"]')`)
			shot(t, ctx, "learn-"+want)
			// The keys line lists what this card answers to: a choice of terrains, one shape.
			if keys := evalString(t, ctx, `document.querySelector('#controls .keys').textContent`); want == "carto_ruins" &&
				(!strings.Contains(keys, "T terrain") || strings.Contains(keys, "shape")) {
				t.Errorf("a one-shape, two-terrain card's keys read %q", keys)
			}
			click(t, ctx, "#tutorial-next")
			waitJS(t, ctx, `!document.querySelector('#tutorial[data-step="`+want+`"]')`)
			asides[want]++
		}
	}
	if asides["carto_ruins"] == 0 {
		t.Error("the first season, which demands the ruins, never explained them")
	}
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carto_done"]')`)
	shot(t, ctx, "learn-carto-done")
	click(t, ctx, "#tutorial-next")
	waitJS(t, ctx, `!document.querySelector('#tutorial') && localStorage.getItem('surveyor.tutorial') === null`)

	// Carcassonne, against a bot.
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#learn-carcassonne')`)
	click(t, ctx, "#learn-carcassonne")
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carc_tile"]') && document.querySelector('#hand-tile').classList.contains('tutorial-target')`)
	shot(t, ctx, "learn-carc-tile")
	click(t, ctx, "#tutorial-next")
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carc_place"]')`)
	id = matchID(t, ctx)
	tok, _ = seatOf(t, ctx, id)
	e.postJSON("/api/matches/"+id+"/moves", tok, map[string]json.RawMessage{"move": legalMoves[json.RawMessage](e, id, tok)[0]}, nil)
	// The bot answers; the guide then speaks of the scores.
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carc_score"]')`)
	click(t, ctx, "#tutorial-next")
	waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carc_done"]')`)
	click(t, ctx, "#tutorial-next")
	waitJS(t, ctx, `!document.querySelector('#tutorial')`)
}
