package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

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
serving (the copy is one snapshot of every game and its log). Restore by stopping the server and putting
the copy in place of the database file (DIR/surveyor.db). With PostgreSQL, use pg_dump.

`)
		fs.PrintDefaults()
	}
	data := fs.String("data", "data", "data `DIR` of surveyor serve")
	db := fs.String("db", "", "SQLite file `PATH` (default DIR/surveyor.db)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("backup: one destination FILE is needed")
	}
	if strings.HasPrefix(*db, "postgres://") || strings.HasPrefix(*db, "postgresql://") {
		return errors.New("backup: for PostgreSQL use pg_dump")
	}
	path := *db
	if path == "" {
		path = filepath.Join(*data, "surveyor.db")
	}
	if err := sqlite.BackupFile(ctx, path, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup of %s written to %s\n", path, fs.Arg(0))
	return nil
}
