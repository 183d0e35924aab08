package store

import (
	"context"
	"slices"
	"time"
	"unicode/utf8"
)

// Shared is what the instances of one server agree on between requests, kept in the database they share
// (with SQLite, one instance: the same answers, on its file). Each call is one or two indexed statements.
type Shared interface {
	// PutTemp stores value under key until expires, replacing what the key held.
	PutTemp(ctx context.Context, key string, value []byte, expires time.Time) error
	// TakeTemp returns key's value and deletes it, unless it expired by now; false when there is none.
	// Of two instances taking one key at once, one gets it.
	TakeTemp(ctx context.Context, key string, now time.Time) ([]byte, bool, error)
	// DeleteTemp forgets key.
	DeleteTemp(ctx context.Context, key string) error
	// TempKeys lists the keys beginning with prefix that have not expired by now.
	TempKeys(ctx context.Context, prefix string, now time.Time) ([]string, error)
	// Recent counts key's actions at or after since, and the time of the oldest of them (zero if none).
	Recent(ctx context.Context, key string, since time.Time) (int, time.Time, error)
	// AddRecent records n actions of key at at.
	AddRecent(ctx context.Context, key string, at time.Time, n int) error
	// PruneShared forgets values expired by now and actions before recentBefore.
	PruneShared(ctx context.Context, now, recentBefore time.Time) error
}

var _ Shared = SQLAccounts{}

func (a SQLAccounts) PutTemp(ctx context.Context, key string, value []byte, expires time.Time) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO temp_values (key, value, expires) VALUES (?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires = excluded.expires`, key, value, micros(expires))
	return a.wrap("put temp value", err)
}

func (a SQLAccounts) TakeTemp(ctx context.Context, key string, now time.Time) ([]byte, bool, error) {
	var v []byte
	// In a transaction: SQLite's backend sends a plain query to its read-only connections.
	err := a.DB.Tx(ctx, func(tx SQLDB) error {
		return a.one(ctx, tx, func(r Rows) error { return r.Scan(&v) },
			`DELETE FROM temp_values WHERE key = ? AND expires > ? RETURNING value`, key, micros(now))
	})
	if err == ErrNotFound {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, a.wrap("take temp value", err)
	}
	return v, true, nil
}

func (a SQLAccounts) DeleteTemp(ctx context.Context, key string) error {
	_, err := a.DB.Exec(ctx, `DELETE FROM temp_values WHERE key = ?`, key)
	return a.wrap("delete temp value", err)
}

func (a SQLAccounts) TempKeys(ctx context.Context, prefix string, now time.Time) ([]string, error) {
	// Not LIKE (its wildcards, SQLite's case folding) nor a range on the key (PostgreSQL orders text by
	// the database's collation, not by bytes): the prefix compared as it is. The table is small.
	rows, done, err := a.DB.Query(ctx, `SELECT key FROM temp_values WHERE substr(key, 1, ?) = ? AND expires > ?`,
		utf8.RuneCountInString(prefix), prefix, micros(now))
	if err != nil {
		return nil, a.wrap("temp keys", err)
	}
	defer done()
	keys, err := Collect(rows, func(r Rows) (string, error) {
		var k string
		return k, r.Scan(&k)
	})
	slices.Sort(keys) // in byte order, whatever the collation: a bot's events are delivered in order
	return keys, a.wrap("temp keys", err)
}

func (a SQLAccounts) Recent(ctx context.Context, key string, since time.Time) (int, time.Time, error) {
	var n int
	var oldest *int64
	err := a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&n, &oldest) },
		`SELECT count(*), min(at) FROM recent_actions WHERE key = ? AND at >= ?`, key, micros(since))
	if err != nil {
		return 0, time.Time{}, a.wrap("recent actions", err)
	}
	var t time.Time
	if oldest != nil {
		t = fromMicros(*oldest)
	}
	return n, t, nil
}

func (a SQLAccounts) AddRecent(ctx context.Context, key string, at time.Time, n int) error {
	return a.wrap("add recent actions", a.DB.Tx(ctx, func(tx SQLDB) error {
		for range n {
			if _, err := tx.Exec(ctx, `INSERT INTO recent_actions (key, at) VALUES (?, ?)`, key, micros(at)); err != nil {
				return err
			}
		}
		return nil
	}))
}

func (a SQLAccounts) PruneShared(ctx context.Context, now, recentBefore time.Time) error {
	if _, err := a.DB.Exec(ctx, `DELETE FROM temp_values WHERE expires <= ?`, micros(now)); err != nil {
		return a.wrap("prune temp values", err)
	}
	_, err := a.DB.Exec(ctx, `DELETE FROM recent_actions WHERE at < ?`, micros(recentBefore))
	return a.wrap("prune recent actions", err)
}
