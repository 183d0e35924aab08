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
	"github.com/surveyor-game/surveyor/internal/cli"
)

func init() {
	commands["replay"] = command{
		summary: "replay a game record (docs/records.md), check its narrative and tell the game",
		run:     runReplay,
	}
}

const replayUsage = "usage: surveyor replay [--json] [--quiet] FILE|-"

// replayOut is replay's --json output.
type replayOut struct {
	Game   string       `json:"game"`
	Format int          `json:"format"`
	Moves  int          `json:"moves"`
	Over   bool         `json:"over"`
	Result *game.Result `json:"result,omitempty"`
	// Checked is true when the record told a narrative and it matches the replay's.
	Checked   bool         `json:"checked"`
	Narrative []game.Event `json:"narrative,omitempty"`
}

// runReplay replays a record. A record that tells its game is checked against the replay: where they
// differ first is an error (exit status 1), so that a tampered or corrupted record is reported rather than
// accepted. Flags may come before or after the file.
func runReplay(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, replayUsage); fs.PrintDefaults() }
	asJSON := fs.Bool("json", false, "print the result and the replayed narrative as one JSON object")
	quiet := fs.Bool("quiet", false, "print only the result, not the game told")
	files, err := cli.ParseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	if len(files) != 1 {
		return errors.New(replayUsage)
	}
	rec, err := readRecordFile(files[0], stdin)
	if err != nil {
		return err
	}
	st, err := games.Registry().Verify(rec)
	if err != nil {
		return err
	}
	format := max(rec.Format, 1)
	out := replayOut{Game: rec.Game, Format: format, Moves: len(rec.Moves), Over: st.Over(), Checked: len(rec.Narrative) > 0}
	if st.Over() {
		r := st.Result()
		out.Result = &r
	}
	if n, ok := st.(game.Narrator); ok && !*quiet {
		out.Narrative = n.Narrative()
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(out)
	}
	for _, e := range out.Narrative {
		fmt.Fprintf(stdout, "%4d  %s\n", e.After, e.Tell(rec.Players))
	}
	checked := "no narrative in the record to check"
	if out.Checked {
		checked = fmt.Sprintf("its %d narrative events match the replay", len(rec.Narrative))
	}
	fmt.Fprintf(stdout, "%s (record format %d): %d moves replayed; %s\n", rec.Game, format, len(rec.Moves), checked)
	if !st.Over() {
		fmt.Fprintln(stdout, "the game is not over")
		return nil
	}
	for seat, score := range out.Result.Scores {
		name := fmt.Sprintf("seat %d", seat)
		if seat < len(rec.Players) && rec.Players[seat] != "" {
			name += " (" + rec.Players[seat] + ")"
		}
		fmt.Fprintf(stdout, "%s: %d points, rank %d\n", name, score, out.Result.Ranks[seat])
	}
	return nil
}

// readRecordFile reads the record a command's argument names: a file, or standard input for "-".
func readRecordFile(name string, stdin io.Reader) (game.Record, error) {
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return game.Record{}, fmt.Errorf("open record: %w", err)
		}
		defer f.Close()
		in = f
	}
	return game.ReadRecord(in)
}
