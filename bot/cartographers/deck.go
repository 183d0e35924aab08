package cartographers

import (
	"strings"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// deckInfo is what a player knows of the explore deck: its size and which explore, ruins and rift cards
// have not been revealed this season (the ambush or hero still hidden make up the difference).
type deckInfo struct {
	hidden int
	// explore are the unrevealed explore and rift cards (those a player draws).
	explore []carto.CardID
	ruins   int
}

func (d deckInfo) ruinsLeft() bool { return d.ruins > 0 }

// presetExplore is the explore deck of each preset when Options.Explore is empty (cartographers/options.go).
var presetExplore = map[string]string{"cartographers": "base", "heroes": "heroes", "both": "both"}

// exploreSet lists the explore, ruins and rift cards of the game's explore deck. The engine keeps this list
// unexported (config.explore), so it is derived from the options in the same way the engine resolves them.
func exploreSet(o carto.Options) []carto.CardID {
	set := strings.ToLower(o.Explore)
	if set == "" {
		set = presetExplore[strings.ToLower(o.Preset)]
		if set == "" {
			set = "base"
		}
	}
	var out []carto.CardID
	for id := carto.CardID(0); int(id) < len(carto.Cards); id++ {
		c := id.Card()
		if c.Type != carto.ExploreCard && c.Type != carto.RuinsCard && c.Type != carto.RiftCard {
			continue
		}
		if set == "both" || c.Heroes == (set == "heroes") {
			out = append(out, id)
		}
	}
	return out
}

// publicDeck works out the hidden part of this season's deck from public facts only: the options, the
// cards revealed this season and the deck's size.
func publicDeck(g *carto.Game) deckInfo {
	var d deckInfo
	d.hidden, _, _ = g.DeckCounts()
	for _, id := range exploreSet(g.Options()) {
		revealed := false
		for _, r := range g.Revealed {
			revealed = revealed || r == id
		}
		if revealed {
			continue
		}
		if id.Card().Type == carto.RuinsCard {
			d.ruins++
			continue
		}
		d.explore = append(d.explore, id)
	}
	// The counts cannot disagree with a consistent game; if they did, trust the deck size.
	if len(d.explore)+d.ruins > d.hidden {
		d.hidden = len(d.explore) + d.ruins
	}
	return d
}
