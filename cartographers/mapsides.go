package cartographers

import (
	"fmt"
	"slices"
	"strings"
)

// mapSide is the printed content of one side of the map sheet, as (row, col) lists copied from
// cartographers-data.md §6 so that each list can be checked against the document line by line.
type mapSide struct {
	mountains, ruins, wastelands [][2]int
	// singleSource marks data that only one source gives (rulings 13): the client shows it as unconfirmed.
	singleSource bool
}

var mapSides = map[string]mapSide{
	// §6.1 base side A, wilderness.
	"A": {
		mountains: [][2]int{{1, 3}, {2, 8}, {5, 5}, {8, 2}, {9, 7}},
		ruins:     [][2]int{{1, 5}, {2, 1}, {2, 9}, {8, 1}, {8, 9}, {9, 5}},
	},
	// §6.2 base side B, wastelands: a plus-shaped rift in the centre.
	"B": {
		mountains:  [][2]int{{1, 8}, {2, 3}, {7, 5}, {8, 9}, {9, 2}},
		ruins:      [][2]int{{1, 6}, {2, 2}, {4, 6}, {6, 1}, {7, 8}, {9, 3}},
		wastelands: [][2]int{{3, 5}, {4, 4}, {4, 5}, {5, 4}, {5, 5}, {5, 6}, {6, 5}},
	},
	// §6.3 Heroes side C, wilderness: the mountains are confirmed, the ruins come from one source.
	"C": {
		mountains:    [][2]int{{1, 1}, {3, 8}, {5, 3}, {8, 9}, {9, 5}},
		ruins:        [][2]int{{1, 4}, {3, 7}, {6, 6}, {7, 2}, {9, 8}, {10, 0}},
		singleSource: true,
	},
	// §6.4 Heroes side D, wastelands: everything comes from one source.
	"D": {
		mountains:    [][2]int{{1, 9}, {3, 3}, {5, 6}, {8, 2}, {8, 9}},
		ruins:        [][2]int{{1, 3}, {1, 8}, {5, 1}, {6, 7}, {6, 10}, {9, 5}},
		wastelands:   [][2]int{{1, 1}, {2, 1}, {5, 9}, {5, 10}, {6, 9}, {9, 0}, {9, 1}},
		singleSource: true,
	},
}

// mapSideNames are the side names MapSide accepts, in order.
var mapSideNames = []string{"A", "B", "C", "D"}

// MapSides lists the side names MapSide accepts, in order (a new slice).
func MapSides() []string { return slices.Clone(mapSideNames) }

// MapSide returns the untouched sheet of a map side, "A" to "D" (lower case accepted).
func MapSide(side string) (Sheet, error) {
	d, ok := mapSides[strings.ToUpper(side)]
	if !ok {
		return Sheet{}, fmt.Errorf("unknown map side %q (want A, B, C or D)", side)
	}
	var s Sheet
	for _, p := range d.mountains {
		s.layer[Mountain] = s.layer[Mountain].With(CellAt(p[0], p[1]))
	}
	for _, p := range d.wastelands {
		s.layer[Wasteland] = s.layer[Wasteland].With(CellAt(p[0], p[1]))
	}
	for _, p := range d.ruins {
		s.ruins = s.ruins.With(CellAt(p[0], p[1]))
	}
	return s, nil
}

// SideIsSingleSource reports whether a side's printed content comes from a single source (side C's ruins
// and all of side D, rulings 13), so that the client can mark it as unconfirmed.
func SideIsSingleSource(side string) bool {
	return mapSides[strings.ToUpper(side)].singleSource
}
