package postgres_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

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

func TestCertsConformance(t *testing.T) {
	storetest.RunCerts(t, func(t *testing.T) store.Store { return pgtest.Open(t) })
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

// A batch is written in one statement a round, each game once a round: a game's second append in the batch
// follows its first, an append that lost its race or names no game is refused, and the others stand.
func TestCommitBatchWithAGameTwice(t *testing.T) {
	s := pgtest.Open(t)
	ctx := context.Background()
	t0 := time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)
	for _, id := range []string{"x", "y"} {
		g := store.Game{ID: id, Game: "toy", Options: json.RawMessage(`{}`), Config: json.RawMessage(`{}`),
			Status: "open", Summary: json.RawMessage(`{}`), Created: t0}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	ev := func(n int) []store.Event {
		return []store.Event{{Kind: "move", Seat: n % 2, Data: json.RawMessage(fmt.Sprintf(`{"n":%d}`, n)), At: t0.Add(time.Duration(n) * time.Second)}}
	}
	batch := []*store.AppendReq{
		store.NewAppendReq(ctx, "x", 0, store.Update{Status: "playing"}, ev(1)),
		store.NewAppendReq(ctx, "y", 3, store.Update{}, ev(1)), // y is at 0
		store.NewAppendReq(ctx, "z", 0, store.Update{}, ev(1)), // no such game
		store.NewAppendReq(ctx, "x", 1, store.Update{}, ev(2)), // after x's first, in the same batch
	}
	s.Commit(batch)
	for i, want := range []error{nil, store.ErrConflict, store.ErrNotFound, nil} {
		if err := batch[i].Wait(); !errors.Is(err, want) || (want == nil) != (err == nil) {
			t.Errorf("append %d (%s after %d): %v, want %v", i, batch[i].ID, batch[i].After, err, want)
		}
	}
	evs, err := s.Events(ctx, "x", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || evs[0].Seq != 1 || string(evs[0].Data) != `{"n":1}` || evs[1].Seq != 2 || string(evs[1].Data) != `{"n":2}` {
		t.Errorf("x's log: %+v", evs)
	}
	if g, err := s.Game(ctx, "x"); err != nil || g.Seq != 2 || g.Status != "playing" {
		t.Errorf("x: %+v, %v; want seq 2, playing", g, err)
	}
	if evs, err := s.Events(ctx, "y", 0); err != nil || len(evs) != 0 {
		t.Errorf("y's log: %+v, %v; want empty", evs, err)
	}
}

// A schema written before migration 004 (one read mark per account) keeps what each account had read: the
// notes up to its mark are read, the others not, another account's untouched. The old schema is made by
// taking the migration back by hand.
func TestMigrationFourCarriesTheReadMarks(t *testing.T) {
	url, schema := pgtest.Schema(t)
	ctx := context.Background()
	s, err := postgres.Open(ctx, url, postgres.Options{Schema: schema, MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	conn, err := pgx.Connect(ctx, url+"&search_path="+schema)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`DELETE FROM schema_migrations WHERE version = 4`,
		`DROP INDEX inbox_unread`,
		`ALTER TABLE inbox DROP COLUMN is_read`,
		`CREATE TABLE inbox_read (user_id TEXT PRIMARY KEY, upto BIGINT NOT NULL)`,
		`INSERT INTO inbox (id, user_id, kind, game_id, data, created) VALUES (1, 'ada', 'turn', 'g1', '{}', 1)`,
		`INSERT INTO inbox (id, user_id, kind, game_id, data, created) VALUES (2, 'bea', 'turn', 'g1', '{}', 2)`,
		`INSERT INTO inbox (id, user_id, kind, game_id, data, created) VALUES (3, 'ada', 'turn', 'g2', '{}', 3)`,
		`INSERT INTO inbox_read (user_id, upto) VALUES ('ada', 2)`,
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	conn.Close(ctx)
	s, err = postgres.Open(ctx, url, postgres.Options{Schema: schema, MaxConns: 2})
	if err != nil {
		t.Fatalf("open and migrate: %v", err)
	}
	defer s.Close()
	in, err := s.Inbox(ctx, "ada", 0, 10)
	if err != nil || len(in) != 2 || in[0].Read || !in[1].Read {
		t.Fatalf("Ada's inbox after the migration: %+v (%v); want note 3 unread, note 1 read", in, err)
	}
	if n, err := s.Unread(ctx, "bea"); n != 1 || err != nil {
		t.Fatalf("Bea, who had read nothing, has %d unread (%v)", n, err)
	}
}

func TestNewerSchema(t *testing.T) {
	url, schema := pgtest.Schema(t)
	s, err := postgres.Open(context.Background(), url, postgres.Options{Schema: schema, MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	base, err := postgres.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	storetest.NewerSchema(t, base, func(ms []store.Migration) error { return s.MigrateWith(context.Background(), ms) },
		func() error {
			o, err := postgres.Open(context.Background(), url, postgres.Options{Schema: schema, MaxConns: 2})
			if err == nil {
				o.Close()
			}
			return err
		})
}

func BenchmarkShared(b *testing.B) { storetest.BenchShared(b, pgtest.Open(b)) }
