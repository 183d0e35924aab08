package tlsserve

import (
	"context"
	"crypto/tls"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/internal/tlsserve/acmetest"
	"github.com/surveyor-game/surveyor/store"
)

// memCerts is a store.Certs in memory.
type memCerts struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (c *memCerts) Cert(_ context.Context, key string) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[key]; ok {
		return v, nil
	}
	return nil, store.ErrNotFound
}

func (c *memCerts) PutCert(_ context.Context, key string, data []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[string][]byte)
	}
	c.m[key] = data
	return nil
}

func (c *memCerts) DeleteCert(_ context.Context, key string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, key)
	return nil
}

// The configurations refused before anything is served, each with an error that says what to do.
func TestNewRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	now := time.Now()
	cert, key := acmetest.SelfSigned(t, dir, "a", now.Add(-time.Hour), now.Add(time.Hour), "play.example.org")
	otherCert, _ := acmetest.SelfSigned(t, dir, "b", now.Add(-time.Hour), now.Add(time.Hour), "play.example.org")
	oldCert, oldKey := acmetest.SelfSigned(t, dir, "c", now.Add(-2*time.Hour), now.Add(-time.Hour), "play.example.org")
	for _, tc := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"both", Config{Domains: []string{"play.example.org"}, CertFile: cert, KeyFile: key, Certs: &memCerts{}}, "one or the other"},
		{"cert without key", Config{CertFile: cert}, "go together"},
		{"mismatch", Config{CertFile: otherCert, KeyFile: key}, "private key does not match public key"},
		{"expired", Config{CertFile: oldCert, KeyFile: oldKey}, "expired on"},
		{"missing file", Config{CertFile: filepath.Join(dir, "none.pem"), KeyFile: key}, "no such file"},
		{"not a certificate", Config{CertFile: key, KeyFile: key}, "--tls-cert"},
		{"address", Config{Domains: []string{"192.0.2.1"}, Certs: &memCerts{}}, "an address, not a domain name"},
		{"bare name", Config{Domains: []string{"localhost"}, Certs: &memCerts{}}, "full domain name"},
		{"with port", Config{Domains: []string{"play.example.org:443"}, Certs: &memCerts{}}, "full domain name"},
		{"nothing", Config{}, "no --domain"},
		{"no database", Config{Domains: []string{"play.example.org"}}, "database"},
	} {
		if _, err := New(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
	if _, err := New(Config{CertFile: cert, KeyFile: key}); err != nil {
		t.Fatalf("a good pair: %v", err)
	}
}

// The plain-HTTP side sends GET and HEAD to the same path over HTTPS on a name the certificate is for,
// refuses other methods, and the HTTPS side sets HSTS.
func TestRedirectAndHSTS(t *testing.T) {
	t.Parallel()
	now := time.Now()
	cert, key := acmetest.SelfSigned(t, t.TempDir(), "", now.Add(-time.Hour), now.Add(time.Hour), "play.example.org", "www.example.org")
	tl, err := New(Config{CertFile: cert, KeyFile: key, HSTS: 365 * 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		method, host, port, path string
		code                     int
		loc                      string
	}{
		{"GET", "play.example.org", "443", "/m/abc?x=1", 301, "https://play.example.org/m/abc?x=1"},
		{"HEAD", "www.example.org:80", "443", "/", 301, "https://www.example.org/"},
		{"GET", "play.example.org:8080", "8443", "/lobby", 301, "https://play.example.org:8443/lobby"},
		{"GET", "evil.example.net", "443", "/", 301, "https://play.example.org/"}, // a forged Host goes nowhere else
		{"POST", "play.example.org", "443", "/api/matches", 400, ""},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(tc.method, "http://"+tc.host+tc.path, nil)
		tl.Redirect(tc.port).ServeHTTP(rec, req)
		if rec.Code != tc.code || rec.Header().Get("Location") != tc.loc {
			t.Errorf("%s http://%s%s (HTTPS on %s): %d %q, want %d %q", tc.method, tc.host, tc.path, tc.port, rec.Code,
				rec.Header().Get("Location"), tc.code, tc.loc)
		}
	}
	rec := httptest.NewRecorder()
	tl.Secure(http.NotFoundHandler()).ServeHTTP(rec, httptest.NewRequest("GET", "https://play.example.org/", nil))
	if got := rec.Header().Get("Strict-Transport-Security"); got != "max-age=31536000" {
		t.Fatalf("HSTS %q, want max-age=31536000", got)
	}
	off, _ := New(Config{CertFile: cert, KeyFile: key})
	rec = httptest.NewRecorder()
	off.Secure(http.NotFoundHandler()).ServeHTTP(rec, httptest.NewRequest("GET", "https://play.example.org/", nil))
	if got := rec.Header().Get("Strict-Transport-Security"); got != "" {
		t.Fatalf("HSTS %q with HSTS 0, want none", got)
	}
}

// A certificate of one's own is served, replaced when its files change, and kept when the new files do
// not load.
func TestOwnCertificateReloads(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	now := time.Now()
	cert, key := acmetest.SelfSigned(t, dir, "", now.Add(-time.Hour), now.Add(time.Hour), "play.example.org")
	tl, err := New(Config{CertFile: cert, KeyFile: key})
	if err != nil {
		t.Fatal(err)
	}
	serial := func() string {
		c, err := tl.TLSConfig().GetCertificate(&tls.ClientHelloInfo{ServerName: "play.example.org"})
		if err != nil {
			t.Fatal(err)
		}
		return c.Leaf.SerialNumber.String()
	}
	first := serial()
	if tl.reload() {
		t.Fatal("reloaded files that did not change")
	}
	// A renewal writes both files (their times set apart from the first ones, whatever the file system's
	// clock resolution).
	acmetest.SelfSigned(t, dir, "", now.Add(-time.Hour), now.Add(2*time.Hour), "play.example.org")
	later := now.Add(time.Minute)
	for _, f := range []string{cert, key} {
		os.Chtimes(f, later, later)
	}
	if !tl.reload() || serial() == first {
		t.Fatal("the renewed certificate is not served")
	}
	second := serial()
	// A key that no longer matches (half-way through a renewal) keeps the certificate served.
	_, otherKey := acmetest.SelfSigned(t, dir, "x", now.Add(-time.Hour), now.Add(time.Hour), "play.example.org")
	b, _ := os.ReadFile(otherKey)
	os.WriteFile(key, b, 0o600)
	later = later.Add(time.Minute)
	os.Chtimes(key, later, later)
	if tl.reload() || serial() != second {
		t.Fatal("a pair that does not match replaced the certificate served")
	}
}

// A domain the CA refuses: the error says so, and handshakes meanwhile get it back at once, without a new
// order, until the wait (doubled at each failure) has passed.
func TestACMERefusedDomainWaits(t *testing.T) {
	ca := acmetest.Start(t, acmetest.Options{Refused: []string{"refused.example.org"}})
	tl, err := New(Config{Domains: []string{"refused.example.org"}, Certs: &memCerts{}, ACMEDirectory: ca.DirectoryURL,
		ACMERoots: ca.DirectoryRoots})
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Now()
	tl.now = func() time.Time { return clock }
	hello := &tls.ClientHelloInfo{ServerName: "refused.example.org"}
	_, err = tl.acmeCert(hello)
	if err == nil || !strings.Contains(err.Error(), "rejectedIdentifier") {
		t.Fatalf("first handshake: %v, want the CA's rejectedIdentifier", err)
	}
	first := err
	_, err = tl.acmeCert(hello)
	if !errors.Is(err, first) || !strings.Contains(err.Error(), "no certificate for refused.example.org yet") {
		t.Fatalf("a handshake during the wait: %v, want the first error again", err)
	}
	clock = clock.Add(firstRetry + time.Second)
	if _, err = tl.acmeCert(hello); err == nil || errors.Is(err, first) {
		t.Fatalf("after the wait: %v, want a new attempt's error", err)
	}
	if w := tl.failure["refused.example.org"].wait; w != 2*firstRetry {
		t.Fatalf("wait after the second failure %v, want %v", w, 2*firstRetry)
	}
	if _, err := tl.acmeCert(&tls.ClientHelloInfo{ServerName: "other.example.org"}); err == nil {
		t.Fatal("a certificate for a name not configured")
	}
}
