package sim

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/rating"
)

// Calibration measures the ratings the bots of a game are given as players (game.BotSpec.Rating): every
// pair of the game's bots plays Games two-seat games, seats alternating, and the results are rated in
// one sequence with the same model and starting rating as people's games, every bot starting as a
// newcomer. The games of the pairs are interleaved (game k of every pair, then game k+1) so that no pair's
// games come all at the end, and the run is deterministic for its seed.
type Calibration struct {
	Game string
	// Bots are the bots of the round robin (none: every bot of the game).
	Bots    []string
	Games   int // per pair of bots
	Seed    uint64
	Options json.RawMessage
	Workers int
}

// BotRating is one bot's measured rating.
type BotRating struct {
	Bot     string             `json:"bot"`
	Rating  game.FixedRating   `json:"rating"`
	Ordinal float64            `json:"ordinal"`
	Games   int                `json:"games"`
	WinRate map[string]float64 `json:"win_rate"` // against each other bot, a shared first place counted half
	// WinRateCI is each win rate's 95% Wilson interval (ties counted half a win).
	WinRateCI map[string][2]float64 `json:"win_rate_ci"`
}

// Calibrate plays the pairings and returns the bots' ratings, strongest first.
func Calibrate(ctx context.Context, c Calibration) ([]BotRating, error) {
	bots := Bots(c.Game)
	if len(c.Bots) > 0 {
		for _, b := range c.Bots {
			if !slices.Contains(bots, b) {
				return nil, fmt.Errorf("sim: %s has no bot %q (have %v)", c.Game, b, bots)
			}
		}
		bots = slices.Compact(slices.Sorted(slices.Values(c.Bots)))
	}
	if len(bots) < 2 {
		return nil, fmt.Errorf("sim: calibrating needs two bots or more, %q has %v", c.Game, bots)
	}
	type pairing struct {
		a, b    int
		results []outcome
	}
	var pairs []pairing
	for a := range bots {
		for b := a + 1; b < len(bots); b++ {
			cfg := Config{Game: c.Game, Games: c.Games, Seats: 2, Bots: []string{bots[a], bots[b]},
				Seed: GameSeed(c.Seed, len(pairs)), Options: c.Options, Workers: c.Workers}
			_, _, results, _, err := cfg.play(ctx)
			if err != nil {
				return nil, fmt.Errorf("sim: calibrating %s against %s: %w", bots[a], bots[b], err)
			}
			pairs = append(pairs, pairing{a, b, results})
		}
	}
	model := rating.Default()
	ratings := make([]rating.Rating, len(bots))
	for i := range ratings {
		ratings[i] = model.New()
	}
	played := make([]int, len(bots))
	wins := make([][]float64, len(bots))
	for i := range wins {
		wins[i] = make([]float64, len(bots))
	}
	pair := make([]rating.Rating, 2)
	for k := range c.Games {
		for _, p := range pairs {
			o := p.results[k]
			pair[0], pair[1] = ratings[p.a], ratings[p.b]
			after, err := model.Rate(pair, o.ranks)
			if err != nil {
				return nil, fmt.Errorf("sim: rating game %d of %s against %s: %w", k, bots[p.a], bots[p.b], err)
			}
			ratings[p.a], ratings[p.b] = after[0], after[1]
			played[p.a]++
			played[p.b]++
			switch {
			case o.ranks[0] < o.ranks[1]:
				wins[p.a][p.b]++
			case o.ranks[1] < o.ranks[0]:
				wins[p.b][p.a]++
			default:
				wins[p.a][p.b] += 0.5
				wins[p.b][p.a] += 0.5
			}
		}
	}
	out := make([]BotRating, len(bots))
	for i, name := range bots {
		out[i] = BotRating{Bot: name, Rating: game.FixedRating{Mu: ratings[i].Mu, Sigma: ratings[i].Sigma},
			Ordinal: ratings[i].Ordinal(), Games: played[i], WinRate: map[string]float64{}, WinRateCI: map[string][2]float64{}}
		for j, other := range bots {
			if j != i {
				out[i].WinRate[other] = wins[i][j] / float64(c.Games)
				out[i].WinRateCI[other] = Wilson(int(math.Round(wins[i][j])), c.Games)
			}
		}
	}
	slices.SortStableFunc(out, func(x, y BotRating) int {
		switch {
		case x.Rating.Mu > y.Rating.Mu:
			return -1
		case x.Rating.Mu < y.Rating.Mu:
			return 1
		}
		return 0
	})
	return out, nil
}
