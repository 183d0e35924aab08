package carcassonne

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"testing"
)

// pinnedGame sums up a seeded game played to the end by the random player (or the greedy policy) in
// what must never change for a base game: the deck's order, every move's JSON, every scoring and the
// final scores.
func pinnedGame(t *testing.T, opts Options, players int, seed uint64, greedy bool) (string, []int) {
	t.Helper()
	g, err := NewGame(opts, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for i := range g.deck[:g.ndeck] {
		fmt.Fprintf(h, "%s ", types[g.deck[i]].name)
	}
	rp := NewRandomPlayer(seed)
	for !g.Over() {
		m := rp.Move(g)
		if greedy {
			m = g.GreedyMove()
		}
		h.Write(g.EncodeMove(m))
		if err := g.Play(m); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	for _, e := range g.Events() {
		b, _ := json.Marshal([]any{e.Turn, e.Final, e.Feature, e.Tiles, e.Meeples, e.Cities, e.Receivers,
			e.Points, e.BasePoints, e.Surveyor, e.SurveyorDelta, e.ExtraReceivers})
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], g.scoresSlice()
}

// TestBaseGamesReplayAsBefore pins seeded base games (with and without the Land Surveyors) as the engine
// played them before it was widened for the expansions: the deck built and shuffled the same way, the same
// legal moves in the same order, the same scorings.
func TestBaseGamesReplayAsBefore(t *testing.T) {
	for _, c := range []struct {
		surveyors bool
		players   int
		seed      uint64
		greedy    bool
		hash      string
		scores    string
	}{
		{false, 2, 1, false, "78bc0c799d4536be", "[23 23]"},
		{false, 3, 42, false, "97df318193d6c669", "[24 23 22]"},
		{false, 5, 7, false, "df5aa86a1ad9bb61", "[33 14 13 25 13]"},
		{true, 2, 1, false, "33b494a4e4b07565", "[23 27]"},
		{true, 4, 99, false, "9cc96dc2ba0c0c57", "[2 9 23 16]"},
		{false, 2, 5, true, "cf82b529a300e708", "[40 34]"},
		{true, 3, 8, true, "3c4bbabddad80acb", "[57 25 33]"},
	} {
		opts := DefaultOptions()
		opts.Surveyors = c.surveyors
		h, s := pinnedGame(t, opts, c.players, c.seed, c.greedy)
		if h != c.hash || fmt.Sprint(s) != c.scores {
			t.Errorf("surveyors %v, %d players, seed %d, greedy %v: game %s scores %v, want %s %s",
				c.surveyors, c.players, c.seed, c.greedy, h, s, c.hash, c.scores)
		}
	}
}
