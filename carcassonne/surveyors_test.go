package carcassonne

import (
	"testing"
)

// The Citizens' Jury example of the rules page: Red has the majority, Blue one knight; both score 14.
func TestCitizensJuryExample(t *testing.T) {
	b := newTable(t, 2, surveyorOpts())
	b.activate("citizens_jury")
	juryCity(b)
	b.scores(14, 14)
	e := b.lastEvent()
	if e.Surveyor != "citizens_jury" || e.Points != 14 || e.BasePoints != 14 || len(e.ExtraReceivers) != 1 || e.ExtraReceivers[0] != 1 {
		t.Errorf("event %+v", e)
	}
}

// bnCity is a straight city of four tiles, two of them caps, one coat of arms: 4×2 + 2 = 10 normally.
func bnCity(b *table) {
	b.t.Helper()
	b.lay('E', 0, 0, 2, "city:S", 0) // cap
	b.lay('F', 0, 1, 1, "", 0)       // N-S, coat of arms
	b.lay('G', 0, 2, 1, "", 0)       // N-S
	b.lay('E', 0, 3, 0, "", 0)       // cap, closes
}

func TestCityScoringTiles(t *testing.T) {
	cases := []struct {
		tile string
		want int
	}{
		// Bad Neighbourhood, the rules page's example total: the two caps count nothing, (2 tiles + 1 coat
		// of arms) × 2 = 6.
		{"bad_neighbourhood", 6},
		{"siege", 4*2 + 1*3},
		{"city_wealth", 10 + 3},
		{"city_poverty", 10 - 3},
		{"citizens_jury", 10},
	}
	for _, c := range cases {
		t.Run(c.tile, func(t *testing.T) {
			b := newTable(t, 2, surveyorOpts())
			b.activate(c.tile)
			bnCity(b)
			b.scores(c.want, 0)
			e := b.lastEvent()
			if e.Surveyor != c.tile || e.BasePoints != 10 || e.SurveyorDelta != c.want-10 {
				t.Errorf("event %+v", e)
			}
		})
	}
}

// Bad Neighbourhood on an H tile whose two caps are both in the city: it still adds nothing.
func TestBadNeighbourhoodBothCapsOfOneTile(t *testing.T) {
	b := newTable(t, 2, surveyorOpts())
	b.activate("bad_neighbourhood")
	b.lay('H', 0, 0, 0, "city:N", 0) // caps N and S
	b.lay('E', 0, -1, 2, "", 0)      // closes the north city: H and E are caps only
	b.scores(0, 0)
	b.supply(7, 7)
}

func road3(b *table) {
	b.t.Helper()
	b.lay('W', 0, 0, 0, "", 0)
	b.lay('U', 1, 0, 0, "road:W", 0)
	b.lay('W', 2, 0, 0, "", 0)
}

func TestRoadScoringTiles(t *testing.T) {
	wealth := surveyorOpts()
	wealth.RoadBonus = "wealth"
	cases := []struct {
		tile string
		opts Options
		want int
	}{
		{"street_fair", surveyorOpts(), 6},
		{"highway", surveyorOpts(), 5},
		{"road_poverty", surveyorOpts(), 0},
		{"road_wealth", wealth, 6},
		{"peasant_uprising", surveyorOpts(), 3}, // no farmhouse on W or U
	}
	for _, c := range cases {
		t.Run(c.tile, func(t *testing.T) {
			b := newTable(t, 2, c.opts)
			b.activate(c.tile)
			road3(b)
			b.scores(c.want, 0)
		})
	}
}

func TestHighwayShortensALongRoad(t *testing.T) {
	b := newTable(t, 2, surveyorOpts())
	b.activate("highway")
	b.lay('W', 0, 0, 0, "", 0)
	b.lay('U', 1, 0, 0, "road:W", 0)
	for x := 2; x <= 5; x++ {
		b.lay('U', x, 0, 0, "", 0)
	}
	b.lay('W', 6, 0, 0, "", 0) // 7 tiles
	b.scores(5, 0)
}

func TestPeasantUprising(t *testing.T) {
	for _, c := range []struct {
		farmhouses string
		want       int
	}{{"K", 4 - 1}, {"KLWX", 4 - 3}} {
		t.Run(c.farmhouses, func(t *testing.T) {
			o := surveyorOpts()
			o.Farmhouses = c.farmhouses
			b := newTable(t, 2, o)
			b.activate("peasant_uprising")
			b.lay('W', 0, 0, 0, "", 0)       // crossroads, dead end east
			b.lay('K', 1, 0, 0, "road:W", 0) // farmhouse tile, road W-S
			b.lay('U', 1, 1, 1, "", 0)       // road N-S
			b.lay('W', 1, 2, 2, "", 0)       // crossroads, dead end north
			b.scores(c.want, 0)
		})
	}
}

// monasteryRing surrounds a monastery (type A, its road south) with one city tile, three road tiles and
// four plain monasteries.
func monasteryRing(b *table) {
	b.t.Helper()
	b.lay('A', 0, 0, 0, "monastery", 0)
	b.lay('E', 0, -1, 0, "", 1) // city north: the one neighbour with a city
	b.lay('V', 1, -1, 3, "", 1) // road E-S
	b.lay('V', 1, 0, 2, "", 1)  // road N-E
	b.lay('U', 0, 1, 1, "", 1)  // road N-S
	for _, p := range [][2]int{{-1, -1}, {-1, 0}, {-1, 1}} {
		b.lay('B', p[0], p[1], 0, "", 1)
	}
	b.scores(0, 0)
	b.lay('B', 1, 1, 0, "", 1)
}

func TestMonasteryScoringTiles(t *testing.T) {
	// The default counts the monastery's own tile (the rules page's "9 tiles"); eight is ruling 7's reading.
	eight := surveyorOpts()
	eight.MonasteryOwnTile = false
	poverty := surveyorOpts()
	poverty.MonasteryBonus = "poverty"
	cases := []struct {
		name string
		tile string
		opts Options
		want int
	}{
		{"hermit", "hermit_monastery", surveyorOpts(), 9 - 1},
		{"pilgrimage counts the monastery's own road", "pilgrimage_route", surveyorOpts(), 9 + 4},
		{"pilgrimage eight neighbours", "pilgrimage_route", eight, 9 + 3},
		{"hermit eight neighbours", "hermit_monastery", eight, 9 - 1},
		{"wealth", "monastery_wealth", surveyorOpts(), 12},
		{"poverty", "monastery_poverty", poverty, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := newTable(t, 2, c.opts)
			b.activate(c.tile)
			monasteryRing(b)
			b.scores(c.want, 0)
		})
	}
}

func TestMonasteryWithoutSurveyors(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	monasteryRing(b)
	b.scores(9, 0)
}

func activeIDs(g *Game) [3]string {
	return [3]string{surveyorTiles[g.active(City)].id, surveyorTiles[g.active(Road)].id, surveyorTiles[g.active(Monastery)].id}
}

func TestPilesCycleOnlyAfterAScoring(t *testing.T) {
	b := newTable(t, 2, surveyorOpts())
	start := activeIDs(b.g)
	b.lay('E', 0, 0, 2, "", 0)
	b.lay('E', 0, 1, 0, "", 0) // a city completed without a knight scores for nobody
	if got := activeIDs(b.g); got != start {
		t.Fatalf("active tiles moved after a scoring for nobody: %v -> %v", start, got)
	}
	// A road scored: all three piles turn, the monastery pile too.
	b.lay('W', 5, 0, 0, "", 0)
	b.lay('U', 6, 0, 0, "road:W", 0)
	b.lay('W', 7, 0, 0, "", 0)
	for i := range b.g.xs.surveyors.piles {
		if b.g.xs.surveyors.piles[i].active != 1 {
			t.Errorf("pile %d active index %d after one scoring turn, want 1", i, b.g.xs.surveyors.piles[i].active)
		}
	}
	// Two features closed by one tile: one cycle.
	b.lay('E', 10, 0, 2, "city:S", 0) // cap south
	b.lay('W', 11, 1, 0, "road:W", 1) // crossroads, dead end west
	b.lay('W', 10, 2, 2, "", 0)       // crossroads, dead end north
	b.lay('J', 10, 1, 0, "", 0)       // city N closes the cap's city, road E-S joins both dead ends
	if n := len(b.g.events); n != 3 {
		t.Fatalf("%d scorings, want 3", n)
	}
	for i := range b.g.xs.surveyors.piles {
		if b.g.xs.surveyors.piles[i].active != 2 {
			t.Errorf("pile %d active index %d after two scoring turns, want 2", i, b.g.xs.surveyors.piles[i].active)
		}
	}
}

func TestSurveyorsDoNotChangeFinalScoring(t *testing.T) {
	b := newTable(t, 2, surveyorOpts())
	b.activate("city_poverty")
	b.lay('E', 0, 0, 0, "city:N", 0)
	b.lay('F', 0, -1, 1, "", 0)
	b.g.finalScoring()
	b.scores(3, 0)
}

func TestPileComposition(t *testing.T) {
	o := surveyorOpts()
	o.RoadBonus, o.MonasteryBonus = "wealth", "poverty"
	g, err := NewGame(o, 2, 99)
	if err != nil {
		t.Fatal(err)
	}
	want := [3]map[string]bool{
		{"citizens_jury": true, "bad_neighbourhood": true, "siege": true, "city_wealth": true, "city_poverty": true},
		{"street_fair": true, "highway": true, "peasant_uprising": true, "road_wealth": true},
		{"hermit_monastery": true, "pilgrimage_route": true, "monastery_poverty": true},
	}
	for i, p := range g.xs.surveyors.piles {
		if p.n != len(want[i]) {
			t.Errorf("pile %d holds %d tiles, want %d", i, p.n, len(want[i]))
		}
		for j := 0; j < p.n; j++ {
			if !want[i][surveyorTiles[p.tiles[j]].id] {
				t.Errorf("pile %d holds %s", i, surveyorTiles[p.tiles[j]].id)
			}
		}
	}
}

func TestBadNeighbourhoodCapsSwitch(t *testing.T) {
	for _, c := range []struct {
		caps string
		want int
	}{{"all", 0}, {"arched", 2}} {
		t.Run(c.caps, func(t *testing.T) {
			o := surveyorOpts()
			o.Caps = c.caps
			b := newTable(t, 2, o)
			b.activate("bad_neighbourhood")
			b.lay('J', 0, 0, 2, "city:S", 0) // arched cap, turned to face south
			b.lay('E', 0, 1, 0, "", 0)       // angular cap facing north closes the city
			b.scores(c.want, 0)
		})
	}
}

// The rules page's Peasant Uprising example: Red's road scores only 4; here a road of 6 tiles, 2 of them
// with a farmhouse (K).
func TestPeasantUprisingExampleTotal(t *testing.T) {
	b := newTable(t, 2, surveyorOpts())
	b.activate("peasant_uprising")
	b.lay('W', 0, 0, 0, "", 0)       // crossroads, dead end east
	b.lay('K', 1, 0, 0, "road:W", 0) // farmhouse, road W-S
	b.lay('K', 1, 1, 2, "", 0)       // farmhouse, road N-E (city south)
	b.lay('U', 2, 1, 0, "", 0)
	b.lay('U', 3, 1, 0, "", 0)
	b.lay('W', 4, 1, 0, "", 0) // crossroads, dead end west
	b.scores(6-2, 0)
}

// The rules page's Hermit Monastery example: 9 − 4 = 5, four neighbours with a city.
func TestHermitExampleTotal(t *testing.T) {
	b := newTable(t, 2, surveyorOpts())
	b.activate("hermit_monastery")
	b.lay('B', 0, 0, 0, "monastery", 0)
	b.lay('E', 0, -1, 0, "", 1) // city north
	b.lay('E', 1, 0, 1, "", 1)  // city east
	b.lay('E', 0, 1, 2, "", 1)  // city south
	b.lay('E', -1, 0, 3, "", 1) // city west
	for _, p := range [][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		b.lay('B', p[0], p[1], 0, "", 1)
	}
	b.scores(5, 0)
}

// The rules page's Pilgrimage Route example: 9 + 6 = 15, six neighbours with a road.
func TestPilgrimageExampleTotal(t *testing.T) {
	b := newTable(t, 2, surveyorOpts())
	b.activate("pilgrimage_route")
	b.lay('B', 0, 0, 0, "monastery", 0)
	b.lay('V', -1, -1, 2, "", 1) // road N-E
	b.lay('U', 0, -1, 0, "", 1)  // road W-E
	b.lay('V', 1, -1, 1, "", 1)  // road W-N
	b.lay('V', -1, 1, 3, "", 1)  // road E-S
	b.lay('U', 0, 1, 0, "", 1)
	b.lay('V', 1, 1, 0, "", 1) // road S-W
	b.lay('B', -1, 0, 0, "", 1)
	b.scores(0, 0)
	b.lay('B', 1, 0, 0, "", 1)
	b.scores(15, 0)
}
