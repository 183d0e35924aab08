package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// playing plays Carcassonne matches on a server, each on a goroutine of its own, and keeps the sequence
// number of the last move the server acknowledged in each.
type playing struct {
	ids   []string
	toks  [][]string
	mu    sync.Mutex
	acked []float64
	stop  chan struct{}
	done  sync.WaitGroup
}

func startPlaying(t *testing.T, base string, n int) *playing {
	p := &playing{acked: make([]float64, n), stop: make(chan struct{})}
	for i := range n {
		id, toks := carcassonneMatch(t, base)
		p.ids, p.toks = append(p.ids, id), append(p.toks, toks)
		p.done.Go(func() {
			for {
				select {
				case <-p.stop:
					return
				default:
				}
				seq := playFirstLegal(base, id, toks)
				if seq <= 0 {
					return
				}
				p.mu.Lock()
				p.acked[i] = seq
				p.mu.Unlock()
			}
		})
	}
	return p
}

// snapshot is the last acknowledged sequence number of each match.
func (p *playing) snapshot() []float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]float64(nil), p.acked...)
}

func (p *playing) halt() {
	close(p.stop)
	p.done.Wait()
}

// seqOf is a match's sequence number on the server at base.
func seqOf(t *testing.T, base, id string) float64 {
	t.Helper()
	code, st := httpDo(t, "GET", base+"/api/matches/"+id, "", "")
	if code != 200 {
		t.Fatalf("match %s: %d %v", id, code, st)
	}
	return st["seq"].(float64)
}

// checkContinues checks that each match on the server at base holds at least the moves acknowledged
// before the backup, and that play goes on: moves more of each, every one accepted.
func checkContinues(t *testing.T, base string, p *playing, before []float64, moves int) {
	t.Helper()
	for i, id := range p.ids {
		seq := seqOf(t, base, id)
		if seq < before[i] {
			t.Fatalf("match %s restored at %v, but move %v was acknowledged before the backup", id, seq, before[i])
		}
		for range moves {
			next := playFirstLegal(base, id, p.toks[i])
			if next == 0 {
				break // the game is over
			}
			if next != seq+1 {
				t.Fatalf("match %s after the restore: a move at %v was answered %v", id, seq, next)
			}
			seq = next
		}
	}
}

func restore(args ...string) (int, string) {
	var out bytes.Buffer
	code := run(context.Background(), append([]string{"restore"}, args...), nil, &out, &out)
	return code, out.String()
}

// Games played through the server, a backup taken mid-game, restored into a new directory: a server on it
// has every move acknowledged before the backup, and the games go on. The refusals change nothing: onto
// the running server (even with --force), into a directory that is not empty, a backup cut short, damaged,
// or from a newer Surveyor. With --force onto the stopped server, its database is kept aside.
func TestRestoreContinuesTheGames(t *testing.T) {
	dir := t.TempDir()
	dataA, dataB := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	backup := filepath.Join(dir, "mid-game.db")
	baseA, stopA := startServe(t, "--data", dataA, "--rate", "-1")
	p := startPlaying(t, baseA, 4)
	waitFor(t, "moves in every match", func() bool {
		for _, s := range p.snapshot() {
			if s < 6 { // 3 events before play: join, join, start
				return false
			}
		}
		return true
	})
	before := p.snapshot()
	if c := run(context.Background(), []string{"backup", "--data", dataA, backup}, nil, io.Discard, io.Discard); c != 0 {
		t.Fatalf("backup: exit %d", c)
	}
	time.Sleep(50 * time.Millisecond) // moves after the backup, which the restored games will not have
	p.halt()
	afterA := p.snapshot()

	// Refused, and nothing changes.
	cut := filepath.Join(dir, "cut.db")
	b, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(cut, b[:len(b)*2/3], 0o644)
	damaged := filepath.Join(dir, "damaged.db")
	bad := bytes.Clone(b)
	for i := 4096; i < len(bad)-1024; i += 1024 { // a few bytes of every page past the first ones
		bad[i+100] ^= 0xff
	}
	os.WriteFile(damaged, bad, 0o644)
	newer := filepath.Join(dir, "newer.db")
	os.WriteFile(newer, b, 0o644)
	ndb, err := sql.Open("sqlite", "file:"+newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ndb.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (999, 0)`); err != nil {
		t.Fatal(err)
	}
	ndb.Close()
	fresh := filepath.Join(dir, "fresh")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--data", dataA, "--force", backup}, "in use"},
		{[]string{"--data", dataA, backup}, "is not empty"},
		{[]string{"--data", fresh, cut}, "truncated"},
		{[]string{"--data", fresh, damaged}, "damaged"},
		{[]string{"--data", fresh, newer}, "schema version 999, from a newer Surveyor"},
		{[]string{"--data", fresh, filepath.Join(dir, "none.db")}, "no such file"},
		{[]string{"--data", fresh, "--db", "postgres://x/y", backup}, "pg_restore"},
	} {
		code, out := restore(tc.args...)
		if code != 1 || !strings.Contains(out, tc.want) {
			t.Errorf("restore %q: exit %d %q, want exit 1 saying %q", tc.args, code, out, tc.want)
		}
	}
	if _, err := os.Stat(fresh); err == nil {
		t.Error("a refused restore made the data directory")
	}
	for i, id := range p.ids {
		if seq := seqOf(t, baseA, id); seq != afterA[i] {
			t.Fatalf("a refused restore changed the running server's match %s: %v, was %v", id, seq, afterA[i])
		}
	}

	if code, out := restore("--data", dataB, backup); code != 0 || !strings.Contains(out, "restored") {
		t.Fatalf("restore into a new directory: exit %d %q", code, out)
	}
	if c := stopA(); c != 0 {
		t.Fatalf("serve A exited with %d", c)
	}
	sameLogs(t, filepath.Join(dataA, "surveyor.db"), filepath.Join(dataB, "surveyor.db"), p.ids)
	baseB, stopB := startServe(t, "--data", dataB, "--rate", "-1")
	checkContinues(t, baseB, p, before, 5)
	stopB()

	// --force onto the stopped server A: A's own database is kept aside, and A serves the backup's games.
	code, out := restore("--data", dataA, "--force", backup)
	if code != 0 || !strings.Contains(out, "surveyor.db.before-restore-") {
		t.Fatalf("restore --force onto a stopped server: exit %d %q", code, out)
	}
	kept := strings.TrimSpace(out[strings.LastIndex(out, " as ")+4:])
	baseA, _ = startServe(t, "--data", dataA, "--rate", "-1")
	checkContinues(t, baseA, p, before, 1)
	st, err := sqlite.Open(context.Background(), kept)
	if err != nil {
		t.Fatalf("the database kept aside: %v", err)
	}
	defer st.Close()
	for i, id := range p.ids {
		if g, err := st.Game(context.Background(), id); err != nil || float64(g.Seq) != afterA[i] {
			t.Fatalf("the database kept aside has match %s at %d (%v), want %v", id, g.Seq, err, afterA[i])
		}
	}
}

// sameLogs checks that every match's log in the restored database is the start of the original's.
func sameLogs(t *testing.T, orig, restored string, ids []string) {
	t.Helper()
	ctx := context.Background()
	a, err := sqlite.Open(ctx, orig)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := sqlite.Open(ctx, restored)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for _, id := range ids {
		ea, err := a.Events(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		eb, err := b.Events(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(eb) == 0 || len(eb) > len(ea) {
			t.Fatalf("match %s: %d events restored of %d", id, len(eb), len(ea))
		}
		if fmt.Sprint(ea[:len(eb)]) != fmt.Sprint(eb) {
			t.Fatalf("match %s: the restored log differs from the original's", id)
		}
	}
}

// PostgreSQL's way (docs/operations.md): pg_dump of the schema a running server writes to, taken
// mid-game, pg_restore into another database, and a server on that one has every move acknowledged before
// the dump, and the games go on. Both as the page says: a schema of its own (search_path), dumped with
// --schema; and the default public schema, dumped whole (with --schema=public the restore into a new
// database, which has a public schema already, stopped at "schema public already exists").
func TestPostgresDumpAndRestore(t *testing.T) {
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed with %s set (Debian: apt-get install postgresql-client): %v", tool, pgtest.EnvVar, err)
		}
	}
	t.Run("schema", func(t *testing.T) {
		url, schema := pgtest.Schema(t)
		dumpAndRestore(t, url, "search_path="+schema, "--schema="+schema)
	})
	t.Run("public", func(t *testing.T) {
		dumpAndRestore(t, pgtest.Database(t), "")
	})
}

// dumpAndRestore serves url (with the query option opt, "" for none) while games are played, dumps it with
// pg_dump and dumpArgs, restores the dump into a new database with pg_restore and serves that one.
func dumpAndRestore(t *testing.T, url, opt string, dumpArgs ...string) {
	with := func(url string) string {
		if opt == "" {
			return url
		}
		if strings.Contains(url, "?") {
			return url + "&" + opt
		}
		return url + "?" + opt
	}
	base, stop := startServe(t, "--db", with(url), "--rate", "-1")
	p := startPlaying(t, base, 3)
	waitFor(t, "moves in every match", func() bool {
		for _, s := range p.snapshot() {
			if s < 6 {
				return false
			}
		}
		return true
	})
	before := p.snapshot()
	dump := filepath.Join(t.TempDir(), "surveyor.dump")
	pg := func(name string, args ...string) {
		t.Helper()
		out, err := exec.Command(name, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %q: %v\n%s", name, args, err, out)
		}
	}
	pg("pg_dump", append([]string{"--format=custom", "--file=" + dump, "--dbname=" + url}, dumpArgs...)...)
	p.halt()
	stop()

	restored := pgtest.Database(t)
	pg("pg_restore", "--no-owner", "--exit-on-error", "--dbname="+restored, dump)
	base, _ = startServe(t, "--db", with(restored), "--rate", "-1")
	checkContinues(t, base, p, before, 5)
}

// restore and backup take a mistyped PostgreSQL URL for what it is, not for a SQLite path to write.
func TestBackupAndRestoreRefuseOtherURLs(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, args := range [][]string{{"restore", "--db", "postgress://u@h/db", "x.db"}, {"backup", "--db", "mysql://x", "y.db"}} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, nil, &out, &errb); code == 0 || !strings.Contains(errb.String(), "postgres:// URL or a SQLite file path") {
			t.Errorf("%v: exit %d, %s", args, code, errb.String())
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Fatalf("left %v", left)
	}
}
