package cartographers

import (
	"slices"
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// testBudget is a small search: the tests check what the search does, the sims how well it plays.
var testBudget = SearchBudget{Samples: 6, Width: 6, Seasons: 1}

// Every card that really comes in the rest of the season is among those the search samples from, which
// it works out from public facts only; the hero, which the playouts give no value, is left out.
func TestHiddenPoolHoldsTheComingCards(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		o := carto.Options{}
		if seed%2 == 0 {
			o.Preset = "both"
		}
		g, err := carto.NewGame(o, 1+int(seed%3), seed)
		if err != nil {
			t.Fatal(err)
		}
		b := New(Fast)
		for !g.Over() {
			for _, s := range g.ToActSeats() {
				if d, sheet := g.DecisionOf(s); d.Kind() == carto.DecideDraw && sheet == s {
					pool := b.hiddenPool(g, publicDeck(g), nil)
					for _, id := range trueOrder(g, g.Season(), nil) {
						if id == seasonBreak || id.Card().Type == carto.HeroCard {
							continue
						}
						ambush := id.Card().Type == carto.AmbushCard && slices.Contains(pool, ambushSlot)
						if !ambush && !slices.Contains(pool, id) {
							t.Fatalf("seed %d season %d: %s comes but the pool %v lacks it", seed, g.Season(), id, pool)
						}
						checked++
					}
				}
				m, err := b.Choose(g, s)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(s, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d coming cards checked", checked)
	}
}
