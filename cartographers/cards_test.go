package cartographers

import "testing"

func TestCardData(t *testing.T) {
	t.Parallel()
	count := func(from, to CardID, typ CardType) (n, time int) {
		for id := from; id < to; id++ {
			if cardTable[id].Type == typ || (typ == ExploreCard && cardTable[id].Type != AmbushCard && cardTable[id].Type != HeroCard) {
				n++
				time += cardTable[id].Time
			}
		}
		return
	}
	// §2: 13 base explore cards (2 ruins, Rift Lands) and 11 Heroes ones, each deck worth 16 time.
	if n, tm := count(firstBaseExplore, firstHeroesExplore, ExploreCard); n != 13 || tm != 16 {
		t.Errorf("base explore deck: %d cards, %d time; want 13, 16", n, tm)
	}
	if n, tm := count(firstHeroesExplore, firstBaseAmbush, ExploreCard); n != 11 || tm != 16 {
		t.Errorf("Heroes explore deck: %d cards, %d time; want 11, 16", n, tm)
	}
	if n, _ := count(firstBaseAmbush, firstHero, AmbushCard); n != 8 {
		t.Errorf("%d ambushes, want 8", n)
	}
	if n, _ := count(firstHero, numCards, HeroCard); n != 4 || int(numCards) != len(cardTable) {
		t.Errorf("%d heroes, want 4 (and %d cards in all)", n, len(cardTable))
	}
	// Shape sizes from the tables of §2 and §3.
	for _, c := range []struct {
		name  string
		sizes []int
		coin  bool
	}{
		{"Great River", []int{3, 5}, true}, {"Farmland", []int{2, 5}, true}, {"Hamlet", []int{3, 5}, true},
		{"Forgotten Forest", []int{2, 4}, true}, {"Hinterland Stream", []int{5}, false}, {"Homestead", []int{4}, false},
		{"Orchard", []int{4}, false}, {"Treetop Village", []int{5}, false}, {"Marshlands", []int{5}, false},
		{"Fishing Village", []int{4}, false}, {"Rift Lands", []int{1}, false}, {"Lagoon", []int{2, 4}, true},
		{"Pasture", []int{2, 4}, true}, {"Settlement", []int{2, 5}, true}, {"Timber Grove", []int{3, 4}, true},
		{"Hillside Terrace", []int{4}, false}, {"Frontier Dwelling", []int{5}, false}, {"Wildwood Garden", []int{3}, false},
		{"Woodland Crossroads", []int{5}, false}, {"Coastal Encampment", []int{4}, false}, {"Mangrove Swamp", []int{5}, false},
		{"Kethra's Gates", []int{1}, false}, {"Goblin Attack", []int{3}, false}, {"Bugbear Assault", []int{4}, false},
		{"Kobold Onslaught", []int{4}, false}, {"Gnoll Raid", []int{5}, false}, {"Dragon Inferno", []int{5}, false},
		{"Zombie Plague", []int{1}, false}, {"Giant Troll Ravage", []int{4}, false}, {"Gorgon Gaze", []int{3}, false},
	} {
		card := cardTable[mustCard(t, c.name)]
		if len(card.Options) != len(c.sizes) {
			t.Errorf("%s: %d shapes, want %d", c.name, len(card.Options), len(c.sizes))
			continue
		}
		for i, sz := range c.sizes {
			if got := card.Options[i].Shape.Size(); got != sz {
				t.Errorf("%s shape %d: %d cells, want %d", c.name, i, got, sz)
			}
		}
		if card.Options[0].Coin != c.coin {
			t.Errorf("%s: coin on the first shape %v, want %v", c.name, card.Options[0].Coin, c.coin)
		}
	}
	if _, ok := CardByName("kethra’s gates"); !ok {
		t.Error("typographic apostrophe and case not accepted")
	}
}
