package server

import (
	"context"
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// identity is all the match host asks of accounts: who a request acts for, which account holds which
// seat, binding a seat. A server without accounts has accounts.None, which knows no one and refuses what
// takes an account (accounts_disabled), so that the host never asks whether accounts are on.
type identity interface {
	// Available is nil when the server has accounts, else the refusal accounts_disabled.
	Available() error
	// WhoIs resolves the account a request acts for; nil without credentials. A credential that is
	// present but wrong (an unknown or revoked token, an expired session) is an error: a client that
	// means to act as someone must not silently act as no one.
	WhoIs(r *http.Request) (*principal, error)
	// SignedIn is WhoIs for what takes an account with a scope: it refuses a request without one.
	SignedIn(r *http.Request, scope string) (*principal, error)
	// SeatName is the account a seat taken by this request under name is marked with ("" for a guest),
	// refusing a name that reads as another account's.
	SeatName(r *http.Request, name string) (string, error)
	// SeatHolders is the account holding each of a match's n seats ("" for none); nil without accounts.
	SeatHolders(ctx context.Context, matchID string, n int) ([]string, error)
	// SeatOf is the seat an account holds in a match.
	SeatOf(ctx context.Context, matchID, userID string) (game.Seat, error)
	// BindSeat records that an account holds a seat it has just taken or proved it holds.
	BindSeat(ctx context.Context, u store.User, matchID string, seat game.Seat) error
	// RemoveSeat moves the accounts' seats after a removed one up one, as the match's seats did.
	RemoveSeat(ctx context.Context, matchID string, seat game.Seat)
	// Held is the seat an account is known to hold in a match, without asking the store.
	Held(matchID, userID string) (game.Seat, bool)
}

// The account room's names under the match host's old ones.
const (
	sessionCookie  = accounts.SessionCookie
	apiTokenPrefix = httpkit.APITokenPrefix
	scopeRead      = accounts.ScopeRead
	scopePlay      = accounts.ScopePlay
	codeNameTaken  = accounts.CodeNameTaken
	codeNoAccounts = accounts.CodeNoAccounts
)

// principal is who a request acts for (accounts.Principal).
type principal = accounts.Principal

// seatClaim is a seat a guest browser proves it holds with its token (accounts.SeatClaim).
type seatClaim = accounts.SeatClaim

// newIdentity is the identity of a server with the account store st, or without accounts (st nil), and
// the account room whose endpoints the route table names (nil without accounts: the table's accounts
// wrapper refuses before any is called).
func newIdentity(s *Server, st store.Accounts) (identity, *accounts.Store) {
	if st == nil {
		return accounts.None{}, nil
	}
	a := accounts.New(st, func() time.Time { return s.now() }, s.log, s.forgetSeatAccounts)
	a.Serve(accounts.Host{MaxBody: s.maxBody, Trusted: s.trusted, Reserved: s.botNames, Claim: s.claimSeats,
		SignInFailed: func(kind string) { s.metrics.SignInFailed(kind) }})
	return a, a
}
