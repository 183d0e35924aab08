//go:build !race

// The bots' whole games and searches over many positions, built without the race detector: a bot decides
// on one goroutine, where the detector has nothing to find, and these took 50 s of CPU under it, the
// master's share of the hidden-information sweep most (scripts/test runs norace files in a pass of their
// own). The master's search stays under the detector in TestMasterDeterministic, and bots deciding
// beside the server's matches in server's TestRealBotsThroughAPI.
package carcassonne

import (
	"encoding/json"
	"testing"

	carc "github.com/surveyor-game/surveyor/carcassonne"
)

// Games with different seeds that show the same public view (same tiles drawn so far, same board) differ
// only in the hidden order of the draw pile; the bot must choose the same move in each. The test checks
// that the hidden orders did differ, by the tile each game draws next. The levels for people choose at
// random: each choice is made by a fresh bot with the same seed, which only the hidden order could sway.
func TestNoHiddenInformation(t *testing.T) {
	t.Run("greedy+", func(t *testing.T) { noHiddenInformation(t, New) })
	for _, l := range Levels {
		t.Run(l.Name, func(t *testing.T) { noHiddenInformation(t, func() *Bot { return NewLevel(l, 42) }) })
	}
	// The search plays sampled futures: a fixed number of rounds makes its choice a function of the
	// position, which the real pile must not sway.
	t.Run("master", func(t *testing.T) { noHiddenInformation(t, testMaster) })
}

// The bots play the Mage & Witch (with the Land Surveyors and Inns & Cathedrals): greedy+ in four games,
// master against it in a fifth. Every move is legal and listed, they place and move the mage and the
// witch, and sensibly: greedy+ stands the mage on roads and cities it holds more often than on those an
// opponent holds, and the witch the other way round.
func TestBotsPlayTheMageAndWitch(t *testing.T) {
	var mage, witch [2]int // greedy+'s: on a feature the mover wins, on one an opponent wins
	magic := 0
	for seed := uint64(1); seed <= 5; seed++ {
		st, err := carc.Definition{}.New(json.RawMessage(`{"surveyors":true,"expansions":["inns_cathedrals","mage_witch"]}`), 2+int(seed%2), seed)
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*carc.Game)
		bots := []mover{New(), New(), New()}
		if seed == 5 {
			bots[1] = testMaster()
		}
		for !g.Over() {
			seat := g.ToAct()[0]
			b := bots[int(seat)%len(bots)]
			m, err := b.Move(st, seat)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if !listed(t, g.LegalMoves(seat), m) {
				t.Fatalf("seed %d: move %s is not among the legal moves", seed, m)
			}
			if err := st.Apply(seat, m); err != nil {
				t.Fatalf("seed %d: %s refused: %v", seed, m, err)
			}
			var mj carc.MoveJSON
			if err := json.Unmarshal(m, &mj); err != nil {
				t.Fatal(err)
			}
			if mj.Magic == nil || mj.Magic.Remove {
				continue
			}
			magic++
			if _, plus := b.(*Bot); !plus {
				continue
			}
			f := carc.Mage
			if mj.Magic.Figure == "witch" {
				f = carc.Witch
			}
			at, sg, ok := g.Neutral(f)
			if !ok {
				continue // a target is an unfinished road or city, but a guard costs nothing
			}
			fi, _ := g.FeatureAt(at, sg)
			best := 0
			for _, s := range fi.Strength {
				best = max(best, s)
			}
			if best == 0 {
				continue
			}
			k := 1
			if fi.Strength[seat] == best {
				k = 0
			}
			if f == carc.Mage {
				mage[k]++
			} else {
				witch[k]++
			}
		}
	}
	t.Logf("%d magic moves; greedy+'s mage on its own features %d, an opponent's %d; witch %d, %d", magic, mage[0], mage[1], witch[0], witch[1])
	if magic < 20 || mage[0]+mage[1] == 0 || witch[0]+witch[1] == 0 {
		t.Fatalf("%d magic moves, mage %v, witch %v: the bots did not play the Mage & Witch", magic, mage, witch)
	}
	if mage[0] <= mage[1] || witch[1] <= witch[0] {
		t.Errorf("greedy+ put the mage on its own features %d times and an opponent's %d; the witch %d and %d", mage[0], mage[1], witch[0], witch[1])
	}
}
