package carcassonne

import (
	"testing"

	carc "github.com/surveyor-game/surveyor/carcassonne"
)

// Review searches the played move in the same futures as master's candidates, never values the best
// below it, and refuses a move the position does not allow.
func TestReview(t *testing.T) {
	t.Parallel()
	g, err := carc.NewGame(carc.DefaultOptions(), 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	played := g.GreedyMove()
	for _, clairvoyant := range []bool{false, true} {
		r, err := NewReviewer(9, 3).Review(g, played, clairvoyant)
		if err != nil {
			t.Fatal(err)
		}
		rounds := 3
		if clairvoyant {
			rounds = 1
		}
		if r.Played != played || r.Rounds != rounds || r.BestValue < r.PlayedValue || r.CandidatesTried < 2 {
			t.Errorf("clairvoyant %v: %+v", clairvoyant, r)
		}
		if r.PlayedScore <= 0 || r.BestScore <= 0 {
			t.Errorf("clairvoyant %v: final scores %.2f and %.2f", clairvoyant, r.PlayedScore, r.BestScore)
		}
		again, err := NewReviewer(9, 3).Review(g, r.Best, clairvoyant)
		if err != nil {
			t.Fatal(err)
		}
		if again.PlayedValue != r.BestValue {
			t.Errorf("clairvoyant %v: the best move played is valued %.2f, reviewed %.2f", clairvoyant, again.PlayedValue, r.BestValue)
		}
	}
	if _, err := NewReviewer(9, 3).Review(g, carc.Move{Placement: carc.Placement{X: 40, Y: 40}, Meeple: carc.NoMeeple}, false); err == nil {
		t.Error("a placement far from the board is reviewed")
	}
}
