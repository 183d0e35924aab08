package carcassonne

import "github.com/surveyor-game/surveyor/game"

// GreedyMove is the simple fixed policy used by AutoMove and `surveyor carcassonne play --auto`: try every
// legal move on a copy of the game, and keep the one with the best points margin over the best opponent,
// plus a small bonus for a meeple left on an open feature. Ties go to the first move found, so the choice is
// deterministic.
// Once the game is over there is no move: the zero placement it returns is refused by Play.
func (g *Game) GreedyMove() Move {
	me := g.toAct
	ps := g.Placements(nil)
	if len(ps) == 0 {
		return Move{Meeple: NoMeeple}
	}
	var segs []int
	scratch := new(Game)
	best, bestVal := Move{Placement: ps[0], Meeple: NoMeeple}, 0
	first := true
	for _, p := range ps {
		segs = append(g.MeepleOptions(p, segs[:0]), NoMeeple)
		for _, s := range segs {
			m := Move{Placement: p, Meeple: s}
			*scratch = *g
			scratch.quiet = true
			if scratch.Play(m) != nil {
				continue
			}
			v := 0
			for seat := 0; seat < g.players; seat++ {
				gain := scratch.scores[seat] - g.scores[seat]
				if seat == me {
					v += 10 * gain
				} else {
					v -= 10 * gain / (g.players - 1)
				}
			}
			if s != NoMeeple && scratch.supply[me][Meeple] < g.supply[me][Meeple] {
				v += meepleHope(&types[g.current].segs[s], g.DrawPileSize())
			}
			if first || v > bestVal {
				best, bestVal, first = m, v, false
			}
		}
	}
	return best
}

// meepleHope values a meeple left standing on a feature: monasteries and cities pay best, a farmer only
// late in the game since it never comes back.
func meepleHope(s *segment, left int) int {
	switch s.kind {
	case Monastery:
		return 6
	case City:
		return 4
	case Road:
		return 2
	}
	if left < 15 {
		return 1
	}
	return -5
}

// RandomPlayer plays uniformly random legal moves; it is the policy of the benchmarks, the determinism
// tests and the fuzz test. Its buffer is reused, so a move costs no allocation.
type RandomPlayer struct {
	rng  *game.RNG
	segs []int
}

// NewRandomPlayer returns a random player drawing from its own seed.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{rng: game.NewRNG(seed, 7), segs: make([]int, 0, maxSeg)}
}

// Move picks a legal move: a random placement, then no meeple or a random legal meeple with equal chance.
// Once the game is over it returns the zero placement, which Play refuses.
func (r *RandomPlayer) Move(g *Game) Move {
	if g.over {
		return Move{Meeple: NoMeeple}
	}
	// The placement is the one Placements would list at the drawn index, so seeded games stay the same.
	n := g.board.countPlacements(g.current, g)
	if n == 0 {
		return Move{Meeple: NoMeeple}
	}
	p := g.board.nthPlacement(g.current, r.rng.IntN(n), g)
	r.segs = g.MeepleOptions(p, r.segs[:0])
	m := Move{Placement: p, Meeple: NoMeeple}
	if i := r.rng.IntN(len(r.segs) + 1); i < len(r.segs) {
		m.Meeple = r.segs[i]
	}
	return m
}
