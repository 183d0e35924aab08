package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/surveyor-game/surveyor/game/gametest"
	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/internal/cli"
	"github.com/surveyor-game/surveyor/internal/tlsserve"
	"github.com/surveyor-game/surveyor/notify/mail"
	"github.com/surveyor-game/surveyor/server"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/web"
)

func init() {
	commands["serve"] = command{
		summary: "serve games over HTTP and WebSocket (the default command)",
		run:     runServe,
	}
}

// serveOptions are the flags of surveyor serve.
type serveOptions struct {
	addr, db, data, logLevel string
	cpuProfile               string
	toy                      bool
	smtp, publicURL          string
	noPush                   bool
	outboxLease              time.Duration
	gc                       cli.GC
	rate                     float64
	signups                  int
	burst                    int
	shutdown, botDelay, idle time.Duration
	noBots                   bool
	connsPerAddr, wsPerAddr  int
	noAccounts               bool
	trusted, metricsFrom     []netip.Prefix
	pprofAddr                string
	tls                      tlsOptions
}

// cidrs reads a repeatable flag of CIDRs or bare addresses into dst.
func cidrs(dst *[]netip.Prefix) func(string) error {
	return func(v string) error {
		for _, part := range strings.Split(v, ",") {
			p, err := netip.ParsePrefix(strings.TrimSpace(part))
			if err != nil {
				a, aerr := netip.ParseAddr(strings.TrimSpace(part))
				if aerr != nil {
					return fmt.Errorf("%q is neither a CIDR nor an address", part)
				}
				p = netip.PrefixFrom(a, a.BitLen())
			}
			*dst = append(*dst, p.Masked())
		}
		return nil
	}
}

func parseServeFlags(args []string, stderr io.Writer) (serveOptions, error) {
	var o serveOptions
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "`HOST:PORT` to listen on (with --domain or --tls-cert: :443)")
	fs.StringVar(&o.data, "data", "data", "data `DIR` (holds the SQLite database unless --db says otherwise)")
	fs.StringVar(&o.db, "db", "", "SQLite file `PATH` or postgres:// URL (default DIR/surveyor.db)")
	fs.Float64Var(&o.rate, "rate", 20, "API requests per second allowed to one client address (negative: no limit)")
	fs.IntVar(&o.burst, "burst", 60, "burst of requests allowed above --rate")
	fs.IntVar(&o.signups, "signups-per-hour", accounts.DefaultSignups, "accounts one client address may open an hour (a class behind one school address signing up together may need more; negative: no limit)")
	fs.StringVar(&o.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.DurationVar(&o.idle, "idle-timeout", 10*time.Minute, "how long a match nobody touches or watches stays in memory; it is then rebuilt from its log when next touched (a running clock keeps an alarm)")
	fs.DurationVar(&o.shutdown, "shutdown-timeout", 30*time.Second, "how long to let requests in flight finish on shutdown")
	fs.DurationVar(&o.botDelay, "bot-delay", 700*time.Millisecond, "how long a bot waits before each of its moves, so that people can follow the game")
	fs.BoolVar(&o.noBots, "no-bots", false, "do not let players seat bots")
	fs.BoolVar(&o.noAccounts, "no-accounts", false, "no accounts: every player is a guest with seat tokens")
	fs.IntVar(&o.connsPerAddr, "conns-per-addr", server.DefaultConnsPerAddr, "open connections one client address may hold, trusted proxies excepted (0: no cap, for surveyor loadtest --server)")
	fs.IntVar(&o.wsPerAddr, "ws-per-addr", server.DefaultWebSocketsPerAddr, "WebSockets one client address may hold (-1: no cap)")
	fs.Func("trusted-proxy", "`CIDR` of a reverse proxy in front of the server (repeatable, or comma-separated): its X-Forwarded-For names the client for the rate limit and the logs", cidrs(&o.trusted))
	fs.Func("metrics-from", "`CIDR` of the operator's machines that may read /metrics (repeatable, or comma-separated; default loopback only: 127.0.0.0/8, ::1)", cidrs(&o.metricsFrom))
	fs.StringVar(&o.pprofAddr, "pprof-addr", "", "serve Go's profiler (net/http/pprof) on this `HOST:PORT` of its own, for the operator only (off without it; never on the players' address)")
	o.gc.Register(fs, "")
	fs.StringVar(&o.smtp, "smtp", "", "send notification mails through this SMTP server: `URL` smtp://user:pass@host:587?from=Surveyor%20%3Cnoreply%40example.org%3E (smtps:// for TLS from the start; off without it)")
	fs.StringVar(&o.publicURL, "public-url", "", "the site's address as players reach it, for the links in mails and pushes (default http://ADDR)")
	fs.BoolVar(&o.noPush, "no-push", false, "send no Web Push notifications")
	fs.DurationVar(&o.outboxLease, "outbox-lease", 2*time.Minute, "how long an instance holds the notifications it claimed; after a crash another instance sends them once this has passed")
	fs.BoolVar(&o.toy, "toy", false, "also serve the toy game of surveyor loadtest --server (for load tests only)")
	o.tls.register(fs)
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole run to `FILE` (for load tests; SIGUSR1 starts it again, from then on)")
	// Parsed silently: a mistake is one line with where to look, and only --help prints every flag.
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stderr)
		fmt.Fprintln(stderr, "usage: surveyor [serve] [flags]   (docs/operations.md: running it for real)")
		fs.PrintDefaults()
		return o, err
	} else if err != nil {
		return o, fmt.Errorf("%w (surveyor serve --help lists the flags)", err)
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	o.tls.noteSet(fs)
	if err := o.tls.check(); err != nil {
		return o, err
	}
	if o.tls.addr != "" {
		o.addr = o.tls.addr
	}
	if o.signups == 0 {
		// server.Config reads a zero as its default, 30: an operator who meant "no sign-ups" would get those.
		return o, errors.New("--signups-per-hour 0: give the accounts one address may open an hour (1 or more), or a negative number for no limit")
	}
	if err := o.checkPublicURL(); err != nil {
		return o, err
	}
	return o, nil
}

// shareableURLs are the addresses other machines may reach a server listening on every interface at (addr
// unspecified): this machine's addresses but loopback and link-local ones, IPv4 only when it listens on
// 0.0.0.0. None for an address of its own, which the first line names already.
func shareableURLs(addr string, ifaces []net.Addr) []string {
	host, port, err := net.SplitHostPort(addr)
	ip, perr := netip.ParseAddr(host)
	if err != nil || perr != nil || !ip.IsUnspecified() {
		return nil
	}
	var urls []string
	for _, a := range ifaces {
		n, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		p, ok := netip.AddrFromSlice(n.IP)
		if p = p.Unmap(); !ok || p.IsLoopback() || p.IsLinkLocalUnicast() || ip.Is4() && !p.Is4() {
			continue
		}
		urls = append(urls, "http://"+net.JoinHostPort(p.String(), port)+"/")
	}
	return urls
}

// listenError wraps a refused listen; refused a port below 1024 (HTTPS's 443 and 80), it says how a
// process that is not root may take them.
func listenError(what string, err error) error {
	if errors.Is(err, os.ErrPermission) {
		return fmt.Errorf("%s: %w (ports below 1024 need root, or once: sudo setcap cap_net_bind_service=+ep on this binary; "+
			"under systemd AmbientCapabilities=CAP_NET_BIND_SERVICE)", what, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// checkPublicURL refuses a --public-url that would make broken links in mails and pushes, or that says
// players come over HTTPS when nothing here could know it (no TLS of its own, no trusted proxy to say so:
// the session cookie would not be Secure and every player would share the proxy's address in the rate
// limits); and mails without --public-url when --addr names no address players could reach.
func (o serveOptions) checkPublicURL() error {
	const example = "the site's address as players reach it, e.g. https://play.example.org"
	if o.publicURL == "" {
		host, _, _ := net.SplitHostPort(o.addr)
		if ip, err := netip.ParseAddr(host); o.smtp != "" && !o.tls.on() && (host == "" || err == nil && ip.IsUnspecified()) {
			return fmt.Errorf("--smtp needs --public-url, %s: --addr %s names no address the links in mails could use", example, o.addr)
		}
		return nil
	}
	u, err := url.Parse(o.publicURL)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("--public-url %q: want %s", o.publicURL, example)
	}
	if u.Path != "" && u.Path != "/" {
		return fmt.Errorf("--public-url %q: Surveyor serves from the root of its site, not under %s; give %s://%s", o.publicURL, u.Path, u.Scheme, u.Host)
	}
	switch {
	case u.Scheme == "https" && !o.tls.on() && len(o.trusted) == 0:
		return fmt.Errorf("--public-url %s, but this server speaks plain HTTP and trusts no proxy to tell it players come over HTTPS "+
			"(session cookies would not be Secure, and every player would count as the proxy's one address): behind a TLS proxy give "+
			"--trusted-proxy with its address; or serve HTTPS here with --domain or --tls-cert", o.publicURL)
	case u.Scheme == "http" && o.tls.on():
		return fmt.Errorf("--public-url %s is plain HTTP, but this server serves HTTPS: give https://%s", o.publicURL, u.Host)
	}
	return nil
}

// plainHTTPWarning is what serve says when it speaks plain HTTP to other machines with no TLS proxy in
// front: allowed (a home network), but passwords and session cookies then cross the network in clear.
func (o serveOptions) plainHTTPWarning() string {
	if o.tls.on() || len(o.trusted) > 0 {
		return ""
	}
	host, _, err := net.SplitHostPort(o.addr)
	if ip, perr := netip.ParseAddr(host); err != nil || host == "localhost" || perr == nil && ip.IsLoopback() {
		return ""
	}
	return "plain HTTP reachable from other machines: passwords and session cookies cross the network unencrypted. " +
		"Fine on a home network; on the internet serve HTTPS with --domain or --tls-cert, or put a TLS proxy in front " +
		"with --trusted-proxy (docs/operations.md, HTTPS)"
}

func runServe(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	o, err := parseServeFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil // the usage has been printed
	}
	if err != nil {
		return err
	}
	if err := o.gc.Apply(); err != nil {
		return err
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(o.logLevel)); err != nil {
		return fmt.Errorf("--log-level %q: want debug, info, warn or error", o.logLevel)
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: level}))

	var tlsCfg tlsserve.Config
	if o.tls.on() {
		if tlsCfg, err = o.tls.config(log); err != nil {
			return err
		}
	}
	// The address first: one taken is refused before a database is made or migrated and background work
	// started, whose cut-short errors would bury the one line that matters.
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return listenError("listen", err)
	}
	served := false
	defer func() {
		if !served {
			ln.Close()
		}
	}()
	st, where, err := cli.OpenStore(ctx, o.db, o.data)
	if err != nil {
		return fmt.Errorf("open database: %w", err)
	}
	defer st.Close()
	reg := games.Registry()
	if o.toy {
		reg = maps.Clone(reg)
		reg[gametest.Name] = gametest.Definition{}
	}
	if o.cpuProfile != "" {
		stop, err := profileCPU(o.cpuProfile, log)
		if err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		defer stop()
	}
	cfg := server.Config{Store: st, Games: reg, Challenges: games.Challenges(), Static: web.FS(), Logger: log, RateLimit: o.rate, RateBurst: o.burst, SignupsPerHour: o.signups,
		Bots: games.Bots(), BotDelay: o.botDelay, TrustedProxies: o.trusted, WebSocketsPerAddr: o.wsPerAddr, IdleTimeout: o.idle,
		MetricsFrom: o.metricsFrom}
	if o.noBots {
		cfg.Bots = nil
	}
	if acc, ok := st.(store.Accounts); ok && !o.noAccounts {
		cfg.Accounts = acc
	}
	cfg.NoPush, cfg.PublicURL, cfg.OutboxLease = o.noPush, o.publicURL, o.outboxLease
	var tlsSide *tlsServing
	if o.tls.on() {
		if tlsSide, err = newTLS(tlsCfg, st); err != nil {
			return err
		}
	}
	if cfg.PublicURL == "" && tlsSide != nil {
		cfg.PublicURL = tlsSide.url(o.addr)
	} else if cfg.PublicURL == "" {
		cfg.PublicURL = "http://" + o.addr
	}
	if o.smtp != "" {
		mc, err := mail.ParseURL(o.smtp)
		if err != nil {
			return fmt.Errorf("--smtp: %w", err)
		}
		cfg.SMTP = &mc
		log.Info("notification mails", "smtp", mc.String())
	}
	srv, err := server.New(ctx, cfg)
	if err != nil {
		return fmt.Errorf("start server: %w", err)
	}
	profilerAt := ""
	if o.pprofAddr != "" {
		at, stop, err := serveProfiler(o.pprofAddr, log)
		if err != nil {
			srv.Close()
			return fmt.Errorf("--pprof-addr: %w", err)
		}
		defer stop()
		profilerAt = at
	}
	ln = httpkit.LimitListener(ln, o.connsPerAddr, o.trusted)
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	serve, url := hs.Serve, "http://"+ln.Addr().String()
	if tlsSide != nil {
		if err := tlsSide.start(ctx, o.tls, hs, ln, o.connsPerAddr, o.trusted, log); err != nil {
			srv.Close()
			return err
		}
		serve = func(ln net.Listener) error { return hs.ServeTLS(ln, "", "") }
		url = tlsSide.url(ln.Addr().String())
	}
	fmt.Fprintf(stdout, "Surveyor is serving on %s/ (%s)\n", url, where)
	if profilerAt != "" {
		// On a line of its own after the first, which scripts read for the players' address.
		fmt.Fprintf(stdout, "Go's profiler is on http://%s/debug/pprof/ (for the operator only)\n", profilerAt)
	}
	if tlsSide == nil {
		// After the profiler's line: scripts read the first two.
		if ifaces, err := net.InterfaceAddrs(); err == nil {
			if urls := shareableURLs(ln.Addr().String(), ifaces); len(urls) > 0 {
				fmt.Fprintf(stdout, "Other machines reach it at %s\n", strings.Join(urls, " or "))
			}
		}
	}
	log.Info("serving", "addr", ln.Addr().String(), "url", url, "store", where, "games", len(reg))
	if w := o.plainHTTPWarning(); w != "" {
		log.Warn(w, "addr", ln.Addr().String())
	}

	errc := make(chan error, 1)
	served = true // serve closes it from here
	go func() { errc <- serve(ln) }()
	select {
	case err := <-errc:
		srv.Close()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// Shutdown: fail readiness, stop accepting, let requests in flight finish (a move is acknowledged only
	// once it is in the log, so none that was accepted is lost), then close WebSockets and the store.
	log.Info("shutting down")
	srv.Drain()
	sctx, cancel := context.WithTimeout(context.Background(), o.shutdown)
	defer cancel()
	serr := errors.Join(hs.Shutdown(sctx), tlsSide.shutdown(sctx))
	srv.Close()
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("serve ended with an error", "err", err)
	}
	if serr != nil {
		return fmt.Errorf("shutdown: %w", serr)
	}
	log.Info("stopped")
	return nil
}
