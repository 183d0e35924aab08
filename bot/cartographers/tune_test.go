package cartographers

import (
	"flag"
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// The tuning of the evaluation's weights by self-play: a coordinate search that keeps a change of one
// weight when the fast bot's mean solo score over the same seeded games rises by more than the noise
// allows. It plays the games of `surveyor sim --seed 8000`, never those of the measurements (seed 9000),
// and runs only when asked (about two minutes on one core):
//
//	GOMAXPROCS=1 go test -run TestTuneWeights -v ./bot/cartographers -args -tune.games 1000
var (
	tuneGames = flag.Int("tune.games", 0, "tune the weights on this many solo games (0: skip)")
	tuneSeed  = flag.Uint64("tune.seed", 8000, "the run's seed, as surveyor sim --seed")
	tuneFrom  = flag.String("tune.from", "default", "the weights to start from: default or master (MasterWeights)")
)

func TestTuneWeights(t *testing.T) {
	if *tuneGames == 0 {
		t.Skip("a tuning run: run with -args -tune.games N")
	}
	mean := func(w Weights) float64 {
		b := New(Fast)
		b.Weights = w
		sum := 0
		for i := 0; i < *tuneGames; i++ {
			sum += soloScore(t, carto.Options{}, simGameSeed(*tuneSeed, i), b)
		}
		return float64(sum) / float64(*tuneGames)
	}
	w := DefaultWeights
	if *tuneFrom == "master" {
		w = MasterWeights
	}
	best := mean(w)
	t.Logf("start %+v: %.2f", w, best)
	fields := []struct {
		name string
		p    func(*Weights) *float64
	}{
		{"Later", func(w *Weights) *float64 { return &w.Later }},
		{"PenaltyLater", func(w *Weights) *float64 { return &w.PenaltyLater }},
		{"Isolated", func(w *Weights) *float64 { return &w.Isolated }},
		{"Narrow", func(w *Weights) *float64 { return &w.Narrow }},
		{"Ruins", func(w *Weights) *float64 { return &w.Ruins }},
		{"Monsters", func(w *Weights) *float64 { return &w.Monsters }},
		{"Lines", func(w *Weights) *float64 { return &w.Lines }},
		{"Clusters", func(w *Weights) *float64 { return &w.Clusters }},
	}
	// The paired games' difference of means has a standard error near 0.25 stars over 1,000 games:
	// a change is kept only above twice that.
	const margin = 0.5
	for pass := 0; pass < 3; pass++ {
		improved := false
		for _, f := range fields {
			for _, factor := range []float64{0.6, 1.5} {
				c := w
				v := f.p(&c)
				if *v == 0 {
					*v = 0.1 * factor
				} else {
					*v *= factor
				}
				if m := mean(c); m > best+margin {
					t.Logf("pass %d: %s %.3f -> %.3f: %.2f (was %.2f)", pass, f.name, *f.p(&w), *v, m, best)
					w, best, improved = c, m, true
				}
			}
		}
		if !improved {
			break
		}
	}
	t.Logf("tuned %+v: %.2f", w, best)
}
