// Package server is Surveyor's game server: a JSON HTTP API (docs/api.md) and WebSocket push over the
// games of a game.Registry, with every accepted move appended to a store.Store log.
//
// Each match being played is held in memory by the instance serving it and rebuilt from its log on load.
// Several instances can share one PostgreSQL store: appends are optimistic on the log's sequence number,
// and a store that is a store.Notifier tells every instance about the others' appends, so each refreshes
// the matches it holds and pushes the new views to its own clients.
package server

import (
	"cmp"
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"math"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/notify/mail"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/analysisroom"
	"github.com/surveyor-game/surveyor/server/botapi"
	"github.com/surveyor-game/surveyor/server/challenges"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/metrics"
	"github.com/surveyor-game/surveyor/server/ratings"
	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/server/tournaments"
	"github.com/surveyor-game/surveyor/store"
)

// Config configures a Server. Store and Games are required.
type Config struct {
	Store  store.Store
	Games  game.Registry
	Static fs.FS        // served at "/" (nil: no static files)
	Logger *slog.Logger // nil: slog.Default()
	// RateLimit is the sustained number of API requests (and WebSocket messages) per second allowed to one
	// client address, with bursts of RateBurst. Zero means the defaults (20/s, burst 60); negative disables.
	RateLimit float64
	RateBurst int
	// SignupsPerHour is how many accounts one client address may open an hour, when RateLimit does not
	// disable the limits. Zero means accounts.DefaultSignups; negative, no limit.
	SignupsPerHour int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For header names the client, for the rate
	// limit and the logs. Without them every client behind a proxy would share the proxy's address.
	TrustedProxies []netip.Prefix
	// MaxBody caps request bodies in bytes (default 64 KiB).
	MaxBody int64
	// BodyTimeout bounds the time a request takes to send its body (default DefaultBodyTimeout), and
	// WebSocketsPerAddr the WebSockets one client address may hold (0: DefaultWebSocketsPerAddr;
	// negative: no cap, for load tests that open thousands from one address).
	BodyTimeout       time.Duration
	WebSocketsPerAddr int
	// IdleTimeout is how long a match nobody uses stays in memory (default 10 minutes).
	IdleTimeout time.Duration
	// WebSocketPing is how often a WebSocket's peer is pinged (default 30 s); a peer that leaves a ping
	// unanswered for half that long is dropped.
	WebSocketPing time.Duration
	// Bots are the bots players may seat (nil: none; bot seats of earlier matches then play the game's
	// AutoMove); a bot plays BotDelay after the change that makes its seat act, so that people can follow
	// the game.
	Bots     game.Bots
	BotDelay time.Duration
	// Accounts keeps players' accounts, sessions and API tokens (nil: the server has no accounts and
	// players are guests holding seat tokens).
	Accounts store.Accounts
	// PublicURL is the site's address as players reach it, for the links in mails and pushes (default
	// http://localhost:8080).
	PublicURL string
	// SMTP sends notification mails (nil: no mail).
	SMTP *mail.Config
	// NoPush turns Web Push off (it needs nothing configured: the browsers' push services are public).
	NoPush bool
	// PushLoopback lets subscriptions name a push service on this machine over plain HTTP (the tests'
	// stand-in); without it an endpoint must be an https URL on a public host, and every push connects
	// through the egress rule (internal/egress: public unicast addresses only, checked on the address
	// dialled), so that no client can point the server's requests at its own network.
	PushLoopback bool
	// OutboxLease is how long an instance holds the notifications it claimed before another may take
	// them over (default 2 minutes; it must exceed a delivery's 30 s timeout).
	OutboxLease time.Duration
	// Challenges are the series of daily and weekly challenges the games offer (games.Challenges); none
	// without.
	Challenges []game.ChallengeSeries
	// MetricsFrom are the client addresses /metrics answers (nil: loopback only, 127.0.0.0/8 and ::1);
	// others are refused. Behind a trusted proxy the client is the one the proxy names.
	MetricsFrom []netip.Prefix
	// Analysis are the post-game analyses' settings (docs/analysis.md; the zero value: both lenses at the
	// games' default samples); the tests lower them.
	Analysis analysis.Options
	// Now and Seed replace the clock and the seed source in tests.
	Now  func() time.Time
	Seed func() uint64
}

// Server serves the API. Create it with New, serve Handler, and call Close when done.
type Server struct {
	store    store.Store
	games    game.Registry
	log      *slog.Logger
	now      func() time.Time
	seed     func() uint64
	limiter  *httpkit.Limiter
	trusted  []netip.Prefix
	maxBody  int64
	idle     time.Duration
	handler  http.Handler
	bots     game.Bots
	botPool  *botPool
	botDelay time.Duration

	shared bool // the store is shared with other instances (it is a store.Notifier)

	creations   *httpkit.Limiter // new matches per client address, so that no one buries the lobby
	bodyTimeout time.Duration
	wsPerAddr   int
	sockets     httpkit.Counter // open WebSockets by client address

	accounts store.Accounts  // nil without accounts
	ident    identity        // the accounts as the match host sees them: accounts.None without
	acct     *accounts.Store // the account room, whose endpoints the route table names (nil without)

	mu      sync.Mutex
	matches map[string]*match

	ctx    context.Context // ends when the server closes: background work and WebSockets stop
	cancel context.CancelFunc
	wg     sync.WaitGroup
	conns  sync.WaitGroup // open WebSockets
	// busy is held (read-locked) while a WebSocket message is handled, while an HTTP request that may
	// change something (not GET, HEAD or OPTIONS: apiHandler) is served, and while a bot's or a clock's
	// timer plays (onTimer, ring): Close takes it to let the moves being saved finish, be answered and
	// be told to the observers before it cancels the connections and s.ctx. It also makes countSocket's
	// check and count one step.
	busy     sync.RWMutex
	draining atomic.Bool
	drained  chan struct{} // closed by Drain: long polls answer at once
	botapi   *botapi.Room  // the open bot API: bot accounts' streams, invitations by name (rooms.go)
	// alarms holds, for each match in play whose clock runs but which was dropped from memory, a timer for
	// its next deadline (clock.go).
	alarmMu  sync.Mutex
	alarms   map[string]*time.Timer
	graces   map[string]time.Time // under alarmMu: when a late clock was armed (clock.go, graceFrom)
	social   *social.Room         // inbox, follows, blocks, reports, presence, the outbox sender (rooms.go)
	ratings  *ratings.Room        // ratings on finish, profiles, leaderboards (rooms.go)
	analyses *analysisroom.Room   // the post-game analyses (rooms.go)
	// challenges are the daily and weekly challenges (rooms.go)
	challenges *challenges.Room
	// tournaments are the tournaments (tournaments.go)
	tournaments *tournaments.Room
	observers   []Observer    // told of every event a match logs (observer.go)
	wsPing      time.Duration // how often a WebSocket's peer is pinged
	drainMu     sync.Once
	// listening is closed when the store's notifications start (shared stores only)
	listening  chan struct{}
	listenOnce sync.Once

	presence    *presence // the seats' sockets as every instance sees them (presence.go)
	series      []game.ChallengeSeries
	metrics     *metrics.Metrics // what the operator watches (/metrics, metrics.go)
	exports     exportGate       // the accounts whose export runs on this instance (export.go)
	metricsFrom []netip.Prefix
}

// New builds a server and starts its background work (NOTIFY listener, eviction of idle matches, rate
// limiter housekeeping, clocks of matches in play).
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Games == nil {
		return nil, errors.New("server: Store and Games are required")
	}
	s := &Server{store: cfg.Store, games: cfg.Games, series: cfg.Challenges, log: cfg.Logger, now: cfg.Now, seed: cfg.Seed,
		maxBody: cfg.MaxBody, idle: cfg.IdleTimeout, bots: cfg.Bots, botDelay: max(cfg.BotDelay, 0), trusted: cfg.TrustedProxies, matches: map[string]*match{}, wsPing: cmp.Or(cfg.WebSocketPing, defaultWebSocketPing), drained: make(chan struct{}), listening: make(chan struct{}),
		accounts:    cfg.Accounts,
		bodyTimeout: cfg.BodyTimeout, wsPerAddr: cfg.WebSocketsPerAddr}
	if s.bodyTimeout <= 0 {
		s.bodyTimeout = DefaultBodyTimeout
	}
	switch {
	case s.wsPerAddr == 0:
		s.wsPerAddr = DefaultWebSocketsPerAddr
	case s.wsPerAddr < 0:
		s.wsPerAddr = math.MaxInt
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.log = slog.New(httpkit.LogRequestIDs(s.log.Handler()))
	if s.bots != nil {
		s.botPool = &botPool{bots: s.bots, by: map[string]*sync.Pool{}}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.seed == nil {
		s.seed = httpkit.RandomSeed
	}
	if s.maxBody <= 0 {
		s.maxBody = 64 << 10
	}
	_, s.shared = s.store.(store.Notifier) // the store is shared with other instances
	s.ident, s.acct = newIdentity(s, cfg.Accounts)
	s.social = s.newSocial()
	s.challenges = s.newChallenges()
	s.tournaments = s.newTournaments()
	s.ratings = s.newRatings()
	s.botapi = s.newBotAPI()
	s.analyses = s.newAnalyses(cfg.Analysis)
	if s.idle <= 0 {
		s.idle = 10 * time.Minute
	}
	rate, burst := cfg.RateLimit, cfg.RateBurst
	if rate == 0 {
		rate = 20
	}
	if burst <= 0 {
		burst = 60
	}
	if rate > 0 {
		s.limiter = httpkit.NewLimiter(rate, burst)
		s.creations = httpkit.NewLimiter(createRate, createBurst)
		if signups := cfg.SignupsPerHour; s.acct != nil && signups >= 0 {
			if signups == 0 {
				signups = accounts.DefaultSignups
			}
			s.acct.LimitSignups(signups)
		}
	}
	s.ctx, s.cancel = context.WithCancel(context.WithoutCancel(ctx))
	s.initMetrics(cfg.MetricsFrom)
	s.presence = newPresence(s.store, s.shared)
	s.handler = s.routes(cfg.Static)
	// Every observer is registered before any background work starts (observeRooms).
	loops, err := s.observeRooms(ctx, cfg)
	if err != nil {
		s.Close()
		return nil, err
	}
	if n, ok := s.store.(store.Notifier); ok {
		// New returns once the server hears of other instances' appends, so that no match it loads can
		// miss one.
		s.shared = true
		s.wg.Go(func() { n.Listen(s.ctx, s.onNotify) })
		select {
		case <-s.listening:
		case <-time.After(15 * time.Second):
			s.Close()
			return nil, errors.New("server: cannot listen for other instances' changes")
		case <-ctx.Done():
			s.Close()
			return nil, ctx.Err()
		}
	}
	s.wg.Go(s.housekeeping)
	for _, run := range loops {
		s.wg.Go(func() { run(s.ctx) })
	}
	if err := s.armClocks(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Handler is the HTTP handler of the whole server.
func (s *Server) Handler() http.Handler { return s.handler }

// Drain makes readiness fail so that a load balancer stops sending traffic before shutdown, and makes
// waiting long polls answer now so that http.Server.Shutdown need not wait for them.
func (s *Server) Drain() {
	s.draining.Store(true)
	s.drainMu.Do(func() { close(s.drained) })
}

// countSocket counts a WebSocket about to be accepted in s.conns, for Close to wait for, unless the
// server is closing (false: it must be refused). The check of s.ctx and the count are one step under
// busy, in which Close cancels: a socket that passed a bare check just before Close could be counted
// after Close had begun to wait on s.conns, and then be served after Close returned (an Add from zero
// racing with Wait, which the race detector reported at the end of TestWebSocketsPerAddress).
func (s *Server) countSocket() bool {
	s.busy.RLock()
	defer s.busy.RUnlock()
	if s.ctx.Err() != nil {
		return false
	}
	s.conns.Add(1)
	return true
}

// Close stops background work and closes every WebSocket (clients reconnect elsewhere and resume). The
// WebSocket messages being handled, the HTTP changes being made and the bots' and clocks' moves being
// played are seen through first, their records written and their observers told; none starts after (an
// HTTP change is refused with 503). It does not close the store: call it after http.Server.Shutdown, and
// close the store after it, so that no accepted move is lost even when Shutdown timed out.
func (s *Server) Close() {
	s.Drain()
	s.busy.Lock()
	s.cancel()
	s.busy.Unlock()
	s.wg.Wait()
	s.conns.Wait()
	s.mu.Lock()
	ms := make([]*match, 0, len(s.matches))
	for _, m := range s.matches {
		ms = append(ms, m)
	}
	s.mu.Unlock()
	for _, m := range ms {
		m.mu.Lock()
		if m.timer != nil {
			m.timer.Stop()
		}
		if m.botTimer != nil {
			m.botTimer.Stop()
		}
		m.gone = true
		m.mu.Unlock()
	}
	s.alarmMu.Lock()
	for _, a := range s.alarms {
		a.Stop()
	}
	s.alarmMu.Unlock()
}
