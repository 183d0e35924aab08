package server

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// Notifications (docs/notifications.md): when a signed-in player must act (a move, a start, an
// invitation, a rematch, a clock about to run out) or a game of theirs ends, the change that causes it
// writes a note to the store's outbox in the same transaction (Update.Notes), so that the note is exactly
// as durable as the change. The outbox is then worked by sender.go, on whichever instance claims it.

// Note kinds.
const (
	noteTurn    = "turn"
	noteStart   = "start"
	noteClock   = "clock"
	noteEnd     = "end"
	noteInvite  = "invite"
	noteRematch = "rematch"
	noteFollow  = "follow"
)

// noteData is a note's data.
type noteData struct {
	Game string `json:"game,omitempty"` // the game definition's name
	By   string `json:"by,omitempty"`   // who caused it, by the name they go by (at the table: their seat's)
	// Actor is the account that caused it ("" for a guest or the clock): the gate (noterules.go) reads it
	// for blocks and repeats, and the inbox marks the name as an account's.
	Actor string `json:"actor,omitempty"`
	Seat  int    `json:"seat"` // the seat that must act (turn, start, clock)
	// Seq is the match's sequence number the note was written at: a turn or clock note whose seat has
	// acted since is stale, and is no longer pushed or mailed.
	Seq      int64      `json:"seq,omitempty"`
	Deadline *time.Time `json:"deadline,omitempty"` // clock notes
	Sub      string     `json:"sub,omitempty"`      // push deliveries: the subscription
}

// seatAccountsTTL bounds how long a match trusts its cached seat holders: a seat bound on another
// instance is seen within it.
const seatAccountsTTL = time.Minute

// seatAccounts is the account holding each seat ("" for none), cached on the match.
func (m *match) seatAccounts(ctx context.Context) []string {
	if m.srv.accounts == nil {
		return nil
	}
	now := m.srv.now()
	if m.acctAt.IsZero() || now.Sub(m.acctAt) > seatAccountsTTL || len(m.acct) < len(m.seats) {
		refs, err := m.srv.accounts.SeatHolders(ctx, m.id)
		if err != nil {
			m.srv.log.Error("seat holders for notes", "match", m.id, "err", err)
			return m.acct
		}
		acct := make([]string, len(m.seats))
		for _, r := range refs {
			if r.Seat >= 0 && r.Seat < len(acct) {
				acct[r.Seat] = r.UserID
			}
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

// note builds one outbox row about this match.
func (m *match) note(user, kind string, at time.Time, d noteData) store.Note {
	d.Game = m.row.Game
	return store.Note{UserID: user, Kind: kind, GameID: m.id, Data: mustJSON(d), Due: at, Created: at}
}

// moveNotes are the notes a move by mover causes: a turn note for every seat that must now take a new
// decision (the mover, at the table, excepted), a clock reminder where a long clock runs, and the end of
// the game for the others. Called with the move applied, before it is logged at seq.
func (m *match) moveNotes(ctx context.Context, mover game.Seat, before, after []game.Seat, at time.Time, seq int64) []store.Note {
	if m.srv.accounts == nil {
		return nil
	}
	if m.acctStale.Swap(false) {
		m.acctAt = time.Time{}
	}
	acct := m.seatAccounts(ctx)
	holder := func(s game.Seat) string {
		if int(s) < len(acct) {
			return acct[s]
		}
		return ""
	}
	by, actor := m.seats[mover].name, holder(mover)
	var out []store.Note
	if m.st.Over() {
		for s := range m.seats {
			if u := holder(game.Seat(s)); u != "" && u != holder(mover) {
				out = append(out, m.note(u, noteEnd, at, noteData{By: by, Actor: actor, Seat: s, Seq: seq}))
			}
		}
		return out
	}
	for _, s := range after {
		u := holder(s)
		if u == "" || s == mover || u == holder(mover) || slices.Contains(before, s) {
			continue
		}
		out = append(out, m.note(u, noteTurn, at, noteData{By: by, Actor: actor, Seat: int(s), Seq: seq}))
		out = append(out, m.clockNote(u, s, at, seq)...)
	}
	return out
}

// startNotes tell the seated accounts, the starter excepted, that the game has begun.
func (m *match) startNotes(ctx context.Context, starter game.Seat, at time.Time, seq int64) []store.Note {
	if m.srv.accounts == nil {
		return nil
	}
	m.acctAt = time.Time{}
	acct := m.seatAccounts(ctx)
	var out []store.Note
	actor := ""
	if starter >= 0 && int(starter) < len(acct) {
		actor = acct[starter]
	}
	for s, u := range acct {
		if u == "" || (actor != "" && u == actor) {
			continue
		}
		out = append(out, m.note(u, noteStart, at, noteData{By: m.seats[max(starter, 0)].name, Actor: actor, Seat: s, Seq: seq}))
	}
	return out
}

// rematchNotes tell the other seated accounts that asker wants to play again.
func (m *match) rematchNotes(ctx context.Context, asker game.Seat, at time.Time) []store.Note {
	acct := m.seatAccounts(ctx)
	var out []store.Note
	for s, u := range acct {
		if u != "" && s != int(asker) && u != acct[asker] {
			out = append(out, m.note(u, noteRematch, at, noteData{By: m.seats[asker].name, Actor: acct[asker], Seat: s}))
		}
	}
	return out
}

// clockNote is a reminder, due before a long clock runs out: a quarter of the time before, at most an
// hour. Short clocks are played at the table and get none.
func (m *match) clockNote(user string, s game.Seat, at time.Time, seq int64) []store.Note {
	c := m.cfg.Clock
	if c == nil {
		return nil
	}
	d := time.Duration(c.Seconds) * time.Second
	if c.Mode == "game" && int(s) < len(m.used) {
		d -= m.used[s]
	}
	if d < 20*time.Minute {
		return nil
	}
	deadline := at.Add(d)
	n := m.note(user, noteClock, at, noteData{Seat: int(s), Seq: seq, Deadline: &deadline})
	n.Due = deadline.Add(-min(time.Hour, d/4))
	return []store.Note{n}
}

// stale reports whether a turn or clock note no longer asks anything of its seat: the seat acted, or
// the game ended, since it was written.
func (m *match) stale(kind string, d noteData) bool {
	switch kind {
	case noteTurn, noteClock:
	default:
		return false
	}
	if !m.started || m.st.Over() || d.Seat < 0 || d.Seat >= len(m.asked) {
		return true
	}
	seat := game.Seat(d.Seat)
	return !slices.Contains(m.st.ToAct(), seat) || m.asked[seat] > d.Seq
}

// noteStale looks a note's match up to tell whether it is stale.
func (s *Server) noteStale(ctx context.Context, n store.Note) bool {
	if n.GameID == "" {
		return false
	}
	var d noteData
	if json.Unmarshal(n.Data, &d) != nil {
		return false
	}
	stale := false
	err := s.withMatch(ctx, n.GameID, func(m *match) error {
		stale = m.stale(n.Kind, d)
		return nil
	})
	return stale || err != nil
}

// userHub wakes the inbox streams open on this instance when their account has new notes.
type userHub struct {
	mu   sync.Mutex
	subs map[string]map[chan struct{}]struct{}
}

func (h *userHub) listen(userID string) chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs == nil {
		h.subs = map[string]map[chan struct{}]struct{}{}
	}
	if h.subs[userID] == nil {
		h.subs[userID] = map[chan struct{}]struct{}{}
	}
	c := make(chan struct{}, 1)
	h.subs[userID][c] = struct{}{}
	return c
}

func (h *userHub) leave(userID string, c chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.subs[userID], c)
	if len(h.subs[userID]) == 0 {
		delete(h.subs, userID)
	}
}

func (h *userHub) wake(userID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.subs[userID] {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// online reports whether the account has an inbox stream open on this instance.
func (h *userHub) online(userID string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[userID]) > 0
}

// watching reports whether the account has the match open on this instance, at its seat.
func (s *Server) watching(gameID, userID string) bool {
	seat, ok := s.held.get(gameID, userID)
	if !ok {
		return false
	}
	s.mu.Lock()
	m := s.matches[gameID]
	s.mu.Unlock()
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for sub := range m.subs {
		if sub.seat == seat {
			return true
		}
	}
	return false
}
