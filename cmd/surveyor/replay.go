package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

func init() {
	commands["replay"] = command{
		summary: "replay a game record (docs/records.md) and print the result",
		run:     runReplay,
	}
}

func runReplay(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: surveyor replay [--json] FILE|-")
	}
	in := stdin
	if name := fs.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("open record: %w", err)
		}
		defer f.Close()
		in = f
	}
	rec, err := game.ReadRecord(in)
	if err != nil {
		return err
	}
	st, err := games.Registry().Replay(rec)
	if err != nil {
		return err
	}
	out := struct {
		Game  string       `json:"game"`
		Moves int          `json:"moves"`
		Over  bool         `json:"over"`
		Res   *game.Result `json:"result,omitempty"`
	}{Game: rec.Game, Moves: len(rec.Moves), Over: st.Over()}
	if st.Over() {
		r := st.Result()
		out.Res = &r
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		return enc.Encode(out)
	}
	fmt.Fprintf(stdout, "%s: %d moves replayed\n", rec.Game, len(rec.Moves))
	if !st.Over() {
		fmt.Fprintln(stdout, "the game is not over")
		return nil
	}
	for seat, score := range out.Res.Scores {
		fmt.Fprintf(stdout, "seat %d: %d points, rank %d\n", seat, score, out.Res.Ranks[seat])
	}
	return nil
}
