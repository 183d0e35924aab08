package carcassonne

import (
	"testing"
)

// boardOf plays a seeded random game until n tiles lie on the board.
func boardOf(tb testing.TB, n int, seed uint64) *Game {
	tb.Helper()
	g, err := NewGame(surveyorOpts(), 2, seed)
	if err != nil {
		tb.Fatal(err)
	}
	rp := NewRandomPlayer(seed)
	for g.TilesPlaced() < n && !g.Over() {
		if err := g.Play(rp.Move(g)); err != nil {
			tb.Fatal(err)
		}
	}
	if g.Over() {
		tb.Fatalf("seed %d ended before %d tiles", seed, n)
	}
	return g
}

// BenchmarkLegalPlacements lists every position and rotation of the drawn tile on a 40-tile board (mid-game:
// 72 tiles in all).
func BenchmarkLegalPlacements(b *testing.B) {
	g := boardOf(b, 40, 1)
	buf := make([]Placement, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		buf = g.Placements(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "placements")
	b.ReportMetric(float64(g.board.nfront), "frontier")
}

// recordedGames plays seeded random games and keeps their moves.
func recordedGames(tb testing.TB, n int) [][]Move {
	out := make([][]Move, n)
	for i := range out {
		g, err := NewGame(surveyorOpts(), 2, uint64(i))
		if err != nil {
			tb.Fatal(err)
		}
		rp := NewRandomPlayer(uint64(i))
		for !g.Over() {
			m := rp.Move(g)
			out[i] = append(out[i], m)
			if err := g.Play(m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkPlayMove applies recorded moves: validation, placement, feature joins, scoring (final scoring
// included at the end of each game) and the next draw. One op is one move.
func BenchmarkPlayMove(b *testing.B) {
	games := recordedGames(b, 16)
	g := &Game{}
	i, k := 0, 0
	if err := g.Reset(surveyorOpts(), 2, 0); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if k == len(games[i]) {
			i, k = (i+1)%len(games), 0
			if err := g.Reset(surveyorOpts(), 2, uint64(i)); err != nil {
				b.Fatal(err)
			}
		}
		if err := g.Play(games[i][k]); err != nil {
			b.Fatal(err)
		}
		k++
	}
}

// BenchmarkRandomGame plays whole two-player games with the random policy (move generation included).
func BenchmarkRandomGame(b *testing.B) {
	for _, c := range []struct {
		name string
		sv   bool
		exps Expansions
	}{{"base", false, 0}, {"surveyors", true, 0}, {"river_abbot_surveyors", true, RiverExp | AbbotExp},
		{"inns", false, InnsCathedralsExp}, {"inns_surveyors", true, InnsCathedralsExp},
		{"traders", false, TradersBuildersExp}, {"traders_surveyors", true, TradersBuildersExp},
		{"magewitch_surveyors", true, MageWitchExp},
		{"all_surveyors", true, RiverExp | AbbotExp | InnsCathedralsExp | TradersBuildersExp | MageWitchExp}} {
		b.Run(c.name, func(b *testing.B) {
			opts := DefaultOptions()
			opts.Surveyors, opts.Expansions = c.sv, c.exps
			g := &Game{}
			rp := NewRandomPlayer(1)
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				if err := g.Reset(opts, 2, seed); err != nil {
					b.Fatal(err)
				}
				seed++
				for !g.over {
					if err := g.Play(rp.Move(g)); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// TestNoAllocationPerMove replays games in a reused Game value: once its event buffers have grown, a whole
// game (moves, scoring, the random policy's move generation) allocates nothing.
func TestNoAllocationPerMove(t *testing.T) {
	games := recordedGames(t, 4)
	g := &Game{}
	rp := NewRandomPlayer(3)
	play := func() {
		for i, moves := range games {
			if err := g.Reset(surveyorOpts(), 2, uint64(i)); err != nil {
				t.Fatal(err)
			}
			for _, m := range moves {
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := g.Reset(surveyorOpts(), 2, 9); err != nil {
			t.Fatal(err)
		}
		for !g.over {
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	play()
	g.events = make([]event, 0, 4*cap(g.events))
	g.evTiles = make([]int16, 0, 4*cap(g.evTiles))
	if n := testing.AllocsPerRun(5, play); n != 0 {
		t.Errorf("%v allocations per replay of 5 games, want 0", n)
	}
}
