package cartographers

import "testing"

func TestHeroAttackTransforms(t *testing.T) {
	t.Parallel()
	freyla, wren := mustCard(t, "Freyla the True"), mustCard(t, "Wren the Lioness")
	// Freyla hits the three spaces to her right; a quarter turn clockwise points them down.
	if got, want := HeroHits(freyla, CellAt(2, 2), 0, false), setOf([2]int{2, 3}, [2]int{2, 4}, [2]int{2, 5}); got != want {
		t.Errorf("Freyla unturned hits %v, want %v", CellList(got), CellList(want))
	}
	if got, want := HeroHits(freyla, CellAt(2, 2), 1, false), setOf([2]int{3, 2}, [2]int{4, 2}, [2]int{5, 2}); got != want {
		t.Errorf("Freyla turned once hits %v, want %v", CellList(got), CellList(want))
	}
	// Wren flipped hits the column two to her left; hits off the map are dropped.
	if got, want := HeroHits(wren, CellAt(0, 5), 0, true), setOf([2]int{0, 3}, [2]int{1, 3}); got != want {
		t.Errorf("Wren flipped at the top edge hits %v, want %v", CellList(got), CellList(want))
	}
	// Turned twice, Freyla at (4,1) hits (4,0) only: the rest is off the map.
	if got, want := HeroHits(freyla, CellAt(4, 1), 2, false), setOf([2]int{4, 0}); got != want {
		t.Errorf("Freyla turned twice hits %v, want %v", CellList(got), CellList(want))
	}
}

func TestHeroDestroysMonsters(t *testing.T) {
	t.Parallel()
	sheet := `
...........
...M.r.....
.r......Mr.
...........
....X......
...XFX.....
...........
...........
.rM......r.
.....r.M...
...........`
	g := rig(t, Options{Heroes: ptr(true)}, 1, sheet, "Dobrik of Lorkheim", "Rift Lands")
	mustRefuse(t, g, 0, Move{Type: DecideHero, Cells: setOf([2]int{5, 4})}, "already filled")
	mustRefuse(t, g, 0, Move{Type: DecideHero, Cells: setOf([2]int{6, 4}), Rotation: 4}, "rotation")
	// Dobrik at (6,4) hits (5,4) forest, (7,4), (6,3), (6,5): no monster there.
	// Dobrik at (4,3): hits (3,3), (5,3) monster, (4,2), (4,4) monster.
	mustPlay(t, g, 0, Move{Type: DecideHero, Cells: setOf([2]int{4, 3})})
	s := &g.players[0].sheet
	if s.At(CellAt(4, 3)) != Hero {
		t.Fatal("hero space not drawn")
	}
	if s.At(CellAt(5, 3)) != Destroyed || s.At(CellAt(4, 4)) != Destroyed || s.At(CellAt(5, 5)) != Monster {
		t.Fatalf("after the hero:\n%s\nwant (5,3) and (4,4) destroyed, (5,5) still a monster", s.MapText())
	}
	// Hit markings do not fill: (3,3) and (4,2) stay empty. A monster drawn later on a hit is destroyed.
	if s.At(CellAt(3, 3)) != Empty || s.At(CellAt(4, 2)) != Empty {
		t.Fatal("a hit marking filled a space")
	}
	mustPlay(t, g, 0, drawMove(0, Monster, [2]int{3, 3}))
	if s.At(CellAt(3, 3)) != Destroyed {
		t.Fatalf("monster drawn on a hit space is %v, want destroyed", s.At(CellAt(3, 3)))
	}
}

func TestHeroFixedPatternOption(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{Heroes: ptr(true), FixedHeroPattern: true}, 1, "", "Wren the Lioness")
	mustRefuse(t, g, 0, Move{Type: DecideHero, Cells: setOf([2]int{5, 6}), Flip: true}, "may not be rotated")
	mustPlay(t, g, 0, Move{Type: DecideHero, Cells: setOf([2]int{5, 6})})
}
