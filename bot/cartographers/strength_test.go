//go:build !race

// The bots' strength, measured on seeded games: statistical tests that play many games. They are left
// out of the race detector's run (the code they exercise runs under it in the other tests, and the
// detector made them most of the suite's time); scripts/test runs them in a pass of their own without it.

package cartographers

import (
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// The bots beat the engine's policy on the same seeded solo games. Over 40 games (seeds 7000-7039) the
// fast level gained 7.1 stars a game (standard error 1.6) and the strong level 15.1 (1.7) in the base game,
// 19.0 (2.8) with both boxes; on the tests' 12 and 16 games, 16.1 (4.4) and 9.5 (2.6). The tests play fewer games and ask for a margin
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

// The search beats the strong level it starts from on the same seeded solo games. It is given strong's
// weights, so that the test sees the search alone (TestMasterWeightsBeatDefault checks the master's
// potentials). Over 500 games (seed 9000, docs/bots.md) the default budget with DefaultWeights gained 7.4
// stars a game; this small budget on these 8 games (seeds 700-707) gained 5.3 (strong 120.5, master
// 125.8). A search that chose at random among its candidates, or kept the worst, would lose stars here
// instead. With MasterWeights this small budget scores 119.4 on these 8 games, and 3 stars a game less
// than with DefaultWeights on seeds 700-715 (a standard error near 2.3): the potentials' gain was measured
// with the full budget (docs/bots.md).
func TestMasterBeatsStrong(t *testing.T) {
	if testing.Short() {
		t.Skip("16 solo games, 8 of them searched: a few seconds, more under -race")
	}
	const games = 8
	var strong, master int
	for seed := uint64(700); seed < 700+games; seed++ {
		strong += soloScore(t, carto.Options{}, seed, New(Strong))
		b := NewMaster(1, testBudget)
		b.Weights = DefaultWeights
		master += soloScore(t, carto.Options{}, seed, b)
	}
	t.Logf("strong %.1f, master %.1f a game", float64(strong)/games, float64(master)/games)
	if master <= strong+games*2 {
		t.Errorf("master scores %d over %d games, strong %d: want at least 2 stars a game more", master, games, strong)
	}
}

// A wider beam finds better lines: on these seeded solo games the clairvoyant beam of width 128 scores
// more than of width 4 (140.5 against 123.5 a game on seeds 700-703 when written; the clairvoyant search,
// whose playouts draw one card at a time, 131.5: docs/bots.md compares the two on 500 games). A beam that
// kept the worst sheets would score less the wider it is; one that lost the stars of a season it scored
// fails TestBeamFollowsItsPlan.
func TestWiderBeamScoresMore(t *testing.T) {
	if testing.Short() {
		t.Skip("8 solo games planned by a beam: seconds, more under -race")
	}
	const games = 4
	var narrow, wide int
	for seed := uint64(700); seed < 700+games; seed++ {
		narrow += soloScore(t, carto.Options{}, seed, NewClairvoyantBeam(4))
		wide += soloScore(t, carto.Options{}, seed, NewClairvoyantBeam(128))
	}
	t.Logf("beam 4: %.1f, beam 128: %.1f a game", float64(narrow)/games, float64(wide)/games)
	if wide < narrow+games*8 {
		t.Errorf("beam 128 scores %d over %d games, beam 4 %d: want 8 stars a game more", wide, games, narrow)
	}
}

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
