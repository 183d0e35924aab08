package carcassonne

import (
	"errors"
	"fmt"
)

// The Abbot (in the second edition's base box): each player has an abbot besides their meeples. It stands
// only on a monastery or on a garden (tiles_gardens.go: eight base tiles and one river tile show one), and
// a plain meeple never stands on a garden. A garden scores as a monastery: when the eight tiles around
// it are laid, 9 points; at the end, a point for it and each tile around. Instead of standing a figure,
// a player may take their abbot back (the move's recall) and score its monastery or garden at once, as
// at the end of the game. With the Land Surveyors, the monastery pile's tiles apply to monasteries and
// not to gardens, and not to an abbot taken back, which is no scoring of a completed feature (so it does
// not turn the piles either); an abbot's completed monastery is a monastery scoring like any other.

// abbotRule: the abbot stands on a monastery or a garden whose feature holds no figure.
var abbotRule = figureRule{
	kinds:  1<<Monastery | 1<<Garden,
	refuse: [numSegKinds]error{Field: errAbbotThere, Road: errAbbotThere, City: errAbbotThere, River: errAbbotThere},
}

// recallWords begin the story of an abbot taken back and its scoring.
const recallWords = "Abbot taken back: "

var (
	errAbbotThere     = fmt.Errorf("%w: an abbot stands only on a monastery or a garden", errFigureThere)
	errRecallNoTile   = errors.New("there is no tile to take an abbot back from")
	errRecallNoAbbot  = errors.New("no abbot stands on that tile")
	errRecallNotYours = errors.New("the abbot on that tile is not yours")
)

var abbot = expansion{
	name:      "Abbot",
	on:        func(o Options) bool { return o.Expansions.Has(AbbotExp) },
	figures:   [numFigures]int{Abbot: 1},
	deck:      gardenDeck,
	stands:    [numFigures]*figureRule{Abbot: &abbotRule},
	checkMove: checkRecall,
	recalls:   true,
	playMove: func(g *Game, m *Move, seat int) {
		if m.Recall {
			g.recallAbbot(m.RecallAt, seat)
		}
	},
}

// gardenBase is, for each garden variant, the type of the base tile it replaces (its letter).
var gardenBase = func() (b [len(gardenTiles)]int) {
	for i := range gardenTiles {
		for j := range tileTable {
			if tileTable[j].Name == gardenTiles[i].Name[:1] {
				b[i] = j
			}
		}
	}
	return b
}()

// gardenDeck puts each garden variant in the deck in place of one copy of its base tile.
func gardenDeck(_ Options, counts *[numTypes]int) {
	for i, base := range gardenBase {
		counts[base] -= gardenTiles[i].Count
		counts[len(tileTable)+i] += gardenTiles[i].Count
	}
}

// abbotOn returns the segment of the tile at p on which seat's abbot stands, or why there is none.
func (g *Game) abbotOn(p Pos, seat int) (tile, seg int, err error) {
	cell, ok := cellOf(p.X, p.Y)
	v := uint8(0)
	if ok {
		v = g.board.tileAt(cell)
	}
	if v == 0 {
		return 0, 0, fmt.Errorf("%w at (%d,%d)", errRecallNoTile, p.X, p.Y)
	}
	tile = int(v - 1)
	tt := &types[g.board.tiles[tile].typ]
	for _, s := range [2]int8{tt.monastery, tt.garden} {
		n := node(tile, int(s))
		if s < 0 || g.feat.owner[n] == 0 || g.feat.fig[n] != Abbot {
			continue
		}
		if int(g.feat.owner[n]) != seat+1 {
			return 0, 0, fmt.Errorf("%w: it is seat %d's", errRecallNotYours, g.feat.owner[n]-1)
		}
		return tile, int(s), nil
	}
	return 0, 0, fmt.Errorf("%w at (%d,%d)", errRecallNoAbbot, p.X, p.Y)
}

// checkRecall refuses a recall of an abbot that is not the player's, or not on that tile.
func checkRecall(g *Game, m *Move) error {
	if !m.Recall {
		return nil
	}
	_, _, err := g.abbotOn(m.RecallAt, g.toAct)
	return err
}

// recallAbbot takes seat's abbot back from the tile at p and scores its monastery or garden as at the end
// of the game: a point for the tile and each tile around it laid so far, the Land Surveyors aside.
func (g *Game) recallAbbot(p Pos, seat int) {
	tile, seg, err := g.abbotOn(p, seat)
	if err != nil {
		// checkRecall refused the move before anything changed.
		panic(fmt.Sprintf("carcassonne: recall passed its check but fails: %v", err))
	}
	g.scoreCloister(tile, seg, onRecall)
}

// RecallOptions appends where the seat to act has an abbot it may take back this turn.
func (g *Game) RecallOptions(buf []Pos) []Pos {
	// A seat with its abbots in hand has none on the board to take back.
	if g.over || g.supply[g.toAct][Abbot] == abbot.figures[Abbot] {
		return buf
	}
	for i := 0; i < g.nmonks; i++ {
		t := int(g.monks[i])
		tt := &types[g.board.tiles[t].typ]
		for _, s := range [2]int8{tt.monastery, tt.garden} {
			if n := node(t, int(s)); s >= 0 && g.feat.fig[n] == Abbot && int(g.feat.owner[n]) == g.toAct+1 {
				buf = append(buf, posOf(int(g.board.tiles[t].cell)))
			}
		}
	}
	return buf
}
