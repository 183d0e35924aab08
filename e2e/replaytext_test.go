package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/carcassonne"
)

// finishByAPI plays a started match to its end through the API, every seat its first legal move.
func (e *env) finishByAPI(id string, tokens []string) {
	e.t.Helper()
	e.finishWith(id, tokens, func(int, int) int { return 0 })
}

// finishWith plays a started match to its end through the API, every seat at turn i the legal move
// pick(i, n) of the n listed.
func (e *env) finishWith(id string, tokens []string, pick func(i, n int) int) {
	e.t.Helper()
	for i := range 400 {
		var st struct {
			Match struct {
				Status string `json:"status"`
				ToAct  []int  `json:"to_act"`
			} `json:"match"`
		}
		e.getJSON("/api/matches/"+id, "", &st)
		if st.Match.Status == "finished" {
			return
		}
		seat := st.Match.ToAct[0]
		moves := legalMoves[json.RawMessage](e, id, tokens[seat])
		e.postJSON("/api/matches/"+id+"/moves", tokens[seat], map[string]json.RawMessage{"move": moves[pick(i, len(moves))]}, nil)
	}
	e.t.Fatal("the match did not end in 400 moves")
}

// TestReplayReadsAsText: a replay's steps, in both games, never print "null", "undefined" or "NaN", are
// titled with the game and its players rather than the match's id, and a Carcassonne step says where the
// tile went in words, not as "L (0, -1) 180°".
func TestReplayReadsAsText(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	var solo struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1}, &solo)
	e.postJSON("/api/matches/"+solo.ID+"/start", solo.Token, struct{}{}, nil)
	e.finishByAPI(solo.ID, []string{solo.Token})
	carc := e.startCarcassonne(true)
	e.finishByAPI(carc.ID, []string{carc.Token, carc.Bea})

	bad := regexp.MustCompile(`\b(null|undefined|NaN)\b`)
	var ids []string
	for typ := 0; typ < carcassonne.NumTileTypes; typ++ {
		ids = append(ids, carcassonne.TileName(typ))
	}
	tileIDs := tileIDPattern(ids)
	ctx := browser(t, "en-US")
	for _, c := range []struct{ id, game, ready string }{
		{solo.ID, "Cartographers", "#main-sheet"},
		{carc.ID, "Carcassonne", "#carc-board[data-ready]"},
	} {
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+c.id+"/replay"))
		for step := 0; step < 4; step++ {
			waitJS(t, ctx, fmt.Sprintf(`!!document.querySelector(%q) && document.querySelector('#replay-step').textContent.startsWith("Move %d ")`, c.ready, step))
			text := evalString(t, ctx, `document.querySelector('#screen').innerText`)
			if m := bad.FindString(text); m != "" {
				t.Errorf("%s replay, step %d, prints %q: %s", c.game, step, m, lineWith(text, m))
			}
			title := evalString(t, ctx, `document.querySelector('#screen h2').textContent`)
			if strings.Contains(title, c.id) || !strings.Contains(title, c.game) || !strings.Contains(title, "Ada") {
				t.Errorf("%s replay titled %q: want the game and its players, not the id", c.game, title)
			}
			if step > 0 && c.game == "Carcassonne" {
				if mv := evalString(t, ctx, `document.querySelector('#replay-move').textContent`); regexp.MustCompile(`\(-?\d+, -?\d+\)|\d+°`).MatchString(mv) {
					t.Errorf("Carcassonne step %d reads %q: coordinates and degrees, not words", step, mv)
				}
				if mv := evalString(t, ctx, `document.querySelector('#replay-move').textContent`); tileIDs.MatchString(mv) {
					t.Errorf("Carcassonne step %d reads %q: the tile named by the engine's id, not by what it shows", step, mv)
				}
			}
			click(t, ctx, "#replay-next")
		}
		run(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#replay-last').click()`))
		waitJS(t, ctx, `!!document.querySelector('.final-panel')`)
		if m := bad.FindString(evalString(t, ctx, `document.querySelector('#screen').innerText`)); m != "" {
			t.Errorf("%s replay's last step prints %q", c.game, m)
		}
	}
}

// lineWith is the first line of text holding s.
func lineWith(text, s string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// TestFinishedTableReadsAsOver: a finished solo game's table says the game is over instead of a season's
// time past its threshold ("Winter · 7/6" was shown), and no longer shows the cards left or what each edict
// "would give now".
func TestFinishedTableReadsAsOver(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 2)
	var id, token string
	// A game whose last card passed winter's threshold, the case that read 7/6.
	for try := 0; ; try++ {
		var m struct{ ID, Token string }
		e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1}, &m)
		e.postJSON("/api/matches/"+m.ID+"/start", m.Token, struct{}{}, nil)
		e.finishByAPI(m.ID, []string{m.Token})
		var st struct {
			View struct{ Time, Threshold int } `json:"view"`
		}
		e.getJSON("/api/matches/"+m.ID, m.Token, &st)
		if st.View.Time > st.View.Threshold {
			id, token = m.ID, m.Token
			break
		}
		if try == 20 {
			t.Fatal("no game of 20 ended past winter's threshold")
		}
	}
	ctx := browser(t, "en-US")
	holdSeat(t, ctx, e, id, token, "en")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && !!document.querySelector('#final')`)
	text := evalString(t, ctx, `document.querySelector('#screen').innerText`)
	for _, m := range regexp.MustCompile(`(\d+)/(\d+)`).FindAllStringSubmatch(text, -1) {
		var a, b int
		fmt.Sscan(m[1], &a)
		fmt.Sscan(m[2], &b)
		if a > b {
			t.Errorf("the finished table shows a time of %s", m[0])
		}
	}
	for _, s := range []string{"cards left", " now"} {
		if strings.Contains(text, s) {
			t.Errorf("the finished table still shows %q: %s", s, lineWith(text, s))
		}
	}
	if !strings.Contains(evalString(t, ctx, `document.querySelector('#timetrack').textContent`), "Game over") {
		t.Error("the time track does not say the game is over")
	}
}

// TestGameLogDuringPlay: a table in play has a game log (there was none before the end): opened, it tells
// the game so far in the page's language, and follows the moves while open.
func TestGameLogDuringPlay(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	ctx := browser(t, "fr-FR")
	holdSeat(t, ctx, e, id, token, "fr")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && !!document.querySelector('#game-log')`)
	click(t, ctx, "#game-log summary")
	waitJS(t, ctx, `document.querySelectorAll('#game-log li').length >= 2`)
	if k := evalString(t, ctx, `document.querySelector('#game-log li').dataset.kind`); k != "edicts" {
		t.Errorf("the log begins with %q, want the edicts", k)
	}
	if got := evalString(t, ctx, `document.querySelector('#game-log li[data-kind="card"]').textContent`); !strings.Contains(got, "Printemps") {
		t.Errorf("the log's first card reads %q, want it in French", got)
	}
	before := evalString(t, ctx, `String(document.querySelectorAll('#game-log li').length)`)
	e.postJSON("/api/matches/"+id+"/moves", token, map[string]any{"move": e.legal(id, token)[0]}, nil)
	waitJS(t, ctx, `String(document.querySelectorAll('#game-log li').length) !== "`+before+`" && !!document.querySelector('#game-log[open]')`)
	shot(t, ctx, "game-log")
}

// TestSaveTheMapAsAPicture: a finished game's end screen saves the map as an SVG that carries its own
// styles and as a PNG, in both games.
func TestSaveTheMapAsAPicture(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 2)
	var solo struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1}, &solo)
	e.postJSON("/api/matches/"+solo.ID+"/start", solo.Token, struct{}{}, nil)
	e.finishByAPI(solo.ID, []string{solo.Token})
	carc := e.startCarcassonne(false)
	e.finishByAPI(carc.ID, []string{carc.Token, carc.Bea})
	ctx := browser(t, "en-US")
	for _, c := range []struct{ id, token, mark string }{{solo.ID, solo.Token, "data-cell"}, {carc.ID, carc.Token, "data-tile"}} {
		holdSeat(t, ctx, e, c.id, c.token, "en")
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+c.id))
		waitJS(t, ctx, `!!document.querySelector('#final #save-svg')`)
		click(t, ctx, "#final #save-svg")
		waitJS(t, ctx, `!!document.querySelector('#picture-svg')`)
		svg := evalString(t, ctx, `decodeURIComponent(document.querySelector('#picture-svg').href.split(",")[1])`)
		if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, "fill:") || strings.Contains(svg, `class="`) || !strings.Contains(svg, c.mark) {
			t.Errorf("%s: the saved SVG does not carry its styles: %.300s", c.id, svg)
		}
		click(t, ctx, "#final #save-png")
		waitJS(t, ctx, `!!document.querySelector('#picture-png') && document.querySelector('#picture-png').href.startsWith("blob:")`)
		var png struct {
			Size int
			Type string
		}
		// The page's policy keeps the test from reading the blob back: the page says what it made.
		evalJSON(t, ctx, `(d => JSON.stringify({Size: Number(d.bytes), Type: d.type}))(document.querySelector('#picture-png').dataset)`, &png)
		if png.Type != "image/png" || png.Size < 5000 {
			t.Errorf("%s: the saved PNG is %+v", c.id, png)
		}
		evalString(t, ctx, `document.querySelectorAll('#picture-svg, #picture-png').forEach(a => a.remove()), ""`)
	}
}

// carcPair is a started two-player Carcassonne match: Ada (seat 0, Token) and Bea (seat 1, Bea).
type carcPair struct{ ID, Token, Bea string }

// startCarcassonne opens a two-player Carcassonne match, with or without the Land Surveyors, and starts it.
func (e *env) startCarcassonne(surveyors bool) carcPair {
	e.t.Helper()
	var m carcPair
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "name": "Ada", "max_seats": 2, "options": map[string]bool{"surveyors": surveyors}}, &m)
	var bea struct{ Token string }
	e.postJSON("/api/matches/"+m.ID+"/join", "", map[string]any{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+m.ID+"/start", m.Token, struct{}{}, nil)
	m.Bea = bea.Token
	return m
}
