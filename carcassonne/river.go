package carcassonne

import (
	"errors"
	"fmt"

	"github.com/surveyor-game/surveyor/game"
)

// The River (second edition): twelve river tiles (tiles_river.go) laid before the land tiles. The spring is
// the start tile, and the base game's start tile goes back to the box; the other river tiles are shuffled
// into a pile of their own, the lake at its bottom, drawn before the land tiles. A river tile must
// continue the river, and the river may not turn the same way twice in a row (a U-turn) nor, the
// publisher's answer adds, a third time the same way with straight tiles between. A river tile that
// cannot continue the river is set aside like any tile that fits nowhere. Figures may stand on a river
// tile's roads, cities, fields and monastery, never on the water, which is no feature and never scores.

var (
	errRiverContinue  = errors.New("a river tile must continue the river where it flows out")
	errRiverUTurn     = errors.New("the river may not turn the same way twice in a row (a U-turn)")
	errRiverThirdTurn = errors.New("the river may not turn the same way a third time")
)

// riverState is where the river flows out of its last tile and how it turned.
type riverState struct {
	mouth  int32 // the empty cell the river flows into, 0 once the lake is laid
	flow   int8  // the side of the last river tile the water leaves by
	last   int8  // how the last river tile turned: 0 straight (or the spring), 1 right, -1 left
	runDir int8  // the way the latest bends turned...
	run    int8  // ...and how many bends turned that way since the last bend the other way
}

var river = expansion{
	name:  "River",
	on:    func(o Options) bool { return o.Expansions.Has(RiverExp) },
	deck:  riverDeck,
	start: func(Options) int { return riverSpring },
	setup: (*Game).setupRiver,
	restricts: func(g *Game, typ int) bool {
		return types[typ].river != 0
	},
	place:       riverPlace,
	explain:     explainRiver,
	playMove:    func(g *Game, _ *Move, _ int) { g.followRiver() },
	determinize: determinizeRiver,
}

// The spring and the lake by type.
var (
	riverSpring = len(tileTable) + len(gardenTiles)
	riverLake   = riverSpring + len(riverTiles) - 1
)

// riverDeck adds the river tiles but the spring (the start tile) to the game's tiles.
func riverDeck(_ Options, counts *[numTypes]int) {
	for t := riverSpring + 1; t <= riverLake; t++ {
		counts[t] += types[t].count
	}
}

// setupRiver puts the river tiles on top of the land tiles, shuffled from the River's own stream with
// the lake last, and has the river flow south out of the spring at (0,0).
func (g *Game) setupRiver(rng *game.RNG) {
	g.riverFirst()
	n := 0
	for n < g.ndeck && types[g.deck[n]].set == riverSet {
		n++
	}
	pile := g.deck[:n-1] // the lake stays last
	game.ShuffleSlice(rng, pile)
	mouth, _ := cellOf(0, 1)
	g.xs.river = riverState{mouth: int32(mouth), flow: 2}
}

// riverFirst moves the face-down river tiles before the land tiles and the lake to the end of them,
// keeping the order of each.
func (g *Game) riverFirst() {
	var land [maxTiles]uint8
	nl, n := 0, g.drawPos
	lake := false
	for i := g.drawPos; i < g.ndeck; i++ {
		switch t := int(g.deck[i]); {
		case t == riverLake:
			lake = true
		case types[t].set == riverSet:
			g.deck[n] = uint8(t)
			n++
		default:
			land[nl] = uint8(t)
			nl++
		}
	}
	if lake {
		g.deck[n] = uint8(riverLake)
		n++
	}
	copy(g.deck[n:g.ndeck], land[:nl])
}

// determinizeRiver keeps a reshuffled pile's river tiles on top, the lake last of them.
func determinizeRiver(g *Game, _ *game.RNG) { g.riverFirst() }

// riverTurn is how the river turns in a tile it enters flowing out of side flow and leaves by side out:
// 0 straight, 1 right (clockwise), -1 left; out 0 means no way out (the lake), which turns nowhere.
func riverTurn(flow int8, out uint8) int8 {
	if out == 0 {
		return 0
	}
	for d := 0; d < 4; d++ {
		if out&(1<<d) != 0 {
			switch (d - int(flow)) & 3 {
			case 1:
				return 1
			case 3:
				return -1
			}
		}
	}
	return 0
}

// riverPlace is the River's placement rule for a river tile turned rot on a cell its edges fit: it must
// continue the river, without a U-turn nor a third bend the same way.
func riverPlace(g *Game, typ, cell, rot int) error {
	st := &g.xs.river
	in := (st.flow + 2) & 3
	sides := rotSides(types[typ].river, rot)
	if st.mouth == 0 || int(st.mouth) != cell || sides&(1<<in) == 0 {
		return errRiverContinue
	}
	turn := riverTurn(st.flow, sides&^(1<<in))
	switch {
	case turn != 0 && turn == st.last:
		return errRiverUTurn
	case turn != 0 && turn == st.runDir && st.run >= 2:
		return errRiverThirdTurn
	}
	return nil
}

// explainRiver adds where the river goes on to a refusal for a tile laid elsewhere.
func explainRiver(g *Game, err error) error {
	if errors.Is(err, errRiverContinue) && g.xs.river.mouth != 0 {
		p := posOf(int(g.xs.river.mouth))
		return fmt.Errorf("%w: it flows into (%d,%d)", err, p.X, p.Y)
	}
	return err
}

// followRiver moves the river's mouth past the tile just laid, if it is a river tile.
func (g *Game) followRiver() {
	p := &g.board.tiles[g.board.ntiles-1]
	tt := &types[p.typ]
	st := &g.xs.river
	if tt.river == 0 || st.mouth == 0 {
		return
	}
	in := (st.flow + 2) & 3
	out := rotSides(tt.river, int(p.rot)) &^ (1 << in)
	turn := riverTurn(st.flow, out)
	if out == 0 {
		st.mouth = 0
		return
	}
	for d := int8(0); d < 4; d++ {
		if out&(1<<d) != 0 {
			st.flow = d
		}
	}
	st.mouth = p.cell + int32(step[st.flow])
	st.last = turn
	if turn != 0 {
		if turn == st.runDir {
			st.run++
		} else {
			st.runDir, st.run = turn, 1
		}
	}
}
