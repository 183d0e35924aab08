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

// The bots beat the engine's policy on the same seeded solo games. Over 40 games (seeds 7000-7039) the
// fast level gained 7.1 stars a game (standard error 1.6) and the strong level 15.1 (1.7) in the base game,
// 19.0 (2.8) with both boxes; on the tests' 12 and 16 games, 16.1 (4.4) and 9.5 (2.6). The tests play fewer games (they run under -race in CI) and ask for a margin
// about three standard errors under the measured gain, so that a change which loses the bot its edge fails
// while noise alone would not.
func TestStrongBeatsAutoMove(t *testing.T) {
	mean, se := pairedGain(t, carto.Options{}, 12, New(Strong), nil)
	t.Logf("strong: %.2f ± %.2f stars a game over AutoMove, 12 games", mean, se)
	if mean < 6 {
		t.Errorf("strong bot gains %.2f stars a game over AutoMove, want at least 6", mean)
	}
}

func TestFastBeatsAutoMove(t *testing.T) {
	mean, se := pairedGain(t, carto.Options{}, 16, New(Fast), nil)
	t.Logf("fast: %.2f ± %.2f stars a game over AutoMove, 16 games", mean, se)
	if mean < 2 {
		t.Errorf("fast bot gains %.2f stars a game over AutoMove, want at least 2", mean)
	}
}

// The master level's potentials (MasterWeights) make a better player of the one-ply policy its playouts
// draw with: over 200 games (seeds 7000-7199) the fast level gained 4.5 stars a game with them (standard
// error 0.7), on these 50 games 5.3 (1.6).
func TestMasterWeightsBeatDefault(t *testing.T) {
	pot := New(Fast)
	pot.Weights = MasterWeights
	mean, se := pairedGain(t, carto.Options{}, 50, pot, New(Fast))
	t.Logf("fast with MasterWeights: %.2f ± %.2f stars a game over DefaultWeights, 50 games", mean, se)
	if mean < 1 {
		t.Errorf("MasterWeights gain %.2f stars a game over DefaultWeights for the fast level, want at least 1", mean)
	}
}
