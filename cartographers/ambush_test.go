package cartographers

import (
	"reflect"
	"testing"
)

func TestNeighbours(t *testing.T) {
	t.Parallel()
	// Clockwise passes the sheet to the next seat: that seat draws on it.
	for _, c := range []struct {
		v, seats int
		dir      Direction
		want     int
	}{
		{0, 3, Clockwise, 1}, {2, 3, Clockwise, 0}, {0, 3, CounterClockwise, 2}, {1, 3, CounterClockwise, 0},
		{0, 2, Clockwise, 1}, {0, 2, CounterClockwise, 1}, {1, 2, Clockwise, 0}, {1, 2, CounterClockwise, 0},
	} {
		if got := Neighbour(c.v, c.seats, c.dir); got != c.want {
			t.Errorf("Neighbour(%d, %d, %v) = %d, want %d", c.v, c.seats, c.dir, got, c.want)
		}
	}
}

func TestMultiplayerAmbush(t *testing.T) {
	t.Parallel()
	// Bugbear Assault is clockwise: seat 1 draws on sheet 0, seat 2 on sheet 1, seat 0 on sheet 2.
	g := rig(t, Options{}, 3, "", "Bugbear Assault", "Great River")
	for seat, sheet := range []int{2, 0, 1} {
		d, i := g.DecisionOf(seat)
		if d.kind != DecideAmbush || i != sheet {
			t.Fatalf("seat %d decides %v on sheet %d, want ambush on sheet %d", seat, d.kind, i, sheet)
		}
	}
	if got := g.ToActSeats(); !reflect.DeepEqual(got, []int{0, 1, 2}) {
		t.Fatalf("to act %v, want all three", got)
	}
	// Rotated a quarter turn: ##/../## is the Bugbear turned.
	rot := setOf([2]int{4, 4}, [2]int{4, 5}, [2]int{6, 4}, [2]int{6, 5})
	mustRefuse(t, g, 1, Move{Type: DecideAmbush, Cells: setOf([2]int{4, 4}, [2]int{4, 5}, [2]int{5, 4}, [2]int{5, 5})}, "not the shape")
	mustRefuse(t, g, 1, Move{Type: DecideAmbush, Cells: setOf([2]int{0, 3}, [2]int{1, 3}, [2]int{0, 5}, [2]int{1, 5})}, "overlaps")
	mustPlay(t, g, 1, Move{Type: DecideAmbush, Cells: rot})
	if got := g.players[0].sheet.layer[Monster]; got != rot {
		t.Fatalf("sheet 0 monsters %v, want the rotated bugbear", CellList(got))
	}
	if g.players[1].sheet.layer[Monster].Any() {
		t.Fatal("seat 1's own sheet got the monster")
	}
	if !g.Undoable(1) || g.Undoable(0) {
		t.Fatal("seat 1 may take its monster back until the turn closes; seat 0 has not moved")
	}
	mustRefuse(t, g, 1, Move{Type: DecideAmbush, Cells: rot}, "no decision pending")
	mustPlay(t, g, 2, Move{Type: DecideAmbush, Cells: rot})
	mustPlay(t, g, 0, Move{Type: DecideAmbush, Cells: rot})
	if g.Undoable(1) {
		t.Fatal("undo allowed after the turn closed")
	}
	if g.current != mustCard(t, "Great River") {
		t.Fatalf("current %v, want the next card", g.current)
	}

	// Goblin Attack is counterclockwise: seat 2 draws on sheet 0. With two players the other one draws.
	g = rig(t, Options{}, 3, "", "Goblin Attack")
	if _, i := g.DecisionOf(2); i != 0 {
		t.Fatalf("goblin: seat 2 acts on sheet %d, want 0", i)
	}
	// The other reading of the arrow (rulings 9 as an option): clockwise to the previous seat.
	g = rig(t, Options{ClockwiseToPrevious: true}, 3, "", "Bugbear Assault")
	if _, i := g.DecisionOf(2); i != 0 {
		t.Fatalf("clockwise_to_previous: seat 2 acts on sheet %d, want 0", i)
	}
	for _, name := range []string{"Goblin Attack", "Bugbear Assault"} {
		g = rig(t, Options{}, 2, "", name)
		if _, i := g.DecisionOf(0); i != 1 {
			t.Fatalf("%s with 2 players: seat 0 acts on sheet %d, want 1", name, i)
		}
		if _, i := g.DecisionOf(1); i != 0 {
			t.Fatalf("%s with 2 players: seat 1 acts on sheet %d, want 0", name, i)
		}
	}
}

func TestMultiplayerAmbushFallback(t *testing.T) {
	t.Parallel()
	// Gnoll Raid (5 cells, 2x3 box) fits nowhere on a checkerboard: a 1x1 monster anywhere.
	g := rig(t, Options{}, 2, checker, "Gnoll Raid")
	d, _ := g.DecisionOf(0)
	if d.mode != DrawFallback {
		t.Fatalf("mode %v, want fallback", d.mode)
	}
	mustRefuse(t, g, 0, Move{Type: DecideAmbush, Cells: setOf([2]int{0, 0}, [2]int{2, 0})}, "draw a 1x1 monster")
	mustPlay(t, g, 0, Move{Type: DecideAmbush, Cells: setOf([2]int{0, 0})})
	if g.players[1].sheet.At(CellAt(0, 0)) != Monster {
		t.Fatal("1x1 monster not drawn on sheet 1")
	}
}

func TestRingWalkOrder(t *testing.T) {
	t.Parallel()
	first := func(k int, c Corner, d Direction) [2][2]int {
		w := ringWalk(k, c, d)
		return [2][2]int{{w[0].Row(), w[0].Col()}, {w[1].Row(), w[1].Col()}}
	}
	for _, c := range []struct {
		corner Corner
		dir    Direction
		want   [2][2]int
	}{
		{TopLeft, Clockwise, [2][2]int{{0, 0}, {0, 1}}},               // right along the top
		{TopLeft, CounterClockwise, [2][2]int{{0, 0}, {1, 0}}},        // down the left edge
		{TopRight, Clockwise, [2][2]int{{0, 10}, {1, 10}}},            // down the right edge
		{TopRight, CounterClockwise, [2][2]int{{0, 10}, {0, 9}}},      // left along the top
		{BottomRight, Clockwise, [2][2]int{{10, 10}, {10, 9}}},        // left along the bottom
		{BottomRight, CounterClockwise, [2][2]int{{10, 10}, {9, 10}}}, // up the right edge
		{BottomLeft, Clockwise, [2][2]int{{10, 0}, {9, 0}}},           // up the left edge
		{BottomLeft, CounterClockwise, [2][2]int{{10, 0}, {10, 1}}},   // right along the bottom
	} {
		if got := first(0, c.corner, c.dir); got != c.want {
			t.Errorf("%v %v starts %v, want %v", c.corner, c.dir, got, c.want)
		}
	}
	if n := len(ringWalk(0, TopLeft, Clockwise)); n != 40 {
		t.Errorf("ring 0 has %d cells, want 40", n)
	}
	if w := ringWalk(5, BottomLeft, Clockwise); len(w) != 1 || w[0] != CellAt(5, 5) {
		t.Errorf("ring 5 is %v, want the centre", w)
	}
	if got := first(2, BottomRight, Clockwise); got != [2][2]int{{8, 8}, {8, 7}} {
		t.Errorf("ring 2 from bottom-right clockwise starts %v", got)
	}
}

func TestSoloAmbushWalk(t *testing.T) {
	t.Parallel()
	goblin := mustCard(t, "Goblin Attack")
	// Bottom-right corner, counterclockwise. At (10,10) only the shape's last cell can cover the corner
	// inside the map: the goblin goes on (8,8) (9,9) (10,10).
	s := sheetOf(t, emptyA)
	got, ok := SoloAmbushPlacement(&s, goblin)
	if want := setOf([2]int{8, 8}, [2]int{9, 9}, [2]int{10, 10}); !ok || got != want {
		t.Fatalf("goblin on side A at %v, want %v", CellList(got), CellList(want))
	}
	// With the corner filled, the walk goes up the right edge: (9,10) covered by the last cell.
	s.Draw(setOf([2]int{10, 10}), Forest)
	got, _ = SoloAmbushPlacement(&s, goblin)
	if want := setOf([2]int{7, 8}, [2]int{8, 9}, [2]int{9, 10}); got != want {
		t.Fatalf("goblin next at %v, want %v", CellList(got), CellList(want))
	}
	// Bugbear: top-right, clockwise. At (0,10) the shape's top-right cell covers the corner.
	s = sheetOf(t, emptyA)
	got, _ = SoloAmbushPlacement(&s, mustCard(t, "Bugbear Assault"))
	if want := setOf([2]int{0, 8}, [2]int{0, 10}, [2]int{1, 8}, [2]int{1, 10}); got != want {
		t.Fatalf("bugbear at %v, want %v", CellList(got), CellList(want))
	}
	// Outer ring filled: ring 1 from (9,9), the goblin must stay inside rows and columns 1..9.
	ring := ""
	for r := range Size {
		for c := range Size {
			if r == 0 || c == 0 || r == 10 || c == 10 {
				ring += "F"
			} else {
				ring += "."
			}
		}
		ring += "\n"
	}
	s = sheetOf(t, ring)
	got, _ = SoloAmbushPlacement(&s, goblin)
	if want := setOf([2]int{7, 7}, [2]int{8, 8}, [2]int{9, 9}); got != want {
		t.Fatalf("goblin on ring 1 at %v, want %v", CellList(got), CellList(want))
	}
	// Nowhere to go: the ambush is ignored, nothing drawn, no fallback.
	g := rig(t, Options{}, 1, checker, "Gnoll Raid", "Great River")
	if g.players[0].sheet.layer[Monster].Any() {
		t.Fatal("solo ambush drew a monster though the shape fits nowhere")
	}
	if g.current != mustCard(t, "Great River") {
		t.Fatalf("current %v: the ignored ambush should pass to the next card", g.current)
	}
}

func TestSoloAmbushNeverRotates(t *testing.T) {
	t.Parallel()
	// Every placement in a walk is the printed shape translated.
	for id := firstBaseAmbush; id < firstHero; id++ {
		sh := cardTable[id].Options[0].Shape
		for _, p := range cardTable[id].soloWalk {
			if !matchesShape(p, []Shape{sh}) {
				t.Fatalf("%s: walk placement %v is not the printed shape", cardTable[id].Name, CellList(p))
			}
		}
	}
}
