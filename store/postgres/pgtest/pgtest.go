// Package pgtest gives tests an isolated PostgreSQL schema on the server named by SURVEYOR_TEST_POSTGRES.
// Tests fail (they do not skip) when it is not set: CI always has PostgreSQL.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/surveyor-game/surveyor/store/postgres"
)

// EnvVar names the variable holding the test server's URL (scripts/test sets it).
const EnvVar = "SURVEYOR_TEST_POSTGRES"

// URL returns the test server's URL or fails the test with instructions.
func URL(t testing.TB) string {
	t.Helper()
	url := os.Getenv(EnvVar)
	if url == "" {
		t.Fatalf("%s is not set: PostgreSQL tests need a server; run scripts/test, or export %s=postgres://postgres@127.0.0.1:5432/test?sslmode=disable", EnvVar, EnvVar)
	}
	return url
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
