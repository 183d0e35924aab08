package main

import (
	"context"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/surveyor-game/surveyor/internal/tlsserve"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// tlsOptions are the flags of surveyor serve that make it speak HTTPS by itself.
type tlsOptions struct {
	domains                []string
	certFile, keyFile      string
	acmeDir, acmeCA, email string
	httpAddr               string
	hsts                   time.Duration
	addrSet, httpAddrSet   bool
	hstsSet                bool
	addr                   string // --addr's default with HTTPS, when --addr is not given
}

func (o *tlsOptions) register(fs *flag.FlagSet) {
	fs.Func("domain", "serve HTTPS for `NAME` with a certificate obtained and renewed over ACME (Let's Encrypt by default; using it accepts the CA's terms), kept in the database for every instance; repeatable", func(v string) error {
		for _, d := range strings.Split(v, ",") {
			if d = strings.ToLower(strings.TrimSpace(d)); d != "" {
				o.domains = append(o.domains, d)
			}
		}
		return nil
	})
	fs.StringVar(&o.certFile, "tls-cert", "", "serve HTTPS with the certificate in `FILE` (PEM, chain after the leaf; read again when it changes)")
	fs.StringVar(&o.keyFile, "tls-key", "", "the private key of --tls-cert, in `FILE` (PEM)")
	fs.StringVar(&o.httpAddr, "http-addr", ":80", "with HTTPS: `HOST:PORT` for plain HTTP, which answers the CA's HTTP-01 challenges and redirects everything else to HTTPS (\"off\": none)")
	fs.DurationVar(&o.hsts, "hsts", 365*24*time.Hour, "with HTTPS: how long browsers are told to use only HTTPS for this site (Strict-Transport-Security; 0: not told)")
	fs.StringVar(&o.acmeDir, "acme-directory", "", "ACME directory `URL` of the CA (default Let's Encrypt's)")
	fs.StringVar(&o.acmeCA, "acme-ca", "", "trust only the roots in `FILE` (PEM) for the ACME directory's own HTTPS (a private CA)")
	fs.StringVar(&o.email, "acme-email", "", "contact `ADDRESS` given to the CA, which writes about problems with the certificates")
}

// on reports whether serve speaks HTTPS.
func (o *tlsOptions) on() bool { return len(o.domains) > 0 || o.certFile != "" || o.keyFile != "" }

// noteSet records which addresses were given, so that HTTPS changes only the defaults.
func (o *tlsOptions) noteSet(fs *flag.FlagSet) {
	fs.Visit(func(f *flag.Flag) {
		o.addrSet = o.addrSet || f.Name == "addr"
		o.httpAddrSet = o.httpAddrSet || f.Name == "http-addr"
		o.hstsSet = o.hstsSet || f.Name == "hsts"
	})
}

// check refuses the HTTPS flags without HTTPS.
func (o *tlsOptions) check() error {
	if !o.on() && (o.httpAddrSet || o.hstsSet || o.acmeDir != "" || o.acmeCA != "" || o.email != "") {
		return errors.New("--http-addr, --hsts and --acme-* go with --domain or --tls-cert (HTTPS served by surveyor itself)")
	}
	if o.on() && !o.addrSet {
		o.addr = ":443"
	}
	return nil
}

// tlsServing is the HTTPS side of a running serve.
type tlsServing struct {
	tls      *tlsserve.TLS
	redirect *http.Server // nil with --http-addr off
}

// config reads the HTTPS flags into tlsserve's configuration and checks it (a certificate of one's own is
// loaded), before the database is opened: a refused start changes nothing.
func (o tlsOptions) config(log *slog.Logger) (tlsserve.Config, error) {
	cfg := tlsserve.Config{Domains: o.domains, CertFile: o.certFile, KeyFile: o.keyFile, ACMEDirectory: o.acmeDir,
		Email: o.email, HSTS: o.hsts, Logger: log}
	if o.acmeCA != "" {
		pem, err := os.ReadFile(o.acmeCA)
		if err != nil {
			return cfg, fmt.Errorf("--acme-ca: %w", err)
		}
		cfg.ACMERoots = x509.NewCertPool()
		if !cfg.ACMERoots.AppendCertsFromPEM(pem) {
			return cfg, fmt.Errorf("--acme-ca %s: no PEM certificate in it", o.acmeCA)
		}
	}
	return cfg, cfg.Check()
}

// newTLS prepares HTTPS on the opened database, which keeps ACME's certificates.
func newTLS(cfg tlsserve.Config, st store.Store) (*tlsServing, error) {
	if len(cfg.Domains) > 0 {
		certs, ok := st.(store.Certs)
		if !ok {
			return nil, fmt.Errorf("--domain: the database %T does not keep certificates", st)
		}
		cfg.Certs = certs
	}
	t, err := tlsserve.New(cfg)
	if err != nil {
		return nil, err
	}
	return &tlsServing{tls: t}, nil
}

// url is where players reach the site served on addr: its first name, else the address.
func (s *tlsServing) url(addr string) string {
	host, port, _ := net.SplitHostPort(addr)
	if names := s.tls.Names(); len(names) > 0 {
		host = names[0]
	}
	if port != "443" {
		host = net.JoinHostPort(host, port)
	}
	return "https://" + host
}

// start makes hs serve HTTPS (its caller runs ServeTLS on ln), serves plain HTTP's redirect on --http-addr
// and starts obtaining the certificates.
func (s *tlsServing) start(ctx context.Context, o tlsOptions, hs *http.Server, ln net.Listener, connsPerAddr int,
	trusted []netip.Prefix, log *slog.Logger) error {
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	if o.httpAddr != "" && o.httpAddr != "off" {
		hln, err := net.Listen("tcp", o.httpAddr)
		if err != nil {
			return listenError("listen for plain HTTP (--http-addr)", err)
		}
		s.redirect = &http.Server{Handler: s.tls.Redirect(port), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute,
			ErrorLog: hs.ErrorLog}
		go s.redirect.Serve(httpkit.LimitListener(hln, connsPerAddr, trusted))
		log.Info("plain HTTP redirects to HTTPS", "addr", hln.Addr().String())
	}
	hs.Handler = s.tls.Secure(hs.Handler)
	hs.TLSConfig = s.tls.TLSConfig()
	s.tls.Start(ctx)
	return nil
}

// shutdown stops the plain-HTTP side.
func (s *tlsServing) shutdown(ctx context.Context) error {
	if s == nil || s.redirect == nil {
		return nil
	}
	if err := s.redirect.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("plain HTTP: %w", err)
	}
	return nil
}
