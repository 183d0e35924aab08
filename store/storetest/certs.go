package storetest

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/surveyor-game/surveyor/store"
)

// RunCerts runs the TLS certificate cache's suite. open returns a fresh, empty store for each subtest; the
// subtest closes it.
func RunCerts(t *testing.T, open func(t *testing.T) store.Store) {
	runAs(t, open, []namedTest[store.Certs]{
		{"PutGetDelete", testCertsPutGetDelete},
		{"ConcurrentPuts", testCertsConcurrentPuts},
	})
}

func testCertsPutGetDelete(t *testing.T, c store.Certs) {
	if _, err := c.Cert(ctx, "play.example.org"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a key never stored: %v, want ErrNotFound", err)
	}
	// Every byte value survives, as a PEM bundle's key and certificates would and as binary data must.
	blob := make([]byte, 20000)
	for i := range blob {
		blob[i] = byte(i * 7)
	}
	for key, data := range map[string][]byte{"play.example.org": blob, "acme_account+key": []byte("-----BEGIN EC PRIVATE KEY-----\n")} {
		if err := c.PutCert(ctx, key, data); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := c.Cert(ctx, "play.example.org"); err != nil || !bytes.Equal(got, blob) {
		t.Fatalf("read back %d bytes, %v; want the %d stored", len(got), err, len(blob))
	}
	if err := c.PutCert(ctx, "play.example.org", []byte("renewed")); err != nil {
		t.Fatal(err)
	}
	if got, err := c.Cert(ctx, "play.example.org"); err != nil || string(got) != "renewed" {
		t.Fatalf("after a renewal: %q, %v", got, err)
	}
	if err := c.DeleteCert(ctx, "play.example.org"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Cert(ctx, "play.example.org"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a deleted key: %v, want ErrNotFound", err)
	}
	if err := c.DeleteCert(ctx, "play.example.org"); err != nil {
		t.Fatalf("deleting a key that is not there: %v", err)
	}
	if got, err := c.Cert(ctx, "acme_account+key"); err != nil || string(got) != "-----BEGIN EC PRIVATE KEY-----\n" {
		t.Fatalf("the other key: %q, %v", got, err)
	}
	if err := c.PutCert(ctx, "", []byte("x")); err == nil {
		t.Fatal("an empty key was stored")
	}
}

// Instances renewing together both store; the last write stands whole, never a mix or an error.
func testCertsConcurrentPuts(t *testing.T, c store.Certs) {
	var wg sync.WaitGroup
	vals := make(map[string]bool)
	for i := range 8 {
		v := fmt.Sprintf("certificate %d", i)
		vals[v] = true
		wg.Go(func() {
			if err := c.PutCert(ctx, "play.example.org", []byte(v)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got, err := c.Cert(ctx, "play.example.org"); err != nil || !vals[string(got)] {
		t.Fatalf("after concurrent puts: %q, %v", got, err)
	}
}
