package carcassonne

import (
	"testing"

	carc "github.com/surveyor-game/surveyor/carcassonne"
)

// testMaster is the search bot at a small fixed budget, so that the tests are quick and repeatable.
func testMaster() *Search {
	s := NewMaster(0, 4)
	s.Depth = 3
	return s
}

// The search's own greedy+ (read through the engine's accessors) chooses as greedy+ does, with and without
// the Land Surveyors, with and without the River and the Abbot, with and without the Mage & Witch (the
// magic part too), with two to five players, on every position of seeded games.
func TestPlusEvalIsGreedyPlus(t *testing.T) {
	var pe plusEval
	plus := New()
	var c carc.Game
	compared := 0
	for seed := uint64(1); seed <= 16; seed++ {
		opts := carc.DefaultOptions()
		opts.Surveyors = seed%2 == 0
		if seed%4 >= 2 {
			opts.Expansions = carc.RiverExp | carc.AbbotExp
		}
		if seed%8 >= 5 {
			opts.Expansions |= carc.MageWitchExp
		}
		g, err := carc.NewGame(opts, 2+int(seed)%4, seed)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			want, err := plus.Choose(g)
			if err != nil {
				t.Fatal(err)
			}
			g.LookAhead(&c)
			if got := pe.best(&c, DefaultWeights); got != want {
				t.Fatalf("seed %d turn %d tile %s: search's greedy+ chose %+v, greedy+ %+v", seed, g.TilesPlaced(), g.Current(), got, want)
			}
			compared++
			if err := g.Play(want); err != nil {
				t.Fatal(err)
			}
		}
	}
	if compared < 500 {
		t.Errorf("%d positions compared", compared)
	}
}

// Every move master makes over whole games, two to five players, with and without the Land Surveyors, is
// legal, and it stands meeples of every kind.
func TestMasterBadCallsAreErrors(t *testing.T) { refusesBadCalls(t, testMaster()) }

// With a fixed number of rounds a position gives one move, whatever was searched before.
func TestMasterDeterministic(t *testing.T) {
	playsTheSameTwice(t, func() chooser { return testMaster() })
}
