//go:build !race

// The bots' strength, measured on seeded games: statistical tests that play many games. They are left
// out of the race detector's run (the code they exercise runs under it in the other tests, and the
// detector made them most of the suite's time); scripts/test runs them in a pass of their own without it.

package sim

import "testing"

// The levels for people are a ladder: each rates above the one before. The seed is fixed and every game's
// choices come from its own seed, so this is no matter of luck or of which worker played which game (until
// 28 Nov a level carried its generator from game to game, and a CI run found hard above greedy+); 150 games
// a pair keep each step several points clear. docs/bots.md has the figures of 1,000 games a pair.
func TestCarcassonneLevelsAreALadder(t *testing.T) {
	ladder := []string{"easy", "medium", "hard", "greedy+"}
	rs, err := Calibrate(t.Context(), Calibration{Game: "carcassonne", Bots: ladder, Games: 150, Seed: 3, Workers: -1})
	if err != nil {
		t.Fatal(err)
	}
	mu := map[string]float64{}
	for _, r := range rs {
		mu[r.Bot] = r.Rating.Mu
	}
	t.Logf("ratings %v", mu)
	for i := 1; i < len(ladder); i++ {
		if mu[ladder[i]] <= mu[ladder[i-1]] {
			t.Errorf("%s (%.1f) is not above %s (%.1f)", ladder[i], mu[ladder[i]], ladder[i-1], mu[ladder[i-1]])
		}
	}
}
