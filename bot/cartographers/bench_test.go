package cartographers

import (
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// benchPositions are draw decisions from the first seasons of seeded solo games, reached by the fast bot.
func benchPositions(b *testing.B, o carto.Options) []*carto.Game {
	var out []*carto.Game
	bot := New(Fast)
	for seed := uint64(1); len(out) < 40; seed++ {
		g, err := carto.NewGame(o, 1, seed)
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() && len(out) < 40 {
			if d, _ := g.DecisionOf(0); d.Kind() == carto.DecideDraw {
				out = append(out, g.Clone())
			}
			m, err := bot.Choose(g, 0)
			if err != nil {
				b.Fatal(err)
			}
			if err := g.Play(0, m); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

func benchDecision(b *testing.B, level Level, o carto.Options) {
	pos := benchPositions(b, o)
	bot := New(level)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := bot.Choose(pos[i%len(pos)], 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecisionFast is one draw decision of the fast level (base game).
func BenchmarkDecisionFast(b *testing.B) { benchDecision(b, Fast, carto.Options{}) }

// BenchmarkDecisionStrong is one draw decision of the strong level (base game).
func BenchmarkDecisionStrong(b *testing.B) { benchDecision(b, Strong, carto.Options{}) }

// BenchmarkDecisionStrongBoth is one strong draw decision with both boxes mixed (the largest deck).
func BenchmarkDecisionStrongBoth(b *testing.B) {
	benchDecision(b, Strong, carto.Options{Preset: "both"})
}

// BenchmarkDecisionMaster is one master draw decision on the default sample budget (base game).
func BenchmarkDecisionMaster(b *testing.B) { benchDecision(b, Master, carto.Options{}) }
