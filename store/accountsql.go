package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The accounts store in SQL both backends speak: the same statements (with ? placeholders, which the
// PostgreSQL adapter numbers), the same schema (their 002_accounts.sql migrations differ only in type
// names), times as Unix microseconds and flags as 0/1 so that nothing depends on a driver's mapping.

// SQLDB is what SQLAccounts needs of a database; each backend adapts its own.
type SQLDB interface {
	// Exec runs a statement and returns the rows it changed. A unique-key violation wraps ErrExists.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	// Query runs a query; the caller closes the rows.
	Query(ctx context.Context, query string, args ...any) (Rows, func(), error)
	// Tx runs fn in one transaction, committed when fn returns nil.
	Tx(ctx context.Context, fn func(SQLDB) error) error
}

// SQLAccounts implements Accounts on an SQLDB.
type SQLAccounts struct {
	DB SQLDB
	// Name prefixes errors ("sqlite", "postgres").
	Name string
}

var _ Accounts = SQLAccounts{}

func micros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMicro()
}

func fromMicros(us int64) time.Time {
	if us == 0 {
		return time.Time{}
	}
	return time.UnixMicro(us).UTC()
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (a SQLAccounts) wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %s: %w", a.Name, op, err)
}

// one runs a query expected to return one row; no row is ErrNotFound.
func (a SQLAccounts) one(ctx context.Context, db SQLDB, scan func(Rows) error, query string, args ...any) error {
	rows, done, err := db.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer done()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return err
		}
		return ErrNotFound
	}
	return scan(rows)
}

const userCols = `id, name, key, password_hash, created, disabled, deleted, bot`

func scanUser(r Rows) (User, error) {
	var u User
	var created int64
	var disabled, deleted, bot int
	err := r.Scan(&u.ID, &u.Name, &u.Key, &u.PasswordHash, &created, &disabled, &deleted, &bot)
	u.Created, u.Disabled, u.Deleted, u.Bot = fromMicros(created), disabled != 0, deleted != 0, bot != 0
	return u, err
}

func (a SQLAccounts) CreateUser(ctx context.Context, u User) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO users (`+userCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		u.ID, u.Name, u.Key, u.PasswordHash, micros(u.Created), flag(u.Disabled), flag(u.Deleted), flag(u.Bot))
	if errors.Is(err, ErrExists) {
		return a.wrap("create user", ErrNameTaken)
	}
	return a.wrap("create user", err)
}

func (a SQLAccounts) user(ctx context.Context, where string, arg any) (User, error) {
	var u User
	err := a.one(ctx, a.DB, func(r Rows) (err error) { u, err = scanUser(r); return err },
		`SELECT `+userCols+` FROM users WHERE `+where, arg)
	return u, a.wrap("user", err)
}

func (a SQLAccounts) UserByID(ctx context.Context, id string) (User, error) {
	return a.user(ctx, `id = ?`, id)
}

func (a SQLAccounts) UserByKey(ctx context.Context, key string) (User, error) {
	return a.user(ctx, `key = ? AND deleted = 0`, key)
}

func (a SQLAccounts) UpdateUser(ctx context.Context, u User) error {
	n, err := a.DB.Exec(ctx, `UPDATE users SET name = ?, key = ?, password_hash = ?, disabled = ?, deleted = ?, bot = ? WHERE id = ?`,
		u.Name, u.Key, u.PasswordHash, flag(u.Disabled), flag(u.Deleted), flag(u.Bot), u.ID)
	if errors.Is(err, ErrExists) {
		return a.wrap("update user", ErrNameTaken)
	}
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	return a.wrap("update user", err)
}

func (a SQLAccounts) ListUsers(ctx context.Context, afterKey string, limit int) ([]User, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT `+userCols+` FROM users WHERE deleted = 0 AND key > ? ORDER BY key LIMIT ?`, afterKey, limit)
	if err != nil {
		return nil, a.wrap("list users", err)
	}
	defer done()
	us, err := Collect(rows, scanUser)
	return us, a.wrap("list users", err)
}

func (a SQLAccounts) DeleteUser(ctx context.Context, id string) error {
	return a.wrap("delete user", a.DB.Tx(ctx, func(tx SQLDB) error {
		n, err := tx.Exec(ctx, `UPDATE users SET name = '', key = ?, password_hash = '', deleted = 1 WHERE id = ? AND deleted = 0`,
			"deleted:"+id, id)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		for _, q := range []string{`DELETE FROM sessions WHERE user_id = ?`, `DELETE FROM api_tokens WHERE user_id = ?`,
			`DELETE FROM passkeys WHERE user_id = ?`, `DELETE FROM push_subs WHERE user_id = ?`,
			`DELETE FROM notify_prefs WHERE user_id = ?`, `DELETE FROM outbox WHERE user_id = ?`,
			`DELETE FROM inbox WHERE user_id = ?`, `DELETE FROM follows WHERE user_id = ? OR other_id = ?`,
			`DELETE FROM blocks WHERE user_id = ?`, `DELETE FROM presence WHERE user_id = ?`,
			`DELETE FROM mailed WHERE user_id = ?`,
			// a reminder left would write a note for the account gone every day
			`DELETE FROM challenge_reminders WHERE user_id = ?`} {
			args := []any{id}
			if strings.Count(q, "?") == 2 {
				args = append(args, id)
			}
			if _, err := tx.Exec(ctx, q, args...); err != nil {
				return err
			}
		}
		return nil
	}))
}

const sessionCols = `hash, user_id, created, last_seen, expires, agent`

func scanSession(r Rows) (Session, error) {
	var s Session
	var hash []byte
	var created, seen, expires int64
	err := r.Scan(&hash, &s.UserID, &created, &seen, &expires, &s.Agent)
	copy(s.Hash[:], hash)
	s.Created, s.LastSeen, s.Expires = fromMicros(created), fromMicros(seen), fromMicros(expires)
	return s, err
}

func (a SQLAccounts) CreateSession(ctx context.Context, s Session) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO sessions (`+sessionCols+`) VALUES (?, ?, ?, ?, ?, ?)`,
		s.Hash[:], s.UserID, micros(s.Created), micros(s.LastSeen), micros(s.Expires), s.Agent)
	return a.wrap("create session", err)
}

func (a SQLAccounts) Session(ctx context.Context, hash [32]byte, now time.Time) (Session, error) {
	var s Session
	err := a.one(ctx, a.DB, func(r Rows) (err error) { s, err = scanSession(r); return err },
		`SELECT `+sessionCols+` FROM sessions WHERE hash = ? AND expires > ?`, hash[:], micros(now))
	return s, a.wrap("session", err)
}

func (a SQLAccounts) TouchSession(ctx context.Context, hash [32]byte, lastSeen, expires time.Time) error {
	_, err := a.DB.Exec(ctx, `UPDATE sessions SET last_seen = ?, expires = ? WHERE hash = ?`, micros(lastSeen), micros(expires), hash[:])
	return a.wrap("touch session", err)
}

func (a SQLAccounts) DeleteSession(ctx context.Context, hash [32]byte) error {
	_, err := a.DB.Exec(ctx, `DELETE FROM sessions WHERE hash = ?`, hash[:])
	return a.wrap("delete session", err)
}

func (a SQLAccounts) DeleteSessions(ctx context.Context, userID string) error {
	_, err := a.DB.Exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
	return a.wrap("delete sessions", err)
}

func (a SQLAccounts) Sessions(ctx context.Context, userID string) ([]Session, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT `+sessionCols+` FROM sessions WHERE user_id = ? ORDER BY created`, userID)
	if err != nil {
		return nil, a.wrap("sessions", err)
	}
	defer done()
	ss, err := Collect(rows, scanSession)
	return ss, a.wrap("sessions", err)
}

const tokenCols = `id, hash, user_id, name, scopes, created, last_used`

func scanToken(r Rows) (APIToken, error) {
	var t APIToken
	var hash []byte
	var scopes string
	var created, used int64
	err := r.Scan(&t.ID, &hash, &t.UserID, &t.Name, &scopes, &created, &used)
	copy(t.Hash[:], hash)
	if scopes != "" {
		t.Scopes = strings.Split(scopes, ",")
	}
	t.Created, t.LastUsed = fromMicros(created), fromMicros(used)
	return t, err
}

func (a SQLAccounts) CreateToken(ctx context.Context, t APIToken) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO api_tokens (`+tokenCols+`) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.Hash[:], t.UserID, t.Name, strings.Join(t.Scopes, ","), micros(t.Created), micros(t.LastUsed))
	return a.wrap("create token", err)
}

func (a SQLAccounts) Token(ctx context.Context, hash [32]byte) (APIToken, error) {
	var t APIToken
	err := a.one(ctx, a.DB, func(r Rows) (err error) { t, err = scanToken(r); return err },
		`SELECT `+tokenCols+` FROM api_tokens WHERE hash = ?`, hash[:])
	return t, a.wrap("token", err)
}

func (a SQLAccounts) TouchToken(ctx context.Context, id string, at time.Time) error {
	_, err := a.DB.Exec(ctx, `UPDATE api_tokens SET last_used = ? WHERE id = ?`, micros(at), id)
	return a.wrap("touch token", err)
}

func (a SQLAccounts) Tokens(ctx context.Context, userID string) ([]APIToken, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT `+tokenCols+` FROM api_tokens WHERE user_id = ? ORDER BY created, id`, userID)
	if err != nil {
		return nil, a.wrap("tokens", err)
	}
	defer done()
	ts, err := Collect(rows, scanToken)
	return ts, a.wrap("tokens", err)
}

func (a SQLAccounts) DeleteToken(ctx context.Context, userID, id string) error {
	n, err := a.DB.Exec(ctx, `DELETE FROM api_tokens WHERE id = ? AND user_id = ?`, id, userID)
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	return a.wrap("delete token", err)
}

const passkeyCols = `id, user_id, public_key, sign_count, data, name, created`

func scanPasskey(r Rows) (Passkey, error) {
	var p Passkey
	var created, count int64
	err := r.Scan(&p.ID, &p.UserID, &p.PublicKey, &count, &p.Data, &p.Name, &created)
	p.SignCount, p.Created = uint32(count), fromMicros(created)
	return p, err
}

func (a SQLAccounts) AddPasskey(ctx context.Context, p Passkey) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO passkeys (`+passkeyCols+`) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.UserID, p.PublicKey, int64(p.SignCount), p.Data, p.Name, micros(p.Created))
	return a.wrap("add passkey", err)
}

func (a SQLAccounts) Passkeys(ctx context.Context, userID string) ([]Passkey, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT `+passkeyCols+` FROM passkeys WHERE user_id = ? ORDER BY created`, userID)
	if err != nil {
		return nil, a.wrap("passkeys", err)
	}
	defer done()
	ps, err := Collect(rows, scanPasskey)
	return ps, a.wrap("passkeys", err)
}

func (a SQLAccounts) PasskeyByID(ctx context.Context, credID []byte) (Passkey, error) {
	var p Passkey
	err := a.one(ctx, a.DB, func(r Rows) (err error) { p, err = scanPasskey(r); return err },
		`SELECT `+passkeyCols+` FROM passkeys WHERE id = ?`, credID)
	return p, a.wrap("passkey", err)
}

func (a SQLAccounts) UpdatePasskey(ctx context.Context, p Passkey) error {
	n, err := a.DB.Exec(ctx, `UPDATE passkeys SET sign_count = ?, data = ?, name = ? WHERE id = ?`, int64(p.SignCount), p.Data, p.Name, p.ID)
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	return a.wrap("update passkey", err)
}

func (a SQLAccounts) DeletePasskey(ctx context.Context, userID string, credID []byte) error {
	n, err := a.DB.Exec(ctx, `DELETE FROM passkeys WHERE id = ? AND user_id = ?`, credID, userID)
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	return a.wrap("delete passkey", err)
}

func scanSeat(r Rows) (SeatRef, error) {
	var s SeatRef
	var created int64
	err := r.Scan(&s.UserID, &s.GameID, &s.Seat, &created)
	s.Created = fromMicros(created)
	return s, err
}

func (a SQLAccounts) BindSeat(ctx context.Context, s SeatRef) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO seats (user_id, game_id, seat, created) VALUES (?, ?, ?, ?)`,
		s.UserID, s.GameID, s.Seat, micros(s.Created))
	if errors.Is(err, ErrExists) {
		return nil // bound already: binding is idempotent
	}
	return a.wrap("bind seat", err)
}

func (a SQLAccounts) SeatsOf(ctx context.Context, userID string, limit int) ([]SeatRef, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT user_id, game_id, seat, created FROM seats WHERE user_id = ? ORDER BY created DESC, game_id LIMIT ?`, userID, limit)
	if err != nil {
		return nil, a.wrap("seats of", err)
	}
	defer done()
	ss, err := Collect(rows, scanSeat)
	return ss, a.wrap("seats of", err)
}

func (a SQLAccounts) SeatHolders(ctx context.Context, gameID string) ([]SeatRef, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT user_id, game_id, seat, created FROM seats WHERE game_id = ? ORDER BY seat`, gameID)
	if err != nil {
		return nil, a.wrap("seat holders", err)
	}
	defer done()
	ss, err := Collect(rows, scanSeat)
	return ss, a.wrap("seat holders", err)
}

func (a SQLAccounts) RemoveSeat(ctx context.Context, gameID string, seat int) error {
	return a.wrap("remove seat", a.DB.Tx(ctx, func(tx SQLDB) error {
		if _, err := tx.Exec(ctx, `DELETE FROM seats WHERE game_id = ? AND seat = ?`, gameID, seat); err != nil {
			return err
		}
		// One by one upwards, so that no two rows ever share a seat (the key includes it).
		rows, done, err := tx.Query(ctx, `SELECT user_id, seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat`, gameID, seat)
		if err != nil {
			return err
		}
		type moved struct {
			user string
			seat int
		}
		var ms []moved
		for rows.Next() {
			var m moved
			if err := rows.Scan(&m.user, &m.seat); err != nil {
				done()
				return err
			}
			ms = append(ms, m)
		}
		done()
		for _, m := range ms {
			if _, err := tx.Exec(ctx, `UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ? AND seat = ?`, m.seat-1, gameID, m.user, m.seat); err != nil {
				return err
			}
		}
		return nil
	}))
}

func scanRating(r Rows) (Rating, error) {
	var x Rating
	var updated int64
	err := r.Scan(&x.UserID, &x.Game, &x.Mu, &x.Sigma, &x.Games, &updated)
	x.Updated = fromMicros(updated)
	return x, err
}

func (a SQLAccounts) Rating(ctx context.Context, userID, game string) (Rating, error) {
	var x Rating
	err := a.one(ctx, a.DB, func(r Rows) (err error) { x, err = scanRating(r); return err },
		`SELECT user_id, game, mu, sigma, games, updated FROM ratings WHERE user_id = ? AND game = ?`, userID, game)
	return x, a.wrap("rating", err)
}

func (a SQLAccounts) ApplyRatings(ctx context.Context, changes []RatingChange) (bool, error) {
	if len(changes) == 0 {
		return false, nil
	}
	applied := false
	err := a.DB.Tx(ctx, func(tx SQLDB) error {
		for _, c := range changes {
			_, err := tx.Exec(ctx, `INSERT INTO rating_changes (match_id, user_id, game, before_mu, before_sigma, after_mu, after_sigma, at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, c.MatchID, c.UserID, c.Game, c.Before.Mu, c.Before.Sigma, c.After.Mu, c.After.Sigma, micros(c.At))
			if errors.Is(err, ErrExists) {
				return errApplied
			}
			if err != nil {
				return err
			}
			n, err := tx.Exec(ctx, `UPDATE ratings SET mu = ?, sigma = ?, games = ?, updated = ? WHERE user_id = ? AND game = ?`,
				c.After.Mu, c.After.Sigma, c.After.Games, micros(c.At), c.UserID, c.Game)
			if err != nil {
				return err
			}
			if n == 0 {
				if _, err := tx.Exec(ctx, `INSERT INTO ratings (user_id, game, mu, sigma, games, updated) VALUES (?, ?, ?, ?, ?, ?)`,
					c.UserID, c.Game, c.After.Mu, c.After.Sigma, c.After.Games, micros(c.At)); err != nil {
					return err
				}
			}
		}
		applied = true
		return nil
	})
	if errors.Is(err, errApplied) {
		return false, nil
	}
	return applied, a.wrap("apply ratings", err)
}

// errApplied rolls back a second application of one match's ratings.
var errApplied = errors.New("ratings of this match applied already")

func scanChange(r Rows) (RatingChange, error) {
	var c RatingChange
	var at int64
	err := r.Scan(&c.MatchID, &c.UserID, &c.Game, &c.Before.Mu, &c.Before.Sigma, &c.After.Mu, &c.After.Sigma, &at)
	c.At = fromMicros(at)
	c.Before.UserID, c.After.UserID, c.Before.Game, c.After.Game = c.UserID, c.UserID, c.Game, c.Game
	return c, err
}

func (a SQLAccounts) RatingHistory(ctx context.Context, userID, game string) ([]RatingChange, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT match_id, user_id, game, before_mu, before_sigma, after_mu, after_sigma, at
		FROM rating_changes WHERE user_id = ? AND game = ? ORDER BY at, match_id`, userID, game)
	if err != nil {
		return nil, a.wrap("rating history", err)
	}
	defer done()
	cs, err := Collect(rows, scanChange)
	return cs, a.wrap("rating history", err)
}

func (a SQLAccounts) Leaderboard(ctx context.Context, game string, offset, limit int) ([]Rating, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT r.user_id, r.game, r.mu, r.sigma, r.games, r.updated
		FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE r.game = ? AND u.deleted = 0 AND u.disabled = 0
		ORDER BY r.mu - 3 * r.sigma DESC, u.key LIMIT ? OFFSET ?`, game, limit, offset)
	if err != nil {
		return nil, a.wrap("leaderboard", err)
	}
	defer done()
	rs, err := Collect(rows, scanRating)
	return rs, a.wrap("leaderboard", err)
}
