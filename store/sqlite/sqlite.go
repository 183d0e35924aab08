// Package sqlite is the embedded backend of store: one SQLite file (pure Go driver, WAL mode) in the data
// directory. Writes go through a single connection, which is what SQLite allows anyway, and appends from
// concurrent callers are committed together in one transaction (group commit) so that the cost of a commit
// is shared by every move that arrived while the previous one was being written.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/surveyor-game/surveyor/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is a store.Store on one SQLite file.
type Store struct {
	store.SQLAccounts // the accounts, in SQL shared with the PostgreSQL backend
	store.SQLCerts    // the TLS certificates of serve --domain, likewise

	w *sql.DB // the only writer connection
	r *sql.DB // readers

	seqStmt, rowStmt, insStmt, noteStmt *sql.Stmt // prepared once on the writer
	batcher                             *store.Batcher
	batchSeq, batchIns                  [batchPowers]*sql.Stmt // batch statements by power-of-two row count

	// ends holds where the logs the writer last appended to end, so that a batch whose appends all follow
	// on from them skips the query that checks each game's end (a fifth of the store's work a move,
	// measured). Only the writer connection writes events, here; a write by any other connection (another
	// process on the file) changes the writer's data_version, which empties it. Touched only by the
	// batcher's goroutine, in commit.
	ends        map[string]int64
	dataVersion int64

	ckpt     *sql.DB // checkpoints the WAL in the background
	ckptStop chan struct{}
	ckptDone chan struct{}
	stopOnce sync.Once
}

// The writer's automatic checkpoint runs inside the commit that crosses the threshold, fsyncs the
// database file, and so stalls every move of that batch and of the batches queued behind it (up to 90 ms
// measured under surveyor loadtest). Checkpoints are instead run every ckptEvery from a connection of
// their own, in PASSIVE mode, which never blocks the writer; the writer's own threshold is kept, much
// higher, only as a bound on the WAL should the background checkpoints fall behind. A checkpoint copies
// each page once however often it changed since the last, so a second between them, rather than 200 ms,
// copies the last leaves of the log and of its index once for several moves (0.6 fewer reads and writes a
// move under loadtest; the WAL holds about a second of moves, a few MiB).
const (
	ckptEvery     = time.Second
	autoCkptPages = 16384 // 16 MiB of 1 KiB pages
)

// commitGather: with moves arriving together but not enough to fill batches, each commit waits this
// long for more (store.Batcher.Gather). A commit costs its flush and its WAL frames whatever it holds:
// under surveyor loadtest --ws-moves --think 190ms (about 5,200 moves/s), 3 interleaved pairs, 130-153 µs
// of server CPU a move without waiting, 101-118 µs with 250 µs (one run each at 300 µs and 1 ms: 100 and
// 97.5 µs, the median latency 1.9 and 2.8 ms against 1.2 ms without).
const commitGather = 250 * time.Microsecond

var _ store.Store = (*Store)(nil)

// Open opens (creating if needed) the database file at path and runs pending migrations.
func Open(ctx context.Context, path string) (*Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("sqlite: create data directory: %w", err)
		}
	}
	q := url.Values{}
	// Small pages because every commit rewrites, in the WAL, each page it touches, and a batch of moves
	// touches one entry of the events index per game, scattered: 1 KiB pages halve the bytes written per
	// move compared with 4 KiB (measured with surveyor loadtest; 4 KiB saves about 2 µs of CPU an append,
	// fewer pages, for twice the bytes). It only applies to a new file. The
	// driver runs _pragma values in name order and _journal_mode after them, so page_size precedes WAL,
	// which would fix it.
	// synchronous FULL syncs the WAL at every commit, so that a move the server has acknowledged survives a
	// power cut (NORMAL would only survive a crash of the process). Group commit shares each sync among
	// the moves of a batch: surveyor loadtest measured the same p99 at 5,200 moves/s (6-9 ms) and a
	// saturation of 13,750 moves/s against 14,600 with NORMAL.
	// temp_store MEMORY keeps statement journals in memory: a statement that writes several rows (a batch's
	// events, batchTx) journals the pages it changes so that it can be undone alone, and in a temporary file
	// that costs system calls on every commit (16% of the writer's CPU time, measured).
	for _, p := range []string{"busy_timeout(10000)", "foreign_keys(1)", "page_size(1024)", "synchronous(FULL)", "temp_store(2)",
		fmt.Sprintf("wal_autocheckpoint(%d)", autoCkptPages)} {
		q.Add("_pragma", p)
	}
	q.Set("_journal_mode", "WAL")
	w, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode()+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	ckpt, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s for checkpoints: %w", path, err)
	}
	ckpt.SetMaxOpenConns(1)
	q.Add("_pragma", "query_only(1)")
	r, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		w.Close()
		ckpt.Close()
		return nil, fmt.Errorf("sqlite: open %s for reading: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	r.SetMaxIdleConns(4)
	s := &Store{w: w, r: r, ckpt: ckpt}
	s.SQLAccounts = store.SQLAccounts{DB: accountsDB{w: w, r: r}, Name: "sqlite"}
	s.SQLCerts = store.SQLCerts{DB: s.SQLAccounts.DB, Name: "sqlite"}
	if err := s.migrate(ctx); err != nil {
		w.Close()
		r.Close()
		ckpt.Close()
		return nil, err
	}
	for _, p := range []struct {
		st  **sql.Stmt
		sql string
	}{{&s.seqStmt, seqSQL}, {&s.rowStmt, rowSQL}, {&s.insStmt, insSQL}, {&s.noteStmt, store.NoteInsert}} {
		if *p.st, err = w.PrepareContext(ctx, p.sql); err != nil {
			break
		}
	}
	if err == nil {
		if s.batchSeq, err = prepareBatch(ctx, w, batchSeqSQL, "(?, ?)"); err == nil {
			s.batchIns, err = prepareBatch(ctx, w, batchInsSQL, "(?, ?, ?, ?, ?, ?)")
		}
	}
	if err != nil {
		w.Close()
		r.Close()
		ckpt.Close()
		return nil, fmt.Errorf("sqlite: prepare: %w", err)
	}
	s.batcher = store.NewBatcher(1, maxBatch, s.commit)
	s.batcher.Gather = commitGather
	s.ckptStop, s.ckptDone = make(chan struct{}), make(chan struct{})
	go s.checkpoints()
	return s, nil
}

// checkpoints copies the WAL into the database file every ckptEvery until Close. A failure is not fatal:
// the next round retries, and the writer's automatic checkpoint bounds the WAL meanwhile.
func (s *Store) checkpoints() {
	defer close(s.ckptDone)
	t := time.NewTicker(ckptEvery)
	defer t.Stop()
	for {
		select {
		case <-s.ckptStop:
			return
		case <-t.C:
			s.ckpt.Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
		}
	}
}

func (s *Store) migrate(ctx context.Context) error {
	files, err := Migrations()
	if err != nil {
		return err
	}
	return s.migrateWith(ctx, files)
}

// migrateWith applies files, the binary's migrations, each in its own transaction.
func (s *Store) migrateWith(ctx context.Context, files []store.Migration) error {
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("sqlite: migrations table: %w", err)
	}
	// breaks (store.Pending) came after the table: binaries that predate it insert without it, and their
	// migrations count as breaking, which is the safe reading.
	var has int
	if err := s.w.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('schema_migrations') WHERE name = 'breaks'`).Scan(&has); err != nil {
		return fmt.Errorf("sqlite: migrations table: %w", err)
	}
	if has == 0 {
		if _, err := s.w.ExecContext(ctx, `ALTER TABLE schema_migrations ADD COLUMN breaks INTEGER NOT NULL DEFAULT 1`); err != nil {
			return fmt.Errorf("sqlite: migrations table: %w", err)
		}
	}
	rows, err := s.w.QueryContext(ctx, `SELECT version, breaks FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("sqlite: read migrations: %w", err)
	}
	applied := map[int]bool{}
	for rows.Next() {
		var v, breaks int
		if err := rows.Scan(&v, &breaks); err != nil {
			rows.Close()
			return fmt.Errorf("sqlite: read migrations: %w", err)
		}
		applied[v] = breaks != 0
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("sqlite: read migrations: %w", err)
	}
	todo, err := store.Pending(files, applied)
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	for _, m := range todo {
		tx, err := s.w.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("sqlite: migration %d: %w", m.Version, err)
		}
		// Another process on the file may have applied it since the read above.
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, m.Version).Scan(&n); err != nil {
			tx.Rollback()
			return fmt.Errorf("sqlite: migration %d: %w", m.Version, err)
		}
		if n > 0 {
			tx.Rollback()
			continue
		}
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			tx.Rollback()
			return fmt.Errorf("sqlite: migration %d (%s): %w", m.Version, m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at, breaks) VALUES (?, ?, ?)`, m.Version, time.Now().UnixMicro(), !m.Expand()); err != nil {
			tx.Rollback()
			return fmt.Errorf("sqlite: migration %d: %w", m.Version, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("sqlite: migration %d: %w", m.Version, err)
		}
	}
	return nil
}

// Migrations lists the embedded migrations in order.
func Migrations() ([]store.Migration, error) { return store.ReadMigrations(migrations, "migrations") }

// Close stops the writer and closes the database.
func (s *Store) Close() error {
	s.batcher.Close()
	s.stopOnce.Do(func() { close(s.ckptStop) })
	<-s.ckptDone
	return errors.Join(s.w.Close(), s.r.Close(), s.ckpt.Close())
}

// Backup writes a consistent copy of the whole database to a new file at dst while the store stays in
// use: SQLite's VACUUM INTO reads one snapshot, so appends committed meanwhile are either all in the copy or
// not at all, and the copy is compact (no WAL to carry along). dst must not exist.
func (s *Store) Backup(ctx context.Context, dst string) error {
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("sqlite: backup to %s: the file exists", dst)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("sqlite: backup to %s: %w", dst, err)
	}
	if _, err := s.ckpt.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return fmt.Errorf("sqlite: backup to %s: %w", dst, err)
	}
	return nil
}

// BackupFile copies the database at src to a new file at dst like Store.Backup, through a connection of its
// own that neither creates the database nor runs migrations: the server using src may be of another
// version, and its schema is its own business.
func BackupFile(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("sqlite: backup of %s: %w", src, err)
	}
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("sqlite: backup to %s: the file exists", dst)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	db, err := sql.Open("sqlite", "file:"+src+"?mode=rw&"+q.Encode())
	if err != nil {
		return fmt.Errorf("sqlite: backup of %s: %w", src, err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return fmt.Errorf("sqlite: backup of %s to %s: %w", src, dst, err)
	}
	return nil
}

// Ping implements store.Store.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.r.PingContext(ctx); err != nil {
		return fmt.Errorf("sqlite: ping: %w", err)
	}
	return nil
}

func orEmpty(b json.RawMessage, def string) string {
	if len(b) == 0 {
		return def
	}
	return string(b)
}

// CreateGame implements store.Store.
func (s *Store) CreateGame(ctx context.Context, g store.Game) error {
	now := g.Created
	if now.IsZero() {
		now = time.Now()
	}
	_, err := s.w.ExecContext(ctx, `INSERT INTO games (id, game, options, seed, config, status, summary, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Game, orEmpty(g.Options, "null"), int64(g.Seed), orEmpty(g.Config, "null"), g.Status,
		orEmpty(g.Summary, "null"), now.UnixMicro())
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE constraint failed") {
			return fmt.Errorf("sqlite: create game %s: %w", g.ID, store.ErrExists)
		}
		return fmt.Errorf("sqlite: create game %s: %w", g.ID, err)
	}
	return nil
}

// gameCols reads a game's row, with its sequence number and last change from its log (migration 004):
// each is one seek to the end of the game's events in their primary key.
const gameCols = `id, game, options, seed, config, status, summary,
	coalesce((SELECT max(seq) FROM events WHERE game_id = games.id), 0), created_at,
	coalesce((SELECT at FROM events WHERE game_id = games.id ORDER BY seq DESC LIMIT 1), created_at)`

func scanGame(sc store.Scanner) (store.Game, error) {
	var g store.Game
	var opts, cfg, sum string
	var seed, created, updated int64
	if err := sc.Scan(&g.ID, &g.Game, &opts, &seed, &cfg, &g.Status, &sum, &g.Seq, &created, &updated); err != nil {
		return store.Game{}, err
	}
	g.Options, g.Config, g.Summary = json.RawMessage(opts), json.RawMessage(cfg), json.RawMessage(sum)
	g.Seed = uint64(seed)
	g.Created, g.Updated = time.UnixMicro(created).UTC(), time.UnixMicro(updated).UTC()
	return g, nil
}

// Game implements store.Store.
func (s *Store) Game(ctx context.Context, id string) (store.Game, error) {
	g, err := scanGame(s.r.QueryRowContext(ctx, `SELECT `+gameCols+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return store.Game{}, fmt.Errorf("sqlite: game %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Game{}, fmt.Errorf("sqlite: game %s: %w", id, err)
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
	rows, err := s.r.QueryContext(ctx, `SELECT `+gameCols+` FROM games WHERE (? = '' OR status = ?)
		AND (? = '' OR summary NOT LIKE ?) ORDER BY created_at DESC, id LIMIT ?`, status, status, unlisted, unlisted, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list games: %w", err)
	}
	defer rows.Close()
	out, err := store.Collect(rows, func(r store.Rows) (store.Game, error) { return scanGame(r) })
	if err != nil {
		return nil, fmt.Errorf("sqlite: list games: %w", err)
	}
	return out, nil
}

// Events implements store.Store.
func (s *Store) Events(ctx context.Context, id string, after int64) ([]store.Event, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT seq, kind, seat, data, at FROM events WHERE game_id = ? AND seq > ? ORDER BY seq`, id, after)
	if err != nil {
		return nil, fmt.Errorf("sqlite: events of %s: %w", id, err)
	}
	defer rows.Close()
	out, err := store.Collect(rows, func(r store.Rows) (store.Event, error) {
		var ev store.Event
		var data string
		var at int64
		err := r.Scan(&ev.Seq, &ev.Kind, &ev.Seat, &data, &at)
		ev.Data, ev.At = json.RawMessage(data), time.UnixMicro(at).UTC()
		return ev, err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: events of %s: %w", id, err)
	}
	return out, nil
}

// Append implements store.Store, through the group commit of the single writer connection.
func (s *Store) Append(ctx context.Context, id string, after int64, up store.Update, evs ...store.Event) (int64, error) {
	seq, err := s.batcher.Append(ctx, id, after, up, evs)
	if err != nil {
		return 0, fmt.Errorf("sqlite: %w", err)
	}
	return seq, nil
}

const maxBatch = 128

// commit writes a batch of appends in one transaction. An append whose sequence number does not match
// writes nothing, so it fails alone; any other error fails the whole batch. The batch's sequence numbers
// are checked by one statement and its events inserted by another (batchTx), not one statement per
// append: each statement costs the writer a few microseconds of its single core whatever its size. A
// move writes only its event: the game's row changes only when its status or summary does.
func (s *Store) commit(batch []*store.AppendReq) {
	results := make([]error, len(batch))
	err := func() error {
		ctx := context.Background()
		tx, err := s.w.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if err := s.trustEnds(ctx, tx); err != nil {
			return err
		}
		live := batch[:0:0]
		for i, r := range batch {
			if r.Ctx.Err() != nil {
				results[i] = fmt.Errorf("sqlite: append to %s: %w", r.ID, r.Ctx.Err())
				continue
			}
			live = append(live, r)
		}
		if len(live) > 1 && !repeatsAGame(live) {
			if err := s.batchTx(ctx, tx, batch, live, results); err != nil {
				return err
			}
			return tx.Commit()
		}
		for i, r := range batch {
			if results[i] != nil {
				continue
			}
			var fatal bool
			fatal, results[i] = s.appendTx(ctx, tx, r)
			if fatal {
				return results[i]
			}
		}
		return tx.Commit()
	}()
	s.noteEnds(batch, results, err)
	for i, r := range batch {
		if err != nil {
			r.Done(fmt.Errorf("sqlite: append to %s: %w", r.ID, err))
			continue
		}
		r.Done(results[i])
	}
}

// maxEnds bounds the log ends kept (about 60 bytes each): past it they are forgotten and learnt again.
const maxEnds = 1 << 17

// trustEnds empties the known log ends if another connection has written to the database since the
// writer's last look (tx holds the write lock: _txlock=immediate, so none can write until it ends).
func (s *Store) trustEnds(ctx context.Context, tx *sql.Tx) error {
	var v int64
	if err := tx.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v); err != nil {
		return fmt.Errorf("data version: %w", err)
	}
	if v != s.dataVersion || s.ends == nil || len(s.ends) > maxEnds {
		s.ends = make(map[string]int64)
		s.dataVersion = v
	}
	return nil
}

// noteEnds records where the logs of a committed batch's appends now end; a failed commit forgets them
// all.
func (s *Store) noteEnds(batch []*store.AppendReq, results []error, err error) {
	if err != nil {
		s.ends = nil
		return
	}
	for i, r := range batch {
		if results[i] == nil {
			s.ends[r.ID] = r.After + int64(len(r.Evs))
		}
	}
}

// followOn reports whether every append of live starts where its game's log is known to end.
func (s *Store) followOn(live []*store.AppendReq) bool {
	for _, r := range live {
		if end, ok := s.ends[r.ID]; !ok || end != r.After {
			return false
		}
	}
	return true
}

// repeatsAGame reports whether two appends of the batch are to the same game: the second must see the
// first's events, which one check over both would not (the batch then goes append by append).
func repeatsAGame(batch []*store.AppendReq) bool {
	seen := make(map[string]struct{}, len(batch))
	for _, r := range batch {
		if _, ok := seen[r.ID]; ok {
			return true
		}
		seen[r.ID] = struct{}{}
	}
	return false
}

// batchTx writes the appends live (all to different games) in tx: one query names the games whose log
// ends where their append says, then the INSERTs of those appends' events, their rows' changes and their
// notes. results[i] is set for batch[i] that fails alone; an error return fails the batch.
func (s *Store) batchTx(ctx context.Context, tx *sql.Tx, batch, live []*store.AppendReq, results []error) error {
	args := make([]any, 0, 6*len(live))
	for _, r := range live {
		args = append(args, r.ID, r.After)
	}
	matched := make(map[string]bool, len(live))
	if s.followOn(live) {
		for _, r := range live {
			matched[r.ID] = true
		}
	} else if err := inChunks(len(live), func(k, start, n int) error {
		rows, err := tx.StmtContext(ctx, s.batchSeq[k]).QueryContext(ctx, args[2*start:2*(start+n)]...)
		if err != nil {
			return fmt.Errorf("check %d games: %w", n, err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return fmt.Errorf("check %d games: %w", n, err)
			}
			matched[id] = true
		}
		if err := rows.Close(); err != nil {
			return fmt.Errorf("check %d games: %w", n, err)
		}
		return nil
	}); err != nil {
		return err
	}
	args, nev := args[:0], 0
	for i, r := range batch {
		if results[i] != nil {
			continue
		}
		if !matched[r.ID] {
			results[i] = s.refusal(ctx, tx, r)
			continue
		}
		for j, ev := range r.Evs {
			args = append(args, r.ID, r.After+int64(j)+1, ev.Kind, ev.Seat, string(ev.Data), ev.At.UnixMicro())
		}
		nev += len(r.Evs)
	}
	err := inChunks(nev, func(k, start, n int) error {
		if _, err := tx.StmtContext(ctx, s.batchIns[k]).ExecContext(ctx, args[6*start:6*(start+n)]...); err != nil {
			return fmt.Errorf("insert %d events: %w", n, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i, r := range batch {
		if results[i] == nil {
			if err := s.rowAndNotes(ctx, tx, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// rowAndNotes writes what an append changes besides its events: the game's status and summary when it
// names them (a start, a join, the end), and its notes.
func (s *Store) rowAndNotes(ctx context.Context, tx *sql.Tx, r *store.AppendReq) error {
	if r.Up.Status != "" || len(r.Up.Summary) > 0 {
		_, err := tx.StmtContext(ctx, s.rowStmt).ExecContext(ctx, r.Up.Status, string(r.Up.Summary), r.ID)
		if err != nil {
			return fmt.Errorf("append to %s: status: %w", r.ID, err)
		}
	}
	if len(r.Up.Notes) == 0 {
		return nil
	}
	note := tx.StmtContext(ctx, s.noteStmt)
	for _, n := range r.Up.Notes {
		if _, err := note.ExecContext(ctx, store.NoteArgs(n)...); err != nil {
			return fmt.Errorf("append to %s: notes: %w", r.ID, err)
		}
	}
	return nil
}

// batchPowers counts the batch statements' row counts, powers of two, each prepared once at Open: any
// count of rows is written by as many statements as its binary form has ones (2 for 24 rows, 3 for 100).
// Preparing one per count inside a commit is not possible: the transaction holds the writer's only
// connection.
const batchPowers = 9 // 1 .. 256 rows

// inChunks splits n rows into runs of 2^k rows, largest first, and calls write for each with k, the
// run's first row and its length.
func inChunks(n int, write func(k, start, size int) error) error {
	start := 0
	for k := batchPowers - 1; k >= 0; k-- {
		for size := 1 << k; n-start >= size; start += size {
			if err := write(k, start, size); err != nil {
				return err
			}
		}
	}
	return nil
}

// prepareBatch prepares form, '@' standing for rows of values each written as row, for every
// power-of-two row count.
func prepareBatch(ctx context.Context, w *sql.DB, form, row string) ([batchPowers]*sql.Stmt, error) {
	var out [batchPowers]*sql.Stmt
	head, tail, _ := strings.Cut(form, "@")
	for k := range out {
		var b strings.Builder
		b.WriteString(head)
		for i := range 1 << k {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(row)
		}
		b.WriteString(tail)
		st, err := w.PrepareContext(ctx, b.String())
		if err != nil {
			return out, fmt.Errorf("prepare for %d rows: %w", 1<<k, err)
		}
		out[k] = st
	}
	return out, nil
}

// logEnd is where a game's log ends in tx (known false: no such game).
func (s *Store) logEnd(ctx context.Context, tx *sql.Tx, id string) (seq int64, known bool, err error) {
	err = tx.StmtContext(ctx, s.seqStmt).QueryRowContext(ctx, id).Scan(&known, &seq)
	return seq, known, err
}

// refusal says why an append's check matched no row: its game is unknown, or its log has moved on.
func (s *Store) refusal(ctx context.Context, tx *sql.Tx, r *store.AppendReq) error {
	seq, known, err := s.logEnd(ctx, tx, r.ID)
	switch {
	case err != nil:
		return fmt.Errorf("sqlite: append to %s: %w", r.ID, err)
	case !known:
		return fmt.Errorf("sqlite: append to %s: %w", r.ID, store.ErrNotFound)
	}
	return fmt.Errorf("sqlite: append to %s after %d, log is at %d: %w", r.ID, r.After, seq, store.ErrConflict)
}

// The batch forms: '@' stands for the rows of values.
const (
	batchSeqSQL = `WITH v(id, after) AS (VALUES @)
		SELECT v.id FROM v WHERE EXISTS (SELECT 1 FROM games WHERE games.id = v.id)
			AND coalesce((SELECT max(seq) FROM events WHERE game_id = v.id), 0) = v.after`
	batchInsSQL = `INSERT INTO events (game_id, seq, kind, seat, data, at) VALUES @`
)

const (
	seqSQL = `SELECT EXISTS (SELECT 1 FROM games WHERE id = ?1),
		coalesce((SELECT max(seq) FROM events WHERE game_id = ?1), 0)`
	rowSQL = `UPDATE games SET status = CASE WHEN ?1 = '' THEN status ELSE ?1 END,
		summary = CASE WHEN ?2 = '' THEN summary ELSE ?2 END WHERE id = ?3`
	insSQL = `INSERT INTO events (game_id, seq, kind, seat, data, at) VALUES (?, ?, ?, ?, ?, ?)`
)

// appendTx writes one append; fatal reports an error that leaves the transaction unusable.
func (s *Store) appendTx(ctx context.Context, tx *sql.Tx, r *store.AppendReq) (fatal bool, err error) {
	seq, known := r.After, true
	if end, ok := s.ends[r.ID]; !ok || end != r.After {
		seq, known, err = s.logEnd(ctx, tx, r.ID)
	}
	switch {
	case err != nil:
		return true, fmt.Errorf("sqlite: append to %s: %w", r.ID, err)
	case !known:
		return false, fmt.Errorf("sqlite: append to %s: %w", r.ID, store.ErrNotFound)
	case seq != r.After:
		return false, fmt.Errorf("sqlite: append to %s after %d, log is at %d: %w", r.ID, r.After, seq, store.ErrConflict)
	}
	ins := tx.StmtContext(ctx, s.insStmt)
	for i, ev := range r.Evs {
		if _, err := ins.ExecContext(ctx, r.ID, r.After+int64(i)+1, ev.Kind, ev.Seat, string(ev.Data), ev.At.UnixMicro()); err != nil {
			return true, fmt.Errorf("sqlite: append to %s: %w", r.ID, err)
		}
	}
	if err := s.rowAndNotes(ctx, tx, r); err != nil {
		return true, fmt.Errorf("sqlite: %w", err)
	}
	// The log's end within tx, for a later append of the batch to the same game (a failed commit forgets
	// every end, noteEnds).
	s.ends[r.ID] = r.After + int64(len(r.Evs))
	return false, nil
}

// ObserveBatches tells fn the size of every group commit (store.BatchObserver).
func (s *Store) ObserveBatches(fn func(n int)) { s.batcher.ObserveBatches(fn) }
