package server

import (
	"errors"
	"net/http"

	"github.com/surveyor-game/surveyor/store"
)

// Rematch: once a game is over, any of its players may ask for a new match of the same game with the same
// options, seat limit and clock (a new seed, so new cards and tiles). The first request creates it, seats
// the asker and the finished match's bots, and logs a pointer to it in the finished match, which every
// client of that match then sees as match.rematch; later requests seat their askers in it.

const evRematch = "rematch"

type rematchData struct {
	ID string `json:"id"`
}

// rematchPlan is what a rematch copies from the finished match, read under its lock.
type rematchPlan struct {
	id   string // the rematch, once created
	name string // the asker's name
	bots []seatInfo
}

// POST /api/matches/{id}/rematch
func (s *Server) rematch(w http.ResponseWriter, r *http.Request) error {
	if err := s.decodeOptional(w, r, &struct{}{}); err != nil {
		return err
	}
	var plan rematchPlan
	created := false
	err := s.withMatch(r.Context(), r.PathValue("id"), func(m *match) error {
		seat, err := m.seatOf(token(r))
		if err != nil {
			return err
		}
		if !m.started || !m.st.Over() {
			return errf(http.StatusConflict, codeNotFinished, "a rematch can be asked for once the game is over")
		}
		plan = rematchPlan{id: m.rematch, name: m.seats[seat].name}
		if plan.id != "" {
			return nil
		}
		id, err := s.createMatch(r.Context(), m.row.Game, m.row.Options, m.cfg)
		if err != nil {
			return err
		}
		// Should the pointer not be logged (another instance logged its own first), the match just created
		// stays open and unused; the retry joins the other one.
		ev := store.Event{Kind: evRematch, Seat: int(seat), At: s.now(), Data: mustJSON(rematchData{ID: id})}
		if err := m.record1(r.Context(), ev, m.status()); err != nil {
			return err
		}
		for _, si := range m.seats {
			if si.bot != "" {
				plan.bots = append(plan.bots, si)
			}
		}
		plan.id, created = id, true
		return nil
	})
	if err != nil {
		return err
	}
	resp := seatResp{ID: plan.id, Invite: inviteURL(r, plan.id)}
	err = s.withMatch(r.Context(), plan.id, func(m *match) (err error) {
		if resp.Seat, resp.Token, err = m.join(r.Context(), plan.name); err != nil {
			return err
		}
		if created {
			for _, b := range plan.bots {
				if _, _, _, err := m.addBot(r.Context(), b.bot, b.name); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return errf(http.StatusNotFound, codeNotFound, "the rematch no longer exists")
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, resp)
	return nil
}
