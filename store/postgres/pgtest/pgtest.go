// Package pgtest gives tests an isolated PostgreSQL schema on the server named by SURVEYOR_TEST_POSTGRES.
//
// scripts/test, which CI runs, always sets it (and starts the server), so there the PostgreSQL tests always
// run, and fail if the server cannot be reached. A plain `go test ./...` on a machine without it skips
// them and says once, in one line on stderr, how to run them: seven connection failures told a newcomer
// nothing they could act on.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/surveyor-game/surveyor/store/postgres"
)

// EnvVar names the variable holding the test server's URL (scripts/test sets it).
const EnvVar = "SURVEYOR_TEST_POSTGRES"

// howTo is the line a run without the variable prints once.
const howTo = "PostgreSQL tests skipped: " + EnvVar + " is not set; run scripts/test, or export " + EnvVar +
	"=postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

var told sync.Once

// URL returns the test server's URL, or skips the test when none is set (see the package comment).
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(EnvVar)
	if u == "" {
		told.Do(func() { fmt.Fprintln(os.Stderr, howTo) })
		t.Skip(howTo)
	}
	return u
}

// Schema returns the server URL and a fresh schema name that is dropped when the test ends.
func Schema(t testing.TB) (url, schema string) {
	t.Helper()
	url = URL(t)
	var b [8]byte
	rand.Read(b[:])
	schema = "surveyor_test_" + hex.EncodeToString(b[:])
	t.Cleanup(func() {
		if err := postgres.DropSchema(context.Background(), url, schema); err != nil {
			t.Errorf("drop test schema: %v", err)
		}
	})
	return url, schema
}

// Database creates a fresh, empty database on the test server, dropped when the test ends (with whatever
// connections are left to it), and returns its URL: for tests that need a whole database, such as a
// restore of pg_dump's output, which recreates the schemas it holds.
func Database(t testing.TB) string {
	t.Helper()
	base := URL(t)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", EnvVar, err)
	}
	var b [8]byte
	rand.Read(b[:])
	name := "surveyor_test_" + hex.EncodeToString(b[:])
	ctx := context.Background()
	exec := func(sql string) error {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, sql)
		return err
	}
	if err := exec(`CREATE DATABASE ` + name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		if err := exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`); err != nil {
			t.Errorf("drop test database: %v", err)
		}
	})
	u.Path = "/" + name
	return u.String()
}

// Open opens a store on a fresh schema, closed and dropped when the test ends.
func Open(t testing.TB) *postgres.Store {
	t.Helper()
	url, schema := Schema(t)
	s, err := postgres.Open(context.Background(), url, postgres.Options{Schema: schema, MaxConns: 8})
	if err != nil {
		t.Fatalf("open postgres store: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
