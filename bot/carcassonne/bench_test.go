package carcassonne

import (
	"testing"

	carc "github.com/surveyor-game/surveyor/carcassonne"
)

// BenchmarkDecision is one move of the bot, over positions from seeded two-player games played by
// GreedyMove (every 5th turn, so early, middle and late boards all count).
func BenchmarkDecision(b *testing.B) {
	pos := benchPositions(b)
	bot := New()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := bot.Choose(pos[i%len(pos)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMasterDecision is one move of the search bot at the sim's fixed budget (MasterRounds rounds),
// over the same positions; its time at the server's wall-clock budget is MasterBudget by construction.
func BenchmarkMasterDecision(b *testing.B) {
	pos := benchPositions(b)
	bot := NewMaster(0, MasterRounds)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := bot.Choose(pos[i%len(pos)]); err != nil {
			b.Fatal(err)
		}
	}
}

// benchPositions are 40 positions of seeded two-player games.
func benchPositions(b *testing.B) []*carc.Game {
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
	return pos
}
