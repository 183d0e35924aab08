// Package store keeps the event log of every game the server hosts. A game is a row (what it is, its
// seed, its status) plus an append-only log of events numbered 1, 2, 3...; the server rebuilds a game's
// state by replaying its log. Appends are optimistic: the caller names the sequence number it last saw,
// and the append fails with ErrConflict when another writer got there first, so that two server instances
// racing on one game never both append.
//
// Two backends implement Store: store/sqlite (embedded, the default) and store/postgres (for several
// instances; it also implements Notifier). store/storetest is the conformance suite both pass.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Game is a game's row: everything about it that is not in its log.
type Game struct {
	ID      string
	Game    string          // the game.Definition name
	Options json.RawMessage // the game's options as accepted
	Seed    uint64          // secret until the game is over
	Config  json.RawMessage // the host's own settings (seat limit, clock), opaque to the store
	Status  string          // host-defined, for listings ("open", "playing", "finished")
	Summary json.RawMessage // host-defined public summary for listings, replaced by Append
	Seq     int64           // number of events in the log
	Created time.Time
	Updated time.Time
}

// Event is one entry of a game's log.
type Event struct {
	Seq  int64           // 1-based position in the log, assigned by Append
	Kind string          // host-defined ("join", "start", "move", "undo"...)
	Seat int             // the seat it concerns, or -1
	Data json.RawMessage // host-defined payload; must be valid JSON
	At   time.Time       // when the host accepted it (microsecond precision is kept)
}

// Update is what Append changes on the game's row besides its sequence number. Empty fields are left as
// they are.
type Update struct {
	Status  string
	Summary json.RawMessage
	// Notes are outbox rows written in the same transaction as the events, so that the notifications a
	// move causes are exactly as durable as the move (social.go).
	Notes []Note
}

// Errors returned by every backend, wrapped with context.
var (
	ErrNotFound = errors.New("game not found")
	ErrExists   = errors.New("game already exists")
	// ErrConflict means the log has grown past the sequence number the caller gave: reload and retry.
	ErrConflict = errors.New("sequence conflict")
)

// UnlistedMark is how a game's summary (the host's JSON) says the lobby's lists leave it out.
const UnlistedMark = `"unlisted":true`

// Store is the event log of all games. Implementations are safe for concurrent use.
type Store interface {
	// CreateGame inserts a new game with an empty log (g.Seq is ignored and stored as 0).
	CreateGame(ctx context.Context, g Game) error
	// Game returns a game's row.
	Game(ctx context.Context, id string) (Game, error)
	// ListGames returns up to limit games with the given status (all if empty), newest first.
	ListGames(ctx context.Context, status string, limit int) ([]Game, error)
	// ListListed is ListGames without the games whose summary holds UnlistedMark (the lobby's lists): the
	// query leaves them out, so that however many there are, none crowds a listed game out of limit.
	ListListed(ctx context.Context, status string, limit int) ([]Game, error)
	// Append adds events to a game's log at after+1, after+2... in one transaction that also advances the
	// game's sequence number to after+len(evs) and applies up. It fails with ErrConflict, changing nothing,
	// unless the game's sequence number is exactly after. It returns the new sequence number.
	Append(ctx context.Context, id string, after int64, up Update, evs ...Event) (int64, error)
	// Events returns the events of a game's log with a sequence number greater than after, in order.
	Events(ctx context.Context, id string, after int64) ([]Event, error)
	// Ping checks that the database answers.
	Ping(ctx context.Context) error
	// Close releases the database.
	Close() error
}

// Notifier is implemented by stores shared by several processes: it reports appends made by any of them.
type Notifier interface {
	// Listen calls fn(id, seq) after each committed append (seq is the game's new sequence number), until
	// ctx ends. Each time it starts listening, the first time and after a lost connection, it calls
	// fn("", 0): appends from then on will be reported, and any game may have changed before.
	Listen(ctx context.Context, fn func(id string, seq int64)) error
	// Wake tells every instance's Listen that these accounts have new notes in their inbox, as
	// fn(WakePrefix+userID, 0) (game ids never begin with WakePrefix).
	Wake(ctx context.Context, userIDs []string) error
}

// WakePrefix marks an account's wake-up among the ids Listen reports.
const WakePrefix = "@"

// MicroTime rounds t to the microsecond precision both backends keep, in UTC.
func MicroTime(t time.Time) time.Time { return time.UnixMicro(t.UnixMicro()).UTC() }

// CheckAppend validates Append's arguments the same way for every backend.
func CheckAppend(id string, after int64, evs []Event) error {
	if len(evs) == 0 {
		return errors.New("append: no events")
	}
	if after < 0 {
		return errors.New("append: negative sequence number")
	}
	for _, ev := range evs {
		if ev.Kind == "" {
			return errors.New("append: event without kind")
		}
		if !json.Valid(ev.Data) {
			return errors.New("append: event " + ev.Kind + " data is not valid JSON")
		}
	}
	if id == "" {
		return errors.New("append: empty game id")
	}
	return nil
}

// Scanner is one result row of either backend's driver (database/sql or pgx).
type Scanner interface {
	Scan(dest ...any) error
}

// Rows is a result set of either backend's driver.
type Rows interface {
	Scanner
	Next() bool
	Err() error
}

// Collect scans every row with scan; the caller closes rows.
func Collect[T any](rows Rows, scan func(Rows) (T, error)) ([]T, error) {
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
