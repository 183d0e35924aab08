//go:build !race

// A whole game of two master bots on the clock, built without the race detector: the search runs on the
// bot's one goroutine and reads the clock, where the detector has nothing to find, and the game took 9 s
// of CPU under it (scripts/test runs norace files in a pass of their own).
package cartographers

import (
	"testing"
	"time"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// On the clock, the search answers with a legal move even when its budget is spent before it starts
// (it plays one sample); the choice is then no longer repeatable, which the tests do not ask of it.
func TestMasterOnTheClockAnswers(t *testing.T) {
	bots := []*Bot{NewMaster(3, SearchBudget{Time: time.Nanosecond}), NewMaster(4, SearchBudget{Time: 20 * time.Millisecond, Width: 4})}
	playGame(t, carto.Options{Preset: "both"}, 21, bots, map[carto.DecisionKind]int{})
}
