package sqlite

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/surveyor-game/surveyor/store"
)

// ErrInUse means a database file is open in another connection: a server is running on it.
var ErrInUse = errors.New("the database is in use (is a server running on it?)")

// CheckBackup tells whether the file at path is a whole Surveyor database that this binary can serve: an
// SQLite file as long as its header says, which SQLite finds sound, with the schema of a Surveyor no newer
// than this one. It returns the file's schema version. It opens the file read-only and writes nothing
// beside it.
func CheckBackup(ctx context.Context, path string) (int, error) {
	if err := checkLength(path); err != nil {
		return 0, err
	}
	// immutable: no lock and no WAL or shared-memory file beside the backup, which is not to change.
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&immutable=1")
	if err != nil {
		return 0, fmt.Errorf("backup %s: %w", path, err)
	}
	defer db.Close()
	var verdict string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check(1)`).Scan(&verdict); err != nil {
		return 0, fmt.Errorf("backup %s is damaged: %w", path, err)
	}
	if verdict != "ok" {
		return 0, fmt.Errorf("backup %s is damaged: %s", path, verdict)
	}
	var games, hasBreaks int
	if err := db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('games', 'schema_migrations')),
		(SELECT count(*) FROM pragma_table_info('schema_migrations') WHERE name = 'breaks')`).Scan(&games, &hasBreaks); err != nil || games != 2 {
		return 0, fmt.Errorf("backup %s is not a Surveyor database (no games or schema_migrations table)", path)
	}
	breaks := "1" // before the column, every migration was taken to break older binaries (store.Pending)
	if hasBreaks == 1 {
		breaks = "breaks"
	}
	rows, err := db.QueryContext(ctx, `SELECT version, `+breaks+` FROM schema_migrations`)
	if err != nil {
		return 0, fmt.Errorf("backup %s: schema version: %w", path, err)
	}
	defer rows.Close()
	applied, version := make(map[int]bool), 0
	for rows.Next() {
		var v, b int
		if err := rows.Scan(&v, &b); err != nil {
			return 0, fmt.Errorf("backup %s: schema version: %w", path, err)
		}
		applied[v], version = b != 0, max(version, v)
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("backup %s: schema version: %w", path, err)
	}
	known, err := Migrations()
	if err != nil {
		return 0, err
	}
	// A newer backup is served if its newer migrations only added (store.ExpandMarker), as serve would.
	if _, err := store.Pending(known, applied); err != nil {
		return 0, fmt.Errorf("backup %s is of schema version %d, from a newer Surveyor; this one knows up to version %d: restore it with the newer binary (%w)",
			path, version, known[len(known)-1].Version, err)
	}
	return version, nil
}

// checkLength refuses a file that is not an SQLite database or is shorter than its header says: a copy cut
// short (a full disk, a transfer stopped) would otherwise lose the last pages' rows without a word.
func checkLength(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("backup %s: %w", path, err)
	}
	var h [100]byte
	if _, err := io.ReadFull(f, h[:]); err != nil || string(h[:16]) != "SQLite format 3\x00" {
		return fmt.Errorf("backup %s is not an SQLite database", path)
	}
	pageSize := int64(binary.BigEndian.Uint16(h[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	pages := int64(binary.BigEndian.Uint32(h[28:32]))
	// The header's page count is to be believed only if it was written by the change that wrote the
	// header (SQLite's rule); every SQLite since 3.7.0, which VACUUM INTO needs, keeps it so.
	if binary.BigEndian.Uint32(h[92:96]) != binary.BigEndian.Uint32(h[24:28]) {
		return nil
	}
	if want := pageSize * pages; fi.Size() < want {
		return fmt.Errorf("backup %s is truncated: %d bytes of the %d its header announces", path, fi.Size(), want)
	}
	return nil
}

// InUse reports whether a connection, in this process or another, has the database at path open: a
// server running on it holds its lock as long as it runs. It returns ErrInUse then. A database not in use
// is left as it was (the check's connection writes nothing).
func InUse(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(0)")
	q.Add("_pragma", "locking_mode(EXCLUSIVE)")
	db, err := sql.Open("sqlite", "file:"+path+"?mode=rw&"+q.Encode())
	if err != nil {
		return fmt.Errorf("sqlite: %s: %w", path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	// In WAL mode every open connection holds a shared lock on the file; an exclusive one is had only when
	// none is left.
	if _, err := db.ExecContext(ctx, `BEGIN EXCLUSIVE`); err != nil {
		if strings.Contains(err.Error(), "SQLITE_BUSY") || strings.Contains(err.Error(), "locked") {
			return fmt.Errorf("sqlite: %s: %w", path, ErrInUse)
		}
		return fmt.Errorf("sqlite: %s: %w", path, err)
	}
	if _, err := db.ExecContext(ctx, `ROLLBACK`); err != nil {
		return fmt.Errorf("sqlite: %s: %w", path, err)
	}
	return nil
}

// RestoreFile writes the backup at src (checked by CheckBackup first) as a new database file at dst,
// which must not exist: a compact copy written beside dst, synced, then renamed into place, so that dst is
// either absent or whole, whatever happens meanwhile.
func RestoreFile(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("sqlite: restore to %s: the file exists", dst)
	}
	tmp := dst + ".restoring"
	os.Remove(tmp) // a previous attempt's, never in use
	db, err := sql.Open("sqlite", "file:"+src+"?mode=ro&immutable=1")
	if err != nil {
		return fmt.Errorf("sqlite: restore %s: %w", src, err)
	}
	_, err = db.ExecContext(ctx, `VACUUM INTO ?`, tmp)
	db.Close()
	if err == nil {
		err = syncFile(tmp)
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err == nil {
		err = syncDir(filepath.Dir(dst)) // the rename itself
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("sqlite: restore %s to %s: %w", src, dst, err)
	}
	return nil
}

// syncFile flushes a file to the disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// syncDir flushes a directory's entries (a rename in it) to the disk; Windows has no such call, its
// renames are written through.
func syncDir(path string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	return syncFile(path)
}
