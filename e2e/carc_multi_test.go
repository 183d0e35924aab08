package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The Land Surveyors tiles by id in French (the rules page) and Portuguese.
var surveyorNames = map[string][2]string{
	"citizens_jury": {"Jury de Citoyens", "Júri de Cidadãos"}, "bad_neighbourhood": {"Mauvais Quartiers", "Bairro Ruim"},
	"siege": {"Siège", "Cerco"}, "city_wealth": {"Richesse", "Riqueza"}, "city_poverty": {"Pauvreté", "Pobreza"},
	"street_fair": {"Foire de Rue", "Feira de Rua"}, "highway": {"Autoroute", "Rodovia"},
	"peasant_uprising": {"Révolte paysanne", "Revolta Camponesa"}, "road_wealth": {"Richesse", "Riqueza"},
	"road_poverty": {"Pauvreté", "Pobreza"}, "hermit_monastery": {"Abbaye de l’Ermite", "Mosteiro do Eremita"},
	"pilgrimage_route": {"Route de Pèlerinage", "Rota de Peregrinação"}, "monastery_wealth": {"Richesse", "Riqueza"},
	"monastery_poverty": {"Pauvreté", "Pobreza"},
}

// TestCarcassonneTwoPeople: two people in two browsers and a spectator. The creator picks Carcassonne
// with the Land Surveyors for two seats, the second joins by the invite link; a spot where the tile cannot
// go shows red with the reason and sends nothing; a move is taken back and played again; meeples stood by
// one player appear on the other's and the spectator's boards; the spectator reads the scoring tiles in
// French and Portuguese.
func TestCarcassonneTwoPeople(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 21)
	a := browser(t, "en-US")
	b := incognito(t, a)
	spec := incognito(t, a)

	run(t, a, chromedp.Navigate(e.url+"/"))
	waitJS(t, a, `!!document.querySelector('#create-form')`)
	run(t, a, chromedp.SendKeys(chromedp.CSS("#name"), "Ada"), chromedp.SetValue(chromedp.CSS("#game"), "carcassonne"))
	evalString(t, a, `document.querySelector('#game').dispatchEvent(new Event('change', {bubbles: true})), ""`)
	waitJS(t, a, `document.querySelector('#mode-solo').closest('label').hidden`)
	click(t, a, "#surveyors")
	click(t, a, "#mode-others")
	click(t, a, "#create")
	waitJS(t, a, `!!document.querySelector('#invite-link')`)
	id := matchID(t, a)
	run(t, b, chromedp.Navigate(evalString(t, a, `document.querySelector('#invite-link').value`)))
	waitJS(t, b, `!!document.querySelector('#join-form')`)
	run(t, b, chromedp.SendKeys(chromedp.CSS("#join-name"), "Bea"))
	click(t, b, "#join")
	waitJS(t, a, `document.querySelectorAll('#players li').length === 2`)
	click(t, a, "#start")
	for _, ctx := range []context.Context{a, b} {
		waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
	}
	// The spectator finds the game among those in play, named with its content, and watches it.
	run(t, spec, chromedp.Navigate(e.url+"/"))
	waitJS(t, spec, `!!document.querySelector('li[data-match="`+id+`"][data-game="carcassonne"] a[data-watch]')`)
	if got := evalString(t, spec, `document.querySelector('li[data-match="`+id+`"] [data-content]').textContent`); got != "Carcassonne · Land Surveyors" {
		t.Errorf("the lobby describes the game as %q", got)
	}
	shot(t, spec, "carc-lobby-lists")
	click(t, spec, `li[data-match="`+id+`"] a[data-watch]`)
	waitJS(t, spec, `!!document.querySelector('#carc-board[data-ready]') && document.querySelectorAll('#surveyors .pile').length === 3`)
	if evalString(t, spec, `String(!!document.querySelector('#controls') || !!document.querySelector('#carc-board .slot.cand'))`) != "false" {
		t.Error("the spectator is offered controls")
	}
	tokA, _ := seatOf(t, a, id)
	tokB, _ := seatOf(t, b, id)

	// A spot where the tile fits in no rotation: red, with the reason, and Enter sends nothing.
	waitJS(t, a, `document.querySelectorAll('#marks .cand').length > 0`)
	seq := evalString(t, a, `document.getElementById('app').dataset.seq`)
	clickCell(t, a, -1, -1) // beside the start tile by a corner only
	waitJS(t, a, `(p => p && p.dataset.legal === "0" && p.classList.contains("bad"))(document.querySelector('#preview'))`)
	reason := evalString(t, a, `document.getElementById('reason').textContent`)
	if !strings.Contains(reason, "must touch") {
		t.Errorf("the reason shown for a cell touching no tile is %q", reason)
	}
	if evalString(t, a, `String(document.querySelector('#confirm').disabled)`) != "true" {
		t.Error("Confirm is enabled on an illegal spot")
	}
	shot(t, a, "carc-illegal")
	press(t, a, kEnter)
	if got := evalString(t, a, `document.getElementById('app').dataset.seq`); got != seq {
		t.Errorf("Enter on an illegal spot changed the match: seq %s to %s", seq, got)
	}
	press(t, a, kb.Escape)

	// Ada lays a tile and chooses a meeple, takes the tile back before confirming (Clear), then plays a
	// move with a meeple. Undo after confirming is offered exactly when the server says it may be
	// (you.undoable); the Carcassonne engine has no undo today, so the button must not show.
	moves := e.carcLegal(id, tokA)
	first := pickCarc(moves, 0)
	if first.Meeple == "" {
		t.Fatalf("the test expects a meeple in the first move, got %+v", first)
	}
	clickCell(t, a, first.X, first.Y)
	waitJS(t, a, `(p => p && p.dataset.placed === "1")(document.querySelector('#preview'))`)
	// A click on the laid tile (a corner, clear of the meeple circles) turns it to the next legal rotation.
	rots := evalString(t, a, `document.querySelector('#marks .cand[data-cell="`+fmt.Sprintf("%d,%d", first.X, first.Y)+`"]').dataset.rots`)
	if len(rots) < 2 {
		t.Fatalf("the test's first move should have several rotations at its cell, not %q", rots)
	}
	for i := 0; i == 0 || evalString(t, a, `document.querySelector('#preview').dataset.rot`) != strconv.Itoa(first.Rotation); i++ {
		if i == len(rots) {
			break
		}
		before := evalString(t, a, `document.querySelector('#preview').dataset.rot`)
		clickCellAt(t, a, first.X, first.Y, 5, 5)
		waitJS(t, a, `document.querySelector('#preview').dataset.rot !== "`+before+`"`)
	}
	if got := evalString(t, a, `document.querySelector('#preview').dataset.rot`); got != strconv.Itoa(first.Rotation) {
		t.Fatalf("clicking the laid tile never turned it to %d° (at %s°; legal rotations %s)", first.Rotation, got, rots)
	}
	clickCentre(t, a, `#meeple-options [data-meeple="`+first.Meeple+`"]`)
	waitJS(t, a, `document.querySelector('#preview').dataset.meeple === "`+first.Meeple+`"`)
	clickCentre(t, a, "#clear")
	waitJS(t, a, `!document.querySelector('#preview[data-placed="1"]') && !document.querySelector('#meeple-options')`)
	playCarc(t, a, first, carcClicks)
	waitJS(t, b, `document.querySelectorAll('#carc-board .meeple.seat-0').length === 1`)
	waitJS(t, spec, `document.querySelectorAll('#carc-board .meeple.seat-0').length === 1`)
	var st carcState
	e.getJSON("/api/matches/"+id, tokA, &st)
	if st.You.Undoable {
		waitJS(t, a, `!!document.querySelector('#undo')`)
		click(t, a, "#undo")
		waitJS(t, a, `document.querySelector('#table[data-must-act="1"]') && document.querySelectorAll('#carc-board .cell-tile').length === 1`)
		waitJS(t, b, `document.querySelectorAll('#carc-board .cell-tile').length === 1 && !document.querySelector('#carc-board .meeple')`)
		playCarc(t, a, moves[len(moves)-1], carcKeys)
	} else if evalString(t, a, `String(!!document.querySelector('#undo'))`) != "false" {
		t.Error("Undo is offered though the server says the move cannot be taken back")
	}

	// A few turns each, meeples included; both boards and the spectator's agree.
	for turn := 1; turn < 8; turn++ {
		ctx, tok := b, tokB
		if turn%2 == 0 {
			ctx, tok = a, tokA
		}
		playCarc(t, ctx, pickCarc(e.carcLegal(id, tok), turn), carcHow(turn%3))
	}
	e.getJSON("/api/matches/"+id, tokA, &st)
	meeples := 0
	for _, tl := range st.View.Board {
		meeples += len(tl.Meeples)
	}
	for _, ctx := range []context.Context{a, b, spec} {
		waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#carc-board .cell-tile').length === %d && document.querySelectorAll('#carc-board .meeple').length === %d`, len(st.View.Board), meeples))
		for seat, sc := range st.View.Scores {
			waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#carc-players tr[data-seat="%d"] [data-score]').dataset.score === "%d"`, seat, sc))
		}
	}
	if meeples == 0 {
		t.Error("no meeple stands after eight turns")
	}
	shot(t, spec, "carc-spectator")

	// The spectator zooms in, drags the board, and comes back to the whole board.
	whole := evalString(t, spec, `document.querySelector('#carc-board').getAttribute('viewBox')`)
	vbWidth := `Number(document.querySelector('#carc-board').getAttribute('viewBox').split(' ')[2])`
	click(t, spec, "#zoom-in")
	waitJS(t, spec, vbWidth+` < `+strings.Fields(whole)[2]+` / 1.3`)
	zoomed := evalString(t, spec, `document.querySelector('#carc-board').getAttribute('viewBox')`)
	var r struct{ X, Y float64 }
	evalJSON(t, spec, `(r => JSON.stringify({X: r.x + r.width / 2, Y: r.y + r.height / 2}))(document.querySelector('#carc-board').getBoundingClientRect())`, &r)
	run(t, spec, chromedp.DragAndDropXY(r.X, r.Y, r.X+80, r.Y+60))
	if got := evalString(t, spec, `document.querySelector('#carc-board').getAttribute('viewBox')`); got == zoomed {
		t.Errorf("dragging the zoomed board did not move it (view box %s)", got)
	}
	click(t, spec, "#zoom-fit")
	waitJS(t, spec, `document.querySelector('#carc-board').getAttribute('viewBox') === "`+whole+`"`)

	// The spectator switches to French, then Portuguese: the active scoring tiles by their names there.
	for i, l := range []string{"fr", "pt"} {
		run(t, spec, chromedp.SetValue(chromedp.CSS("#lang"), l))
		evalString(t, spec, `document.querySelector('#lang').dispatchEvent(new Event('change')), ""`)
		waitJS(t, spec, `document.querySelectorAll('#surveyors .pile').length === 3`)
		for _, pile := range []string{"city", "road", "monastery"} {
			active := st.View.Surveyors[pile].Active
			want := surveyorNames[active][i]
			if want == "" {
				t.Fatalf("no %s name for %q", l, active)
			}
			waitJS(t, spec, fmt.Sprintf(`document.querySelector('#surveyors [data-pile="%s"] .surveyor-name').textContent === %q`, pile, want))
		}
		shot(t, spec, "carc-spectator-"+l)
	}
}
