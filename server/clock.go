package server

// Clocks: the timers that play a seat's move when its time runs out.

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/surveyor-game/surveyor/game"
)

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

// tick does the clock accounting of one event at time at.
func (m *match) tick(at time.Time, actor game.Seat, before, after []game.Seat) {
	if !m.lastAt.IsZero() {
		for _, s := range before {
			m.used[s] += at.Sub(m.lastAt)
		}
	}
	for _, s := range after {
		if s == actor || !slices.Contains(before, s) {
			m.since[s] = at
			m.asked[s] = m.seq
		}
	}
	m.lastAt = at
}

// deadline is when seat s, which must act, runs out of time (ok false without a clock).
func (m *match) deadline(s game.Seat) (time.Time, bool) {
	c := m.cfg.Clock
	if c == nil || !m.started {
		return time.Time{}, false
	}
	d := time.Duration(c.Seconds) * time.Second
	if c.Mode == "game" {
		return m.lastAt.Add(d - m.used[s]), true
	}
	return m.since[s].Add(d), true
}

func (m *match) armTimer() {
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	if m.cfg.Clock == nil || !m.started || m.st.Over() || m.gone {
		return
	}
	var next time.Time
	for _, s := range m.st.ToAct() {
		if d, ok := m.deadline(s); ok && (next.IsZero() || d.Before(next)) {
			next = d
		}
	}
	if next.IsZero() {
		return
	}
	srv, id := m.srv, m.id
	// A deadline already past (an empty game-clock bank, or an expiry that failed) is retried after a
	// short pause rather than at once, so that a failing store cannot make the timer spin.
	d := next.Sub(srv.now())
	if d <= 0 {
		d = 100 * time.Millisecond
	}
	m.timer = time.AfterFunc(d, func() { srv.expire(id) })
}

// expire plays AutoMove for every seat whose time has run out.
func (m *match) expire(ctx context.Context) {
	now := m.srv.now()
	for range 64 { // a bound, in case an engine keeps a seat to act forever with no time left
		if !m.started || m.st.Over() {
			return
		}
		due := game.Seat(-1)
		for _, s := range m.st.ToAct() {
			if d, ok := m.deadline(s); ok && !d.After(now) {
				due = s
				break
			}
		}
		if due < 0 {
			return
		}
		mv, err := m.st.AutoMove(due)
		if err == nil {
			err = m.move(ctx, due, mv, "timeout")
		}
		if err != nil {
			m.srv.log.Warn("clock expiry: auto move failed", "match", m.id, "seat", due, "err", err)
			return
		}
		m.srv.log.Info("clock expired, move played for the seat", "match", m.id, "seat", due)
	}
}
