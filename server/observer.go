package server

import (
	"context"
	"slices"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// The seam's names in the match host (package observe).
type (
	// Observer is told of every event a match logs (observe.Observer).
	Observer = observe.Observer
	// Snapshot is one logged event as the observers see it (observe.Snapshot).
	Snapshot = observe.Snapshot
	// SeatView is one seat as the observers see it (observe.SeatView).
	SeatView = observe.SeatView
)

// observe registers an observer of every match's events; called while the server is built.
func (s *Server) observe(o Observer) { s.observers = append(s.observers, o) }

// snapshot is the observers' view of ev, about to be logged at m.seq+1. before are the seats that had to
// act before it; for a move, already applied, the state gives those who act after it.
func (m *match) snapshot(ctx context.Context, ev store.Event, before []game.Seat, status string) *Snapshot {
	if len(m.srv.observers) == 0 {
		return nil
	}
	e := &Snapshot{Match: m.id, Game: m.row.Game, Created: m.row.Created, Kind: ev.Kind, Seat: ev.Seat, Seq: m.seq + 1, At: ev.At,
		Seats: make([]SeatView, len(m.seats)), ToActBefore: before, Rated: m.cfg.Rated,
		Challenge: m.cfg.Challenge, Tournament: m.cfg.Tournament, Finished: status == statusFinished && m.row.Status != statusFinished}
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
	e.AskHolders(func() []string {
		if m.acctStale.Swap(false) || fresh {
			m.acctAt = time.Time{}
		}
		// The observers may first ask after the append (afterLog): as their writes, the question outlives
		// the request's end.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), observersTimeout)
		defer cancel()
		return m.seatAccounts(ctx)
	})
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
		res := m.result()
		e.Ranks, e.Scores, e.Detail, e.Ended = res.Ranks, res.Scores, res.Detail, m.ended
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
			used, from := m.used[s], latest(m.lastAt, m.graceFrom)
			if waiting && !m.lastAt.IsZero() && e.At.After(from) {
				used += e.At.Sub(from)
			}
			e.Deadlines[s] = e.At.Add(d - used)
		case waiting && int(s) != actor:
			e.Deadlines[s] = m.askedAt(s).Add(d)
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

// observersTimeout bounds the observers' work after an event is logged, which a request's end does not
// cut short (afterLog).
const observersTimeout = 10 * time.Second

// afterLog tells the observers the event is logged and applied. What they record then (a game's ratings,
// a tournament's result, a challenge's score) follows from an event already in the log, and nothing
// records it later: it must not be lost because the client that sent the event went away (a request's or
// a WebSocket's context is cancelled when its connection closes). Their context is therefore freed from
// ctx's cancellation, bounded by observersTimeout instead; the caller still waits for them, and so does
// whatever waits for the caller: http.Server.Shutdown for a request, Close for a WebSocket's message or a
// timer's move (under busy).
func (m *match) afterLog(ctx context.Context, e *Snapshot) {
	if e == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), observersTimeout)
	defer cancel()
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
