package sqlite

import (
	"context"

	"github.com/surveyor-game/surveyor/store"
)

// MigrateWith applies the given migrations as a binary holding them would.
func (s *Store) MigrateWith(ctx context.Context, files []store.Migration) error {
	return s.migrateWith(ctx, files)
}
