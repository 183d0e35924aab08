package cartographers

import (
	"math"
	"math/rand/v2"
)

// Levels for people. A person of a given strength does not play random moves: they see what a draw is
// worth now and mostly take one of the better ones, and the mistakes they make are of a kind. A beginner
// scores the edicts of this season only, barely sees that the spaces left around a monster will cost
// stars at every scoring, and not that a lone empty space fits nothing but a 1x1; a middling player sees
// half of all that; a good one weighs it all as the fast bot does but sometimes takes a draw a little
// worse.
// A level is the bot's evaluation with such blind spots, choosing among the answers by a softmax of their
// values: the higher its temperature (in stars), the more often it takes an answer that is not the best.
type LevelSpec struct {
	Name        string
	Temperature float64
	Weights     Weights
	// Level is the bot's thinking under the blind spots: one ply for the levels for people, the look-ahead
	// for strong, shown as the top level.
	Level Level
}

// Levels from the weakest to the strongest; the strongest is the strong bot itself. Their measured
// strength is in docs/bots.md.
var Levels = []LevelSpec{
	// A beginner: this season's edicts and the coins, nothing later, the monsters' cost barely (a
	// beginner blind to it entirely lost 98% of two-player games to medium and rated below zero), no
	// awkward spaces.
	{Name: "easy", Temperature: 0.5, Level: Fast, Weights: Weights{Monsters: 0.4}},
	// Half sees the later edicts, the monsters and the spaces that only small shapes will fill.
	{Name: "medium", Temperature: 0.5, Level: Fast, Weights: Weights{Later: 0.45, PenaltyLater: 0.25, Isolated: 0.3, Ruins: 0.2, Narrow: 0.075, Monsters: 0.5}},
	// Weighs everything as the fast bot does, and now and then takes a slightly worse draw.
	{Name: "hard", Temperature: 0.25, Level: Fast, Weights: DefaultWeights},
	// The strong bot: always its best answer, with the look-ahead.
	{Name: "strong", Temperature: 0, Level: Strong, Weights: DefaultWeights},
}

// NewLevel returns a bot playing at a level; seed makes its choices repeatable.
func NewLevel(l LevelSpec, seed uint64) *Bot {
	b := New(l.Level)
	b.Weights, b.level, b.temperature = l.Weights, l.Name, l.Temperature
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

// LevelNamed is the level of that name, if there is one.
func LevelNamed(name string) (LevelSpec, bool) {
	for _, l := range Levels {
		if l.Name == name {
			return l, true
		}
	}
	return LevelSpec{}, false
}

// softmax moves to the front a candidate picked with probability proportional to exp(value/temperature).
func (b *Bot) softmax() {
	best := math.Inf(-1)
	for i := range b.cands {
		best = max(best, b.cands[i].value)
	}
	total := 0.0
	for i := range b.cands {
		total += math.Exp((b.cands[i].value - best) / b.temperature)
	}
	x := b.rng.Float64() * total
	pick := len(b.cands) - 1
	for i := range b.cands {
		if x -= math.Exp((b.cands[i].value - best) / b.temperature); x <= 0 {
			pick = i
			break
		}
	}
	b.cands[0], b.cands[pick] = b.cands[pick], b.cands[0]
}
