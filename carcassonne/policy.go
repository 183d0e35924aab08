package carcassonne

import (
	"math/bits"

	"github.com/surveyor-game/surveyor/game"
)

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
	var moves []Move
	var magic []Magic
	scratch := new(Game)
	best, bestVal := Move{Placement: ps[0], Meeple: NoMeeple}, 0
	first := true
	value := func(m Move) (int, bool) {
		*scratch = *g
		scratch.quiet = true
		if scratch.Play(m) != nil {
			return 0, false
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
		if m.Meeple != NoMeeple && scratch.supply[me][m.Figure] < g.supply[me][m.Figure] {
			v += meepleHope(&types[g.current].segs[m.Meeple], g.DrawPileSize())
		}
		return v, true
	}
	for _, p := range ps {
		// The meeple's options then none, as the base game always tried them; then the other figures and
		// the abbots the player may take back. A tile that moves the mage or the witch carries the first
		// of its magic parts here; the best of them is chosen below for the best move.
		moves = moves[:0]
		segs = append(g.MeepleOptions(p, segs[:0]), NoMeeple)
		for _, s := range segs {
			moves = append(moves, Move{Placement: p, Meeple: s})
		}
		moves = g.otherFigureMoves(p, moves)
		magic = g.MagicOptions(p, magic[:0])
		for _, m := range moves {
			if len(magic) > 0 {
				m.Magic = magic[0]
			}
			if v, ok := value(m); ok && (first || v > bestVal) {
				best, bestVal, first = m, v, false
			}
		}
	}
	// The magic part is independent of the rest of the move: tried on the best move alone, each valued by
	// its points now and what its figure promises (magicHope).
	if magic = g.MagicOptions(best.Placement, magic[:0]); len(magic) > 1 {
		bestVal = 0
		base := best
		for i, mg := range magic {
			m := base
			m.Magic = mg
			v, ok := value(m)
			if !ok {
				continue
			}
			v += scratch.magicHope(me)
			if i == 0 || v > bestVal {
				best, bestVal = m, v
			}
		}
	}
	return best
}

// otherFigureMoves appends the moves of the drawn tile laid as p with a figure other than a meeple, and
// those that take an abbot back instead.
func (g *Game) otherFigureMoves(p Placement, buf []Move) []Move {
	if len(g.exps) == 0 {
		return buf // the base game has meeples only
	}
	if !g.standFor(p) {
		return g.recallMoves(p, buf)
	}
	return g.otherFigureMovesHere(p, buf)
}

// otherFigureMovesHere is otherFigureMoves for the placement p that g.stand holds (standFor said it is
// legal).
func (g *Game) otherFigureMovesHere(p Placement, buf []Move) []Move {
	if len(g.exps) == 0 {
		return buf
	}
	var segs [maxSeg]int
	for f := Meeple + 1; f < numFigures; f++ {
		for _, s := range g.figureOptionsHere(f, segs[:0]) {
			buf = append(buf, Move{Placement: p, Meeple: s, Figure: f})
		}
	}
	return g.recallMoves(p, buf)
}

// recallMoves appends the moves laying the drawn tile as p that take an abbot back.
func (g *Game) recallMoves(p Placement, buf []Move) []Move {
	var at [maxMonks]Pos
	for _, r := range g.RecallOptions(at[:0]) {
		buf = append(buf, Move{Placement: p, Meeple: NoMeeple, Recall: true, RecallAt: r})
	}
	return buf
}

// meepleHope values a meeple left standing on a feature: monasteries and cities pay best, a farmer only
// late in the game since it never comes back.
func meepleHope(s *segment, left int) int {
	switch s.kind {
	case Monastery, Garden:
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
// tests and the fuzz test. Its buffers are reused, so a move costs no allocation.
type RandomPlayer struct {
	rng     *game.RNG
	recalls []Pos
}

// NewRandomPlayer returns a random player drawing from its own seed.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{rng: game.NewRNG(seed, 7), recalls: make([]Pos, 0, maxMonks)}
}

// Move picks a legal move: a random placement, then no figure or one of the placement's figure moves (a
// meeple on a segment, another figure, an abbot taken back) with equal chance, then, if the tile calls
// for one, one of its magic parts (the mage or the witch moved).
// Once the game is over it returns the zero placement, which Play refuses.
func (r *RandomPlayer) Move(g *Game) (m Move) {
	// m is written in place, field by field, never copied whole: a copy read back right after narrow
	// stores is one the processor stalls on.
	m.Meeple = NoMeeple
	if g.over {
		return m
	}
	// The placement is the one Placements would list at the drawn index, so seeded games stay the same.
	n := g.fits.n
	if n == 0 {
		return m
	}
	i := g.board.pickIndex(&g.fits, r.rng.IntN(n))
	m.Placement = g.board.placementAt(i)
	p := &m.Placement
	// The figures' rules and the magic part all ask what the tile would join: worked out once, and not
	// at all when the player has no figure left and the tile moves neither the mage nor the witch (late
	// in a game, often).
	// The arrays are read in place too: a range over one copies it first, in wide loads of what the
	// last move has just stored in narrow ones (the supply).
	supply := &g.supply[g.toAct]
	stands := g.magicMaybe(g.current)
	for f := range supply {
		stands = stands || supply[f] > 0
	}
	if stands {
		cell, _ := cellOf(p.X, p.Y)
		g.standHereFront(cell, g.current*4+p.Rot, i>>2)
	}
	// The figure moves are counted, a mask of segments for each kind of figure, and only the one drawn
	// is built: the meeple's segments, then the other figures' in figure order, then the abbots to take
	// back, as MeepleOptions, otherFigureMoves and RecallOptions list them.
	var masks [numFigures]segSet
	total := 0
	tt := &types[g.current]
	for f := range figureRules {
		if rule := figureRules[f]; supply[f] > 0 && rule != nil { // figureMaskHere, without a call for a figure not in hand
			masks[f] = g.ruleMask(rule, tt.figSegs[f])
			total += bits.OnesCount16(uint16(masks[f]))
		}
	}
	r.recalls = g.RecallOptions(r.recalls[:0])
	if i := r.rng.IntN(total + len(r.recalls) + 1); i < total {
		for f := Meeple; ; f++ {
			if c := bits.OnesCount16(uint16(masks[f])); i >= c {
				i -= c
				continue
			}
			m.Figure, m.Meeple = f, masks[f].nth(i)
			break
		}
	} else if i -= total; i < len(r.recalls) {
		m.Recall, m.RecallAt = true, r.recalls[i]
	}
	g.drawMagicHere(p, r.rng, &m.Magic)
	return m
}
