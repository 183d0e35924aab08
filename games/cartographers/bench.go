package cartographers

import (
	"fmt"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// benchSheets plays n seeded random solo games of both boxes, each stopped after draws decisions (0: to its
// end), and returns their sheets: the positions the engine benchmarks measure, made by the engine itself so
// that the binary carries no fixture.
func benchSheets(n, draws int) ([]cartographers.Sheet, error) {
	out := make([]cartographers.Sheet, 0, n)
	rng := game.NewRNG(7, 11)
	for i := range n {
		g, err := cartographers.NewGame(cartographers.Options{Preset: "both"}, 1, uint64(1000+i))
		if err != nil {
			return nil, err
		}
		for k := 0; !g.Over() && (draws == 0 || k < draws); k++ {
			m, _, _ := g.RandomMove(0, rng, nil)
			if err := g.Play(0, m); err != nil {
				return nil, fmt.Errorf("bench game %d: %w", i, err)
			}
		}
		out = append(out, g.Sheet(0))
	}
	return out, nil
}

// benchPlacements times listing one explore card's placements on half-filled sheets: one op is every
// option of one card, as a PlacementSet (counted, not listed).
func benchPlacements() (func(int) error, error) {
	sheets, err := benchSheets(16, 14)
	if err != nil {
		return nil, err
	}
	var cards [][]cartographers.Shape
	for _, c := range cartographers.Cards() {
		if c.Type != cartographers.ExploreCard {
			continue
		}
		var shapes []cartographers.Shape
		for _, o := range c.Options {
			shapes = append(shapes, o.Shape)
		}
		cards = append(cards, shapes)
	}
	sink := 0
	return func(i int) error {
		s := &sheets[i%len(sheets)]
		for _, sh := range cards[i%len(cards)] {
			sink += s.PlacementSet(sh, cartographers.Bits{}).Len()
		}
		if sink < 0 {
			return fmt.Errorf("impossible count %d", sink)
		}
		return nil
	}, nil
}

// benchScoreAll times scoring a finished sheet with every one of the 32 scoring cards: one op is all 32.
func benchScoreAll() (func(int) error, error) {
	sheets, err := benchSheets(8, 0)
	if err != nil {
		return nil, err
	}
	cards := cartographers.ScoringCards()
	return func(i int) error {
		s := &sheets[i%len(sheets)]
		total := 0
		for k := range cards {
			n, _ := cards[k].Score(s)
			total += n
		}
		if total < 0 {
			return fmt.Errorf("negative stars %d", total)
		}
		return nil
	}, nil
}
