package cartographers

import (
	"flag"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// Solo measurements for tuning: `surveyor sim` gives the same figures for the bots it seats (the
// clairvoyant yardstick among them), these also take a budget, weights and a range of games from flags.
// They play the games of `surveyor sim --seed S` (the same game seeds, sim.GameSeed) on one goroutine and
// run only when asked:
//
//	GOMAXPROCS=1 go test -run TestMeasureSolo -v ./bot/cartographers -args -measure.bot master -measure.games 500 -measure.seed 9000
var (
	measureBot      = flag.String("measure.bot", "", "measure this bot in solo games: fast, strong, master, clairvoyant or a level for people")
	measureGames    = flag.Int("measure.games", 100, "number of solo games")
	measureSeed     = flag.Uint64("measure.seed", 9000, "the run's seed, as surveyor sim --seed")
	measureFirst    = flag.Int("measure.first", 0, "index of the first game of the run")
	measureSamples  = flag.Int("measure.samples", 0, "master and clairvoyant: sampled orders per decision (0: the default)")
	measureWidth    = flag.Int("measure.width", 0, "master and clairvoyant: draws searched; clairvoyant-beam: the beam's width (0: the default)")
	measureTime     = flag.Duration("measure.time", 0, "master: wall-clock budget per decision (0: none)")
	measureSeasons  = flag.Int("measure.seasons", 0, "master and clairvoyant: later seasons played out")
	measureLines    = flag.Float64("measure.lines", -1, "master and clairvoyant: Weights.Lines (negative: MasterWeights')")
	measureClusters = flag.Float64("measure.clusters", -1, "master and clairvoyant: Weights.Clusters (negative: MasterWeights')")
	measurePreset   = flag.String("measure.preset", "", "content preset (default: the base game)")
	measurePrune    = flag.Int("measure.prune", 0, "master and clairvoyant: samples before the first halving (0: the default)")
)

// simGameSeed is sim.GameSeed (bot/sim), repeated here because bot/sim depends on this package.
func simGameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// measuredBot makes the bot a measurement names.
func measuredBot(t *testing.T, name string) *Bot {
	budget := SearchBudget{Samples: *measureSamples, Width: *measureWidth, Time: *measureTime, Seasons: *measureSeasons, PruneFirst: *measurePrune}
	switch name {
	case "fast":
		return New(Fast)
	case "strong":
		return New(Strong)
	case "master":
		return withWeights(NewMaster(1, budget))
	case "clairvoyant":
		return withWeights(NewClairvoyant(budget))
	case "clairvoyant-beam":
		return withWeights(NewClairvoyantBeam(*measureWidth))
	}
	for i, l := range Levels {
		if l.Name == name {
			return NewLevel(l, uint64(i)+1) // the seed the sim gives it (games/cartographers)
		}
	}
	t.Fatalf("no bot %q", name)
	return nil
}

// withWeights sets the weights the measurement's flags ask for.
func withWeights(b *Bot) *Bot {
	for _, f := range []struct {
		v float64
		w *float64
	}{{*measureLines, &b.Weights.Lines}, {*measureClusters, &b.Weights.Clusters}} {
		if f.v >= 0 {
			*f.w = f.v
		}
	}
	return b
}

func TestMeasureSolo(t *testing.T) {
	if *measureBot == "" {
		t.Skip("a measurement: run with -args -measure.bot NAME")
	}
	b := measuredBot(t, *measureBot)
	o := carto.Options{Preset: *measurePreset}
	var ratings, scores []int
	var times []time.Duration
	for i := *measureFirst; i < *measureFirst+*measureGames; i++ {
		g, err := carto.NewGame(o, 1, simGameSeed(*measureSeed, i))
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			start := time.Now()
			m, err := b.Choose(g, 0)
			times = append(times, time.Since(start))
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(0, m); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
		ratings = append(ratings, g.SoloRating())
		scores = append(scores, g.Score(0))
	}
	// The scores in game order, to compare two bots game by game.
	t.Logf("scores %v", scores)
	n := len(ratings)
	legendary := 0
	sum := 0.0
	for i, r := range ratings {
		if strings.HasPrefix(carto.SoloTitle(r), "Legendary") {
			legendary++
		}
		sum += float64(scores[i])
	}
	slices.Sort(ratings)
	slices.Sort(times)
	lo, hi := wilson(legendary, n)
	t.Logf("%s, games %d-%d of seed %d, %+v", b.Name(), *measureFirst, *measureFirst+n-1, *measureSeed, b.Search)
	t.Logf("mean score %.2f, median rating %.1f, mean rating %.2f, Legendary %d/%d = %.1f%% [%.1f, %.1f]",
		sum/float64(n), median(ratings), meanInts(ratings), legendary, n, 100*float64(legendary)/float64(n), 100*lo, 100*hi)
	t.Logf("decisions %d: median %v, p99 %v, max %v", len(times), times[len(times)/2], times[len(times)*99/100], times[len(times)-1])
	// The ratings, to combine runs over consecutive ranges of games.
	t.Logf("ratings %v", ratings)
	if r := b.BeamReplans(); r > 0 {
		t.Errorf("the beam made its plan again %d times: its drawing left the engine's", r)
	}
}

func median(xs []int) float64 {
	n := len(xs)
	if n%2 == 1 {
		return float64(xs[n/2])
	}
	return float64(xs[n/2-1]+xs[n/2]) / 2
}

func meanInts(xs []int) float64 {
	s := 0
	for _, x := range xs {
		s += x
	}
	return float64(s) / float64(len(xs))
}

// wilson is the 95% Wilson score interval of k successes in n.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.96
	p, nn := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return max(0, mid-half), min(1, mid+half)
}
