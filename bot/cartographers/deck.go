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
	// ambushes are the ambush cards that may be the one still hidden this season, and ambushChance the
	// chance that such a card is among the hidden ones (0 when this season's ambush has been revealed).
	ambushes     []carto.CardID
	ambushChance float64
}

func (d deckInfo) ruinsLeft() bool { return d.ruins > 0 }

// presetAmbush is the ambush pool of each preset when Options.Ambush is empty.
var presetAmbush = map[string]string{"cartographers": "base", "heroes": "heroes", "both": "both"}

// firstAmbush is the first ambush card's id: Player.Monsters is indexed from it.
var firstAmbush = func() carto.CardID {
	for id := carto.CardID(0); int(id) < len(carto.Cards); id++ {
		if id.Card().Type == carto.AmbushCard {
			return id
		}
	}
	return 0
}()

// presetExplore is the explore deck of each preset when Options.Explore is empty (cartographers/options.go).
var presetExplore = map[string]string{"cartographers": "base", "heroes": "heroes", "both": "both"}

// exploreSet lists the explore, ruins and rift cards of the game's explore deck. The engine keeps this list
// unexported (config.explore), so it is derived from the options in the same way the engine resolves them.
func exploreSet(o carto.Options) []carto.CardID {
	return cardSet(o.Explore, presetExplore[strings.ToLower(o.Preset)], carto.ExploreCard, carto.RuinsCard, carto.RiftCard)
}

// ambushSet lists the ambush cards of the game's ambush deck, derived from the options likewise.
func ambushSet(o carto.Options) []carto.CardID {
	return cardSet(o.Ambush, presetAmbush[strings.ToLower(o.Preset)], carto.AmbushCard)
}

// cardSet lists the cards of some types in a content set ("base", "heroes" or "both"; empty: the preset's).
func cardSet(set, preset string, types ...carto.CardType) []carto.CardID {
	set = strings.ToLower(set)
	if set == "" {
		set = preset
	}
	if set == "" {
		set = "base"
	}
	var out []carto.CardID
	for id := carto.CardID(0); int(id) < len(carto.Cards); id++ {
		c := id.Card()
		typed := false
		for _, t := range types {
			typed = typed || c.Type == t
		}
		if typed && (set == "both" || c.Heroes == (set == "heroes")) {
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
	// The other hidden cards are this season's ambush and hero, if not revealed yet. With heroes in play
	// and one of the two left, either may be the one: an even chance.
	special := d.hidden - len(d.explore) - d.ruins
	heroes := g.Options().Heroes != nil && *g.Options().Heroes ||
		g.Options().Heroes == nil && strings.ToLower(g.Options().Preset) != "cartographers"
	switch {
	case special <= 0:
	case !heroes || special >= 2:
		d.ambushChance = 1
	default:
		d.ambushChance = 0.5
	}
	if d.ambushChance > 0 {
		for _, id := range ambushSet(g.Options()) {
			// An ambush already revealed has drawn its monster on the sheets (one that found no room on
			// any sheet is not told apart: it stays a candidate).
			used := false
			for i := range g.Players {
				used = used || g.Players[i].Monsters[id-firstAmbush].Any()
			}
			if !used {
				d.ambushes = append(d.ambushes, id)
			}
		}
		if len(d.ambushes) == 0 {
			d.ambushChance = 0
		}
	}
	return d
}
