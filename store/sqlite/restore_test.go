package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/surveyor-game/surveyor/store"
)

// A backup checks out at the newest schema version, is restored whole to a new file and never over one;
// a database is in use exactly while a store has it open.
func TestRestoreFileAndInUse(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "surveyor.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(ctx, store.Game{ID: "g", Game: "toy", Status: "open"}); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "backup.db")
	if err := s.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	if err := InUse(ctx, path); !errors.Is(err, ErrInUse) {
		t.Fatalf("an open store: %v, want ErrInUse", err)
	}
	s.Close()
	if err := InUse(ctx, path); err != nil {
		t.Fatalf("a closed store: %v, want not in use", err)
	}
	ms, _ := Migrations()
	if v, err := CheckBackup(ctx, backup); err != nil || v != ms[len(ms)-1].Version {
		t.Fatalf("CheckBackup: version %d, %v; want %d", v, err, ms[len(ms)-1].Version)
	}
	// A newer Surveyor's backup: served (and so restored) if its newer migrations only added.
	newer := filepath.Join(dir, "newer.db")
	if err := copyFile(backup, newer); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+newer)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.Exec(`INSERT INTO schema_migrations (version, applied_at, breaks) VALUES (998, 0, 0)`)
	if v, err := CheckBackup(ctx, newer); err != nil || v != 998 {
		t.Fatalf("a backup with a newer expand-only migration: %d, %v; want version 998 accepted", v, err)
	}
	db.Exec(`INSERT INTO schema_migrations (version, applied_at, breaks) VALUES (999, 0, 1)`)
	if _, err := CheckBackup(ctx, newer); !errors.Is(err, store.ErrNewerSchema) {
		t.Fatalf("a backup with a newer breaking migration: %v, want ErrNewerSchema", err)
	}
	if err := RestoreFile(ctx, backup, path); err == nil {
		t.Fatal("restored over an existing database")
	}
	dst := filepath.Join(dir, "restored.db")
	if err := RestoreFile(ctx, backup, dst); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dst + ".restoring"); err == nil {
		t.Fatal("the restore left its temporary file")
	}
	r, err := Open(ctx, dst)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if g, err := r.Game(ctx, "g"); err != nil || g.Status != "open" {
		t.Fatalf("the restored database: %+v, %v", g, err)
	}
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}
