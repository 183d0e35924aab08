// Package acmetest runs a certificate authority for tests: letsencrypt's Pebble, the ACME test server, in
// the test's process on the loopback address, with a DNS server of its own that sends every name to
// 127.0.0.1, so that Pebble validates the challenges for real against the server under test.
package acmetest

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/letsencrypt/pebble/v2/acme"
	"github.com/letsencrypt/pebble/v2/ca"
	"github.com/letsencrypt/pebble/v2/db"
	"github.com/letsencrypt/pebble/v2/va"
	"github.com/letsencrypt/pebble/v2/wfe"
	"github.com/miekg/dns"
)

// Options are the CA's settings.
type Options struct {
	// HTTPPort and TLSPort are where Pebble reaches the server under test on 127.0.0.1 to validate the
	// HTTP-01 and TLS-ALPN-01 challenges (a closed port makes that challenge fail).
	HTTPPort, TLSPort int
	// Refused are domains the CA refuses to certify (rejectedIdentifier).
	Refused []string
	// Validity is how long the certificates issued are valid (default: Pebble's, five years).
	Validity time.Duration
}

// CA is a running Pebble.
type CA struct {
	// DirectoryURL is the ACME directory.
	DirectoryURL string
	// DirectoryCA is a PEM file of the root that the directory's own HTTPS certificate chains to.
	DirectoryCA string
	// DirectoryRoots trusts the directory's HTTPS.
	DirectoryRoots *x509.CertPool
	// Roots trusts the certificates the CA issues.
	Roots *x509.CertPool
}

// Start starts a CA that lives until the test ends. It sets Pebble's environment for the test (no random
// sleeps before validating, no nonces refused at random), so the test cannot be parallel.
func Start(t testing.TB, o Options) *CA {
	t.Helper()
	t.Setenv("PEBBLE_VA_NOSLEEP", "1")
	t.Setenv("PEBBLE_WFE_NONCEREJECT", "0")
	t.Setenv("PEBBLE_VA_ALWAYS_VALID", "0")
	logs := &Log{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("Pebble's log:\n%s", logs.String())
		}
	})
	logger := log.New(logs, "pebble ", log.Lmicroseconds)

	resolver := startDNS(t)
	store := db.NewMemoryStore()
	for _, d := range o.Refused {
		if err := store.AddBlockedDomain(d); err != nil {
			t.Fatalf("acmetest: refuse %s: %v", d, err)
		}
	}
	authority := ca.New(logger, store, "", "ecdsa", 0, 1, map[string]ca.Profile{"default": {Description: "test",
		ValidityPeriod: uint64(o.Validity / time.Second)}})
	validator := va.New(logger, o.HTTPPort, o.TLSPort, false, resolver, store)
	front := wfe.New(logger, store, validator, authority, []string{"pebble.letsencrypt.org"}, false, false, 0, 0)
	srv := httptest.NewUnstartedServer(settled(front.Handler(), store))
	srv.Config.ErrorLog = logger
	srv.StartTLS()
	t.Cleanup(srv.Close)

	c := &CA{DirectoryURL: srv.URL + wfe.DirectoryPath, DirectoryRoots: x509.NewCertPool(), Roots: x509.NewCertPool()}
	c.DirectoryRoots.AddCert(srv.Certificate())
	c.Roots.AddCert(authority.GetRootCert(0).Cert)
	c.DirectoryCA = filepath.Join(t.TempDir(), "acme-ca.pem")
	if err := os.WriteFile(c.DirectoryCA, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	return c
}

// settled holds the answer to a challenge's acceptance until Pebble has validated it, and to an order's
// finalization until the certificate is issued: the ACME client's first look then finds the outcome, where
// otherwise it waits a second before each look (acme.Client.WaitAuthorization, WaitOrder), two seconds of
// every certificate in a test.
func settled(h http.Handler, store *db.MemoryStore) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		if r.Method != http.MethodPost {
			return
		}
		var done func() bool
		if id, ok := strings.CutPrefix(r.URL.Path, "/chalZ/"); ok {
			done = func() bool {
				c := store.GetChallengeByID(id)
				if c == nil {
					return true
				}
				c.RLock()
				defer c.RUnlock()
				return c.Status != acme.StatusPending && c.Status != acme.StatusProcessing
			}
		} else if id, ok := strings.CutPrefix(r.URL.Path, "/finalize-order/"); ok {
			done = func() bool {
				o := store.GetOrderByID(id)
				if o == nil {
					return true
				}
				o.RLock()
				defer o.RUnlock()
				return o.CertificateObject != nil || o.Status == acme.StatusInvalid || !o.BeganProcessing
			}
		} else {
			return
		}
		for deadline := time.Now().Add(5 * time.Second); !done() && time.Now().Before(deadline); {
			time.Sleep(2 * time.Millisecond)
		}
	})
}

// startDNS serves, over TCP as Pebble asks, 127.0.0.1 for every A query and nothing for any other.
func startDNS(t testing.TB) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &dns.Server{Listener: ln, Handler: dns.HandlerFunc(func(w dns.ResponseWriter, q *dns.Msg) {
		m := new(dns.Msg)
		m.SetReply(q)
		for _, qq := range q.Question {
			if qq.Qtype == dns.TypeA {
				m.Answer = append(m.Answer, &dns.A{Hdr: dns.RR_Header{Name: qq.Name, Rrtype: dns.TypeA, Class: dns.ClassINET},
					A: net.IPv4(127, 0, 0, 1)})
			}
		}
		w.WriteMsg(m)
	})}
	go srv.ActivateAndServe()
	t.Cleanup(func() { srv.Shutdown() })
	return ln.Addr().String()
}

// Addr is 127.0.0.1:port.
func Addr(port int) string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)) }

// Client fetches from https://NAME:PORT/ at 127.0.0.1:PORT whatever NAME, trusting only the CA's roots,
// over HTTP/2 when the server offers it, and not following redirects.
func (c *CA) Client() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = &tls.Config{RootCAs: c.Roots}
	tr.ForceAttemptHTTP2 = true
	// One connection a request: an HTTP/2 connection left open would hold the server's graceful shutdown
	// for a second (its GOAWAY's wait).
	tr.DisableKeepAlives = true
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		_, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		var d net.Dialer
		return d.DialContext(ctx, network, net.JoinHostPort("127.0.0.1", port))
	}
	return &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// Log collects what servers log, Pebble or the one under test, while the test reads it.
type Log struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// SelfSigned writes a self-signed certificate for names valid from notBefore to notAfter, and its key, into
// dir; it returns the two files.
func SelfSigned(t *testing.T, dir, prefix string, notBefore, notAfter time.Time, names ...string) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: names[0]},
		DNSNames: names, NotBefore: notBefore, NotAfter: notAfter, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, prefix+"cert.pem"), filepath.Join(dir, prefix+"key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}
