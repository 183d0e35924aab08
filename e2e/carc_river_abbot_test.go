package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/game"
)

// pickRiverAbbot chooses the test's move among the legal ones of a River + Abbot game: the abbot's recall
// whenever it is offered, else the abbot whenever it may stand, else a meeple every few turns (pickCarc),
// so that the abbot stands and is taken back several times in a game.
func pickRiverAbbot(moves []carcMove, turn int) carcMove {
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
	var plain []carcMove
	for _, m := range moves {
		if m.Figure == "" {
			plain = append(plain, m)
		}
	}
	return pickCarc(plain, turn)
}

// TestCarcassonneRiverAbbotGame creates a game against a bot with the River, the Abbot and the Land
// Surveyors from the lobby, and plays the person's seat to the end through the page (clicks, keys and drags
// in turn): river tiles first, the abbot stood on a monastery or a garden and recalled whenever offered. The
// final scores shown must be the engine's replay of the match's record.
func TestCarcassonneRiverAbbotGame(t *testing.T) {
	e := newEnv(t, 5)
	ctx := browser(t, "en-US")
	began := time.Now()
	run(t, ctx, chromedp.EmulateViewport(1440, 900))
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#name"), "Ada"), chromedp.SetValue(chromedp.CSS("#game"), "carcassonne"))
	evalString(t, ctx, `document.querySelector('#game').dispatchEvent(new Event('change', {bubbles: true})), ""`)
	waitJS(t, ctx, `!document.querySelector('#mode-bots').closest('label').hidden && !!document.querySelector('#exp-abbot')`)
	click(t, ctx, "#surveyors")
	click(t, ctx, "#exp-abbot")
	click(t, ctx, "#exp-river")
	click(t, ctx, "#mode-bots")
	click(t, ctx, "#create")
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
	id := matchID(t, ctx)
	token, seat := seatOf(t, ctx, id)
	var st carcState
	e.getJSON("/api/matches/"+id, token, &st)
	if len(st.Match.Players) != 2 || st.Match.Players[1-seat].Bot == "" {
		t.Fatalf("players %+v, want Ada and a bot", st.Match.Players)
	}
	if len(st.View.Surveyors) != 3 || len(st.View.Board) != 1 || !strings.HasPrefix(st.View.Board[0].Tile, "RV") {
		t.Fatalf("surveyors %v, board %+v: the River and the Land Surveyors did not reach the match", st.View.Surveyors, st.View.Board)
	}

	turns, riverTurns, abbots, recalls := 0, 0, 0, 0
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
		mv := pickRiverAbbot(e.carcLegal(id, token), turns)
		if strings.HasPrefix(st.View.Tile, "RV") {
			riverTurns++
		}
		playCarc(t, ctx, mv, carcHow(turns%3))
		switch {
		case mv.Figure == "abbot":
			abbots++
			// The abbot stands on the laid tile, drawn as an abbot.
			waitJS(t, ctx, `!!document.querySelector('#carc-board .cell-tile[data-cell="`+cellKey(mv.X, mv.Y)+`"] .meeple[data-figure="abbot"]')`)
			if abbots == 1 {
				shot(t, ctx, "carc-river-abbot-stood")
			}
		case mv.Recall != nil:
			recalls++
			// The abbot is gone from where it stood (unless the bot's turn put something there since: it cannot,
			// the tile is taken).
			waitJS(t, ctx, `!document.querySelector('#carc-board .cell-tile[data-cell="`+cellKey(mv.Recall.X, mv.Recall.Y)+`"] .meeple[data-figure="abbot"]')`)
		}
		turns++
	}
	t.Logf("a River + Abbot + Land Surveyors game against a bot through the page: %d turns of ours (%d river tiles, %d abbots stood, %d recalls) in %v",
		turns, riverTurns, abbots, recalls, time.Since(began).Round(time.Millisecond))
	if riverTurns == 0 || abbots == 0 || recalls == 0 {
		t.Errorf("the person laid %d river tiles, stood the abbot %d times and recalled it %d times: each should have happened", riverTurns, abbots, recalls)
	}
	waitJS(t, ctx, `document.querySelector('#table').dataset.over === "1"`)
	shot(t, ctx, "carc-river-abbot-final")
	var rec game.Record
	e.getJSON("/api/matches/"+id+"/record", "", &rec)
	var opts struct {
		Surveyors  bool     `json:"surveyors"`
		Expansions []string `json:"expansions"`
	}
	if err := json.Unmarshal(rec.Options, &opts); err != nil || !opts.Surveyors || !slices.Equal(opts.Expansions, []string{"river", "abbot"}) {
		t.Errorf("the record's options %s (%v), want the Land Surveyors, the River and the Abbot", rec.Options, err)
	}
	scores := checkFinal(t, e, ctx, id)
	t.Logf("final scores %v", scores)
}

func cellKey(x, y int) string { return fmt.Sprintf("%d,%d", x, y) }
