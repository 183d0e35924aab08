package server

// Several instances on one shared store: hearing of the others' appends and catching up.

import (
	"context"
	"strings"

	"github.com/surveyor-game/surveyor/store"
)

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
	if user, ok := strings.CutPrefix(id, store.WakePrefix); ok {
		if bot, ok := strings.CutPrefix(user, botWakePrefix); ok {
			// off the listener's goroutine: delivering reads the database
			s.wg.Go(func() { s.botapi.WakeHere(s.ctx, bot) })
			return
		}
		s.social.WakeHere(user)
		return
	}
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

// botWakePrefix marks, among the accounts woken (store.WakePrefix), a bot's events rather than its inbox.
const botWakePrefix = "bot." // no colon: the notification payload is ID:SEQ,...
