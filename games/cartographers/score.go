package cartographers

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/internal/cli"
)

// maxMapBytes bounds what score reads: a map is 132 bytes, comments included it stays far below this.
const maxMapBytes = 1 << 20

const scoreUsage = "usage: surveyor cartographers score [--cards NAME[,NAME...]] [--json] FILE|-"

// runScore implements `surveyor cartographers score` as shared/formats/cartographers-map.md
// describes it. Flags may come before or after the file.
func runScore(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, scoreUsage); fs.PrintDefaults() }
	var cards []cartographers.ScoringCard
	fs.Func("cards", "comma-separated scoring card names as printed in English (default: all 32)", func(v string) error {
		for _, name := range strings.Split(v, ",") {
			c, ok := cartographers.ScoringCardByName(name)
			if !ok {
				return fmt.Errorf("unknown scoring card %q", strings.TrimSpace(name))
			}
			cards = append(cards, c)
		}
		return nil
	})
	asJSON := fs.Bool("json", false, "print one JSON object")
	files, err := cli.ParseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return fmt.Errorf("%w\n%s", err, scoreUsage)
	}
	if len(files) != 1 {
		return fmt.Errorf("want one map file or - for standard input, got %d\n%s", len(files), scoreUsage)
	}
	if cards == nil {
		all := cartographers.ScoringCards()
		cards = all[:]
	}

	text, err := readMap(files[0], stdin)
	if err != nil {
		return err
	}
	sheet, err := cartographers.ParseMap(text)
	if err != nil {
		return fmt.Errorf("%s: %w", displayName(files[0]), err)
	}
	penalty, _ := cartographers.MonsterPenalty(&sheet)

	if *asJSON {
		out := struct {
			Cards          map[string]int `json:"cards"`
			MonsterPenalty int            `json:"monster_penalty"`
		}{Cards: map[string]int{}, MonsterPenalty: penalty}
		for _, c := range cards {
			out.Cards[c.Name], _ = c.Score(&sheet)
		}
		b, err := json.Marshal(out)
		if err != nil {
			return fmt.Errorf("encoding the scores: %w", err)
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	var sb strings.Builder
	for _, c := range cards {
		stars, _ := c.Score(&sheet)
		fmt.Fprintf(&sb, "%-20s %3d\n", c.Name, stars)
	}
	fmt.Fprintf(&sb, "%-20s %3d\n", "Monster penalty", penalty)
	_, err = io.WriteString(stdout, sb.String())
	return err
}

// readMap reads the map file, or standard input for "-", refusing anything larger than a map can be.
func readMap(name string, stdin io.Reader) (string, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return "", fmt.Errorf("reading the map: %w", err)
		}
		defer f.Close()
		r = f
	}
	if r == nil {
		return "", errors.New("reading the map: no standard input")
	}
	b, err := io.ReadAll(io.LimitReader(r, maxMapBytes+1))
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", displayName(name), err)
	}
	if len(b) > maxMapBytes {
		return "", fmt.Errorf("%s: larger than %d bytes, not a map", displayName(name), maxMapBytes)
	}
	return string(b), nil
}

func displayName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}
