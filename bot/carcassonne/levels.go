package carcassonne

import (
	"math"
	"math/rand/v2"

	carc "github.com/surveyor-game/surveyor/carcassonne"
)

// Levels for people. A person of a given strength does not play random moves: they see what a move scores
// and mostly play one of the better ones, and the mistakes they make are of a kind — a beginner lays a
// meeple wherever one fits and never thinks of farmers or of what a tile gives the others; a good player
// weighs all of it but sometimes takes a move a little worse than the best. A level is the greedy player's
// evaluation with such blind spots, choosing among the moves by a softmax of their values: the higher
// its temperature (in points), the more often it takes a move that is not the best.
type Level struct {
	Name        string
	Temperature float64
	Weights     Weights
}

// Levels from the weakest to the strongest; the strongest is greedy+ itself. Their measured strength is in
// docs/bots.md.
var Levels = []Level{
	// A beginner: meeples laid eagerly (they seem free), no farmers, the opponents' gains unseen.
	{Name: "easy", Temperature: 2.5, Weights: Weights{City: 4.5, Road: 2, Farmer: -6, FarmEarly: -6, FarmLate: 0, MeepleCost: 0.5, Opponent: 0, PerOpen: 0}},
	// Knows to keep meeples and to lay farmers late, half sees what a tile gives the others.
	{Name: "medium", Temperature: 1, Weights: Weights{City: 4.5, Road: 2, Farmer: 3, FarmEarly: -4, FarmLate: 12, MeepleCost: 2, Opponent: 0.5, PerOpen: 0.1}},
	// Weighs everything, and now and then takes a slightly worse move.
	{Name: "hard", Temperature: 0.5, Weights: DefaultWeights},
	// greedy+: always the best move by its evaluation.
	{Name: "expert", Temperature: 0, Weights: DefaultWeights},
}

// NewLevel returns a bot playing at a level; seed makes its choices repeatable.
func NewLevel(l Level, seed uint64) *Bot {
	b := &Bot{Weights: l.Weights, level: l.Name, temperature: l.Temperature}
	if l.Temperature > 0 {
		b.rng = rand.New(rand.NewPCG(seed, 0x5eed1e7e1))
	}
	return b
}

// Reseed restarts a level's choices from seed. The sim gives every game its own, so that a game's moves
// depend on its seed alone and not on the games the same bot played before it, which with several
// workers depend on which worker took which game.
func (b *Bot) Reseed(seed uint64) {
	if b.rng != nil {
		b.rng = rand.New(rand.NewPCG(seed, 0x5eed1e7e1))
	}
}

// softmax picks a candidate with probability proportional to exp(value/temperature).
func (b *Bot) softmax(cands []candidate) carc.Move {
	best := math.Inf(-1)
	for _, c := range cands {
		best = max(best, c.v)
	}
	total := 0.0
	for i := range cands {
		cands[i].w = math.Exp((cands[i].v - best) / b.temperature)
		total += cands[i].w
	}
	x := b.rng.Float64() * total
	for _, c := range cands {
		if x -= c.w; x <= 0 {
			return c.m
		}
	}
	return cands[len(cands)-1].m
}

// candidate is a move and its value, for the levels' choice.
type candidate struct {
	m    carc.Move
	v, w float64
}
