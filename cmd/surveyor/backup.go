package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/surveyor-game/surveyor/internal/cli"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

func init() {
	commands["backup"] = command{
		summary: "copy the SQLite database, consistent, while the server runs",
		run:     runBackup,
	}
}

func runBackup(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: surveyor backup [--data DIR | --db PATH] FILE

Writes a consistent copy of the server's SQLite database to FILE, a new file, while the server may go on
serving (the copy is one snapshot of every game and its log). Restore it with surveyor restore. With
PostgreSQL, use pg_dump (docs/operations.md).

`)
		fs.PrintDefaults()
	}
	where := sqliteFlags(fs, "data `DIR` of surveyor serve")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("backup: one destination FILE is needed")
	}
	path, _, err := where("backup: for PostgreSQL use pg_dump (docs/operations.md)")
	if err != nil {
		return err
	}
	if err := sqlite.BackupFile(ctx, path, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup of %s written to %s\n", path, fs.Arg(0))
	return nil
}

// sqliteFlags registers --data and --db on fs for a command that works on the SQLite file; after parsing,
// the function returned gives that file's path, and whether --db named it rather than the data directory,
// or refuses a PostgreSQL URL with pgErr.
func sqliteFlags(fs *flag.FlagSet, dataUsage string) func(pgErr string) (path string, explicit bool, err error) {
	data := fs.String("data", "data", dataUsage)
	db := fs.String("db", "", "SQLite file `PATH` (default DIR/surveyor.db)")
	return func(pgErr string) (string, bool, error) {
		if strings.HasPrefix(*db, "postgres://") || strings.HasPrefix(*db, "postgresql://") {
			return "", false, errors.New(pgErr)
		}
		if err := cli.CheckNotOtherURL(*db); err != nil {
			return "", false, err
		}
		if *db != "" {
			return *db, true, nil
		}
		return filepath.Join(*data, "surveyor.db"), false, nil
	}
}
