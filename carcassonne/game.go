package carcassonne

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/surveyor-game/surveyor/game"
)

const (
	minPlayers     = 2
	maxPlayers     = 6 // six with Inns & Cathedrals; Options.maxSeats says how many a game allows
	baseMaxPlayers = 5
	meeplesEach    = 7
	streamTiles    = 1
	streamSurveyor = 2
)

// NoMeeple is Move.Meeple when the player stands no figure.
const NoMeeple = -1

// Move is one turn: lay the drawn tile, and optionally stand a figure (Figure, a meeple unless said
// otherwise) on one of its segments (an index into the tile type's segments, as listed in the tile table;
// NoMeeple for none), or instead take an abbot back from the tile at RecallAt (Recall, the Abbot); and,
// when the tile calls for it, move the mage or the witch (Magic).
type Move struct {
	Placement
	Meeple   int
	Figure   Figure
	Recall   bool
	RecallAt Pos
	// Magic places, moves or removes the mage or the witch (the Mage & Witch); its zero value is none.
	Magic Magic
}

// Game is a game in progress. The fields holding pointers come first: copying a Game (a bot tries each
// candidate move on a copy) then has the garbage collector's write barrier look at those few words, not
// at the 30 KB of plain arrays after them.
type Game struct {
	opts Options
	// exps are the expansions this game plays with (expansions.go); placeBy is the one whose placement
	// rule applies to the tile drawn, if any.
	exps    []*expansion
	hooks   *moveHooks // the hooks of exps a move calls (switchExpansions)
	placeBy *expansion
	events  []event
	evTiles []int16
	notes   []note // what the expansions tell of the turns besides scorings (expansions.go)

	players int
	seed    uint64

	board board
	feat  features

	inPlay    [numTypes]int // the game's tiles by type, start tile included (tileSet)
	deck      [maxTiles]uint8
	ndeck     int // tiles in the deck (the start tile is not)
	drawPos   int
	current   int    // type of the tile drawn for this turn, -1 once the game is over
	fits      fitSet // its placements (draw fills it)
	discarded [maxTiles]uint8
	discPos   [maxTiles]uint8 // where in the deck each set-aside tile was, for the narrative
	ndisc     int

	toAct  int
	turn   int // number of tiles placed since the start tile
	scores [maxPlayers]int
	supply [maxPlayers][numFigures]int
	over   bool
	// monks are the tiles whose monastery or garden holds a figure, the only ones a tile may complete.
	monks  [maxMonks]int16
	nmonks int
	// monkNbrs is, for each entry of monks, a bit per cell of the 3×3 block around its tile that holds a
	// tile (bit 3×row+column, the tile's own in the middle): worked out when the figure stands and kept
	// as tiles are laid next to it, so that telling a monastery or garden complete needs no look at the
	// board (monkFull when complete).
	monkNbrs [maxMonks]uint16

	expRNG game.RNG        // the setup's generator of the expansion being set up
	xs     expansionStates // the expansions' states
	stand  standing        // where a figure's rule is asked about (figures.go)
	// move is the move being checked and played (Play), which the checks, the expansions' hooks and
	// the laying read through a pointer (a pointer to Play's parameter would move every move to the
	// heap); scratch, like stand.
	move Move
	// again marks the turns (bit per number of tiles laid before it) that were a second tile of the same
	// seat (an expansion's playsAgain: the builder), for the narrative.
	again [maxTiles/64 + 1]uint64

	stamp  [numNodes]uint16 // wraps every 65535 stamps (newStamp clears it): a few hundred games
	stampN uint16
	tally  tally
	quiet  bool // skip recording events (the policy's look-ahead copies)
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
	if hi := opts.maxSeats(); players < minPlayers || players > hi {
		return fmt.Errorf("carcassonne: %w: %d players, want %d to %d%s", game.ErrBadOptions, players, minPlayers, hi, sixthSeatNote(opts, players))
	}
	g.opts, g.players, g.seed, g.quiet = opts, players, seed, false
	g.board.clear()
	g.feat.owned = [len(g.feat.owned)]uint64{}
	g.stand = standing{cell: -1}
	g.ndisc, g.turn, g.over, g.toAct, g.nmonks = 0, 0, false, 0, 0
	g.scores = [maxPlayers]int{}
	g.supply = [maxPlayers][numFigures]int{}
	g.xs = expansionStates{}
	g.again = [maxTiles/64 + 1]uint64{}
	g.events = g.events[:0]
	g.evTiles = g.evTiles[:0]
	g.notes = g.notes[:0]
	g.switchExpansions()
	for i := 0; i < players; i++ {
		g.supply[i][Meeple] = meeplesEach
		for _, x := range g.exps {
			for f, n := range x.figures {
				g.supply[i][f] += n
			}
		}
	}
	start := g.buildDeck()
	g.startExpansions()

	cell, _ := cellOf(0, 0)
	idx := g.board.put(start, 0, cell)
	g.feat.addTile(idx, &types[start])
	g.draw()
	return nil
}

// buildDeck lays out the game's tiles but its start tile (tileSet: the base game's, with what the
// expansions add or take away) and shuffles them from the seed; the start tile is the base game's D
// unless an expansion names another (the River's spring: the D tile then goes back to the box). Returns
// the start tile's type. A base game's deck is built and shuffled as it always was, so that a seed deals
// the same game whatever expansions exist.
func (g *Game) buildDeck() int {
	// The counts live in the game: passed to the expansions' hooks, a local array would escape to the heap.
	g.tileSet(&g.inPlay)
	counts := g.inPlay
	start := startType
	for _, x := range g.exps {
		if x.start != nil {
			start = x.start(g.opts)
		}
	}
	counts[start]--
	n := 0
	for t := range types {
		for c := 0; c < counts[t]; c++ {
			g.deck[n] = uint8(t)
			n++
		}
	}
	g.ndeck = n
	rng := game.NewRNG(g.seed, streamTiles)
	game.ShuffleSlice(rng, g.deck[:n])
	g.drawPos = 0
	return start
}

// Options returns the game's options.
func (g *Game) Options() Options { return g.opts }

// Players is the number of seats.
func (g *Game) Players() int { return g.players }

// Current is the id of the tile to lay ("D", "RV3"...), or "" once the game is over.
func (g *Game) Current() string {
	if g.over {
		return ""
	}
	return types[g.current].name
}

// CurrentType is the type of the tile to lay (an index into RemainingTiles' counts), or -1 once the game
// is over.
func (g *Game) CurrentType() int {
	if g.over {
		return -1
	}
	return g.current
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
func (g *Game) Supply(seat int) int { return g.FigureSupply(seat, Meeple) }

// FigureSupply is the number of figures of a kind a seat has in hand (0 for a seat not in the game).
func (g *Game) FigureSupply(seat int, f Figure) int {
	if seat < 0 || seat >= g.players || f >= numFigures {
		return 0
	}
	return g.supply[seat][f]
}

// TilesPlaced counts the tiles on the board, start tile included.
func (g *Game) TilesPlaced() int { return g.board.ntiles }

// DrawPileSize is the number of face-down tiles left.
func (g *Game) DrawPileSize() int { return g.ndeck - g.drawPos }

// draw turns up the next tile that fits somewhere, setting aside the ones that fit nowhere; with none left
// the game ends and final scoring runs.
func (g *Game) draw() {
	for g.drawPos < g.ndeck {
		t := int(g.deck[g.drawPos])
		g.drawPos++
		g.placeBy = g.placeRuleFor(t)
		if g.board.fitAll(t, g, &g.fits) > 0 {
			g.current = t
			return
		}
		g.discarded[g.ndisc] = uint8(t)
		g.discPos[g.ndisc] = uint8(g.drawPos - 1)
		g.ndisc++
	}
	g.current = -1
	g.placeBy = nil
	g.over = true
	g.finalScoring()
}

// Placements appends the legal placements of the drawn tile to buf.
func (g *Game) Placements(buf []Placement) []Placement {
	if g.over {
		return buf
	}
	return g.board.listFits(&g.fits, buf)
}

// check validates a move for the seat to act without changing anything.
func (g *Game) check(m *Move) (cell int, err error) {
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
	// A placement the player worked out what it joins (g.stand: the random player's) is legal when the
	// drawn tile's fits hold it, edges and placement rule; any other is looked up, with the refusal's words.
	if st := &g.stand; st.cell != cell || st.oi != oi || st.tiles != g.board.ntiles || !st.linked ||
		!g.fits.holds(g) || !g.fits.has(st.l.front*4+m.Rot) {
		if !g.board.fits(cell, oi) {
			return 0, g.misfit(cell, *m)
		}
		if err := g.placeRefusal(g.current, cell, m.Rot); err != nil {
			return 0, fmt.Errorf("%w: tile %s turned %d° at (%d,%d): %w", errDoesNotFit, types[g.current].name, 90*m.Rot, m.X, m.Y, err)
		}
	}
	// What the tile would join is worked out at most once for the move, by the first check that asks
	// (standHere), unless g.stand holds it already.
	if m.Meeple != NoMeeple {
		if m.Recall {
			return 0, errRecallAndFigure
		}
		g.standHere(cell, oi)
		if err := g.checkFigure(m); err != nil {
			return 0, err
		}
	}
	for _, f := range g.hooks.checkMove {
		if err := f(g, m); err != nil {
			return 0, err
		}
	}
	if m.Recall && !g.knows(func(x *expansion) bool { return x.recalls }) {
		return 0, errNoRecall
	}
	if m.Magic != (Magic{}) && !g.knows(func(x *expansion) bool { return x.magic }) {
		return 0, errNoMagic
	}
	return cell, nil
}

var (
	errRecallAndFigure = errors.New("a turn either stands a figure or takes an abbot back, not both")
	errNoRecall        = errors.New("no figure of this game can be taken back")
	errNoMagic         = errors.New("no mage or witch in this game")
)

// knows reports whether an expansion of this game judges a part of the move (its checkMove), the one
// the flag says: the abbot's recall, the mage's or witch's move.
func (g *Game) knows(flag func(x *expansion) bool) bool {
	for _, x := range g.exps {
		if x.checkMove != nil && flag(x) {
			return true
		}
	}
	return false
}

// checkFigure validates the figure a move stands on the drawn tile laid as g.stand holds (check sets it).
func (g *Game) checkFigure(m *Move) error {
	if m.Meeple < 0 || m.Meeple >= len(types[g.current].segs) {
		return errNoSegment
	}
	if m.Figure >= numFigures {
		return fmt.Errorf("%w: %d", errNoFigure, m.Figure)
	}
	rule := g.standRule(m.Figure)
	if rule == nil {
		return fmt.Errorf("%w: %s", errNoFigure, m.Figure)
	}
	if g.supply[g.toAct][m.Figure] == 0 {
		if m.Figure == Meeple {
			return errNoSupply
		}
		return fmt.Errorf("%w: no %s left in supply", errNoSupply, figureWords[m.Figure])
	}
	err := g.figureRefusal(rule, m.Meeple)
	if errors.Is(err, errOccupied) {
		return fmt.Errorf("%w: %s joins it", errOccupied, segName(g.current, m.Rot, m.Meeple))
	}
	return err
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
			return fmt.Errorf("%w: tile %s turned %d° shows %s on side %s but its neighbour shows %s", errDoesNotFit,
				types[g.current].name, 90*m.Rot, Kind((mine>>(2*d))&3), sideNames[d], Kind((edges>>(2*d))&3))
		}
	}
	return errDoesNotFit
}

// Play lays the drawn tile for the seat to act, scores what it completes, and draws the next tile. An illegal
// move returns an error and changes nothing.
func (g *Game) Play(m Move) error {
	// The move is read in place (g.move) by the checks, the expansions' hooks and the laying: a move is
	// some hundred bytes, copied once.
	g.move = m
	cell, err := g.check(&g.move)
	if err != nil {
		return err
	}
	g.lay(g.current, cell, &g.move, g.toAct)
	g.turn++
	if g.playsAgain() {
		g.again[g.turn/64] |= 1 << (g.turn % 64)
	} else {
		g.toAct = (g.toAct + 1) % g.players
	}
	g.draw()
	return nil
}

// lay puts a tile that fits, stands the figure or runs the expansions' other actions of the move (an
// abbot taken back), and scores the roads, cities, monasteries and gardens it completes.
func (g *Game) lay(typ, cell int, m *Move, seat int) {
	// What the tile joins, worked out before it is laid: the move's listing or check did already, most
	// of the time.
	g.standHere(cell, typ*4+m.Rot)
	// A move's cell is on the frontier, at the index standAt found; a test's table may lay a tile anywhere.
	var idx int
	if g.stand.linked {
		idx = g.board.putAt(typ, m.Rot, cell, int(g.board.frontier[g.stand.l.front].slot))
	} else {
		idx = g.board.put(typ, m.Rot, cell)
	}
	tt := &types[typ]
	g.feat.addTile(idx, tt)
	g.connect(idx, &g.stand.l)
	// Only a segment that joined a neighbour's feature can have completed one: any other is a feature of
	// its own with open sides (every road and city segment has one).
	var joined segSet
	for i := 0; i < g.stand.l.n; i++ {
		joined |= g.stand.l.group[i]
	}
	if m.Meeple != NoMeeple {
		n := node(idx, m.Meeple)
		g.feat.setOwner(n, seat)
		g.feat.fig[n] = m.Figure
		g.feat.meeples[g.feat.find(n)]++
		g.supply[seat][m.Figure]--
		if tt.segs[m.Meeple].kind.cloister() {
			g.monks[g.nmonks] = int16(idx)
			g.monkNbrs[g.nmonks] = g.around(cell)
			g.nmonks++
		}
	}
	for _, f := range g.hooks.playMove {
		f(g, m, seat)
	}
	scored := false
	var done [maxSeg]int16
	nd := 0
	for ; joined != 0; joined &= joined - 1 {
		s := bits.TrailingZeros16(uint16(joined))
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
		g.expansionCompleted(r, k, seat)
		if g.scoreFeature(r, k, false) {
			scored = true
		}
	}
	if g.nmonks > 0 && g.scoreCloisters(cell) {
		scored = true
	}
	g.expansionTurnEnd(scored)
}

// scoreCloisters scores the monasteries and gardens completed by a tile laid on cell: those holding a
// figure (listed in monks) among the tile and its eight neighbours, in the order of their cells. It reports
// whether a monastery scored for someone (what turns the Land Surveyors' piles; a garden does not).
func (g *Game) scoreCloisters(cell int) bool {
	var near [9]int16
	var full [9]bool
	n := 0
	for i := 0; i < g.nmonks; i++ {
		t := g.monks[i]
		// Two cells are neighbours (or one) when their rows and columns differ by at most one: with the
		// grid's empty outer ring, when the difference of their numbers is d+gridW*e, d and e in -1..1.
		dc := int(g.board.tiles[t].cell) - cell + gridW + 1
		if dc < 0 || dc > 2*gridW+2 || dc%gridW > 2 {
			continue
		}
		// The tile laid is at row 2-dc/gridW, column 2-dc%gridW of the monk's block.
		g.monkNbrs[i] |= 1 << (8 - 3*(dc/gridW) - dc%gridW)
		j := n
		for ; j > 0 && g.board.tiles[near[j-1]].cell > g.board.tiles[t].cell; j-- {
			near[j], full[j] = near[j-1], full[j-1]
		}
		near[j], full[j] = t, g.monkNbrs[i] == monkFull
		n++
	}
	scored := false
	for k, ti := range near[:n] {
		if !full[k] {
			continue
		}
		p := &g.board.tiles[ti]
		tt := &types[p.typ]
		if tt.monastery >= 0 && g.scoreCloister(int(ti), int(tt.monastery), inPlay) {
			scored = true
		}
		// A garden scores, but it is none of the three kinds of zone the Land Surveyors' piles are for
		// (roads, cities, monasteries; the page excludes gardens from the monastic buildings): its
		// scoring alone does not turn them.
		if tt.garden >= 0 {
			g.scoreCloister(int(ti), int(tt.garden), inPlay)
		}
	}
	return scored
}

// dropMonk takes a tile off the monks list once no figure stands on its monastery or garden.
func (g *Game) dropMonk(tile int) {
	tt := &types[g.board.tiles[tile].typ]
	for _, s := range [2]int8{tt.monastery, tt.garden} {
		if s >= 0 && g.feat.owner[node(tile, int(s))] != 0 {
			return
		}
	}
	for i := 0; i < g.nmonks; i++ {
		if int(g.monks[i]) == tile {
			g.nmonks--
			g.monks[i], g.monkNbrs[i] = g.monks[g.nmonks], g.monkNbrs[g.nmonks]
			return
		}
	}
}

// monkFull is monkNbrs of a tile with all eight neighbours.
const monkFull = 1<<9 - 1

// around is monkNbrs for a cell: the cells of its 3×3 block that hold a tile.
func (g *Game) around(cell int) uint16 {
	var m uint16
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if g.board.cell(cell+dy*gridW+dx) != 0 {
				m |= 1 << (3*(dy+1) + dx + 1)
			}
		}
	}
	return m
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }
