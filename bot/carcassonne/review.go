package carcassonne

import (
	"fmt"

	carc "github.com/surveyor-game/surveyor/carcassonne"
)

// Review is one decision valued after the game by master's search, for the post-game analysis (package
// analysis).
type Review struct {
	// Best is the move the search values highest, Played the move played. Values are the seat's margin
	// (its score less the best other seat's, with what its figures in hand are worth) Depth turns after
	// the move, scored as if the game ended there, as master values its candidates; Scores are the seat's
	// own final score, the futures played to the end by greedy+ for every seat. Each is the mean over the
	// rounds' futures, and every move met the same futures.
	Best, Played            carc.Move
	BestValue, PlayedValue  float64
	BestScore, PlayedScore  float64
	Rounds, CandidatesTried int
}

// NewReviewer returns master's search set for reviews: Rounds sampled futures (0: MasterRounds).
func NewReviewer(seed uint64, rounds int) *Search {
	if rounds <= 0 {
		rounds = MasterRounds
	}
	s := NewMaster(0, rounds)
	s.Seed = seed
	return s
}

// Review values the move played in g, the position before it, and master's candidates, every one in the
// same futures: Rounds futures sampled from what the seat could know (the face-down tiles reshuffled,
// Determinize, the futures master's own choice would meet), or, clairvoyant, the one true future of the
// game (the real order of the tiles). The played move is searched whether or not greedy+ ranks it among
// its best, and the best is the highest value of all searched, the played move included, so the best is
// never valued below it. Nothing is pruned, so that the played move's value is as well measured as the
// best's.
func (s *Search) Review(g *carc.Game, played carc.Move, clairvoyant bool) (Review, error) {
	if g.Over() {
		return Review{}, fmt.Errorf("carcassonne review: the game is over")
	}
	seed := mix(s.Seed, uint64(g.TilesPlaced()))
	if err := s.rank(g, seed); err != nil {
		return Review{}, err
	}
	// The played move must be legal here: tried on a copy, as every candidate is.
	s.lines.Reset(&s.base)
	if err := s.lines.Game().Play(played); err != nil {
		return Review{}, fmt.Errorf("carcassonne review: the move played is refused: %w", err)
	}
	pi := -1
	for i := range s.cands {
		if s.cands[i].m == played {
			pi = i
		}
	}
	if pi < 0 {
		pi = len(s.cands)
		s.cands = append(s.cands, searchCand{m: played})
	}
	rounds := max(s.Rounds, 1)
	if clairvoyant {
		rounds = 1
	}
	s.rounds(g, seed, rounds, clairvoyant, func(me int) {
		for i := range s.cands {
			s.cands[i].sum += s.playOut(s.cands[i].m, me)
		}
	})
	best := 0
	for i := range s.cands {
		if s.cands[i].sum > s.cands[best].sum {
			best = i
		}
	}
	// The final scores of the two moves the analysis shows, in the same futures played to the end.
	depth := s.Depth
	s.Depth = 1 << 20
	var own [2]float64
	s.rounds(g, seed, rounds, clairvoyant, func(me int) {
		s.playOut(s.cands[pi].m, me)
		own[0] += s.own
		if best != pi {
			s.playOut(s.cands[best].m, me)
			own[1] += s.own
		}
	})
	if best == pi {
		own[1] = own[0]
	}
	s.Depth = depth
	n := float64(rounds)
	return Review{Played: played, Best: s.cands[best].m, PlayedValue: s.cands[pi].sum / n, BestValue: s.cands[best].sum / n,
		PlayedScore: own[0] / n, BestScore: own[1] / n, Rounds: rounds, CandidatesTried: len(s.cands)}, nil
}

// rounds calls play in each of the review's futures of g, the lines set up on it.
func (s *Search) rounds(g *carc.Game, seed uint64, rounds int, clairvoyant bool, play func(me int)) {
	for round := range rounds {
		g.LookAhead(&s.world)
		if !clairvoyant {
			// Determinize refuses only a copy that is not a look-ahead one, which this is.
			_ = s.world.Determinize(mix(seed, uint64(round)+1))
		}
		s.lines.Reset(&s.world)
		play(g.ToActSeat())
	}
}
