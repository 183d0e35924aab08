package server

import (
	"context"
	"slices"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// Observer is what the match host tells about every event a match logs, so that what follows from a
// game (notes, ratings, the sender's wake-up) lives beside the host instead of inside it. Both calls
// are made under the match's lock, in the order the observers were registered.
//
// Before is called with the event validated but not yet appended: the notes it returns are written in
// the same transaction as the event, so that a note is exactly as durable as the change that causes it
// (the outbox's guarantee). After is called once the event is appended and applied in memory.
type Observer interface {
	Before(ctx context.Context, ev *Snapshot) []store.Note
	After(ctx context.Context, ev *Snapshot)
}

// Snapshot is a read-only view of one logged event and of its match, built by the host for its
// observers. Observers must not change it: the same snapshot goes to every observer, before and after.
type Snapshot struct {
	Match string // the match's id
	Game  string // the game definition's name
	Kind  string // the event's kind (join, start, move, undo, rematch, chat, close, leave)
	Seat  int    // the seat that caused it (-1 for the host or the server)
	Seq   int64  // the sequence number it is logged at
	At    time.Time
	// Seats are the match's seats when the event is logged (a join's new seat not yet among them).
	Seats []SeatView
	// ToActBefore are the seats that had to act before the event; ToActAfter those that must act after it.
	// A move is applied by the engine before it is logged, so ToActAfter is known to Before; for other
	// events it is filled once the event is applied, for After.
	ToActBefore, ToActAfter []game.Seat
	Over                    bool // the game is over after the event (for a move; other events leave it as it was)
	Finished                bool // this event ended the game, and this instance logged it
	Rated                   bool // the match moves its players' ratings when it ends
	// Ranks are the final ranks by seat, once the game is over.
	Ranks []int
	// Deadlines are, by seat, when each seat that must act after the event runs out of time (zero: no
	// clock, or the seat need not act).
	Deadlines []time.Time
	// Notes are the notes the observers' Before calls returned, written with the event (for After).
	Notes []store.Note
	// Present are, by seat, the seats whose player has the table open and in view on this instance.
	Present []bool

	holders     func() []string
	holdersDone bool
	held        []string
}

// SeatView is one seat as observers see it.
type SeatView struct {
	Name    string
	Bot     string // the bot playing it ("" for a person)
	Account string // the account name that took it signed in ("" for a guest)
	// Resigned: the seat resigned (before this event), and the server plays it.
	Resigned bool
}

// Holders are the accounts (ids) holding each seat ("" for none), asked of the accounts store once, on
// first use; nil without accounts.
func (e *Snapshot) Holders() []string {
	if !e.holdersDone {
		e.holdersDone = true
		if e.holders != nil {
			e.held = slices.Clone(e.holders())
		}
	}
	return e.held
}

// AtTable reports whether the account has the match open and in view at one of its seats.
func (e *Snapshot) AtTable(user string) bool {
	for s, here := range e.Present {
		if here && e.Holder(game.Seat(s)) == user {
			return true
		}
	}
	return false
}

// Holder is the account holding seat s ("" for none).
func (e *Snapshot) Holder(s game.Seat) string {
	h := e.Holders()
	if s >= 0 && int(s) < len(h) {
		return h[s]
	}
	return ""
}

// observe registers an observer of every match's events; called while the server is built.
func (s *Server) observe(o Observer) { s.observers = append(s.observers, o) }

// snapshot is the observers' view of ev, about to be logged at m.seq+1. before are the seats that had to
// act before it; for a move, already applied, the state gives those who act after it.
func (m *match) snapshot(ctx context.Context, ev store.Event, before []game.Seat, status string) *Snapshot {
	if len(m.srv.observers) == 0 {
		return nil
	}
	e := &Snapshot{Match: m.id, Game: m.row.Game, Kind: ev.Kind, Seat: ev.Seat, Seq: m.seq + 1, At: ev.At,
		Seats: make([]SeatView, len(m.seats)), ToActBefore: before, Rated: m.cfg.Rated,
		Finished: status == statusFinished && m.row.Status != statusFinished}
	for i, si := range m.seats {
		e.Seats[i] = SeatView{Name: si.name, Bot: si.bot, Account: si.account, Resigned: m.hasResigned(game.Seat(i))}
	}
	for sub := range m.subs {
		if sub.seat >= 0 && int(sub.seat) < len(m.seats) && !sub.hidden.Load() {
			if e.Present == nil {
				e.Present = make([]bool, len(m.seats))
			}
			e.Present[sub.seat] = true
		}
	}
	// The holders are asked afresh at the start and the end of a game and after a seat was bound here;
	// between, a cache serves the moves (seatAccountsTTL).
	fresh := ev.Kind == evStart || e.Finished
	e.holders = func() []string {
		if m.acctStale.Swap(false) || fresh {
			m.acctAt = time.Time{}
		}
		return m.seatAccounts(ctx)
	}
	if ev.Kind == evMove {
		m.settle(e, ev.Seat)
	}
	return e
}

// settle fills in what the event leaves: who acts, whether it is over, the ranks and the clocks'
// deadlines as they stand once the event is applied (the clock's accounting, tick, may not have run yet).
func (m *match) settle(e *Snapshot, actor int) {
	if e == nil || !m.started {
		return
	}
	e.ToActAfter = m.toAct()
	e.Over = m.over()
	if e.Over {
		e.Ranks = m.result().Ranks
		return
	}
	c := m.cfg.Clock
	if c == nil || len(m.used) < len(m.seats) {
		return
	}
	e.Deadlines = make([]time.Time, len(m.seats))
	d := time.Duration(c.Seconds) * time.Second
	for _, s := range e.ToActAfter {
		waiting := slices.Contains(e.ToActBefore, s)
		switch {
		case c.Mode == "game":
			used := m.used[s]
			if waiting && !m.lastAt.IsZero() && e.At.After(m.lastAt) {
				used += e.At.Sub(m.lastAt)
			}
			e.Deadlines[s] = e.At.Add(d - used)
		case waiting && int(s) != actor:
			e.Deadlines[s] = m.since[s].Add(d)
		default:
			e.Deadlines[s] = e.At.Add(d)
		}
	}
}

// beforeLog asks the observers for the notes the event causes.
func (m *match) beforeLog(ctx context.Context, e *Snapshot) []store.Note {
	if e == nil {
		return nil
	}
	for _, o := range m.srv.observers {
		e.Notes = append(e.Notes, o.Before(ctx, e)...)
	}
	return e.Notes
}

// afterLog tells the observers the event is logged and applied.
func (m *match) afterLog(ctx context.Context, e *Snapshot) {
	if e == nil {
		return
	}
	if e.Kind != evMove {
		m.settle(e, e.Seat)
	}
	for _, o := range m.srv.observers {
		o.After(ctx, e)
	}
}

// seatAccountsTTL bounds how long a match trusts its cached seat holders: a seat bound on another
// instance is seen within it.
const seatAccountsTTL = time.Minute

// seatAccounts is the account holding each seat ("" for none), cached on the match.
func (m *match) seatAccounts(ctx context.Context) []string {
	now := m.srv.now()
	if m.acctAt.IsZero() || now.Sub(m.acctAt) > seatAccountsTTL || len(m.acct) < len(m.seats) {
		acct, err := m.srv.ident.SeatHolders(ctx, m.id, len(m.seats))
		if err != nil {
			m.srv.log.Error("seat holders for observers", "match", m.id, "err", err)
			return m.acct
		}
		m.acct, m.acctAt = acct, now
	}
	return m.acct
}

// forgetSeatAccounts makes the match ask again who holds its seats (one was just bound).
func (s *Server) forgetSeatAccounts(id string) {
	s.mu.Lock()
	m := s.matches[id]
	s.mu.Unlock()
	if m != nil {
		m.acctStale.Store(true)
	}
}
