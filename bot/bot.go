// Package bot is the one interface through which a host seats a bot in any game, and the registry of the
// bots by game and name. A bot answers with a move in the same JSON form a client sends, so the server
// plays a bot's seat with st.Apply(seat, move) like any other move.
//
// The typed bots in bot/cartographers and bot/carcassonne are what the sim uses, without JSON.
package bot

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	carcbot "github.com/surveyor-game/surveyor/bot/carcassonne"
	cartobot "github.com/surveyor-game/surveyor/bot/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// Bot chooses moves for a seat (game.Bot: the contract hosts know).
type Bot = game.Bot

// Catalog is the registry as the game.Bots a host (the server) is given.
type Catalog struct{}

var _ game.Bots = Catalog{}

// Names lists a game's bots, its default first, then the others in alphabetical order.
func (Catalog) Names(gameName string) []string {
	names := Names(gameName)
	if d, ok := Default[gameName]; ok {
		if i := slices.Index(names, d); i > 0 {
			names = append([]string{d}, slices.Delete(names, i, i+1)...)
		}
	}
	return names
}

// New makes a bot for a game by name ("" for the game's default).
func (Catalog) New(gameName, name string) (game.Bot, error) { return New(gameName, name) }

// auto is the engine's own simple policy (State.AutoMove), the baseline the other bots are measured against.
type auto struct{}

func (auto) Name() string { return "auto" }

func (auto) Move(st game.State, seat game.Seat) (json.RawMessage, error) {
	m, err := st.AutoMove(seat)
	if err != nil {
		return nil, fmt.Errorf("auto bot: %w", err)
	}
	return m, nil
}

// registry maps a game name to its bots by name; each entry makes a fresh bot.
var registry = map[string]map[string]func() Bot{
	"cartographers": {
		"auto":   func() Bot { return auto{} },
		"fast":   func() Bot { return cartobot.New(cartobot.Fast) },
		"strong": func() Bot { return cartobot.New(cartobot.Strong) },
	},
	"carcassonne": {
		"auto":    func() Bot { return auto{} },
		"greedy+": func() Bot { return carcbot.New() },
	},
}

// Default is the name of each game's strongest bot, which a host seats when no name is asked for.
var Default = map[string]string{"cartographers": "strong", "carcassonne": "greedy+"}

// New makes a bot for a game by name ("" for the game's default). Unknown names are an error listing
// the known ones.
func New(gameName, name string) (Bot, error) {
	bots, ok := registry[gameName]
	if !ok {
		return nil, fmt.Errorf("bot: no bots for game %q (have %s)", gameName, strings.Join(Games(), ", "))
	}
	if name == "" {
		name = Default[gameName]
	}
	mk, ok := bots[name]
	if !ok {
		return nil, fmt.Errorf("bot: %s has no bot %q (have %s)", gameName, name, strings.Join(Names(gameName), ", "))
	}
	return mk(), nil
}

// Names lists a game's bots in alphabetical order.
func Names(gameName string) []string {
	var out []string
	for n := range registry[gameName] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Games lists the games that have bots.
func Games() []string {
	var out []string
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Play asks the bot for the seat's move and applies it: the one call a host needs for a bot's turn.
func Play(b Bot, st game.State, seat game.Seat) error {
	m, err := b.Move(st, seat)
	if err != nil {
		return fmt.Errorf("bot %s, seat %d: %w", b.Name(), seat, err)
	}
	if err := st.Apply(seat, m); err != nil {
		return fmt.Errorf("bot %s, seat %d played %s: %w", b.Name(), seat, m, err)
	}
	return nil
}
