// Package game is the contract between the rules engines and everything that hosts them (server, bots,
// command line). A game is a value: its options, its seed and the list of moves played; replaying them
// rebuilds the state exactly. The server knows games only through these interfaces.
package game

import (
	"encoding/json"
	"errors"
)

// Seat is a player's place in a game, 0-based in seat order.
type Seat int

// Spectator is the seat passed to View for someone who does not play.
const Spectator Seat = -1

// Definition describes one kind of game (Cartographers, Carcassonne) to its hosts.
type Definition interface {
	// Name is the stable identifier used in records and the API ("cartographers", "carcassonne").
	Name() string
	// SeatRange is the smallest and largest number of seats a game may have.
	SeatRange() (min, max int)
	// DefaultOptions is the JSON of the options used when a client sends none.
	DefaultOptions() json.RawMessage
	// CanonicalOptions validates options (empty or null means the defaults) and spells every one of them
	// out, defaults and preset values included. Hosts store this form, so that a stored game keeps
	// replaying the same way when a default or a preset changes later. Errors wrap ErrBadOptions.
	CanonicalOptions(options json.RawMessage) (json.RawMessage, error)
	// New sets up a game. It validates options (an empty or null value means the defaults) and the seat
	// count, and returns an error wrapping ErrBadOptions when they are not acceptable.
	New(options json.RawMessage, seats int, seed uint64) (State, error)
}

// SeatRanger is implemented by definitions whose seat range depends on the options (Carcassonne has a
// sixth seat only with Inns & Cathedrals). SeatRange is then the widest range, over every options (what
// the list of games offers); hosts that know a match's options ask SeatRangeFor (the function), which
// falls back on SeatRange.
type SeatRanger interface {
	// SeatRangeFor is the smallest and largest number of seats a game with these options may have (empty
	// or null options mean the defaults). Bad options give an error wrapping ErrBadOptions.
	SeatRangeFor(options json.RawMessage) (min, max int, err error)
}

// SeatRangeFor is the seat range of a game of def with these options: def's SeatRangeFor if it has one,
// its SeatRange otherwise.
func SeatRangeFor(def Definition, options json.RawMessage) (min, max int, err error) {
	if r, ok := def.(SeatRanger); ok {
		return r.SeatRangeFor(options)
	}
	min, max = def.SeatRange()
	return min, max, nil
}

// State is one game in progress. It is not safe for concurrent use; hosts serialise access.
type State interface {
	// ToAct lists the seats that must act now, in seat order: several at once for simultaneous games, one
	// for turn-based ones, none once the game is over.
	ToAct() []Seat
	// Apply validates and plays one move given in its JSON form. On error the state is unchanged and the
	// error wraps ErrIllegalMove, ErrNotYourTurn or ErrBadMove.
	Apply(seat Seat, move json.RawMessage) error
	// LegalMoves lists moves the seat may play now in their JSON form (empty if the seat need not act).
	// For games whose move space is large it may list one representative per distinct choice.
	LegalMoves(seat Seat) []json.RawMessage
	// AutoMove picks a legal move for a seat that must act, by a fixed simple policy. Hosts use it when a
	// clock runs out and for smoke tests; it is deterministic for a given state.
	AutoMove(seat Seat) (json.RawMessage, error)
	// View is what one seat (or Spectator) may see now, ready to marshal as JSON. It never contains the
	// seed, the order of hidden decks or another seat's private information.
	View(seat Seat) any
	// Over reports whether the game has ended.
	Over() bool
	// Result is the outcome; valid once Over is true.
	Result() Result
}

// Undoer is implemented by games that let a seat take back its last move while the step it belongs to is
// still open (for Cartographers, until every player has drawn and the turn closes). Hosts undo by
// replaying the log without that move.
type Undoer interface {
	// Undoable reports whether the seat's most recent move may still be taken back.
	Undoable(seat Seat) bool
}

// SplitViewer is implemented by games whose views are mostly alike for every seat (a Cartographers table
// of a hundred shows every sheet to everyone). PublicView is what all see; SeatView(seat) is what the seat
// sees besides, a JSON object whose fields replace PublicView's of the same name: View(seat) is PublicView
// with SeatView over it. Hosts build the public part once per change instead of once per seat.
type SplitViewer interface {
	PublicView() any
	SeatView(seat Seat) any
}

// ViewAppender is implemented by games that write a view's JSON themselves: AppendView(dst, seat) appends
// exactly the bytes json.Marshal(View(seat)) would give. Hosts encode a view on every change for every
// seat, and encoding/json's reflection is a large part of a small game's move; hosts use AppendView when
// the state has it.
type ViewAppender interface {
	AppendView(dst []byte, seat Seat) []byte
}

// Result is the outcome of a finished game.
type Result struct {
	// Scores per seat.
	Scores []int `json:"scores"`
	// Ranks per seat, 1 for the winner(s); seats that tie after all tie-breaks share a rank.
	Ranks []int `json:"ranks"`
	// Detail is the game's own breakdown (season scores, solo rating, scoring events...).
	Detail any `json:"detail,omitempty"`
}

// Errors returned by Definition.New and State.Apply, wrapped with a precise message.
var (
	ErrBadOptions  = errors.New("bad options")
	ErrBadMove     = errors.New("malformed move")
	ErrIllegalMove = errors.New("illegal move")
	ErrNotYourTurn = errors.New("not your turn")
	ErrGameOver    = errors.New("game is over")
)
