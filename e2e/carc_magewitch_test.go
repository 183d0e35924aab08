package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/game"
)

// pickMagic chooses the test's move among the legal ones of a Mage & Witch game: on a tile that moves the
// mage or the witch, one of its magic parts (the list gives each once, without a figure), the mage and
// the witch in turn (n: the magic moves so far); else a move as pickCarc chooses.
func pickMagic(moves []carcMove, turn, n int) carcMove {
	var magic []carcMove
	for _, m := range moves {
		if m.Magic != nil && m.Meeple == "" {
			magic = append(magic, m)
		}
	}
	if len(magic) == 0 {
		return pickCarc(moves, turn)
	}
	want := []string{"mage", "witch"}[n%2]
	var of []carcMove
	for _, m := range magic {
		if m.Magic.Figure == want {
			of = append(of, m)
		}
	}
	if len(of) == 0 {
		of = magic
	}
	return of[(turn*7)%len(of)]
}

// TestCarcassonneMageWitchGame creates a game with the Land Surveyors and the Mage & Witch against a bot
// from the lobby and plays the person's seat to the end through the page: on each tile with a magic
// portal the mage or the witch goes where the test picks, chosen by a click on the purple mark on the
// board, by the M key or by the list's button in turn. After each such move the figures the page draws
// are those the engine's view lists; the final scores shown are the engine's replay of the match's record,
// and the story tells the magic in words.
func TestCarcassonneMageWitchGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	ctx := browser(t, "en-US")
	began := time.Now()
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	id, token, _ := createCarcAgainstBot(t, e, ctx, "carc-magewitch-lobby", "#surveyors", "#exp-mage_witch")
	var st carcState
	turns, magic := 0, map[string]int{}
	for {
		e.getJSON("/api/matches/"+id, token, &st)
		if st.View.Over {
			break
		}
		if !st.You.MustAct {
			waitJS(t, ctx, `document.querySelector('#table').dataset.mustAct === "1" || document.querySelector('#table').dataset.over === "1"`)
			continue
		}
		mv := pickMagic(e.carcLegal(id, token), turns, magic["mage"]+magic["witch"])
		how := carcHow(turns % 3)
		if mv.Magic != nil {
			// The magic moves by the mark on the board, the M key and the list's button in turn.
			how = carcHow((magic["mage"] + magic["witch"]) % 3)
		}
		if mv.Magic != nil && how == carcClicks && mv.Magic.X == mv.X && mv.Magic.Y == mv.Y {
			// A mark on the tile being laid may lie under its meeple spots: the list's button then.
			how = carcDrag
		}
		playCarc(t, ctx, mv, how)
		if mv.Magic != nil {
			key := mv.Magic.Figure
			if mv.Magic.Remove {
				key += " removed"
			}
			magic[key]++
			// The page draws the neutral figures the engine lists, once it shows the position after the move.
			e.getJSON("/api/matches/"+id, token, &st)
			waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#table').dataset.turn === "%d" || document.querySelector('#table').dataset.over === "1"`, st.View.Turn))
			var want []string
			for _, n := range st.View.Neutral {
				want = append(want, fmt.Sprintf("%s@%d,%d", n.Figure, n.X, n.Y))
			}
			sort.Strings(want)
			got := evalString(t, ctx, `[...document.querySelectorAll('#carc-board .meeple.neutral')].map(n => n.dataset.figure + "@" + n.closest('.cell-tile').dataset.cell).sort().join(" ")`)
			if got != strings.Join(want, " ") && !st.View.Over {
				t.Errorf("turn %d: the page draws %q, the engine lists %q", st.View.Turn, got, strings.Join(want, " "))
			}
			if magic["mage"]+magic["witch"] == 1 {
				shot(t, ctx, "carc-magewitch-after")
				phoneView(t, ctx, "carc-magewitch-after-phone", 1440, 900)
			}
		}
		turns++
	}
	t.Logf("a game with the Land Surveyors and the Mage & Witch against a bot through the page: %d turns of ours, magic %v, in %v",
		turns, magic, time.Since(began).Round(time.Millisecond))
	if magic["mage"] == 0 || magic["witch"] == 0 {
		t.Errorf("the person moved the mage %d times and the witch %d times: each should have happened", magic["mage"], magic["witch"])
	}
	waitJS(t, ctx, `document.querySelector('#table').dataset.over === "1"`)
	checkFinal(t, e, ctx, id)
	// The record tells the magic in words, and the replay's story says it in the page's language.
	var rec game.Record
	e.getJSON("/api/matches/"+id+"/record", "", &rec)
	raw, _ := json.Marshal(rec)
	if !strings.Contains(string(raw), `"kind":"magic"`) {
		t.Errorf("the record tells no magic")
	}
	// The replay's story tells the magic in the page's language, and its step names the destination in words.
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id+"/replay"))
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#replay-last').click()`))
	waitJS(t, ctx, `!!document.querySelector('.final-panel')`)
	story := evalString(t, ctx, `[...document.querySelectorAll('#replay-story li[data-kind="magic"]')].map(li => li.textContent).join("\n")`)
	if !strings.Contains(story, "the mage") || !strings.Contains(story, "the witch") || strings.Contains(story, "undefined") {
		t.Errorf("the replay's story tells the magic as:\n%s", story)
	}
	if os.Getenv("SURVEYOR_SHOTS") != "" {
		shot(t, ctx, "carc-magewitch-replay")
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
		waitJS(t, ctx, `document.querySelector('#table') && document.querySelector('#table').dataset.over === "1"`)
		press(t, ctx, kEnter)
		waitJS(t, ctx, `!document.querySelector('#final-modal')`)
		for i := 0; i < 2; i++ {
			click(t, ctx, "#zoom-in")
		}
		shot(t, ctx, "carc-magewitch-close")
	}
}
