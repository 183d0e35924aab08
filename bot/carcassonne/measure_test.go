package carcassonne_test

import (
	"flag"
	"slices"
	"testing"
	"time"

	carcbot "github.com/surveyor-game/surveyor/bot/carcassonne"
	"github.com/surveyor-game/surveyor/bot/sim"
	carc "github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// The head-to-head measurement of master at a budget of rounds nearer the server's clock than the sim's
// 16 (docs/bots.md, "Search bot master"): not a test of the suite, a program run on demand, e.g.
//
//	go test -run TestMeasureMaster ./bot/carcassonne -timeout 3h -args -measure.games 100 -measure.rounds 128
var (
	measureGames     = flag.Int("measure.games", 0, "two-seat games of master against the opponent, seats alternating (0: no measurement)")
	measureRounds    = flag.Int("measure.rounds", carcbot.MasterRounds, "master's rounds a decision")
	measureOpponent  = flag.String("measure.opponent", "greedy+", "greedy+ or auto (the engine's one-ply greedy move)")
	measureSurveyors = flag.Bool("measure.surveyors", false, "with the Land Surveyors")
	measureFirstSeed = flag.Uint64("measure.seed", 9000, "the first game's seed; game i (counting from 0) has seed+i/2")
)

func TestMeasureMaster(t *testing.T) {
	if *measureGames == 0 {
		t.Skip("a measurement: run with -args -measure.games N")
	}
	master := carcbot.NewMaster(0, *measureRounds)
	plus := carcbot.New()
	opts := carc.DefaultOptions()
	opts.Surveyors = *measureSurveyors
	wins, ties := 0, 0
	var margin float64
	var times []time.Duration
	for i := range *measureGames {
		g, err := carc.NewGame(opts, 2, *measureFirstSeed+uint64(i/2))
		if err != nil {
			t.Fatal(err)
		}
		me := i % 2
		for !g.Over() {
			seat := g.ToActSeat()
			switch {
			case seat == me:
				start := time.Now()
				m, err := master.Choose(g)
				times = append(times, time.Since(start))
				if err == nil {
					err = g.Play(m)
				}
				if err != nil {
					t.Fatal(err)
				}
			case *measureOpponent == "auto":
				raw, err := g.AutoMove(game.Seat(seat))
				if err == nil {
					err = g.Apply(game.Seat(seat), raw)
				}
				if err != nil {
					t.Fatal(err)
				}
			default:
				m, err := plus.Choose(g)
				if err == nil {
					err = g.Play(m)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		d := g.Score(me) - g.Score(1-me)
		margin += float64(d)
		switch {
		case d > 0:
			wins++
		case d == 0:
			ties++
		}
		t.Logf("game %d (seed %d, master in seat %d): %d to %d", i, *measureFirstSeed+uint64(i/2), me, g.Score(me), g.Score(1-me))
	}
	n := *measureGames
	ci := sim.Wilson(wins, n) // a tie counts as a loss here
	med, p99, mx := quantiles(times)
	t.Logf("master (%d rounds) against %s, surveyors %v: %d wins, %d ties in %d games: wins %.1f%% [%.1f, %.1f], mean margin %.1f; decisions %s median, %s p99, %s max",
		*measureRounds, *measureOpponent, *measureSurveyors, wins, ties, n, 100*float64(wins)/float64(n), 100*ci[0], 100*ci[1], margin/float64(n), med, p99, mx)
}

// quantiles gives the median, the 99th percentile and the maximum of ds.
func quantiles(ds []time.Duration) (med, p99, mx time.Duration) {
	if len(ds) == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2], s[len(s)*99/100], s[len(s)-1]
}
