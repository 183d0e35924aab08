package postgres_test

import (
	"context"
	"testing"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/postgres"
	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
	"github.com/surveyor-game/surveyor/store/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return pgtest.Open(t) })
}

func TestAccountsConformance(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) store.Store { return pgtest.Open(t) })
}

func TestTwoInstancesMigrateOneSchema(t *testing.T) {
	url, schema := pgtest.Schema(t)
	ctx := context.Background()
	errs := make(chan error, 2)
	stores := make(chan *postgres.Store, 2)
	for range 2 {
		go func() {
			s, err := postgres.Open(ctx, url, postgres.Options{Schema: schema, MaxConns: 2})
			if err == nil {
				stores <- s
			}
			errs <- err
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatalf("concurrent open: %v", err)
		}
	}
	a, b := <-stores, <-stores
	defer a.Close()
	defer b.Close()
	if err := a.CreateGame(ctx, store.Game{ID: "g", Game: "toy", Status: "open"}); err != nil {
		t.Fatal(err)
	}
	if g, err := b.Game(ctx, "g"); err != nil || g.ID != "g" {
		t.Fatalf("second instance does not see the game: %v", err)
	}
}
