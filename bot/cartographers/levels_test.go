package cartographers

import (
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// The levels for people are a ladder: on the same seeded solo games, each scores more on average than the
// one below. Over 200 games (docs/bots.md) the means are 77, 92, 103 and 113; over these 24 games (seeds
// 600-623) 78.9, 92.8, 107.2 and 113.9. The seeds are fixed, so only a change to the levels can break the
// order, and a level that lost its blind spots or its temperature would.
func TestLevelsAreALadder(t *testing.T) {
	const games = 24
	prev, prevName := -1.0, ""
	for i, l := range Levels {
		b := NewLevel(l, uint64(i)+1)
		sum := 0
		for seed := uint64(600); seed < 600+games; seed++ {
			sum += soloScore(t, carto.Options{}, seed, b)
		}
		mean := float64(sum) / games
		t.Logf("%s: mean %.1f over %d games", l.Name, mean, games)
		if mean <= prev {
			t.Errorf("%s (%.1f) does not score above %s (%.1f)", l.Name, mean, prevName, prev)
		}
		prev, prevName = mean, l.Name
	}
}

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
