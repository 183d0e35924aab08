package server

// The table of matches held in memory: loading, locking, forgetting idle ones.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// get returns the match, loaded and locked; the caller unlocks m.mu.
func (s *Server) get(ctx context.Context, id string) (*match, error) {
	if !httpkit.ValidID(id) {
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
			s.cancelAlarm(id)
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

// housekeeping evicts idle matches, makes sure the clock of every match in play runs (a match dropped
// after a failure comes back), and forgets idle rate-limit buckets.
func (s *Server) housekeeping() {
	// A short idle timeout (a load test's) is honoured to within half its length; the rest stays once a
	// minute (armClocks lists every match in play).
	evict := time.NewTicker(min(time.Minute, max(s.idle/2, 100*time.Millisecond)))
	defer evict.Stop()
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	here := time.NewTicker(presenceLife / 3)
	defer here.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-here.C:
			if err := s.presence.refresh(s.ctx, s.now()); err != nil {
				s.log.Warn("cannot renew the sockets' presence", "err", err)
			}
		case <-evict.C:
			s.evictIdle()
		case <-t.C:
			// Matches dropped after a failure come back, so that their clocks keep running.
			if err := s.armClocks(s.ctx); err != nil {
				s.log.Warn("cannot list matches in play to run their clocks", "err", err)
			}
			// What instances share expires or ages out of every limit's window (the longest is an hour).
			if sh, ok := s.store.(store.Shared); ok {
				if err := sh.PruneShared(s.ctx, s.now(), s.now().Add(-time.Hour)); err != nil {
					s.log.Warn("cannot prune the shared limits and values", "err", err)
				}
			}
			if s.limiter != nil {
				s.limiter.Sweep(s.now())
				s.creations.Sweep(s.now())
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
		if len(m.subs) == 0 && now.Sub(m.lastUsed) > s.idle && !m.gone {
			s.sleep(m) // a running clock is left an alarm
		}
		m.mu.Unlock()
	}
}
