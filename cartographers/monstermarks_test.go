package cartographers

import (
	"fmt"
	"strings"
	"testing"
)

// A sheet's view names the surviving spaces of each Heroes monster with an ability: every named space is a
// monster space in the map text, the card was revealed, and over many games each of the four is seen.
func TestViewMarksHeroesMonsters(t *testing.T) {
	t.Parallel()
	abilities := map[string]bool{"Dragon Inferno": true, "Zombie Plague": true, "Giant Troll Ravage": true, "Gorgon Gaze": true}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 40 && len(seen) < 4; seed++ {
		g, err := NewGame(Options{Preset: "heroes"}, 1, seed)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			autoStep(t, g)
			v := g.View(0)
			revealed := map[string]bool{}
			for _, sp := range v.Specials {
				revealed[sp.Card.Name] = true
			}
			sv := v.Sheets[0]
			var rows []string
			for _, l := range strings.Split(sv.Map, "\n") {
				if l = strings.ReplaceAll(strings.TrimSpace(l), " ", ""); l != "" && !strings.HasPrefix(l, ";") {
					rows = append(rows, l)
				}
			}
			for _, mk := range sv.Monsters {
				if !abilities[mk.Card] || !revealed[mk.Card] || len(mk.Cells) == 0 {
					t.Fatalf("seed %d: a mark for %q (revealed %v) with %d spaces", seed, mk.Card, revealed[mk.Card], len(mk.Cells))
				}
				seen[mk.Card] = true
				for _, c := range mk.Cells {
					if ch := rows[c[0]][c[1]]; ch != 'X' && ch != 'x' {
						t.Fatalf("seed %d: %s marks %v, which the map shows as %q", seed, mk.Card, c, ch)
					}
				}
			}
		}
	}
	if len(seen) != 4 {
		t.Errorf("40 games marked only %v", seen)
	}
}

// A draw decision's view lists exactly the shape options with no legal placement (checked against
// LegalDraws, the list the moves are judged by) over many games' decisions; some are seen.
func TestViewListsShapesFittingNowhere(t *testing.T) {
	t.Parallel()
	var buf []Placement
	nowhereSeen := 0
	for seed := uint64(1); seed <= 60; seed++ {
		g, err := NewGame(Options{Preset: "both"}, 1, seed)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			if d, sheet := g.DecisionOf(0); sheet >= 0 && d.Kind() == DecideDraw && d.Mode() != DrawFallback {
				dv := g.View(0).Decision
				var want []int
				for opt := range len(d.Card().Card().Options) {
					if buf = g.LegalDraws(sheet, d, opt, buf[:0]); len(buf) == 0 {
						want = append(want, opt)
					}
				}
				if fmt.Sprint(dv.Nowhere) != fmt.Sprint(want) {
					t.Fatalf("seed %d, card %s: the view says %v fit nowhere, LegalDraws %v", seed, d.Card().Card().Name, dv.Nowhere, want)
				}
				nowhereSeen += len(want)
			}
			autoStep(t, g)
		}
	}
	if nowhereSeen == 0 {
		t.Error("60 games never had a shape that fits nowhere: the test proves nothing")
	}
}

// autoStep plays seat 0's automatic move.
func autoStep(t *testing.T, g *Game) {
	t.Helper()
	m, err := g.AutoMove(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(0, m); err != nil {
		t.Fatal(err)
	}
}
