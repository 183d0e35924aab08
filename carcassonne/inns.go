package carcassonne

// Inns & Cathedrals (second edition): eighteen tiles (tiles_inns.go), a large meeple for each player and
// a sixth player (Options.maxSeats). The large meeple stands wherever a meeple may and counts as two
// meeples in the majority of its feature (figureStrength). A completed road with an inn scores 2 points
// per tile instead of 1, a completed city with a cathedral 3 per tile and per coat of arms instead of 2;
// at the end of the game, such a road or city left unfinished scores nothing.
//
// With the Land Surveyors (the page's community rules for Ext. 1): the scoring tile acts first and the
// inn or cathedral on top of what it made (the hooks run in list order), so Highway and Bad
// Neighbourhood change the tile count the inn or cathedral pays for, Street Fair doubles the road's 1 per
// tile and the inn adds its 1 after, Siege's extra point per coat of arms comes on top of the cathedral's
// 3; Citizens' Jury lets everyone with a figure in the city score, large meeple or not (tally.receivers).

// The modifiers Inns & Cathedrals records on a scoring, by id.
const (
	modInn int8 = iota
	modCathedral
)

var innsCathedrals = expansion{
	name:    "Inns & Cathedrals",
	on:      func(o Options) bool { return o.Expansions.Has(InnsCathedralsExp) },
	figures: [numFigures]int{LargeMeeple: 1},
	deck:    deckOf(innsSet),
	// The large meeple stands wherever a meeple may: on a road, a city, a field or a monastery of the
	// tile just laid, whose feature holds no figure; never on a garden, which is the abbot's.
	stands:  [numFigures]*figureRule{LargeMeeple: &meepleRule},
	scoring: innsScoring,
	modifier: func(id int8) (string, string) {
		switch id {
		case modInn:
			return "inn", "inn on the road"
		case modCathedral:
			return "cathedral", "cathedral in the city"
		}
		return "", ""
	},
}

// innsScoring applies an inn to a road and a cathedral to a city being scored, after the Land Surveyors'
// tile: completed, each tile (and each coat of arms of the city) pays one point more; unfinished at the
// end of the game, the feature is worth nothing. Two inns on one road pay no more than one.
func innsScoring(_ *Game, t *tally) int8 {
	id := int8(-1)
	switch {
	case t.kind == Road && t.inns > 0:
		id = modInn
	case t.kind == City && t.cathedrals > 0:
		id = modCathedral
	default:
		return -1
	}
	if t.mode == atEnd {
		t.perTile, t.perArm, t.extra, t.bonus = 0, 0, 0, 0
		return id
	}
	t.perTile++
	if id == modCathedral {
		t.perArm++
	}
	return id
}

// sixthSeatNote adds to the refusal of a sixth player the expansion that brings the sixth seat.
func sixthSeatNote(o Options, players int) string {
	if players == maxPlayers && !o.Expansions.Has(InnsCathedralsExp) {
		return " (a sixth player needs Inns & Cathedrals: \"expansions\": [\"inns_cathedrals\"])"
	}
	return ""
}
