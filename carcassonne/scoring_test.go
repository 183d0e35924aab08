package carcassonne

import (
	"errors"
	"testing"
)

// Coordinates: x grows east, y grows south. Rotations are quarter turns clockwise from the table's
// canonical orientation (see tiles.go); each lay comment says which sides the turned tile shows.

func TestRoadCompletedBetweenTwoCrossroads(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('W', 0, 0, 0, "", 0)       // crossroads, dead end east
	b.lay('U', 1, 0, 0, "road:W", 0) // straight road W-E
	b.scores(0, 0)
	b.supply(6, 7)
	b.lay('W', 2, 0, 0, "", 1) // crossroads, dead end west: closes the road
	b.scores(3, 0)             // 3 tiles, 1 point each
	b.supply(7, 7)
	e := b.lastEvent()
	if e.Feature != "road" || len(e.Tiles) != 3 || e.Points != 3 || len(e.Receivers) != 1 || e.Receivers[0] != 0 {
		t.Errorf("event %+v", e)
	}
}

func TestMeepleOnTheCompletingTileScoresAtOnce(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('W', 0, 0, 0, "", 0)
	b.lay('U', 1, 0, 0, "", 0)
	b.lay('W', 2, 0, 0, "road:W", 1)
	b.scores(0, 3)
	b.supply(7, 7)
}

func TestRoadLoopClosesOnItself(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('V', 0, 0, 3, "road:E", 0) // curve E-S
	b.lay('V', 1, 0, 0, "", 1)       // curve S-W
	b.lay('V', 1, 1, 1, "", 1)       // curve W-N
	b.scores(0, 0)
	b.lay('V', 0, 1, 2, "", 1) // curve N-E closes the ring
	b.scores(4, 0)
	if e := b.lastEvent(); len(e.Tiles) != 4 {
		t.Errorf("loop event lists %d tiles, want 4", len(e.Tiles))
	}
}

func TestRoadUsingTwoSegmentsOfOneTileCountsItOnce(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('W', 0, 0, 0, "road:E", 0) // crossroads: dead ends east, south, west
	b.lay('V', 1, 0, 0, "", 0)       // S-W
	b.lay('V', 1, 1, 1, "", 0)       // W-N
	b.lay('V', 0, 1, 2, "", 0)       // N-E: back into the crossroads from the south
	b.scores(4, 0)                   // 4 tiles, the crossroads once
}

func TestCityRingJoinedFromTwoSides(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('N', 0, 0, 2, "city:E", 1) // corner city E-S
	b.lay('N', 1, 0, 3, "", 0)       // corner W-S
	b.lay('N', 0, 1, 1, "", 0)       // corner N-E
	b.scores(0, 0)
	b.lay('M', 1, 1, 0, "", 0) // corner N-W with a coat of arms meets the city on two sides
	b.scores(0, 10)            // 4 tiles ×2 + 1 coat of arms ×2
	b.supply(7, 7)
}

func TestTwoCitiesJoinedShareOnATie(t *testing.T) {
	b := newTable(t, 3, DefaultOptions())
	b.lay('E', 0, 0, 2, "city:S", 0) // cap facing south
	b.lay('E', 0, 2, 0, "city:N", 1) // cap facing north, a separate city for now
	b.lay('F', 0, 1, 1, "", 2)       // city N-S with a coat of arms joins and closes both
	b.scores(8, 8, 0)                // 3 tiles ×2 + 2; a 1-1 tie pays both
	b.supply(7, 7, 7)
}

func TestMajorityTakesAll(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	juryCity(b)
	b.scores(14, 0)
	b.supply(7, 7)
}

// juryCity builds the city of the Citizens' Jury example: seat 0 (Red) has two knights, seat 1 (Blue) one,
// and the city is worth 14: 5 tiles ×2 + 2 coats of arms ×2.
func juryCity(b *table) {
	b.t.Helper()
	b.lay('E', 0, 0, 2, "city:S", 0)
	b.lay('F', 0, 2, 1, "city:N", 1)
	b.lay('E', 0, 4, 0, "city:N", 0)
	b.lay('F', 0, 1, 1, "", 1)
	b.lay('G', 0, 3, 1, "", 1) // closes the city
}

func TestMonasteryCompletedByTheTileThatCompletesACity(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('B', 0, 0, 0, "monastery", 0)
	for _, p := range [][2]int{{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
		b.lay('B', p[0], p[1], 0, "", 1)
	}
	b.lay('E', 0, -2, 2, "city:S", 1)
	b.scores(0, 0)
	b.lay('E', 0, -1, 0, "", 0) // cap north: closes the city and fills the last neighbour
	b.scores(9, 4)
	b.supply(7, 7)
}

func TestMeepleRefusedOnOccupiedFeature(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('E', 0, 0, 2, "city:S", 0)
	for seat := 0; seat < 2; seat++ {
		if err := b.try('F', 0, 1, 1, "city:N", seat); !errors.Is(err, errOccupied) {
			t.Errorf("seat %d: knight in an occupied city: %v, want errOccupied", seat, err)
		}
	}
	// The same segment named by its other side is the same city.
	if err := b.try('F', 0, 1, 1, "city:S", 1); !errors.Is(err, errOccupied) {
		t.Errorf("knight named by the far side: %v, want errOccupied", err)
	}
	b.lay('F', 0, 1, 1, "field:En", 1) // the field beside it is free
	b.supply(6, 6)
}

// A farmer on the north-west field of a crossroads would join, through the north-east field, a field that
// already has a farmer: the monastery's field touches both north halves, the east field is Blue's.
func TestMeepleRuleFollowsTheNewTile(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('A', 0, -1, 0, "", 0)        // monastery, road south, one field all round
	b.lay('U', 1, 0, 0, "field:Nw", 1) // straight road W-E, Blue farmer north of it
	if err := b.try('X', 0, 0, 0, "field:Nw", 0); !errors.Is(err, errOccupied) {
		t.Errorf("farmer joining Blue's field through the tile: %v, want errOccupied", err)
	}
	b.lay('X', 0, 0, 0, "field:Sw", 0)
}

func TestSupplyRunsOut(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	for i := 0; i < meeplesEach; i++ {
		b.lay('B', 3*i, 0, 0, "monastery", 0)
	}
	if err := b.try('B', 30, 0, 0, "monastery", 0); !errors.Is(err, errNoSupply) {
		t.Errorf("eighth meeple: %v, want errNoSupply", err)
	}
}

func TestFarmsScoreCompletedCitiesOnce(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('E', 0, 0, 0, "field:En", 0)  // Red farmer south of city 1
	b.lay('E', 0, -1, 2, "field:Nw", 1) // Blue farmer north of city 1, which this closes
	b.lay('E', 1, 0, 1, "", 0)          // city 3 east, never closed, in Red's field
	b.lay('E', 0, 1, 2, "", 0)          // city 2 opens south of Red's field
	b.lay('E', 0, 2, 0, "", 0)          // and closes
	b.scores(0, 0)
	b.g.finalScoring()
	// Red's field borders cities 1 and 2 (complete) and 3 (not): 2 × 3. Blue's borders city 1: 3.
	b.scores(6, 3)
	fields := 0
	for _, e := range b.g.Events() {
		if e.Feature == "field" {
			fields++
			if !e.Final {
				t.Errorf("field scored during the game: %+v", e)
			}
		}
	}
	if fields != 2 {
		t.Errorf("%d field events, want 2", fields)
	}
}

func TestFarmTie(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('E', 0, 0, 0, "field:En", 0) // Red farmer south of city 1
	b.lay('E', 0, -1, 2, "", 1)        // closes city 1
	b.lay('B', 2, 0, 0, "field:Nw", 1) // Blue farmer in a field of its own
	if err := b.try('B', 1, 0, 0, "field:Nw", 1); !errors.Is(err, errOccupied) {
		t.Errorf("farmer into a field joining two farmed fields: %v, want errOccupied", err)
	}
	b.lay('B', 1, 0, 0, "", 1) // joins the two fields: one farmer each
	b.g.finalScoring()
	b.scores(3, 3)
}

func TestFinalScoringOfIncompleteFeatures(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('E', 0, 0, 0, "city:N", 0) // cap north
	b.lay('F', 0, -1, 1, "", 0)      // city N-S with a coat of arms, open north
	b.lay('U', 5, 5, 0, "road:W", 1) // road W-E
	b.lay('U', 6, 5, 0, "", 1)       // longer, still open
	b.lay('B', 10, 10, 0, "monastery", 0)
	b.lay('B', 11, 10, 0, "", 1)
	b.g.finalScoring()
	// City: 2 tiles + 1 coat of arms at 1 point each = 3; monastery: itself + 1 neighbour = 2; road: 2.
	b.scores(5, 2)
}
