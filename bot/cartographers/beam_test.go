package cartographers

import (
	"math/rand/v2"
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// The clairvoyant beam plans a solo game at its first decision and the engine then plays that plan to the
// star: every planned draw is one of the engine's legal answers, and the game scores what the plan said.
// It fails if the beam draws otherwise than the engine (a ruins demand, a fallback's terrains, a full
// sheet) or meets the cards in another order (an ambush comes before the explore card revealed with it:
// the order read off a copy of the game put it after, 26 Nov).
func TestBeamFollowsItsPlan(t *testing.T) {
	cases := []struct {
		seed uint64
		o    carto.Options
	}{{1, carto.Options{}}, {2, carto.Options{}}, {3, carto.Options{FallbackTerrains: "rulings"}},
		{4, carto.Options{}}, {5, carto.Options{FallbackTerrains: "all"}}, {6, carto.Options{}}}
	ambushes := 0
	for _, c := range cases {
		g, err := carto.NewGame(c.o, 1, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		b := NewClairvoyantBeam(16)
		predicted := -1.0
		for !g.Over() {
			m, err := b.Choose(g, 0)
			if err != nil {
				t.Fatal(err)
			}
			if predicted < 0 {
				predicted = b.beam.predicted
			}
			if err := g.Play(0, m); err != nil {
				t.Fatalf("seed %d: the planned move is refused: %v", c.seed, err)
			}
		}
		for sp := range g.Specials() {
			if sp.Card.Card().Type == carto.AmbushCard {
				ambushes++
			}
		}
		if r := b.BeamReplans(); r != 0 {
			t.Errorf("seed %d: the game left the plan %d times", c.seed, r)
		}
		if got := float64(g.Score(0)); got != predicted {
			t.Errorf("seed %d: the game scored %v, the plan %v", c.seed, got, predicted)
		}
	}
	if ambushes < len(cases) {
		t.Fatalf("only %d ambushes in %d games: the order's ambushes were hardly checked", ambushes, len(cases))
	}
}

// selectBest leaves the k best children at the front, whatever the ties and the k.
func TestSelectBest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		n := 1 + r.IntN(60)
		kids := make([]beamChild, n)
		for i := range kids {
			kids[i].value = float64(r.IntN(1 + trial%12)) // few distinct values: many ties
		}
		k := r.IntN(n + 1)
		selectBest(kids, k)
		for i := range k {
			for j := k; j < n; j++ {
				if kids[i].value < kids[j].value {
					t.Fatalf("n %d k %d: front value %v at %d below %v at %d", n, k, kids[i].value, i, kids[j].value, j)
				}
			}
		}
	}
}
