package carcassonne

import "github.com/surveyor-game/surveyor/game"

// Expansions plug into the base game at named points of a turn, in the style of JCloisterZone's
// capabilities: an expansion is one file that defines an expansion value with the hooks it needs, and
// one line in the expansions list below. The base game calls the hooks of the expansions the options
// switch on; it knows no expansion by name. (Expansions that add tiles, figures or meeple kinds will add
// hooks of their own here: tile set, legal placement, legal meeple placement, end-of-game scoring.)
type expansion struct {
	name string
	// on reports whether the options play with the expansion.
	on func(Options) bool
	// setup runs at the start, after the tiles are shuffled and before the first draw; rng is the
	// expansion's own stream of the game's seed, so that adding an expansion never changes the tiles.
	setup func(g *Game, rng *game.RNG)
	// scoring may change a feature being scored during the game (not the final scoring, not fields), and
	// returns what changed it for the scoring's event (an index of the expansion's own, -1 for nothing).
	scoring func(g *Game, t *tally) int8
	// turnEnd runs after a tile is laid and what it completed is scored; scored says whether anything was.
	turnEnd func(g *Game, scored bool)
	// view adds what the expansion shows every seat.
	view func(g *Game, v *View)
	// tellSetup is what the narrative tells of the expansion's setup once the game is over (the data and
	// the text of one event; ok false for nothing).
	tellSetup func(g *Game) (data any, text string, ok bool)
}

// expansions are every expansion this engine knows, in the order their hooks run.
var expansions = []*expansion{
	&landSurveyors,
}

// streamExpansion is the first of the seed's streams the expansions use, one each in list order.
const streamExpansion = streamSurveyor

// startExpansions switches on the expansions the options play with and runs their setups.
func (g *Game) startExpansions() {
	g.exps = g.exps[:0]
	for i, x := range expansions {
		if !x.on(g.opts) {
			continue
		}
		g.exps = append(g.exps, x)
		if x.setup != nil {
			// The generator lives in the game: through a function value a fresh one would escape to the
			// heap, and Reset must not allocate (bots and the simulator play millions of games).
			g.expRNG = *game.NewRNG(g.seed, uint64(streamExpansion+i))
			x.setup(g, &g.expRNG)
		}
	}
}

// expansionScoring lets the expansions change a feature scored during the game.
func (g *Game) expansionScoring(t *tally) int8 {
	changed := int8(-1)
	for _, x := range g.exps {
		if x.scoring != nil {
			if c := x.scoring(g, t); c >= 0 {
				changed = c
			}
		}
	}
	return changed
}

func (g *Game) expansionTurnEnd(scored bool) {
	for _, x := range g.exps {
		if x.turnEnd != nil {
			x.turnEnd(g, scored)
		}
	}
}

func (g *Game) expansionView(v *View) {
	for _, x := range g.exps {
		if x.view != nil {
			x.view(g, v)
		}
	}
}
