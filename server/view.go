package server

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/surveyor-game/surveyor/game"
)

// matchInfo is the public part of a match, the same for every seat and spectator.
type matchInfo struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	Options  json.RawMessage `json:"options"`
	Status   string          `json:"status"`
	Seq      int64           `json:"seq"`
	MaxSeats int             `json:"max_seats"`
	Players  []playerInfo    `json:"players"`
	ToAct    []game.Seat     `json:"to_act"`
	Moves    int             `json:"moves"`
	Clock    *clockConf      `json:"clock,omitempty"`
	Result   *game.Result    `json:"result,omitempty"`
	// Ended says why a game ended before its rules ended it: "resigned", "abandoned" or "claimed".
	Ended   string `json:"ended,omitempty"`
	Rematch string `json:"rematch,omitempty"` // the match that follows, once a player asked for one
	Rated   bool   `json:"rated,omitempty"`
	// Challenge is the challenge the match is an attempt at (server/challenges), for its end screen.
	Challenge string `json:"challenge,omitempty"`
	// Tournament is the tournament the match is a game of (server/tournaments), for a way back to it.
	Tournament string    `json:"tournament,omitempty"`
	Created    time.Time `json:"created"`
	// Chat is the table's latest messages; SpectatorChat says spectators may talk too.
	Chat          []chatData `json:"chat,omitempty"`
	SpectatorChat bool       `json:"spectator_chat,omitempty"`
	// Invitations are the accounts invited to the table and what became of each (invitations.go).
	Invitations []invitationInfo `json:"invitations,omitempty"`
}

type playerInfo struct {
	Seat     game.Seat  `json:"seat"`
	Name     string     `json:"name"`
	Bot      string     `json:"bot,omitempty"`      // the bot playing the seat
	Account  string     `json:"account,omitempty"`  // the account that took the seat signed in
	Deadline *time.Time `json:"deadline,omitempty"` // when the clock runs out, for a seat that must act
	BankMs   *int64     `json:"bank_ms,omitempty"`  // game clock: time left as of the last event
	Resigned bool       `json:"resigned,omitempty"` // the seat resigned (resign.go)
	// GoneFrom is when the seat counts as gone, its clock having run out and it not having played since:
	// from then on the others may claim victory.
	GoneFrom *time.Time `json:"gone_from,omitempty"`
}

// envelope is what a client receives: over HTTP as a response, over WebSocket as a "state" message.
type envelope struct {
	Type  string          `json:"type"`
	Seq   int64           `json:"seq"`
	Match json.RawMessage `json:"match"`
	You   *you            `json:"you,omitempty"`
	View  any             `json:"view,omitempty"`
}

type you struct {
	Seat     game.Seat `json:"seat"`
	MustAct  bool      `json:"must_act"`
	Undoable bool      `json:"undoable"`
}

func (m *match) matchInfo() json.RawMessage {
	if m.info != nil {
		return m.info
	}
	mi := matchInfo{ID: m.id, Game: m.row.Game, Options: m.row.Options, Status: m.status(), Seq: m.seq,
		MaxSeats: m.cfg.MaxSeats, Players: make([]playerInfo, len(m.seats)), ToAct: []game.Seat{},
		Moves: len(m.moves), Clock: m.cfg.Clock, Created: m.row.Created, Rematch: m.rematch, Rated: m.cfg.Rated, Challenge: m.cfg.Challenge, Tournament: m.cfg.Tournament,
		Chat: m.chatShownNow(), SpectatorChat: m.cfg.SpectatorChat, Invitations: m.invitationsInfo()}
	if m.started {
		if t := m.toAct(); t != nil {
			mi.ToAct = t
		}
		if m.over() {
			r := m.result()
			mi.Result, mi.Ended = &r, m.ended
		}
	}
	for i, s := range m.seats {
		p := playerInfo{Seat: game.Seat(i), Name: s.name, Bot: s.bot, Account: s.account, Resigned: m.hasResigned(game.Seat(i))}
		if from, ok := m.goneFrom(game.Seat(i)); ok && !m.over() {
			p.GoneFrom = &from
		}
		if m.started && m.cfg.Clock != nil {
			if slices.Contains(mi.ToAct, p.Seat) {
				if d, ok := m.deadline(p.Seat); ok {
					p.Deadline = &d
				}
			}
			if m.cfg.Clock.Mode == "game" {
				ms := (time.Duration(m.cfg.Clock.Seconds)*time.Second - m.used[i]).Milliseconds()
				p.BankMs = &ms
			}
		}
		mi.Players[i] = p
	}
	m.info = appendMatchInfo(make([]byte, 0, 256), &mi)
	return m.info
}

// envelope is the message for one seat (or game.Spectator) at the current sequence number, cached until
// the next change so that every socket of a seat, and every spectator, shares one encoding. It is the JSON
// encoding of the envelope struct, assembled by hand: json.Marshal would validate and re-compact the
// match info, already encoded once for all seats, for every seat again.
func (m *match) envelope(seat game.Seat) []byte {
	if b, ok := m.cache[seat]; ok {
		return b
	}
	info := m.matchInfo()
	va, appends := m.st.(game.ViewAppender)
	var view []byte
	if m.started && !appends {
		var err error
		if view, err = json.Marshal(safeView(m.st, seat)); err != nil {
			m.srv.log.Error("cannot marshal view", "match", m.id, "seat", seat, "err", err)
			view = nil
		} else if string(view) == "null" {
			view = nil // omitempty
		}
	}
	b := make([]byte, 0, len(info)+len(view)+256)
	b = append(b, `{"type":"state","seq":`...)
	b = strconv.AppendInt(b, m.seq, 10)
	b = append(b, `,"match":`...)
	b = append(b, info...)
	if seat >= 0 {
		b = m.appendYou(b, seat)
	}
	if m.started && appends {
		b = appendView(b, va, seat)
	} else if view != nil {
		b = append(b, `,"view":`...)
		b = append(b, view...)
	}
	b = append(b, '}')
	if m.cache == nil {
		m.cache = make(map[game.Seat][]byte, len(m.seats)+1)
	}
	m.cache[seat] = b
	return b
}

// lastMoveOf is the index in m.moves of the seat's last move if the seat itself played it, else -1.
func (m *match) lastMoveOf(seat game.Seat) int {
	for i := len(m.moves) - 1; i >= 0; i-- {
		if m.moves[i].seat == seat {
			if m.moves[i].auto {
				return -1
			}
			return i
		}
	}
	return -1
}

// appendView appends `,"view":` and the seat's view as the game writes it, or nothing when the game
// panics or writes null (as safeView and omitempty leave it out).
func appendView(b []byte, va game.ViewAppender, seat game.Seat) (out []byte) {
	n := len(b)
	defer func() {
		if r := recover(); r != nil {
			out = b[:n]
		}
	}()
	b = append(b, `,"view":`...)
	v := len(b)
	b = va.AppendView(b, seat)
	if string(b[v:]) == "null" {
		return b[:n]
	}
	return b
}

func safeView(st game.State, seat game.Seat) (v any) {
	defer func() {
		if r := recover(); r != nil {
			v = nil
		}
	}()
	return st.View(seat)
}

// subscriber is one WebSocket (or long poll) waiting for a match's changes. It keeps only the newest
// message: views are complete snapshots, so a slow client skips the intermediate ones instead of making
// the match wait for it.
type subscriber struct {
	seat game.Seat
	// readOnly: a WebSocket whose credential sees its seat but may not act for it (an API token without
	// the play scope): its moves and undos are refused.
	readOnly bool
	// stillHolds, for a socket whose seat came from its account (a session or an API token, not a seat
	// token), checks that credential again: a session ended or a token revoked since plays no more.
	stillHolds func(ctx context.Context) bool
	// patches is set for a WebSocket that takes patches (patch.go); part is the seat's part of the view
	// it was last sent in a patch (nil: unknown, so the next patch carries it).
	patches bool
	part    []byte
	mu      sync.Mutex
	msg     []byte
	seq     int64
	// held is set while the connection's reader handles a message: the state that message causes is
	// taken by the reader and sent with its reply, so the writer is not woken for it.
	held bool
	// hidden: the page holding the socket says it is not in view (a tab in the background): its player
	// is not at the table for notes (server/social).
	hidden atomic.Bool
	wake   chan struct{}
	done   chan struct{}
	once   sync.Once
}

func newSubscriber(seat game.Seat, seq int64) *subscriber {
	return &subscriber{seat: seat, seq: seq, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

func (s *subscriber) push(seq int64, b []byte) {
	s.mu.Lock()
	if seq > s.seq {
		s.seq, s.msg = seq, b
	}
	held := s.held
	s.mu.Unlock()
	if held {
		return
	}
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// take returns the pending message, if any.
func (s *subscriber) take() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.msg
	s.msg = nil
	return b
}

// hold keeps what is pushed from waking the writer until release.
func (s *subscriber) hold() {
	s.mu.Lock()
	s.held = true
	s.mu.Unlock()
}

// release ends hold and returns the pending message, if any, for the caller to send.
func (s *subscriber) release() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.held = false
	b := s.msg
	s.msg = nil
	return b
}

func (s *subscriber) close() { s.once.Do(func() { close(s.done) }) }

// pending reports whether a message waits to be taken: a patch would replace it, and the client would
// miss the change it carries.
func (s *subscriber) pending() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.msg != nil
}

// broadcast sends every subscriber its new view: a patch to those that take patches and have the state
// of the last broadcast, the whole state to the others.
func (m *match) broadcast() {
	var infoPatch, viewPatch []byte
	var viewChanged map[string]bool
	canPatch, wanted := false, false
	for sub := range m.subs {
		if sub.patches {
			wanted = true
			break
		}
	}
	if wanted {
		infoPatch, viewPatch, viewChanged, canPatch = m.patches()
	} else {
		m.base = nil // no one takes patches: nothing to keep
	}
	for sub := range m.subs {
		if canPatch {
			if p := m.patchFor(sub, infoPatch, viewPatch, viewChanged); p != nil {
				sub.push(m.seq, p)
				continue
			}
		}
		// A client sent the whole state holds the seat's part as it is now: the next patch starts from it.
		sub.part = nil
		if canPatch && sub.patches && sub.seat >= 0 {
			sub.part = m.seatPart(sub.seat)
		}
		sub.push(m.seq, m.envelope(sub.seat))
	}
}

// appendYou writes the "you" field of a seat's envelope.
func (m *match) appendYou(b []byte, seat game.Seat) []byte {
	var y you
	y.Seat = seat
	if m.started {
		y.MustAct = slices.Contains(m.toAct(), seat) && !m.hasResigned(seat)
		if u, ok := m.st.(game.Undoer); ok && !m.over() && !m.hasResigned(seat) {
			y.Undoable = u.Undoable(seat) && m.lastMoveOf(seat) >= 0
		}
	}
	b = append(b, `,"you":{"seat":`...)
	b = strconv.AppendInt(b, int64(y.Seat), 10)
	b = append(b, `,"must_act":`...)
	b = strconv.AppendBool(b, y.MustAct)
	b = append(b, `,"undoable":`...)
	b = strconv.AppendBool(b, y.Undoable)
	return append(b, '}')
}

func (m *match) subscribe(sub *subscriber) {
	m.subs[sub] = struct{}{}
	if m.seq > sub.seq {
		sub.push(m.seq, m.envelope(sub.seat))
	}
}

func (m *match) unsubscribe(sub *subscriber) { delete(m.subs, sub) }
