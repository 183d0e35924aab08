package postgres

import (
	"context"

	"github.com/surveyor-game/surveyor/store"
)

// Commit hands the store's commit a batch of the test's choosing.
func (s *Store) Commit(batch []*store.AppendReq) { s.commit(batch) }

// MigrateWith applies the given migrations as a binary holding them would.
func (s *Store) MigrateWith(ctx context.Context, files []store.Migration) error {
	return s.migrateWith(ctx, files)
}
