package cartographers

import (
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// BenchmarkSoloGame plays whole random solo games of the base game through the typed API.
func BenchmarkSoloGame(b *testing.B) {
	benchGames(b, Options{})
}

// BenchmarkSoloGameBoth plays whole random solo games with both boxes mixed (heroes, all monsters).
func BenchmarkSoloGameBoth(b *testing.B) {
	benchGames(b, Options{Preset: "both"})
}

func benchGames(b *testing.B, o Options) {
	rng := game.NewRNG(1, 2)
	buf := make([]Placement, 0, 1024)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g, err := NewGame(o, 1, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			var m Move
			m, _, buf = g.RandomMove(0, rng, buf)
			if err := g.Play(0, m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkFourPlayerGame plays whole random 4-player games of the mixed boxes (multiplayer ambushes).
func BenchmarkFourPlayerGame(b *testing.B) {
	rng := game.NewRNG(1, 2)
	buf := make([]Placement, 0, 1024)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g, err := NewGame(Options{Preset: "both"}, 4, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			for _, seat := range g.ToActSeats() {
				var m Move
				m, _, buf = g.RandomMove(seat, rng, buf)
				if err := g.Play(seat, m); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkAutoSoloGame plays whole solo games with the built-in policy (`play --auto`).
func BenchmarkAutoSoloGame(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g, err := NewGame(Options{}, 1, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			m, err := g.AutoMove(0)
			if err != nil {
				b.Fatal(err)
			}
			if err := g.Play(0, m); err != nil {
				b.Fatal(err)
			}
		}
	}
}
