package cli

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/postgres"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// OpenStore opens the store a --db value names: PostgreSQL for a postgres:// URL, else SQLite at that path
// (the database file in dataDir when db is empty). It returns a phrase naming it for the logs.
func OpenStore(ctx context.Context, db, dataDir string) (store.Store, string, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		st, err := postgres.Open(ctx, db, postgres.Options{})
		return st, "PostgreSQL", err
	}
	if db == "" {
		db = filepath.Join(dataDir, "surveyor.db")
	}
	st, err := sqlite.Open(ctx, db)
	return st, "SQLite " + db, err
}
