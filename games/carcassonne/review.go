package carcassonne

import (
	"encoding/json"
	"fmt"

	carcbot "github.com/surveyor-game/surveyor/bot/carcassonne"
	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// reviewRounds is the fair lens's sampled futures a decision, as many as master's (MasterRounds).
const reviewRounds = 16

// review is Carcassonne's part of the post-game analysis: master's search values each turn over futures
// played to the end by greedy+ for every seat, the face-down tiles reshuffled (fair) or in their real
// order (clairvoyant). A move is judged on the seat's final margin over the best other seat, in points:
// Carcassonne is won by it, and a move that feeds an opponent's city costs as much as one that scores
// less.
func review() *game.Reviewing {
	return &game.Reviewing{Unit: "points", Phases: []string{"early", "middle", "late"}, AccuracyScale: 4,
		DefaultSamples: reviewRounds, NewJudge: newJudge, Words: words}
}

// words names a move laying the tile drawn in st, as the story does.
func words(st game.State, raw json.RawMessage) (string, error) {
	g, ok := st.(*carcassonne.Game)
	if !ok {
		return "", fmt.Errorf("carcassonne move words: state is %T", st)
	}
	return g.MoveWords(raw)
}

func newJudge(lens game.Lens, seed uint64, samples int) game.Judge {
	if samples <= 0 {
		samples = reviewRounds
	}
	return judge{carcbot.NewReviewer(seed, samples), lens == game.LensClairvoyant}
}

type judge struct {
	s           *carcbot.Search
	clairvoyant bool
}

func (j judge) Judge(st game.State, seat game.Seat, raw json.RawMessage) (game.Verdict, bool, error) {
	g, ok := st.(*carcassonne.Game)
	if !ok {
		return game.Verdict{}, false, fmt.Errorf("carcassonne review: state is %T", st)
	}
	if g.Over() || int(seat) != g.ToActSeat() {
		return game.Verdict{}, false, fmt.Errorf("carcassonne review: %w: seat %d does not act now", game.ErrNotYourTurn, seat)
	}
	m, err := g.DecodeMove(raw)
	if err != nil {
		return game.Verdict{}, false, err
	}
	r, err := j.s.Review(g, m, j.clairvoyant)
	if err != nil {
		return game.Verdict{}, false, err
	}
	// Thirds of the tiles of the game: those laid, the one drawn and those still face down.
	placed := g.TilesPlaced()
	total := placed + 1 + g.DrawPileSize()
	return game.Verdict{
		Phase: min(2, 3*placed/total), Best: g.EncodeMove(r.Best),
		BestValue: r.BestValue, PlayedValue: r.PlayedValue,
		BestExpected: r.BestScore, PlayedExpected: r.PlayedScore,
		Samples: r.Rounds,
	}, true, nil
}
