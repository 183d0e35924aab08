package cartographers_test

import (
	"fmt"

	"github.com/surveyor-game/surveyor/cartographers"
)

// A solo game from a seed: the card revealed, the decision it asks for, one move played.
func Example() {
	g, err := cartographers.NewGame(cartographers.Options{}, 1, 42)
	if err != nil {
		panic(err)
	}
	d, _ := g.DecisionOf(0)
	fmt.Printf("%s, time %d of %d: %s asks for a %s decision\n", cartographers.Seasons()[g.Season()].Name, g.SeasonTime(), g.Threshold(),
		g.Current().Card().Name, d.Kind())
	m, _ := g.AutoMove(0)
	if err := g.Play(0, m); err != nil {
		panic(err)
	}
	fmt.Printf("after the move: turn %d, %s\n", g.Turn(), g.Current().Card().Name)
	// Output:
	// Spring, time 1 of 8: Farmland asks for a draw decision
	// after the move: turn 1, Orchard
}

// A map in the text form scored by one card: the untouched side A of the format document
// (shared/formats/cartographers-map.md), whose Lost Barony is worth 3 (a single mountain is a filled 1x1
// square) and which has no monster to count against it.
func ExampleScoringCard_Score() {
	sheet, err := cartographers.ParseMap(`
...........
...M.r.....
.r......Mr.
...........
...........
.....M.....
...........
...........
.rM......r.
.....r.M...
...........`)
	if err != nil {
		panic(err)
	}
	card, _ := cartographers.ScoringCardByName("Lost Barony")
	stars, _ := card.Score(&sheet)
	penalty, _ := cartographers.MonsterPenalty(&sheet)
	fmt.Println("Lost Barony:", stars, "monster penalty:", penalty)
	// Output:
	// Lost Barony: 3 monster penalty: 0
}

// The placements of the revealed card's first option on an empty sheet: Farmland's two-space domino fits
// in 11×10 places across and as many down, less the 20 that touch one of side A's five mountains.
func ExampleGame_LegalDraws() {
	g, _ := cartographers.NewGame(cartographers.Options{}, 1, 42)
	d, sheet := g.DecisionOf(0)
	ps := g.LegalDraws(sheet, d, 0, nil)
	fmt.Printf("%s, option 1: %d placements\n", d.Card().Card().Name, len(ps))
	// Output:
	// Farmland, option 1: 200 placements
}
