//go:build !race

// 2,000 whole random games recorded and replayed, built without the race detector: they play on one
// goroutine, where the detector has nothing to find, and took 6 s of CPU under it (scripts/test runs norace
// files in a pass of their own). The engine's placement cache, its one state shared between goroutines,
// stays under the detector with the package's parallel tests.
package cartographers

import (
	"reflect"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// Every recorded game replays to the same sheets and the same result as the game played.
func TestReplayDeterminism(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(Definition{})
	n := 2000
	if testing.Short() {
		n = 200
	}
	for i := 0; i < n; i++ {
		seed := uint64(i) * 0x9e3779b97f4a7c15
		options := []string{`{"preset":"cartographers"}`, `{"preset":"heroes"}`, `{"preset":"both","side":"B"}`}[i%3]
		seats := 1
		if i%10 == 0 {
			seats = 2 + i%5
		}
		rec, played := recordRandom(t, options, seats, seed)
		st, err := reg.Replay(rec)
		if err != nil {
			t.Fatalf("game %d: replay: %v", i, err)
		}
		replayed := st.(*State).g
		if !st.Over() || !reflect.DeepEqual(replayed.players, played.players) ||
			!reflect.DeepEqual(st.Result(), played.Result()) {
			t.Fatalf("game %d (seed %d): the replay differs from the game played", i, seed)
		}
	}
}
