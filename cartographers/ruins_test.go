package cartographers

import (
	"strings"
	"testing"
)

func TestRuinsChainAndDemand(t *testing.T) {
	t.Parallel()
	// Two ruins chain into Great River: all three are revealed in one turn, the river must cover an
	// unfilled ruins space of side A.
	g := rig(t, Options{}, 1, "", "Temple Ruins", "Outpost Ruins", "Great River")
	if len(g.revealed) != 3 || g.current != mustCard(t, "Great River") {
		t.Fatalf("revealed %v, current %v; want both ruins and Great River", g.revealed, g.current)
	}
	d, _ := g.DecisionOf(0)
	wantRuins := setOf([2]int{1, 5}, [2]int{2, 1}, [2]int{2, 9}, [2]int{8, 1}, [2]int{8, 9}, [2]int{9, 5})
	if d.mode != DrawRuins || d.targets != wantRuins {
		t.Fatalf("decision %+v, want ruins mode on side A's six ruins", d)
	}
	mustRefuse(t, g, 0, drawMove(0, Water, [2]int{0, 0}, [2]int{1, 0}, [2]int{2, 0}), "must cover an unfilled ruins space")
	mustRefuse(t, g, 0, Move{Type: DecideDraw, Fallback: true, Terrain: Water, Cells: setOf([2]int{0, 0})}, "only allowed when no offered shape")
	// Column 1, rows 0-2 covers the ruins at (2,1).
	mustPlay(t, g, 0, drawMove(0, Water, [2]int{0, 1}, [2]int{1, 1}, [2]int{2, 1}))
	if g.ruinsPending {
		t.Fatal("the demand outlived the explore card that met it")
	}
	if got := g.players[0].sheet.coins; got != 1 {
		t.Fatalf("coins %d after Great River's coin shape, want 1", got)
	}
}

func TestRuinsDemandCannotBeMet(t *testing.T) {
	t.Parallel()
	// Every ruins space of the sheet is drawn on: the next card is drawn as the 1x1 fallback, anywhere,
	// any of the five terrains, without the shape's coin; the offered shape is illegal.
	sheet := `
...........
...M.f.....
.f......Mf.
...........
...........
.....M.....
...........
...........
.fM......f.
.....f.M...
...........`
	g := rig(t, Options{}, 1, sheet, "Outpost Ruins", "Great River")
	d, _ := g.DecisionOf(0)
	if d.mode != DrawFallback {
		t.Fatalf("mode %v, want fallback when no ruins space is left", d.mode)
	}
	mustRefuse(t, g, 0, drawMove(0, Water, [2]int{0, 0}, [2]int{1, 0}, [2]int{2, 0}), "draw the 1x1 fallback")
	mustRefuse(t, g, 0, Move{Type: DecideDraw, Fallback: true, Terrain: Hero, Cells: setOf([2]int{4, 4})}, "cannot be drawn")
	mustRefuse(t, g, 0, Move{Type: DecideDraw, Fallback: true, Terrain: Monster, Cells: setOf([2]int{4, 4}, [2]int{4, 5})}, "not the shape")
	mustPlay(t, g, 0, Move{Type: DecideDraw, Fallback: true, Terrain: Monster, Cells: setOf([2]int{4, 4})})
	s := &g.players[0].sheet
	if s.At(CellAt(4, 4)) != Monster || s.coins != 0 {
		t.Fatalf("fallback drew %v with %d coins, want a monster and no coin", s.At(CellAt(4, 4)), s.coins)
	}
}

func TestRuinsDemandShapeCannotCover(t *testing.T) {
	t.Parallel()
	// The only unfilled ruins space (0,0) is boxed in so that no orientation of the 1x4 line covers it,
	// though the line fits elsewhere: the fallback applies (rulings 15).
	sheet := `
r#.........
##.........
...........
...........
...........
...........
...........
...........
...........
...........
...........`
	g := rig(t, Options{}, 1, sheet, "Temple Ruins", "Fishing Village")
	if d, _ := g.DecisionOf(0); d.mode != DrawFallback {
		t.Fatalf("mode %v, want fallback", d.mode)
	}
	// With the 1x1 of Rift Lands the same ruins space can be covered, so the demand holds.
	g = rig(t, Options{}, 1, sheet, "Temple Ruins", "Rift Lands")
	d, _ := g.DecisionOf(0)
	if d.mode != DrawRuins || d.targets != setOf([2]int{0, 0}) {
		t.Fatalf("Rift Lands after ruins: %+v, want the demand on (0,0)", d)
	}
	mustRefuse(t, g, 0, drawMove(0, Forest, [2]int{5, 5}), "must cover an unfilled ruins space")
	mustPlay(t, g, 0, drawMove(0, Forest, [2]int{0, 0}))
}

func TestRuinsDemandWaitsForAmbushAndHero(t *testing.T) {
	t.Parallel()
	// Solo: Goblin Attack after the ruins is resolved at once; the demand passes to the hero card (which
	// passes it on again) and then to Homestead.
	g := rig(t, Options{Heroes: ptr(true)}, 1, "", "Temple Ruins", "Goblin Attack", "Dobrik of Lorkheim", "Homestead")
	if !g.ruinsPending {
		t.Fatal("the ambush consumed the ruins demand")
	}
	d, _ := g.DecisionOf(0)
	if d.kind != DecideHero {
		t.Fatalf("decision %v, want the hero", d.kind)
	}
	mustPlay(t, g, 0, Move{Type: DecideHero, Cells: setOf([2]int{5, 0})})
	d, _ = g.DecisionOf(0)
	if d.kind != DecideDraw || d.mode != DrawRuins || g.current != mustCard(t, "Homestead") {
		t.Fatalf("after the hero: %+v on %v, want Homestead with the ruins demand", d, g.current)
	}
}

func mustCard(t *testing.T, name string) CardID {
	t.Helper()
	id, ok := CardByName(name)
	if !ok {
		t.Fatalf("no card %q", name)
	}
	return id
}

func ptr[T any](v T) *T { return &v }

func TestFallbackTerrainsOption(t *testing.T) {
	t.Parallel()
	sheet := `
...........
...M.f.....
.f......Mf.
...........
...........
.....M.....
...........
...........
.fM......f.
.....f.M...
...........`
	fb := func(k Kind) Move {
		return Move{Type: DecideDraw, Fallback: true, Terrain: k, Cells: setOf([2]int{4, 4})}
	}
	// "card": only the revealed card's terrains (Great River: water).
	g := rig(t, Options{FallbackTerrains: "card"}, 1, sheet, "Outpost Ruins", "Great River")
	mustRefuse(t, g, 0, fb(Forest), "cannot be drawn")
	mustPlay(t, g, 0, fb(Water))
	// "all": a hero space too.
	g = rig(t, Options{FallbackTerrains: "all"}, 1, sheet, "Outpost Ruins", "Great River")
	mustPlay(t, g, 0, fb(Hero))
	if _, err := NewGame(Options{FallbackTerrains: "some"}, 1, 1); err == nil {
		t.Fatal("unknown fallback_terrains accepted")
	}
}

func TestFallbackTerrainsFollowTheRulebooks(t *testing.T) {
	t.Parallel()
	// When no offered shape fits, the base rulebooks fill the 1x1 "with the chosen terrain type", the
	// one chosen from the card (French l.120, Portuguese l.121), against rulings 6's five terrains; the
	// Heroes text allows "any terrain type (excluding mountains)" (English l.120-123), and hero is a
	// terrain type (rulings 1), against rulings 6 which leaves it out. Each preset follows its text; the
	// ruling stays one option away.
	fb := func(k Kind) Move {
		return Move{Type: DecideDraw, Fallback: true, Terrain: k, Cells: setOf([2]int{0, 0})}
	}

	// Base: Fishing Village (village or water) fits nowhere on a checkerboard.
	g := rig(t, Options{}, 1, checker, "Fishing Village")
	if d, _ := g.DecisionOf(0); d.mode != DrawFallback {
		t.Fatalf("mode %v, want fallback", d.mode)
	}
	if got := g.View(0).Decision.Terrains; len(got) != 2 || got[0] != "village" || got[1] != "water" {
		t.Fatalf("base fallback offers %v, want the card's village and water", got)
	}
	mustRefuse(t, g, 0, fb(Farm), "cannot be drawn")
	mustRefuse(t, g, 0, fb(Monster), "cannot be drawn")
	mustPlay(t, g, 0, fb(Water))
	// After a ruins demand that cannot be met the base texts differ (French: the card's terrain,
	// Portuguese: any terrain) and rulings 6 decides: any of the five, monster included.
	filledRuins := strings.ReplaceAll(emptyA, "r", "f")
	g = rig(t, Options{}, 1, filledRuins, "Temple Ruins", "Great River")
	mustRefuse(t, g, 0, fb(Hero), "cannot be drawn")
	mustPlay(t, g, 0, fb(Forest))
	g = rig(t, Options{}, 1, filledRuins, "Temple Ruins", "Great River")
	mustPlay(t, g, 0, fb(Monster))
	// Rulings 6 as an option: any of the five when no shape fits too.
	g = rig(t, Options{FallbackTerrains: "rulings"}, 1, checker, "Fishing Village")
	mustPlay(t, g, 0, fb(Farm))

	// Heroes and both: Hillside Terrace's 2x2 fits nowhere on a checkerboard; a hero space is allowed.
	for _, preset := range []string{"heroes", "both"} {
		g = rig(t, Options{Preset: preset}, 1, checker, "Hillside Terrace")
		mustPlay(t, g, 0, fb(Hero))
		if k := g.players[0].sheet.At(CellAt(0, 0)); k != Hero {
			t.Fatalf("%s: fallback drew %v, want hero", preset, k)
		}
		g = rig(t, Options{Preset: preset, FallbackTerrains: "rulings"}, 1, checker, "Hillside Terrace")
		mustRefuse(t, g, 0, fb(Hero), "cannot be drawn")
	}
}
