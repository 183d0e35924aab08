package e2e

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/server"
)

// cheapAnalysis makes the analysis of a whole game take a second or two: 2 sampled futures a decision.
func cheapAnalysis(c *server.Config) { c.Analysis = analysis.Options{Samples: 2} }

// analyseReplay opens a finished match's replay, runs its analysis and waits for both lenses.
func analyseReplay(t *testing.T, ctx context.Context, url, ready string) {
	t.Helper()
	run(t, ctx, chromedp.Navigate(url))
	waitJS(t, ctx, `!!document.querySelector('`+ready+`') && !!document.querySelector('#analyse')`)
	click(t, ctx, "#analyse")
	waitJS(t, ctx, `!!document.querySelector('#analysis .an-lens[data-lens="clairvoyant"]')`)
}

// clickCostliest follows the first costliest decision of a seat in the fair lens's summary.
func clickCostliest(t *testing.T, ctx context.Context, seat int) {
	t.Helper()
	evalString(t, ctx, `document.querySelectorAll('#analysis .an-lens[data-lens="fair"] .an-player')[`+strconv.Itoa(seat)+`].querySelector('.an-costly').click(), ""`)
}

// finishByScatteredMoves plays a started match to its end through the API, every seat a legal move picked
// by a fixed scatter over the list (the first legal move each turn would lay Carcassonne's tiles in one long
// line, and never a meeple): a board of a real game's shape, the same every run.
func (e *env) finishByScatteredMoves(id string, tokens []string) {
	e.t.Helper()
	e.finishWith(id, tokens, func(i, n int) int { return (i*7919 + 13) % n })
}

// clairDecision is the clairvoyant lens's decision at the replay's step, as the API answers it.
type clairDecision struct {
	Seat int             `json:"seat"`
	Cost float64         `json:"cost"`
	Best json.RawMessage `json:"best"`
}

// chooseClairvoyant chooses the clairvoyant lens for the best move drawn, follows that lens's first
// costliest decision of a seat, and answers the decision (the replay's step n shows the game after
// move n-1) once its best move is said above the board.
func chooseClairvoyant(t *testing.T, ctx context.Context, id string, seat int) clairDecision {
	t.Helper()
	click(t, ctx, `#an-pick button[data-lens="clairvoyant"]`)
	waitJS(t, ctx, `document.querySelector('#an-pick button[data-lens="clairvoyant"]')?.getAttribute('aria-pressed') === 'true'`)
	evalString(t, ctx, `document.querySelector('#an-best-line')?.remove(), document.querySelectorAll('#analysis .an-lens[data-lens="clairvoyant"] .an-player')[`+
		strconv.Itoa(seat)+`].querySelector('.an-costly').click(), ""`)
	waitJS(t, ctx, `document.querySelector('#an-best-line')?.dataset.lens === 'clairvoyant'`)
	var d clairDecision
	evalJSON(t, ctx, `fetch('/api/matches/`+id+`/analysis').then(r => r.json()).then(a => {
		const step = Number(new URLSearchParams(location.search).get('step'));
		return JSON.stringify(a.analysis.clairvoyant.decisions.find(x => x.move === step - 1) || null); })`, &d)
	if d.Cost <= 0 || d.Seat != seat {
		t.Fatalf("the clairvoyant lens's costliest decision of seat %d is %+v", seat, d)
	}
	if line := evalString(t, ctx, `document.querySelector('#an-best-line').textContent`); !strings.HasPrefix(line, "Best with the deck known: ") {
		t.Errorf("the line above the board reads %q", line)
	}
	if s := evalString(t, ctx, `document.querySelector('#analysis .an-lens[data-lens="clairvoyant"] .an-best-move .an-drawn')?.textContent || ''`); s != "dotted purple outline" {
		t.Errorf("the clairvoyant lens's best move says it is drawn as %q", s)
	}
	return d
}

// fairStep is the text of the fair lens's block for the step shown.
const fairStep = `document.querySelector('#analysis .an-lens[data-lens="fair"] .an-step')`

// TestCarcassonneAnalysisOnTheBoard: a finished two-player Carcassonne game's replay, analysed, leads from
// a costly decision to its step, which names the move played and the best move in the board's words
// (the tile by its picture, where it lies from the start tile; never the move form's fields), draws the
// best move on the board as an outlined ghost tile, apart from the tile played, and says it in French too.
func TestCarcassonneAnalysisOnTheBoard(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, 7, cheapAnalysis)
	carc := e.startCarcassonne(false)
	e.finishByScatteredMoves(carc.ID, []string{carc.Token, carc.Bea})

	ctx := browser(t, "en-US")
	analyseReplay(t, ctx, e.url+"/m/"+carc.ID+"/replay", "#carc-board[data-ready]")
	// Bea's costliest decision (the second player's summary).
	clickCostliest(t, ctx, 1)
	waitJS(t, ctx, `!!document.querySelector('#analysis .an-lens[data-lens="fair"] .an-cost') && !!document.querySelector('#carc-board .an-ghost')`)
	played := evalString(t, ctx, fairStep+`.querySelector('.an-played-move').textContent`)
	best := evalString(t, ctx, fairStep+`.querySelector('.an-best-move').textContent`)
	for _, s := range []string{played, best} {
		if !strings.Contains(s, "start tile") || strings.ContainsAny(s, "{}[]\"") || strings.Contains(s, "rotation") {
			t.Errorf("a move reads %q, want it in the board's words", s)
		}
	}
	if !strings.HasPrefix(played, "Played by Bea: ") || !strings.HasPrefix(best, "Best: ") || !strings.Contains(best, "dashed outline") {
		t.Errorf("the step reads %q / %q", played, best)
	}
	// The ghost lays the tile the move played laid, elsewhere or otherwise turned or manned.
	ghost := evalString(t, ctx, `(() => { const g = document.querySelector('#carc-board .an-ghost'), c = g.querySelector('.ctile');
		const laid = document.querySelector('#carc-board .cell-tile[data-cell="' + document.querySelector('#last-tile').dataset.cell + '"] .ctile');
		return [g.dataset.cell, c.dataset.tile, c.dataset.rot, g.dataset.meeple, !!g.querySelector('.an-ghost-frame'),
			document.querySelector('#last-tile').dataset.cell, laid.dataset.tile, laid.dataset.rot].join('|'); })()`)
	f := strings.Split(ghost, "|")
	if len(f) != 8 || f[1] != f[6] || f[4] != "true" {
		t.Fatalf("the ghost (cell|tile|rotation|meeple|framed|played cell|played tile|played rotation) is %s", ghost)
	}
	if f[0] == f[5] && f[2] == f[7] && f[3] == "" {
		t.Errorf("the ghost lays the tile as it was played: %s", ghost)
	}
	shot(t, ctx, "analysis-carc-step")
	phoneShot(t, ctx, "analysis-carc-step-phone", 1280, 1200)

	// The clairvoyant lens chosen: its best move is the ghost, in its own look, where the API puts it.
	d := chooseClairvoyant(t, ctx, carc.ID, 1)
	var mv struct{ X, Y, Rotation int }
	if err := json.Unmarshal(d.Best, &mv); err != nil {
		t.Fatal(err)
	}
	want := strconv.Itoa(mv.X) + "," + strconv.Itoa(mv.Y) + "|" + strconv.Itoa(mv.Rotation) + "|clairvoyant|1"
	if got := evalString(t, ctx, `(() => { const g = document.querySelectorAll('#carc-board .an-ghost');
		return [g[0].dataset.cell, g[0].dataset.rot, g[0].dataset.lens, g.length].join('|') + (g[0].classList.contains('an-clair') ? '' : ' (fair look)'); })()`); got != want {
		t.Errorf("the clairvoyant ghost (cell|rotation|lens|ghosts) is %s, want %s", got, want)
	}
	shot(t, ctx, "analysis-carc-clairvoyant")
	phoneShot(t, ctx, "analysis-carc-clairvoyant-phone", 1280, 1200)

	// A step whose best move was played draws no ghost.
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+carc.ID+"/replay?step=0"))
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]') && !!document.querySelector('#analysis .an-lens')`)
	if n := evalString(t, ctx, `String(document.querySelectorAll('#carc-board .an-ghost').length)`); n != "0" {
		t.Errorf("the start shows %s ghosts", n)
	}

	// In French, the same step in French words.
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+carc.ID+"/replay"))
	waitJS(t, ctx, `!!document.querySelector('#analysis .an-costly')`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#lang"), "fr"))
	evalString(t, ctx, `document.querySelector('#lang').dispatchEvent(new Event('change')), ""`)
	waitJS(t, ctx, `!!document.querySelector('#analysis .an-costly') && document.documentElement.lang === 'fr'`)
	clickCostliest(t, ctx, 1)
	waitJS(t, ctx, `!!document.querySelector('#carc-board .an-ghost') && !!`+fairStep+`.querySelector('.an-best-move')`)
	if fr := evalString(t, ctx, fairStep+`.innerText`); !strings.Contains(fr, "de la tuile de départ") || !strings.Contains(fr, "Meilleur") || !strings.Contains(fr, "Joué par Bea") {
		t.Errorf("the French step reads %q", fr)
	}
	shot(t, ctx, "analysis-carc-step-fr")
	phoneShot(t, ctx, "analysis-carc-step-fr-phone", 1280, 1200)
}

// TestCartographersAnalysisOnEachSheet: in a finished two-player Cartographers game, a costly decision of
// either player leads to its step with that player's sheet shown and the best move outlined on it; with
// the other sheet in focus, the panel offers to show the sheet of the player who decided.
func TestCartographersAnalysisOnEachSheet(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, 13, cheapAnalysis)
	var m struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 2}, &m)
	var bea struct{ Token string }
	e.postJSON("/api/matches/"+m.ID+"/join", "", map[string]any{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+m.ID+"/start", m.Token, struct{}{}, nil)
	e.finishByScatteredMoves(m.ID, []string{m.Token, bea.Token})

	ctx := browser(t, "en-US")
	analyseReplay(t, ctx, e.url+"/m/"+m.ID+"/replay", "#main-sheet")
	for seat, name := range []string{"Ada", "Bea"} {
		clickCostliest(t, ctx, seat)
		waitJS(t, ctx, `document.querySelector('#main-sheet')?.dataset.seat === '`+strconv.Itoa(seat)+`' && document.querySelectorAll('#main-sheet .an-best').length > 0`)
		if s := evalString(t, ctx, fairStep+`.innerText`); !strings.Contains(s, "Played by "+name) || strings.ContainsAny(s, "{}[]") {
			t.Errorf("%s's costly step reads %q", name, s)
		}
	}
	shot(t, ctx, "analysis-carto2-step")
	// Bea's decision with Ada's sheet in focus: no outline on Ada's sheet, a button to Bea's.
	click(t, ctx, `.opponent[data-seat="0"]`)
	waitJS(t, ctx, `document.querySelector('#main-sheet')?.dataset.seat === '0' && !!document.querySelector('#an-show-board')`)
	if n := evalString(t, ctx, `String(document.querySelectorAll('#main-sheet .an-best').length)`); n != "0" {
		t.Errorf("Bea's best move is drawn on Ada's sheet (%s spaces)", n)
	}
	if s := evalString(t, ctx, `document.querySelector('#an-show-board').textContent`); s != "Show it on Bea's sheet" {
		t.Errorf("the button reads %q", s)
	}
	click(t, ctx, "#an-show-board")
	waitJS(t, ctx, `document.querySelector('#main-sheet')?.dataset.seat === '1' && document.querySelectorAll('#main-sheet .an-best').length > 0`)
	phoneShot(t, ctx, "analysis-carto2-step-phone", 1280, 1200)

	// The clairvoyant lens chosen: Ada's costliest decision by it has its best move outlined on her sheet
	// in the lens's own look, on the spaces the API names, and the fair lens's outline is gone.
	d := chooseClairvoyant(t, ctx, m.ID, 0)
	var mv struct{ Cells [][2]int }
	if err := json.Unmarshal(d.Best, &mv); err != nil || len(mv.Cells) == 0 {
		t.Fatalf("the clairvoyant best move %s: %v", d.Best, err)
	}
	cells, _ := json.Marshal(mv.Cells)
	waitJS(t, ctx, `document.querySelector('#main-sheet')?.dataset.seat === '0'`)
	if got := evalString(t, ctx, `(() => { const want = `+string(cells)+`, drawn = [...document.querySelectorAll('#main-sheet .an-best')];
		if (drawn.some(o => !o.classList.contains('an-clair'))) return 'a fair outline is drawn';
		const at = new Set(drawn.map(o => o.getAttribute('x') + ',' + o.getAttribute('y')));
		const miss = want.filter(([r, c]) => { const bg = document.querySelector('#main-sheet [data-cell="' + r + ',' + c + '"] rect.bg'); return !bg || !at.has(bg.getAttribute('x') + ',' + bg.getAttribute('y')); });
		return drawn.length === want.length && !miss.length ? 'ok' : drawn.length + ' outlined, missing ' + JSON.stringify(miss); })()`); got != "ok" {
		t.Errorf("the clairvoyant best move %s on the sheet: %s", cells, got)
	}
	shot(t, ctx, "analysis-carto2-clairvoyant")
	phoneShot(t, ctx, "analysis-carto2-clairvoyant-phone", 1280, 1200)
}
