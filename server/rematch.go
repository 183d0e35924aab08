package server

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// Rematch: once a game is over, any of its players may ask for a new match of the same game with the same
// options, seat limit and clock (a new seed, so new cards and tiles). The first request creates it, seats
// the asker and the finished match's bots, and logs a pointer to it in the finished match, which every
// client of that match then sees as match.rematch; later requests seat their askers in it.
//
// Requests may meet on several instances, or be repeated after a lost response, so every step can be
// taken again without doubling anything: the rematch's id is derived from the finished match's (instances
// that both create it make one match, the second finding it there), only the request that logs the pointer
// seats the bots, and asking again finds the seat taken the first time. An asker who sends their seat's
// token gets, in the rematch, a token derived from it: only its holder can work it out, since the server
// keeps only tokens' hashes (a token derived from a stored hash would be known to anyone who reads the
// database), and asking again hands back the same one. An asker by their account (a tournament's players,
// whom the server seated, hold no token) gets a random token the first time; asking again finds the seat
// bound to the account and hands back no token, since the account acts for the seat.

const evRematch = observe.Rematch

type rematchData struct {
	ID string `json:"id"`
}

// rematchPlan is what a rematch copies from the finished match, read under its lock.
type rematchPlan struct {
	id      string // the rematch
	name    string // the asker's name
	account string // and the account that held the asker's seat
	token   string // the asker's seat token in the finished match, "" when they ask by their account
	first   bool   // this request logged the pointer: it seats the bots
	bots    []seatInfo
}

// rematchID is the id of the rematch of match id.
func rematchID(id string) string {
	h := sha256.Sum256([]byte("surveyor rematch\x00" + id))
	return httpkit.IDEncoding.EncodeToString(h[:10])
}

// rematchToken is the seat token, in the rematch next, of the player whose token in the finished match
// is tok. Only that player can work it out: tokens are secret and the server keeps only their hashes.
// (Never call it with a hash: what the database holds would then give the rematch's seats away.)
func rematchToken(next, tok string) string {
	h := sha256.Sum256([]byte("surveyor rematch seat\x00" + next + "\x00" + tok))
	return base64.RawURLEncoding.EncodeToString(h[:])
}

// seatHeld finds the seat of m that token tok holds (byToken), or else one bound to account.
func (m *match) seatHeld(tok, account string) (seat game.Seat, byToken, held bool) {
	if seat, err := m.seatOf(tok); err == nil {
		return seat, true, true
	}
	for i, si := range m.seats {
		if account != "" && si.account == account {
			return game.Seat(i), false, true
		}
	}
	return 0, false, false
}

// POST /api/matches/{id}/rematch
func (s *Server) rematch(w http.ResponseWriter, r *http.Request) error {
	if err := s.decodeOptional(w, r, &struct{}{}); err != nil {
		return err
	}
	var plan rematchPlan
	err := s.withMatch(r.Context(), r.PathValue("id"), func(m *match) error {
		seat, err := s.actingSeat(r, m)
		if err != nil {
			return err
		}
		if !m.over() {
			return refuse(codeNotFinished, "a rematch can be asked for once the game is over")
		}
		plan = rematchPlan{id: m.rematch, name: m.seats[seat].name, account: m.seats[seat].account}
		if tok := token(r); tok != "" && !isAPIToken(tok) {
			plan.token = tok
		}
		if plan.id != "" {
			return nil
		}
		// The row may exist already, made by a request on another instance or by an earlier attempt whose
		// pointer was not logged: it is the same rematch.
		// A rematch of a challenge attempt or of a tournament's game is an ordinary game: a new seed, so
		// no attempt; no pairing, so no tournament's.
		cfg := m.cfg
		cfg.Challenge, cfg.Tournament = "", ""
		g := s.newMatchRow(m.row.Game, m.row.Options, cfg)
		g.ID = rematchID(m.id)
		if err := s.store.CreateGame(r.Context(), g); err == nil {
			s.log.Info("match created", "match", g.ID, "game", g.Game, "follows", m.id)
		} else if !errors.Is(err, store.ErrExists) {
			return err
		}
		ev := store.Event{Kind: evRematch, Seat: int(seat), At: s.now(), Data: mustJSON(rematchData{ID: g.ID})}
		if err := m.record1(r.Context(), ev, m.status()); err != nil {
			return err
		}
		for _, si := range m.seats {
			if si.bot != "" {
				plan.bots = append(plan.bots, si)
			}
		}
		plan.id, plan.first = g.ID, true
		return nil
	})
	if err != nil {
		return err
	}
	tok := newToken()
	if plan.token != "" {
		tok = rematchToken(plan.id, plan.token)
	}
	resp := seatResp{ID: plan.id, Invite: s.inviteURL(r, plan.id)}
	botsDone := 0 // bots seated by an attempt that a conflict interrupted
	err = s.withMatch(r.Context(), plan.id, func(m *match) (err error) {
		seat, byToken, held := m.seatHeld(tok, plan.account)
		switch {
		case byToken:
			resp.Seat, resp.Token = seat, tok
		case held: // taken for the account by an earlier request, whose response alone carried its token
			resp.Seat = seat
		default:
			if resp.Seat, _, err = m.joinWith(r.Context(), plan.name, plan.account, tok); err != nil {
				return err
			}
			resp.Token = tok
		}
		if !plan.first {
			return nil
		}
		for ; botsDone < len(plan.bots); botsDone++ {
			b := plan.bots[botsDone]
			_, _, _, err := m.addBot(r.Context(), b.bot, b.name)
			if err == nil {
				continue
			}
			if errors.Is(err, store.ErrConflict) || toAPIError(err).Status >= 500 {
				return err
			}
			// The asker has a seat: a bot that does not fit (this server lacks it, the match filled up
			// meanwhile) leaves its seat to whoever takes it.
			s.log.Warn("rematch: bot not seated", "match", plan.id, "bot", b.bot, "err", err)
		}
		return nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return refuse(codeNotFound, "the rematch no longer exists")
	}
	if err != nil {
		return err
	}
	s.bindIfSignedIn(r, plan.id, resp.Seat)
	writeJSON(w, http.StatusOK, resp)
	return nil
}
