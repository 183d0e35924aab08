package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/surveyor-game/surveyor/game"
)

// Bots is every game's bots as the catalogue a host (the server) is given: it seats a bot by its game's
// name and its own.
func Bots() game.Bots { return catalog{} }

type catalog struct{}

// Names lists a game's bots, its default (the strongest, first in the game's list) first, then the others
// in alphabetical order.
func (catalog) Names(gameName string) []string {
	g, ok := Lookup(gameName)
	if !ok || len(g.Bots) == 0 {
		return nil
	}
	rest := g.BotNames()[1:]
	slices.Sort(rest)
	return append([]string{g.Bots[0].Name}, rest...)
}

// Rating is a bot's fixed rating in its game ("" for the game's default); false if unknown or unrated.
func (catalog) Rating(gameName, name string) (game.FixedRating, bool) {
	g, ok := Lookup(gameName)
	if !ok {
		return game.FixedRating{}, false
	}
	spec, err := g.Bot(name)
	if err != nil || !spec.Rating.Rated() {
		return game.FixedRating{}, false
	}
	return spec.Rating, true
}

// New makes a bot for a game by name ("" for the game's default). Unknown names are an error listing the
// known ones, in alphabetical order.
func (catalog) New(gameName, name string) (game.Bot, error) {
	g, ok := Lookup(gameName)
	if !ok || len(g.Bots) == 0 {
		var have []string
		for _, g := range list {
			if len(g.Bots) > 0 {
				have = append(have, g.Name())
			}
		}
		slices.Sort(have)
		return nil, fmt.Errorf("bot: no bots for game %q (have %s)", gameName, strings.Join(have, ", "))
	}
	spec, err := g.Bot(name)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	return spec.New(), nil
}
