package store

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"
)

// Social in the SQL both backends speak (see accountsql.go).

var _ Social = SQLAccounts{}

// NoteInsert is the statement that writes one outbox row; the backends use it inside Append too.
const NoteInsert = `INSERT INTO outbox (user_id, channel, kind, game_id, data, due, created) VALUES (?, ?, ?, ?, ?, ?, ?)`

// NoteArgs are NoteInsert's arguments for n.
func NoteArgs(n Note) []any {
	return []any{n.UserID, n.Channel, n.Kind, n.GameID, orJSON(n.Data), micros(n.Due), micros(n.Created)}
}

func orJSON(b json.RawMessage) string {
	if len(b) == 0 {
		return "{}"
	}
	return string(b)
}

func (a SQLAccounts) AddNotes(ctx context.Context, ns []Note) error {
	if len(ns) == 0 {
		return nil
	}
	return a.wrap("add notes", a.DB.Tx(ctx, func(tx SQLDB) error {
		for _, n := range ns {
			if _, err := tx.Exec(ctx, NoteInsert, NoteArgs(n)...); err != nil {
				return err
			}
		}
		return nil
	}))
}

const noteCols = `id, user_id, channel, kind, game_id, data, due, created, attempts`

func scanNote(r Rows) (Note, error) {
	var n Note
	var data string
	var due, created int64
	err := r.Scan(&n.ID, &n.UserID, &n.Channel, &n.Kind, &n.GameID, &data, &due, &created, &n.Attempts)
	n.Data, n.Due, n.Created = json.RawMessage(data), fromMicros(due), fromMicros(created)
	return n, err
}

func (a SQLAccounts) ClaimNotes(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]Note, error) {
	// PostgreSQL instances claiming at once skip each other's locked rows instead of queueing behind them;
	// SQLite has one writer, which serialises the claims anyway.
	lock := ""
	if a.Name == "postgres" {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var out []Note
	err := a.DB.Tx(ctx, func(tx SQLDB) error {
		rows, done, err := tx.Query(ctx, `UPDATE outbox SET owner = ?, lease = ?, attempts = attempts + 1
			WHERE id IN (SELECT id FROM outbox WHERE due <= ? AND lease < ? ORDER BY due, id LIMIT ?`+lock+`)
			RETURNING `+noteCols, owner, now.Add(lease).UnixMicro(), now.UnixMicro(), now.UnixMicro(), limit)
		if err != nil {
			return err
		}
		defer done()
		out, err = Collect(rows, scanNote)
		return err
	})
	// RETURNING keeps no order: oldest first is the claim's promise.
	slices.SortFunc(out, func(x, y Note) int { return cmp.Or(x.Due.Compare(y.Due), cmp.Compare(x.ID, y.ID)) })
	return out, a.wrap("claim notes", err)
}

func (a SQLAccounts) SettleNotes(ctx context.Context, owner string, st Settlement) error {
	return a.wrap("settle notes", a.DB.Tx(ctx, func(tx SQLDB) error {
		for _, id := range st.Done {
			if _, err := tx.Exec(ctx, `DELETE FROM outbox WHERE id = ? AND owner = ?`, id, owner); err != nil {
				return err
			}
		}
		for _, r := range st.Retry {
			if _, err := tx.Exec(ctx, `UPDATE outbox SET owner = '', lease = 0, due = ? WHERE id = ? AND owner = ?`,
				micros(r.Due), r.ID, owner); err != nil {
				return err
			}
		}
		for _, n := range st.Add {
			if _, err := tx.Exec(ctx, NoteInsert, NoteArgs(n)...); err != nil {
				return err
			}
		}
		for _, n := range st.Inbox {
			if n.Replace {
				if _, err := tx.Exec(ctx, `DELETE FROM inbox WHERE user_id = ? AND game_id = ? AND kind = ? AND is_read = 0`,
					n.UserID, n.GameID, n.Kind); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, `INSERT INTO inbox (user_id, kind, game_id, data, created) VALUES (?, ?, ?, ?, ?)`,
				n.UserID, n.Kind, n.GameID, orJSON(n.Data), micros(n.Created)); err != nil {
				return err
			}
		}
		for _, m := range st.Mailed {
			if _, err := tx.Exec(ctx, `INSERT INTO mailed (user_id, game_id, at) VALUES (?, ?, ?)
				ON CONFLICT (user_id, game_id) DO UPDATE SET at = excluded.at`, m.UserID, m.GameID, micros(m.At)); err != nil {
				return err
			}
		}
		return nil
	}))
}

func (a SQLAccounts) LastMailed(ctx context.Context, userID, gameID string) (time.Time, error) {
	var at int64
	err := a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&at) },
		`SELECT at FROM mailed WHERE user_id = ? AND game_id = ?`, userID, gameID)
	if errors.Is(err, ErrNotFound) {
		return time.Time{}, nil
	}
	return fromMicros(at), a.wrap("last mailed", err)
}

func (a SQLAccounts) inbox(ctx context.Context, op, query string, args ...any) ([]Note, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT id, user_id, kind, game_id, data, created, is_read FROM inbox WHERE `+query, args...)
	if err != nil {
		return nil, a.wrap(op, err)
	}
	defer done()
	ns, err := Collect(rows, func(r Rows) (Note, error) {
		var n Note
		var data string
		var created int64
		var read int
		err := r.Scan(&n.ID, &n.UserID, &n.Kind, &n.GameID, &data, &created, &read)
		n.Data, n.Created, n.Read = json.RawMessage(data), fromMicros(created), read != 0
		return n, err
	})
	return ns, a.wrap(op, err)
}

func (a SQLAccounts) Inbox(ctx context.Context, userID string, before int64, limit int) ([]Note, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	return a.inbox(ctx, "inbox", `user_id = ? AND id < ? ORDER BY id DESC LIMIT ?`, userID, before, limit)
}

func (a SQLAccounts) InboxSince(ctx context.Context, userID string, after int64) ([]Note, error) {
	return a.inbox(ctx, "inbox since", `user_id = ? AND id > ? ORDER BY id LIMIT 100`, userID, after)
}

func (a SQLAccounts) Prune(ctx context.Context, inboxBefore, mailedBefore time.Time) error {
	return a.wrap("prune", a.DB.Tx(ctx, func(tx SQLDB) error {
		if _, err := tx.Exec(ctx, `DELETE FROM inbox WHERE created < ?`, micros(inboxBefore)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM mailed WHERE at < ?`, micros(mailedBefore))
		return err
	}))
}

func (a SQLAccounts) MarkRead(ctx context.Context, userID string, upto int64) error {
	_, err := a.DB.Exec(ctx, `UPDATE inbox SET is_read = 1 WHERE user_id = ? AND id <= ? AND is_read = 0`, userID, upto)
	return a.wrap("mark read", err)
}

func (a SQLAccounts) MarkNotesRead(ctx context.Context, userID string, ids []int64) error {
	return a.wrap("mark notes read", a.DB.Tx(ctx, func(tx SQLDB) error {
		for _, id := range ids {
			if _, err := tx.Exec(ctx, `UPDATE inbox SET is_read = 1 WHERE user_id = ? AND id = ?`, userID, id); err != nil {
				return err
			}
		}
		return nil
	}))
}

func (a SQLAccounts) MarkMatchRead(ctx context.Context, userID, gameID string) (int, error) {
	n, err := a.DB.Exec(ctx, `UPDATE inbox SET is_read = 1 WHERE user_id = ? AND game_id = ? AND is_read = 0`, userID, gameID)
	return int(n), a.wrap("mark match read", err)
}

func (a SQLAccounts) Unread(ctx context.Context, userID string) (int, error) {
	var n int
	err := a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&n) },
		`SELECT count(*) FROM inbox WHERE user_id = ? AND is_read = 0`, userID)
	return n, a.wrap("unread", err)
}

func (a SQLAccounts) Waiting(ctx context.Context, userID string) (int, error) {
	var n int
	err := a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&n) },
		`SELECT count(DISTINCT CASE WHEN game_id = '' THEN 'note ' || CAST(id AS TEXT) ELSE game_id END)
			FROM inbox WHERE user_id = ? AND is_read = 0`, userID)
	return n, a.wrap("waiting", err)
}

func (a SQLAccounts) Prefs(ctx context.Context, userID string) (Prefs, error) {
	p := Prefs{UserID: userID}
	var page, push, confirmed int
	err := a.one(ctx, a.DB, func(r Rows) error {
		return r.Scan(&page, &push, &p.Mail, &p.DigestHour, &p.Email, &confirmed, &p.Lang)
	}, `SELECT page, push, mail, digest_hour, email, confirmed, lang FROM notify_prefs WHERE user_id = ?`, userID)
	if errors.Is(err, ErrNotFound) {
		return DefaultPrefs(userID), nil
	}
	p.Page, p.Push, p.Confirmed = page != 0, push != 0, confirmed != 0
	return p, a.wrap("prefs", err)
}

func (a SQLAccounts) SetPrefs(ctx context.Context, p Prefs) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO notify_prefs (user_id, page, push, mail, digest_hour, email, confirmed, lang)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET page = excluded.page, push = excluded.push,
		mail = excluded.mail, digest_hour = excluded.digest_hour, email = excluded.email, confirmed = excluded.confirmed,
		lang = excluded.lang`,
		p.UserID, flag(p.Page), flag(p.Push), p.Mail, p.DigestHour, p.Email, flag(p.Confirmed), cmp.Or(p.Lang, "en"))
	return a.wrap("set prefs", err)
}

func (a SQLAccounts) AddPushSub(ctx context.Context, p PushSub) error {
	return a.wrap("add push subscription", a.DB.Tx(ctx, func(tx SQLDB) error {
		if _, err := tx.Exec(ctx, `DELETE FROM push_subs WHERE endpoint = ?`, p.Endpoint); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO push_subs (id, user_id, endpoint, data, agent, created) VALUES (?, ?, ?, ?, ?, ?)`,
			p.ID, p.UserID, p.Endpoint, orJSON(p.Data), p.Agent, micros(p.Created))
		return err
	}))
}

func (a SQLAccounts) PushSubs(ctx context.Context, userID string) ([]PushSub, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT id, user_id, endpoint, data, agent, created FROM push_subs
		WHERE user_id = ? ORDER BY created, id`, userID)
	if err != nil {
		return nil, a.wrap("push subscriptions", err)
	}
	defer done()
	ps, err := Collect(rows, func(r Rows) (PushSub, error) {
		var p PushSub
		var data string
		var created int64
		err := r.Scan(&p.ID, &p.UserID, &p.Endpoint, &data, &p.Agent, &created)
		p.Data, p.Created = json.RawMessage(data), fromMicros(created)
		return p, err
	})
	return ps, a.wrap("push subscriptions", err)
}

func (a SQLAccounts) DeletePushSub(ctx context.Context, userID, id string) error {
	n, err := a.DB.Exec(ctx, `DELETE FROM push_subs WHERE id = ? AND user_id = ?`, id, userID)
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	return a.wrap("delete push subscription", err)
}

// relate records a relation, and reports whether it is new (a repeat changes nothing, its date included).
func (a SQLAccounts) relate(ctx context.Context, op, table, userID, otherID string, at time.Time) (bool, error) {
	if userID == otherID {
		return false, a.wrap(op, errors.New("an account cannot "+op+" itself"))
	}
	n, err := a.DB.Exec(ctx, `INSERT INTO `+table+` (user_id, other_id, created) VALUES (?, ?, ?)
		ON CONFLICT (user_id, other_id) DO NOTHING`, userID, otherID, micros(at))
	return n > 0, a.wrap(op, err)
}

func (a SQLAccounts) unrelate(ctx context.Context, op, table, userID, otherID string) error {
	_, err := a.DB.Exec(ctx, `DELETE FROM `+table+` WHERE user_id = ? AND other_id = ?`, userID, otherID)
	return a.wrap(op, err)
}

func (a SQLAccounts) contacts(ctx context.Context, op, table, userID string) ([]Contact, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT t.other_id, u.name, t.created, COALESCE(p.seen, 0)
		FROM `+table+` t JOIN users u ON u.id = t.other_id LEFT JOIN presence p ON p.user_id = t.other_id
		WHERE t.user_id = ? AND u.deleted = 0 ORDER BY u.key`, userID)
	if err != nil {
		return nil, a.wrap(op, err)
	}
	defer done()
	cs, err := Collect(rows, func(r Rows) (Contact, error) {
		var c Contact
		var since, seen int64
		err := r.Scan(&c.UserID, &c.Name, &since, &seen)
		c.Since, c.Seen = fromMicros(since), fromMicros(seen)
		return c, err
	})
	return cs, a.wrap(op, err)
}

func (a SQLAccounts) Follow(ctx context.Context, userID, otherID string, at time.Time) (bool, error) {
	return a.relate(ctx, "follow", "follows", userID, otherID, at)
}

func (a SQLAccounts) Unfollow(ctx context.Context, userID, otherID string) error {
	return a.unrelate(ctx, "unfollow", "follows", userID, otherID)
}

func (a SQLAccounts) Following(ctx context.Context, userID string) ([]Contact, error) {
	return a.contacts(ctx, "following", "follows", userID)
}

func (a SQLAccounts) Block(ctx context.Context, userID, otherID string, at time.Time) error {
	_, err := a.relate(ctx, "block", "blocks", userID, otherID, at)
	return err
}

func (a SQLAccounts) Unblock(ctx context.Context, userID, otherID string) error {
	return a.unrelate(ctx, "unblock", "blocks", userID, otherID)
}

func (a SQLAccounts) Blocked(ctx context.Context, userID string) ([]Contact, error) {
	return a.contacts(ctx, "blocked", "blocks", userID)
}

func (a SQLAccounts) Blocks(ctx context.Context, userID, otherID string) (bool, error) {
	var n int
	err := a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&n) },
		`SELECT count(*) FROM blocks WHERE user_id = ? AND other_id = ?`, userID, otherID)
	return n > 0, a.wrap("blocks", err)
}

func (a SQLAccounts) AddReport(ctx context.Context, r Report) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO reports (id, from_id, about_id, game_id, text, created, resolved) VALUES (?, ?, ?, ?, ?, ?, 0)`,
		r.ID, r.FromID, r.AboutID, r.GameID, r.Text, micros(r.Created))
	return a.wrap("add report", err)
}

func (a SQLAccounts) Reports(ctx context.Context, all bool, limit int) ([]Report, error) {
	rows, done, err := a.DB.Query(ctx, `SELECT id, from_id, about_id, game_id, text, created, resolved FROM reports
		WHERE (? = 1 OR resolved = 0) ORDER BY created DESC, id LIMIT ?`, flag(all), limit)
	if err != nil {
		return nil, a.wrap("reports", err)
	}
	defer done()
	rs, err := Collect(rows, func(r Rows) (Report, error) {
		var rp Report
		var created int64
		var resolved int
		err := r.Scan(&rp.ID, &rp.FromID, &rp.AboutID, &rp.GameID, &rp.Text, &created, &resolved)
		rp.Created, rp.Resolved = fromMicros(created), resolved != 0
		return rp, err
	})
	return rs, a.wrap("reports", err)
}

func (a SQLAccounts) ResolveReport(ctx context.Context, id string) error {
	n, err := a.DB.Exec(ctx, `UPDATE reports SET resolved = 1 WHERE id = ?`, id)
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	return a.wrap("resolve report", err)
}

func (a SQLAccounts) Seen(ctx context.Context, userID string, at time.Time) error {
	_, err := a.DB.Exec(ctx, `INSERT INTO presence (user_id, seen) VALUES (?, ?)
		ON CONFLICT (user_id) DO UPDATE SET seen = excluded.seen`, userID, micros(at))
	return a.wrap("seen", err)
}

func (a SQLAccounts) LastSeen(ctx context.Context, userID string) (time.Time, error) {
	var at int64
	err := a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&at) }, `SELECT seen FROM presence WHERE user_id = ?`, userID)
	if errors.Is(err, ErrNotFound) {
		return time.Time{}, nil
	}
	return fromMicros(at), a.wrap("last seen", err)
}

func (a SQLAccounts) ServerKey(ctx context.Context, name string, make func() (string, error)) (string, error) {
	var v string
	get := func() error {
		return a.one(ctx, a.DB, func(r Rows) error { return r.Scan(&v) }, `SELECT value FROM server_keys WHERE name = ?`, name)
	}
	err := get()
	if errors.Is(err, ErrNotFound) {
		var nv string
		if nv, err = make(); err != nil {
			return "", a.wrap("server key "+name, err)
		}
		// Instances starting together may both make one: the first stored wins and both read it back.
		if _, err = a.DB.Exec(ctx, `INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, name, nv); err == nil {
			err = get()
		}
	}
	return v, a.wrap("server key "+name, err)
}
