// Package accounts is the server's account room: who a request acts for (a session cookie or an sv_ API
// token), and which account holds which seat of a match. The match host sees it through one interface
// (Store with accounts, None without, which knows no one and refuses what takes an account with
// accounts_disabled), so that it never asks whether accounts are on. The account endpoints (sign-up and
// sign-in, sessions, API tokens, passkeys) are Store's methods, which the host's route table names.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

const (
	// SessionCookie holds a browser's session secret.
	SessionCookie = "surveyor_session"
	// SessionLife is how long a session lasts without use; each use extends it (at most once an hour).
	SessionLife = 30 * 24 * time.Hour
)

// Scopes an API token may carry.
const (
	ScopeRead = "read"
	ScopePlay = "play"
)

// Error codes of accounts.
const (
	CodeBadCredentials  = "bad_credentials"
	CodeNameTaken       = "name_taken"
	CodeNoAccounts      = "accounts_disabled"
	CodeTooManyTokens   = "too_many_tokens"
	CodeTooManyPasskeys = "too_many_passkeys"
)

// What one account may keep: each is a row that the account's every use may read (a token is looked up
// among them, a passkey sign-in loads them all), so that none can grow without bound.
const (
	MaxTokens   = 50
	MaxPasskeys = 20
)

// Principal is who a request acts for: an account, through a session cookie or an API token.
type Principal struct {
	User    store.User
	Session *store.Session  // when signed in by cookie
	Token   *store.APIToken // when by API token
}

// Can reports whether the principal may act with a scope (sessions may do anything their user may).
func (p *Principal) Can(scope string) bool {
	return p.Token == nil || slices.Contains(p.Token.Scopes, scope)
}

// None is a server without accounts: every request is a guest's.
type None struct{}

// Available refuses: the server has no accounts.
func (None) Available() error {
	return httpkit.Errf(http.StatusNotFound, CodeNoAccounts, "this server has no accounts")
}

// WhoIs is no one, whatever the request carries.
func (None) WhoIs(*http.Request) (*Principal, error) { return nil, nil }

// SignedIn refuses: no one can sign in.
func (n None) SignedIn(*http.Request, string) (*Principal, error) { return nil, n.Available() }

// SeatName is a guest's seat: no name is an account's.
func (None) SeatName(*http.Request, string) (string, error) { return "", nil }

// SeatHolders is nil: no seat has a holder, which observers read as "no accounts".
func (None) SeatHolders(context.Context, string, int) ([]string, error) { return nil, nil }

// SeatOf refuses: no account holds a seat.
func (n None) SeatOf(context.Context, string, string) (game.Seat, error) {
	return 0, n.Available()
}

// BindSeat refuses: there is no account to bind to.
func (n None) BindSeat(context.Context, store.User, string, game.Seat) error {
	return n.Available()
}

// RemoveSeat has nothing to move.
func (None) RemoveSeat(context.Context, string, game.Seat) {}

// Held is never: no account holds a seat.
func (None) Held(string, string) (game.Seat, bool) { return 0, false }

// Store is a server's accounts, kept in an account store, with the seats they hold cached.
type Store struct {
	st     store.Accounts
	now    func() time.Time
	log    *slog.Logger
	onBind func(matchID string) // a seat of the match was just bound: the host asks again who holds them
	held   holders

	host       Host             // what the endpoints need of the server (Serve)
	failed     failures         // wrong passwords, per account and per address
	signups    *httpkit.PerHour // new accounts per address (LimitSignups); nil: no limit
	ceremonies ceremonies       // passkey ceremonies between their two steps
}

// New is the accounts kept in st; onBind is told of each seat bound.
func New(st store.Accounts, now func() time.Time, log *slog.Logger, onBind func(matchID string)) *Store {
	// What the instances must agree on (wrong passwords, ceremonies) is kept in the shared database when
	// the store can (both backends can); a store that cannot keeps it in this instance's memory.
	sh, _ := st.(store.Shared)
	return &Store{st: st, now: now, log: log, onBind: onBind, failed: failures{shared: sh, b: map[string]*bucket{}},
		ceremonies: ceremonies{shared: sh}}
}

// Held is the seat an account is known to hold in a match, without asking the store.
func (a *Store) Held(matchID, userID string) (game.Seat, bool) { return a.held.get(matchID, userID) }

// Available is nil: the server has accounts.
func (a *Store) Available() error { return nil }

// SeatHolders is the account holding each of a match's n seats ("" for none).
func (a *Store) SeatHolders(ctx context.Context, matchID string, n int) ([]string, error) {
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

// RemoveSeat moves the accounts' seats after a removed one up one, as the match's seats did; a failure
// is logged (the seat is gone from the match either way).
func (a *Store) RemoveSeat(ctx context.Context, matchID string, seat game.Seat) {
	if err := a.st.RemoveSeat(ctx, matchID, int(seat)); err != nil {
		a.log.Error("remove seat from accounts", "match", matchID, "err", err)
	}
	a.held.forget(matchID)
}

// SeatName is the account a seat taken by this request under name is marked with: the request's
// signed-in account (one that may play), or none for a guest. A guest may not take a name that an
// account holds, nor an account another account's: the look-alike rule applies (auth.NameKey), so
// that "Аda" with a Cyrillic A is Ada's too.
func (a *Store) SeatName(r *http.Request, name string) (string, error) {
	var self *store.User
	p, err := a.WhoIs(r)
	if err != nil {
		// A session that has ended or a revoked token must not take a seat as a guest: its player would
		// believe the seat theirs on every device, and a revoked bot would go on seating itself.
		return "", err
	}
	if p != nil && p.Can(ScopePlay) {
		self = &p.User
	}
	key := auth.NameKey(name)
	if self != nil && self.Key == key {
		return self.Name, nil
	}
	u, err := a.st.UserByKey(r.Context(), key)
	switch {
	case err == nil && !u.Deleted:
		return "", httpkit.Refuse(CodeNameTaken, "%q reads as the name of an account: sign in as %s, or choose another name", name, u.Name)
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return "", fmt.Errorf("seat name: %w", err)
	case self != nil:
		return self.Name, nil
	}
	return "", nil
}

// WhoIs resolves the account a request acts for; nil without credentials. A credential that is
// present but wrong (an unknown or revoked token, an expired session) is an error: a client that
// means to act as someone must not silently act as no one.
func (a *Store) WhoIs(r *http.Request) (*Principal, error) {
	ctx := r.Context()
	now := a.now()
	if tok := httpkit.BearerToken(r); strings.HasPrefix(tok, httpkit.APITokenPrefix) {
		t, err := a.st.Token(ctx, auth.HashSecret(tok))
		if errors.Is(err, store.ErrNotFound) {
			return nil, httpkit.Errf(http.StatusUnauthorized, httpkit.CodeUnauthorized, "unknown or revoked API token")
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
		return &Principal{User: u, Token: &t}, nil
	}
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" {
		return nil, nil
	}
	ss, err := a.st.Session(ctx, auth.HashSecret(c.Value), now)
	if errors.Is(err, store.ErrNotFound) {
		return nil, httpkit.Errf(http.StatusUnauthorized, httpkit.CodeUnauthorized, "your session has ended; sign in again")
	} else if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	u, err := a.liveUser(ctx, ss.UserID)
	if err != nil {
		return nil, err
	}
	if now.Sub(ss.LastSeen) > time.Hour {
		a.st.TouchSession(ctx, ss.Hash, now, now.Add(SessionLife))
	}
	return &Principal{User: u, Session: &ss}, nil
}

func (a *Store) liveUser(ctx context.Context, id string) (store.User, error) {
	u, err := a.st.UserByID(ctx, id)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return store.User{}, fmt.Errorf("user: %w", err)
	}
	if err != nil || u.Deleted || u.Disabled {
		return store.User{}, httpkit.Errf(http.StatusUnauthorized, httpkit.CodeUnauthorized, "this account cannot sign in")
	}
	return u, nil
}

// SignedIn resolves the request's account and refuses requests without one, or whose API token lacks
// scope ("": a browser's session only, no token). (Changes made with a session cookie come from our own
// pages: the gate of crosssite.go saw to it.)
func (a *Store) SignedIn(r *http.Request, scope string) (*Principal, error) {
	p, err := a.WhoIs(r)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, httpkit.Errf(http.StatusUnauthorized, httpkit.CodeUnauthorized, "sign in first (a session cookie or Authorization: Bearer sv_...)")
	}
	if scope == "" && p.Token != nil { // no token has the scope "": what only a signed-in browser does
		return nil, httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "an API token cannot do this: sign in (a browser's session)")
	}
	if !p.Can(scope) {
		return nil, httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "the API token lacks the %q scope", scope)
	}
	return p, nil
}

// SeatOf is the seat an account holds in a match, asking the store on a miss.
func (a *Store) SeatOf(ctx context.Context, matchID, userID string) (game.Seat, error) {
	if seat, ok := a.held.get(matchID, userID); ok {
		return seat, nil
	}
	refs, err := a.st.SeatHolders(ctx, matchID)
	if err != nil {
		return 0, fmt.Errorf("seat holders: %w", err)
	}
	a.held.put(matchID, refs)
	if seat, ok := a.held.get(matchID, userID); ok {
		return seat, nil
	}
	return 0, httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "your account holds no seat in this match")
}

// BindSeat records that an account holds a seat it has just taken or proved it holds.
func (a *Store) BindSeat(ctx context.Context, u store.User, matchID string, seat game.Seat) error {
	ref := store.SeatRef{UserID: u.ID, GameID: matchID, Seat: int(seat), Created: a.now()}
	if err := a.st.BindSeat(ctx, ref); err != nil {
		return fmt.Errorf("bind seat: %w", err)
	}
	a.held.put(matchID, []store.SeatRef{ref})
	a.onBind(matchID)
	return nil
}

// holders caches who holds the seats of matches: a seat never changes hands, so an entry found stays
// true; a miss asks the store again (another instance may have bound the seat meanwhile).
type holders struct {
	mu sync.Mutex
	m  map[string]map[string]game.Seat // match id -> user id -> seat
}

const maxHolderMatches = 100_000

func (h *holders) get(matchID, userID string) (game.Seat, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	seat, ok := h.m[matchID][userID]
	return seat, ok
}

func (h *holders) put(matchID string, refs []store.SeatRef) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.m == nil || len(h.m) > maxHolderMatches {
		h.m = map[string]map[string]game.Seat{} // a cache: forgetting is always safe
	}
	byUser := h.m[matchID]
	if byUser == nil {
		byUser = map[string]game.Seat{}
		h.m[matchID] = byUser
	}
	for _, r := range refs {
		if old, ok := byUser[r.UserID]; !ok || game.Seat(r.Seat) < old {
			byUser[r.UserID] = game.Seat(r.Seat) // an account holding several seats acts for its first
		}
	}
}

// forget drops what is cached of a match's holders (after its seats moved).
func (h *holders) forget(matchID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.m, matchID)
}
