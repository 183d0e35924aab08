package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// identity is all the match host asks of accounts: who a request acts for, which account holds which
// seat, binding a seat. A server without accounts has noIdentity, which knows no one and refuses what
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
}

// newIdentity is the identity of a server with the account store st, or without accounts (st nil).
func newIdentity(s *Server, st store.Accounts) identity {
	if st == nil {
		return noIdentity{}
	}
	return &accountIdentity{s: s, st: st}
}

// noIdentity is a server without accounts: every request is a guest's.
type noIdentity struct{}

func (noIdentity) Available() error {
	return errf(http.StatusNotFound, codeNoAccounts, "this server has no accounts")
}

func (noIdentity) WhoIs(*http.Request) (*principal, error) { return nil, nil }

func (n noIdentity) SignedIn(*http.Request, string) (*principal, error) { return nil, n.Available() }

func (noIdentity) SeatName(*http.Request, string) (string, error) { return "", nil }

func (noIdentity) SeatHolders(context.Context, string, int) ([]string, error) { return nil, nil }

func (n noIdentity) SeatOf(context.Context, string, string) (game.Seat, error) {
	return 0, n.Available()
}

func (n noIdentity) BindSeat(context.Context, store.User, string, game.Seat) error {
	return n.Available()
}

func (noIdentity) RemoveSeat(context.Context, string, game.Seat) {}

// accountIdentity is a server's accounts, kept in st.
type accountIdentity struct {
	s  *Server
	st store.Accounts
}

func (a *accountIdentity) Available() error { return nil }

func (a *accountIdentity) SeatHolders(ctx context.Context, matchID string, n int) ([]string, error) {
	refs, err := a.st.SeatHolders(ctx, matchID)
	if err != nil {
		return nil, fmt.Errorf("seat holders: %w", err)
	}
	acct := make([]string, n)
	for _, r := range refs {
		if r.Seat >= 0 && r.Seat < len(acct) {
			acct[r.Seat] = r.UserID
		}
	}
	return acct, nil
}

func (a *accountIdentity) RemoveSeat(ctx context.Context, matchID string, seat game.Seat) {
	if err := a.st.RemoveSeat(ctx, matchID, int(seat)); err != nil {
		a.s.log.Error("remove seat from accounts", "match", matchID, "err", err)
	}
	a.s.held.forget(matchID)
}

func (a *accountIdentity) SeatName(r *http.Request, name string) (string, error) {
	var self *store.User
	if p, err := a.WhoIs(r); err == nil && p != nil && p.can(scopePlay) {
		self = &p.user
	}
	key := auth.NameKey(name)
	if self != nil && self.Key == key {
		return self.Name, nil
	}
	u, err := a.st.UserByKey(r.Context(), key)
	switch {
	case err == nil && !u.Deleted:
		return "", refuse(codeNameTaken, "%q reads as the name of an account: sign in as %s, or choose another name", name, u.Name)
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return "", fmt.Errorf("seat name: %w", err)
	case self != nil:
		return self.Name, nil
	}
	return "", nil
}

func (a *accountIdentity) WhoIs(r *http.Request) (*principal, error) {
	ctx := r.Context()
	now := a.s.now()
	if tok := token(r); strings.HasPrefix(tok, apiTokenPrefix) {
		t, err := a.st.Token(ctx, auth.HashSecret(tok))
		if errors.Is(err, store.ErrNotFound) {
			return nil, errf(http.StatusUnauthorized, codeUnauthorized, "unknown or revoked API token")
		} else if err != nil {
			return nil, fmt.Errorf("api token: %w", err)
		}
		u, err := a.liveUser(ctx, t.UserID)
		if err != nil {
			return nil, err
		}
		if now.Sub(t.LastUsed) > time.Hour {
			a.st.TouchToken(ctx, t.ID, now)
		}
		return &principal{user: u, token: &t}, nil
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return nil, nil
	}
	ss, err := a.st.Session(ctx, auth.HashSecret(c.Value), now)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errf(http.StatusUnauthorized, codeUnauthorized, "your session has ended; sign in again")
	} else if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	u, err := a.liveUser(ctx, ss.UserID)
	if err != nil {
		return nil, err
	}
	if now.Sub(ss.LastSeen) > time.Hour {
		a.st.TouchSession(ctx, ss.Hash, now, now.Add(sessionLife))
	}
	return &principal{user: u, session: &ss}, nil
}

func (a *accountIdentity) liveUser(ctx context.Context, id string) (store.User, error) {
	u, err := a.st.UserByID(ctx, id)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return store.User{}, fmt.Errorf("user: %w", err)
	}
	if err != nil || u.Deleted || u.Disabled {
		return store.User{}, errf(http.StatusUnauthorized, codeUnauthorized, "this account cannot sign in")
	}
	return u, nil
}

// SignedIn resolves the request's account and refuses requests without one. (Changes made with a
// session cookie come from our own pages: the gate of crosssite.go saw to it.)
func (a *accountIdentity) SignedIn(r *http.Request, scope string) (*principal, error) {
	p, err := a.WhoIs(r)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errf(http.StatusUnauthorized, codeUnauthorized, "sign in first (a session cookie or Authorization: Bearer sv_...)")
	}
	if !p.can(scope) {
		return nil, errf(http.StatusForbidden, codeForbidden, "the API token lacks the %q scope", scope)
	}
	return p, nil
}

// SeatOf is the seat an account holds in a match, asking the store on a miss.
func (a *accountIdentity) SeatOf(ctx context.Context, matchID, userID string) (game.Seat, error) {
	if seat, ok := a.s.held.get(matchID, userID); ok {
		return seat, nil
	}
	refs, err := a.st.SeatHolders(ctx, matchID)
	if err != nil {
		return 0, fmt.Errorf("seat holders: %w", err)
	}
	a.s.held.put(matchID, refs)
	if seat, ok := a.s.held.get(matchID, userID); ok {
		return seat, nil
	}
	return 0, errf(http.StatusForbidden, codeForbidden, "your account holds no seat in this match")
}

// BindSeat records that an account holds a seat it has just taken or proved it holds.
func (a *accountIdentity) BindSeat(ctx context.Context, u store.User, matchID string, seat game.Seat) error {
	ref := store.SeatRef{UserID: u.ID, GameID: matchID, Seat: int(seat), Created: a.s.now()}
	if err := a.st.BindSeat(ctx, ref); err != nil {
		return fmt.Errorf("bind seat: %w", err)
	}
	a.s.held.put(matchID, []store.SeatRef{ref})
	a.s.forgetSeatAccounts(matchID)
	return nil
}
