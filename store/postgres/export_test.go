package postgres

import "github.com/surveyor-game/surveyor/store"

// Commit hands the store's commit a batch of the test's choosing.
func (s *Store) Commit(batch []*store.AppendReq) { s.commit(batch) }
