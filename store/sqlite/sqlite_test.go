package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/storetest"
)

// openFresh opens a store on a new file of the test's own.
func openFresh(t *testing.T) store.Store {
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "db", "surveyor.db"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, openFresh)
}

func TestCertsConformance(t *testing.T) {
	storetest.RunCerts(t, openFresh)
}

func TestAccountsConformance(t *testing.T) {
	storetest.RunAccounts(t, openFresh)
}

func TestReopenKeepsLogAndMigratesOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "surveyor.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(ctx, store.Game{ID: "g", Game: "toy", Status: "open"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "g", 0, store.Update{}, store.Event{Kind: "join", Data: json.RawMessage(`{}`), At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "g", 1, store.Update{}, store.Event{Kind: "join", Data: json.RawMessage(`{}`), At: time.Now()}); err == nil {
		t.Fatal("append after Close succeeded")
	}
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s.Close()
	evs, err := s.Events(ctx, "g", 0)
	if err != nil || len(evs) != 1 {
		t.Fatalf("after reopen: %d events (%v), want 1", len(evs), err)
	}
	var mode string
	if err := s.r.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal mode %q (%v), want wal", mode, err)
	}
	var pageSize int
	if err := s.r.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&pageSize); err != nil || pageSize != 1024 {
		t.Fatalf("page size %d (%v), want 1024", pageSize, err)
	}
	migs, err := Migrations()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(migs) {
		t.Fatalf("%d migrations recorded (%v), want each of the %d once", n, err, len(migs))
	}
}

// Commits do not checkpoint the WAL themselves (that would stall a batch of moves): the writer's threshold
// is far above what this test writes, yet the moves reach the database file, copied by the background
// checkpoints.
func TestWALCheckpointedInTheBackground(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	var auto int
	if err := s.w.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil || auto != autoCkptPages {
		t.Fatalf("writer's wal_autocheckpoint %d (%v), want %d", auto, err, autoCkptPages)
	}
	if err := s.CreateGame(ctx, store.Game{ID: "g", Game: "toy", Status: "open"}); err != nil {
		t.Fatal(err)
	}
	size := func() int64 {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	// 100 events of 4 KB: 400 KB, far below the 16 MiB threshold.
	data := json.RawMessage(`"` + strings.Repeat("x", 4000) + `"`)
	for i := range 100 {
		if _, err := s.Append(ctx, "g", int64(i), store.Update{}, store.Event{Kind: "move", Data: data, At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for size()-before < 400_000 {
		if time.Now().After(deadline) {
			t.Fatalf("database file grew by %d bytes after 400 KB of events, want them checkpointed into it", size()-before)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func BenchmarkAppend(b *testing.B) { benchAppend(b, false) }

// BenchmarkAppendWithNote is BenchmarkAppend with one notification in the outbox written by the same
// transaction, as a move that makes another player act: the difference is the outbox write's cost.
func BenchmarkAppendWithNote(b *testing.B) { benchAppend(b, true) }

func benchAppend(b *testing.B, withNote bool) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "surveyor.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateGame(ctx, store.Game{ID: "g", Game: "toy", Status: "open"}); err != nil {
		b.Fatal(err)
	}
	data := json.RawMessage(`{"pick":1}`)
	now := time.Now()
	var up store.Update
	if withNote {
		up.Notes = []store.Note{{UserID: "u", Kind: "turn", GameID: "g", Data: json.RawMessage(`{"game":"toy","by":"Ada","seat":1,"seq":2}`), Due: now, Created: now}}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := s.Append(ctx, "g", int64(i), up, store.Event{Kind: "move", Data: data, At: now}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendConcurrent appends from 256 goroutines at once, one game each, as a busy server does:
// group commit shares each transaction among the appends that arrived meanwhile.
func BenchmarkAppendConcurrent(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "surveyor.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const games = 256
	for i := range games {
		if err := s.CreateGame(ctx, store.Game{ID: fmt.Sprint("g", i), Game: "toy", Status: "open"}); err != nil {
			b.Fatal(err)
		}
	}
	data := json.RawMessage(`{"move":{"pick":1}}`)
	now := time.Now()
	var next atomic.Int64
	b.SetParallelism(games / runtime.GOMAXPROCS(0))
	b.ReportAllocs()
	cpu0 := processCPU(b)
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprint("g", next.Add(1)-1)
		for seq := int64(0); pb.Next(); seq++ {
			if _, err := s.Append(ctx, id, seq, store.Update{}, store.Event{Kind: "move", Data: data, At: now}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	// The wall time per append is set by the disk's flushes, shared by a batch; the CPU time is what the
	// store costs the server's cores for each.
	b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
}

// processCPU is the CPU time this process has used, user and system.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// A backup taken while appends go on holds a consistent log: every game's row agrees with its events.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(ctx, filepath.Join(dir, "surveyor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const games = 20
	for i := range games {
		if err := s.CreateGame(ctx, store.Game{ID: fmt.Sprint("g", i), Game: "toy", Status: "open"}); err != nil {
			t.Fatal(err)
		}
	}
	stop := make(chan struct{})
	done := make(chan error)
	go func() {
		seq := make([]int64, games)
		for n := 0; ; n++ {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			i := n % games
			if _, err := s.Append(ctx, fmt.Sprint("g", i), seq[i], store.Update{}, store.Event{Kind: "move", Data: json.RawMessage(`{}`), At: time.Now()}); err != nil {
				done <- err
				return
			}
			seq[i]++
		}
	}()
	time.Sleep(50 * time.Millisecond)
	dst := filepath.Join(dir, "backup.db")
	if err := s.Backup(ctx, dst); err != nil {
		t.Fatal(err)
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := s.Backup(ctx, dst); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("a backup over an existing file: %v", err)
	}
	b, err := Open(ctx, dst)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var total int64
	for i := range games {
		id := fmt.Sprint("g", i)
		g, err := b.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := b.Events(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(evs)) != g.Seq {
			t.Fatalf("backup of %s: row at %d, %d events", id, g.Seq, len(evs))
		}
		total += g.Seq
	}
	if total == 0 {
		t.Fatal("the backup holds no move: it was taken before any append")
	}
	t.Logf("backup holds %d moves", total)
}

// Every connection that writes syncs at each commit (synchronous FULL = 2): an acknowledged move must
// survive a power cut, not only a crash of the process.
func TestCommitsAreSynced(t *testing.T) {
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "surveyor.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for name, db := range map[string]interface {
		QueryRow(string, ...any) *sql.Row
	}{"writer": s.w, "checkpointer": s.ckpt} {
		var mode int
		var journal string
		if err := db.QueryRow(`PRAGMA synchronous`).Scan(&mode); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(`PRAGMA journal_mode`).Scan(&journal); err != nil {
			t.Fatal(err)
		}
		if mode != 2 || journal != "wal" {
			t.Errorf("%s: synchronous %d, journal %s; want 2 (FULL) and wal", name, mode, journal)
		}
	}
}

// BackupFile copies whatever schema the file has, without migrating it or creating a missing database.
func TestBackupFileLeavesTheSchemaAlone(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", "file:"+src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE future (x INTEGER); INSERT INTO future VALUES (42)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	dst := filepath.Join(dir, "copy.db")
	if err := BackupFile(ctx, src, dst); err != nil {
		t.Fatal(err)
	}
	cp, err := sql.Open("sqlite", "file:"+dst)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	var x, migrations int
	if err := cp.QueryRow(`SELECT x FROM future`).Scan(&x); err != nil || x != 42 {
		t.Fatalf("the copy's table: %d, %v", x, err)
	}
	cp.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = 'schema_migrations'`).Scan(&migrations)
	if migrations != 0 {
		t.Fatal("the backup migrated the source's schema")
	}
	if err := BackupFile(ctx, src, dst); err == nil {
		t.Fatal("a backup over an existing file")
	}
	missing := filepath.Join(dir, "missing.db")
	if err := BackupFile(ctx, missing, filepath.Join(dir, "x.db")); err == nil {
		t.Fatal("a backup of a missing database")
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("the backup created the missing database")
	}
}

// migratedTo writes a database as its first n migrations left it, with rows, then opens it with the store,
// which runs the other migrations.
func migratedTo(t *testing.T, n int, rows ...string) *Store {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "surveyor.db")
	old, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	migs, err := Migrations()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.ExecContext(ctx, `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for _, m := range migs[:n] {
		if _, err := old.ExecContext(ctx, m.SQL); err != nil {
			t.Fatalf("migration %d: %v", m.Version, err)
		}
		if _, err := old.ExecContext(ctx, `INSERT INTO schema_migrations VALUES (?, 0)`, m.Version); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range rows {
		if _, err := old.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	old.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open and migrate: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// A database written before migration 004 (sequence number and last change on the games row, events
// clustered by game) reads back the same games and logs after it, and takes appends where its logs end.
func TestMigrationFourKeepsGamesAndLogs(t *testing.T) {
	ctx := context.Background()
	created, moved := time.UnixMicro(1_700_000_000_000_000).UTC(), time.UnixMicro(1_700_000_123_456_789).UTC()
	s := migratedTo(t, 3,
		`INSERT INTO games VALUES ('a', 'toy', '{}', 7, '{}', 'playing', '{"players":["x"]}', 3, 1700000000000000, 1700000123456789)`,
		`INSERT INTO games VALUES ('b', 'toy', '{}', 8, '{}', 'open', '{}', 0, 1700000000000001, 1700000000000001)`,
		`INSERT INTO events VALUES ('a', 1, 'join', 0, '{"n":1}', 1700000000000010)`,
		`INSERT INTO events VALUES ('a', 3, 'move', 1, '{"n":3}', 1700000123456789)`,
		`INSERT INTO events VALUES ('a', 2, 'start', -1, '{"n":2}', 1700000000000020)`)
	a, err := s.Game(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if a.Seq != 3 || !a.Updated.Equal(moved) || !a.Created.Equal(created) || a.Status != "playing" || string(a.Summary) != `{"players":["x"]}` || a.Seed != 7 {
		t.Fatalf("game a after migration: %+v", a)
	}
	b, err := s.Game(ctx, "b")
	if err != nil || b.Seq != 0 || !b.Updated.Equal(b.Created) {
		t.Fatalf("game b after migration: %+v (%v); want seq 0, updated when created", b, err)
	}
	evs, err := s.Events(ctx, "a", 0)
	if err != nil || len(evs) != 3 {
		t.Fatalf("events of a: %d (%v), want 3", len(evs), err)
	}
	for i, ev := range evs {
		if ev.Seq != int64(i+1) || string(ev.Data) != fmt.Sprintf(`{"n":%d}`, i+1) {
			t.Fatalf("event %d after migration: %+v", i, ev)
		}
	}
	if _, err := s.Append(ctx, "a", 2, store.Update{}, store.Event{Kind: "move", Data: json.RawMessage(`{}`), At: time.Now()}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("append after 2 to a log at 3: %v, want a conflict", err)
	}
	if seq, err := s.Append(ctx, "a", 3, store.Update{Status: "finished"}, store.Event{Kind: "move", Data: json.RawMessage(`{"n":4}`), At: moved.Add(time.Second)}); err != nil || seq != 4 {
		t.Fatalf("append after 3: %d, %v", seq, err)
	}
	if a, err := s.Game(ctx, "a"); err != nil || a.Seq != 4 || a.Status != "finished" || !a.Updated.Equal(moved.Add(time.Second)) {
		t.Fatalf("game a after an append: %+v (%v)", a, err)
	}
	var cols int
	if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('games') WHERE name IN ('seq', 'updated_at')`).Scan(&cols); err != nil || cols != 0 {
		t.Fatalf("%d of the dropped columns remain (%v)", cols, err)
	}
}

// TestAnotherWritersEventsAreSeen: the writer remembers where the logs it appended to end and skips
// checking them; an event written by another connection (another process on the file) must still turn
// an append at the old end into a conflict, alone, in a batch or not, and leave the others' appends be.
func TestAnotherWritersEventsAreSeen(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	const games = 8
	now := time.Now()
	ev := store.Event{Kind: "move", Data: json.RawMessage(`{}`), At: now}
	for i := range games {
		id := fmt.Sprint("g", i)
		if err := s.CreateGame(ctx, store.Game{ID: id, Game: "toy", Status: "open"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Append(ctx, id, 0, store.Update{}, ev); err != nil {
			t.Fatal(err)
		}
	}
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	end0, end := int64(1), int64(1) // where the writer last left g0's log and the others'
	for round := 1; round <= 3; round++ {
		// Another connection appends to g0 behind the writer's back, at the end the writer knows.
		if _, err := other.ExecContext(ctx, `INSERT INTO events (game_id, seq, kind, seat, data, at) VALUES ('g0', ?, 'move', 0, '{}', 0)`, end0+1); err != nil {
			t.Fatal(err)
		}
		errs := make([]error, games)
		done := make(chan struct{})
		for i := range games {
			go func() {
				defer func() { done <- struct{}{} }()
				after := end
				if i == 0 {
					after = end0
				}
				_, errs[i] = s.Append(ctx, fmt.Sprint("g", i), after, store.Update{}, ev)
			}()
		}
		for range games {
			<-done
		}
		if !errors.Is(errs[0], store.ErrConflict) {
			t.Fatalf("round %d: append to g0 at the end it had before another connection wrote: %v, want ErrConflict", round, errs[0])
		}
		for i, err := range errs[1:] {
			if err != nil {
				t.Fatalf("round %d: append to g%d: %v", round, i+1, err)
			}
		}
		end++
		// The writer takes up again where the log now ends, and a second append there conflicts.
		if _, err := s.Append(ctx, "g0", end0+1, store.Update{}, ev); err != nil {
			t.Fatalf("round %d: append to g0 at its true end: %v", round, err)
		}
		end0 += 2
		if _, err := s.Append(ctx, "g0", end0-1, store.Update{}, ev); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("round %d: a second append at the same end: %v, want ErrConflict", round, err)
		}
	}
}

// openTemp opens a store on a fresh file, closed when the test ends.
func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "surveyor.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// A database written before migration 005 (one read mark per account) keeps what each account had read:
// the notes up to its mark are read, the others not, another account's untouched.
func TestMigrationFiveCarriesTheReadMarks(t *testing.T) {
	ctx := context.Background()
	s := migratedTo(t, 4,
		`INSERT INTO inbox (id, user_id, kind, game_id, data, created) VALUES (1, 'ada', 'turn', 'g1', '{}', 1)`,
		`INSERT INTO inbox (id, user_id, kind, game_id, data, created) VALUES (2, 'bea', 'turn', 'g1', '{}', 2)`,
		`INSERT INTO inbox (id, user_id, kind, game_id, data, created) VALUES (3, 'ada', 'turn', 'g2', '{}', 3)`,
		`INSERT INTO inbox_read (user_id, upto) VALUES ('ada', 2)`)
	in, err := s.Inbox(ctx, "ada", 0, 10)
	if err != nil || len(in) != 2 || in[0].Read || !in[1].Read {
		t.Fatalf("Ada's inbox after the migration: %+v (%v); want note 3 unread, note 1 read", in, err)
	}
	if n, err := s.Unread(ctx, "bea"); n != 1 || err != nil {
		t.Fatalf("Bea, who had read nothing, has %d unread (%v)", n, err)
	}
}

func TestNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "surveyor.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	base, err := Migrations()
	if err != nil {
		t.Fatal(err)
	}
	storetest.NewerSchema(t, base, func(ms []store.Migration) error { return s.MigrateWith(context.Background(), ms) },
		func() error {
			o, err := Open(context.Background(), path)
			if err == nil {
				o.Close()
			}
			return err
		})
}

func BenchmarkShared(b *testing.B) {
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "surveyor.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	storetest.BenchShared(b, s)
}
