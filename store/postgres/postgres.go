// Package postgres is the PostgreSQL backend of store, for running several server instances on one
// database. Every append notifies the other instances (LISTEN/NOTIFY, delivered on commit) so that they can
// refresh the games they hold in memory.
package postgres

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/surveyor-game/surveyor/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is a store.Store and store.Notifier on PostgreSQL.
type Store struct {
	store.SQLAccounts // the accounts, in SQL shared with the SQLite backend
	store.SQLCerts    // the TLS certificates of serve --domain, likewise

	pool    *pgxpool.Pool
	batcher *store.Batcher
	connCfg *pgx.ConnConfig
	schema  string
	channel string
}

var (
	_ store.Store    = (*Store)(nil)
	_ store.Notifier = (*Store)(nil)
)

// Options tune Open.
type Options struct {
	// Schema holds the tables (created if missing). Empty means the URL's search_path parameter if it has
	// one, else "public". Tests use a fresh schema each.
	Schema string
	// MaxConns caps the connection pool (0: pgx's default).
	MaxConns int32
}

// Open connects to url, creates the schema if needed and runs pending migrations. Instances starting
// together are serialised by an advisory lock, so each migration runs once.
func Open(ctx context.Context, url string, o Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse url: %w", err)
	}
	if o.Schema == "" {
		o.Schema = cfg.ConnConfig.RuntimeParams["search_path"]
	}
	if o.Schema == "" {
		o.Schema = "public"
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = o.Schema
	if o.MaxConns > 0 {
		cfg.MaxConns = o.MaxConns
	}
	s := &Store{connCfg: cfg.ConnConfig.Copy(), schema: o.Schema, channel: "surveyor_" + o.Schema}
	if len(s.channel) > 63 {
		return nil, fmt.Errorf("postgres: schema name %q too long", o.Schema)
	}
	s.pool, err = pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	s.SQLAccounts = store.SQLAccounts{DB: accountsDB{pool: s.pool, q: s.pool}, Name: "postgres"}
	s.SQLCerts = store.SQLCerts{DB: s.SQLAccounts.DB, Name: "postgres"}
	if err := s.migrate(ctx); err != nil {
		s.pool.Close()
		return nil, err
	}
	// Two committers keep a batch filling while the previous one is being flushed.
	s.batcher = store.NewBatcher(2, 256, s.commit)
	return s, nil
}

// Migrations lists the embedded migrations in order.
func Migrations() ([]store.Migration, error) { return store.ReadMigrations(migrations, "migrations") }

func (s *Store) migrate(ctx context.Context) error {
	files, err := Migrations()
	if err != nil {
		return err
	}
	return s.migrateWith(ctx, files)
}

// migrateWith applies files, the binary's migrations, in one transaction under a lock: instances starting
// together wait for one another, and an older instance still serving meanwhile sees the schema before or
// after, never between.
func (s *Store) migrateWith(ctx context.Context, files []store.Migration) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	// The lock key is fixed: migrations of different schemas merely wait for one another.
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(7426151)`); err != nil {
		return fmt.Errorf("postgres: migrate: lock: %w", err)
	}
	if _, err := tx.Exec(ctx, `CREATE SCHEMA IF NOT EXISTS `+pgx.Identifier{s.schema}.Sanitize()); err != nil {
		return fmt.Errorf("postgres: create schema %s: %w", s.schema, err)
	}
	// breaks (store.Pending) came after the table: binaries that predate it insert without it, and their
	// migrations count as breaking, which is the safe reading.
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL);
		ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS breaks BOOLEAN NOT NULL DEFAULT true`); err != nil {
		return fmt.Errorf("postgres: migrations table: %w", err)
	}
	rows, err := tx.Query(ctx, `SELECT version, breaks FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("postgres: read migrations: %w", err)
	}
	applied := map[int]bool{}
	for rows.Next() {
		var v int
		var breaks bool
		if err := rows.Scan(&v, &breaks); err != nil {
			rows.Close()
			return fmt.Errorf("postgres: read migrations: %w", err)
		}
		applied[v] = breaks
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("postgres: read migrations: %w", err)
	}
	todo, err := store.Pending(files, applied)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	for _, m := range todo {
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("postgres: migration %d (%s): %w", m.Version, m.Name, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, applied_at, breaks) VALUES ($1, now(), $2)`, m.Version, !m.Expand()); err != nil {
			return fmt.Errorf("postgres: migration %d: %w", m.Version, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	return nil
}

// Close implements store.Store.
func (s *Store) Close() error {
	s.batcher.Close()
	s.pool.Close()
	return nil
}

// Ping implements store.Store.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return fmt.Errorf("postgres: ping: %w", err)
	}
	return nil
}

func orNull(b json.RawMessage) string {
	if len(b) == 0 {
		return "null"
	}
	return string(b)
}

// CreateGame implements store.Store.
func (s *Store) CreateGame(ctx context.Context, g store.Game) error {
	now := g.Created
	if now.IsZero() {
		now = time.Now()
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO games (id, game, options, seed, config, status, summary, seq, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $8)`,
		g.ID, g.Game, orNull(g.Options), int64(g.Seed), orNull(g.Config), g.Status, orNull(g.Summary), store.MicroTime(now))
	if err != nil {
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == "23505" {
			return fmt.Errorf("postgres: create game %s: %w", g.ID, store.ErrExists)
		}
		return fmt.Errorf("postgres: create game %s: %w", g.ID, err)
	}
	return nil
}

const gameCols = `id, game, options, seed, config, status, summary, seq, created_at, updated_at`

func scanGame(row store.Scanner) (store.Game, error) {
	var g store.Game
	var opts, cfg, sum string
	var seed int64
	if err := row.Scan(&g.ID, &g.Game, &opts, &seed, &cfg, &g.Status, &sum, &g.Seq, &g.Created, &g.Updated); err != nil {
		return store.Game{}, err
	}
	g.Options, g.Config, g.Summary = json.RawMessage(opts), json.RawMessage(cfg), json.RawMessage(sum)
	g.Seed = uint64(seed)
	g.Created, g.Updated = g.Created.UTC(), g.Updated.UTC()
	return g, nil
}

// Game implements store.Store.
func (s *Store) Game(ctx context.Context, id string) (store.Game, error) {
	g, err := scanGame(s.pool.QueryRow(ctx, `SELECT `+gameCols+` FROM games WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Game{}, fmt.Errorf("postgres: game %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Game{}, fmt.Errorf("postgres: game %s: %w", id, err)
	}
	return g, nil
}

// ListGames implements store.Store.
func (s *Store) ListGames(ctx context.Context, status string, limit int) ([]store.Game, error) {
	return s.listGames(ctx, status, limit, "")
}

// ListListed implements store.Store.
func (s *Store) ListListed(ctx context.Context, status string, limit int) ([]store.Game, error) {
	return s.listGames(ctx, status, limit, "%"+store.UnlistedMark+"%")
}

// listGames lists the games of a status whose summary is not like unlisted ("": every game).
func (s *Store) listGames(ctx context.Context, status string, limit int, unlisted string) ([]store.Game, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+gameCols+` FROM games WHERE ($1 = '' OR status = $1)
		AND ($3 = '' OR summary NOT LIKE $3) ORDER BY created_at DESC, id LIMIT $2`, status, limit, unlisted)
	if err != nil {
		return nil, fmt.Errorf("postgres: list games: %w", err)
	}
	defer rows.Close()
	out, err := store.Collect(rows, func(r store.Rows) (store.Game, error) { return scanGame(r) })
	if err != nil {
		return nil, fmt.Errorf("postgres: list games: %w", err)
	}
	return out, nil
}

// Events implements store.Store.
func (s *Store) Events(ctx context.Context, id string, after int64) ([]store.Event, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, kind, seat, data, at FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq`, id, after)
	if err != nil {
		return nil, fmt.Errorf("postgres: events of %s: %w", id, err)
	}
	defer rows.Close()
	out, err := store.Collect(rows, func(r store.Rows) (store.Event, error) {
		var ev store.Event
		var data string
		err := r.Scan(&ev.Seq, &ev.Kind, &ev.Seat, &data, &ev.At)
		ev.Data, ev.At = json.RawMessage(data), ev.At.UTC()
		return ev, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: events of %s: %w", id, err)
	}
	return out, nil
}

// Append implements store.Store. Appends are committed in groups (see commit).
func (s *Store) Append(ctx context.Context, id string, after int64, up store.Update, evs ...store.Event) (int64, error) {
	seq, err := s.batcher.Append(ctx, id, after, up, evs)
	if err != nil {
		return 0, fmt.Errorf("postgres: %w", err)
	}
	return seq, nil
}

// appendSQL writes a batch of appends in one statement: each game's sequence number is advanced if it is
// still the append's "after", and the events of the games advanced, and only those, are inserted. It
// returns the games advanced and the number of events inserted. An append that lost the race inserts
// nothing and leaves the transaction usable for the others. One statement rather than one an append (28
// Nov, `loadtest --spawn --ws-moves --db` at 1,000 games): PostgreSQL's own CPU a move fell from 24-26 µs
// to 17-20.
//
// The games are locked in id order first (l: the update's one-time filter reads it, so it runs before the
// update touches a row), so that two instances' batches cannot deadlock; a game may appear once a
// statement (an UPDATE changes a row once).
const appendSQL = `WITH a AS (
	SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::timestamptz[])
		AS a(id, after, seq, status, summary, at)
), l AS (
	SELECT g.id FROM games g JOIN a ON g.id = a.id ORDER BY g.id FOR UPDATE OF g
), u AS (
	UPDATE games g SET seq = a.seq,
		status = CASE WHEN a.status = '' THEN g.status ELSE a.status END,
		summary = CASE WHEN a.summary = '' THEN g.summary ELSE a.summary END,
		updated_at = a.at
	FROM a WHERE g.id = a.id AND g.seq = a.after AND (SELECT count(*) FROM l) >= 0
	RETURNING g.id
), ins AS (
	INSERT INTO events (game_id, seq, kind, seat, data, at)
	SELECT e.game_id, e.seq, e.kind, e.seat, e.data, e.at
	FROM unnest($7::text[], $8::bigint[], $9::text[], $10::int[], $11::text[], $12::timestamptz[])
		AS e(game_id, seq, kind, seat, data, at)
	JOIN u ON u.id = e.game_id
	RETURNING 1
)
SELECT u.id, (SELECT count(*) FROM ins) FROM u`

// maxNotify keeps a notification's payload under PostgreSQL's 8000-byte limit.
const maxNotify = 7000

// commit writes a batch of appends in one transaction and one round trip, then notifies every instance
// in the same transaction (delivered on commit). NOTIFY serialises committing transactions, so grouping is
// what lets PostgreSQL take more than one append per disk flush. Games are updated in id order so that two
// instances' batches lock rows in the same order and cannot deadlock.
func (s *Store) commit(batch []*store.AppendReq) {
	ctx := context.Background()
	live := make([]*store.AppendReq, 0, len(batch))
	for _, r := range batch {
		if r.Ctx.Err() != nil {
			r.Done(fmt.Errorf("postgres: append to %s: %w", r.ID, r.Ctx.Err()))
			continue
		}
		live = append(live, r)
	}
	slices.SortStableFunc(live, func(a, b *store.AppendReq) int { return strings.Compare(a.ID, b.ID) })
	results := make([]error, len(live))
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Rounds, each with a game once: a game's second append in the batch follows its first.
		pending := make([]int, len(live))
		for i := range pending {
			pending[i] = i
		}
		for len(pending) > 0 {
			var round, later []int
			for _, i := range pending {
				if len(round) > 0 && live[round[len(round)-1]].ID == live[i].ID {
					later = append(later, i)
				} else {
					round = append(round, i)
				}
			}
			if err := appendRound(ctx, tx, live, round, results); err != nil {
				return err
			}
			pending = later
		}
		var payload strings.Builder
		notify := func() error {
			if payload.Len() == 0 {
				return nil
			}
			_, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, s.channel, payload.String())
			payload.Reset()
			return err
		}
		for i, r := range live {
			if results[i] != nil {
				var seq int64
				err := tx.QueryRow(ctx, `SELECT seq FROM games WHERE id = $1`, r.ID).Scan(&seq)
				switch {
				case errors.Is(err, pgx.ErrNoRows):
					results[i] = fmt.Errorf("postgres: append to %s: %w", r.ID, store.ErrNotFound)
				case err != nil:
					return err
				default:
					results[i] = fmt.Errorf("postgres: append to %s after %d, log is at %d: %w", r.ID, r.After, seq, store.ErrConflict)
				}
				continue
			}
			if payload.Len() > maxNotify {
				if err := notify(); err != nil {
					return err
				}
			}
			if payload.Len() > 0 {
				payload.WriteByte(',')
			}
			payload.WriteString(r.ID + ":" + strconv.FormatInt(r.After+int64(len(r.Evs)), 10))
		}
		if err := insertNotes(ctx, tx, live, results); err != nil {
			return err
		}
		return notify()
	})
	for i, r := range live {
		if err != nil {
			r.Done(fmt.Errorf("postgres: append to %s: %w", r.ID, err))
			continue
		}
		r.Done(results[i])
	}
}

// appendRound writes the appends live[i] for i in round (no game twice) in one statement, and sets the
// results of those that lost the race to ErrConflict (or not found: told apart by the caller).
func appendRound(ctx context.Context, tx pgx.Tx, live []*store.AppendReq, round []int, results []error) error {
	n, events := len(round), 0
	for _, i := range round {
		events += len(live[i].Evs)
	}
	ids, afters, seqs, statuses, summaries, ats := make([]string, n), make([]int64, n), make([]int64, n), make([]string, n), make([]string, n), make([]time.Time, n)
	egames, eseqs, kinds, seats, datas, eats := make([]string, 0, events), make([]int64, 0, events), make([]string, 0, events), make([]int32, 0, events), make([]string, 0, events), make([]time.Time, 0, events)
	for k, i := range round {
		r := live[i]
		for j, ev := range r.Evs {
			egames, eseqs, kinds = append(egames, r.ID), append(eseqs, r.After+int64(j)+1), append(kinds, ev.Kind)
			seats, datas, eats = append(seats, int32(ev.Seat)), append(datas, string(ev.Data)), append(eats, store.MicroTime(ev.At))
		}
		ids[k], afters[k], seqs[k] = r.ID, r.After, r.After+int64(len(r.Evs))
		statuses[k], summaries[k], ats[k] = r.Up.Status, string(r.Up.Summary), eats[len(eats)-1]
	}
	rows, err := tx.Query(ctx, appendSQL, ids, afters, seqs, statuses, summaries, ats, egames, eseqs, kinds, seats, datas, eats)
	if err != nil {
		return err
	}
	advanced := make(map[string]bool, n)
	var inserted int64
	for rows.Next() {
		var id string
		if err := rows.Scan(&id, &inserted); err != nil {
			rows.Close()
			return err
		}
		advanced[id] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	want := int64(0)
	for _, i := range round {
		if advanced[live[i].ID] {
			want += int64(len(live[i].Evs))
		} else {
			results[i] = store.ErrConflict
		}
	}
	if inserted != want {
		return fmt.Errorf("a batch inserted %d of %d events", inserted, want)
	}
	return nil
}

// insertNotes writes the outbox rows of the appends that succeeded, in one round trip.
func insertNotes(ctx context.Context, tx pgx.Tx, live []*store.AppendReq, results []error) error {
	b := &pgx.Batch{}
	for i, r := range live {
		if results[i] != nil {
			continue
		}
		for _, n := range r.Up.Notes {
			b.Queue(numbered(store.NoteInsert), store.NoteArgs(n)...)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("notes: %w", err)
	}
	return nil
}

// Wake implements store.Notifier.
func (s *Store) Wake(ctx context.Context, userIDs []string) error {
	var payload strings.Builder
	for _, id := range userIDs {
		if payload.Len() > 0 {
			payload.WriteByte(',')
		}
		payload.WriteString(store.WakePrefix + id + ":0")
	}
	if payload.Len() == 0 {
		return nil
	}
	if _, err := s.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, s.channel, payload.String()); err != nil {
		return fmt.Errorf("postgres: wake: %w", err)
	}
	return nil
}

// Listen implements store.Notifier on a dedicated connection, reconnecting after failures.
func (s *Store) Listen(ctx context.Context, fn func(id string, seq int64)) error {
	for ctx.Err() == nil {
		err := s.listenOnce(ctx, fn)
		if ctx.Err() != nil {
			break
		}
		slog.Warn("postgres: listen connection lost, reconnecting", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	return ctx.Err()
}

func (s *Store) listenOnce(ctx context.Context, fn func(string, int64)) error {
	conn, err := pgx.ConnectConfig(ctx, s.connCfg)
	if err != nil {
		return fmt.Errorf("postgres: listen: connect: %w", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return fmt.Errorf("postgres: listen: %w", err)
	}
	fn("", 0)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("postgres: listen: %w", err)
		}
		for item := range strings.SplitSeq(n.Payload, ",") {
			id, seqStr, ok := strings.Cut(item, ":")
			seq, err := strconv.ParseInt(seqStr, 10, 64)
			if !ok || err != nil {
				slog.Warn("postgres: ignoring malformed notification", "payload", item)
				continue
			}
			fn(id, seq)
		}
	}
}

// DropSchema removes a schema and everything in it; tests call it to clean up.
func DropSchema(ctx context.Context, url, schema string) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return fmt.Errorf("postgres: drop schema: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `DROP SCHEMA IF EXISTS `+pgx.Identifier{schema}.Sanitize()+` CASCADE`); err != nil {
		return fmt.Errorf("postgres: drop schema %s: %w", schema, err)
	}
	return nil
}

// ObserveBatches tells fn the size of every group commit (store.BatchObserver).
func (s *Store) ObserveBatches(fn func(n int)) { s.batcher.ObserveBatches(fn) }
