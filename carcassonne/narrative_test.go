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
			if want := "Turn " + strconv.Itoa(len(tiles)) + ": {seat " + strconv.Itoa((len(tiles)-1)%3) + "} draws " + d.Tile; e.Text != want || e.After != len(tiles)-1 {
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
