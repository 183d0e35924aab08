package storetest

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// NewerSchema checks a backend against binaries of other versions. base are the current binary's
// migrations; migrate applies a list as a binary holding it would, on the test's database; reopen opens
// that database as the current binary does (and closes it).
//
// A newer binary's migration marked expand leaves the database to older binaries (a rolling upgrade);
// one not marked makes them refuse it with store.ErrNewerSchema, changing nothing.
func NewerSchema(t *testing.T, base []store.Migration, migrate func([]store.Migration) error, reopen func() error) {
	t.Helper()
	last := base[len(base)-1].Version
	expand := store.Migration{Version: last + 1, Name: "expand.sql", SQL: store.ExpandMarker + "\nCREATE TABLE newer_expand (a INTEGER);"}
	breaking := store.Migration{Version: last + 2, Name: "contract.sql", SQL: "CREATE TABLE newer_contract (a INTEGER);"}
	if err := migrate(slices.Concat(base, []store.Migration{expand})); err != nil {
		t.Fatalf("a newer binary's expand migration: %v", err)
	}
	if err := reopen(); err != nil {
		t.Fatalf("an older binary refused a database a newer one only expanded: %v", err)
	}
	if err := migrate(slices.Concat(base, []store.Migration{expand, breaking})); err != nil {
		t.Fatalf("a newer binary's contract migration: %v", err)
	}
	err := reopen()
	if !errors.Is(err, store.ErrNewerSchema) || !strings.Contains(err.Error(), "migration "+strconv.Itoa(breaking.Version)) {
		t.Fatalf("an older binary on a database a newer one changed: %v, want ErrNewerSchema naming %d", err, breaking.Version)
	}
	// the refusal changed nothing: the newer binary still opens it
	if err := migrate(slices.Concat(base, []store.Migration{expand, breaking})); err != nil {
		t.Fatalf("the newer binary after the older one's refusal: %v", err)
	}
}

// BenchShared measures what sharing costs a request: a limit's check and record (Recent and AddRecent),
// and a value put then taken (a passkey ceremony's two steps).
func BenchShared(b *testing.B, sh store.Shared) {
	ctx := context.Background()
	now := time.Now()
	b.Run("limit", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			key := "hour:bench:" + strconv.Itoa(i%100)
			if _, _, err := sh.Recent(ctx, key, now.Add(-time.Hour)); err != nil {
				b.Fatal(err)
			}
			if err := sh.AddRecent(ctx, key, now, 1); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ceremony", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			key := "passkey:bench:" + strconv.Itoa(i)
			if err := sh.PutTemp(ctx, key, []byte(`{"challenge":"x"}`), now.Add(time.Minute)); err != nil {
				b.Fatal(err)
			}
			if _, ok, err := sh.TakeTemp(ctx, key, now); err != nil || !ok {
				b.Fatal(ok, err)
			}
		}
	})
}
