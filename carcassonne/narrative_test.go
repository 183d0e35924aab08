package carcassonne

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// Each "tile" event names the tile the engine offered at that turn (Current), each set-aside tile is in
// the discard pile, the events come in the order of the moves, and the piles' order appears only once the
// game is over (until then the piles below the next tile are hidden).
func TestNarrativeFollowsTheGame(t *testing.T) {
	o := DefaultOptions()
	o.Surveyors = true
	g, err := NewGame(o, 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	var offered []string
	for !g.Over() {
		offered = append(offered, g.Current())
		for _, e := range g.Narrative() {
			if e.Kind == "piles" {
				t.Fatal("the piles' order is told before the game is over")
			}
		}
		if err := g.Play(g.GreedyMove()); err != nil {
			t.Fatal(err)
		}
	}
	n := g.Narrative()
	if n[0].Kind != "piles" || !strings.Contains(n[0].Text, "city: ") {
		t.Fatalf("first event %+v", n[0])
	}
	var tiles, setAside []string
	scorings, last := 0, 0
	for _, e := range n {
		if e.After < last {
			t.Fatalf("event %q after move %d comes after one of move %d", e.Text, e.After, last)
		}
		last = e.After
		var d struct{ Tile string }
		json.Unmarshal(e.Data, &d)
		switch e.Kind {
		case "tile":
			tiles = append(tiles, d.Tile)
			if want := "Turn " + strconv.Itoa(len(tiles)) + ": {seat " + strconv.Itoa((len(tiles)-1)%3) + "} draws " + baseTileWords[d.Tile]; e.Text != want || e.After != len(tiles)-1 {
				t.Fatalf("tile event %+v, want %q after move %d", e, want, len(tiles)-1)
			}
		case "set_aside":
			setAside = append(setAside, d.Tile)
		case "scoring":
			scorings++
		}
	}
	if strings.Join(tiles, "") != strings.Join(offered, "") {
		t.Fatalf("tiles told %v, offered %v", tiles, offered)
	}
	v := g.View(0).(View)
	if strings.Join(setAside, "") != strings.Join(v.Discarded, "") || scorings != len(v.Events) {
		t.Fatalf("set aside %v (discarded %v), %d scorings of %d", setAside, v.Discarded, scorings, len(v.Events))
	}
	if end := n[len(n)-1]; end.Kind != "end" || end.After != len(offered) {
		t.Fatalf("last event %+v", end)
	}
}

// A scoring told as a person reads it: the feature, who scores, and what the Land Surveyors tile changed.
func TestScoringText(t *testing.T) {
	for _, c := range []struct {
		se   ScoreEvent
		want string
	}{
		{ScoreEvent{Feature: "city", Tiles: make([]Pos, 2), Receivers: []int{2}, Points: 7, Surveyor: "city_wealth", SurveyorDelta: 3},
			"city of 2 tiles: {seat 2} +7 (Wealth: +3)"},
		{ScoreEvent{Final: true, Feature: "field", Cities: 1, Receivers: []int{0, 1}, Points: 3},
			"Final scoring: field next to 1 completed city: {seat 0} and {seat 1} +3"},
		{ScoreEvent{Feature: "road", Tiles: make([]Pos, 1), Receivers: []int{}}, "road of 1 tile: no one scores"},
	} {
		if got := scoringText(c.se); got != c.want {
			t.Errorf("told %q, want %q", got, c.want)
		}
	}
}

// baseTileWords are the base game's tiles named as a person sees them, written out by hand from the
// tile pictures (docs/carcassonne-tiles.md), not by the code under test.
var baseTileWords = map[string]string{
	"A": "a monastery with a road", "B": "a monastery", "C": "a city on all four sides with a coat of arms",
	"D": "a city cap with a straight road", "E": "a city cap", "F": "a city across the tile with a coat of arms",
	"G": "a city across the tile", "H": "two city caps", "I": "two city caps", "J": "a city cap with a road bend",
	"K": "a city cap with a road bend", "L": "a city cap with a three-way crossroads",
	"M": "a city corner with a coat of arms", "N": "a city corner",
	"O": "a city corner with a road bend and a coat of arms", "P": "a city corner with a road bend",
	"Q": "a three-sided city with a coat of arms", "R": "a three-sided city",
	"S": "a three-sided city with a road end and a coat of arms", "T": "a three-sided city with a road end",
	"U": "a straight road", "V": "a road bend", "W": "a three-way crossroads", "X": "a four-way crossroads",
}

// TestTileWords: every base tile and one of each expansion's kinds is named by what it shows, never by
// its id ("D", "RV11"): the words surveyor replay prints and the browser's words.js says (e2e's
// TestTileWordsMatchClient checks the two agree on every type).
func TestTileWords(t *testing.T) {
	want := map[string]string{
		"RV1": "the river's spring", "RV11": "the river's lake",
		"RV2": "a straight stretch of river with a city cap and a road end",
		"Vg":  "a road bend with a garden", "IC1": "a road bend with an inn",
		"TB4": "a city corner and a city cap with a road end and grain",
		"MW2": "a city corner with a road bend and a magic portal",
	}
	for id, w := range baseTileWords {
		want[id] = w
	}
	for id, w := range want {
		typ := typeByName(id)
		if typ < 0 {
			t.Fatalf("no tile type %q", id)
		}
		if got := TileWords(typ); got != w {
			t.Errorf("tile %s is told as %q, want %q", id, got, w)
		}
	}
	for typ := 0; typ < NumTileTypes; typ++ {
		if w := TileWords(typ); w == "" || strings.Contains(" "+w+" ", " "+TileName(typ)+" ") {
			t.Errorf("tile %s is told as %q", TileName(typ), w)
		}
	}
}

// The narrative surveyor replay prints names every tile drawn or set aside in words, its id kept in the
// data only.
func TestNarrativeTellsTilesInWords(t *testing.T) {
	o := DefaultOptions()
	o.Surveyors = true
	o.Expansions = RiverExp | AbbotExp | InnsCathedralsExp | TradersBuildersExp | MageWitchExp
	g, err := NewGame(o, 4, 9)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRandomPlayer(9)
	for !g.Over() {
		if err := g.Play(r.Move(g)); err != nil {
			t.Fatal(err)
		}
	}
	told := 0
	for _, e := range g.Narrative() {
		if e.Kind != "tile" && e.Kind != "set_aside" {
			continue
		}
		var d struct{ Tile string }
		if err := json.Unmarshal(e.Data, &d); err != nil || d.Tile == "" {
			t.Fatalf("event %q: data %s", e.Text, e.Data)
		}
		w := TileWords(typeByName(d.Tile))
		if strings.Contains(e.Text+" ", " "+d.Tile+" ") || !strings.Contains(strings.ToLower(e.Text), w) {
			t.Errorf("%s event %q: want the tile %s named %q", e.Kind, e.Text, d.Tile, w)
		}
		told++
	}
	if told < 100 {
		t.Fatalf("only %d tiles told", told)
	}
}
