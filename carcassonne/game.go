package carcassonne

import (
	"errors"
	"fmt"

	"github.com/surveyor-game/surveyor/game"
)

const (
	minPlayers     = 2
	maxPlayers     = 5
	meeplesEach    = 7
	streamTiles    = 1
	streamSurveyor = 2
)

// NoMeeple is Move.Meeple when the player keeps their meeples.
const NoMeeple = -1

// Move is one turn: lay the drawn tile, and optionally stand a meeple on one of its segments (an index into
// the tile type's segments, as listed in the tile table; NoMeeple for none).
type Move struct {
	Placement
	Meeple int
}

// Game is a game in progress.
type Game struct {
	opts    Options
	players int
	seed    uint64

	board board
	feat  features

	deck      [numTiles - 1]uint8
	drawPos   int
	current   int // type of the tile drawn for this turn, -1 once the game is over
	discarded [numTiles]uint8
	discPos   [numTiles]uint8 // where in the deck each set-aside tile was, for the narrative
	ndisc     int

	toAct  int
	turn   int // number of tiles placed since the start tile
	scores [maxPlayers]int
	supply [maxPlayers]int
	over   bool

	// exps are the expansions this game plays with (expansions.go); surveyorsState is the Land
	// Surveyors' own (surveyors.go).
	exps   []*expansion
	expRNG game.RNG // the setup's generator of the expansion being set up
	surveyorsState

	events  []event
	evTiles []int16
	stamp   [numNodes]uint32
	stampN  uint32
	tally   tally
	quiet   bool // skip recording events (the policy's look-ahead copies)
}

var (
	errOffBoard   = errors.New("position is off the board")
	errRotation   = errors.New("rotation must be 0 to 3 quarter turns")
	errNoSupply   = errors.New("no meeple left in supply")
	errOccupied   = errors.New("the feature already holds a meeple")
	errNoSegment  = errors.New("the tile has no such segment")
	errDoesNotFit = errors.New("the tile does not fit there")
)

// NewGame sets up a game: start tile in place, tiles shuffled, first tile drawn.
func NewGame(opts Options, players int, seed uint64) (*Game, error) {
	g := &Game{}
	if err := g.Reset(opts, players, seed); err != nil {
		return nil, err
	}
	return g, nil
}

// Reset starts a new game in g, reusing its memory, so that bots and benchmarks play game after game
// without allocating. On an error (bad options or player count) g is unchanged.
func (g *Game) Reset(opts Options, players int, seed uint64) error {
	if err := opts.validate(); err != nil {
		return err
	}
	if players < minPlayers || players > maxPlayers {
		return fmt.Errorf("carcassonne: %w: %d players, want %d to %d", game.ErrBadOptions, players, minPlayers, maxPlayers)
	}
	g.opts, g.players, g.seed, g.quiet = opts, players, seed, false
	g.board.clear()
	g.ndisc, g.turn, g.over, g.toAct = 0, 0, false, 0
	for i := range g.scores {
		g.scores[i] = 0
		g.supply[i] = 0
	}
	for i := 0; i < players; i++ {
		g.supply[i] = meeplesEach
	}
	g.events = g.events[:0]
	g.evTiles = g.evTiles[:0]

	n := 0
	startSkipped := false
	for t := range types {
		for c := 0; c < types[t].count; c++ {
			if t == startType && !startSkipped {
				startSkipped = true
				continue
			}
			g.deck[n] = uint8(t)
			n++
		}
	}
	rng := game.NewRNG(seed, streamTiles)
	rng.Shuffle(len(g.deck), func(i, j int) { g.deck[i], g.deck[j] = g.deck[j], g.deck[i] })
	g.drawPos = 0

	g.startExpansions()

	cell, _ := cellOf(0, 0)
	idx := g.board.put(startType, 0, cell)
	g.feat.addTile(idx, &types[startType])
	g.draw()
	return nil
}

// Options returns the game's options.
func (g *Game) Options() Options { return g.opts }

// Players is the number of seats.
func (g *Game) Players() int { return g.players }

// Current is the letter of the tile to lay, or 0 once the game is over.
func (g *Game) Current() byte {
	if g.over {
		return 0
	}
	return types[g.current].letter
}

// ToActSeat is the seat to play, or -1 once the game is over.
func (g *Game) ToActSeat() int {
	if g.over {
		return -1
	}
	return g.toAct
}

// Score is a seat's score so far (0 for a seat not in the game).
func (g *Game) Score(seat int) int {
	if seat < 0 || seat >= g.players {
		return 0
	}
	return g.scores[seat]
}

// Supply is the number of meeples a seat has in hand (0 for a seat not in the game).
func (g *Game) Supply(seat int) int {
	if seat < 0 || seat >= g.players {
		return 0
	}
	return g.supply[seat]
}

// TilesPlaced counts the tiles on the board, start tile included.
func (g *Game) TilesPlaced() int { return g.board.ntiles }

// DrawPileSize is the number of face-down tiles left.
func (g *Game) DrawPileSize() int { return len(g.deck) - g.drawPos }

// draw turns up the next tile that fits somewhere, setting aside the ones that fit nowhere; with none left
// the game ends and final scoring runs.
func (g *Game) draw() {
	for g.drawPos < len(g.deck) {
		t := int(g.deck[g.drawPos])
		g.drawPos++
		if g.board.canPlace(t) {
			g.current = t
			return
		}
		g.discarded[g.ndisc] = uint8(t)
		g.discPos[g.ndisc] = uint8(g.drawPos - 1)
		g.ndisc++
	}
	g.current = -1
	g.over = true
	g.finalScoring()
}

// Placements appends the legal placements of the drawn tile to buf.
func (g *Game) Placements(buf []Placement) []Placement {
	if g.over {
		return buf
	}
	return g.board.placements(g.current, buf)
}

// check validates a move for the seat to act without changing anything.
func (g *Game) check(m Move) (cell int, err error) {
	if g.over {
		return 0, game.ErrGameOver
	}
	if m.Rot < 0 || m.Rot > 3 {
		return 0, errRotation
	}
	cell, ok := cellOf(m.X, m.Y)
	if !ok {
		return 0, fmt.Errorf("%w: (%d,%d)", errOffBoard, m.X, m.Y)
	}
	oi := g.current*4 + m.Rot
	if !g.board.fits(cell, oi) {
		return 0, g.misfit(cell, m)
	}
	if m.Meeple != NoMeeple {
		if m.Meeple < 0 || m.Meeple >= len(types[g.current].segs) {
			return 0, errNoSegment
		}
		if g.supply[g.toAct] == 0 {
			return 0, errNoSupply
		}
		if !g.meepleFree(cell, oi, m.Meeple) {
			return 0, fmt.Errorf("%w: %s joins it", errOccupied, segName(g.current, m.Rot, m.Meeple))
		}
	}
	return cell, nil
}

// misfit explains why a tile does not fit on a cell.
func (g *Game) misfit(cell int, m Move) error {
	if g.board.tileAt(cell) != 0 {
		return fmt.Errorf("%w: (%d,%d) already holds a tile", errDoesNotFit, m.X, m.Y)
	}
	if !g.board.onFrontier(cell) {
		return fmt.Errorf("%w: (%d,%d) touches no tile", errDoesNotFit, m.X, m.Y)
	}
	f := g.board.opening(cell)
	edges, mask := f.need, f.mask
	mine := orients[g.current*4+m.Rot].edges
	for d := 0; d < 4; d++ {
		if mask&(3<<(2*d)) != 0 && (mine^edges)&(3<<(2*d)) != 0 {
			return fmt.Errorf("%w: tile %c turned %d° shows %s on side %s but its neighbour shows %s", errDoesNotFit,
				types[g.current].letter, 90*m.Rot, Kind((mine>>(2*d))&3), sideNames[d], Kind((edges>>(2*d))&3))
		}
	}
	return errDoesNotFit
}

// Play lays the drawn tile for the seat to act, scores what it completes, and draws the next tile. An illegal
// move returns an error and changes nothing.
func (g *Game) Play(m Move) error {
	cell, err := g.check(m)
	if err != nil {
		return err
	}
	g.lay(g.current, m.Rot, cell, m.Meeple, g.toAct)
	g.turn++
	g.toAct = (g.toAct + 1) % g.players
	g.draw()
	return nil
}

// lay puts a tile that fits, stands the meeple, and scores the roads, cities and monasteries it completes.
func (g *Game) lay(typ, rot, cell, meeple, seat int) {
	idx := g.board.put(typ, rot, cell)
	tt := &types[typ]
	g.feat.addTile(idx, tt)
	g.connect(idx)
	if meeple != NoMeeple {
		n := node(idx, meeple)
		g.feat.owner[n] = int8(seat + 1)
		g.feat.meeples[g.feat.find(n)]++
		g.supply[seat]--
	}
	scored := false
	var done [maxSeg]int16
	nd := 0
	for s := range tt.segs {
		k := tt.segs[s].kind
		if k != City && k != Road {
			continue
		}
		r := g.feat.find(node(idx, s))
		if g.feat.open[r] != 0 {
			continue
		}
		dup := false
		for i := 0; i < nd; i++ {
			dup = dup || int(done[i]) == r
		}
		if dup {
			continue
		}
		done[nd] = int16(r)
		nd++
		if g.scoreFeature(r, k, false) {
			scored = true
		}
	}
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			c := cell + dy*gridW + dx
			v := g.board.cell(c)
			if v == 0 {
				continue
			}
			ti := int(v - 1)
			mt := &types[g.board.tiles[ti].typ]
			if mt.monastery < 0 || g.neighbours(c) != 8 {
				continue
			}
			if g.scoreMonastery(ti, false) {
				scored = true
			}
		}
	}
	g.expansionTurnEnd(scored)
}

// neighbours counts the tiles around a cell.
func (g *Game) neighbours(cell int) int {
	n := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && g.board.cell(cell+dy*gridW+dx) != 0 {
				n++
			}
		}
	}
	return n
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }
