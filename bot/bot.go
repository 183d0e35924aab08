// Package bot is the one interface through which tools (the simulator, the command line) make and play a
// bot of any game, read from the list of games (package games, whose Bots is the catalogue a host is
// given). A bot answers with a move in the same JSON form a client sends, so the server plays a bot's seat
// with st.Apply(seat, move) like any other move.
//
// Each game's bots live in its own package (bot/cartographers, bot/carcassonne), with typed APIs that the
// simulator (bot/sim) uses without JSON.
package bot

import (
	"fmt"
	"slices"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// Bot chooses moves for a seat (game.Bot: the contract hosts know).
type Bot = game.Bot

// New makes a bot for a game by name ("" for the game's default). Unknown names are an error listing
// the known ones.
func New(gameName, name string) (Bot, error) { return games.Bots().New(gameName, name) }

// Default is the name of a game's default (strongest) bot, "" if it has none.
func Default(gameName string) string {
	if g, ok := games.Lookup(gameName); ok && len(g.Bots) > 0 {
		return g.Bots[0].Name
	}
	return ""
}

// Names lists a game's bots in alphabetical order.
func Names(gameName string) []string {
	g, _ := games.Lookup(gameName)
	names := g.BotNames()
	slices.Sort(names)
	return names
}

// Games lists the games that have bots, in alphabetical order.
func Games() []string {
	var out []string
	for _, g := range games.All() {
		if len(g.Bots) > 0 {
			out = append(out, g.Name())
		}
	}
	slices.Sort(out)
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
