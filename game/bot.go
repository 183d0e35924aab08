package game

import "encoding/json"

// Bot chooses moves for a seat: the contract through which a host seats a bot in any game. Move returns a
// legal move for the seat's pending decision, in the same JSON form a client sends, using only what
// View(seat) shows, so that the host logs and applies it like any other move. A Bot is not safe for
// concurrent use (bots keep scratch space): a host gives each table its own and calls it under the lock
// that serialises the table's state.
type Bot interface {
	Name() string
	Move(st State, seat Seat) (json.RawMessage, error)
}

// Varied is a bot that can play as a character of its own: given a seed before a move, it picks among
// answers of (nearly) equal worth by it instead of always the first. A host gives each seat its own seed
// (and each decision its own draw of it), so that two bots of one level at a table, who see the same cards,
// do not draw the same maps.
type Varied interface {
	Vary(seed uint64)
}

// Bots is a catalogue of bots by game, which a host offers to its players.
type Bots interface {
	// Names lists the bots of a game, its default first; none if the game has no bots.
	Names(game string) []string
	// New makes a fresh bot for a game by name ("" for the game's default).
	New(game, name string) (Bot, error)
	// Rating is a bot's fixed rating in its game; false if the bot is unknown or unrated.
	Rating(game, name string) (FixedRating, bool)
}
