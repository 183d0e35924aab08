package e2e

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHeroesMonstersMarked: each Heroes monster's spaces carry its own mark on the sheet (they were one
// identical glyph), and a legend says what each monster on the map does.
func TestHeroesMonstersMarked(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 4)
	type mark struct {
		Card  string   `json:"card"`
		Cells [][2]int `json:"cells"`
	}
	var id, token string
	var marks []mark
	for try := 0; len(marks) == 0; try++ {
		if try == 10 {
			t.Fatal("no Heroes monster with an ability reached a sheet in 10 games")
		}
		id, token = e.startSolo("heroes")
		for range 200 {
			var st struct {
				Match struct{ Status string } `json:"match"`
				View  struct {
					Sheets []struct{ Monsters []mark } `json:"sheets"`
				} `json:"view"`
			}
			e.getJSON("/api/matches/"+id, token, &st)
			if marks = st.View.Sheets[0].Monsters; len(marks) > 0 || st.Match.Status == "finished" {
				break
			}
			moves := legalMoves[json.RawMessage](e, id, token)
			e.postJSON("/api/matches/"+id+"/moves", token, map[string]json.RawMessage{"move": moves[0]}, nil)
		}
	}
	kinds := map[string]string{"Dragon Inferno": "dragon", "Zombie Plague": "zombie", "Giant Troll Ravage": "troll", "Gorgon Gaze": "gorgon"}
	ctx := browser(t, "en-US")
	openTable(t, ctx, e, id, token, "en", `#main-sheet[data-ready]`)
	for _, mk := range marks {
		n := evalString(t, ctx, fmt.Sprintf(`String(document.querySelectorAll('#main-sheet .mmark[data-mark=%q]').length)`, kinds[mk.Card]))
		if n != fmt.Sprint(len(mk.Cells)) {
			t.Errorf("%s: %s marks on the sheet, want one on each of its %d spaces", mk.Card, n, len(mk.Cells))
		}
		if got := evalString(t, ctx, fmt.Sprintf(`(document.querySelector('#monster-legend li[data-card=%q]') || {}).textContent || ""`, mk.Card)); got == "" {
			t.Errorf("the legend does not explain %s", mk.Card)
		}
	}
	shot(t, ctx, "monsters")
}

// TestShapeFittingNowhereMarked: a card's shape that fits nowhere on the sheet is marked, and cannot be
// chosen (it was offered like the others).
func TestShapeFittingNowhereMarked(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 6)
	var id, token string
	var nowhere []int
	step := 0
	for try := 0; len(nowhere) == 0; try++ {
		if try == 30 {
			t.Fatal("no shape fit nowhere in 30 games")
		}
		id, token = e.startSolo("both")
		for range 200 {
			var st struct {
				Match struct{ Status string } `json:"match"`
				View  struct {
					Decision *struct{ Nowhere []int } `json:"decision"`
				} `json:"view"`
			}
			e.getJSON("/api/matches/"+id, token, &st)
			if st.Match.Status == "finished" {
				break
			}
			if st.View.Decision != nil && len(st.View.Decision.Nowhere) > 0 {
				nowhere = st.View.Decision.Nowhere
				break
			}
			moves := legalMoves[json.RawMessage](e, id, token)
			// A scattered choice of legal move (not the first, which fills the map tidily): shapes soon stop
			// fitting somewhere.
			step++
			e.postJSON("/api/matches/"+id+"/moves", token, map[string]json.RawMessage{"move": moves[(step*7919)%len(moves)]}, nil)
		}
	}
	ctx := browser(t, "en-US")
	holdSeat(t, ctx, e, id, token, "en")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && !!document.querySelector('#controls [data-option]')`)
	for _, i := range nowhere {
		var got struct {
			Disabled bool
			Class    string
			Text     string
		}
		evalJSON(t, ctx, fmt.Sprintf(`(b => JSON.stringify({Disabled: b.disabled, Class: b.className, Text: b.textContent}))(document.querySelector('#controls [data-option="%d"]'))`, i), &got)
		if !got.Disabled || got.Class != "option nowhere" || got.Text != fmt.Sprintf("%d · fits nowhere", i+1) {
			t.Errorf("shape %d, which fits nowhere, is offered as %+v", i+1, got)
		}
	}
	shot(t, ctx, "fits-nowhere")
}
