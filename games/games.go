// Package games is the one list of the games this binary knows. Each entry is a game's definition together
// with everything else the game brings: its bots, its command-line commands, its benchmarks and its
// simulator. The server, the command line, the bot catalogue and the simulator all read this list, and no
// code outside a game's own packages (those with the game's name as a path element, such as cartographers,
// bot/cartographers and games/cartographers) names a game.
//
// A new game is a rules package implementing game.Definition, a games/NAME package returning its Game, one
// line in the list below, and a folder of the browser client (docs/client.md).
package games

import (
	"slices"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games/carcassonne"
	"github.com/surveyor-game/surveyor/games/cartographers"
)

// Game is one game and what it brings (game.Plugin: the type lives with the contract so that each game's
// package can build its own entry).
type Game = game.Plugin

// list is the one list of games, in the order they are offered.
var list = []Game{
	cartographers.Game(),
	carcassonne.Game(),
}

// All returns every game, in the order they are offered.
func All() []Game { return slices.Clone(list) }

// Lookup returns a game by name.
func Lookup(name string) (Game, bool) {
	for _, g := range list {
		if g.Name() == name {
			return g, true
		}
	}
	return Game{}, false
}

// Names lists the games' names in the order they are offered.
func Names() []string {
	out := make([]string, len(list))
	for i, g := range list {
		out[i] = g.Name()
	}
	return out
}

// Challenges are every game's series of challenges (server/challenges), the daily ones first, each in the
// order the games are offered.
func Challenges() []game.ChallengeSeries {
	var daily, weekly []game.ChallengeSeries
	for _, g := range list {
		for _, c := range g.Challenges {
			c.Game, c.Unit = g.Name(), g.ScoreUnit
			if c.Weekly {
				weekly = append(weekly, c)
			} else {
				daily = append(daily, c)
			}
		}
	}
	return append(daily, weekly...)
}

// Registry is the definitions of every game, for hosts that replay and serve them.
func Registry() game.Registry {
	defs := make([]game.Definition, len(list))
	for i, g := range list {
		defs[i] = g.Definition
	}
	return game.NewRegistry(defs...)
}
