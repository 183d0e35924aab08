package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/postgres"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// OpenStore opens the store a --db value names: PostgreSQL for a postgres:// URL, else SQLite at that path
// (the database file in dataDir when db is empty). It returns a phrase naming it for the logs.
func OpenStore(ctx context.Context, db, dataDir string) (store.Store, string, error) {
	if isPostgres(db) {
		st, err := postgres.Open(ctx, db, postgres.Options{})
		return st, "PostgreSQL", err
	}
	if err := CheckNotOtherURL(db); err != nil {
		return nil, "", err
	}
	if db == "" {
		db = filepath.Join(dataDir, "surveyor.db")
	}
	st, err := sqlite.Open(ctx, db)
	return st, "SQLite " + db, err
}

// OpenExistingStore is OpenStore for the operator's tools, which work on a server's database: a SQLite
// file that is not there is refused, naming where it was looked for, rather than made new and empty (an
// empty database would answer "no accounts" as if the server had none).
func OpenExistingStore(ctx context.Context, db, dataDir string) (store.Store, string, error) {
	if err := CheckNotOtherURL(db); err != nil {
		return nil, "", err
	}
	if !isPostgres(db) {
		path := cmp.Or(db, filepath.Join(dataDir, "surveyor.db"))
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, "", fmt.Errorf("no database at %s: give the --data or --db that surveyor serve uses", path)
		} else if err != nil {
			return nil, "", fmt.Errorf("database %s: %w", path, err)
		}
	}
	return OpenStore(ctx, db, dataDir)
}

// CheckNotOtherURL refuses a --db that reads as a URL but not PostgreSQL's (a typo such as postgress://,
// another database's): taken for a SQLite path it would make a new, empty database under a directory named
// "postgress:", which a server would serve alone, beside the instances sharing the real one.
func CheckNotOtherURL(db string) error {
	if scheme, _, ok := strings.Cut(db, "://"); ok && !isPostgres(db) && !strings.ContainsAny(scheme, `/\`) {
		return fmt.Errorf("--db %q: want a postgres:// URL or a SQLite file path", db)
	}
	return nil
}

func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}
