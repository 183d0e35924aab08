package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/metrics"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// Event kinds in a match's log. A match is rebuilt by applying its log in order: joins seat players,
// start sets the game up, moves are applied, and an undo removes the move it names, after which the state
// is replayed from the start without it. Only effective moves (never undone) go into the record.
const (
	evJoin  = "join"
	evStart = observe.Start
	evMove  = observe.Move
	evUndo  = "undo"
)

type joinData struct {
	Name  string `json:"name"`
	Token string `json:"token,omitempty"` // SHA-256 of the seat's token, hex: the token itself is never stored
	Bot   string `json:"bot,omitempty"`   // the bot playing the seat (a bot seat has no token)
	// Account is the name of the account that took the seat signed in ("" for a guest): the table marks
	// the seat, so that a guest and an account are told apart.
	Account string `json:"account,omitempty"`
}

type moveData struct {
	Move json.RawMessage `json:"move"`
	Auto string          `json:"auto,omitempty"` // why the server chose the move ("timeout")
	Key  string          `json:"key,omitempty"`  // the client's idempotency key, to answer its retries
}

type undoData struct {
	Target int64  `json:"target"`        // sequence number of the undone move
	Key    string `json:"key,omitempty"` // the client's idempotency key
}

// config is the host's settings of a match, fixed at creation.
type config struct {
	MaxSeats int        `json:"max_seats"`
	Clock    *clockConf `json:"clock,omitempty"`
	// Rated matches move their players' ratings when they end (server/ratings).
	Rated bool `json:"rated,omitempty"`
	// SpectatorChat lets signed-in spectators talk at the table, not only the players (chat.go).
	SpectatorChat bool `json:"spectator_chat,omitempty"`
	// Unlisted matches are left out of the lobby's lists (a tutorial); their link still opens them.
	Unlisted bool `json:"unlisted,omitempty"`
	// Challenge marks an attempt at a daily or weekly challenge (server/challenges): its seed is the
	// challenge's, so its record is withheld while the challenge runs (challenges.go).
	Challenge string `json:"challenge,omitempty"`
	// Tournament marks a game of a tournament (server/tournaments): its players were seated by the server.
	Tournament string `json:"tournament,omitempty"`
}

// clockConf is an optional clock: "move" gives each seat Seconds for every decision, "game" gives each seat
// a bank of Seconds for the whole game. When a seat's time runs out the server plays the game's AutoMove
// for it.
type clockConf struct {
	Mode    string `json:"mode"`
	Seconds int    `json:"seconds"`
}

type seatInfo struct {
	name    string
	hash    [32]byte // of the seat's token; zero for a bot, which no token can match
	bot     string
	account string // the account that took it signed in
}

type effMove struct {
	seq  int64
	seat game.Seat
	move json.RawMessage
	auto bool
	at   time.Time
}

// match is one game held in memory. Every field is guarded by mu; the store is written while holding it, so
// operations on one match are serialised on this instance, and optimistic appends serialise instances.
type match struct {
	mu     sync.Mutex
	srv    *Server
	id     string
	loaded bool
	gone   bool // load failed or evicted: callers must look the match up again

	def     game.Definition
	row     store.Game
	cfg     config
	seq     int64
	seats   []seatInfo
	started bool
	// graceFrom is when a clock given late (a clockless tournament game's, clock.go lateClock) was armed:
	// no seat's time runs before it. Zero for a match with its own clock.
	graceFrom time.Time
	st        game.State
	moves     []effMove

	// clock accounting, derived from event times so that every instance agrees
	lastAt time.Time
	since  []time.Time     // when each seat last started having to act
	used   []time.Duration // game clock: time each seat has spent
	asked  []int64         // the seq at which each seat's current decision began (stale requests)
	timer  *time.Timer

	// base is the state the last broadcast sent, and patchFrom its seq, for patches (patch.go).
	base      *patchBase
	patchFrom int64

	// keys are the idempotency keys of the moves and undos in the log, by seat: a retried request whose
	// key is here was applied already and is answered, not applied again.
	keys map[seatKey]int64

	rematch     string      // the match that follows this one, once a player asked for it
	closed      bool        // its host closed it before it started
	chat        []chatData  // the table's messages, in order (chat.go)
	remote      bool        // the last change was heard from another instance (see botTakeover)
	botTimer    *time.Timer // the bots' next turn, when scheduled
	botFailures int         // consecutive failed bot turns, which lengthen the pause before the next

	// acct caches who holds each seat (observer.go); acctStale asks for it again.
	acct      []string
	acctAt    time.Time
	acctStale atomic.Bool

	// resigned are the seats that resigned, in the order they did; ended says why the game ended before
	// its rules ended it ("": it did not); absent are the seats a claim of victory found gone; timedOut is,
	// by seat, when its clock first ran out since it last played (resign.go).
	resigned []game.Seat
	invites  []invitation // the accounts invited to the table (invitations.go)
	ended    string
	endedAt  time.Time // when the event that ended the game was logged (zero while it is on)
	absent   []game.Seat
	timedOut []time.Time

	pubSeq   atomic.Int64 // m.seq as of the last change, readable without mu (to skip own notifications)
	subs     map[*subscriber]struct{}
	cache    map[game.Seat][]byte // envelopes for the current seq, built on demand
	info     json.RawMessage      // public match info for the current seq
	lastUsed time.Time
}

// statuses of a match, also stored on its row for listings
const (
	statusOpen     = "open"
	statusPlaying  = "playing"
	statusFinished = "finished"
	// statusClosed is a match its host closed before it started: it leaves the lobby.
	statusClosed = "closed"
)

// evClose is the host closing a match that has not started; evLeave the host removing a seat (the
// seats after it move up one).
const (
	evClose = "close"
	evLeave = "leave"
)

func (m *match) status() string {
	switch {
	case m.closed:
		return statusClosed
	case !m.started:
		return statusOpen
	case m.over():
		return statusFinished
	}
	return statusPlaying
}

func hashToken(tok string) [32]byte { return sha256.Sum256([]byte(tok)) }

// seatOf finds the seat a token belongs to.
func (m *match) seatOf(tok string) (game.Seat, error) {
	if tok == "" {
		return 0, refuse(codeUnauthorized, "a seat token is required (Authorization: Bearer TOKEN)")
	}
	h := hashToken(tok)
	for i, s := range m.seats {
		if s.bot != "" {
			continue
		}
		if subtle.ConstantTimeCompare(h[:], s.hash[:]) == 1 {
			return game.Seat(i), nil
		}
	}
	return 0, refuse(codeForbidden, "the token does not belong to a seat of this match")
}

// reset forgets everything derived from the log.
func (m *match) reset() {
	m.seq, m.seats, m.started, m.st, m.moves, m.chat = 0, nil, false, nil, nil, nil
	m.lastAt, m.since, m.used, m.asked = time.Time{}, nil, nil, nil
	m.rematch = ""
	m.closed = false
	m.resigned, m.ended, m.absent, m.timedOut = nil, "", nil, nil
	m.endedAt = time.Time{}
	m.keys = nil
	m.base = nil
	m.invalidate()
}

func (m *match) invalidate() {
	m.cache, m.info = nil, nil
}

// load reads the row and the whole log.
func (m *match) load(ctx context.Context) error {
	row, err := m.srv.store.Game(ctx, m.id)
	if err != nil {
		return err
	}
	def, ok := m.srv.games[row.Game]
	if !ok {
		return fmt.Errorf("match %s: game %q is not served by this binary", m.id, row.Game)
	}
	var cfg config
	if err := json.Unmarshal(row.Config, &cfg); err != nil {
		return fmt.Errorf("match %s: config: %w", m.id, err)
	}
	m.graceFrom = time.Time{}
	if c, ok := m.srv.lateClock(ctx, row.Status, cfg); ok {
		cfg.Clock, m.graceFrom = c, m.srv.graceFrom(m.id)
	}
	m.def, m.row, m.cfg = def, row, cfg
	m.reset()
	if err := m.catchUp(ctx); err != nil {
		return err
	}
	m.loaded = true
	return nil
}

// catchUp applies the events other writers appended after m.seq.
func (m *match) catchUp(ctx context.Context) error {
	evs, err := m.srv.store.Events(ctx, m.id, m.seq)
	if err != nil {
		return err
	}
	for _, ev := range evs {
		if ev.Seq != m.seq+1 {
			return fmt.Errorf("match %s: log jumps from %d to %d", m.id, m.seq, ev.Seq)
		}
		if err := m.applyEvent(ev); err != nil {
			// The engine's refusal is kept as text only: a logged move that no longer applies is a fault of
			// the log (or of the engine), not the client's "game over" or "illegal move".
			return fmt.Errorf("match %s: event %d (%s): %w: %v", m.id, ev.Seq, ev.Kind, errCorruptLog, err)
		}
	}
	if len(evs) > 0 {
		m.changed()
	}
	return nil
}

// applyEvent advances the in-memory match by one logged event.
func (m *match) applyEvent(ev store.Event) error {
	before := m.toAct()
	switch ev.Kind {
	case evJoin:
		var d joinData
		if err := json.Unmarshal(ev.Data, &d); err != nil {
			return err
		}
		si := seatInfo{name: d.Name, bot: d.Bot, account: d.Account}
		if d.Bot == "" {
			h, err := hex.DecodeString(d.Token)
			if err != nil || len(h) != 32 {
				return errors.New("bad token hash")
			}
			copy(si.hash[:], h)
		}
		m.seats = append(m.seats, si)
	case evStart:
		st, err := m.def.New(m.row.Options, len(m.seats), m.row.Seed)
		if err != nil {
			return err
		}
		m.st, m.started = st, true
		m.since, m.used, m.asked = make([]time.Time, len(m.seats)), make([]time.Duration, len(m.seats)), make([]int64, len(m.seats))
		m.timedOut = make([]time.Time, len(m.seats))
	case evMove:
		var d moveData
		if err := json.Unmarshal(ev.Data, &d); err != nil {
			return err
		}
		if !m.started {
			return errors.New("move before start")
		}
		if err := safeApply(m.st, game.Seat(ev.Seat), d.Move); err != nil {
			return err
		}
		m.moves = append(m.moves, effMove{seq: ev.Seq, seat: game.Seat(ev.Seat), move: d.Move, auto: d.Auto != "", at: ev.At})
		m.noteKey(game.Seat(ev.Seat), d.Key, ev.Seq)
		m.played(game.Seat(ev.Seat), d.Auto, ev.At)
	case evUndo:
		var d undoData
		if err := json.Unmarshal(ev.Data, &d); err != nil {
			return err
		}
		m.noteKey(game.Seat(ev.Seat), d.Key, ev.Seq)
		m.played(game.Seat(ev.Seat), "", ev.At)
		i := slices.IndexFunc(m.moves, func(em effMove) bool { return em.seq == d.Target })
		if i < 0 {
			return fmt.Errorf("undo of unknown move %d", d.Target)
		}
		moves := slices.Delete(slices.Clone(m.moves), i, i+1)
		st, err := m.replay(moves)
		if err != nil {
			return err
		}
		m.st, m.moves = st, moves
	case evRematch:
		var d rematchData
		if err := json.Unmarshal(ev.Data, &d); err != nil {
			return err
		}
		m.rematch = d.ID
	case evClose:
		m.closed = true
	case evInvite:
		if err := m.applyInvite(ev.Data); err != nil {
			return err
		}
	case evDecline:
		if err := m.applyDecline(ev.Data); err != nil {
			return err
		}
	case evResign, evClaim:
		if err := m.applyEnd(ev); err != nil {
			return err
		}
	case evChat:
		if err := m.applyChat(ev); err != nil {
			return err
		}
		// Talking is no move: the clocks and the decision a seat answers stay as they were.
		m.seq = ev.Seq
		return nil
	case evLeave:
		if m.started || ev.Seat <= 0 || ev.Seat >= len(m.seats) {
			return fmt.Errorf("seat %d cannot leave", ev.Seat)
		}
		m.seats = slices.Delete(m.seats, ev.Seat, ev.Seat+1)
		// The connections of the seats from there on were for seat numbers that now name someone else:
		// they are ended, and reconnect with their tokens to their new seats (or to none).
		for sub := range m.subs {
			if sub.seat >= game.Seat(ev.Seat) {
				sub.close()
				delete(m.subs, sub)
			}
		}
	default:
		return fmt.Errorf("unknown event kind %q", ev.Kind)
	}
	m.seq = ev.Seq
	if m.started {
		m.tick(ev.At, game.Seat(ev.Seat), before, m.toAct())
	}
	m.noteEnd(ev.At)
	return nil
}

// noteEnd dates the game's end by the event that ended it: a tournament that hears of the end late counts
// it by when it happened, not by when it was heard.
func (m *match) noteEnd(at time.Time) {
	if m.endedAt.IsZero() && m.over() {
		m.endedAt = at
	}
}

// replay builds the state reached by a list of moves from the start.
func (m *match) replay(moves []effMove) (game.State, error) {
	st, err := m.def.New(m.row.Options, len(m.seats), m.row.Seed)
	if err != nil {
		return nil, err
	}
	for _, em := range moves {
		if err := safeApply(st, em.seat, em.move); err != nil {
			return nil, fmt.Errorf("replaying move %d: %w", em.seq, err)
		}
	}
	return st, nil
}

// safeApply turns an engine panic into an error: the server never dies on a client's move. The state may
// then be damaged, so callers rebuild it from the log.
func safeApply(st game.State, seat game.Seat, move json.RawMessage) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", errEnginePanic, r)
		}
	}()
	return st.Apply(seat, move)
}

var errEnginePanic = errors.New("engine panic")

// errCorruptLog marks a log that does not replay: a server fault, answered 500 and logged.
var errCorruptLog = errors.New("the match's log does not replay")

func withSeq(ev store.Event, seq int64) store.Event { ev.Seq = seq; return ev }

// changed is called after every change: caches are dropped, subscribers get their new view, the clock
// timer is re-armed.
func (m *match) changed() {
	m.pubSeq.Store(m.seq)
	m.invalidate()
	m.broadcast()
	m.armTimer()
	m.armBots()
}

// commit appends one event built by the caller after validating it, with the row's new status. On any
// failure the in-memory match may be ahead of the log, so it is rebuilt from the log; after a conflict
// (another instance appended first) the caller retries against the fresh state.
// The observers' notes about the event (e, nil without observers) are written with it.
func (m *match) commit(ctx context.Context, ev store.Event, status string, e *Snapshot) error {
	up := store.Update{Notes: m.beforeLog(ctx, e)}
	if status != m.row.Status {
		up.Status = status
	}
	if ev.Kind == evJoin || ev.Kind == evStart || ev.Kind == evLeave {
		up.Summary = m.summary(ev)
	}
	if _, err := m.srv.store.Append(ctx, m.id, m.seq, up, ev); err != nil {
		if lerr := m.load(context.WithoutCancel(ctx)); lerr != nil {
			m.srv.log.Error("reload after failed append, dropping match", "match", m.id, "err", lerr)
			m.srv.forget(m)
		}
		return err
	}
	m.remote = false
	if up.Status != "" {
		m.row.Status = up.Status
		m.srv.log.Info("match "+up.Status, "match", m.id, "game", m.row.Game, "seq", m.seq+1)
	}
	return nil
}

// record1 logs an event that the in-memory match has not applied yet, then applies it.
func (m *match) record1(ctx context.Context, ev store.Event, status string) error {
	before := m.toAct()
	e := m.snapshot(ctx, ev, before, status)
	if err := m.commit(ctx, ev, status, e); err != nil {
		return err
	}
	if err := m.applyEvent(withSeq(ev, m.seq+1)); err != nil {
		return m.broken(err)
	}
	m.afterLog(ctx, e)
	m.changed()
	return nil
}

// summary is the public description of the match kept on its row for the lobby, as it will be after ev.
func (m *match) summary(ev store.Event) json.RawMessage {
	names := make([]string, 0, len(m.seats)+1)
	bots := make([]string, 0, len(m.seats)+1)
	anyBot := false
	for i, s := range m.seats {
		if ev.Kind == evLeave && i == ev.Seat {
			continue
		}
		names, bots = append(names, s.name), append(bots, s.bot)
		anyBot = anyBot || s.bot != ""
	}
	if ev.Kind == evJoin {
		var d joinData
		json.Unmarshal(ev.Data, &d)
		names, bots = append(names, d.Name), append(bots, d.Bot)
		anyBot = anyBot || d.Bot != ""
	}
	sum := lobbySummary{Players: names, MaxSeats: m.cfg.MaxSeats, Clock: m.cfg.Clock, Unlisted: m.cfg.Unlisted}
	if anyBot {
		sum.Bots = bots
	}
	b, _ := json.Marshal(sum)
	return b
}

type lobbySummary struct {
	Players  []string   `json:"players"`
	Bots     []string   `json:"bots,omitempty"` // per player, the bot playing the seat ("" for people); absent without bots
	MaxSeats int        `json:"max_seats"`
	Clock    *clockConf `json:"clock,omitempty"`
	Unlisted bool       `json:"unlisted,omitempty"`
}

func mustJSON(v any) json.RawMessage { return httpkit.MustJSON(v) }

// join seats a new player; account is the name of the account that takes the seat signed in ("" for a
// guest).
func (m *match) join(ctx context.Context, name, account string) (game.Seat, string, error) {
	return m.joinWith(ctx, name, account, newToken())
}

// joinWith seats a new player whose seat token the caller chose.
func (m *match) joinWith(ctx context.Context, name, account, tok string) (game.Seat, string, error) {
	if err := m.seatFree(); err != nil {
		return 0, "", err
	}
	h := hashToken(tok)
	ev := store.Event{Kind: evJoin, Seat: len(m.seats), At: m.srv.now(),
		Data: mustJSON(joinData{Name: name, Token: hex.EncodeToString(h[:]), Account: account})}
	if err := m.record1(ctx, ev, statusOpen); err != nil {
		return 0, "", err
	}
	return game.Seat(len(m.seats) - 1), tok, nil
}

// seatFree refuses a new seat once the match has started or is full.
func (m *match) seatFree() error {
	if m.closed {
		return refuse(codeClosed, "the host closed this match")
	}
	if m.started {
		return refuse(codeAlreadyStarted, "the match has started")
	}
	if len(m.seats) >= m.cfg.MaxSeats {
		return refuse(codeFull, "all %d seats are taken", m.cfg.MaxSeats)
	}
	return nil
}

// start sets the game up with the seated players.
func (m *match) start(ctx context.Context) error {
	if m.closed {
		return refuse(codeClosed, "the host closed this match")
	}
	if m.started {
		return refuse(codeAlreadyStarted, "the match has already started")
	}
	if lo, _ := m.def.SeatRange(); len(m.seats) < lo {
		return refuse(codeNotStarted, "%s needs at least %d players, %d seated", m.def.Name(), lo, len(m.seats))
	}
	// New is checked before anything is logged; it cannot fail later since the options were validated.
	if _, err := m.def.New(m.row.Options, len(m.seats), m.row.Seed); err != nil {
		return err
	}
	ev := store.Event{Kind: evStart, Seat: -1, At: m.srv.now(), Data: json.RawMessage(`{}`)}
	return m.record1(ctx, ev, statusPlaying)
}

// move plays a seat's move; auto names why the server plays it for the seat ("" for the player's own).
func (m *match) move(ctx context.Context, seat game.Seat, mv json.RawMessage, auto string) error {
	return m.moveOnce(ctx, seat, mv, auto, request{})
}

// moveOnce plays a move a client sent with what it knows: the sequence number it saw and its
// idempotency key (request). A retry of a request already applied changes nothing and succeeds; a move
// made for a sequence number the match has passed is refused.
func (m *match) moveOnce(ctx context.Context, seat game.Seat, mv json.RawMessage, auto string, rq request) (err error) {
	start := rq.at
	if start.IsZero() {
		start = time.Now()
	}
	var durable time.Time
	defer func() { m.srv.metrics.Move(moveResult(err, durable), start, durable, time.Now()) }()
	if m.seen(seat, rq.key) {
		return nil
	}
	if err := m.fresh(ctx, seat, rq.seq); err != nil {
		return err
	}
	if !m.started {
		return refuse(codeNotStarted, "the match has not started")
	}
	if m.over() {
		return refuse(codeGameOver, "the game is over")
	}
	if auto == "" && m.hasResigned(seat) {
		return refuse(codeResigned, "seat %d has resigned: the server plays its moves now", seat)
	}
	if auto == "" {
		if err := m.srv.challengeClosed(m); err != nil {
			return err
		}
	}
	// The log entry is built first: a move that is not valid JSON is refused before the engine sees it.
	data, err := json.Marshal(moveData{Move: mv, Auto: auto, Key: rq.key})
	if err != nil {
		return refuse(codeBadMove, "the move is not valid JSON")
	}
	before := m.st.ToAct()
	if err := safeApply(m.st, seat, mv); err != nil {
		if errors.Is(err, errEnginePanic) {
			return m.broken(err)
		}
		return err
	}
	at := m.srv.now()
	ev := store.Event{Kind: evMove, Seat: int(seat), At: at, Data: data}
	status := m.status()
	e := m.snapshot(ctx, ev, before, status)
	if err := m.commit(ctx, ev, status, e); err != nil {
		return err
	}
	durable = time.Now()
	m.seq++
	m.moves = append(m.moves, effMove{seq: m.seq, seat: seat, move: mv, auto: auto != "", at: at})
	m.noteKey(seat, rq.key, m.seq)
	m.played(seat, auto, at)
	m.tick(at, seat, before, m.st.ToAct())
	m.noteEnd(at)
	m.afterLog(ctx, e)
	m.changed()
	return nil
}

// moveResult is a move's label in the metrics: accepted once durable, repeated when a retry was answered
// without playing, else the refusal's code.
func moveResult(err error, durable time.Time) string {
	switch {
	case err != nil:
		return metrics.Code(toAPIError(err).Code)
	case durable.IsZero():
		return metrics.Repeated
	}
	return metrics.Accepted
}

// undoOnce takes back the seat's last move, if the game allows it now, for a client's request: once per
// idempotency key, and only at the sequence number the client saw (moveOnce).
func (m *match) undoOnce(ctx context.Context, seat game.Seat, rq request) error {
	if m.seen(seat, rq.key) {
		return nil
	}
	if err := m.fresh(ctx, seat, rq.seq); err != nil {
		return err
	}
	if err := m.stillPlaying(seat); err != nil {
		return err
	}
	u, ok := m.st.(game.Undoer)
	if !ok {
		return refuse(codeNotUndoable, "%s has no undo", m.def.Name())
	}
	i := len(m.moves) - 1
	for i >= 0 && m.moves[i].seat != seat {
		i--
	}
	if i < 0 || m.moves[i].auto || !u.Undoable(seat) {
		return refuse(codeNotUndoable, "seat %d has no move it may take back now", seat)
	}
	// The replay is checked before the undo is logged, so that a logged undo always replays.
	if _, err := m.replay(slices.Delete(slices.Clone(m.moves), i, i+1)); err != nil {
		return refuse(codeNotUndoable, "the game cannot be rebuilt without that move: %v", err)
	}
	ev := store.Event{Kind: evUndo, Seat: int(seat), At: m.srv.now(), Data: mustJSON(undoData{Target: m.moves[i].seq, Key: rq.key})}
	return m.record1(ctx, ev, statusPlaying)
}

// broken handles an event that was logged but cannot be applied in memory: the match is dropped, to be
// loaded afresh by the next request, and the client gets an internal error.
func (m *match) broken(err error) error {
	m.srv.log.Error("match state broken, dropping it from memory", "match", m.id, "err", err)
	m.srv.forget(m)
	return fmt.Errorf("match %s: %w", m.id, err)
}

// request is what a client's move or undo says besides the move: the match's sequence number it saw
// (nil: not said) and its idempotency key ("": none).
type request struct {
	seq *int64
	key string
	at  time.Time // when the client's message arrived (zero: when the match took it up), for the metrics
}

type seatKey struct {
	seat game.Seat
	key  string
}

// maxKeyLen bounds an idempotency key (a UUID is 36 characters).
const maxKeyLen = 64

func (m *match) noteKey(seat game.Seat, key string, seq int64) {
	if key == "" {
		return
	}
	if m.keys == nil {
		m.keys = map[seatKey]int64{}
	}
	m.keys[seatKey{seat, key}] = seq
}

// seen reports whether a request with this key was applied for the seat already.
func (m *match) seen(seat game.Seat, key string) bool {
	if key == "" {
		return false
	}
	_, ok := m.keys[seatKey{seat, key}]
	return ok
}

// fresh refuses a request made for a decision the seat no longer faces: the sequence number the
// client saw is older than the seat's current decision (or newer than the log). Other seats' moves in
// between do not make it stale: in simultaneous games they do not change this seat's decision. A client
// ahead of this instance first lets it catch up with the log (another instance may have appended).
func (m *match) fresh(ctx context.Context, seat game.Seat, seq *int64) error {
	if seq == nil {
		return nil
	}
	if *seq > m.seq {
		if err := m.catchUp(ctx); err != nil {
			return err
		}
	}
	asked := int64(0)
	if int(seat) < len(m.asked) {
		asked = m.asked[seat]
	}
	if *seq > m.seq || *seq < asked {
		return refuse(codeConflict, "the request was made at seq %d, but the seat's decision is that of seq %d (the match is at %d): reload and decide again", *seq, asked, m.seq)
	}
	return nil
}

// distinctName refuses a name that reads as one already seated ("Ada" and "АDА" with a Cyrillic A, "B0b"
// and "Bob"): players must be told apart at the table.
func (m *match) distinctName(name string) error {
	key := auth.NameKey(name)
	for _, s := range m.seats {
		if auth.NameKey(s.name) == key {
			return refuse(codeNameTaken, "%q reads as %q, already seated: choose another name", name, s.name)
		}
	}
	return nil
}

// close ends a match that has not started: its host changed their mind. The players seated are told
// (their pages show it closed), and the lobby lists it no more.
func (m *match) close(ctx context.Context) error {
	if m.closed {
		return refuse(codeClosed, "the match is closed already")
	}
	if m.started {
		return refuse(codeAlreadyStarted, "a match that has started cannot be closed")
	}
	return m.record1(ctx, store.Event{Kind: evClose, Seat: int(hostSeat), At: m.srv.now(), Data: json.RawMessage(`{}`)}, statusClosed)
}

// removeSeat is the host taking a seat back before the start (a guest who will not come, a bot too
// many): the seats after it move up one, their tokens unchanged.
func (m *match) removeSeat(ctx context.Context, seat game.Seat) error {
	if m.closed {
		return refuse(codeClosed, "the host closed this match")
	}
	if m.started {
		return refuse(codeAlreadyStarted, "seats are fixed once the match has started")
	}
	if seat == hostSeat || seat < 0 || int(seat) >= len(m.seats) {
		return refuse(codeBadRequest, "seat %d cannot be removed (the host's seat stays; %d are seated)", seat, len(m.seats))
	}
	return m.record1(ctx, store.Event{Kind: evLeave, Seat: int(seat), At: m.srv.now(), Data: json.RawMessage(`{}`)}, statusOpen)
}
