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
	pool    *pgxpool.Pool
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
	if err := s.migrate(ctx); err != nil {
		s.pool.Close()
		return nil, err
	}
	return s, nil
}

// Migrations lists the embedded migrations in order.
func Migrations() ([]store.Migration, error) { return store.ReadMigrations(migrations, "migrations") }

func (s *Store) migrate(ctx context.Context) error {
	files, err := Migrations()
	if err != nil {
		return err
	}
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
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)`); err != nil {
		return fmt.Errorf("postgres: migrations table: %w", err)
	}
	for _, m := range files {
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM schema_migrations WHERE version = $1`, m.Version).Scan(&n); err != nil {
			return fmt.Errorf("postgres: migration %d: %w", m.Version, err)
		}
		if n > 0 {
			continue
		}
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("postgres: migration %d (%s): %w", m.Version, m.Name, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())`, m.Version); err != nil {
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

func scanGame(row pgx.Row) (store.Game, error) {
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
	rows, err := s.pool.Query(ctx, `SELECT `+gameCols+` FROM games WHERE ($1 = '' OR status = $1)
		ORDER BY created_at DESC, id LIMIT $2`, status, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: list games: %w", err)
	}
	defer rows.Close()
	var out []store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: list games: %w", err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
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
	var out []store.Event
	for rows.Next() {
		var ev store.Event
		var data string
		if err := rows.Scan(&ev.Seq, &ev.Kind, &ev.Seat, &data, &ev.At); err != nil {
			return nil, fmt.Errorf("postgres: events of %s: %w", id, err)
		}
		ev.Data, ev.At = json.RawMessage(data), ev.At.UTC()
		out = append(out, ev)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: events of %s: %w", id, err)
	}
	return out, nil
}

// Append implements store.Store. The conditional UPDATE takes the game row's lock, so a concurrent append
// to the same game waits for this one and then finds the sequence number moved: exactly one of them wins.
func (s *Store) Append(ctx context.Context, id string, after int64, up store.Update, evs ...store.Event) (int64, error) {
	if err := store.CheckAppend(id, after, evs); err != nil {
		return 0, fmt.Errorf("postgres: %w", err)
	}
	newSeq := after + int64(len(evs))
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE games SET seq = $1,
			status = CASE WHEN $2 = '' THEN status ELSE $2 END,
			summary = CASE WHEN $3 = '' THEN summary ELSE $3 END,
			updated_at = $4 WHERE id = $5 AND seq = $6`,
			newSeq, up.Status, string(up.Summary), store.MicroTime(evs[len(evs)-1].At), id, after)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			var seq int64
			err := tx.QueryRow(ctx, `SELECT seq FROM games WHERE id = $1`, id).Scan(&seq)
			if errors.Is(err, pgx.ErrNoRows) {
				return store.ErrNotFound
			}
			if err != nil {
				return err
			}
			return fmt.Errorf("after %d, log is at %d: %w", after, seq, store.ErrConflict)
		}
		b := &pgx.Batch{}
		for i, ev := range evs {
			b.Queue(`INSERT INTO events (game_id, seq, kind, seat, data, at) VALUES ($1, $2, $3, $4, $5, $6)`,
				id, after+int64(i)+1, ev.Kind, ev.Seat, string(ev.Data), store.MicroTime(ev.At))
		}
		b.Queue(`SELECT pg_notify($1, $2)`, s.channel, id+":"+strconv.FormatInt(newSeq, 10))
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: append to %s: %w", id, err)
	}
	return newSeq, nil
}

// Listen implements store.Notifier on a dedicated connection, reconnecting after failures.
func (s *Store) Listen(ctx context.Context, fn func(id string, seq int64)) error {
	first := true
	for ctx.Err() == nil {
		err := s.listenOnce(ctx, fn, !first)
		first = false
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

func (s *Store) listenOnce(ctx context.Context, fn func(string, int64), resync bool) error {
	conn, err := pgx.ConnectConfig(ctx, s.connCfg)
	if err != nil {
		return fmt.Errorf("postgres: listen: connect: %w", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return fmt.Errorf("postgres: listen: %w", err)
	}
	if resync {
		fn("", 0)
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("postgres: listen: %w", err)
		}
		id, seqStr, ok := strings.Cut(n.Payload, ":")
		seq, err := strconv.ParseInt(seqStr, 10, 64)
		if !ok || err != nil {
			slog.Warn("postgres: ignoring malformed notification", "payload", n.Payload)
			continue
		}
		fn(id, seq)
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
