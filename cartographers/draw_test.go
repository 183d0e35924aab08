package cartographers

import "testing"

// checker leaves no two orthogonally adjacent empty spaces: nothing bigger than 1x1 fits, but the
// diagonal Forgotten Forest A does.
const checker = `
.#.#.#.#.#.
#.#.#.#.#.#
.#.#.#.#.#.
#.#.#.#.#.#
.#.#.#.#.#.
#.#.#.#.#.#
.#.#.#.#.#.
#.#.#.#.#.#
.#.#.#.#.#.
#.#.#.#.#.#
.#.#.#.#.#.`

func TestFallbackWhenNoShapeFits(t *testing.T) {
	t.Parallel()
	g := rig(t, Options{}, 1, checker, "Fishing Village")
	d, _ := g.DecisionOf(0)
	if d.mode != DrawFallback {
		t.Fatalf("mode %v on a checkerboard, want fallback", d.mode)
	}
	mustRefuse(t, g, 0, drawMove(0, Village, [2]int{0, 0}, [2]int{0, 1}, [2]int{0, 2}, [2]int{0, 3}), "draw the 1x1 fallback")
	// The base rulebooks fill it with the card's terrain (TestFallbackTerrainsFollowTheRulebooks).
	mustPlay(t, g, 0, Move{Type: DecideDraw, Fallback: true, Terrain: Village, Cells: setOf([2]int{0, 0})})
	if g.players[0].sheet.At(CellAt(0, 0)) != Village {
		t.Fatal("fallback not drawn")
	}
	// The diagonal domino of Forgotten Forest fits a checkerboard: no fallback then, and its coin pays.
	g = rig(t, Options{}, 1, checker, "Forgotten Forest")
	if d, _ := g.DecisionOf(0); d.mode != DrawFree {
		t.Fatalf("mode %v, want free: the diagonal shape fits", d.mode)
	}
	mustRefuse(t, g, 0, drawMove(1, Forest, [2]int{0, 0}), "not the shape")
	mustPlay(t, g, 0, drawMove(0, Forest, [2]int{0, 0}, [2]int{1, 1}))
	if g.players[0].sheet.coins != 1 {
		t.Fatalf("coins %d, want 1 for the coin shape", g.players[0].sheet.coins)
	}
}

func TestRiftLandsAndKethrasGates(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"Rift Lands", "Kethra's Gates"} {
		g := rig(t, Options{Preset: "both"}, 1, "", name)
		mustRefuse(t, g, 0, drawMove(0, Hero, [2]int{4, 4}), "cannot be drawn")
		mustRefuse(t, g, 0, drawMove(0, Forest, [2]int{1, 3}), "overlaps a filled space")
		mustRefuse(t, g, 0, drawMove(0, Forest, [2]int{4, 4}, [2]int{4, 5}), "not the shape")
		mustPlay(t, g, 0, drawMove(0, Monster, [2]int{4, 4}))
		if k := g.players[0].sheet.At(CellAt(4, 4)); k != Monster {
			t.Fatalf("%s: drew %v, want monster", name, k)
		}
	}
}

func TestShapesRotateAndFlip(t *testing.T) {
	t.Parallel()
	// Orchard ###/..# drawn as its mirror image turned a quarter: #./#./## is one of its orientations.
	g := rig(t, Options{}, 1, "", "Orchard")
	mustPlay(t, g, 0, drawMove(0, Farm, [2]int{3, 0}, [2]int{4, 0}, [2]int{5, 0}, [2]int{5, 1}))
	// Treetop Village ..##/###. cannot be drawn as a straight line of 5.
	g = rig(t, Options{}, 1, "", "Treetop Village")
	mustRefuse(t, g, 0, drawMove(0, Forest, [2]int{3, 0}, [2]int{3, 1}, [2]int{3, 2}, [2]int{3, 3}, [2]int{3, 4}), "not the shape")
	mustRefuse(t, g, 0, drawMove(0, Water, [2]int{3, 0}, [2]int{3, 1}, [2]int{4, 1}, [2]int{4, 2}, [2]int{4, 3}), "cannot be drawn with")
	mustPlay(t, g, 0, drawMove(0, Village, [2]int{4, 0}, [2]int{4, 1}, [2]int{3, 1}, [2]int{3, 2}, [2]int{3, 3}))
}

// mountainThreeNeighbours is side A's map with the mountain at (5,5) filled on three sides, (5,6) left open.
const mountainThreeNeighbours = `
...........
...M.r.....
.r......Mr.
...........
.....F.....
....FM.....
.....F.....
...........
.rM......r.
.....r.M...
...........`

func TestMountainCoinAndCap(t *testing.T) {
	t.Parallel()
	// The mountain at (5,5) has three filled neighbours; Farmland's domino on (5,6)-(6,6) closes it.
	sheet := mountainThreeNeighbours
	g := rig(t, Options{}, 1, sheet, "Farmland")
	g.players[0].sheet.coins = 12
	mustPlay(t, g, 0, drawMove(0, Farm, [2]int{5, 6}, [2]int{6, 6}))
	if got := g.players[0].sheet.coins; got != 14 {
		t.Fatalf("coins %d, want 12 + shape coin + mountain coin = 14", got)
	}
	g = rig(t, Options{}, 1, sheet, "Farmland")
	g.players[0].sheet.coins = 13
	mustPlay(t, g, 0, drawMove(0, Farm, [2]int{5, 6}, [2]int{6, 6}))
	if got := g.players[0].sheet.coins; got != MaxCoins {
		t.Fatalf("coins %d, want the cap %d", got, MaxCoins)
	}
}

func TestFullSheetDrawsNothing(t *testing.T) {
	t.Parallel()
	full := ""
	for range Size {
		full += "FFFFFFFFFFF\n"
	}
	g := rig(t, Options{}, 2, full, "Great River", "Hamlet")
	if len(g.ToActSeats()) != 0 || g.turn < 2 {
		t.Fatalf("full sheets: to act %v after %d turns, want nobody", g.ToActSeats(), g.turn)
	}
}
