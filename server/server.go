// Package server is Surveyor's game server: a JSON HTTP API (docs/api.md) and WebSocket push over the
// games of a game.Registry, with every accepted move appended to a store.Store log.
//
// Each match being played is held in memory by the instance serving it and rebuilt from its log on load.
// Several instances can share one PostgreSQL store: appends are optimistic on the log's sequence number,
// and a store that is a store.Notifier tells every instance about the others' appends, so each refreshes
// the matches it holds and pushes the new views to its own clients.
package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/surveyor-game/surveyor/game"
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
	// Bots are the bots players may seat (nil: none; bot seats of earlier matches then play the game's
	// AutoMove); a bot plays BotDelay after the change that makes its seat act, so that people can follow
	// the game.
	Bots     game.Bots
	BotDelay time.Duration
	// Accounts keeps players' accounts, sessions and API tokens (nil: the server has no accounts and
	// players are guests holding seat tokens).
	Accounts store.Accounts
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
	limiter  *limiter
	trusted  []netip.Prefix
	maxBody  int64
	idle     time.Duration
	handler  http.Handler
	bots     game.Bots
	botPool  *botPool
	botDelay time.Duration

	shared bool // the store is shared with other instances (it is a store.Notifier)

	creations   *limiter // new matches per client address, so that no one buries the lobby
	bodyTimeout time.Duration
	wsPerAddr   int
	sockets     counter // open WebSockets by client address

	accounts store.Accounts // nil without accounts
	failed   failures       // wrong passwords, per account and per address
	held     holders        // who holds which seats, cached

	mu      sync.Mutex
	matches map[string]*match

	ctx    context.Context // ends when the server closes: background work and WebSockets stop
	cancel context.CancelFunc
	wg     sync.WaitGroup
	conns  sync.WaitGroup // open WebSockets
	// wsBusy is held (read-locked) while a WebSocket message is handled: Close takes it to let the
	// moves being saved finish and be answered before it cancels the connections.
	wsBusy   sync.RWMutex
	draining atomic.Bool
	drained  chan struct{} // closed by Drain: long polls answer at once
	drainMu  sync.Once
	// listening is closed when the store's notifications start (shared stores only)
	listening  chan struct{}
	listenOnce sync.Once
}

// New builds a server and starts its background work (NOTIFY listener, eviction of idle matches, rate
// limiter housekeeping, clocks of matches in play).
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Games == nil {
		return nil, errors.New("server: Store and Games are required")
	}
	s := &Server{store: cfg.Store, games: cfg.Games, log: cfg.Logger, now: cfg.Now, seed: cfg.Seed,
		maxBody: cfg.MaxBody, idle: cfg.IdleTimeout, bots: cfg.Bots, botDelay: max(cfg.BotDelay, 0), trusted: cfg.TrustedProxies, matches: map[string]*match{}, drained: make(chan struct{}), listening: make(chan struct{}),
		accounts: cfg.Accounts, failed: failures{b: map[string]*bucket{}}, bodyTimeout: cfg.BodyTimeout, wsPerAddr: cfg.WebSocketsPerAddr}
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
	if s.bots != nil {
		s.botPool = &botPool{bots: s.bots, by: map[string]*sync.Pool{}}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.seed == nil {
		s.seed = randomSeed
	}
	if s.maxBody <= 0 {
		s.maxBody = 64 << 10
	}
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
		s.limiter = newLimiter(rate, burst)
		s.creations = newLimiter(createRate, createBurst)
	}
	s.ctx, s.cancel = context.WithCancel(context.WithoutCancel(ctx))
	s.handler = s.routes(cfg.Static)
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

// Close stops background work and closes every WebSocket (clients reconnect elsewhere and resume). It
// does not close the store. Call it after http.Server.Shutdown has finished the requests in flight, so
// that no accepted move is lost.
func (s *Server) Close() {
	s.Drain()
	s.wsBusy.Lock()
	s.cancel()
	s.wsBusy.Unlock()
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
		m.gone = true
		m.mu.Unlock()
	}
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newID is a match id: 80 random bits, 16 characters of lower-case base32.
func newID() string {
	var b [10]byte
	rand.Read(b[:])
	return idEncoding.EncodeToString(b[:])
}

// validID rejects ids that cannot be ours before they reach the store or the match table.
func validID(id string) bool {
	if len(id) != 16 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// newToken is a seat token: 256 random bits.
func newToken() string {
	var b [32]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// get returns the match, loaded and locked; the caller unlocks m.mu.
func (s *Server) get(ctx context.Context, id string) (*match, error) {
	if !validID(id) {
		return nil, errf(http.StatusNotFound, codeNotFound, "no such match")
	}
	for range 3 {
		s.mu.Lock()
		m, ok := s.matches[id]
		if !ok {
			m = &match{srv: s, id: id, subs: map[*subscriber]struct{}{}}
			s.matches[id] = m
		}
		s.mu.Unlock()
		m.mu.Lock()
		if m.gone {
			m.mu.Unlock()
			s.forgetIf(m)
			continue
		}
		if !m.loaded {
			if err := m.load(ctx); err != nil {
				m.gone = true
				s.forgetIf(m)
				m.mu.Unlock()
				if errors.Is(err, store.ErrNotFound) {
					return nil, errf(http.StatusNotFound, codeNotFound, "no such match")
				}
				return nil, err
			}
		}
		m.lastUsed = s.now()
		return m, nil
	}
	return nil, errf(http.StatusServiceUnavailable, codeUnavailable, "the match is being reloaded; try again")
}

// Warm loads a match into memory, as the first request for it would.
func (s *Server) Warm(ctx context.Context, id string) error {
	m, err := s.get(ctx, id)
	if err != nil {
		return err
	}
	m.mu.Unlock()
	return nil
}

// forgetIf removes m from the table if it is still the entry for its id.
func (s *Server) forgetIf(m *match) {
	s.mu.Lock()
	if s.matches[m.id] == m {
		delete(s.matches, m.id)
	}
	s.mu.Unlock()
}

// forget drops a match from memory (called with m.mu held) and disconnects its subscribers, who reconnect
// and get the match reloaded from the log.
func (s *Server) forget(m *match) {
	m.gone = true
	if m.timer != nil {
		m.timer.Stop()
	}
	if m.botTimer != nil {
		m.botTimer.Stop()
		m.botTimer = nil
	}
	for sub := range m.subs {
		sub.close()
	}
	s.forgetIf(m)
}

// withMatch runs fn on the locked match, retrying when another instance appended first. With a shared
// store, a refusal that depends on the match's state (not your turn, already started, unknown token...) may
// come from a copy that has not heard of another instance's append yet: the log is checked, and if it is
// ahead the match catches up and fn runs again.
func (s *Server) withMatch(ctx context.Context, id string, fn func(m *match) error) error {
	var err error
	for range 4 {
		var m *match
		m, err = s.get(ctx, id)
		if err != nil {
			return err
		}
		err = s.guard(m, func() error { return fn(m) })
		retry := errors.Is(err, store.ErrConflict)
		if !retry && err != nil && s.shared && stateRefusal(err) {
			retry = m.behindLog(ctx)
		}
		m.mu.Unlock()
		if !retry {
			return err
		}
	}
	return err
}

// guard runs fn on a locked match. An engine that panics leaves its state in doubt: the panic becomes an
// internal error and the match is dropped from memory, to be rebuilt from its log by the next request.
func (s *Server) guard(m *match, fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("match %s: %w: %v", m.id, errEnginePanic, r)
			s.log.Error("engine panic", "match", m.id, "panic", fmt.Sprint(r))
			if !m.gone {
				s.forget(m)
			}
		}
	}()
	return fn()
}

func stateRefusal(err error) bool {
	switch toAPIError(err).Status {
	case http.StatusForbidden, http.StatusConflict, http.StatusUnprocessableEntity:
		return true
	}
	return false
}

// behindLog catches the match up if the log has grown past it, and reports whether it had.
func (m *match) behindLog(ctx context.Context) bool {
	g, err := m.srv.store.Game(ctx, m.id)
	if err != nil || g.Seq <= m.seq {
		return false
	}
	if err := m.catchUp(ctx); err != nil {
		m.srv.log.Error("catch up failed, dropping match", "match", m.id, "err", err)
		m.srv.forget(m)
	}
	return true
}

// onNotify is told of an append by any instance.
func (s *Server) onNotify(id string, seq int64) {
	if id == "" {
		s.listenOnce.Do(func() { close(s.listening) })
	}
	s.mu.Lock()
	var ms []*match
	if id == "" {
		for _, m := range s.matches {
			ms = append(ms, m)
		}
	} else if m, ok := s.matches[id]; ok && m.pubSeq.Load() < seq {
		ms = append(ms, m)
	}
	s.mu.Unlock()
	for _, m := range ms {
		s.wg.Go(func() { s.refresh(m, seq) })
	}
}

// refresh brings a match up to the log when it is behind seq (0: check the log anyway).
func (s *Server) refresh(m *match, seq int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.loaded || m.gone || (seq > 0 && m.seq >= seq) {
		return
	}
	before, prev := m.seq, m.remote
	m.remote = true
	err := s.guard(m, func() error { return m.catchUp(s.ctx) })
	if m.seq == before {
		m.remote = prev // nothing new was heard
	}
	if err != nil {
		s.log.Error("refresh from log failed, dropping match", "match", m.id, "err", err)
		if !m.gone {
			s.forget(m)
		}
	}
}

// expire is called by a match's clock timer.
func (s *Server) expire(id string) {
	s.onTimer(id, func(m *match) {
		m.expire(s.ctx)
		m.armTimer()
	})
}

// onTimer runs fn on a match held in memory when one of its timers fires; a match dropped meanwhile, or a
// server closing, is left alone.
func (s *Server) onTimer(id string, fn func(m *match)) {
	s.mu.Lock()
	m, ok := s.matches[id]
	s.mu.Unlock()
	if !ok {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gone || !m.loaded || s.ctx.Err() != nil {
		return
	}
	s.guard(m, func() error { fn(m); return nil })
}

// armClocks loads the matches in play that have a clock, so that their clocks run on this instance.
func (s *Server) armClocks(ctx context.Context) error {
	games, err := s.store.ListGames(ctx, statusPlaying, 100000)
	if err != nil {
		return err
	}
	for _, g := range games {
		var cfg config
		if json.Unmarshal(g.Config, &cfg) != nil || cfg.Clock == nil {
			continue
		}
		m, err := s.get(ctx, g.ID)
		if err != nil {
			s.log.Warn("cannot load match to run its clock", "match", g.ID, "err", err)
			continue
		}
		m.mu.Unlock()
	}
	return nil
}

// housekeeping evicts idle matches, reloads matches in play that have a clock, and forgets idle
// rate-limit buckets.
func (s *Server) housekeeping() {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.evictIdle()
			// Matches dropped after a failure come back, so that their clocks keep running.
			if err := s.armClocks(s.ctx); err != nil {
				s.log.Warn("cannot list matches in play to run their clocks", "err", err)
			}
			if s.limiter != nil {
				s.limiter.sweep(time.Now())
				s.creations.sweep(time.Now())
			}
		}
	}
}

func (s *Server) evictIdle() {
	s.mu.Lock()
	ms := make([]*match, 0, len(s.matches))
	for _, m := range s.matches {
		ms = append(ms, m)
	}
	s.mu.Unlock()
	now := s.now()
	for _, m := range ms {
		if !m.mu.TryLock() {
			continue
		}
		clockRunning := m.cfg.Clock != nil && m.started && !m.st.Over()
		if len(m.subs) == 0 && !clockRunning && now.Sub(m.lastUsed) > s.idle {
			s.forget(m)
		}
		m.mu.Unlock()
	}
}

// readBody reads a request body within the size limit.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, errf(http.StatusRequestEntityTooLarge, codeTooLarge, "the body exceeds %d bytes", s.maxBody)
	}
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadJSON, "cannot read the body: %v", err)
	}
	return b, nil
}

// decode reads a JSON body strictly: one value, known fields only, within the size limit.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	b, err := s.readBody(w, r)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return errf(http.StatusBadRequest, codeBadJSON, "the body is empty; a JSON object is expected")
	}
	if err := strictUnmarshal(b, v); err != nil {
		return errf(http.StatusBadRequest, codeBadJSON, "invalid JSON body: %v", err)
	}
	return nil
}

// decodeOptional is decode for endpoints whose body may be left empty.
func (s *Server) decodeOptional(w http.ResponseWriter, r *http.Request, v any) error {
	b, err := s.readBody(w, r)
	if err != nil || len(bytes.TrimSpace(b)) == 0 {
		return err
	}
	if err := strictUnmarshal(b, v); err != nil {
		return errf(http.StatusBadRequest, codeBadJSON, "invalid JSON body: %v", err)
	}
	return nil
}

// token is the seat token of a request: Authorization: Bearer, or ?token= (for WebSockets and links).
func token(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		// The scheme's name is case-insensitive (RFC 9110 §11.1): "bearer" and "BEARER" are Bearer.
		if scheme, t, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(t)
		}
	}
	return r.URL.Query().Get("token")
}
