package cartographers

import (
	"fmt"

	"github.com/surveyor-game/surveyor/game"
)

// LegalMoves lists every legal move of a seat now, in a fixed order.
func (g *Game) LegalMoves(seat int) []Move {
	d, i := g.DecisionOf(seat)
	if i < 0 {
		return nil
	}
	var out []Move
	switch d.kind {
	case DecideDraw, DecideAmbush:
		c := &cardTable[d.card]
		terrains := g.Terrains(d)
		options := len(c.Options)
		if d.mode == DrawFallback {
			options = 1
		}
		if d.kind == DecideAmbush {
			terrains = []Kind{Monster}
		}
		for opt := 0; opt < options; opt++ {
			for p := range g.LegalDrawSet(i, d, opt).All() {
				for _, k := range terrains {
					m := Move{Type: d.kind, Option: opt, Terrain: k, Cells: p.Cells, Fallback: d.mode == DrawFallback}
					if d.kind == DecideAmbush {
						m = Move{Type: d.kind, Cells: p.Cells}
					}
					out = append(out, m)
				}
			}
		}
	case DecideHero:
		g.players[i].sheet.EmptySpaces().EachCell(func(c Cell) {
			for _, o := range g.heroOrientations() {
				out = append(out, Move{Type: DecideHero, Cells: Single(c), Rotation: o.rot, Flip: o.flip})
			}
		})
	case DecideGorgon, DecideTroll:
		d.targets.EachCell(func(c Cell) { out = append(out, Move{Type: d.kind, Cells: Single(c)}) })
	}
	return out
}

type heroOrientation struct {
	rot  int
	flip bool
}

var allHeroOrientations = func() []heroOrientation {
	var out []heroOrientation
	for _, f := range []bool{false, true} {
		for r := 0; r < 4; r++ {
			out = append(out, heroOrientation{r, f})
		}
	}
	return out
}()

func (g *Game) heroOrientations() []heroOrientation {
	if g.cfg.rotateHero {
		return allHeroOrientations
	}
	return allHeroOrientations[:1]
}

// AutoMove is the simple built-in policy, deterministic for a state. It draws where the four edicts,
// the coins gained and the monster penalty give the most stars now; it places a neighbour's monster
// where it costs that sheet the most; a hero goes where it destroys the most monster spaces; the Gorgon
// and the Troll take the first space the sheet can best spare.
func (g *Game) AutoMove(seat int) (Move, error) {
	if g.Over() {
		return Move{}, game.ErrGameOver
	}
	d, i := g.DecisionOf(seat)
	if i < 0 {
		return Move{}, fmt.Errorf("%w: seat %d has no decision pending", game.ErrNotYourTurn, seat)
	}
	moves := g.LegalMoves(seat)
	if len(moves) == 0 {
		return Move{}, fmt.Errorf("cartographers: seat %d has no legal move", seat)
	}
	s := &g.players[i].sheet
	best, bestVal := 0, 0
	for j, m := range moves {
		var v int
		switch d.kind {
		case DecideDraw:
			v = g.valueAfter(s, m.Cells, m.Terrain)
			if !m.Fallback && cardTable[d.card].Options[m.Option].Coin {
				v++
			}
		case DecideAmbush:
			v = -g.valueAfter(s, m.Cells, Monster)
		case DecideHero:
			v = HeroHits(d.card, m.Cells.First(), m.Rotation, m.Flip).And(s.layer[Monster]).Count()
		case DecideGorgon, DecideTroll:
			// An empty space costs its owner least; a neighbour's Gorgon prefers a drawn space.
			if s.At(m.Cells.First()) == Empty {
				v = 1
			}
			if d.kind == DecideGorgon && d.actor != i {
				v = -v
			}
		}
		if j == 0 || v > bestVal {
			best, bestVal = j, v
		}
	}
	return moves[best], nil
}

// valueAfter is the stars the four edicts, the coins and the monster penalty would give the sheet with
// cells drawn as k (a look-ahead of one draw, without hero hits or effects).
func (g *Game) valueAfter(s *Sheet, cells Bits, k Kind) int {
	t := *s
	t.Draw(cells, k)
	v := t.coins
	for _, e := range g.edicts {
		stars, _ := scoringCards[e].Score(&t)
		v += stars
	}
	pen, _ := MonsterPenalty(&t)
	return v - 2*pen
}

// RandomMove picks a uniformly random option, terrain and placement for the seat's decision. ok is false
// if the seat has no decision. The placement is drawn from a PlacementSet by its index, so nothing is
// listed: buf is returned untouched, kept only so that callers which pass scratch space still compile.
func (g *Game) RandomMove(seat int, rng *game.RNG, buf []Placement) (m Move, ok bool, scratch []Placement) {
	d, i := g.DecisionOf(seat)
	if i < 0 {
		return Move{}, false, buf
	}
	s := &g.players[i].sheet
	switch d.kind {
	case DecideDraw, DecideAmbush:
		c := &cardTable[d.card]
		opt := 0
		if d.mode != DrawFallback && len(c.Options) > 1 {
			opt = rng.IntN(len(c.Options))
		}
		set := g.LegalDrawSet(i, d, opt)
		n := set.Len()
		if n == 0 {
			opt = 1 - opt // the other of two options fits (the decision would be a fallback otherwise)
			set = g.LegalDrawSet(i, d, opt)
			n = set.Len()
		}
		// The same draw from the generator as indexing the listed placements, so games replay alike.
		p := set.At(rng.IntN(n))
		m = Move{Type: d.kind, Cells: p.Cells}
		if d.kind == DecideDraw {
			ts := g.Terrains(d)
			m.Option, m.Fallback, m.Terrain = opt, d.mode == DrawFallback, ts[rng.IntN(len(ts))]
		}
	case DecideHero:
		empty := s.EmptySpaces()
		c := empty.Nth(rng.IntN(empty.Count()))
		o := g.heroOrientations()
		ho := o[rng.IntN(len(o))]
		m = Move{Type: DecideHero, Cells: Single(c), Rotation: ho.rot, Flip: ho.flip}
	case DecideGorgon, DecideTroll:
		m = Move{Type: d.kind, Cells: Single(d.targets.Nth(rng.IntN(d.targets.Count())))}
	}
	return m, true, buf
}
