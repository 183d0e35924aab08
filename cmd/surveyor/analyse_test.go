package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// A game not over, an unknown lens and a missing file are refused with a clear message and exit status 1.
func TestAnalyseRefuses(t *testing.T) {
	raw, err := os.ReadFile("../../docs/examples/cartographers-record.json")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.ReadRecord(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	rec.Moves, rec.Narrative = rec.Moves[:5], nil
	unfinished, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{string(unfinished), []string{"analyse", "-"}, "the game is not over"},
		{"", []string{"analyse", "--lens", "psychic", "x.json"}, `unknown lens "psychic"`},
		{"", []string{"analyse", "no-such-record.json"}, "open record"},
		{"", []string{"analyse"}, "usage: surveyor analyse"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), c.args, strings.NewReader(c.stdin), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), c.want) || out.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 1 and %q", c.args, code, errb.String(), out.String(), c.want)
		}
	}
}
