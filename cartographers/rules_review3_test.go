package cartographers

import "testing"

// The Heroes rules: "If a hero space is destroyed, that hero's attack pattern remains active." Dobrik at
// (4,4) hits (3,4) (5,4) (4,3) (4,5); his space destroyed afterwards, a monster drawn on (3,4) is still
// destroyed as it is drawn.
func TestReview3DestroyedHeroKeepsItsAttack(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{Heroes: ptr(true)}, 1, emptyA, "Dobrik of Lorkheim", "Rift Lands")
	mustPlay(t, g, 0, Move{Type: DecideHero, Cells: setOf([2]int{4, 4})})
	g.destroy(0, setOf([2]int{4, 4}))
	s := &g.players[0].sheet
	if s.At(CellAt(4, 4)) != Destroyed {
		t.Fatalf("the hero space is %v, want destroyed", s.At(CellAt(4, 4)))
	}
	mustPlay(t, g, 0, drawMove(0, Monster, [2]int{3, 4}))
	if s.At(CellAt(3, 4)) != Destroyed {
		t.Fatalf("a monster drawn on a destroyed hero's hit is %v, want destroyed", s.At(CellAt(3, 4)))
	}
}

// A zombie spreading onto a hero's hit is a monster drawn there, destroyed as it is drawn (rulings 11 and
// 12). Dobrik at (1,1) hits (0,1) (1,0) (1,2) (2,1); the solo Zombie Plague goes on the top-left corner
// (0,0); its spread after the season reaches (0,1) and (1,0), both hit: both destroyed, and the zombie,
// now without an empty neighbour, costs no star.
func TestReview3ZombieSpreadingOntoAHitIsDestroyed(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{Heroes: ptr(true), Ambush: "heroes"}, 1, emptyA, "Dobrik of Lorkheim", "Zombie Plague", "Rift Lands")
	mustPlay(t, g, 0, Move{Type: DecideHero, Cells: setOf([2]int{1, 1})})
	s := &g.players[0].sheet
	if s.At(CellAt(0, 0)) != Monster {
		t.Fatalf("the zombie is not on (0,0):\n%s", s.MapText())
	}
	g.seasonEffect(zombieID)
	for _, rc := range [][2]int{{0, 1}, {1, 0}} {
		if k := s.At(CellAt(rc[0], rc[1])); k != Destroyed {
			t.Errorf("zombie spread on the hit %v is %v, want destroyed", rc, k)
		}
	}
	if n, _ := MonsterPenalty(s); n != 0 {
		t.Errorf("monster penalty %d, want 0", n)
	}
}

// A mountain's coin is earned whatever fills its last neighbour (rulings 15): a monster the neighbour
// draws in an ambush pays the coin to the sheet's owner. Sheet 0's mountain (5,5) has three filled
// neighbours; Goblin Attack (counterclockwise: with two players the other seat draws) drawn by seat 1 on
// (5,6) (6,7) (7,8) closes it: seat 0 has 1 coin, seat 1 none.
func TestReview3AmbushMonsterSurroundsAMountain(t *testing.T) {
	t.Parallel()
	sheet := mountainThreeNeighbours
	g := rig(t, Options{}, 2, sheet, "Goblin Attack", "Great River")
	goblin := setOf([2]int{5, 6}, [2]int{6, 7}, [2]int{7, 8})
	mustPlay(t, g, 1, Move{Type: DecideAmbush, Cells: goblin})
	mustPlay(t, g, 0, Move{Type: DecideAmbush, Cells: setOf([2]int{0, 0}, [2]int{1, 1}, [2]int{2, 2})})
	if c0, c1 := g.players[0].sheet.coins, g.players[1].sheet.coins; c0 != 1 || c1 != 0 {
		t.Fatalf("coins %d and %d, want 1 for sheet 0 (its mountain surrounded by the goblin) and 0", c0, c1)
	}
}

// A space destroyed by the Giant Troll or the Gorgon is filled (the Heroes text: "Destroyed spaces count
// as filled spaces"), so destroying a mountain's last empty neighbour pays its coin (rulings 15).
func TestReview3DestroyingTheLastNeighbourOfAMountainPaysItsCoin(t *testing.T) {
	t.Parallel()
	sheet := mountainThreeNeighbours
	g := rig(t, Options{Heroes: ptr(true)}, 1, sheet, "Great River")
	g.destroy(0, setOf([2]int{5, 6}))
	if c := g.players[0].sheet.coins; c != 1 {
		t.Fatalf("coins %d, want 1", c)
	}
}

// The spaces between the parts of a shape are not drawn and may be empty or already filled (the Heroes
// rules: "Shaded fields on the chosen shape may be empty or already filled"; Bugbear Assault "shows 2
// spaces between the monsters. Those can be empty or already filled"). Pasture's coin shape #.# drawn
// round the mountain (5,5) is legal and pays its coin.
func TestReview3GapOfAShapeMayBeFilled(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{Explore: "heroes"}, 1, emptyA, "Pasture", "Lagoon")
	mustPlay(t, g, 0, drawMove(0, Farm, [2]int{5, 4}, [2]int{5, 6}))
	s := &g.players[0].sheet
	if s.At(CellAt(5, 4)) != Farm || s.At(CellAt(5, 6)) != Farm || s.At(CellAt(5, 5)) != Mountain {
		t.Fatalf("after Pasture round the mountain:\n%s", s.MapText())
	}
	if s.coins != 1 {
		t.Fatalf("coins %d, want Pasture's coin", s.coins)
	}
}

// Wasteland is filled (the rules: "Mountain spaces and wasteland spaces are filled spaces"), so on side B
// the mountain (7,5), whose north neighbour (6,5) is wasteland, is surrounded once (7,4), (7,6) and (8,5)
// are filled: Farmland's coin domino on (8,5)-(9,5) pays its own coin and the mountain's.
func TestReview3WastelandCountsTowardsAMountainsCoin(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{Side: "B"}, 1, "", "Farmland", "Hamlet")
	s := &g.players[0].sheet
	if s.At(CellAt(6, 5)) != Wasteland || s.At(CellAt(7, 5)) != Mountain {
		t.Fatalf("side B is not as printed:\n%s", s.MapText())
	}
	s.Draw(setOf([2]int{7, 4}, [2]int{7, 6}), Forest)
	mustPlay(t, g, 0, drawMove(0, Farm, [2]int{8, 5}, [2]int{9, 5}))
	if s.coins != 2 {
		t.Fatalf("coins %d, want 2 (the shape's and the mountain's)", s.coins)
	}
}

// The solo walk of the two base ambushes the other tests leave out, on side A as printed (rulings 10,
// worked by hand). Kobold Onslaught, bottom-left and clockwise (up the left edge): at (10,0) only the
// shape's last cell (2,0) keeps it on the map: (8,0) (9,0) (9,1) (10,0), the ruins (8,1) beside it being
// no part of it. Gnoll Raid, top-left and counterclockwise (down the left edge): at (0,0) its first cell
// fits: (0,0) (0,1) (1,0) (2,0) (2,1), the last on the unfilled ruins (2,1).
func TestReview3SoloWalkOfKoboldAndGnoll(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		want Bits
	}{
		{"Kobold Onslaught", setOf([2]int{8, 0}, [2]int{9, 0}, [2]int{9, 1}, [2]int{10, 0})},
		{"Gnoll Raid", setOf([2]int{0, 0}, [2]int{0, 1}, [2]int{1, 0}, [2]int{2, 0}, [2]int{2, 1})},
	} {
		s := sheetOf(t, emptyA)
		got, ok := SoloAmbushPlacement(&s, mustCard(t, c.name))
		if !ok || got != c.want {
			t.Errorf("%s on side A at %v, want %v", c.name, CellList(got), CellList(c.want))
		}
	}
}

// A ruins card followed by Rift Lands: the 1x1 must cover an unfilled ruins space while one is left (the
// rules: "draw one of the available shapes, depicted on the next explore card that is revealed, so that it
// overlaps a ruins space"; R8 counts Rift Lands' 1x1 as its shape). Elsewhere it is refused; on the ruins
// space (2,1) it is drawn.
func TestReview3RiftLandsAfterRuinsCoversARuinsSpace(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{}, 1, emptyA, "Temple Ruins", "Rift Lands", "Great River")
	mustRefuse(t, g, 0, drawMove(0, Monster, [2]int{4, 4}), "ruins")
	mustPlay(t, g, 0, drawMove(0, Monster, [2]int{2, 1}))
	if k := g.players[0].sheet.At(CellAt(2, 1)); k != Monster {
		t.Fatalf("(2,1) is %v, want the monster drawn on the ruins space", k)
	}
}
