package carcassonne

import (
	"errors"
	"fmt"
)

// Figure is a kind of figure a player stands on a segment. Each seat has a supply of each kind its game's
// expansions bring (the base game: seven meeples); the neutral figures (the mage, the witch) belong to no
// seat.
type Figure uint8

const (
	Meeple      Figure = iota
	LargeMeeple        // Inns & Cathedrals: one each, counts as two meeples in a majority
	Abbot              // the Abbot: one each, on a monastery or a garden only
	Builder            // Traders & Builders
	Pig                // Traders & Builders
	Mage               // Mage & Witch, neutral
	Witch              // Mage & Witch, neutral
	numFigures
)

// figureStrength is what a figure counts for in the majority of its feature: the large meeple two, the
// builder, the pig and the neutral figures nothing (they are no followers).
var figureStrength = [numFigures]uint8{Meeple: 1, LargeMeeple: 2, Abbot: 1}

// figureNames are the figures' ids in the move form and the view.
var figureNames = [numFigures]string{"meeple", "large", "abbot", "builder", "pig", "mage", "witch"}

// figureWords name the figures for people, in refusals.
var figureWords = [numFigures]string{"meeple", "large meeple", "abbot", "builder", "pig", "mage", "witch"}

func (f Figure) String() string {
	if f < numFigures {
		return figureNames[f]
	}
	return fmt.Sprintf("figure(%d)", f)
}

// figureByName returns the figure with that id.
func figureByName(name string) (Figure, bool) {
	for i, n := range figureNames {
		if n == name {
			return Figure(i), true
		}
	}
	return 0, false
}

var (
	errNoFigure    = errors.New("no such figure in this game")
	errFigureThere = errors.New("that figure may not stand there")
	// The refusals a rule returns are made once: rules run while legal moves are listed, which must not
	// allocate.
	errOnWater  = fmt.Errorf("%w: no figure stands on the river", errFigureThere)
	errOnGarden = fmt.Errorf("%w: only an abbot stands in a garden", errFigureThere)
)

// meepleStands is the base game's rule for a meeple: on a road, a city, a field or a monastery of the
// tile just laid, whose feature holds no figure yet. Not on the River's water, and not on an Abbot's
// garden, which only the abbot may take.
func meepleStands(g *Game, _ Figure, seg *segment, free bool) error {
	switch seg.kind {
	case River:
		return errOnWater
	case Garden:
		return errOnGarden
	}
	if !free {
		return errOccupied
	}
	return nil
}

// standing is where the tile a figure would stand on is being laid: the cell and the orientation (an
// index into orients), the features of the board its segments would join (l; linked false if the cell is
// no place for a tile) and the segments that would join a feature without followers (free). standAt sets
// it before a figure's rule is asked, for the rules that look past the segment at the feature it would
// join (the builder and the pig join a follower). It holds for the board of tiles laid when it was set
// (tiles: the features and the figures on them change only when a tile is laid, Reset clears it), so
// that the check of a move reuses what listing the move worked out.
type standing struct {
	cell, oi int
	tiles    int
	l        links
	linked   bool
	free     segSet
	// magic caches the mage's and witch's part for this placement (magicUnknown until asked).
	magic uint8
}

// The values of standing.magic.
const (
	magicUnknown uint8 = iota
	magicNone          // the placement moves neither the mage nor the witch
	magicFree          // it moves one, and some road or city is free for it
	magicStuck         // it moves one, and none is free
)

// standRule is the rule that says where a figure may stand: the base game's for a meeple, otherwise
// the rule of the expansion that brings the figure into the game (nil if none does).
func (g *Game) standRule(f Figure) func(g *Game, f Figure, seg *segment, free bool) error {
	if f == Meeple {
		return meepleStands
	}
	for _, x := range g.exps {
		if x.stands != nil && x.figures[f] > 0 {
			return x.stands
		}
	}
	return nil
}
