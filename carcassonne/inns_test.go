package carcassonne

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

func innsOpts(surveyors bool) Options {
	o := DefaultOptions()
	o.Expansions = InnsCathedralsExp
	o.Surveyors = surveyors
	return o
}

// playOK is play that must be accepted.
func (b *table) playOK(name string, x, y, rot int, meeple string, fig Figure, seat int) {
	b.t.Helper()
	if err := b.play(name, x, y, rot, meeple, fig, seat); err != nil {
		b.t.Fatalf("%s at (%d,%d) turned %d: %v", name, x, y, rot, err)
	}
}

// mods is a scoring's modifiers as "name:delta" words.
func mods(e ScoreEvent) string {
	var out []string
	for _, m := range e.Modifiers {
		b, _ := json.Marshal(m.Delta)
		out = append(out, m.Name+":"+string(b))
	}
	return strings.Join(out, " ")
}

// The published contents of Inns & Cathedrals (docs/carcassonne-tiles.md): 18 tiles of 17 types, 6 with
// an inn (7 inn roads: IC3 has two), 2 with a cathedral, 3 with a coat of arms, 2 with a garden, 1 with a
// monastery; all of them in the pile with the expansion and none without.
func TestInnsTileCounts(t *testing.T) {
	nTypes, tiles, innTiles, innRoads, cathedrals, arms, gardens, monasteries := 0, 0, 0, 0, 0, 0, 0, 0
	for _, tt := range types {
		if tt.set != innsSet {
			continue
		}
		nTypes++
		tiles += tt.count
		inn, cathedral := false, false
		for _, s := range tt.segs {
			if s.inn {
				innRoads += tt.count
				inn = true
			}
			cathedral = cathedral || s.cathedral
		}
		if inn {
			innTiles += tt.count
		}
		if cathedral {
			cathedrals += tt.count
		}
		if tt.arms {
			arms += tt.count
		}
		if tt.garden >= 0 {
			gardens += tt.count
		}
		if tt.monastery >= 0 {
			monasteries += tt.count
		}
	}
	got := [...]int{nTypes, tiles, innTiles, innRoads, cathedrals, arms, gardens, monasteries}
	if want := [...]int{17, 18, 6, 7, 2, 3, 2, 1}; got != want {
		t.Errorf("types, tiles, inn tiles, inn roads, cathedrals, arms, gardens, monasteries: %v, want %v", got, want)
	}
	for _, c := range []struct {
		opts Options
		pile int
		ic   int
	}{{DefaultOptions(), 71, 0}, {innsOpts(false), 71 + 18, 18}, {func() Options {
		o := innsOpts(true)
		o.Expansions |= RiverExp | AbbotExp
		return o
	}(), 71 + 18 + 11, 18}} {
		g, err := NewGame(c.opts, 2, 5)
		if err != nil {
			t.Fatal(err)
		}
		ic := 0
		for i := 0; i < g.ndeck; i++ {
			if types[g.deck[i]].set == innsSet {
				ic++
			}
		}
		if g.ndeck != c.pile || ic != c.ic {
			t.Errorf("%v: %d tiles in the pile, %d of Inns & Cathedrals; want %d and %d", c.opts.Expansions, g.ndeck, ic, c.pile, c.ic)
		}
	}
}

// Each player has one large meeple, beside seven meeples; it stands where a meeple may (here a road), and
// the view shows it and each seat's supply of it.
func TestLargeMeepleStandsLikeAMeeple(t *testing.T) {
	b := newTable(t, 3, innsOpts(false))
	for s := 0; s < 3; s++ {
		if b.g.FigureSupply(s, LargeMeeple) != 1 || b.g.Supply(s) != 7 {
			t.Fatalf("seat %d: %d large meeples, %d meeples", s, b.g.FigureSupply(s, LargeMeeple), b.g.Supply(s))
		}
	}
	b.lay('U', -1, 0, 0, "", 0)
	force(b.g, "V")
	var offered [maxSeg]int
	if got := b.g.FigureOptions(Placement{X: 0, Y: 0, Rot: 0}, LargeMeeple, offered[:0]); len(got) != len(b.g.MeepleOptions(Placement{X: 0, Y: 0, Rot: 0}, nil)) {
		t.Errorf("large meeple offered %v, a meeple %v", got, b.g.MeepleOptions(Placement{X: 0, Y: 0, Rot: 0}, nil))
	}
	b.playOK("V", 0, 0, 0, "road:W", LargeMeeple, 1)
	v := b.g.View(0).(View)
	found := false
	for _, tv := range v.Board {
		for _, mv := range tv.Meeples {
			found = found || (tv.Tile == "V" && mv.Figure == "large" && mv.Seat == 1)
		}
	}
	if !found || v.Supplies[1]["large"] != 0 || v.Supplies[0]["large"] != 1 || v.Supplies[1]["meeple"] != 7 {
		t.Errorf("view: board %+v supplies %v", v.Board, v.Supplies)
	}
}

// A large meeple refused: a second one, one on a garden, one joining an occupied road, one in a game
// without Inns & Cathedrals; each refusal says why and changes nothing (play checks it).
func TestLargeMeepleRefusals(t *testing.T) {
	b := newTable(t, 2, innsOpts(false))
	b.lay('U', -1, 0, 0, "road:E", 1)
	err := b.play("V", 0, 0, 0, "road:W", LargeMeeple, 0)
	if !errors.Is(err, errOccupied) {
		t.Errorf("a large meeple joining an occupied road: %v", err)
	}
	err = b.play("IC2", 0, 0, 0, "garden", LargeMeeple, 0)
	if !errors.Is(err, errFigureThere) || !strings.Contains(err.Error(), "only an abbot") {
		t.Errorf("a large meeple on a garden: %v", err)
	}
	b.playOK("V", 0, 0, 0, "field:Ne", LargeMeeple, 0)
	err = b.play("B", 0, -1, 0, "monastery", LargeMeeple, 0)
	if !errors.Is(err, errNoSupply) || !strings.Contains(err.Error(), "no large meeple left") {
		t.Errorf("a second large meeple: %v", err)
	}
	base := newTable(t, 2, DefaultOptions())
	base.lay('U', -1, 0, 0, "", 1)
	err = base.play("V", 0, 0, 0, "road:W", LargeMeeple, 0)
	if !errors.Is(err, errNoFigure) || !strings.Contains(err.Error(), "large") {
		t.Errorf("a large meeple in a base game: %v", err)
	}
	if _, err := base.g.DecodeMove(json.RawMessage(`{"type":"place","x":0,"y":0,"rotation":0,"figure":"large"}`)); !errors.Is(err, game.ErrBadMove) {
		t.Errorf("a large meeple on no segment: %v", err)
	}
}

// majorityCity builds a city of four tiles from three caps around an R tile: red's large meeple on the
// north cap, blue's meeples on the west cap and, if two, the east one; R closes it (4 tiles × 2 = 8).
func majorityCity(b *table, blueTwo bool) {
	b.t.Helper()
	b.lay('E', -1, 0, 1, "city:E", 1)
	east := ""
	if blueTwo {
		east = "city:W"
	}
	b.lay('E', 1, 0, 3, east, 1)
	b.lay('B', -1, -1, 0, "", 1)
	b.playOK("E", 0, -1, 2, "city:S", LargeMeeple, 0)
	b.lay('R', 0, 0, 0, "", 1)
}

// The large meeple counts as two meeples in a majority: it beats one meeple and ties with two. With the
// Land Surveyors' Citizens' Jury (the page's community rule for Ext. 1), everyone with a figure in the
// city scores, large meeple or not.
func TestLargeMeepleMajority(t *testing.T) {
	cases := []struct {
		name     string
		surveyor string
		blueTwo  bool
		red      int
		blue     int
	}{
		{"beats one meeple", "", false, 8, 0},
		{"ties with two meeples", "", true, 8, 8},
		{"citizens' jury shares with one meeple", "citizens_jury", false, 8, 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := newTable(t, 2, innsOpts(c.surveyor != ""))
			if c.surveyor != "" {
				b.activate(c.surveyor)
			}
			majorityCity(b, c.blueTwo)
			b.scores(c.red, c.blue)
			if e := b.lastEvent(); e.Meeples[0] != 2 {
				t.Errorf("event counts red's strength %d, want 2", e.Meeples[0])
			}
			if b.g.FigureSupply(0, LargeMeeple) != 1 {
				t.Error("the large meeple did not go home after its city scored")
			}
		})
	}
}

// roadsPair lays two roads that one crossroads completes at once: red's of 3 tiles going west, blue's of
// 7 tiles going south with an inn (IC2) on it.
func roadsPair(b *table) {
	b.t.Helper()
	b.lay('W', -2, 0, 0, "", 0)
	b.lay('U', -1, 0, 0, "road:W", 0)
	b.lay('W', 0, 6, 2, "", 1) // dead end north
	b.lay('U', 0, 5, 1, "road:N", 1)
	b.lay('U', 0, 4, 1, "", 1)
	b.lay('U', 0, 3, 1, "", 1)
	b.playOK("IC2", 0, 2, 1, "", Meeple, 1)
	b.lay('U', 0, 1, 1, "", 1)
	b.lay('W', 0, 0, 0, "", 0) // roads E, S and W: closes both
}

// innRoad is the scoring of blue's road of roadsPair.
func innRoad(b *table) ScoreEvent {
	b.t.Helper()
	for _, e := range b.g.Events() {
		if len(e.Tiles) == 7 {
			return e
		}
	}
	b.t.Fatal("blue's road did not score")
	return ScoreEvent{}
}

// A completed road with an inn scores 2 per tile, recorded as the inn's modifier; a road without none.
func TestInnOnACompletedRoad(t *testing.T) {
	b := newTable(t, 2, innsOpts(false))
	roadsPair(b)
	b.scores(3, 14)
	ev := b.g.Events()
	if len(ev) != 2 || mods(ev[0])+mods(ev[1]) != "inn:7" || innRoad(b).BasePoints != 7 {
		t.Errorf("events %+v", ev)
	}
}

// The rules page's example 6: under Street Fair, red's road of 3 tiles scores 3 × 2 = 6 and blue's road
// of 7 tiles with an inn 7 × (2 + 1) = 21, the inn's point added after the doubling.
func TestStreetFairAndInnExample(t *testing.T) {
	b := newTable(t, 2, innsOpts(true))
	b.activate("street_fair")
	roadsPair(b)
	b.scores(6, 21)
	if got := mods(innRoad(b)); got != "street_fair:7 inn:7" {
		t.Errorf("blue's modifiers %q", got)
	}
}

// The rules page's example 7: under Highway, red's road scores 5 × 1 = 5 and blue's road with an inn
// 5 × 2 = 10, whatever their lengths.
func TestHighwayAndInnExample(t *testing.T) {
	b := newTable(t, 2, innsOpts(true))
	b.activate("highway")
	roadsPair(b)
	b.scores(5, 10)
	if got := mods(innRoad(b)); got != "highway:-2 inn:5" {
		t.Errorf("blue's modifiers %q", got)
	}
}

// The rules page's example 9: under Peasant Uprising, a road of 6 tiles with an inn and two farmhouses
// scores 6 × 2 − 2 = 10.
func TestPeasantUprisingAndInnExample(t *testing.T) {
	b := newTable(t, 2, innsOpts(true))
	b.activate("peasant_uprising")
	b.lay('W', 0, 0, 0, "", 0)       // crossroads, dead end east
	b.lay('K', 1, 0, 0, "road:W", 0) // farmhouse, road W-S
	b.lay('K', 1, 1, 2, "", 0)       // farmhouse, road N-E
	b.playOK("IC2", 2, 1, 0, "", Meeple, 1)
	b.lay('U', 3, 1, 0, "", 0)
	b.lay('W', 4, 1, 0, "", 0) // crossroads, dead end west
	b.scores(10, 0)
	if got := mods(b.lastEvent()); got != "peasant_uprising:-2 inn:6" {
		t.Errorf("modifiers %q", got)
	}
}

// cathedralCity is the city of the page's examples 2 and 5: the cathedral tile (IC11), the middle tile
// east of it (F with a coat of arms, or G without) and four caps, red's meeple on the north cap; the
// west cap closes it.
func cathedralCity(b *table, middle byte) {
	b.t.Helper()
	b.lay('E', 0, -1, 2, "city:S", 0)
	b.playOK("IC11", 0, 0, 0, "", Meeple, 1)
	b.lay(middle, 1, 0, 0, "", 1)
	b.lay('E', 2, 0, 3, "", 1)
	b.lay('E', 0, 1, 0, "", 1)
	b.lay('E', -1, 0, 1, "", 1)
}

// A completed city with a cathedral scores 3 per tile and 3 per coat of arms: 6 × 3 + 1 × 3 = 21.
func TestCathedralOnACompletedCity(t *testing.T) {
	b := newTable(t, 2, innsOpts(false))
	cathedralCity(b, 'F')
	b.scores(21, 0)
	if e := b.lastEvent(); mods(e) != "cathedral:7" || e.BasePoints != 14 {
		t.Errorf("event %+v", e)
	}
}

// The rules page's example 2: under Bad Neighbourhood, the four caps are left out of the count of the
// city with a cathedral: (6 − 4) × 3 = 6; red's meeple on a cap counts as usual.
func TestBadNeighbourhoodAndCathedralExample(t *testing.T) {
	b := newTable(t, 2, innsOpts(true))
	b.activate("bad_neighbourhood")
	cathedralCity(b, 'G')
	b.scores(6, 0)
	if got := mods(b.lastEvent()); got != "bad_neighbourhood:-8 cathedral:2" {
		t.Errorf("modifiers %q", got)
	}
}

// The rules page's example 5: under Siege, a city of 6 tiles with a cathedral and a coat of arms scores
// 6 × 3 + 1 × 4 = 22.
func TestSiegeAndCathedralExample(t *testing.T) {
	b := newTable(t, 2, innsOpts(true))
	b.activate("siege")
	cathedralCity(b, 'F')
	b.scores(22, 0)
	if got := mods(b.lastEvent()); got != "siege:1 cathedral:7" {
		t.Errorf("modifiers %q", got)
	}
}

// At the end of the game, a road with an inn or a city with a cathedral left unfinished scores nothing,
// the modifier taking away what it would have made; an unfinished road without an inn scores as usual.
func TestUnfinishedInnAndCathedralScoreNothing(t *testing.T) {
	b := newTable(t, 3, innsOpts(false))
	b.lay('U', -1, 0, 0, "", 0)
	b.playOK("IC1", 0, 0, 0, "road:S", Meeple, 0) // inn road W-S, open at both ends
	b.lay('E', 5, -1, 2, "city:S", 1)
	b.playOK("IC11", 5, 0, 0, "", Meeple, 1) // cathedral city, open E, S and W
	b.lay('U', 3, 0, 0, "road:W", 2)
	b.g.finalScoring()
	b.scores(0, 0, 1)
	want := map[string]string{"road 2": "inn:-2", "city 2": "cathedral:-2", "road 1": ""}
	for _, e := range b.g.Events() {
		k := e.Feature + " " + string(rune('0'+len(e.Tiles)))
		if w, ok := want[k]; !ok || mods(e) != w || !e.Final {
			t.Errorf("%s: modifiers %q, event %+v", k, mods(e), e)
		}
		delete(want, k)
	}
	if len(want) != 0 {
		t.Errorf("no scoring of %v", want)
	}
}

// The narrative tells an inn's and a cathedral's part of a scoring in words.
func TestNarrativeTellsInnsAndCathedrals(t *testing.T) {
	b := newTable(t, 2, innsOpts(true))
	b.activate("street_fair")
	roadsPair(b)
	text := scoringText(innRoad(b))
	if !strings.Contains(text, "(Street Fair: +7) (inn on the road: +7)") {
		t.Errorf("road: %q", text)
	}
	c := newTable(t, 2, innsOpts(false))
	cathedralCity(c, 'G')
	if text := scoringText(c.lastEvent()); !strings.Contains(text, "(cathedral in the city: +6)") {
		t.Errorf("city: %q", text)
	}
}

// Six players only with Inns & Cathedrals: the game and the seat range for the options say so, and a
// sixth player without it is refused in words that name the expansion.
func TestSixthSeat(t *testing.T) {
	g, err := NewGame(innsOpts(false), 6, 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.Players() != 6 || g.FigureSupply(5, LargeMeeple) != 1 || g.Supply(5) != 7 {
		t.Errorf("sixth seat: %d players, %d large meeples, %d meeples", g.Players(), g.FigureSupply(5, LargeMeeple), g.Supply(5))
	}
	_, err = NewGame(DefaultOptions(), 6, 1)
	if !errors.Is(err, game.ErrBadOptions) || !strings.Contains(err.Error(), "sixth player needs Inns & Cathedrals") {
		t.Errorf("six players in a base game: %v", err)
	}
	if _, err := NewGame(innsOpts(false), 7, 1); err == nil || strings.Contains(err.Error(), "sixth") {
		t.Errorf("seven players: %v", err)
	}
	for _, c := range []struct {
		opts string
		max  int
	}{{`{"expansions":["inns_cathedrals"]}`, 6}, {`{"surveyors":true}`, 5}, {``, 5}} {
		lo, hi, err := game.SeatRangeFor(Definition{}, json.RawMessage(c.opts))
		if err != nil || lo != 2 || hi != c.max {
			t.Errorf("%s: seats %d..%d (%v), want 2..%d", c.opts, lo, hi, err, c.max)
		}
	}
	if _, _, err := game.SeatRangeFor(Definition{}, json.RawMessage(`{"expansions":["towers"]}`)); !errors.Is(err, game.ErrBadOptions) {
		t.Errorf("bad options: %v", err)
	}
}
