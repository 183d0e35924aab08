package cli

import (
	"context"
	"flag"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/store"
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

// A --db that reads as a URL but not PostgreSQL's (a typo, another database's) is refused, not taken for a
// SQLite file named "postgress:/..." that a server would then serve empty, alone, beside its peers.
func TestOpenStoreRefusesOtherURLs(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, db := range []string{"postgress://u@db.example.org/surveyor", "mysql://x", "sqlite:///var/lib/surveyor.db"} {
		for _, open := range []func(context.Context, string, string) (store.Store, string, error){OpenStore, OpenExistingStore} {
			if st, _, err := open(context.Background(), db, dir); err == nil || !strings.Contains(err.Error(), "postgres://") {
				if st != nil {
					st.Close()
				}
				t.Errorf("--db %s: %v, want a refusal naming postgres://", db, err)
			}
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Fatalf("refused --db values left %v", left)
	}
}
