// Package bot is the one interface through which a host seats a bot in any game: the catalogue of every
// game's bots, read from the list of games (package games). A bot answers with a move in the same JSON form
// a client sends, so the server plays a bot's seat with st.Apply(seat, move) like any other move.
//
// Each game's bots live in its own package (bot/cartographers, bot/carcassonne), with typed APIs that the
// simulator (bot/sim) uses without JSON.
package bot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// Bot chooses moves for a seat (game.Bot: the contract hosts know).
type Bot = game.Bot

// Catalog is the catalogue as the game.Bots a host (the server) is given.
type Catalog struct{}

var _ game.Bots = Catalog{}

// Names lists a game's bots, its default first, then the others in alphabetical order.
func (Catalog) Names(gameName string) []string {
	g, ok := games.Lookup(gameName)
	if !ok || len(g.Bots) == 0 {
		return nil
	}
	names := Names(gameName)
	def := g.Bots[0].Name
	i := slices.Index(names, def)
	return append([]string{def}, slices.Delete(names, i, i+1)...)
}

// Rating is a bot's fixed rating in its game ("" for the game's default); false if unknown or unrated.
func (Catalog) Rating(gameName, name string) (game.FixedRating, bool) {
	g, ok := games.Lookup(gameName)
	if !ok {
		return game.FixedRating{}, false
	}
	spec, err := g.Bot(name)
	if err != nil || !spec.Rating.Rated() {
		return game.FixedRating{}, false
	}
	return spec.Rating, true
}

// New makes a bot for a game by name ("" for the game's default).
func (Catalog) New(gameName, name string) (game.Bot, error) { return New(gameName, name) }

// New makes a bot for a game by name ("" for the game's default). Unknown names are an error listing
// the known ones.
func New(gameName, name string) (Bot, error) {
	g, ok := games.Lookup(gameName)
	if !ok || len(g.Bots) == 0 {
		return nil, fmt.Errorf("bot: no bots for game %q (have %s)", gameName, strings.Join(Games(), ", "))
	}
	spec, err := g.Bot(name)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	return spec.New(), nil
}

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
