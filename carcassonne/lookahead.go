package carcassonne

import (
	"errors"
	"fmt"

	"github.com/surveyor-game/surveyor/game"
)

// Look-ahead for search bots. A bot that plays moves ahead must do so on a copy of the game, and must not
// let the copy's future betray the hidden order of the draw pile (or of the Land Surveyors piles): the copy
// is made with LookAhead, and Determinize replaces what is hidden by a sample drawn from what is public.
// Nothing here changes how the rules play out; a look-ahead copy only stops recording the narrative.

// NumTileTypes is the number of tile types, the length of RemainingTiles' counts.
const NumTileTypes = numTypes

// streamDeterminize separates Determinize's draws from the game's own streams of a seed.
const streamDeterminize = 0xde7e

var errNotLookAhead = errors.New("carcassonne: a game that is not a look-ahead copy (see LookAhead)")

// RemainingTiles counts, by tile type (index i is the type TileName(i); the base game's A to X come
// first), the tiles still face down in the draw pile. It is computed from public facts only (the game's
// tile set less the tiles on the board, the tiles set aside and the tile drawn), so that a bot may read it
// without reading the pile.
func (g *Game) RemainingTiles() [NumTileTypes]int {
	n := g.inPlay
	for i := 0; i < g.board.ntiles; i++ {
		n[g.board.tiles[i].typ]--
	}
	for i := 0; i < g.ndisc; i++ {
		n[g.discarded[i]]--
	}
	if !g.over {
		n[g.current]--
	}
	return n
}

// LookAhead copies g into dst (reusing dst's memory) as a look-ahead copy: it plays as g would, but records
// no scoring events, so that it never writes into the event slices it shares with g. The copy still holds
// g's hidden draw order until Determinize is called on it.
func (g *Game) LookAhead(dst *Game) {
	*dst = *g
	dst.quiet = true
}

// Determinize reshuffles what a look-ahead copy hides: the face-down draw pile, and the Land Surveyors tiles
// no one has seen yet. The new order depends only on the public facts and the seed (the hidden tiles are
// first put in a canonical order, then shuffled), so a bot that searches such copies cannot be swayed by
// the real order. It refuses a game that is not a look-ahead copy: reshuffling a real game would change
// its future.
func (g *Game) Determinize(seed uint64) error {
	if !g.quiet {
		return fmt.Errorf("determinize: %w", errNotLookAhead)
	}
	if g.over {
		return nil
	}
	rem := g.RemainingTiles()
	pos := g.drawPos
	for t, c := range rem {
		for ; c > 0; c-- {
			g.deck[pos] = uint8(t)
			pos++
		}
	}
	if pos != g.ndeck {
		// The counts come from the board, not the pile: a mismatch is a bookkeeping bug in the engine.
		panic(fmt.Sprintf("carcassonne: determinize: %d tiles counted as remaining, the pile holds %d", pos-g.drawPos, g.ndeck-g.drawPos))
	}
	rng := *game.NewRNG(seed, streamDeterminize)
	tail := g.deck[g.drawPos:g.ndeck]
	rng.Shuffle(len(tail), func(i, j int) { tail[i], tail[j] = tail[j], tail[i] })
	for _, x := range g.exps {
		if x.determinize != nil {
			x.determinize(g, &rng)
		}
	}
	return nil
}

// tileSet counts, by type, the tiles of this game: the deck, the start tile and what the expansions
// change, as buildDeck lays them out.
func (g *Game) tileSet(n *[NumTileTypes]int) {
	*n = [NumTileTypes]int{}
	for t := range types {
		if types[t].set == 0 {
			n[t] = types[t].count
		}
	}
	for _, x := range g.exps {
		if x.deck != nil {
			x.deck(g.opts, n)
		}
		if x.start != nil {
			// The base game's start tile goes back to the box; the expansion's start tile is in play.
			n[startType]--
			n[x.start(g.opts)]++
		}
	}
}

// EndNow ends a look-ahead copy as if the pile were empty: the final scoring runs on the board as it is, so
// that Score gives what each seat would have if the game ended now (a search bot's estimate at the end of
// a partial look-ahead). It refuses a game that is not a look-ahead copy.
func (g *Game) EndNow() error {
	if !g.quiet {
		return fmt.Errorf("end now: %w", errNotLookAhead)
	}
	if g.over {
		return nil
	}
	g.drawPos = g.ndeck
	g.current = -1
	g.placeBy = nil
	g.over = true
	g.finalScoring()
	return nil
}

// SegmentKind is the kind of a segment of the drawn tile (a Move's Meeple), or false if the tile has no
// such segment or the game is over.
func (g *Game) SegmentKind(seg int) (Kind, bool) {
	if g.over || seg < 0 || seg >= len(types[g.current].segs) {
		return 0, false
	}
	return types[g.current].segs[seg].kind, true
}

// Occupied reports whether a tile lies at a board position.
func (g *Game) Occupied(x, y int) bool {
	cell, ok := cellOf(x, y)
	return ok && g.board.tileAt(cell) != 0
}

// SegmentSides is the set of sides (bit d for side d, clockwise from north: N=1, E=2, S=4, W=8) that a
// city or road segment of the drawn tile touches once laid with rot quarter turns; 0 for any other
// segment, a bad rotation or a game that is over.
func (g *Game) SegmentSides(seg, rot int) uint8 {
	if g.over || seg < 0 || seg >= len(types[g.current].segs) || rot < 0 || rot > 3 {
		return 0
	}
	return rotSides(types[g.current].segs[seg].sides, rot)
}

// Trial plays moves from one position on a scratch copy and puts the copy back before the next, the way a
// search tries every candidate of a position. A fresh copy of the game for every candidate moved about 26 KB
// and was two thirds of a search bot's time; putting the copy back moves only what moves can change: the
// union-find entries of the tiles on the board, the frontier, the grid cells of the tiles laid since and
// the counters. The position must not change while the trial is used; the copy is a look-ahead copy
// (LookAhead), with the same hidden order as the position.
type Trial struct {
	base  *Game
	g     Game
	ready bool
}

// Reset starts trials from a position.
func (t *Trial) Reset(base *Game) {
	base.LookAhead(&t.g)
	t.base, t.ready = base, true
}

// Game puts the scratch copy back to the position and returns it, to be played on (as many moves as
// wished) and read until the next call.
func (t *Trial) Game() *Game {
	if !t.ready {
		panic("carcassonne: Trial.Game before Reset")
	}
	t.restore()
	return &t.g
}

// restore makes the scratch copy play and read as the position does. What it leaves different is never
// read: union-find entries of tiles not on the board (addTile sets them when a tile is laid), and the
// stamps, whose counter only grows, so that an old stamp never matches a new one.
func (t *Trial) restore() {
	b, s := t.base, &t.g
	// The tiles laid since are beyond b's count, and the board's tiles before it never change.
	sb, bb := &s.board, &b.board
	// One array a statement: a multiple assignment of arrays copies them through temporaries.
	sb.keys = bb.keys
	sb.tile = bb.tile
	sb.fslot = bb.fslot
	copy(sb.frontier[:bb.nfront], bb.frontier[:bb.nfront])
	copy(sb.fnbr[:bb.nfront], bb.fnbr[:bb.nfront])
	copy(sb.demand[:bb.nfront], bb.demand[:bb.nfront])
	sb.nfront, sb.ntiles = bb.nfront, bb.ntiles

	n := b.board.ntiles * maxSeg
	copy(s.feat.parent[:n], b.feat.parent[:n])
	copy(s.feat.size[:n], b.feat.size[:n])
	copy(s.feat.next[:n], b.feat.next[:n])
	copy(s.feat.open[:n], b.feat.open[:n])
	copy(s.feat.meeples[:n], b.feat.meeples[:n])
	copy(s.feat.owner[:n], b.feat.owner[:n])
	copy(s.feat.fig[:n], b.feat.fig[:n])
	s.feat.openRC = b.feat.openRC
	s.feat.owned = b.feat.owned

	s.opts, s.players, s.seed = b.opts, b.players, b.seed
	s.inPlay = b.inPlay
	s.deck = b.deck
	s.discarded = b.discarded
	s.discPos = b.discPos
	s.ndeck, s.drawPos, s.current, s.placeBy, s.ndisc = b.ndeck, b.drawPos, b.current, b.placeBy, b.ndisc
	s.fits = b.fits
	s.scores = b.scores
	s.supply = b.supply
	s.monks, s.monkNbrs = b.monks, b.monkNbrs
	s.toAct, s.turn, s.over, s.nmonks = b.toAct, b.turn, b.over, b.nmonks
	s.exps, s.hooks, s.expRNG = b.exps, b.hooks, b.expRNG
	s.xs = b.xs
	s.stand, s.again = b.stand, b.again
	s.events, s.evTiles, s.notes = b.events, b.evTiles, b.notes
	s.stampN = max(s.stampN, b.stampN)
	s.quiet = true
}

// MaxSegments bounds the segments of a tile (a Move's Meeple is below it).
const MaxSegments = maxSeg
