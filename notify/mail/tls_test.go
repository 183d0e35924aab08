package mail

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"log"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// The TLS paths are tested against go-smtp's server directly: mailtest is
// plaintext only.

func testCert(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "mailtest"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:     []string{"localhost"},
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:         true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

type tlsRecorder struct {
	mu    sync.Mutex
	tls   []bool // per accepted message: was the session under TLS
	authd []bool
}

type tlsSession struct {
	r     *tlsRecorder
	c     *smtp.Conn
	authd bool
}

func (r *tlsRecorder) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &tlsSession{r: r, c: c}, nil
}

func (s *tlsSession) AuthMechanisms() []string { return []string{sasl.Plain} }
func (s *tlsSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, u, p string) error {
		if u != "bot" || p != "secret" {
			return smtp.ErrAuthFailed
		}
		s.authd = true
		return nil
	}), nil
}
func (s *tlsSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *tlsSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *tlsSession) Reset()                               {}
func (s *tlsSession) Logout() error                        { return nil }
func (s *tlsSession) Data(r io.Reader) error {
	if _, err := io.ReadAll(r); err != nil {
		return err
	}
	_, isTLS := s.c.TLSConnectionState()
	s.r.mu.Lock()
	s.r.tls = append(s.r.tls, isTLS)
	s.r.authd = append(s.r.authd, s.authd)
	s.r.mu.Unlock()
	return nil
}

func startTLSServer(t *testing.T, implicit bool, cert tls.Certificate) (*tlsRecorder, string) {
	t.Helper()
	rec := &tlsRecorder{}
	srv := smtp.NewServer(rec)
	srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.ErrorLog = log.New(io.Discard, "", 0)
	var ln net.Listener
	var err error
	if implicit {
		ln, err = tls.Listen("tcp", "127.0.0.1:0", srv.TLSConfig)
	} else {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { ln.Close(); srv.Close() })
	return rec, ln.Addr().String()
}

func TestSendTLS(t *testing.T) {
	cert, pool := testCert(t)
	for _, tc := range []struct {
		name     string
		implicit bool
		scheme   string
	}{
		{"starttls", false, "smtp"},
		{"implicit", true, "smtps"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, addr := startTLSServer(t, tc.implicit, cert)
			cfg := parseTestURL(t, tc.scheme+"://bot:secret@"+addr+"?from=noreply%40example.org")
			cfg.TLSConfig = &tls.Config{RootCAs: pool}
			if err := cfg.Send(sendCtx(t), testMessage()); err != nil {
				t.Fatalf("Send: %v", err)
			}
			rec.mu.Lock()
			if len(rec.tls) != 1 || !rec.tls[0] || !rec.authd[0] {
				t.Errorf("server saw tls=%v authenticated=%v, want one authenticated message over TLS", rec.tls, rec.authd)
			}
			rec.mu.Unlock()

			// An unverifiable certificate is a (temporary) error, not a
			// fallback to plaintext.
			untrusted := cfg
			untrusted.TLSConfig = nil
			err := untrusted.Send(sendCtx(t), testMessage())
			if err == nil {
				t.Fatal("Send accepted an untrusted certificate")
			}
			if IsPermanent(err) {
				t.Errorf("TLS failure reported as permanent: %v", err)
			}
			rec.mu.Lock()
			if len(rec.tls) != 1 {
				t.Errorf("%d messages, want 1", len(rec.tls))
			}
			rec.mu.Unlock()
		})
	}
}
