package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// The accounts side of the store: people with a name on every device, their sign-in sessions, API
// tokens, passkeys, the seats they hold and their ratings. Secrets (session ids, API tokens) are stored
// only as SHA-256 hashes, passwords only as argon2id hashes: the store never sees one in clear.

// User is an account.
type User struct {
	ID string
	// Name is shown everywhere; Key is its canonical form (case folded, look-alikes mapped), unique, by
	// which sign-in and profile look-ups find the account.
	Name string
	Key  string
	// PasswordHash is the encoded argon2id hash ("" for an account that signs in only with passkeys).
	PasswordHash string
	Created      time.Time
	// Disabled accounts cannot sign in (the operator's `surveyor user disable`).
	Disabled bool
	// Deleted accounts keep their row (their games stay, under a neutral name) but lose name, key and
	// credentials; a deleted name can be taken again.
	Deleted bool
	// Bot marks a bot account (issue: bot API).
	Bot bool
}

// Session is a signed-in browser: the hash of the session cookie's secret.
type Session struct {
	Hash     [32]byte
	UserID   string
	Created  time.Time
	LastSeen time.Time
	Expires  time.Time
	// Agent is a short description of the browser (for "your sessions"), never used for security.
	Agent string
}

// APIToken is a personal token for scripts and bots (Authorization: Bearer).
type APIToken struct {
	ID       string
	Hash     [32]byte
	UserID   string
	Name     string
	Scopes   []string // "play", "read"
	Created  time.Time
	LastUsed time.Time // zero if never used
}

// Passkey is a WebAuthn credential registered to an account.
type Passkey struct {
	ID        []byte // the credential id
	UserID    string
	PublicKey []byte
	SignCount uint32
	// Data is the library's full credential record, opaque to the store (JSON).
	Data    []byte
	Name    string
	Created time.Time
}

// SeatRef is a seat an account holds in a match.
type SeatRef struct {
	UserID  string
	GameID  string
	Seat    int
	Created time.Time
}

// Rating is an account's rating in one game: a Weng-Lin (OpenSkill) mean and deviation, and how many
// rated games it rests on.
type Rating struct {
	UserID string
	Game   string
	Mu     float64
	Sigma  float64
	Games  int
	// Updated is when the last rated game moved it.
	Updated time.Time
}

// RatingChange is one account's rating before and after one rated match.
type RatingChange struct {
	UserID        string
	Game          string
	MatchID       string
	Before, After Rating
	At            time.Time
}

// ErrNameTaken is returned when a user's Key is already used by another account.
var ErrNameTaken = errors.New("name taken")

// Accounts is the accounts store. Both backends implement it alongside Store; the storetest suite's
// RunAccounts checks them alike. Methods return ErrNotFound for unknown ids, hashes and names.
type Accounts interface {
	Social
	Results
	// CreateUser inserts an account; ErrNameTaken if its Key is in use by a live account.
	CreateUser(ctx context.Context, u User) error
	// UserByID and UserByKey find an account (deleted ones only by id).
	UserByID(ctx context.Context, id string) (User, error)
	UserByKey(ctx context.Context, key string) (User, error)
	// UpdateUser replaces an account's name, key, password hash and flags.
	UpdateUser(ctx context.Context, u User) error
	// ListUsers returns up to limit live accounts whose Key sorts after the given one, in Key order.
	ListUsers(ctx context.Context, afterKey string, limit int) ([]User, error)
	// DeleteUser marks an account deleted, clears its name, key and password, and removes its sessions,
	// tokens and passkeys in one transaction. Its seats and ratings history stay (its games are kept).
	DeleteUser(ctx context.Context, id string) error

	CreateSession(ctx context.Context, s Session) error
	// Session finds a live session by hash; expired ones are ErrNotFound.
	Session(ctx context.Context, hash [32]byte, now time.Time) (Session, error)
	// TouchSession moves a session's LastSeen and Expires.
	TouchSession(ctx context.Context, hash [32]byte, lastSeen, expires time.Time) error
	DeleteSession(ctx context.Context, hash [32]byte) error
	// DeleteSessions signs an account out everywhere.
	DeleteSessions(ctx context.Context, userID string) error
	Sessions(ctx context.Context, userID string) ([]Session, error)

	CreateToken(ctx context.Context, t APIToken) error
	Token(ctx context.Context, hash [32]byte) (APIToken, error)
	TouchToken(ctx context.Context, id string, at time.Time) error
	Tokens(ctx context.Context, userID string) ([]APIToken, error)
	// DeleteToken revokes one of an account's tokens (ErrNotFound if it is not that account's).
	DeleteToken(ctx context.Context, userID, id string) error

	AddPasskey(ctx context.Context, p Passkey) error
	Passkeys(ctx context.Context, userID string) ([]Passkey, error)
	PasskeyByID(ctx context.Context, credID []byte) (Passkey, error)
	UpdatePasskey(ctx context.Context, p Passkey) error
	// DeletePasskey removes one of an account's passkeys (ErrNotFound if it is not that account's).
	DeletePasskey(ctx context.Context, userID string, credID []byte) error

	// BindSeat records that an account holds a seat (idempotent).
	BindSeat(ctx context.Context, s SeatRef) error
	// SeatsOf lists an account's seats, newest first, at most limit.
	SeatsOf(ctx context.Context, userID string, limit int) ([]SeatRef, error)
	// SeatHolders lists the accounts holding seats of a match, by seat.
	SeatHolders(ctx context.Context, gameID string) ([]SeatRef, error)
	// RemoveSeat forgets who held a seat removed before the start, and moves the later seats up one.
	RemoveSeat(ctx context.Context, gameID string, seat int) error

	// Rating is an account's current rating in a game (ErrNotFound if it has played no rated game).
	Rating(ctx context.Context, userID, game string) (Rating, error)
	// ApplyRatings stores the changes of one rated match in one transaction, setting each account's
	// current rating to After. It is idempotent per match: a second call for the same MatchID changes
	// nothing and returns false.
	ApplyRatings(ctx context.Context, changes []RatingChange) (applied bool, err error)
	// RatingHistory lists an account's changes in a game, oldest first.
	RatingHistory(ctx context.Context, userID, game string) ([]RatingChange, error)
	// Leaderboard lists the current ratings of a game by conservative estimate (Mu - 3*Sigma), best first,
	// skipping offset, at most limit, deleted and disabled accounts left out.
	Leaderboard(ctx context.Context, game string, offset, limit int) ([]Rating, error)
}

// EndSessionsAndTokens signs an account out everywhere and, unless keepTokens, revokes every API token it
// made, returning how many were revoked. It is what a new password means, whoever set it: the player on the
// settings page or the operator's reset-password, so both go through here.
func EndSessionsAndTokens(ctx context.Context, a Accounts, userID string, keepTokens bool) (revoked int, err error) {
	if err := a.DeleteSessions(ctx, userID); err != nil {
		return 0, fmt.Errorf("end the sessions: %w", err)
	}
	if keepTokens {
		return 0, nil
	}
	ts, err := a.Tokens(ctx, userID)
	if err != nil {
		return 0, fmt.Errorf("list the API tokens: %w", err)
	}
	for _, t := range ts {
		// A token revoked meanwhile (the owner's other tab) is gone all the same.
		if err := a.DeleteToken(ctx, userID, t.ID); err != nil && !errors.Is(err, ErrNotFound) {
			return revoked, fmt.Errorf("revoke API token %s: %w", t.ID, err)
		}
		revoked++
	}
	return revoked, nil
}
