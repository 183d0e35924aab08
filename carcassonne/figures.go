package carcassonne

import (
	"errors"
	"fmt"
	"math/bits"
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

// figureRule says where a figure may stand on the tile just laid: on a segment of one of some kinds (a
// refusal for each other kind), whose feature holds no figure yet, or, for a figure that joins a
// follower (the builder, the pig), whose feature holds a follower of its seat. A rule is data, not a
// function asked segment by segment, so that a placement's options for a figure are a few masks of the
// tile's segments (figureOptionsHere: asking a function per figure and segment was a tenth of a game's
// time with every expansion), and a move's refusal reads the same data (figureRefusal).
type figureRule struct {
	kinds   uint8 // a bit per Kind
	refuse  [numSegKinds]error
	joinOwn bool
}

// meepleRule is the base game's rule for a meeple: on a road, a city, a field or a monastery of the tile
// just laid, whose feature holds no figure yet. Not on the River's water, and not on an Abbot's garden,
// which only the abbot may take. (Inns & Cathedrals' large meeple follows it too.)
var meepleRule = figureRule{
	kinds:  1<<Road | 1<<City | 1<<Field | 1<<Monastery,
	refuse: [numSegKinds]error{River: errOnWater, Garden: errOnGarden},
}

// segsOf are the segments of a tile type whose kind the rule allows.
func (r *figureRule) segsOf(tt *tileType) segSet {
	var m segSet
	for k := r.kinds; k != 0; k &= k - 1 {
		m |= tt.kindSegs[bits.TrailingZeros8(k)]
	}
	return m
}

// figureRules are the rules of the figures by kind: the meeple's, and those of the figures an expansion
// brings (expansion.stands); nil for the neutral figures, which stand by magic. Which of them a game
// plays is its expansions' say (standRule); a seat's supply holds only those.
var figureRules = func() (r [numFigures]*figureRule) {
	r[Meeple] = &meepleRule
	for _, x := range expansions {
		for f, n := range x.figures {
			if n > 0 && x.stands[f] != nil {
				r[f] = x.stands[f]
			}
		}
	}
	return r
}()

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
	// own are the segments that would join a feature holding a follower of the seat to act, worked out
	// when a rule first asks (ownKnown).
	own      segSet
	ownKnown bool
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

// standRule is the rule that says where a figure may stand in this game: the base game's for a meeple,
// otherwise the rule of the expansion that brings the figure into the game (nil if none does).
func (g *Game) standRule(f Figure) *figureRule {
	if f == Meeple {
		return &meepleRule
	}
	for _, x := range g.exps {
		if x.stands[f] != nil && x.figures[f] > 0 {
			return x.stands[f]
		}
	}
	return nil
}

// figureRefusal says why rule does not let a figure stand on segment s of the drawn tile laid as g.stand
// holds, nil if it does.
func (g *Game) figureRefusal(rule *figureRule, s int) error {
	k := types[g.current].segs[s].kind
	switch {
	case rule.kinds&(1<<k) == 0:
		return rule.refuse[k]
	case rule.joinOwn && g.ownHere(1<<s) == 0:
		return errNoFollower
	case !rule.joinOwn && g.stand.free&(1<<s) == 0:
		return errOccupied
	}
	return nil
}

// ownHere is, of the segments in m, those that would join a feature holding a follower of the seat to act
// (g.stand.own, worked out on the first call for the placement).
func (g *Game) ownHere(m segSet) segSet {
	st := &g.stand
	if m&^st.free == 0 {
		return 0 // a free segment joins no follower: no need to look
	}
	if !st.ownKnown {
		st.own, st.ownKnown = 0, true
		if st.linked {
			for i := 0; i < st.l.n; i++ {
				// A feature without figures holds no follower: free segments need no walk.
				if st.own&st.l.group[i] == 0 && st.free&st.l.group[i] == 0 && g.holds(int(st.l.root[i]), g.toAct, false, -1) {
					st.own |= st.l.group[i]
				}
			}
		}
	}
	return st.own & m
}
