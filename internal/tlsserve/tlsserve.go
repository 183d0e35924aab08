// Package tlsserve is what surveyor serve needs to speak HTTPS by itself: a certificate obtained and renewed
// over ACME for the site's domain (golang.org/x/crypto/acme/autocert), kept in the database so that every
// instance serves the same one, or a certificate the operator already has; HTTP/2; HSTS; and the plain-HTTP
// side, which answers the CA's HTTP-01 challenges and sends everyone else to HTTPS.
package tlsserve

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"

	"github.com/surveyor-game/surveyor/store"
)

// Config says where the certificate comes from: ACME for Domains, or CertFile and KeyFile.
type Config struct {
	// Domains are the names to obtain a certificate for over ACME (one certificate each).
	Domains []string
	// Certs keeps the ACME account key and the certificates (the database, store.Certs).
	Certs store.Certs
	// ACMEDirectory is the CA's directory URL (default: Let's Encrypt's production one).
	ACMEDirectory string
	// ACMERoots, when set, are the only roots trusted for the CA's own HTTPS (a private CA, a test CA).
	ACMERoots *x509.CertPool
	// Email is given to the CA, which writes to it about problems with the certificates.
	Email string

	// CertFile and KeyFile hold a certificate (PEM, the chain after the leaf) and its private key. They are
	// read again when they change on disk (a renewal by certbot or the like), within CheckEvery.
	CertFile, KeyFile string
	CheckEvery        time.Duration // default one minute

	// HSTS is the max-age of the Strict-Transport-Security header; 0 sends none.
	HSTS time.Duration
	// Logger reports certificates obtained, renewed, reloaded and failures.
	Logger *slog.Logger
}

// Retry waits after a failure to obtain a certificate: the first, doubled each failure up to the last. A
// CA limits failed validations (Let's Encrypt: 5 an hour per name), and a handshake during the wait gets
// the last error at once rather than starting a new order, so a busy site cannot exhaust that quota.
const (
	firstRetry = time.Minute
	lastRetry  = time.Hour
)

// TLS serves HTTPS with the certificate Config describes. Make it with New.
type TLS struct {
	cfg     Config
	log     *slog.Logger
	manager *autocert.Manager // ACME; nil with a certificate of one's own
	names   []string          // the names the certificate is for, to redirect to

	mu      sync.Mutex
	own     *tls.Certificate   // the certificate of one's own, as last loaded
	ownMod  [2]time.Time       // its files' modification times when loaded
	failure map[string]*failed // domain -> the last failure to obtain its certificate
	now     func() time.Time   // the clock, replaced by tests
	getCert func(*tls.ClientHelloInfo) (*tls.Certificate, error)
}

type failed struct {
	err   error
	until time.Time
	wait  time.Duration
}

// Check refuses a configuration that cannot serve, before anything is opened: both ways or neither, a
// domain that cannot be certified, a certificate that does not match its key or is out of its validity.
func (c Config) Check() error {
	_, _, err := c.check()
	return err
}

// check is Check, returning the certificate of one's own it loaded and its files' modification times.
func (c Config) check() (*tls.Certificate, [2]time.Time, error) {
	var mod [2]time.Time
	own := c.CertFile != "" || c.KeyFile != ""
	switch {
	case len(c.Domains) > 0 && own:
		return nil, mod, errors.New("--domain obtains a certificate over ACME, --tls-cert and --tls-key name one already had: give one or the other")
	case own && (c.CertFile == "" || c.KeyFile == ""):
		return nil, mod, errors.New("--tls-cert and --tls-key go together: the certificate and its private key")
	case own:
		return loadPair(c.CertFile, c.KeyFile, time.Now())
	case len(c.Domains) == 0:
		return nil, mod, errors.New("tlsserve: no --domain and no --tls-cert")
	}
	for _, d := range c.Domains {
		if err := checkDomain(d); err != nil {
			return nil, mod, err
		}
	}
	return nil, mod, nil
}

// New checks cfg (Check) and prepares the certificate: a certificate of one's own is loaded now; an ACME
// one is obtained by Start.
func New(cfg Config) (*TLS, error) {
	t := &TLS{cfg: cfg, log: cfg.Logger, failure: make(map[string]*failed), now: time.Now}
	if t.log == nil {
		t.log = slog.New(slog.DiscardHandler)
	}
	if t.cfg.CheckEvery <= 0 {
		t.cfg.CheckEvery = time.Minute
	}
	own, mod, err := cfg.check()
	if err != nil {
		return nil, err
	}
	if own != nil {
		t.own, t.ownMod = own, mod
		t.names = own.Leaf.DNSNames
		t.getCert = t.ownCert
		return t, nil
	}
	if cfg.Certs == nil {
		return nil, errors.New("tlsserve: --domain needs a database that keeps certificates")
	}
	t.cfg.Domains = make([]string, len(cfg.Domains))
	for i, d := range cfg.Domains {
		t.cfg.Domains[i] = strings.ToLower(d)
	}
	client := &acme.Client{DirectoryURL: cfg.ACMEDirectory, UserAgent: "surveyor"}
	if client.DirectoryURL == "" {
		client.DirectoryURL = autocert.DefaultACMEDirectory
	}
	if cfg.ACMERoots != nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{RootCAs: cfg.ACMERoots}
		client.HTTPClient = &http.Client{Transport: tr}
	}
	allowed := autocert.HostWhitelist(t.cfg.Domains...)
	t.manager = &autocert.Manager{
		Prompt: autocert.AcceptTOS, // --domain is the operator's acceptance of the CA's terms (README)
		Cache:  Cache{cfg.Certs},
		// HTTP-01 asks with the Host header, which names the port when it is not 80 (a forwarded port).
		HostPolicy: func(ctx context.Context, host string) error {
			if h, _, err := net.SplitHostPort(host); err == nil {
				host = h
			}
			return allowed(ctx, host)
		},
		Client: client,
		Email:  cfg.Email,
	}
	t.names = t.cfg.Domains
	t.getCert = t.acmeCert
	return t, nil
}

// checkDomain refuses what cannot be a public DNS name, before anything asks a CA for it.
func checkDomain(d string) error {
	if net.ParseIP(d) != nil {
		return fmt.Errorf("--domain %s: an address, not a domain name (a CA certifies names; use --tls-cert for an address)", d)
	}
	if !strings.Contains(strings.Trim(d, "."), ".") || strings.ContainsAny(d, ":/ *") || strings.HasSuffix(d, ".") {
		return fmt.Errorf("--domain %q: want a full domain name such as play.example.org", d)
	}
	return nil
}

// modTimes are the files' modification times, by which a change is noticed.
func modTimes(certFile, keyFile string) ([2]time.Time, error) {
	var mod [2]time.Time
	for i, f := range []string{certFile, keyFile} {
		fi, err := os.Stat(f)
		if err != nil {
			return mod, fmt.Errorf("--tls-cert/--tls-key: %w", err)
		}
		mod[i] = fi.ModTime()
	}
	return mod, nil
}

// loadPair reads a certificate and its key, refusing a pair that does not match or a certificate outside
// its validity at now; mod is the files' modification times before they were read.
func loadPair(certFile, keyFile string, now time.Time) (*tls.Certificate, [2]time.Time, error) {
	mod, err := modTimes(certFile, keyFile)
	if err != nil {
		return nil, mod, err
	}
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, mod, fmt.Errorf("--tls-cert %s with --tls-key %s: %w", certFile, keyFile, err)
	}
	leaf := cert.Leaf
	switch {
	case now.After(leaf.NotAfter):
		return nil, mod, fmt.Errorf("--tls-cert %s: the certificate expired on %s", certFile, leaf.NotAfter.UTC().Format(time.DateTime))
	case now.Before(leaf.NotBefore):
		return nil, mod, fmt.Errorf("--tls-cert %s: the certificate is valid only from %s", certFile, leaf.NotBefore.UTC().Format(time.DateTime))
	}
	return &cert, mod, nil
}

// Names are the names the certificate is for: the domains, or those of the certificate of one's own.
func (t *TLS) Names() []string { return t.names }

// TLSConfig is the listener's configuration: HTTP/2 and HTTP/1.1, and the CA's TLS-ALPN-01 challenge.
func (t *TLS) TLSConfig() *tls.Config {
	return &tls.Config{
		GetCertificate: t.getCert,
		NextProtos:     []string{"h2", "http/1.1", acme.ALPNProto},
		MinVersion:     tls.VersionTLS12,
	}
}

// ownCert serves the certificate of one's own.
func (t *TLS) ownCert(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.own, nil
}

// acmeCert serves the ACME certificate of the name asked for, obtaining it if need be, but not while a
// recent failure to obtain it is waited out (Retry).
func (t *TLS) acmeCert(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
	if len(hello.SupportedProtos) == 1 && hello.SupportedProtos[0] == acme.ALPNProto {
		return t.manager.GetCertificate(hello) // the CA validating: never held back
	}
	name := strings.ToLower(strings.TrimSuffix(hello.ServerName, "."))
	t.mu.Lock()
	f := t.failure[name]
	if f != nil && t.now().Before(f.until) {
		t.mu.Unlock()
		return nil, fmt.Errorf("no certificate for %s yet: %w", name, f.err)
	}
	t.mu.Unlock()
	cert, err := t.manager.GetCertificate(hello)
	if !slices.Contains(t.names, name) {
		return cert, err // a name we do not serve: HostPolicy refused it, nothing to remember
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err == nil {
		delete(t.failure, name)
		return cert, nil
	}
	if f = t.failure[name]; f == nil {
		f = &failed{wait: firstRetry}
		t.failure[name] = f
	} else {
		f.wait = min(2*f.wait, lastRetry)
	}
	f.err, f.until = err, t.now().Add(f.wait)
	t.log.Error("HTTPS certificate not obtained", "domain", name, "err", err, "retry_in", f.wait.String())
	return nil, err
}

// Start obtains the ACME certificates now rather than at the first visitor's handshake, so that a refusal
// shows in the log at once; with a certificate of one's own it watches the files until ctx ends. It
// returns at once; the work goes on in the background.
func (t *TLS) Start(ctx context.Context) {
	if t.manager == nil {
		go t.watch(ctx)
		return
	}
	for _, d := range t.names {
		go func() {
			for ctx.Err() == nil {
				// The cipher suite and curve of every current browser, so the certificate obtained is the
				// ECDSA one they will be served.
				_, err := t.acmeCert(&tls.ClientHelloInfo{ServerName: d, SupportedCurves: []tls.CurveID{tls.CurveP256},
					CipherSuites: []uint16{tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256}})
				if err == nil {
					t.log.Info("HTTPS certificate ready", "domain", d)
					return
				}
				var wait time.Duration
				t.mu.Lock()
				if f := t.failure[d]; f != nil { // nil: a handshake has just obtained it
					wait = f.until.Sub(t.now())
				}
				t.mu.Unlock()
				select {
				case <-ctx.Done():
				case <-time.After(wait):
				}
			}
		}()
	}
}

// watch reloads a certificate of one's own when its files change; a pair that no longer loads is
// reported and the one loaded before is kept.
func (t *TLS) watch(ctx context.Context) {
	tick := time.NewTicker(t.cfg.CheckEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			t.reload()
		}
	}
}

// reload loads the certificate files again if they changed since last loaded, and reports whether it did.
func (t *TLS) reload() bool {
	mod, err := modTimes(t.cfg.CertFile, t.cfg.KeyFile)
	if err != nil {
		t.log.Error("TLS certificate file unreadable; serving the one loaded before", "err", err)
		return false
	}
	t.mu.Lock()
	same := mod == t.ownMod
	t.mu.Unlock()
	if same {
		return false
	}
	cert, mod, err := loadPair(t.cfg.CertFile, t.cfg.KeyFile, t.now())
	if err != nil {
		// The two files may be caught between their writes: the next check tries again.
		t.log.Error("TLS certificate changed but does not load; serving the one loaded before", "err", err)
		return false
	}
	t.mu.Lock()
	t.own, t.ownMod = cert, mod
	t.mu.Unlock()
	t.log.Info("TLS certificate reloaded", "file", t.cfg.CertFile, "not_after", cert.Leaf.NotAfter)
	return true
}

// Secure adds the HSTS header to every response of h: browsers then go straight to HTTPS for this site.
func (t *TLS) Secure(h http.Handler) http.Handler {
	if t.cfg.HSTS <= 0 {
		return h
	}
	v := "max-age=" + strconv.FormatInt(int64(t.cfg.HSTS/time.Second), 10)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Strict-Transport-Security", v)
		h.ServeHTTP(w, r)
	})
}

// Redirect is the plain-HTTP side: the CA's HTTP-01 challenges (ACME), and a permanent redirect to the
// same path over HTTPS for everything else. httpsPort is the HTTPS listener's port, named in the
// redirect unless it is 443. The redirect names the host asked for if it is one the certificate is for,
// else the first such name, so a forged Host header cannot send anyone elsewhere.
func (t *TLS) Redirect(httpsPort string) http.Handler {
	redirect := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			// The body has already crossed the network in the clear: do not have the client send it again.
			http.Error(w, "use HTTPS", http.StatusBadRequest)
			return
		}
		host := strings.ToLower(r.Host)
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if !slices.Contains(t.names, host) && len(t.names) > 0 {
			host = t.names[0]
		}
		if httpsPort != "443" && httpsPort != "" {
			host = net.JoinHostPort(host, httpsPort)
		}
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusMovedPermanently)
	})
	if t.manager == nil {
		return redirect
	}
	return t.manager.HTTPHandler(redirect)
}

// Cache is an autocert.Cache on the database.
type Cache struct{ Certs store.Certs }

var _ autocert.Cache = Cache{}

// Get implements autocert.Cache.
func (c Cache) Get(ctx context.Context, key string) ([]byte, error) {
	data, err := c.Certs.Cert(ctx, key)
	if errors.Is(err, store.ErrNotFound) {
		return nil, autocert.ErrCacheMiss // autocert compares with ==
	}
	return data, err
}

// Put implements autocert.Cache.
func (c Cache) Put(ctx context.Context, key string, data []byte) error {
	return c.Certs.PutCert(ctx, key, data)
}

// Delete implements autocert.Cache.
func (c Cache) Delete(ctx context.Context, key string) error { return c.Certs.DeleteCert(ctx, key) }
