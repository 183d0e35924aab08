package cartographers

import "testing"

func TestDragonPaysOnceWhenSurrounded(t *testing.T) {
	t.Parallel()
	// Solo Dragon Inferno: bottom-left corner, counterclockwise (right along the bottom). Its cells in
	// reading order are (0,2) (1,0) (1,1) (1,2) (2,0). At (10,0) only (2,0) keeps it on the map, which
	// puts a cell on the mountain (8,2); at (10,1) it fits: (8,3) (9,1) (9,2) (9,3) (10,1).
	g := rig(t, Options{Ambush: "heroes"}, 1, emptyA, "Dragon Inferno", "Rift Lands")
	p := &g.players[0]
	want := setOf([2]int{8, 3}, [2]int{9, 1}, [2]int{9, 2}, [2]int{9, 3}, [2]int{10, 1})
	if got := p.monsters[ambushIndex(dragonID)]; got != want || p.sheet.layer[Monster] != want {
		t.Fatalf("dragon at %v, want %v", CellList(got), CellList(want))
	}
	// Its empty neighbours, by hand: (7,3) (8,4) (8,1) (9,0) (10,2) (10,3) (9,4) (10,0). Fill all but
	// (10,0), then draw Rift Lands there: 3 coins, once. The mountain (8,2) keeps (7,2) empty: no coin.
	p.sheet.Draw(setOf([2]int{7, 3}, [2]int{8, 4}, [2]int{8, 1}, [2]int{9, 0}, [2]int{10, 2}, [2]int{10, 3}, [2]int{9, 4}), Forest)
	g.checkDragon(0)
	if p.dragonPaid || p.sheet.coins != 0 {
		t.Fatal("dragon paid with (10,0) still empty")
	}
	mustPlay(t, g, 0, drawMove(0, Farm, [2]int{10, 0}))
	if p.sheet.coins != DragonReward || !p.dragonPaid {
		t.Fatalf("coins %d after surrounding the dragon, want %d", p.sheet.coins, DragonReward)
	}
	p.sheet.Draw(setOf([2]int{0, 0}), Forest)
	g.checkDragon(0)
	if p.sheet.coins != DragonReward {
		t.Fatalf("dragon paid twice: %d coins", p.sheet.coins)
	}
}

func TestDragonWhollyDestroyedPays(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{}, 1, emptyA, "Great River")
	p := &g.players[0]
	dragon := setOf([2]int{4, 4}, [2]int{4, 5})
	p.monsters[ambushIndex(dragonID)] = dragon
	p.sheet.Draw(dragon, Destroyed)
	g.checkDragon(0)
	if p.sheet.coins != DragonReward {
		t.Fatalf("coins %d for a wholly destroyed dragon, want %d", p.sheet.coins, DragonReward)
	}
}

func TestZombieSpreadsAfterScoring(t *testing.T) {
	t.Parallel()
	// Solo Zombie Plague: top-left corner, so on (0,0). Spring ends after 8 time; the penalty counts
	// its two empty neighbours, then it spreads to them.
	g := rig(t, Options{Ambush: "heroes"}, 1, emptyA, "Zombie Plague", "Hinterland Stream", "Homestead", "Orchard", "Treetop Village")
	for range 4 {
		ms := g.LegalMoves(0)
		mustPlay(t, g, 0, ms[len(ms)-1]) // the last placement lies at the bottom right, far from the zombie
	}
	p := &g.players[0]
	if g.season != 1 || p.seasons[0].Monsters != 2 {
		t.Fatalf("season %d, spring penalty %d; want summer and 2", g.season, p.seasons[0].Monsters)
	}
	if want := setOf([2]int{0, 0}, [2]int{0, 1}, [2]int{1, 0}); p.sheet.layer[Monster].And(want) != want {
		t.Fatalf("zombies %v, want the spread to (0,1) and (1,0)", CellList(p.sheet.layer[Monster]))
	}
	// A second step from the three zombies, all at once: (0,2) (1,1) (2,0).
	g.seasonEffect(zombieID)
	if want := setOf([2]int{0, 0}, [2]int{0, 1}, [2]int{1, 0}, [2]int{0, 2}, [2]int{1, 1}, [2]int{2, 0}); p.monsters[ambushIndex(zombieID)] != want {
		t.Fatalf("zombies %v after two steps, want %v", CellList(p.monsters[ambushIndex(zombieID)]), CellList(want))
	}
	// Destroyed zombies spread no more.
	p.sheet.Draw(p.sheet.layer[Monster], Destroyed)
	before := p.sheet
	g.seasonEffect(zombieID)
	if p.sheet != before {
		t.Fatal("a destroyed zombie spread")
	}
}

func TestTrollDestroysAnAdjacentEmptySpace(t *testing.T) {
	t.Parallel()
	// Solo Giant Troll: top-right corner, clockwise. ###/.#. fits first with its top-right cell on
	// (0,10): (0,8) (0,9) (0,10) (1,9). Its empty neighbours: (0,7) (1,8) (1,10) (2,9 ruins).
	g := rig(t, Options{Ambush: "heroes"}, 1, emptyA, "Giant Troll Ravage", "Great River")
	g.clearPending(0) // set the Great River aside: the troll acts after a season's scoring
	g.seasonEffect(trollID)
	d, _ := g.DecisionOf(0)
	want := setOf([2]int{0, 7}, [2]int{1, 8}, [2]int{1, 10}, [2]int{2, 9})
	if d.kind != DecideTroll || d.targets != want {
		t.Fatalf("troll decision %+v, want targets %v", d, CellList(want))
	}
	g.phase = phaseEffects
	g.effectStep = len(g.effects)
	g.season = 3 // the game ends once the choice is made, keeping the test to the troll
	mustRefuse(t, g, 0, Move{Type: DecideTroll, Cells: setOf([2]int{5, 5})}, "empty space adjacent")
	mustPlay(t, g, 0, Move{Type: DecideTroll, Cells: setOf([2]int{2, 9})})
	if g.players[0].sheet.At(CellAt(2, 9)) != Destroyed {
		t.Fatal("troll target not destroyed")
	}
	// One candidate only: destroyed at once, no question.
	g2 := rig(t, Options{}, 1, emptyA, "Great River")
	g2.clearPending(0)
	p := &g2.players[0]
	p.monsters[ambushIndex(trollID)] = setOf([2]int{0, 0})
	p.sheet.Draw(setOf([2]int{0, 0}), Monster)
	p.sheet.Draw(setOf([2]int{0, 1}), Forest)
	g2.seasonEffect(trollID)
	if p.pending.kind != NoDecision || p.sheet.At(CellAt(1, 0)) != Destroyed {
		t.Fatalf("single troll target: pending %v, (1,0) %v; want destroyed at once", p.pending.kind, p.sheet.At(CellAt(1, 0)))
	}
}

func TestGorgonGaze(t *testing.T) {
	t.Parallel()
	// Solo Gorgon: bottom-right corner, clockwise (left along the bottom). #.#/.#. cannot cover
	// (10,10) inside the map; at (10,9) its bottom cell does: (9,8) (9,10) (10,9). Targets: the
	// neighbours but the mountain (9,7): (8,8) (8,10) (9,9) (10,8) (10,10).
	g := rig(t, Options{Ambush: "heroes"}, 1, emptyA, "Gorgon Gaze", "Great River")
	d, _ := g.DecisionOf(0)
	want := setOf([2]int{8, 8}, [2]int{8, 10}, [2]int{9, 9}, [2]int{10, 8}, [2]int{10, 10})
	if d.kind != DecideGorgon || d.targets != want {
		t.Fatalf("decision %+v, want the gorgon's targets %v", d, CellList(want))
	}
	mustRefuse(t, g, 0, Move{Type: DecideGorgon, Cells: setOf([2]int{9, 7})}, "not mountain")
	mustRefuse(t, g, 0, drawMove(0, Water, [2]int{0, 0}, [2]int{1, 0}, [2]int{2, 0}), "must make a gorgon move")
	mustPlay(t, g, 0, Move{Type: DecideGorgon, Cells: setOf([2]int{9, 9})})
	if g.players[0].sheet.At(CellAt(9, 9)) != Destroyed || g.current != mustCard(t, "Great River") {
		t.Fatal("gorgon target not destroyed, or the game did not move on")
	}

	// Multiplayer: the neighbour who draws the Gorgon chooses its target (clockwise: seat 1 on sheet 0).
	g = rig(t, Options{Ambush: "heroes"}, 2, emptyA, "Gorgon Gaze")
	mustRefuse(t, g, 1, Move{Type: DecideAmbush, Cells: setOf([2]int{4, 4}, [2]int{4, 6}, [2]int{5, 5})}, "overlaps")
	mustPlay(t, g, 1, Move{Type: DecideAmbush, Cells: setOf([2]int{3, 3}, [2]int{3, 5}, [2]int{4, 4})})
	d, i := g.DecisionOf(1)
	want = setOf([2]int{2, 3}, [2]int{4, 3}, [2]int{3, 2}, [2]int{3, 4}, [2]int{2, 5}, [2]int{4, 5}, [2]int{3, 6}, [2]int{5, 4})
	if d.kind != DecideGorgon || i != 0 || d.targets != want {
		t.Fatalf("after drawing the gorgon seat 1 decides %+v on sheet %d, want gorgon on sheet 0 with %v", d, i, CellList(want))
	}
	mustPlay(t, g, 1, Move{Type: DecideGorgon, Cells: setOf([2]int{3, 4})})
	if g.players[0].sheet.At(CellAt(3, 4)) != Destroyed {
		t.Fatal("seat 1's gorgon target on sheet 0 not destroyed")
	}
	if d, i := g.DecisionOf(0); d.kind != DecideAmbush || i != 1 {
		t.Fatalf("seat 0 still has to draw the gorgon on sheet 1, has %v on %d", d.kind, i)
	}
	// With gorgon_by_owner the sheet's owner chooses instead.
	g = rig(t, Options{Ambush: "heroes", GorgonByOwner: true}, 2, emptyA, "Gorgon Gaze")
	mustPlay(t, g, 1, Move{Type: DecideAmbush, Cells: setOf([2]int{3, 3}, [2]int{3, 5}, [2]int{4, 4})})
	if g.players[0].pending.kind != DecideGorgon || g.players[0].pending.actor != 0 {
		t.Fatalf("gorgon_by_owner: pending %+v on sheet 0, want the owner to choose", g.players[0].pending)
	}
}

// A Gorgon drawn partly onto a hero's hits loses those spaces as it is drawn (rulings 11); a destroyed
// space is no Gorgon, so the gaze reaches only the neighbours of its surviving spaces.
func TestGorgonGazesOnlyFromSurvivingSpaces(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{Ambush: "heroes"}, 2, emptyA, "Gorgon Gaze")
	g.players[0].sheet.hits = setOf([2]int{3, 3})
	mustPlay(t, g, 1, Move{Type: DecideAmbush, Cells: setOf([2]int{3, 3}, [2]int{3, 5}, [2]int{4, 4})})
	if g.players[0].sheet.At(CellAt(3, 3)) != Destroyed {
		t.Fatal("the gorgon space drawn on a hit is not destroyed")
	}
	// The survivors (3,5) and (4,4) neighbour (2,5) (4,5) (3,4) (3,6) (5,4) (4,3); (2,3) and (3,2)
	// touch only the destroyed (3,3).
	d, i := g.DecisionOf(1)
	want := setOf([2]int{2, 5}, [2]int{4, 5}, [2]int{3, 4}, [2]int{3, 6}, [2]int{5, 4}, [2]int{4, 3})
	if d.kind != DecideGorgon || i != 0 || d.targets != want {
		t.Fatalf("gorgon targets %v, want %v", CellList(d.targets), CellList(want))
	}
	mustRefuse(t, g, 1, Move{Type: DecideGorgon, Cells: setOf([2]int{2, 3})}, "adjacent")
	mustRefuse(t, g, 1, Move{Type: DecideGorgon, Cells: setOf([2]int{3, 2})}, "adjacent")
	mustPlay(t, g, 1, Move{Type: DecideGorgon, Cells: setOf([2]int{3, 6})})

	// Two of its three spaces on hits: one survivor, whose only neighbours... are still targets.
	g = rig(t, Options{Ambush: "heroes"}, 2, emptyA, "Gorgon Gaze")
	g.players[0].sheet.hits = setOf([2]int{3, 3}, [2]int{3, 5})
	mustPlay(t, g, 1, Move{Type: DecideAmbush, Cells: setOf([2]int{3, 3}, [2]int{3, 5}, [2]int{4, 4})})
	d, _ = g.DecisionOf(1)
	want = setOf([2]int{3, 4}, [2]int{5, 4}, [2]int{4, 3}, [2]int{4, 5})
	if d.kind != DecideGorgon || d.targets != want {
		t.Fatalf("one surviving space: targets %v, want %v", CellList(d.targets), CellList(want))
	}
}

// Every rule that starts from a monster's spaces counts only those that survive: a space destroyed by a
// hero's hit is no monster (rulings 11, 12).
func TestMonsterRulesUseSurvivingSpaces(t *testing.T) {
	t.Parallel()
	// Dragon of (4,4) (4,5), (4,5) destroyed: surrounding (4,4) alone pays.
	g := rig(t, Options{}, 1, emptyA, "Great River")
	p := &g.players[0]
	p.monsters[ambushIndex(dragonID)] = setOf([2]int{4, 4}, [2]int{4, 5})
	p.sheet.Draw(setOf([2]int{4, 4}), Monster)
	p.sheet.Draw(setOf([2]int{4, 5}), Destroyed)
	p.sheet.Draw(setOf([2]int{3, 4}, [2]int{5, 4}, [2]int{4, 3}), Forest)
	g.checkDragon(0)
	if p.sheet.coins != DragonReward {
		t.Fatalf("dragon with its one survivor surrounded: %d coins, want %d", p.sheet.coins, DragonReward)
	}

	// Monster penalty: the empty neighbours of (4,4) only, not those of the destroyed (4,5): (3,4) (5,4)
	// (4,3) are forest now, so none.
	if pen, _ := MonsterPenalty(&p.sheet); pen != 0 {
		t.Fatalf("penalty %d from a destroyed monster space's neighbours, want 0", pen)
	}

	// Zombies of (0,0) (0,2), (0,2) destroyed: they spread from (0,0) to (0,1) (1,0), not to (1,2) (0,3).
	g = rig(t, Options{}, 1, emptyA, "Great River")
	p = &g.players[0]
	p.monsters[ambushIndex(zombieID)] = setOf([2]int{0, 0}, [2]int{0, 2})
	p.sheet.Draw(setOf([2]int{0, 0}), Monster)
	p.sheet.Draw(setOf([2]int{0, 2}), Destroyed)
	g.seasonEffect(zombieID)
	if want := setOf([2]int{0, 0}, [2]int{0, 1}, [2]int{1, 0}); p.sheet.layer[Monster] != want {
		t.Fatalf("zombies %v, want %v", CellList(p.sheet.layer[Monster]), CellList(want))
	}

	// Troll of (6,0) (6,2), (6,2) destroyed: it may destroy (5,0) (7,0) (6,1), not (5,2) (7,2) (6,3).
	g = rig(t, Options{}, 1, emptyA, "Great River")
	g.clearPending(0)
	p = &g.players[0]
	p.monsters[ambushIndex(trollID)] = setOf([2]int{6, 0}, [2]int{6, 2})
	p.sheet.Draw(setOf([2]int{6, 0}), Monster)
	p.sheet.Draw(setOf([2]int{6, 2}), Destroyed)
	g.seasonEffect(trollID)
	if want := setOf([2]int{5, 0}, [2]int{7, 0}, [2]int{6, 1}); p.pending.kind != DecideTroll || p.pending.targets != want {
		t.Fatalf("troll targets %v, want %v", CellList(p.pending.targets), CellList(want))
	}
}

// Each entry of the monster table is the card of that name, and every monster card with an effect has
// its entry: a reader finds a monster's rule by its name.
func TestMonsterTableMatchesTheCards(t *testing.T) {
	t.Parallel()
	for e, r := range monsterRules {
		if e == int(NoEffect) {
			continue
		}
		id, ok := CardByName(r.name)
		if !ok || cardTable[id].Effect != Effect(e) {
			t.Errorf("entry %d names %q, whose card has effect %v", e, r.name, cardTable[id].Effect)
		}
		moments := 0
		for _, set := range []bool{r.drawn != nil, r.afterSeason != nil, r.filled != nil} {
			if set {
				moments++
			}
		}
		if moments != 1 {
			t.Errorf("%s acts at %d moments, want one", r.name, moments)
		}
	}
	for id := range cardTable {
		if e := cardTable[id].Effect; e != NoEffect && monsterRules[e].name != cardTable[id].Name {
			t.Errorf("%s has effect %v but no entry of that name", cardTable[id].Name, e)
		}
	}
}
