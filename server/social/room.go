// Package social is the place around the tables (docs/api.md, "Notifications and friends";
// docs/notifications.md): an account's inbox and its live stream, how it wants to be told, its browsers'
// push subscriptions, the people it follows and blocks, reports to the operator, presence at a table, the
// kinds of notes and their words, and the sender that works the outbox.
//
// The match host (package server) builds one Room, hands it what it needs of the matches as functions
// (Host), and registers its observers (observe.Observer): the notes a match's event causes are written
// in the same transaction as the event, which is the outbox's guarantee.
package social

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// Identity is what the room asks of the accounts: the account a request acts for, refused without one.
type Identity interface {
	SignedIn(r *http.Request, scope string) (*accounts.Principal, error)
}

// TableSeat is one seat of a match as presence reads it.
type TableSeat struct {
	Here   bool      // a page of the seat has the table open on this instance, or a bot plays it
	Moved  time.Time // when its player last moved themselves, not by the clock (zero: never)
	Holder string    // the account holding it ("" for none)
}

// Host is what the room needs of the server it serves in.
type Host struct {
	Accounts store.Accounts // nil: the server has no accounts (every endpoint but presence refuses)
	Ident    Identity
	Notifier store.Notifier // the store's notifications when instances share it (nil: one instance)
	Now      func() time.Time
	Log      *slog.Logger
	MaxBody  int64
	Drained  <-chan struct{} // closed when the server drains: inbox streams end
	// Acted reports whether a seat of a match acted since the match's step seq (or the game ended, or
	// the seat resigned): a turn or clock note written at seq is then stale. An error: the match
	// cannot be read.
	Acted func(ctx context.Context, matchID string, seat int, seq int64) (bool, error)
	// Watching reports whether an account has a match open and in view at its seat on this instance.
	Watching func(matchID, userID string) bool
	// Table is who sits at a match's table now.
	Table func(ctx context.Context, matchID string) ([]TableSeat, error)
	// Delivered counts a push or mail delivery in the operator's metrics (err: refused).
	Delivered func(channel string, err error)
}

// Room is the social world of one server instance.
type Room struct {
	host     Host
	accounts store.Accounts
	ident    Identity
	now      func() time.Time
	log      *slog.Logger
	inboxes  userHub // the accounts' open inbox streams
	sender   *sender // works the outbox (sender.go); nil until StartSender
	// hourly limits of an account's confirmation mails and reports
	confirmations, reports httpkit.PerHour
}

// sharedOf is where the room's limits count, so that they hold across instances: the accounts' database
// (both backends share what instances agree on), or nil without accounts.
func sharedOf(a store.Accounts) httpkit.RecentActions {
	if sh, ok := a.(store.Shared); ok {
		return sh
	}
	return nil
}

// New builds the room; the sender starts with StartSender.
func New(h Host) *Room {
	return &Room{host: h, accounts: h.Accounts, ident: h.Ident, now: h.Now, log: h.Log,
		confirmations: httpkit.PerHour{Limit: ConfirmBurst, Name: "confirm", Shared: sharedOf(h.Accounts)},
		reports:       httpkit.PerHour{Limit: ReportBurst, Name: "report", Shared: sharedOf(h.Accounts)}}
}

// Notes is the observer that writes the notes a match's event causes; the host registers it before
// the others, and only with accounts.
func (s *Room) Notes() observe.Observer { return notes{} }

// WakeHere wakes the inbox streams open on this instance for an account whose inbox changed.
func (s *Room) WakeHere(user string) { s.inboxes.wake(user) }

func (s *Room) decode(w http.ResponseWriter, r *http.Request, v any) error {
	return httpkit.Decode(w, r, s.host.MaxBody, v, nil)
}

func (s *Room) decodeOptional(w http.ResponseWriter, r *http.Request, v any) error {
	return httpkit.DecodeOptional(w, r, s.host.MaxBody, v)
}
