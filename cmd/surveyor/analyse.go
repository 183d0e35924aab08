package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/internal/cli"
)

func init() {
	commands["analyse"] = command{
		summary: "review a finished game's record: each decision's cost against the strongest bot (docs/analysis.md)",
		run:     runAnalyse,
	}
}

const analyseUsage = "usage: surveyor analyse [--json] [--lens fair|clairvoyant|both] [--seed N] [--samples N] FILE|-"

// runAnalyse prints the analysis of a finished game's record: a summary per player and lens, or the whole
// analysis as JSON. A record that does not replay, or of a game not over, is refused.
func runAnalyse(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, analyseUsage); fs.PrintDefaults() }
	asJSON := fs.Bool("json", false, "print the whole analysis as one JSON object (docs/analysis.md)")
	lens := fs.String("lens", "both", "fair (what the players could know), clairvoyant (the deck known) or both")
	seed := fs.Uint64("seed", 1, "seed of the fair lens's samples: the same record and seed give the same analysis")
	samples := fs.Int("samples", 0, "sampled futures a decision in the fair lens (0: the game's default)")
	files, err := cli.ParseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	if len(files) != 1 {
		return errors.New(analyseUsage)
	}
	lenses, err := analysis.ParseLens(*lens)
	if err != nil {
		return err
	}
	if *samples < 0 {
		return fmt.Errorf("--samples %d: want 0 or more", *samples)
	}
	rec, err := readRecordFile(files[0], stdin)
	if err != nil {
		return err
	}
	a, err := analysis.Analyse(ctx, rec, analysis.Options{Seed: *seed, Samples: *samples, Lenses: lenses})
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(a)
	}
	printAnalysis(stdout, a)
	return nil
}

// lensTitles are the lenses as the summary labels them.
var lensTitles = map[game.Lens]string{
	game.LensFair:        "what each player could know (the hidden cards or tiles sampled)",
	game.LensClairvoyant: "with the deck known (its real order)",
}

func printAnalysis(w io.Writer, a *analysis.Analysis) {
	fmt.Fprintf(w, "%s, %d seat(s): final scores %v; values in expected final %s (seed %d, %d samples)\n",
		a.Game, a.Seats, a.Scores, a.Unit, a.Seed, a.Samples)
	for _, r := range []*analysis.Report{a.Fair, a.Clairvoyant} {
		if r == nil {
			continue
		}
		fmt.Fprintf(w, "\n== %s lens: %s\n", r.Lens, lensTitles[r.Lens])
		if r.Plan != nil {
			fmt.Fprintf(w, "a plan of the whole game made knowing the deck reaches %.0f %s\n", *r.Plan, a.Unit)
		}
		for _, p := range r.Players {
			name := fmt.Sprintf("seat %d", p.Seat)
			if p.Name != "" {
				name += " (" + p.Name + ")"
			}
			last := "-"
			if n := len(p.Series); n > 0 {
				last = fmt.Sprintf("%.1f", p.Series[n-1].Expected)
			}
			fmt.Fprintf(w, "%s: %d decisions, accuracy %.1f, %.1f %s lost; expected final score after the last decision %s\n",
				name, p.Decisions, p.Accuracy, p.Lost, a.Unit, last)
			var phases []string
			for k, lost := range p.LostByPhase {
				phases = append(phases, fmt.Sprintf("%s %.1f", a.Phases[k], lost))
			}
			fmt.Fprintf(w, "  lost by phase: %s\n", strings.Join(phases, ", "))
			for rank, i := range p.Costliest {
				d := r.Decisions[i]
				played, best := d.PlayedWords, d.BestWords
				if played == "" {
					// A game that names no moves: their JSON form.
					played, best = string(d.Played), string(d.Best)
				}
				fmt.Fprintf(w, "  costliest %d: move %d (%s), cost %.2f\n    played: %s\n    best:   %s\n",
					rank+1, d.Move, a.Phases[d.Phase], d.Cost, played, best)
			}
		}
	}
}
