package carcassonne

import (
	"testing"

	"github.com/surveyor-game/surveyor/carcassonne"
)

// BenchmarkRandomGame plays whole two-player games by random legal moves, with the Land Surveyors alone
// and with the expansions the engine plays as well (expansionOptions), as surveyor bench does: one op is a
// game. docs/performance.md compares the two on one core (-cpu 1).
func BenchmarkRandomGame(b *testing.B) {
	for _, c := range []struct {
		name string
		o    carcassonne.Options
	}{{"surveyors", surveyorOptions()}, {"expansions", expansionOptions()}} {
		b.Run(c.name, func(b *testing.B) {
			play, err := benchGamesWith(c.o)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if err := play(i); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The expansions' benchmark plays every expansion the engine accepts, and at least the River and the
// Abbot, with the Land Surveyors.
func TestBenchExpansions(t *testing.T) {
	o := expansionOptions()
	if !o.Surveyors || !o.Expansions.Has(carcassonne.RiverExp|carcassonne.AbbotExp) {
		t.Fatalf("benchmark options %+v", o)
	}
}
