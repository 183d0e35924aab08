package cartographers

import (
	"encoding/json"
	"fmt"

	cartobot "github.com/surveyor-game/surveyor/bot/cartographers"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// reviewSamples is the fair lens's sampled orders a decision: half the master's 64, every answer played
// out over all of them (no halving), which costs about what one master decision does.
const reviewSamples = 32

// review is Cartographers' part of the post-game analysis: the master search values each draw over
// sampled orders of the hidden cards (fair) or over the real order (clairvoyant), in stars.
func review() *game.Reviewing {
	var phases []string
	for _, s := range cartographers.Seasons() {
		phases = append(phases, s.Name)
	}
	return &game.Reviewing{Unit: "stars", Phases: phases, AccuracyScale: 2, DefaultSamples: reviewSamples, NewJudge: newJudge, Plan: plan,
		Words: func(_ game.State, raw json.RawMessage) (string, error) { return cartographers.MoveWords(raw) }}
}

// planWidth is the clairvoyant beam's width for the analysis's plan: about 0.3 s a game on one core, where
// the sim's 1,024 takes about a second and scores a few stars more on average (docs/bots.md).
const planWidth = 256

// plan is the final score of the clairvoyant beam's plan of a solo game without heroes (the games whose
// cards do not depend on the draws, so that one plan holds to the end).
func plan(st game.State) (float64, bool, error) {
	cs, ok := st.(*cartographers.State)
	if !ok {
		return 0, false, fmt.Errorf("cartographers plan: state is %T", st)
	}
	return cartobot.PlanStars(cs.Game(), planWidth)
}

func newJudge(lens game.Lens, seed uint64, samples int) game.Judge {
	if lens == game.LensClairvoyant {
		return judge{cartobot.NewClairvoyant(cartobot.SearchBudget{Seasons: 3})}
	}
	if samples <= 0 {
		samples = reviewSamples
	}
	return judge{cartobot.NewMaster(seed, cartobot.SearchBudget{Samples: samples, Seasons: 3})}
}

type judge struct{ b *cartobot.Bot }

// Judge values a decision on the seat's own sheet; a monster it draws on a neighbour's sheet is not
// valued (it does not change the seat's stars).
func (j judge) Judge(st game.State, seat game.Seat, raw json.RawMessage) (game.Verdict, bool, error) {
	cs, ok := st.(*cartographers.State)
	if !ok {
		return game.Verdict{}, false, fmt.Errorf("cartographers review: state is %T", st)
	}
	g := cs.Game()
	if _, sheet := g.DecisionOf(int(seat)); sheet >= 0 && sheet != int(seat) {
		return game.Verdict{}, false, nil
	}
	m, err := cartographers.ParseMove(raw)
	if err != nil {
		return game.Verdict{}, false, err
	}
	r, err := j.b.Review(g, int(seat), m)
	if err != nil {
		return game.Verdict{}, false, err
	}
	best, err := json.Marshal(r.Best)
	if err != nil {
		return game.Verdict{}, false, fmt.Errorf("cartographers review: %w", err)
	}
	// The search values the stars still to come; the seasons scored are the rest of the final score.
	so := float64(g.Score(int(seat)))
	return game.Verdict{
		Phase: g.Season(), Best: best,
		BestValue: so + r.BestValue, PlayedValue: so + r.PlValue,
		BestExpected: so + r.BestValue, PlayedExpected: so + r.PlValue,
		Samples: r.Samples,
	}, true, nil
}
