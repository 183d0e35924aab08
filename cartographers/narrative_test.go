package cartographers

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// The solo zombie game of TestZombieSpreadsAfterScoring, told: the ambush drawn by the solo rules, the
// cards with their turn, the season's score and the spread, each at the move after which it happened.
func TestNarrativeTellsWhatTheEngineDid(t *testing.T) {
	t.Parallel()
	g := rigWith(t, true, Options{Ambush: "heroes"}, 1, emptyA, "Zombie Plague", "Hinterland Stream", "Homestead", "Orchard", "Treetop Village")
	for range 4 {
		ms := g.LegalMoves(0)
		mustPlay(t, g, 0, ms[len(ms)-1])
	}
	var got []string
	for _, e := range g.Narrative() {
		if e.Kind == "coins" {
			continue // where the placements at the bottom right earn coins is not this test's concern
		}
		got = append(got, itoa(e.After)+" "+e.Kind+" "+e.Tell([]string{"Ada"}))
		if e.Kind == "season_score" {
			break
		}
	}
	want := []string{
		"0 card Spring, turn 1: Zombie Plague (ambush)",
		"0 placement Zombie Plague is drawn on A1 on Ada's sheet",
		"0 card Spring, turn 2: Hinterland Stream (time 2) — drawn by all",
		"1 card Spring, turn 3: Homestead (time 2) — drawn by all",
		"2 card Spring, turn 4: Orchard (time 2) — drawn by all",
		"3 card Spring, turn 5: Treetop Village (time 2) — drawn by all",
	}
	if len(got) != len(want)+1 || strings.Join(got[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Fatalf("narrative:\n%s\nwant it to start:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	last := got[len(want)]
	if !strings.HasPrefix(last, "4 season_score End of spring: Ada scores ") || !strings.Contains(last, "monsters −2)") {
		t.Fatalf("season's end told %q", last)
	}
	// After the score, the zombies spread to A2 and B1 (TestZombieSpreadsAfterScoring).
	found := false
	for _, e := range g.Narrative() {
		if e.Kind == "placement" && e.After == 4 {
			found = e.Tell([]string{"Ada"}) == "Zombie Plague spreads to A2 B1 on Ada's sheet"
		}
	}
	if !found {
		t.Fatal("the zombies' spread after spring is not told")
	}
}

// A Gorgon with one target left takes it without a move, and says so.
func TestNarrativeTellsForcedTargets(t *testing.T) {
	t.Parallel()
	g := rigWith(t, true, Options{Ambush: "heroes"}, 2, emptyA, "Gorgon Gaze")
	// Sheet 0's Gorgon at (3,3) (3,5) (4,4) with hits on all but (4,4), and three of (4,4)'s four
	// neighbours already destroyed: one target left, (5,4) = F5.
	g.players[0].sheet.hits = setOf([2]int{3, 3}, [2]int{3, 5})
	g.players[0].sheet.Draw(setOf([2]int{3, 4}, [2]int{4, 3}, [2]int{4, 5}), Destroyed)
	mustPlay(t, g, 1, Move{Type: DecideAmbush, Cells: setOf([2]int{3, 3}, [2]int{3, 5}, [2]int{4, 4})})
	n := g.Narrative()
	e := n[len(n)-1]
	if e.After != 1 || e.Kind != "placement" || e.Tell([]string{"Ada", "Bea"}) != "Gorgon Gaze destroys F5 on Ada's sheet" || e.Seat == nil || *e.Seat != 0 {
		t.Fatalf("last event %+v", e)
	}
	var data struct {
		Card, Action string
		Spaces       []string
	}
	if err := json.Unmarshal(e.Data, &data); err != nil || data.Card != "Gorgon Gaze" || data.Action != "destroys" || strings.Join(data.Spaces, ",") != "F5" {
		t.Fatalf("data %s: %v", e.Data, err)
	}
}

// Live games are not told; the told ones are, through the JSON contract too; clones never are.
func TestNarrativeOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	st, err := Definition{}.New(nil, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	if n := st.(game.Narrator).Narrative(); n != nil {
		t.Fatalf("a game made by New tells %d events", len(n))
	}
	told, err := Definition{}.NewTold(nil, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	n := told.(game.Narrator).Narrative()
	if len(n) < 2 || n[0].Kind != "edicts" || n[1].Kind != "card" {
		t.Fatalf("told game starts %+v", n)
	}
	if c := told.(*State).g.Clone(); c.Narrative() != nil {
		t.Fatal("a clone tells")
	}
}

// In a game of several, a neighbour draws the monster: the story says who drew it on whose sheet.
func TestNarrativeTellsWhoseSheetAMonsterWentOn(t *testing.T) {
	t.Parallel()
	g := rigWith(t, true, Options{Ambush: "heroes"}, 2, emptyA, "Gorgon Gaze")
	mustPlay(t, g, 1, Move{Type: DecideAmbush, Cells: setOf([2]int{3, 3}, [2]int{3, 5}, [2]int{4, 4})})
	for _, e := range g.Narrative() {
		if e.Kind == "placement" && e.After == 1 {
			if got := e.Tell([]string{"Anna", "Bea"}); got != "Bea draws Gorgon Gaze on Anna's sheet: D4 D6 E5" {
				t.Fatalf("told %q", got)
			}
			return
		}
	}
	t.Fatal("the ambush drawn by the neighbour is not told")
}

// A seat's view is the public view with the seat's part over it, field by field: what hosts of large
// tables send (game.SplitViewer) is what View says.
func TestSeatPartOverPublicViewIsTheView(t *testing.T) {
	t.Parallel()
	g, err := NewGame(Options{Preset: "both"}, 3, 77)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(5, 5)
	var buf []Placement
	for step := 0; step < 60 && !g.Over(); step++ {
		for seat := -1; seat < 3; seat++ {
			pub, _ := json.Marshal(g.PublicView())
			part, _ := json.Marshal(g.SeatPart(seat))
			var merged, view map[string]any
			json.Unmarshal(pub, &merged)
			var over map[string]any
			json.Unmarshal(part, &over)
			for k, v := range over {
				merged[k] = v
			}
			vb, _ := json.Marshal(g.View(seat))
			json.Unmarshal(vb, &view)
			mb, _ := json.Marshal(merged)
			vb2, _ := json.Marshal(view)
			if string(mb) != string(vb2) {
				t.Fatalf("step %d, seat %d: merged view differs from View:\n%s\n%s", step, seat, mb, vb2)
			}
		}
		seats := g.ToActSeats()
		var m Move
		m, _, buf = g.RandomMove(seats[0], rng, buf)
		if err := g.Play(seats[0], m); err != nil {
			t.Fatal(err)
		}
	}
}
