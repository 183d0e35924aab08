package cartographers

import (
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// A level is not a random player: with its seed fixed it replays the same game, and the levels' choices
// differ from the best answer only some of the time.
func TestLevelRepeatsItself(t *testing.T) {
	l, ok := LevelNamed("medium")
	if !ok {
		t.Fatal("no medium level")
	}
	a := soloScore(t, carto.Options{}, 5, NewLevel(l, 9))
	b := soloScore(t, carto.Options{}, 5, NewLevel(l, 9))
	if a != b {
		t.Errorf("the same level and seed scored %d, then %d", a, b)
	}
	if _, ok := LevelNamed("nope"); ok {
		t.Error("a level named nope")
	}
}
