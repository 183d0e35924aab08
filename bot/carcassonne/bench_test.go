package carcassonne

import (
	"testing"

	carc "github.com/surveyor-game/surveyor/carcassonne"
)

// BenchmarkDecision is one move of the bot, over positions from seeded two-player games played by
// GreedyMove (every 5th turn, so early, middle and late boards all count).
func BenchmarkDecision(b *testing.B) {
	// Each position is its own game replayed to its turn: copies of one game would share its event
	// slices, which the bot's look-ahead copies append to.
	var pos []*carc.Game
	for seed := uint64(1); len(pos) < 40; seed++ {
		for turn := 0; turn < 70 && len(pos) < 40; turn += 5 {
			g, err := carc.NewGame(carc.DefaultOptions(), 2, seed)
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; i < turn && !g.Over(); i++ {
				if err := g.Play(g.GreedyMove()); err != nil {
					b.Fatal(err)
				}
			}
			if !g.Over() {
				pos = append(pos, g)
			}
		}
	}
	bot := New()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := bot.Choose(pos[i%len(pos)]); err != nil {
			b.Fatal(err)
		}
	}
}
