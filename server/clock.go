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
// server closing, is left alone. fn runs under busy, as a WebSocket message does: Close waits for it
// before it cancels s.ctx, on which fn plays. A move ending a game is followed by its observers' writes
// (its ratings, a tournament's result, a challenge's score), which a context cancelled between the move's
// append and them would lose for good. busy is taken before m.mu, in the order of the sockets' readers.
func (s *Server) onTimer(id string, fn func(m *match)) {
	s.busy.RLock()
	defer s.busy.RUnlock()
	if s.ctx.Err() != nil {
		return
	}
	s.mu.Lock()
	m, ok := s.matches[id]
	s.mu.Unlock()
	if !ok {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gone || !m.loaded {
		return
	}
	s.guard(m, func() error { fn(m); return nil })
}

// armClocks makes the clock of every match in play run on this instance: a match neither in memory nor
// waiting on an alarm is loaded, and unless someone watches it, put to sleep at once (sleep): a server
// holding many correspondence games would otherwise hold them all in memory from its start.
func (s *Server) armClocks(ctx context.Context) error {
	games, err := s.store.ListGames(ctx, statusPlaying, 100000)
	if err != nil {
		return err
	}
	for _, g := range games {
		var cfg config
		// A tournament game without a clock gets one as it loads (lateClock).
		if json.Unmarshal(g.Config, &cfg) != nil || (cfg.Clock == nil && cfg.Tournament == "") || s.inMemoryOrAsleep(g.ID) {
			continue
		}
		m, err := s.get(ctx, g.ID)
		if err != nil {
			s.log.Warn("cannot load match to run its clock", "match", g.ID, "err", err)
			continue
		}
		if len(m.subs) == 0 {
			s.sleep(m)
		}
		m.mu.Unlock()
	}
	return nil
}

// inMemoryOrAsleep reports whether the match is in memory or asleep with an alarm.
func (s *Server) inMemoryOrAsleep(id string) bool {
	s.mu.Lock()
	_, ok := s.matches[id]
	s.mu.Unlock()
	if ok {
		return true
	}
	s.alarmMu.Lock()
	_, ok = s.alarms[id]
	s.alarmMu.Unlock()
	return ok
}

// sleep drops a match from memory (called with m.mu held), keeping only an alarm for its next deadline if
// its clock runs: a correspondence game waits hours or days for each move, and an alarm costs a timer and
// a map entry where the match held its whole state and log.
func (s *Server) sleep(m *match) {
	at, ok := m.nextDeadline()
	s.forget(m)
	if !ok {
		return
	}
	id := m.id
	d := max(at.Sub(s.now()), 0)
	s.alarmMu.Lock()
	defer s.alarmMu.Unlock()
	if a := s.alarms[id]; a != nil {
		a.Stop()
	}
	if s.alarms == nil {
		s.alarms = map[string]*time.Timer{}
	}
	s.alarms[id] = time.AfterFunc(d, func() { s.ring(id) })
}

// cancelAlarm forgets a sleeping match's alarm: the match is back in memory, where its own timer runs.
func (s *Server) cancelAlarm(id string) {
	s.alarmMu.Lock()
	if a := s.alarms[id]; a != nil {
		a.Stop()
		delete(s.alarms, id)
	}
	s.alarmMu.Unlock()
}

// ring wakes a sleeping match at its deadline: it is loaded from its log and the seats whose time has
// run out are played for. A load that fails leaves the match to armClocks, which retries every minute.
// Like onTimer's, its work is done under busy: Close waits for it, and a match it loads is in the table
// Close then goes through.
func (s *Server) ring(id string) {
	s.alarmMu.Lock()
	delete(s.alarms, id)
	s.alarmMu.Unlock()
	s.busy.RLock()
	defer s.busy.RUnlock()
	if s.ctx.Err() != nil {
		return
	}
	m, err := s.get(s.ctx, id)
	if err != nil {
		s.log.Warn("cannot load a sleeping match at its deadline", "match", id, "err", err)
		return
	}
	defer m.mu.Unlock()
	s.guard(m, func() error {
		m.expire(s.ctx)
		m.armTimer()
		return nil
	})
}

// tick does the clock accounting of one event at time at.
func (m *match) tick(at time.Time, actor game.Seat, before, after []game.Seat) {
	if !m.lastAt.IsZero() {
		d := at.Sub(m.lastAt)
		if m.lastAt.Before(m.graceFrom) { // time before a clock armed late is nobody's
			d = max(at.Sub(m.graceFrom), 0)
		}
		for _, s := range before {
			m.used[s] += d
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
		return latest(m.lastAt, m.graceFrom).Add(d - m.used[s]), true
	}
	return m.askedAt(s).Add(d), true
}

// askedAt is when seat s was asked to act, as its clock counts it: never before the clock was armed (a
// clock armed late gives the seat to move a full period from then, graceFrom).
func (m *match) askedAt(s game.Seat) time.Time {
	return latest(m.since[s], m.graceFrom)
}

func latest(a, b time.Time) time.Time {
	if a.Before(b) {
		return b
	}
	return a
}

// lateClock is the clock of a tournament game stored without one (before every tournament needed a
// clock): its tournament's, the default one when the tournament has none either, so that a round stalled
// by a player who walked away ends. ok is false when the game keeps no clock (not a tournament's, or its
// tournament cannot be read now: the next load asks again). Only a game in play gets one: a finished one
// stays as it was played, its record and page without a clock it never had.
func (s *Server) lateClock(ctx context.Context, status string, cfg config) (*clockConf, bool) {
	if cfg.Clock != nil || cfg.Tournament == "" || status != statusPlaying || s.tournaments == nil {
		return nil, false
	}
	c, err := s.tournaments.Clock(ctx, cfg.Tournament)
	if err != nil || c == nil {
		s.log.Warn("cannot read the clock of a clockless tournament game's tournament", "tournament", cfg.Tournament, "err", err)
		return nil, false
	}
	return &clockConf{Mode: c.Mode, Seconds: c.Seconds}, true
}

// graceFrom is when this instance first armed the late clock of match id: its seat to move has a full
// period from then. It is kept in memory, not in the match's log (whose format stays as it is), so that
// the match's sleeping and loading again do not give a new grace; a restart, or another instance, gives
// one more period, once: after the first move each seat's time runs from the log again.
func (s *Server) graceFrom(id string) time.Time {
	s.alarmMu.Lock()
	defer s.alarmMu.Unlock()
	if t, ok := s.graces[id]; ok {
		return t
	}
	if s.graces == nil {
		s.graces = map[string]time.Time{}
	}
	t := s.now()
	s.graces[id] = t
	return t
}

// nextDeadline is when the first seat that must act runs out of time (ok false: no clock runs).
func (m *match) nextDeadline() (next time.Time, ok bool) {
	if m.cfg.Clock == nil || !m.started || m.over() {
		return time.Time{}, false
	}
	for _, s := range m.st.ToAct() {
		if d, ok := m.deadline(s); ok && (next.IsZero() || d.Before(next)) {
			next = d
		}
	}
	return next, !next.IsZero()
}

func (m *match) armTimer() {
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	if m.gone {
		return
	}
	next, ok := m.nextDeadline()
	if !ok {
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
		if !m.started || m.over() {
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
			err = m.move(ctx, due, mv, autoTimeout)
		}
		if err != nil {
			m.srv.log.Warn("clock expiry: auto move failed", "match", m.id, "seat", due, "err", err)
			return
		}
		m.srv.log.Info("clock expired, move played for the seat", "match", m.id, "seat", due)
	}
}
