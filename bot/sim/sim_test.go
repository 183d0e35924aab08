package sim

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// Scores 10, 20, 30 have mean 20 and sample standard deviation 10; a player ranked first in two of the
// three games has two wins. Player 1 sits at seat (i+1) mod 2 in game i.
func TestReportSums(t *testing.T) {
	cfg := Config{Game: "carcassonne", Games: 3, Seats: 2}
	results := []outcome{
		{scores: []int{10, 5}, ranks: []int{1, 2}},
		{scores: []int{20, 25}, ranks: []int{2, 1}},
		{scores: []int{30, 30}, ranks: []int{1, 1}},
	}
	g, _ := games.Lookup("carcassonne")
	r := cfg.report(g, []string{"greedy+", "auto"}, results, 2*time.Second)
	p := r.Players[0]
	if p.Bot != "greedy+" || p.Mean != 20 || math.Abs(p.Stdev-10) > 1e-9 || p.Min != 10 || p.Max != 30 || p.Wins != 2 {
		t.Errorf("player 1: %+v", p)
	}
	q := r.Players[1]
	if q.Mean != 20 || q.Min != 5 || q.Max != 30 || q.Wins != 2 || math.Abs(q.WinRate-2.0/3) > 1e-9 {
		t.Errorf("player 2: %+v", q)
	}
	// Seat 0 held player 1, player 2, player 1 in games 0, 1, 2: scores 10, 25, 30.
	s0 := r.BySeat[0]
	if s0.Mean != 65.0/3 || s0.Min != 10 || s0.Max != 30 || s0.Wins != 3 {
		t.Errorf("seat 1: %+v", s0)
	}
	if s1 := r.BySeat[1]; s1.Min != 5 || s1.Max != 30 || s1.Wins != 1 {
		t.Errorf("seat 2: %+v", s1)
	}
	if r.GamesPerSec != 1.5 {
		t.Errorf("3 games in 2 s: %v games/s", r.GamesPerSec)
	}
	if r.Titles != nil {
		t.Error("titles outside solo Cartographers")
	}
}

// A run is the same for any number of workers, and player j sits at seat (i+j) mod seats.
func TestDeterministicAcrossWorkers(t *testing.T) {
	for _, cfg := range []Config{
		{Game: "cartographers", Games: 6, Seats: 1, Bots: []string{"fast"}, Seed: 3},
		{Game: "cartographers", Games: 4, Seats: 2, Bots: []string{"fast", "auto"}, Seed: 3, Options: json.RawMessage(`{"preset":"both"}`)},
		{Game: "carcassonne", Games: 6, Seats: 3, Bots: []string{"greedy+", "auto", "auto"}, Seed: 9},
		// The levels for people draw their mistakes from a generator: each game's from its own seed, not
		// from where the worker's bot left off in the game before.
		{Game: "carcassonne", Games: 8, Seats: 2, Bots: []string{"hard", "easy"}, Seed: 9},
		{Game: "cartographers", Games: 8, Seats: 1, Bots: []string{"easy"}, Seed: 9},
	} {
		one, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Workers = 3
		many, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		for j := range one.Players {
			a, b := one.Players[j], many.Players[j]
			if a != b {
				t.Errorf("%s player %d: %+v with one worker, %+v with three", cfg.Game, j, a, b)
			}
			// The times differ from run to run, the number of decisions timed does not.
			if c, d := one.Decisions[j].Count, many.Decisions[j].Count; c == 0 || c != d {
				t.Errorf("%s player %d: %d decisions timed with one worker, %d with three", cfg.Game, j, c, d)
			}
		}
		if len(one.BySeat) != len(many.BySeat) {
			t.Fatalf("%d seats summed up, then %d", len(one.BySeat), len(many.BySeat))
		}
		for s := range one.BySeat {
			if one.BySeat[s] != many.BySeat[s] {
				t.Errorf("%s seat %d: %+v with one worker, %+v with three", cfg.Game, s, one.BySeat[s], many.BySeat[s])
			}
		}
		if cfg.Seats == 1 {
			n := 0
			for _, c := range one.Titles {
				n += c
			}
			if n != cfg.Games || one.MeanRating == nil {
				t.Errorf("titles %v for %d games", one.Titles, cfg.Games)
			}
		}
	}
}

func TestBadConfigs(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Game: "go", Games: 1, Seats: 2, Bots: []string{"auto"}}, "unknown game"},
		{Config{Game: "carcassonne", Games: 0, Seats: 2, Bots: []string{"auto"}}, "at least 1"},
		{Config{Game: "carcassonne", Games: 1, Seats: 1, Bots: []string{"auto"}}, "2 to 6 seats"},
		{Config{Game: "cartographers", Games: 1, Seats: 3, Bots: []string{"auto", "fast"}}, "2 bots for 3 seats"},
		{Config{Game: "cartographers", Games: 1, Seats: 1, Bots: []string{"greedy+"}}, `no bot "greedy+"`},
		{Config{Game: "cartographers", Games: 1, Seats: 1, Bots: []string{"auto"}, Options: json.RawMessage(`{"side":"Z"}`)}, "side"},
		{Config{Game: "carcassonne", Games: 1, Seats: 2, Bots: []string{"auto"}, Options: json.RawMessage(`{"caps":7}`)}, "options"},
	} {
		_, err := Run(context.Background(), tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want an error with %q", tc.cfg, err, tc.want)
		}
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{Game: "carcassonne", Games: 5, Seats: 2, Bots: []string{"auto"}}); err == nil {
		t.Error("a cancelled run reported success")
	}
}

func TestGameSeedsDiffer(t *testing.T) {
	seen := map[uint64]bool{}
	for s := uint64(0); s < 4; s++ {
		for i := 0; i < 1000; i++ {
			seen[GameSeed(s, i)] = true
		}
	}
	if len(seen) != 4000 {
		t.Errorf("%d distinct seeds for 4 runs of 1000 games", len(seen))
	}
}

// FuzzConfig runs one game for any options, seat count and bot list: an error or a report of one game,
// never a panic.
func FuzzConfig(f *testing.F) {
	f.Add("cartographers", `{"preset":"heroes"}`, 1, "fast")
	f.Add("carcassonne", `{"surveyors":true}`, 3, "auto,greedy+,auto")
	f.Add("carcassonne", `{`, 2, "auto")
	f.Add("cartographers", `null`, 0, "")
	f.Fuzz(func(t *testing.T, gameName, options string, seats int, bots string) {
		if seats > 5 {
			seats = 5 // a game with many seats is slow, not wrong
		}
		cfg := Config{Game: gameName, Games: 1, Seats: seats, Bots: strings.Split(bots, ","), Options: json.RawMessage(options)}
		r, err := Run(context.Background(), cfg)
		if err != nil {
			return
		}
		if r.Games != 1 || len(r.Players) != seats {
			t.Fatalf("report %+v", r)
		}
	})
}

// BenchmarkSim measures whole games per second through the sim, one worker.
func BenchmarkSimCartographersStrongSolo(b *testing.B) {
	benchSim(b, Config{Game: "cartographers", Seats: 1, Bots: []string{"strong"}})
}

func BenchmarkSimCartographersFastSolo(b *testing.B) {
	benchSim(b, Config{Game: "cartographers", Seats: 1, Bots: []string{"fast"}})
}

func BenchmarkSimCarcassonneTwo(b *testing.B) {
	benchSim(b, Config{Game: "carcassonne", Seats: 2, Bots: []string{"greedy+", "auto"}})
}

func benchSim(b *testing.B, cfg Config) {
	cfg.Games = 1
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		cfg.Seed = uint64(i)
		if _, err := Run(context.Background(), cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// Calibration rates the bots against each other: the stronger bot (greedy+ beats auto about 85% of the
// time, measured with surveyor sim) ends above, the win rates of a pair sum to one, and the figures are the
// same for the same seed whatever the workers.
func TestCalibrate(t *testing.T) {
	c := Calibration{Game: "carcassonne", Bots: []string{"greedy+", "auto"}, Games: 40, Seed: 7, Workers: 1}
	rs, err := Calibrate(t.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].Bot != "greedy+" || rs[1].Bot != "auto" || rs[0].Rating.Mu <= rs[1].Rating.Mu+2 {
		t.Fatalf("ratings %+v: want greedy+ well above auto", rs)
	}
	for _, r := range rs {
		if r.Games != 40 || !r.Rating.Rated() || r.Rating.Sigma >= 25.0/3 || r.Ordinal != r.Rating.Mu-3*r.Rating.Sigma {
			t.Errorf("%+v: want 40 games, a sigma below a newcomer's and ordinal mu-3sigma", r)
		}
	}
	if w := rs[0].WinRate["auto"] + rs[1].WinRate["greedy+"]; math.Abs(w-1) > 1e-12 {
		t.Errorf("win rates sum to %v", w)
	}
	c.Workers = -1
	again, err := Calibrate(t.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	if again[0].Rating != rs[0].Rating || again[1].Rating != rs[1].Rating {
		t.Errorf("with every core: %+v, with one: %+v", again, rs)
	}
	if _, err := Calibrate(t.Context(), Calibration{Game: "chess", Games: 1}); err == nil {
		t.Error("calibrating an unknown game")
	}
	// A tournament between named bots: an unknown name is an error, one bot is too few.
	if _, err := Calibrate(t.Context(), Calibration{Game: "carcassonne", Bots: []string{"auto", "nope"}, Games: 1}); err == nil {
		t.Error("a tournament with an unknown bot")
	}
	if _, err := Calibrate(t.Context(), Calibration{Game: "carcassonne", Bots: []string{"auto", "auto"}, Games: 1}); err == nil {
		t.Error("a tournament of one bot")
	}
	for _, r := range rs {
		for other, ci := range r.WinRateCI {
			if w := r.WinRate[other]; ci[0] > w || ci[1] < w || ci[0] < 0 || ci[1] > 1 {
				t.Errorf("%s against %s: win rate %v outside its interval %v", r.Bot, other, w, ci)
			}
		}
	}
}

// Wilson's interval, against figures worked by hand from the formula: 8 of 10 gives [0.490, 0.943]; 0 of
// 10 gives [0, 0.278]; 50 of 100 gives [0.404, 0.596].
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{8, 10, 0.4902, 0.9433}, {0, 10, 0, 0.2775}, {50, 100, 0.4038, 0.5962}} {
		got := Wilson(c.k, c.n)
		if math.Abs(got[0]-c.lo) > 5e-4 || math.Abs(got[1]-c.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %v, want [%v, %v]", c.k, c.n, got, c.lo, c.hi)
		}
	}
}

// MedianCI: for 100 values 1..100 the median is 50.5 and the interval the 40th and the 61st values
// (j = ⌊50 − 9.8⌋ = 40, k = ⌈51 + 9.8⌉ = 61); for 500, the 228th and the 273rd; small runs get the range.
func TestMedianCI(t *testing.T) {
	for _, tc := range []struct {
		n      int
		med    float64
		lo, hi int
	}{{100, 50.5, 40, 61}, {500, 250.5, 228, 273}, {5, 3, 1, 5}, {1, 1, 1, 1}} {
		xs := make([]int, tc.n)
		for i := range xs {
			xs[i] = tc.n - i // given in reverse: MedianCI sorts
		}
		med, ci := MedianCI(xs)
		if med != tc.med || ci != [2]int{tc.lo, tc.hi} {
			t.Errorf("1..%d: median %v %v, want %v [%d, %d]", tc.n, med, ci, tc.med, tc.lo, tc.hi)
		}
	}
}

// The report gives each player's decision times (median, p99, max, by player and not by seat) and, solo,
// the median rating and each title's share with its interval.
func TestReportDecisionsAndSolo(t *testing.T) {
	ms := func(xs ...int) []time.Duration {
		var out []time.Duration
		for _, x := range xs {
			out = append(out, time.Duration(x)*time.Millisecond)
		}
		return out
	}
	g, _ := games.Lookup("carcassonne")
	cfg := Config{Game: "carcassonne", Games: 2, Seats: 2}
	// Game 0: player 0 at seat 0; game 1: player 0 at seat 1 (byPlayer has reordered them already).
	results := []outcome{
		{scores: []int{1, 0}, ranks: []int{1, 2}, think: [][]time.Duration{ms(1, 2, 3), ms(100)}},
		{scores: []int{1, 0}, ranks: []int{1, 2}, think: [][]time.Duration{ms(4, 5), ms(200, 300)}},
	}
	r := cfg.report(g, []string{"greedy+", "auto"}, results, time.Second)
	if d := r.Decisions[0]; d.Bot != "greedy+" || d.Count != 5 || d.Median != 3 || d.Max != 5 {
		t.Errorf("player 1's decisions: %+v", d)
	}
	if d := r.Decisions[1]; d.Count != 3 || d.Median != 200 || d.P99 != 300 || d.Max != 300 {
		t.Errorf("player 2's decisions: %+v", d)
	}
	if r.MedianRating != nil {
		t.Error("a median solo rating for a game without solo titles")
	}

	g, _ = games.Lookup("cartographers")
	cfg = Config{Game: "cartographers", Games: 4, Seats: 1}
	results = nil
	for _, rt := range []int{35, 10, 31, 20} {
		results = append(results, outcome{scores: []int{rt}, ranks: []int{1}, rating: rt, title: map[bool]string{true: "Legendary Cartographer", false: "other"}[rt >= 30]})
	}
	r = cfg.report(g, []string{"fast"}, results, time.Second)
	if *r.MedianRating != 25.5 || *r.MedianRatingCI != [2]int{10, 35} {
		t.Errorf("median rating %v %v, want 25.5 [10, 35]", *r.MedianRating, *r.MedianRatingCI)
	}
	if r.Titles["Legendary Cartographer"] != 2 || r.TitleCI["Legendary Cartographer"] != Wilson(2, 4) {
		t.Errorf("Legendary %d %v", r.Titles["Legendary Cartographer"], r.TitleCI["Legendary Cartographer"])
	}
}

// A game's tallies are averaged by player, reordered from seats like the scores: in game i player j sat
// at seat (i+j) mod 2. Player 1 stood 3 abbots at seat 0 of game 0 and 1 at seat 1 of game 1: 2 a game.
func TestReportCounts(t *testing.T) {
	cfg := Config{Game: "carcassonne", Games: 2, Seats: 2}
	results := []outcome{
		byPlayer(0, 2, game.SimOutcome{Scores: []int{1, 2}, Ranks: []int{2, 1}, Counts: map[string][]int{"abbot stood": {3, 5}}}),
		byPlayer(1, 2, game.SimOutcome{Scores: []int{1, 2}, Ranks: []int{2, 1}, Counts: map[string][]int{"abbot stood": {0, 1}}}),
	}
	g, _ := games.Lookup("carcassonne")
	r := cfg.report(g, []string{"greedy+", "auto"}, results, time.Second)
	want := []CountStats{{Player: 0, Bot: "greedy+", Name: "abbot stood", Mean: 2}, {Player: 1, Bot: "auto", Name: "abbot stood", Mean: 2.5}}
	if len(r.Counts) != len(want) || r.Counts[0] != want[0] || r.Counts[1] != want[1] {
		t.Errorf("counts %+v, want %+v", r.Counts, want)
	}
}

// Carcassonne with the River and the Abbot tallies the figures by kind and the abbots taken back, the
// bots stand and take back abbots, and the report repeats the options; a base game keeps no figure
// tallies (only its points by source).
func TestCarcassonneExpansionTallies(t *testing.T) {
	opts := json.RawMessage(`{"expansions":["river","abbot"],"surveyors":true}`)
	r, err := Run(t.Context(), Config{Game: "carcassonne", Games: 4, Seats: 2, Bots: []string{"greedy+", "auto"}, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	if string(r.Options) != string(opts) {
		t.Errorf("options %s", r.Options)
	}
	got := map[string]float64{}
	for _, c := range r.Counts {
		got[c.Bot+" "+c.Name] = c.Mean
	}
	for _, k := range []string{"greedy+ abbot stood", "greedy+ abbot recalled", "greedy+ meeple stood", "auto abbot stood", "auto meeple stood"} {
		if got[k] <= 0 {
			t.Errorf("%s: %v a game (%v)", k, got[k], got)
		}
	}
	// No more abbots come back than were stood.
	if got["greedy+ abbot recalled"] > got["greedy+ abbot stood"] {
		t.Errorf("greedy+ took back more abbots than it stood: %v", got)
	}
	base, err := Run(t.Context(), Config{Game: "carcassonne", Games: 2, Seats: 2, Bots: []string{"greedy+"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range base.Counts {
		if !strings.HasPrefix(c.Name, "points: ") {
			t.Errorf("base game tally %+v: a base game has no figure tallies, only its points by source", c)
		}
	}
}

// With the Mage & Witch the sim tallies the mage and the witch each player moved; both bots move both.
func TestCarcassonneMagicTallies(t *testing.T) {
	opts := json.RawMessage(`{"expansions":["mage_witch"],"surveyors":true}`)
	r, err := Run(t.Context(), Config{Game: "carcassonne", Games: 4, Seats: 2, Bots: []string{"greedy+", "auto"}, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, c := range r.Counts {
		got[c.Bot+" "+c.Name] = c.Mean
	}
	for _, k := range []string{"greedy+ mage moved", "greedy+ witch moved", "auto mage moved", "auto witch moved"} {
		if got[k] <= 0 {
			t.Errorf("%s: %v a game (%v)", k, got[k], got)
		}
	}
	// Eight portals a game, shared by two players, besides the moves a join forces.
	if m := got["greedy+ mage moved"] + got["greedy+ witch moved"] + got["auto mage moved"] + got["auto witch moved"]; m < 4 || m > 20 {
		t.Errorf("%v magic moves a game pair", m)
	}
}

// Games with Traders & Builders run to the end with every kind of Carcassonne bot: the builder's second
// tile is one more decision of the same seat, which every bot makes (auto stands builders, so second
// tiles occur).
func TestCarcassonneTradersGamesFinish(t *testing.T) {
	opts := json.RawMessage(`{"expansions":["river","abbot","traders_builders"],"surveyors":true}`)
	r, err := Run(t.Context(), Config{Game: "carcassonne", Games: 3, Seats: 3, Bots: []string{"auto", "greedy+", "hard"}, Options: opts, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if r.Games != 3 {
		t.Fatalf("%d games played", r.Games)
	}
	for _, p := range r.Players {
		if p.Mean <= 0 {
			t.Errorf("%s scored %v on average", p.Bot, p.Mean)
		}
	}
}
