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
	holdSeat(t, ctx, e, id, token, "en")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]')`)
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
