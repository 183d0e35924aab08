package cartographers

import (
	carto "github.com/surveyor-game/surveyor/cartographers"
)

// deckInfo is what a player knows of the explore deck: its size and which explore, ruins and rift cards
// have not been revealed this season (the ambush or hero still hidden make up the difference).
type deckInfo struct {
	hidden int
	// explore are the unrevealed explore and rift cards (those a player draws).
	explore []carto.CardID
	ruins   int
	// ruinsIDs are the unrevealed ruins cards (ruins of them).
	ruinsIDs []carto.CardID
	// ambushes are the ambush cards that may be the one still hidden this season, and ambushChance the
	// chance that such a card is among the hidden ones (0 when this season's ambush has been revealed).
	ambushes     []carto.CardID
	ambushChance float64
}

func (d deckInfo) ruinsLeft() bool { return d.ruins > 0 }

// publicDeck works out the hidden part of this season's deck from public facts only: the options, the
// cards revealed this season and the deck's size.
func publicDeck(g *carto.Game) deckInfo {
	var d deckInfo
	d.hidden, _, _ = g.DeckCounts()
	for _, id := range g.ExploreCards() {
		revealed := false
		for r := range g.Revealed() {
			revealed = revealed || r == id
		}
		if revealed {
			continue
		}
		if id.Card().Type == carto.RuinsCard {
			d.ruins++
			d.ruinsIDs = append(d.ruinsIDs, id)
			continue
		}
		d.explore = append(d.explore, id)
	}
	// The counts cannot disagree with a consistent game; if they did, trust the deck size.
	if len(d.explore)+d.ruins > d.hidden {
		d.hidden = len(d.explore) + d.ruins
	}
	// The other hidden cards are this season's ambush and hero, if not revealed yet. With heroes in play
	// and one of the two left, either may be the one: an even chance.
	special := d.hidden - len(d.explore) - d.ruins
	heroes := g.HeroesInPlay()
	switch {
	case special <= 0:
	case !heroes || special >= 2:
		d.ambushChance = 1
	default:
		d.ambushChance = 0.5
	}
	if d.ambushChance > 0 {
		// The ambushes already revealed are public (Game.Specials); any other may be the hidden one.
		for _, id := range g.AmbushCards() {
			revealed := false
			for sp := range g.Specials() {
				revealed = revealed || sp.Card == id
			}
			if !revealed {
				d.ambushes = append(d.ambushes, id)
			}
		}
		if len(d.ambushes) == 0 {
			d.ambushChance = 0
		}
	}
	return d
}
