// Package sim plays many games between bots through the typed engine APIs (no JSON on the hot path) and
// sums up the scores, wins and, for solo Cartographers, the titles. A run is deterministic for its
// configuration: game i has a seed derived from the run's seed and i, and results are gathered by index
// whatever the number of workers.
package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// Config is one run.
type Config struct {
	Game  string
	Games int
	Seats int
	// Bots names the bot of each player, one per seat, or one for every seat. Players take turns at the
	// seats: in game i player j sits at seat (i+j) mod Seats, so no bot keeps the first seat's advantage.
	Bots    []string
	Seed    uint64
	Options json.RawMessage
	// Workers is the number of games played at once (0 or 1: one; negative: one per CPU).
	Workers int
}

// Stats sum up scores over a run.
type Stats struct {
	Mean  float64 `json:"mean"`
	Stdev float64 `json:"stdev"`
	Min   int     `json:"min"`
	Max   int     `json:"max"`
	// Wins counts the games ranked first in, a shared first place included.
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
	// MeanCI and WinRateCI are 95% confidence intervals: the mean's by the normal approximation
	// (mean ± 1.96 stdev/√n), the win rate's by Wilson's score interval, which stays inside [0, 1] and
	// is sound near 0 and 1 where the normal one is not.
	MeanCI    [2]float64 `json:"mean_ci"`
	WinRateCI [2]float64 `json:"win_rate_ci"`
}

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson is the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	p, nn := float64(k)/float64(n), float64(n)
	den := 1 + z95*z95/nn
	mid := (p + z95*z95/(2*nn)) / den
	half := z95 * math.Sqrt(p*(1-p)/nn+z95*z95/(4*nn*nn)) / den
	return [2]float64{max(0, mid-half), min(1, mid+half)}
}

// PlayerStats sums up one player (a position in Config.Bots) over the run.
type PlayerStats struct {
	Player int    `json:"player"`
	Bot    string `json:"bot"`
	Stats
}

// CountStats is a player's mean per game of one of the game's named tallies (game.SimOutcome.Counts).
type CountStats struct {
	Player int     `json:"player"`
	Bot    string  `json:"bot"`
	Name   string  `json:"name"`
	Mean   float64 `json:"mean"`
}

// SeatStats sums up one seat over the run, whoever sat there: the seat's own advantage or handicap.
type SeatStats struct {
	Seat int `json:"seat"`
	Stats
}

// Report is the outcome of a run.
type Report struct {
	Game  string `json:"game"`
	Games int    `json:"games"`
	Seats int    `json:"seats"`
	Seed  uint64 `json:"seed"`
	// Options are the game options of the run, as given (omitted for none: the game's defaults).
	Options     json.RawMessage `json:"options,omitempty"`
	Seconds     float64         `json:"seconds"`
	GamesPerSec float64         `json:"games_per_sec"`
	Players     []PlayerStats   `json:"players"`
	BySeat      []SeatStats     `json:"by_seat,omitempty"`
	// Counts are the game's named tallies, by player then name (none for a game that keeps none).
	Counts []CountStats `json:"counts,omitempty"`
	// Titles counts the solo titles (solo Cartographers only) and TitleCI gives each one's share with its
	// 95% Wilson interval; MeanRating is the mean solo rating, MedianRating the median with its 95%
	// interval (MedianRatingCI, distribution-free: the order statistics a binomial(n, ½) puts around it).
	Titles         map[string]int        `json:"titles,omitempty"`
	TitleCI        map[string][2]float64 `json:"title_ci,omitempty"`
	MeanRating     *float64              `json:"mean_rating,omitempty"`
	MedianRating   *float64              `json:"median_rating,omitempty"`
	MedianRatingCI *[2]int               `json:"median_rating_ci,omitempty"`
	// Decisions are each player's decision times over the run: how long its bot took to choose.
	Decisions []DecisionTimes `json:"decisions"`
}

// DecisionTimes sums up the time a player's bot took over its decisions.
type DecisionTimes struct {
	Player int    `json:"player"`
	Bot    string `json:"bot"`
	Count  int    `json:"count"`
	// Median, P99 and Max in milliseconds.
	Median float64 `json:"median_ms"`
	P99    float64 `json:"p99_ms"`
	Max    float64 `json:"max_ms"`
}

// outcome is one game's result, by player.
type outcome struct {
	scores, ranks []int
	title         string
	rating        int
	think         [][]time.Duration
	counts        map[string][]int
}

// GameSeed is the seed of game i of a run: a mix of the run's seed and i, so that runs with nearby seeds
// do not share games.
func GameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Run plays the games of a configuration. It stops early with the context's error when cancelled.
func Run(ctx context.Context, cfg Config) (Report, error) {
	g, players, results, elapsed, err := cfg.play(ctx)
	if err != nil {
		return Report{}, err
	}
	return cfg.report(g, players, results, elapsed), nil
}

// play plays the games of a configuration and returns their outcomes by index.
func (cfg Config) play(ctx context.Context) (games.Game, []string, []outcome, time.Duration, error) {
	g, players, err := cfg.check()
	if err != nil {
		return games.Game{}, nil, nil, 0, err
	}
	workers := cfg.Workers
	if workers < 0 {
		workers = runtime.NumCPU()
	}
	workers = max(1, min(workers, cfg.Games))
	play, err := newPlayer(cfg, g)
	if err != nil {
		return games.Game{}, nil, nil, 0, err
	}
	results := make([]outcome, cfg.Games)
	errs := make([]error, workers)
	start := time.Now()
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := play()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= cfg.Games || ctx.Err() != nil {
					return
				}
				o, err := p(i, players)
				if err != nil {
					errs[w] = fmt.Errorf("game %d (seed %d): %w", i, GameSeed(cfg.Seed, i), err)
					return
				}
				results[i] = o
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return games.Game{}, nil, nil, 0, err
	}
	if err := ctx.Err(); err != nil {
		return games.Game{}, nil, nil, 0, fmt.Errorf("sim: %w", err)
	}
	return g, players, results, time.Since(start), nil
}

// check validates the configuration and returns the game and the bot name of each player.
func (cfg Config) check() (games.Game, []string, error) {
	if cfg.Games < 1 {
		return games.Game{}, nil, fmt.Errorf("sim: %d games, want at least 1", cfg.Games)
	}
	g, ok := games.Lookup(cfg.Game)
	if !ok || g.Sim == nil {
		return games.Game{}, nil, fmt.Errorf("sim: unknown game %q (want %s)", cfg.Game, strings.Join(simulated(), " or "))
	}
	lo, hi := g.SeatRange()
	if cfg.Seats < lo || cfg.Seats > hi {
		return games.Game{}, nil, fmt.Errorf("sim: %s takes %d to %d seats, not %d", cfg.Game, lo, hi, cfg.Seats)
	}
	players := cfg.Bots
	switch len(players) {
	case cfg.Seats:
	case 1:
		players = make([]string, cfg.Seats)
		for i := range players {
			players[i] = cfg.Bots[0]
		}
	default:
		return games.Game{}, nil, fmt.Errorf("sim: %d bots for %d seats (give one per seat, or one for all)", len(cfg.Bots), cfg.Seats)
	}
	for _, n := range players {
		if !slices.Contains(Bots(cfg.Game), n) && !slices.Contains(g.SimOnly, n) {
			return games.Game{}, nil, fmt.Errorf("sim: %s has no bot %q (have %v)", cfg.Game, n, append(Bots(cfg.Game), g.SimOnly...))
		}
	}
	return g, players, nil
}

// simulated lists the games the sim can play.
func simulated() []string {
	var out []string
	for _, g := range games.All() {
		if g.Sim != nil {
			out = append(out, g.Name())
		}
	}
	return out
}

// Bots lists the bots the sim can play for a game, in alphabetical order: the game's own, played through
// their typed API.
func Bots(gameName string) []string {
	g, _ := games.Lookup(gameName)
	names := g.BotNames()
	slices.Sort(names)
	return names
}

// gameFunc plays game i with the players' bots and returns its outcome by player.
type gameFunc func(i int, players []string) (outcome, error)

// newPlayer returns a maker of per-worker game functions (each with its own bots and buffers).
func newPlayer(cfg Config, g games.Game) (func() gameFunc, error) {
	mk, err := g.Sim(cfg.Options, cfg.Seats)
	if err != nil {
		return nil, err
	}
	return func() gameFunc {
		play := mk()
		seatBot := make([]string, cfg.Seats)
		return func(i int, players []string) (outcome, error) {
			for j, n := range players {
				seatBot[(i+j)%cfg.Seats] = n
			}
			o, err := play(GameSeed(cfg.Seed, i), seatBot)
			if err != nil {
				return outcome{}, err
			}
			out := byPlayer(i, cfg.Seats, o)
			return out, nil
		}
	}, nil
}

// byPlayer reorders the seat results of game i by player.
func byPlayer(i, seats int, o game.SimOutcome) outcome {
	out := outcome{scores: make([]int, seats), ranks: make([]int, seats), title: o.Title, rating: o.Rating}
	if o.Counts != nil {
		out.counts = make(map[string][]int, len(o.Counts))
		for k, bySeat := range o.Counts {
			out.counts[k] = make([]int, seats)
			for j := range seats {
				out.counts[k][j] = bySeat[(i+j)%seats]
			}
		}
	}
	if o.Think != nil {
		out.think = make([][]time.Duration, seats)
	}
	for j := range seats {
		seat := (i + j) % seats
		out.scores[j], out.ranks[j] = o.Scores[seat], o.Ranks[seat]
		if o.Think != nil {
			out.think[j] = o.Think[seat]
		}
	}
	return out
}

// report sums the outcomes up.
func (cfg Config) report(g games.Game, players []string, results []outcome, elapsed time.Duration) Report {
	r := Report{Game: cfg.Game, Games: cfg.Games, Seats: cfg.Seats, Seed: cfg.Seed, Options: cfg.Options, Seconds: elapsed.Seconds()}
	if elapsed > 0 {
		r.GamesPerSec = float64(cfg.Games) / elapsed.Seconds()
	}
	for j, name := range players {
		st := stats(results, func(i int) int { return j })
		r.Players = append(r.Players, PlayerStats{Player: j, Bot: name, Stats: st})
		r.Counts = append(r.Counts, meanCounts(results, j, name)...)
		r.Decisions = append(r.Decisions, decisionTimes(results, j, name))
	}
	if cfg.Seats > 1 {
		// Player j sat at seat (i+j) mod Seats in game i, so seat s held player (s-i) mod Seats.
		for s := 0; s < cfg.Seats; s++ {
			st := stats(results, func(i int) int { return ((s-i)%cfg.Seats + cfg.Seats) % cfg.Seats })
			r.BySeat = append(r.BySeat, SeatStats{Seat: s, Stats: st})
		}
	}
	if len(g.SoloTitles) > 0 && cfg.Seats == 1 {
		r.Titles, r.TitleCI = map[string]int{}, map[string][2]float64{}
		total := 0
		ratings := make([]int, len(results))
		for i, o := range results {
			r.Titles[o.title]++
			total += o.rating
			ratings[i] = o.rating
		}
		for t, k := range r.Titles {
			r.TitleCI[t] = Wilson(k, len(results))
		}
		mean := float64(total) / float64(len(results))
		r.MeanRating = &mean
		med, ci := MedianCI(ratings)
		r.MedianRating, r.MedianRatingCI = &med, &ci
	}
	return r
}

// MedianCI sorts xs and returns their median and its 95% interval: the order statistics j and k (from 1)
// with j = ⌊n/2 − 1.96·√n/2⌋ and k = ⌈1 + n/2 + 1.96·√n/2⌉, between which the median of the population
// lies with probability at least 95% whatever its distribution (the count below it is binomial(n, ½)),
// clamped to the smallest and the largest value when n is small.
func MedianCI(xs []int) (float64, [2]int) {
	slices.Sort(xs)
	n := len(xs)
	if n == 0 {
		return 0, [2]int{}
	}
	med := float64(xs[n/2])
	if n%2 == 0 {
		med = float64(xs[n/2-1]+xs[n/2]) / 2
	}
	half := z95 * math.Sqrt(float64(n)) / 2
	j := max(1, int(math.Floor(float64(n)/2-half)))
	k := min(n, int(math.Ceil(1+float64(n)/2+half)))
	return med, [2]int{xs[j-1], xs[k-1]}
}

// decisionTimes sums up the decision times of player j over the run.
func decisionTimes(results []outcome, j int, bot string) DecisionTimes {
	var all []time.Duration
	for _, o := range results {
		if o.think != nil {
			all = append(all, o.think[j]...)
		}
	}
	d := DecisionTimes{Player: j, Bot: bot, Count: len(all)}
	if len(all) == 0 {
		return d
	}
	slices.Sort(all)
	ms := func(t time.Duration) float64 { return float64(t) / float64(time.Millisecond) }
	d.Median, d.P99, d.Max = ms(all[len(all)/2]), ms(all[min(len(all)-1, len(all)*99/100)]), ms(all[len(all)-1])
	return d
}

// stats sums up one score per game: that of the player who in game i is player(i).
func stats(results []outcome, player func(i int) int) Stats {
	st := Stats{Min: math.MaxInt, Max: math.MinInt}
	var sum, sq float64
	for i, o := range results {
		j := player(i)
		v := o.scores[j]
		sum += float64(v)
		sq += float64(v) * float64(v)
		st.Min, st.Max = min(st.Min, v), max(st.Max, v)
		if o.ranks[j] == 1 {
			st.Wins++
		}
	}
	n := float64(len(results))
	st.Mean = sum / n
	if len(results) > 1 {
		st.Stdev = math.Sqrt(max(0, (sq-sum*sum/n)/(n-1)))
	}
	st.WinRate = float64(st.Wins) / n
	half := z95 * st.Stdev / math.Sqrt(n)
	st.MeanCI = [2]float64{st.Mean - half, st.Mean + half}
	st.WinRateCI = Wilson(st.Wins, len(results))
	return st
}

// TitleOrder lists the solo titles present in a report, best first.
func TitleOrder(r Report) []string {
	g, _ := games.Lookup(r.Game)
	var out []string
	for _, t := range g.SoloTitles {
		if r.Titles[t] > 0 {
			out = append(out, t)
		}
	}
	return out
}

// meanCounts is player j's mean per game of each named tally, in the order of the names.
func meanCounts(results []outcome, j int, bot string) []CountStats {
	sum := map[string]int{}
	for _, o := range results {
		for k, v := range o.counts {
			sum[k] += v[j]
		}
	}
	var out []CountStats
	for _, k := range slices.Sorted(maps.Keys(sum)) {
		out = append(out, CountStats{Player: j, Bot: bot, Name: k, Mean: float64(sum[k]) / float64(len(results))})
	}
	return out
}
