// Package observe is the seam between the match host (package server) and the rooms beside it: what
// the host tells about every event a match logs (a read-only Snapshot) and the Observer interface the
// rooms that follow from a game (notes, ratings, the sender's wake-up) implement. It holds no state of
// its own, so that a room and the host share it without either importing the other.
package observe

import (
	"context"
	"slices"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// Observer is what the match host tells about every event a match logs, so that what follows from a
// game (notes, ratings, the sender's wake-up) lives beside the host instead of inside it. Both calls
// are made under the match's lock, in the order the observers were registered.
//
// Before is called with the event validated but not yet appended: the notes it returns are written in
// the same transaction as the event, so that a note is exactly as durable as the change that causes it
// (the outbox's guarantee). After is called once the event is appended and applied in memory.
type Observer interface {
	Before(ctx context.Context, ev *Snapshot) []store.Note
	After(ctx context.Context, ev *Snapshot)
}

// Snapshot is a read-only view of one logged event and of its match, built by the host for its
// observers. Observers must not change it: the same snapshot goes to every observer, before and after.
type Snapshot struct {
	Match string // the match's id
	Game  string // the game definition's name
	// Created is when the match was created.
	Created time.Time
	Kind    string // the event's kind (join, start, move, undo, rematch, chat, close, leave)
	Seat    int    // the seat that caused it (-1 for the host or the server)
	Seq     int64  // the sequence number it is logged at
	At      time.Time
	// Seats are the match's seats when the event is logged (a join's new seat not yet among them).
	Seats []SeatView
	// ToActBefore are the seats that had to act before the event; ToActAfter those that must act after it.
	// A move is applied by the engine before it is logged, so ToActAfter is known to Before; for other
	// events it is filled once the event is applied, for After.
	ToActBefore, ToActAfter []game.Seat
	Over                    bool // the game is over after the event (for a move; other events leave it as it was)
	Finished                bool // this event ended the game, and this instance logged it
	Rated                   bool // the match moves its players' ratings when it ends
	// Ranks are the final ranks by seat, once the game is over, and Scores the final scores.
	Ranks, Scores []int
	// Detail is the final result's game-specific detail (game.Result.Detail), once over.
	Detail any
	// Ended is why the game ended before its rules ended it (a resignation, a claim), once over.
	Ended string
	// Challenge is the challenge the match is an attempt at ("" for none: server/challenges).
	Challenge string
	// Tournament is the tournament the match is a game of ("" for none: server/tournaments).
	Tournament string
	// Deadlines are, by seat, when each seat that must act after the event runs out of time (zero: no
	// clock, or the seat need not act).
	Deadlines []time.Time
	// Notes are the notes the observers' Before calls returned, written with the event (for After).
	Notes []store.Note
	// Present are, by seat, the seats whose player has the table open and in view on this instance.
	Present []bool

	holders     func() []string
	holdersDone bool
	held        []string
}

// Event kinds the rooms read, as a match's log names them.
const (
	Start   = "start"
	Move    = "move"
	Rematch = "rematch"
	Resign  = "resign"
	Claim   = "claim"
)

// HostSeat is the seat that hosts a match: it alone starts it.
const HostSeat game.Seat = 0

// AskHolders gives the snapshot the way to learn who holds its seats, asked on first use (Holders): the
// host sets it while it builds the snapshot.
func (e *Snapshot) AskHolders(f func() []string) { e.holders = f }

// SeatView is one seat as observers see it.
type SeatView struct {
	Name    string
	Bot     string // the bot playing it ("" for a person)
	Account string // the account name that took it signed in ("" for a guest)
	// Resigned: the seat resigned (before this event), and the server plays it.
	Resigned bool
}

// Holders are the accounts (ids) holding each seat ("" for none), asked of the accounts store once, on
// first use; nil without accounts.
func (e *Snapshot) Holders() []string {
	if !e.holdersDone {
		e.holdersDone = true
		if e.holders != nil {
			e.held = slices.Clone(e.holders())
		}
	}
	return e.held
}

// AtTable reports whether the account has the match open and in view at one of its seats.
func (e *Snapshot) AtTable(user string) bool {
	for s, here := range e.Present {
		if here && e.Holder(game.Seat(s)) == user {
			return true
		}
	}
	return false
}

// Holder is the account holding seat s ("" for none).
func (e *Snapshot) Holder(s game.Seat) string {
	h := e.Holders()
	if s >= 0 && int(s) < len(h) {
		return h[s]
	}
	return ""
}
