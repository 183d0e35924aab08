package carcassonne

import (
	"strings"
	"testing"
)

// Each seat's points by source add up to its score, in seeded random games with every combination of
// expansions and the Land Surveyors; with all of them on, every source shows up, and the builder's second
// tiles' share is part of the total.
func TestPointsBySourceAddUpToTheScores(t *testing.T) {
	seen := map[string]bool{}
	g := &Game{}
	for _, o := range digestCombos() {
		n := 4
		all := o.Surveyors && o.Expansions == 1<<numExpansions-1
		if all {
			n = 100 // a builder's second tile scores in one random two-player game of 25 or so
		}
		for i := 0; i < n; i++ {
			seed := uint64(300 + i)
			players := minPlayers + i%(o.maxSeats()-minPlayers+1)
			if all {
				seed, players = uint64(i), 2
			}
			if err := g.Reset(o, players, seed); err != nil {
				t.Fatal(err)
			}
			rp := NewRandomPlayer(seed)
			for !g.over {
				if err := g.Play(rp.Move(g)); err != nil {
					t.Fatal(err)
				}
			}
			src := g.PointsBySource()
			for s := 0; s < players; s++ {
				sum, total := 0, 0
				for name, by := range src {
					if len(by) != players {
						t.Fatalf("%s seed %d: %q has %d seats, want %d", comboName(o), seed, name, len(by), players)
					}
					if strings.HasPrefix(name, PointsPrefix) {
						sum += by[s]
					}
					if by[s] != 0 && all {
						seen[name] = true
					}
				}
				total = g.Score(s)
				if sum != total {
					t.Errorf("%s seed %d seat %d: sources %v add up to %d, score %d", comboName(o), seed, s, src, sum, total)
				}
				if by := src[PointsOnSecondTiles]; by != nil && !o.Expansions.Has(TradersBuildersExp) {
					t.Errorf("%s seed %d: second tiles' points without Traders & Builders: %v", comboName(o), seed, by)
				}
			}
		}
	}
	for _, name := range []string{"city", "road", "field", "monastery", "garden", "goods", "abbot recall", "inn", "cathedral", "pig", "mage", "witch", "surveyors"} {
		if !seen[PointsPrefix+name] {
			t.Errorf("no game with every expansion scored %q (%v)", PointsPrefix+name, seen)
		}
	}
	if !seen[PointsOnSecondTiles] {
		t.Errorf("no game with every expansion scored on a builder's second tile (%v)", seen)
	}
}

// digestCombos are every combination of the five expansions, each with and without the Land Surveyors.
func digestCombos() []Options {
	var out []Options
	for e := Expansions(0); e < 1<<numExpansions; e++ {
		for _, sv := range []bool{false, true} {
			o := DefaultOptions()
			o.Surveyors, o.Expansions = sv, e
			out = append(out, o)
		}
	}
	return out
}

func comboName(o Options) string {
	name := strings.Join(o.Expansions.Names(), "+")
	if name == "" {
		name = "base"
	}
	if o.Surveyors {
		name += "+surveyors"
	}
	return name
}
