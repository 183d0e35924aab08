package analysis

import (
	"context"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// The budgets on one core (-cpu 1): a whole solo Cartographers game under 5 s, a two-player
// Carcassonne game under 10 s, both lenses at the games' default samples (docs/performance.md).

func BenchmarkAnalyseCartographersSolo(b *testing.B) {
	benchAnalyse(b, autoGame(b, "cartographers", `{}`, 1, 101))
}

func BenchmarkAnalyseCarcassonneTwo(b *testing.B) {
	benchAnalyse(b, autoGame(b, "carcassonne", `{"surveyors":true}`, 2, 101))
}

func benchAnalyse(b *testing.B, rec game.Record) {
	for b.Loop() {
		if _, err := Analyse(context.Background(), rec, Options{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rec.Moves)), "moves")
}
