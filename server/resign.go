package server

// Resigning, claiming victory and leaving a table.
//
// A player may resign at any time while the game runs. With two players (or once fewer than two seats, or
// no person, would be left playing) the game ends and the resigner is ranked last; at a larger table the
// game goes on for the others and the server plays the resigned seat's decisions by the game's automatic
// move (as it does for a bot seat), ranking it last whatever it scores. A solo game resigned ends as
// abandoned. Every resignation is an event of the match's log, so a match replays to the same end.
//
// A player whose opponents have all stopped playing (their clock ran out and they have not played since,
// for one more clock length) may claim victory: the game ends and those gone are ranked after the
// claimant. Before the start, a player other than the host may leave the table, freeing the seat.

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// Event kinds of this file.
const (
	evResign = observe.Resign
	evClaim  = observe.Claim
)

// Why a game ended before its rules ended it (matchInfo.Ended).
const (
	endResigned  = "resigned"  // the resignations left fewer than two seats, or only bots, playing
	endAbandoned = "abandoned" // a solo game its player resigned
	endClaimed   = "claimed"   // a player claimed victory over the others, gone
)

// Why the server plays a seat's move (moveData.Auto): its clock ran out, it is a bot's, it resigned.
const (
	autoTimeout  = "timeout"
	autoBot      = "bot"
	autoResigned = "resigned"
)

type resignData struct {
	// Ended is set when the resignation ends the game: endResigned or endAbandoned. It is decided when the
	// event is logged and replayed as logged.
	Ended string `json:"ended,omitempty"`
}

type claimData struct {
	Absent []game.Seat `json:"absent"` // the seats found gone, ranked after the claimant
}

// hasResigned reports whether seat s resigned.
func (m *match) hasResigned(s game.Seat) bool { return slices.Contains(m.resigned, s) }

// over reports whether the game has ended, by its rules or by resignation or claim.
func (m *match) over() bool { return m.started && (m.ended != "" || m.st.Over()) }

// toAct are the seats that must act now: none once the game has ended, however it ended.
func (m *match) toAct() []game.Seat {
	if !m.started || m.ended != "" {
		return nil
	}
	return m.st.ToAct()
}

// result is the outcome of a game that is over (over). Resigned seats rank after everyone else, the
// later resigner above the earlier; after a claim the claimant ranks first and those gone next. A game
// ended early keeps the scores as they stood; its ranks are the order above, those still playing sharing
// the first place (its own rules never ranked them).
func (m *match) result() game.Result {
	var r game.Result
	if m.ended == "" {
		r = m.st.Result()
		if len(m.resigned) == 0 {
			return r
		}
	} else {
		r.Scores = m.scoresNow()
	}
	// Each seat's standing is (group, order within it), lower first; a seat's rank is one more than the
	// number of seats standing strictly before it, so that equal standings share a rank.
	type standing struct{ group, order int }
	st := make([]standing, len(m.seats))
	for s := range m.seats {
		switch i := slices.Index(m.resigned, game.Seat(s)); {
		case i >= 0:
			st[s] = standing{2, len(m.resigned) - i}
		case slices.Contains(m.absent, game.Seat(s)):
			st[s] = standing{1, 0}
		case m.ended == "" && s < len(r.Ranks):
			st[s] = standing{0, r.Ranks[s]}
		}
	}
	ranks := make([]int, len(m.seats))
	for s := range st {
		ranks[s] = 1
		for o := range st {
			if st[o].group < st[s].group || (st[o].group == st[s].group && st[o].order < st[s].order) {
				ranks[s]++
			}
		}
	}
	r.Ranks = ranks
	return r
}

// scoresNow are the scores as they stand in a game its rules have not ended (both engines count them as
// they go); zeros should the engine not give them.
func (m *match) scoresNow() (scores []int) {
	defer func() {
		if recover() != nil || len(scores) != len(m.seats) {
			scores = make([]int, len(m.seats))
		}
	}()
	return slices.Clone(m.st.Result().Scores)
}

// played does the bookkeeping of claims for a move of seat s (auto: why the server played it): a seat
// that plays is present; a seat whose clock ran out is gone from then, until it plays again.
func (m *match) played(s game.Seat, auto string, at time.Time) {
	if int(s) >= len(m.timedOut) {
		return
	}
	switch auto {
	case "":
		m.timedOut[s] = time.Time{}
	case autoTimeout:
		if m.timedOut[s].IsZero() {
			m.timedOut[s] = at
		}
	}
}

// goneFrom is when seat s counts as gone for a claim of victory: one clock length after its clock first
// ran out since it last played (ok false: it has played since, or the match has no clock).
func (m *match) goneFrom(s game.Seat) (time.Time, bool) {
	if m.cfg.Clock == nil || int(s) >= len(m.timedOut) || m.timedOut[s].IsZero() {
		return time.Time{}, false
	}
	return m.timedOut[s].Add(time.Duration(m.cfg.Clock.Seconds) * time.Second), true
}

// playing reports whether the game goes on once seat out resigns: at least two seats still playing, one
// of them a person (bots alone would play on for nobody).
func (m *match) playing(out game.Seat) bool {
	n, person := 0, false
	for s, si := range m.seats {
		if game.Seat(s) == out || m.hasResigned(game.Seat(s)) {
			continue
		}
		n++
		person = person || si.bot == ""
	}
	return n >= 2 && person
}

// stillPlaying refuses an action of seat s once the game is over or s has resigned.
func (m *match) stillPlaying(s game.Seat) error {
	if m.closed {
		return refuse(codeClosed, "the host closed this match")
	}
	if !m.started {
		return refuse(codeNotStarted, "the match has not started")
	}
	if m.over() {
		return refuse(codeGameOver, "the game is over")
	}
	if m.hasResigned(s) {
		return refuse(codeResigned, "seat %d (%s) has resigned", s, m.seats[s].name)
	}
	return nil
}

// resign is seat s giving up.
func (m *match) resign(ctx context.Context, s game.Seat) error {
	if !m.started && !m.closed {
		return refuse(codeNotStarted, "the match has not started: leave the table instead (POST /api/matches/%s/leave)", m.id)
	}
	if err := m.stillPlaying(s); err != nil {
		return err
	}
	d, status := resignData{}, statusPlaying
	switch {
	case len(m.seats) == 1:
		d.Ended = endAbandoned
	case !m.playing(s):
		d.Ended = endResigned
	}
	if d.Ended != "" {
		status = statusFinished
	}
	return m.record1(ctx, store.Event{Kind: evResign, Seat: int(s), At: m.srv.now(), Data: mustJSON(d)}, status)
}

// claimVictory is seat s claiming the game over the others, all of them resigned or gone (goneFrom).
func (m *match) claimVictory(ctx context.Context, s game.Seat) error {
	if err := m.stillPlaying(s); err != nil {
		return err
	}
	if m.cfg.Clock == nil {
		return refuse(codeNotClaimable, "this match has no clock: nobody's time runs out, so no victory can be claimed")
	}
	now := m.srv.now()
	var absent []game.Seat
	for o, si := range m.seats {
		seat := game.Seat(o)
		if seat == s || m.hasResigned(seat) {
			continue
		}
		if si.bot != "" {
			return refuse(codeNotClaimable, "%s is a bot, which never leaves the table", si.name)
		}
		from, ok := m.goneFrom(seat)
		if !ok {
			return refuse(codeNotClaimable, "%s is still playing: their clock has not run out since they last played", si.name)
		}
		if now.Before(from) {
			return refuse(codeNotClaimable, "%s's clock ran out at %s; victory can be claimed from %s (%s from now)",
				si.name, m.timedOut[seat].UTC().Format(time.RFC3339), from.UTC().Format(time.RFC3339), from.Sub(now).Round(time.Second))
		}
		absent = append(absent, seat)
	}
	if len(absent) == 0 {
		return refuse(codeNotClaimable, "nobody else is playing at this table")
	}
	return m.record1(ctx, store.Event{Kind: evClaim, Seat: int(s), At: now, Data: mustJSON(claimData{Absent: absent})}, statusFinished)
}

// applyEnd applies a logged resignation or claim.
func (m *match) applyEnd(ev store.Event) error {
	s := game.Seat(ev.Seat)
	if !m.started || m.over() || s < 0 || int(s) >= len(m.seats) || m.hasResigned(s) {
		return refuse(codeConflict, "seat %d cannot %s now", s, ev.Kind)
	}
	if ev.Kind == evClaim {
		var d claimData
		if err := json.Unmarshal(ev.Data, &d); err != nil {
			return err
		}
		m.ended, m.absent = endClaimed, d.Absent
		return nil
	}
	var d resignData
	if err := json.Unmarshal(ev.Data, &d); err != nil {
		return err
	}
	m.resigned = append(m.resigned, s)
	m.ended = d.Ended
	return nil
}

// resignRequest is the optional body of a resignation: the seat the client means to resign, checked
// against the seat its credentials act for.
type resignRequest struct {
	Seat *int `json:"seat"`
}

// endAction handles POST /api/matches/{id}/resign and /claim: act (resign or claimVictory) for the seat
// the request's credentials act for.
func (s *Server) endAction(act func(m *match, ctx context.Context, seat game.Seat) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req resignRequest
		if err := s.decodeOptional(w, r, &req); err != nil {
			return err
		}
		out, err := s.seated(r, func(m *match, seat game.Seat) error {
			if req.Seat != nil && *req.Seat != int(seat) {
				return refuse(codeForbidden, "your credentials act for seat %d, not seat %d", seat, *req.Seat)
			}
			return act(m, r.Context(), seat)
		})
		if err != nil {
			return err
		}
		writeRaw(w, http.StatusOK, out)
		return nil
	}
}

// leave is POST /api/matches/{id}/leave: a seated player other than the host gives the seat up before the
// start. The answer is the match as a spectator sees it.
func (s *Server) leave(w http.ResponseWriter, r *http.Request) error {
	if err := s.decodeOptional(w, r, &struct{}{}); err != nil {
		return err
	}
	id := r.PathValue("id")
	var out []byte
	err := s.withMatch(r.Context(), id, func(m *match) error {
		seat, err := s.actingSeat(r, m)
		if err != nil {
			return err
		}
		switch {
		case m.closed:
			return refuse(codeClosed, "the host closed this match")
		case m.started:
			return refuse(codeAlreadyStarted, "the match has started: resign instead (POST /api/matches/%s/resign)", id)
		case seat == hostSeat:
			return refuse(codeForbidden, "the host cannot leave their own table: close the match instead (POST /api/matches/%s/close)", id)
		}
		if err := m.removeSeat(r.Context(), seat); err != nil {
			return err
		}
		s.ident.RemoveSeat(r.Context(), id, seat)
		out = m.envelope(game.Spectator)
		return nil
	})
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, out)
	return nil
}
