package cartographers

import (
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// Review values the master's own choice as the best, plays the played answer over the same samples, and
// refuses an answer that is not one.
func TestReview(t *testing.T) {
	t.Parallel()
	g, err := carto.NewGame(carto.Options{}, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	budget := SearchBudget{Samples: 4, Width: 6}
	best, err := NewMaster(3, budget).Choose(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewMaster(3, budget).Review(g, 0, best)
	if err != nil {
		t.Fatal(err)
	}
	if r.Best != best || r.PlValue != r.BestValue || r.Samples != 4 {
		t.Errorf("the master's choice %v reviewed: best %v (%.2f), played %.2f, %d samples", best, r.Best, r.BestValue, r.PlValue, r.Samples)
	}
	// The last of the answers by the one-ply value is searched too, and found worse.
	b := NewMaster(3, budget)
	if _, _, _, _, err := b.answers(g, 0); err != nil {
		t.Fatal(err)
	}
	worst := b.cands[len(b.cands)-1].m
	r, err = b.Review(g, 0, worst)
	if err != nil {
		t.Fatal(err)
	}
	if r.Played != worst || r.Samples != 4 || r.BestValue <= r.PlValue {
		t.Errorf("the worst answer reviewed: played %v (%.2f), best %v (%.2f)", r.Played, r.PlValue, r.Best, r.BestValue)
	}
	if _, err := b.Review(g, 0, carto.Move{Type: carto.DecideDraw, Cells: carto.Single(carto.Cell(0))}); err == nil {
		t.Error("a move that answers nothing is reviewed")
	}
}

// PlanStars plans a solo game of the base content from its first draw, and no other.
func TestPlanStars(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		o     carto.Options
		seats int
		want  bool
	}{{carto.Options{}, 1, true}, {carto.Options{}, 2, false}, {carto.Options{Preset: "heroes"}, 1, false}} {
		g, err := carto.NewGame(c.o, c.seats, 2)
		if err != nil {
			t.Fatal(err)
		}
		stars, ok, err := PlanStars(g, 8)
		if err != nil || ok != c.want || (ok && stars < 40) {
			t.Errorf("%+v, %d seats: plan %.0f, %v, %v", c.o, c.seats, stars, ok, err)
		}
	}
}
