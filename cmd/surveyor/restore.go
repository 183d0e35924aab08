package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/surveyor-game/surveyor/store/sqlite"
)

func init() {
	commands["restore"] = command{
		summary: "put a backup of surveyor backup in place, in a new data directory",
		run:     runRestore,
	}
}

func runRestore(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: surveyor restore [--data DIR | --db PATH] [--force] FILE

Restores FILE, a backup written by surveyor backup, as the database of a new data directory (DIR/surveyor.db)
or a new --db file; then start surveyor serve on it. The backup is checked first: one cut short, damaged,
or from a newer Surveyor is refused and nothing is changed.

A directory that is not empty, or a database that exists, is replaced only with --force, and never while
a server runs on it (stop it first): the database replaced is kept beside it, renamed
surveyor.db.before-restore-TIME. With PostgreSQL, use pg_restore (docs/operations.md).

`)
		fs.PrintDefaults()
	}
	where := sqliteFlags(fs, "data `DIR` to restore into")
	force := fs.Bool("force", false, "replace the database of a stopped server (kept beside it under another name)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("one backup FILE is needed")
	}
	path, explicit, err := where("for PostgreSQL use pg_restore (docs/operations.md)")
	if err != nil {
		return err
	}
	src := fs.Arg(0)
	version, err := sqlite.CheckBackup(ctx, src)
	if err != nil {
		return err
	}
	occupied, err := occupiedBy(!explicit, path)
	if err != nil {
		return err
	}
	if occupied != "" && !*force {
		return fmt.Errorf("%s is not empty (%s): restore into a new data directory, or stop the server using it and add --force to replace its database", filepath.Dir(path), occupied)
	}
	var kept []string
	if _, err := os.Stat(path); err == nil {
		if err := sqlite.InUse(ctx, path); err != nil {
			return fmt.Errorf("not restoring over %s: %w", path, err)
		}
		if kept, err = moveAside(path); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("create data directory: %w", err)
	}
	if err := sqlite.RestoreFile(ctx, src, path); err != nil {
		if berr := moveBack(kept, path); berr != nil {
			return errors.Join(err, berr)
		}
		return err
	}
	fmt.Fprintf(stdout, "restored %s (schema version %d) into %s\n", src, version, path)
	if len(kept) > 0 {
		fmt.Fprintf(stdout, "the database it replaced is kept as %s\n", kept[0])
	}
	return nil
}

// occupiedBy names what is already where a restore would write: with a data directory, anything in it;
// with a database path, the database. It is empty when the place is free.
func occupiedBy(dataDir bool, path string) (string, error) {
	if !dataDir {
		for _, p := range []string{path, path + "-wal"} {
			if _, err := os.Stat(p); err == nil {
				return filepath.Base(p), nil
			}
		}
		return "", nil
	}
	ents, err := os.ReadDir(filepath.Dir(path))
	if errors.Is(err, os.ErrNotExist) || err == nil && len(ents) == 0 {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("data directory: %w", err)
	}
	names := make([]string, 0, 3)
	for _, e := range ents[:min(3, len(ents))] {
		names = append(names, e.Name())
	}
	if len(ents) > 3 {
		names = append(names, "...")
	}
	return "holds " + strings.Join(names, ", "), nil
}

// moveAside renames a stopped server's database and its WAL files to NAME.before-restore-TIME..., and
// returns the new names, the database's first.
func moveAside(path string) ([]string, error) {
	stamp := time.Now().UTC().Format("20060102T150405Z")
	var moved []string
	for _, suffix := range []string{"", "-wal", "-shm"} {
		from := path + suffix
		if _, err := os.Stat(from); err != nil {
			continue
		}
		to := path + ".before-restore-" + stamp + suffix
		if err := os.Rename(from, to); err != nil {
			return nil, errors.Join(fmt.Errorf("keep the database replaced: %w", err), moveBack(moved, path))
		}
		moved = append(moved, to)
	}
	return moved, nil
}

// moveBack undoes moveAside after a failed restore.
func moveBack(moved []string, path string) error {
	var errs []error
	for _, m := range moved {
		suffix := ""
		for _, s := range []string{"-wal", "-shm"} {
			if strings.HasSuffix(m, s) {
				suffix = s
			}
		}
		if err := os.Rename(m, path+suffix); err != nil {
			errs = append(errs, fmt.Errorf("put back %s: %w", m, err))
		}
	}
	return errors.Join(errs...)
}
