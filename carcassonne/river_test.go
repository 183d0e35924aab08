package carcassonne

import (
	"errors"
	"strings"
	"testing"
)

func riverOpts() Options {
	o := DefaultOptions()
	o.Expansions = RiverExp
	return o
}

// The River's twelve tiles: the spring, the lake, four bends and six straight tiles, checked against the
// C2 tile list (docs/carcassonne.md, "The River").
func TestRiverTiles(t *testing.T) {
	total, bends, straight, springs, lakes, gardens, monasteries := 0, 0, 0, 0, 0, 0, 0
	for i := range types {
		tt := &types[i]
		if tt.set != riverSet {
			continue
		}
		total += tt.count
		switch n := len(sidesList(tt.river)); {
		case n == 1 && i == riverSpring:
			springs += tt.count
		case n == 1 && i == riverLake:
			lakes += tt.count
		case n == 2 && (tt.river == 0b0101 || tt.river == 0b1010):
			straight += tt.count
		case n == 2:
			bends += tt.count
		default:
			t.Errorf("%s: river sides %04b", tt.name, tt.river)
		}
		if tt.garden >= 0 {
			gardens += tt.count
		}
		if tt.monastery >= 0 {
			monasteries += tt.count
		}
	}
	if total != 12 || springs != 1 || lakes != 1 || bends != 4 || straight != 6 || gardens != 1 || monasteries != 1 {
		t.Errorf("river tiles %d: spring %d lake %d bends %d straight %d gardens %d monasteries %d, want 12 1 1 4 6 1 1",
			total, springs, lakes, bends, straight, gardens, monasteries)
	}
}

func sidesList(m uint8) []int {
	var out []int
	for d := 0; d < 4; d++ {
		if m&(1<<d) != 0 {
			out = append(out, d)
		}
	}
	return out
}

// With the River, the spring is the start tile and the base start tile goes back to the box: the eleven
// other river tiles are drawn first, the lake last, then the 71 land tiles.
func TestRiverSpringFirstLakeLast(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		g, err := NewGame(riverOpts(), 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		if types[g.board.tiles[0].typ].name != "RV1" {
			t.Fatalf("seed %d: start tile %s, want the spring RV1", seed, types[g.board.tiles[0].typ].name)
		}
		if g.ndeck != 11+71 {
			t.Fatalf("seed %d: %d tiles in the pile, want 82", seed, g.ndeck)
		}
		for i := 0; i < g.ndeck; i++ {
			if (types[g.deck[i]].set == riverSet) != (i < 11) {
				t.Fatalf("seed %d: tile %d of the pile is %s", seed, i, types[g.deck[i]].name)
			}
		}
		if int(g.deck[10]) != riverLake {
			t.Fatalf("seed %d: the 11th tile is %s, want the lake", seed, types[g.deck[10]].name)
		}
		d := 0
		for i := 0; i < g.ndeck; i++ {
			if types[g.deck[i]].name == "D" {
				d++
			}
		}
		if d != 3 {
			t.Errorf("seed %d: %d D tiles in the pile, want 3 (the fourth, the start tile, back in the box)", seed, d)
		}
	}
}

// A river tile must continue the river: every legal placement of a river tile is on the river's mouth
// with its water meeting the river, and a river tile laid elsewhere is refused in words.
func TestRiverTileMustContinueTheRiver(t *testing.T) {
	g, err := NewGame(riverOpts(), 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() && types[g.current].set == riverSet {
		mouth := posOf(int(g.xs.river.mouth))
		ps := g.Placements(nil)
		if len(ps) == 0 {
			t.Fatalf("river tile %s drawn with no placement", g.Current())
		}
		for _, p := range ps {
			if p.X != mouth.X || p.Y != mouth.Y {
				t.Fatalf("river tile %s may go to (%d,%d), not the mouth %v", g.Current(), p.X, p.Y, mouth)
			}
		}
		// Beside the spring, west of it, a river tile's fields may match, but the river would not go on.
		for rot := 0; rot < 4; rot++ {
			before := snapshot(t, g)
			err := g.Play(Move{Placement: Placement{X: -1, Y: 0, Rot: rot}, Meeple: NoMeeple})
			if err == nil {
				t.Fatalf("river tile %s laid west of the spring", g.Current())
			}
			if errors.Is(err, errRiverContinue) && !strings.Contains(err.Error(), "flows into") {
				t.Errorf("refusal %q does not say where the river goes on", err)
			}
			if snapshot(t, g) != before {
				t.Fatal("a refused river tile changed the game")
			}
		}
		if err := g.Play(Move{Placement: ps[0], Meeple: NoMeeple}); err != nil {
			t.Fatal(err)
		}
	}
	if g.xs.river.mouth != 0 {
		t.Errorf("after the river tiles the river still flows into %v", posOf(int(g.xs.river.mouth)))
	}
}

// force makes tile name the tile drawn, as if it had come up.
func force(g *Game, name string) {
	g.current = typeByName(name)
	g.placeBy = g.placeRuleFor(g.current)
}

// riverStep lays river tile name on the river's mouth turned rot, or returns the refusal; a refusal
// changes nothing.
func riverStep(t *testing.T, g *Game, name string, rot int) error {
	t.Helper()
	force(g, name)
	mouth := posOf(int(g.xs.river.mouth))
	before := snapshot(t, g)
	err := g.Play(Move{Placement: Placement{X: mouth.X, Y: mouth.Y, Rot: rot}, Meeple: NoMeeple})
	if err != nil && snapshot(t, g) != before {
		t.Fatalf("refused %s changed the game", name)
	}
	return err
}

// The river may not turn the same way twice in a row: after a bend to the right (flowing south, then
// west), a second bend to the right is a U-turn; a bend to the left is allowed.
func TestRiverNoUTurn(t *testing.T) {
	g, err := NewGame(riverOpts(), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := riverStep(t, g, "RV6", 1); err != nil { // enters from the north, leaves west: a right turn
		t.Fatal(err)
	}
	if g.xs.river.flow != 3 || g.xs.river.last != 1 {
		t.Fatalf("after a right bend the river flows out of side %d, turned %d", g.xs.river.flow, g.xs.river.last)
	}
	err = riverStep(t, g, "RV6", 2) // enters from the east, leaves north: right again
	if !errors.Is(err, errRiverUTurn) || !strings.Contains(err.Error(), "U-turn") {
		t.Fatalf("second right bend in a row: %v, want a U-turn refusal", err)
	}
	if err := riverStep(t, g, "RV6", 3); err != nil { // enters from the east, leaves south: a left turn
		t.Fatalf("a left bend after a right one: %v", err)
	}
}

// Nor may it turn the same way a third time with straight tiles between (the publisher's answer): right,
// straight, right is allowed, but then a straight and a third right bend are not.
func TestRiverNoThirdBendTheSameWay(t *testing.T) {
	g, err := NewGame(riverOpts(), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range []struct {
		name string
		rot  int
	}{{"RV6", 1}, {"RV4", 0}, {"RV6", 2}, {"RV4", 1}} {
		// right (to the west), straight, right (to the north), straight
		if err := riverStep(t, g, s.name, s.rot); err != nil {
			t.Fatalf("step %d (%s turned %d): %v", i, s.name, s.rot, err)
		}
	}
	err = riverStep(t, g, "RV6", 3) // enters from the south, leaves east: right a third time
	if !errors.Is(err, errRiverThirdTurn) {
		t.Fatalf("third right bend: %v, want the third-bend refusal", err)
	}
	if err := riverStep(t, g, "RV6", 0); err != nil { // enters from the south, leaves west: left
		t.Fatalf("a left bend: %v", err)
	}
}

// No figure stands on the water; a river tile's other features take figures as usual.
func TestRiverWaterTakesNoFigure(t *testing.T) {
	g, err := NewGame(riverOpts(), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	force(g, "RV10") // road N S across the river W E: turned 1, the river runs N S and the road W E
	p := Placement{X: 0, Y: 1, Rot: 1}
	segs := g.MeepleOptions(p, nil)
	for _, s := range segs {
		if types[g.current].segs[s].kind == River {
			t.Fatalf("meeple offered on the water")
		}
	}
	if len(segs) != 5 {
		t.Errorf("%d meeple options on the bridge tile, want 5 (a road and four fields)", len(segs))
	}
	_, err = g.DecodeMove([]byte(`{"type":"place","x":0,"y":1,"rotation":90,"meeple":"river:N"}`))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	m, _ := g.DecodeMove([]byte(`{"type":"place","x":0,"y":1,"rotation":90,"meeple":"river:N"}`))
	if err := g.Play(m); !errors.Is(err, errFigureThere) || !strings.Contains(err.Error(), "river") {
		t.Fatalf("meeple on the water: %v", err)
	}
}

// With these placement rules a random river always runs to its lake: no river tile is ever set aside
// (3,000 seeds were tried when the rule was written; 300 here).
func TestRiverRunsToTheLake(t *testing.T) {
	for seed := uint64(0); seed < 300; seed++ {
		g, err := NewGame(riverOpts(), 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(seed)
		for !g.Over() && g.drawPos <= 11 {
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
		if g.ndisc != 0 || g.xs.river.mouth != 0 || g.board.ntiles != 12 {
			t.Fatalf("seed %d: %d set aside, river still open: %v, %d tiles", seed, g.ndisc, g.xs.river.mouth != 0, g.board.ntiles)
		}
	}
}
