package carcassonne

import "github.com/surveyor-game/surveyor/game"

// Expansions plug into the base game at named points of a turn, in the style of JCloisterZone's
// capabilities: an expansion is one file that defines an expansion value with the hooks it needs, one
// line in the expansions list below, and one field in expansionStates if it keeps a state. The base game
// calls the hooks of the expansions the options switch on; it knows no expansion by name. Every hook may
// be nil. The hooks, in the order a game meets them:
//
//   - on: whether the options play with the expansion.
//   - figures: the figures each seat gets besides its seven meeples (an abbot each...).
//   - deck, start: the tiles of the deck (counts by type, added or taken away: the Abbot's garden variants
//     replace base tiles) and another start tile (the River's spring). The land tiles are then shuffled
//     by the base game as always.
//   - setup: after the shuffle and before the first draw, with the expansion's own stream of the seed
//     (so that adding an expansion never changes the tiles): the River puts its own pile on top, the Land
//     Surveyors shuffle their piles.
//   - restricts, place: a placement rule beyond matching edges. restricts says whether it applies to a
//     tile type now (drawing a tile asks once); place then says why a rotation on a frontier cell is not
//     allowed (nil if it is). The legal placements, their count, the n-th of them and whether a tile fits
//     anywhere all go through it, so they always agree; place must not allocate (return sentinel errors):
//     explain may add words to its refusal of a move (where the river goes on).
//   - stands: for each of the expansion's figures, where it may stand on the tile just laid (figureRule: the kinds of
//     segment, and whether the feature must hold no figure or one of the seat's followers); the base
//     game's meeple rule is meepleRule.
//   - checkMove, playMove: the rest of a move (the Abbot's recall): checkMove refuses a move with a
//     reason and changes nothing; playMove acts after the figure stands and before the scorings. Both
//     read the move through a pointer (a move is some hundred bytes, and every move calls them) and
//     change nothing in it.
//     recalls marks an expansion whose move part takes a figure back, magic one that moves the neutral
//     figures (Move.Magic).
//   - scoring: changes a feature being scored (a field too: the pig), in any mode
//     (tally.mode: in play, at the end, on a recall; the Land Surveyors act in play only), and returns the
//     id of what changed it (the expansion's own index, -1 for nothing); the change is recorded as a
//     modifier of the scoring with the points it made. Hooks run in list order, the Land Surveyors
//     first, as the page's general order wants. The tally counts the feature's inns, cathedrals and goods
//     symbols and each seat's strength (figureStrength).
//   - modifier: the id and the words of a modifier, for the view and the narrative; eventView adds what
//     the expansion's older clients read to a scoring's public form.
//   - completed: a road or city the tile just laid completed, and the seat that laid it, before it is
//     scored (whether or not a figure stands in it: Traders & Builders' goods go to whoever completes).
//   - turnEnd: after a tile is laid and what it completed is scored; scored says whether anything was.
//     Each tile of a turn ends this way, the builder's second tile too (so the Land Surveyors' piles
//     turn after each part of a double turn that scored).
//   - playsAgain: after turnEnd, whether the seat that just laid a tile lays the next one too (the
//     builder's second tile) instead of the next seat; againWords tell it in the narrative.
//   - tellTurn: what the narrative tells of a turn besides its tile and scorings (goods taken).
//   - finalScoring: after the base game's final scoring.
//   - determinize: reshuffles what the expansion hides, in a look-ahead copy (lookahead.go).
//   - view: what the expansion shows every seat; tellSetup: what the narrative tells of its setup once
//     the game is over.
//
// An expansion's state lives in expansionStates, a plain value (arrays and numbers, no pointer, slice or
// map: TestExpansionStatesArePlainValues): copying a Game clones it, which is all LookAhead and Trial need.
type expansion struct {
	name    string
	index   int8 // in the expansions list
	on      func(Options) bool
	figures [numFigures]int

	deck  func(o Options, counts *[numTypes]int)
	start func(o Options) int
	setup func(g *Game, rng *game.RNG)

	restricts func(g *Game, typ int) bool
	place     func(g *Game, typ, cell, rot int) error
	explain   func(g *Game, err error) error

	stands    [numFigures]*figureRule
	checkMove func(g *Game, m *Move) error
	playMove  func(g *Game, m *Move, seat int)
	recalls   bool
	magic     bool // checkMove judges the move's Magic part (the Mage & Witch)

	scoring    func(g *Game, t *tally) int8
	modifier   func(id int8) (name, words string)
	eventView  func(g *Game, m modifier, e *event, se *ScoreEvent)
	completed  func(g *Game, root int, k Kind, seat int)
	turnEnd    func(g *Game, scored bool)
	playsAgain func(g *Game) bool
	againWords string
	notAgain   string
	tellTurn   func(g *Game, turn int, tell func(kind string, data any, text string))

	finalScoring func(g *Game)
	determinize  func(g *Game, rng *game.RNG)
	view         func(g *Game, v *View)
	tellSetup    func(g *Game) (data any, text string, ok bool)
}

// expansions are every expansion this engine knows, in the order their hooks run.
var expansions = []*expansion{
	&landSurveyors,
	&river,
	&abbot,
	&innsCathedrals,
	&traders,
	&mageWitch,
}

// expansionStates holds the state of each expansion that keeps one, one field each.
type expansionStates struct {
	surveyors surveyorsState
	river     riverState
	traders   tradersState
	mageWitch mageWitchState
}

// note is something an expansion tells of a turn besides its scorings (the mage moved), for the
// narrative: kind and the values a and b are the expansion's own. Like the scoring events, notes are
// recorded only by a game that is not a look-ahead copy, which shares them with its original.
type note struct {
	turn int16
	x    int8 // the expansion's index in the list
	seat int8 // the seat whose turn it is
	kind int8
	a, b int32
}

// tellNote records a note of expansion x (its index) for the turn being played by seat.
func (g *Game) tellNote(x int8, seat int, kind int8, a, b int32) {
	if !g.quiet {
		g.notes = append(g.notes, note{turn: int16(g.turn), x: x, seat: int8(seat), kind: kind, a: a, b: b})
	}
}

// deckOf adds every tile of a set to the game's tiles (an expansion's deck hook).
func deckOf(set int) func(Options, *[numTypes]int) {
	return func(_ Options, counts *[numTypes]int) {
		for t := range types {
			if types[t].set == set {
				counts[t] += types[t].count
			}
		}
	}
}

// indexOf is the index of an expansion in the list, for the hooks that record it (set at init: a hook
// reading its own expansion value would make an initialization cycle).
func indexOf(x *expansion) int8 {
	for i, e := range expansions {
		if e == x {
			return int8(i)
		}
	}
	panic("carcassonne: an expansion missing from the list")
}

// streamExpansion is the first of the seed's streams the expansions use, one each in list order.
const streamExpansion = streamSurveyor

// switchExpansions lists the expansions the options play with, and their hooks a move calls.
func (g *Game) switchExpansions() {
	g.exps = g.exps[:0]
	for _, x := range expansions {
		if x.on(g.opts) {
			g.exps = append(g.exps, x)
		}
	}
	g.hooks = &hookSets[hookSetOf(g.opts)]
}

// moveHooks are the hooks of one set of expansions that every move calls, those that are not nil, in
// list order. A move called them by walking every expansion of its game and skipping the nil ones, a
// tenth of a game's time with every expansion; the lists are made once for every set (hookSets).
type moveHooks struct {
	checkMove  []func(g *Game, m *Move) error
	playMove   []func(g *Game, m *Move, seat int)
	completed  []func(g *Game, root int, k Kind, seat int)
	turnEnd    []func(g *Game, scored bool)
	playsAgain []func(g *Game) bool
	restricts  []*expansion // with place too
	scoring    []*expansion
}

// hookSetOf is the index in hookSets of the options' expansions: their set, and a bit for the Land
// Surveyors above it.
func hookSetOf(o Options) int {
	i := int(o.Expansions)
	if o.Surveyors {
		i |= 1 << numExpansions
	}
	return i
}

// hookSets are the moveHooks of every set of expansions, by hookSetOf.
var hookSets = func() (h [2 << numExpansions]moveHooks) {
	for i := range h {
		o := Options{Expansions: Expansions(i & (1<<numExpansions - 1)), Surveyors: i>>numExpansions != 0}
		hs := &h[i]
		for _, x := range expansions {
			if !x.on(o) {
				continue
			}
			if x.checkMove != nil {
				hs.checkMove = append(hs.checkMove, x.checkMove)
			}
			if x.playMove != nil {
				hs.playMove = append(hs.playMove, x.playMove)
			}
			if x.completed != nil {
				hs.completed = append(hs.completed, x.completed)
			}
			if x.turnEnd != nil {
				hs.turnEnd = append(hs.turnEnd, x.turnEnd)
			}
			if x.playsAgain != nil {
				hs.playsAgain = append(hs.playsAgain, x.playsAgain)
			}
			if x.restricts != nil {
				hs.restricts = append(hs.restricts, x)
			}
			if x.scoring != nil {
				hs.scoring = append(hs.scoring, x)
			}
		}
	}
	return h
}()

// startExpansions runs the setups of the expansions switched on.
func (g *Game) startExpansions() {
	for i, x := range expansions {
		if x.setup == nil || !x.on(g.opts) {
			continue
		}
		// The generator lives in the game: through a function value a fresh one would escape to the
		// heap, and Reset must not allocate (bots and the simulator play millions of games).
		g.expRNG = *game.NewRNG(g.seed, uint64(streamExpansion+i))
		x.setup(g, &g.expRNG)
	}
}

func init() {
	// An expansion's index in the list, which a scoring's modifiers keep: set here, since the hooks of
	// an expansion reach the scoring, which reading the list from a hook would make a cycle.
	for i, x := range expansions {
		x.index = int8(i)
	}
}

// expansionScoring lets the expansions change a feature scored during the game, each change recorded
// as a modifier of the scoring with the points it made.
func (g *Game) expansionScoring(t *tally, mods *[maxMods]modifier) int {
	n := 0
	for _, x := range g.hooks.scoring {
		before := t.value()
		if id := x.scoring(g, t); id >= 0 && n < maxMods {
			mods[n] = modifier{x: x.index, id: id, delta: int16(t.value() - before)}
			n++
		}
	}
	return n
}

func (g *Game) expansionTurnEnd(scored bool) {
	for _, f := range g.hooks.turnEnd {
		f(g, scored)
	}
}

func (g *Game) expansionCompleted(root int, k Kind, seat int) {
	for _, f := range g.hooks.completed {
		f(g, root, k, seat)
	}
}

// playsAgain reports whether an expansion gives the seat that just laid a tile the next one too (each is
// asked: the hook keeps its state).
func (g *Game) playsAgain() bool {
	again := false
	for _, f := range g.hooks.playsAgain {
		if f(g) {
			again = true
		}
	}
	return again
}

// notAgain explains, to the seat that laid the last tile and would lay another, why it may not: the
// words of the expansion that gives second tiles ("" if none does, or for another seat).
func (g *Game) notAgain(seat int) string {
	if g.turn == 0 || seat != (g.toAct+g.players-1)%g.players {
		return ""
	}
	for _, x := range g.exps {
		if x.playsAgain != nil {
			return ": " + x.notAgain
		}
	}
	return ""
}

// secondTile reports whether turn (the number of tiles laid before it) was a second tile of one seat,
// and the words of the expansion that gave it.
func (g *Game) secondTile(turn int) (string, bool) {
	if g.again[turn/64]&(1<<(turn%64)) == 0 {
		return "", false
	}
	for _, x := range g.exps {
		if x.playsAgain != nil {
			return x.againWords, true
		}
	}
	return "", true
}

func (g *Game) expansionView(v *View) {
	for _, x := range g.exps {
		if x.view != nil {
			x.view(g, v)
		}
	}
}

// placeRuleFor is the expansion whose placement rule applies to a tile type now, or nil.
func (g *Game) placeRuleFor(typ int) *expansion {
	for _, x := range g.hooks.restricts {
		if x.restricts(g, typ) {
			return x
		}
	}
	return nil
}

// placeRule says why the drawn tile may not be laid on a cell where its edges fit (nil if it may).
func (g *Game) placeRule(typ, cell, rot int) error {
	if g.placeBy == nil {
		return nil
	}
	return g.placeBy.place(g, typ, cell, rot)
}

// placeRefusal is placeRule's refusal in the words of the expansion's explain, for a refused move.
func (g *Game) placeRefusal(typ, cell, rot int) error {
	err := g.placeRule(typ, cell, rot)
	if err != nil && g.placeBy.explain != nil {
		err = g.placeBy.explain(g, err)
	}
	return err
}
