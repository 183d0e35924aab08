package cartographers

import (
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// TestLegalDrawSetAndRandomMove plays random games and checks, at every draw and ambush decision, that
// the compact form of every option holds the naive placements (the single empty spaces in a fallback),
// and that RandomMove picks what the previous RandomMove, which indexed the listed placements with the
// same draws from the generator, picked.
func TestLegalDrawSetAndRandomMove(t *testing.T) {
	t.Parallel()
	decisions := map[DrawMode]int{}
	for n := 0; n < 60; n++ {
		g, err := NewGame(Options{Preset: presetNames[n%3], Side: mapSideNames[n%4]}, 1+n%4, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(n), 5)
		for !g.Over() {
			for _, seat := range g.ToActSeats() {
				d, i := g.DecisionOf(seat)
				if d.kind == DecideDraw || d.kind == DecideAmbush {
					decisions[d.mode]++
					s := &g.players[i].sheet
					for opt := range len(cardTable[d.card].Options) + 1 {
						var want []Placement
						switch {
						case d.mode == DrawFallback:
							want = naivePlacements(s, oneByOne, Bits{})
						case opt < len(cardTable[d.card].Options):
							var must Bits
							if d.mode == DrawRuins {
								must = d.targets
							}
							want = naivePlacements(s, cardTable[d.card].Options[opt].Shape, must)
						}
						where := "game " + itoa(n) + " turn " + itoa(g.turn) + " option " + itoa(opt)
						setAgrees(t, where, g.LegalDrawSet(i, d, opt), want)
						if got := g.LegalDraws(i, d, opt, nil); len(got) != len(want) {
							t.Fatalf("%s: LegalDraws lists %d placements, want %d", where, len(got), len(want))
						}
					}
				}
				prev := *rng
				m, ok, _ := g.RandomMove(seat, rng, nil)
				want := prevRandomMove(g, seat, &prev)
				if !ok || m != want || *rng != prev {
					t.Fatalf("game %d turn %d: RandomMove %+v, previously %+v", n, g.turn, m, want)
				}
				if err := g.Play(seat, m); err != nil {
					t.Fatalf("game %d: %v", n, err)
				}
			}
		}
	}
	for _, mode := range []DrawMode{DrawFree, DrawRuins, DrawFallback} {
		if decisions[mode] == 0 {
			t.Errorf("no %s decision was met", mode)
		}
	}
}

// prevRandomMove is RandomMove as it was before the compact form: it lists the placements (here with the
// naive search) and indexes the list.
func prevRandomMove(g *Game, seat int, rng *game.RNG) Move {
	d, i := g.DecisionOf(seat)
	s := &g.players[i].sheet
	list := func(opt int) []Placement {
		if d.mode == DrawFallback {
			return naivePlacements(s, oneByOne, Bits{})
		}
		var must Bits
		if d.mode == DrawRuins {
			must = d.targets
		}
		return naivePlacements(s, cardTable[d.card].Options[opt].Shape, must)
	}
	var m Move
	switch d.kind {
	case DecideDraw, DecideAmbush:
		c := &cardTable[d.card]
		opt := 0
		if d.mode != DrawFallback && len(c.Options) > 1 {
			opt = rng.IntN(len(c.Options))
		}
		buf := list(opt)
		if len(buf) == 0 {
			opt = 1 - opt
			buf = list(opt)
		}
		p := buf[rng.IntN(len(buf))]
		m = Move{Type: d.kind, Cells: p.Cells}
		if d.kind == DecideDraw {
			ts := g.Terrains(d)
			m.Option, m.Fallback, m.Terrain = opt, d.mode == DrawFallback, ts[rng.IntN(len(ts))]
		}
	case DecideHero:
		empty := s.EmptySpaces()
		c := CellList(empty)[rng.IntN(empty.Count())]
		o := g.heroOrientations()
		ho := o[rng.IntN(len(o))]
		m = Move{Type: DecideHero, Cells: Single(CellAt(c[0], c[1])), Rotation: ho.rot, Flip: ho.flip}
	case DecideGorgon, DecideTroll:
		c := CellList(d.targets)[rng.IntN(d.targets.Count())]
		m = Move{Type: d.kind, Cells: Single(CellAt(c[0], c[1]))}
	}
	return m
}

// TestLegalMovesListsEveryPlacement holds LegalMoves, which now ranges over the compact form, to the
// naive placements of every option, times every terrain, in order.
func TestLegalMovesListsEveryPlacement(t *testing.T) {
	t.Parallel()
	for n := 0; n < 30; n++ {
		g, err := NewGame(Options{Preset: presetNames[n%3], Side: mapSideNames[n%4]}, 1+n%3, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(n), 7)
		for !g.Over() {
			for _, seat := range g.ToActSeats() {
				d, i := g.DecisionOf(seat)
				if d.kind == DecideDraw || d.kind == DecideAmbush {
					var want []Move
					s := &g.players[i].sheet
					options := len(cardTable[d.card].Options)
					if d.mode == DrawFallback {
						options = 1
					}
					for opt := 0; opt < options; opt++ {
						var ps []Placement
						if d.mode == DrawFallback {
							ps = naivePlacements(s, oneByOne, Bits{})
						} else {
							var must Bits
							if d.mode == DrawRuins {
								must = d.targets
							}
							ps = naivePlacements(s, cardTable[d.card].Options[opt].Shape, must)
						}
						for _, p := range ps {
							if d.kind == DecideAmbush {
								want = append(want, Move{Type: d.kind, Cells: p.Cells})
								continue
							}
							for _, k := range g.Terrains(d) {
								want = append(want, Move{Type: d.kind, Option: opt, Terrain: k, Cells: p.Cells, Fallback: d.mode == DrawFallback})
							}
						}
					}
					got := g.LegalMoves(seat)
					if len(got) != len(want) {
						t.Fatalf("game %d turn %d: %d legal moves, want %d", n, g.turn, len(got), len(want))
					}
					for j := range got {
						if got[j] != want[j] {
							t.Fatalf("game %d turn %d: legal move %d = %+v, want %+v", n, g.turn, j, got[j], want[j])
						}
					}
				}
				m, _, _ := g.RandomMove(seat, rng, nil)
				if err := g.Play(seat, m); err != nil {
					t.Fatalf("game %d: %v", n, err)
				}
			}
		}
	}
}
