package cli

import (
	"flag"
	"io"
	"slices"
	"testing"
)

func TestParseInterspersed(t *testing.T) {
	for _, args := range [][]string{{"--json", "a", "b"}, {"a", "--json", "b"}, {"a", "b", "--json"}} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		asJSON := fs.Bool("json", false, "")
		pos, err := ParseInterspersed(fs, args)
		if err != nil || !*asJSON || !slices.Equal(pos, []string{"a", "b"}) {
			t.Errorf("%q: %q, json %v, %v", args, pos, *asJSON, err)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if _, err := ParseInterspersed(fs, []string{"a", "--nope"}); err == nil {
		t.Error("an unknown flag after a file is accepted")
	}
	fs = flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if pos, err := ParseInterspersed(fs, []string{"--", "-"}); err != nil || !slices.Equal(pos, []string{"-"}) {
		t.Errorf("-- then -: %q, %v", pos, err)
	}
}
