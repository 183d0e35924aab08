package cartographers

import (
	"math"
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// soloScore plays a seeded solo game with a bot (nil: the engine's AutoMove) and returns the score.
func soloScore(t *testing.T, o carto.Options, seed uint64, b *Bot) int {
	t.Helper()
	g, err := carto.NewGame(o, 1, seed)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		var m carto.Move
		if b == nil {
			m, err = g.AutoMove(0)
		} else {
			m, err = b.Choose(g, 0)
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(0, m); err != nil {
			t.Fatal(err)
		}
	}
	return g.Score(0)
}

// pairedGain plays the same seeded solo games (seeds 7000...) with a bot and with a base (nil: AutoMove)
// and returns the mean and the standard error of the score difference.
func pairedGain(t *testing.T, o carto.Options, games int, b, base *Bot) (mean, stderr float64) {
	var sum, sq float64
	for i := 0; i < games; i++ {
		seed := uint64(7000 + i)
		d := float64(soloScore(t, o, seed, b) - soloScore(t, o, seed, base))
		sum += d
		sq += d * d
	}
	n := float64(games)
	mean = sum / n
	return mean, math.Sqrt((sq/n - mean*mean) / (n - 1))
}
