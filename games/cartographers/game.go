// Package cartographers is Cartographers as the list of games (package games) offers it: the rules
// engine's definition, its bots, its command-line commands (play, score), its benchmarks and its simulator.
package cartographers

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	cartobot "github.com/surveyor-game/surveyor/bot/cartographers"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// Game is Cartographers and what it brings.
func Game() game.Plugin {
	titles := cartographers.SoloTitles()
	return game.Plugin{
		Definition: cartographers.Definition{},
		Bots: []game.BotSpec{
			// Ratings: surveyor sim --game cartographers --tournament --bots strong,fast,hard,auto,medium,easy
			// --games 300, the calibration without master, too slow for it (docs/ratings.md, docs/bots.md).
			{Name: "strong", New: func() game.Bot { return cartobot.New(cartobot.Strong) }, Rating: game.FixedRating{Mu: 42.882, Sigma: 1.865}},
			{Name: "auto", New: func() game.Bot { return game.AutoBot{} }, Rating: game.FixedRating{Mu: 24.078, Sigma: 1.653}},
			{Name: "fast", New: func() game.Bot { return cartobot.New(cartobot.Fast) }, Rating: game.FixedRating{Mu: 32.838, Sigma: 1.669}},
			// Levels for people (bot/cartographers/levels.go); strong is the strongest.
			{Name: "easy", New: levelBot("easy"), Rating: game.FixedRating{Mu: 3.837, Sigma: 2.167}},
			{Name: "medium", New: levelBot("medium"), Rating: game.FixedRating{Mu: 17.739, Sigma: 1.764}},
			{Name: "hard", New: levelBot("hard"), Rating: game.FixedRating{Mu: 29.292, Sigma: 1.646}},
			// The search (bot/cartographers/search.go), on a wall-clock budget of under a second a decision;
			// not the default, which stays the cheaper strong bot. Its rating is an estimate, not a
			// calibration (too slow for one): it beat strong in 71.7% of 60 two-player games, about as often
			// as strong beats fast (74.5%), so it stands as far above strong as strong above fast, with
			// the sigma of that 60-game tournament (docs/bots.md).
			{Name: "master", New: func() game.Bot {
				return cartobot.NewMaster(rand.Uint64(), cartobot.SearchBudget{Time: cartobot.ServerTime})
			}, Rating: game.FixedRating{Mu: 52.926, Sigma: 3.326}},
		},
		Commands: []game.Command{
			{Name: "play", Summary: "play a solo game in the terminal, or let the built-in policy play one (--auto)", Run: runPlay},
			{Name: "score", Summary: "score a map in the text format with the scoring cards and the monster penalty", Run: runScore},
		},
		Benchmarks: []game.Benchmark{
			{Name: "cartographers/random-solo-game", Op: "game", Setup: benchGames(cartographers.Options{}, 1)},
			{Name: "cartographers/random-4-player-game-both-boxes", Op: "game", Setup: benchGames(cartographers.Options{Preset: "both"}, 4)},
			{Name: "cartographers/card-placements-half-filled", Op: "card", Setup: benchPlacements},
			{Name: "cartographers/score-32-edicts", Op: "sheet", Setup: benchScoreAll},
			{Name: "bot/cartographers-strong", Op: "decision", Setup: benchBot(cartobot.Strong)},
			{Name: "bot/cartographers-fast", Op: "decision", Setup: benchBot(cartobot.Fast)},
			{Name: "bot/cartographers-master", Op: "decision", Setup: benchBot(cartobot.Master)},
		},
		Sim: simulate,
		// The clairvoyant bounds of docs/bots.md: master told the order of the cards to come, and a beam
		// search of the whole solo game told it.
		SimOnly:    []string{"clairvoyant", "clairvoyant-beam"},
		SoloTitles: titles,
		Review:     review(),
		ScoreUnit:  "stars",
		Challenges: []game.ChallengeSeries{
			// The day's: the base box on side A or B.
			{Options: func(pick uint64) map[string]any {
				return map[string]any{"preset": "cartographers", "side": []string{"A", "B"}[pick%2]}
			}},
			// The week's is the longer game with the Heroes box: its decks, its thresholds, a hero each
			// season, on side C or D.
			{Weekly: true, Options: func(pick uint64) map[string]any {
				return map[string]any{"preset": "heroes", "side": []string{"C", "D"}[pick%2]}
			}},
		},
	}
}

// levelBot makes a bot playing at a named level, its choices drawn from a seed of its own.
func levelBot(name string) func() game.Bot {
	l, ok := cartobot.LevelNamed(name)
	if !ok {
		panic("cartographers: no bot level " + name)
	}
	return func() game.Bot { return cartobot.NewLevel(l, rand.Uint64()) }
}

// simulate plays Cartographers games between bots through the typed API; each worker keeps its bots.
func simulate(options json.RawMessage, seats int) (func() game.SimGame, error) {
	o, err := cartographers.ParseOptions(options)
	if err != nil {
		return nil, err
	}
	// The options are resolved once here so that a bad value fails before any worker starts.
	if _, err := cartographers.NewGame(o, seats, 0); err != nil {
		return nil, err
	}
	return func() game.SimGame {
		// The sims' master searches on its default sample budget, not on the clock, so that a run's
		// figures are the same on any machine.
		bots := map[string]*cartobot.Bot{"fast": cartobot.New(cartobot.Fast), "strong": cartobot.New(cartobot.Strong),
			"master": cartobot.NewMaster(1, cartobot.SearchBudget{}), "clairvoyant": cartobot.NewClairvoyant(cartobot.SearchBudget{}),
			"clairvoyant-beam": cartobot.NewClairvoyantBeam(0)}
		for i, l := range cartobot.Levels {
			if _, ok := bots[l.Name]; !ok {
				bots[l.Name] = cartobot.NewLevel(l, uint64(i)+1)
			}
		}
		return func(seed uint64, seatBot []string) (game.SimOutcome, error) {
			g, err := cartographers.NewGame(o, seats, seed)
			if err != nil {
				return game.SimOutcome{}, err
			}
			for i, l := range cartobot.Levels {
				bots[l.Name].Reseed(seed + uint64(i))
			}
			think := make([][]time.Duration, seats)
			for !g.Over() {
				acted := false
				for seat := 0; seat < seats; seat++ {
					if _, sheet := g.DecisionOf(seat); sheet < 0 {
						continue
					}
					var m cartographers.Move
					start := time.Now()
					switch b := bots[seatBot[seat]]; {
					case b != nil:
						m, err = b.Choose(g, seat)
					case seatBot[seat] == "auto":
						m, err = g.AutoMove(seat)
					default:
						err = errors.New("the sim has no typed player for this bot")
					}
					think[seat] = append(think[seat], time.Since(start))
					if err != nil {
						return game.SimOutcome{}, fmt.Errorf("%s at seat %d: %w", seatBot[seat], seat, err)
					}
					if err := g.Play(seat, m); err != nil {
						return game.SimOutcome{}, fmt.Errorf("%s at seat %d played an illegal move: %w", seatBot[seat], seat, err)
					}
					acted = true
				}
				if !acted {
					return game.SimOutcome{}, errors.New("no seat could act but the game is not over")
				}
			}
			out := game.SimOutcome{Scores: g.Scores(), Ranks: g.Ranks(), Think: think}
			if g.Solo() {
				out.Rating = g.SoloRating()
				out.Title = cartographers.SoloTitle(out.Rating)
			}
			return out, nil
		}
	}, nil
}

// benchGames plays whole games of random legal moves: one op is one game.
func benchGames(o cartographers.Options, seats int) func() (func(int) error, error) {
	return func() (func(int) error, error) {
		rng := game.NewRNG(1, 2)
		return func(i int) error {
			g, err := cartographers.NewGame(o, seats, uint64(i))
			if err != nil {
				return err
			}
			for !g.Over() {
				for _, seat := range g.ToActSeats() {
					// RandomMove draws from a PlacementSet: it needs no scratch list.
					m, _, _ := g.RandomMove(seat, rng, nil)
					if err := g.Play(seat, m); err != nil {
						return err
					}
				}
			}
			return nil
		}, nil
	}
}

// benchBot times the bot's decisions through solo games it plays itself: one op is one decision (the move
// is then played, inside the op).
func benchBot(level cartobot.Level) func() (func(int) error, error) {
	return func() (func(int) error, error) {
		bt := cartobot.New(level)
		var g *cartographers.Game
		return func(i int) error {
			if g == nil || g.Over() {
				var err error
				if g, err = cartographers.NewGame(cartographers.Options{}, 1, uint64(i)); err != nil {
					return err
				}
			}
			m, err := bt.Choose(g, 0)
			if err != nil {
				return err
			}
			return g.Play(0, m)
		}, nil
	}
}
