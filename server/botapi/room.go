package botapi

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// Identity is what the room asks of the accounts.
type Identity interface {
	WhoIs(r *http.Request) (*accounts.Principal, error)
	SignedIn(r *http.Request, scope string) (*accounts.Principal, error)
}

// Notes writes notes outside a match's change (the social room).
type Notes interface {
	AddNotes(ctx context.Context, ns ...store.Note)
}

// Match is a match as a bot's events name it.
type Match struct {
	ID      string
	Game    string          // the game definition's name
	Options json.RawMessage // the match's options
	From    string          // an invitation's: the name of the seat that invites
}

// Feed is one seat's view of a match, as the host pushes it: Wake when a new state waits, Take it (nil
// if another reader took it first), Done when the host let the feed go; Close when done reading.
type Feed struct {
	Wake, Done <-chan struct{}
	Take       func() []byte
	Close      func()
}

// Host is what the room needs of the server it serves in.
type Host struct {
	Accounts store.Accounts // nil: the server has no accounts (every endpoint refuses)
	Ident    Identity
	Social   Notes
	Now      func() time.Time
	MaxBody  int64
	Drained  <-chan struct{} // closed when the server drains: streams end
	// InPlay is a match that has neither finished nor been closed; false otherwise (or if it cannot be
	// read).
	InPlay func(ctx context.Context, id string) (Match, bool)
	// Follow is the view of a match of the seat the request holds, refused for a spectator.
	Follow func(r *http.Request, id string) (Feed, error)
	// Invite logs that the request's seat of a match not yet started invites names; the match it
	// answers names the inviting seat. admit is asked once the seat is known and before anything is
	// logged (a request without the seat's credential reaches no limit); its refusal is the answer.
	Invite func(r *http.Request, id string, names []string, admit func() error) (Match, error)
	// Shared is the database the instances share (nil: one instance, whose memory is enough), and Wake
	// calls WakeHere for a bot on every instance.
	Shared store.Shared
	Wake   func(ctx context.Context, userID string)
	// RatedEntry is the name of a rated tournament not finished that the account is entered in ("": none,
	// or nil: the server has no tournaments).
	RatedEntry func(ctx context.Context, userID string) (string, error)
}

// Room is the bot API of one server instance.
type Room struct {
	host        Host
	accounts    store.Accounts
	ident       Identity
	now         func() time.Time
	hub         *botHub
	invitations httpkit.PerHour // hourly limit of an account's invitations of people
	// botInvitations is the hourly limit of a table's invitations of bots: bots are invited without an
	// account, and each invitation is an event of the match's log.
	botInvitations httpkit.PerHour
}

// New builds the room.
func New(h Host) *Room {
	r := &Room{host: h, accounts: h.Accounts, ident: h.Ident, now: h.Now, hub: newBotHub(),
		invitations:    httpkit.PerHour{Limit: InviteBurst, Name: "invite"},
		botInvitations: httpkit.PerHour{Limit: BotInviteBurst, Name: "invite-bot"}}
	if sh, ok := h.Accounts.(store.Shared); ok {
		r.invitations.Shared, r.botInvitations.Shared = sh, sh // the limits hold across instances
	}
	if h.Shared != nil && h.Wake != nil {
		r.hub.shared, r.hub.wake, r.hub.instance = h.Shared, h.Wake, httpkit.NewID()
	}
	if h.Now != nil {
		r.hub.now = h.Now
	}
	return r
}

// WakeHere delivers a bot's waiting events to its stream if it is open on this instance (Host.Wake's
// call, from any instance).
func (s *Room) WakeHere(ctx context.Context, userID string) { s.hub.wakeHere(ctx, userID) }
