package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/surveyor-game/surveyor/bot"
	"github.com/surveyor-game/surveyor/bot/sim"
	"github.com/surveyor-game/surveyor/games"
)

func init() {
	commands["sim"] = command{
		summary: "play many games between bots and print score statistics",
		run:     runSim,
	}
}

func runSim(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", games.Names()[0], strings.Join(games.Names(), " or "))
	nGames := fs.Int("games", 100, "number of games")
	seats := fs.Int("seats", 1, "seats per game ("+seatRanges()+")")
	bots := fs.String("bots", "", "comma-separated bot per seat, or one for every seat ("+botLists()+")")
	seed := fs.Uint64("seed", 1, "seed of the run; game i's seed is derived from it")
	options := fs.String("options", "", "game options as JSON")
	parallel := fs.Bool("parallel", false, "play games on every core at once (results do not change)")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	calibrate := fs.Bool("calibrate", false, "measure the ratings of the game's bots: every pair plays --games two-seat games (docs/ratings.md)")
	tournament := fs.Bool("tournament", false, "a round robin between the bots named by --bots (default: all the game's): every pair plays --games two-seat games; win rates with 95% intervals, and ratings")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return nil
		}
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *calibrate || *tournament {
		c := sim.Calibration{Game: *gameName, Games: *nGames, Seed: *seed, Options: json.RawMessage(*options), Workers: map[bool]int{true: -1}[*parallel]}
		if *tournament && *bots != "" {
			for _, n := range strings.Split(*bots, ",") {
				c.Bots = append(c.Bots, strings.TrimSpace(n))
			}
		}
		return runCalibrate(ctx, stdout, c, *asJSON)
	}
	var names []string
	if *bots == "" {
		// No names: every seat gets the game's strongest bot (an unknown game is reported by sim.Run).
		names = []string{bot.Default(*gameName)}
	} else {
		for _, n := range strings.Split(*bots, ",") {
			names = append(names, strings.TrimSpace(n))
		}
	}
	cfg := sim.Config{Game: *gameName, Games: *nGames, Seats: *seats, Bots: names, Seed: *seed, Options: json.RawMessage(*options)}
	if *parallel {
		cfg.Workers = -1
	}
	r, err := sim.Run(ctx, cfg)
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(r)
	}
	fmt.Fprintf(stdout, "%s: %d games, %d seats, seed %d: %.1f s, %.1f games/s\n", r.Game, r.Games, r.Seats, r.Seed, r.Seconds, r.GamesPerSec)
	if len(r.Options) > 0 {
		fmt.Fprintf(stdout, "options: %s\n", r.Options)
	}
	fmt.Fprintf(stdout, "%-7s %-11s %8s %17s %8s %5s %5s %6s %8s %15s\n", "player", "bot", "mean", "95% interval", "stdev", "min", "max", "wins", "win rate", "95% interval")
	for _, p := range r.Players {
		fmt.Fprintf(stdout, "%-7d %-11s %8.2f [%7.2f, %7.2f] %8.2f %5d %5d %6d %7.1f%% [%5.1f, %5.1f]\n", p.Player+1, p.Bot, p.Mean,
			p.MeanCI[0], p.MeanCI[1], p.Stdev, p.Min, p.Max, p.Wins, 100*p.WinRate, 100*p.WinRateCI[0], 100*p.WinRateCI[1])
	}
	for j, p := range r.Players {
		var parts []string
		for _, c := range r.Counts {
			if c.Player == j {
				parts = append(parts, fmt.Sprintf("%s %.2f", c.Name, c.Mean))
			}
		}
		if len(parts) > 0 {
			fmt.Fprintf(stdout, "%-7d %-11s per game: %s\n", p.Player+1, p.Bot, strings.Join(parts, ", "))
		}
	}
	if len(r.BySeat) > 0 {
		fmt.Fprintf(stdout, "%-16s %8s %8s %5s %5s %6s %8s\n", "seat (any bot)", "mean", "stdev", "min", "max", "wins", "win rate")
		for _, s := range r.BySeat {
			fmt.Fprintf(stdout, "%-16d %8.2f %8.2f %5d %5d %6d %7.1f%%\n", s.Seat+1, s.Mean, s.Stdev, s.Min, s.Max, s.Wins, 100*s.WinRate)
		}
	}
	fmt.Fprintf(stdout, "%-7s %-11s %9s %10s %10s %10s\n", "player", "bot", "decisions", "median", "p99", "max")
	for _, d := range r.Decisions {
		fmt.Fprintf(stdout, "%-7d %-11s %9d %8.3f ms %7.3f ms %7.3f ms\n", d.Player+1, d.Bot, d.Count, d.Median, d.P99, d.Max)
	}
	if r.MeanRating != nil {
		fmt.Fprintf(stdout, "solo rating: mean %.2f, median %.1f [%d, %d]\n", *r.MeanRating, *r.MedianRating, r.MedianRatingCI[0], r.MedianRatingCI[1])
		for _, t := range sim.TitleOrder(r) {
			ci := r.TitleCI[t]
			fmt.Fprintf(stdout, "  %-24s %5d  %5.1f%% [%5.1f, %5.1f]\n", t, r.Titles[t], 100*float64(r.Titles[t])/float64(r.Games), 100*ci[0], 100*ci[1])
		}
	}
	return nil
}

// runCalibrate prints the measured ratings of a game's bots, the figures the game's bot list keeps.
func runCalibrate(ctx context.Context, stdout io.Writer, c sim.Calibration, asJSON bool) error {
	rs, err := sim.Calibrate(ctx, c)
	if err != nil {
		return err
	}
	if asJSON {
		return json.NewEncoder(stdout).Encode(rs)
	}
	fmt.Fprintf(stdout, "%s: every pair of bots played %d two-seat games, seed %d\n", c.Game, c.Games, c.Seed)
	fmt.Fprintf(stdout, "%-8s %8s %8s %8s %6s  %s\n", "bot", "mu", "sigma", "ordinal", "games", "win rate against")
	for _, r := range rs {
		var against []string
		for _, o := range rs {
			if o.Bot != r.Bot {
				ci := r.WinRateCI[o.Bot]
				against = append(against, fmt.Sprintf("%s %.1f%% [%.1f, %.1f]", o.Bot, 100*r.WinRate[o.Bot], 100*ci[0], 100*ci[1]))
			}
		}
		fmt.Fprintf(stdout, "%-8s %8.3f %8.3f %8.3f %6d  %s\n", r.Bot, r.Rating.Mu, r.Rating.Sigma, r.Ordinal, r.Games, strings.Join(against, ", "))
	}
	return nil
}

// seatRanges describes each game's seat range for the help text.
func seatRanges() string {
	var parts []string
	for _, g := range games.All() {
		lo, hi := g.SeatRange()
		parts = append(parts, fmt.Sprintf("%s %d-%d", g.Name(), lo, hi))
	}
	return strings.Join(parts, ", ")
}

// botLists names each game's bots for the help text.
func botLists() string {
	var parts []string
	for _, g := range games.All() {
		list := g.Name() + ": " + strings.Join(sim.Bots(g.Name()), ", ")
		if len(g.SimOnly) > 0 {
			list += " and, in the sim only, " + strings.Join(g.SimOnly, ", ")
		}
		parts = append(parts, list)
	}
	return strings.Join(parts, "; ")
}
