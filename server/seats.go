package server

import (
	"context"
	"fmt"
	"net/http"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// Seats held by accounts. A seat is taken with a seat token as ever; when the player is signed in (or
// signs in later, claiming the seats the browser holds), the account store records that the account
// holds it. The account then acts for the seat from any device with its session or an API token, and
// finds the match in its games.

// claimSeats binds to an account the seats a guest browser proves it holds with their tokens; claims that
// do not prove a seat, or name one another account holds, are skipped. It returns the matches claimed.
func (s *Server) claimSeats(ctx context.Context, u store.User, claims []seatClaim) []string {
	claimed := []string{}
	for i, c := range claims {
		if i == 200 {
			break // a browser keeps at most this many seats
		}
		var seat game.Seat
		challenge := ""
		err := s.withMatch(ctx, c.Match, func(m *match) (err error) {
			if seat, err = m.seatOf(c.Token); err != nil {
				return err
			}
			challenge = m.cfg.Challenge
			// A seat an account holds stays that account's: its token proves no guest's seat.
			held, err := s.ident.SeatHolders(ctx, m.id, len(m.seats))
			if err != nil {
				return err
			}
			if h := held[seat]; h != "" && h != u.ID {
				return errf(http.StatusForbidden, codeForbidden, "another account holds this seat")
			}
			return nil
		})
		if err != nil {
			continue
		}
		if err := s.ident.BindSeat(ctx, u, c.Match, seat); err != nil {
			s.log.Error("claim seat", "match", c.Match, "err", err)
			continue
		}
		if challenge != "" {
			s.challenges.Claim(ctx, u, c.Match, challenge)
		}
		claimed = append(claimed, c.Match)
	}
	return claimed
}

// claim binds seats to the signed-in account: POST /api/account/claim {"seats": [{"match", "token"}]}.
func (s *Server) claim(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, scopePlay)
	if err != nil {
		return err
	}
	var req struct {
		Seats []seatClaim `json:"seats"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"claimed": s.claimSeats(r.Context(), p.User, req.Seats)})
	return nil
}

// actingSeat is the seat a request acts for in a match: the seat its seat token names or, without one,
// the seat its signed-in account holds.
func (s *Server) actingSeat(r *http.Request, m *match) (game.Seat, error) {
	if tok := token(r); tok != "" && !isAPIToken(tok) {
		return m.seatOf(tok)
	}
	p, err := s.ident.WhoIs(r)
	if err != nil {
		return 0, err
	}
	if p == nil {
		return m.seatOf("") // the usual "a seat token is required"
	}
	if r.Method != http.MethodGet && !p.Can(scopePlay) {
		return 0, errf(http.StatusForbidden, codeForbidden, `the API token lacks the "play" scope`)
	}
	return s.ident.SeatOf(r.Context(), m.id, p.User.ID)
}

// mayPlay reports whether the request may act for the seat viewerSeat gives it: a seat token may, and an
// account by its session or by an API token with the play scope (a read-only token looks, docs/api.md).
func (s *Server) mayPlay(r *http.Request) bool {
	if tok := token(r); tok != "" && !isAPIToken(tok) {
		return true
	}
	p, err := s.ident.WhoIs(r)
	return err == nil && p != nil && p.Can(scopePlay)
}

// viewerSeat is the seat whose view a request sees: its seat token's, or its signed-in account's seat,
// or none (a spectator). (A WebSocket opened by another site's page comes without its cookie: the gate of
// crosssite.go removed it, since such a page could read what the socket says.)
func (s *Server) viewerSeat(r *http.Request, m *match) (game.Seat, error) {
	if tok := token(r); tok != "" && !isAPIToken(tok) {
		return m.seatOf(tok)
	}
	p, err := s.ident.WhoIs(r)
	if err != nil || p == nil {
		return game.Spectator, err
	}
	seat, err := s.ident.SeatOf(r.Context(), m.id, p.User.ID)
	if err != nil {
		return game.Spectator, nil // signed in, but not a player here: a spectator
	}
	return seat, nil
}

// yourGames lists the matches the signed-in account holds seats in, newest first: GET /api/account/games.
// A client reads each match as usual (GET /api/matches/{id} with the same credentials) for its state.
func (s *Server) yourGames(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, scopeRead)
	if err != nil {
		return err
	}
	refs, err := s.accounts.SeatsOf(r.Context(), p.User.ID, 100)
	if err != nil {
		return fmt.Errorf("your games: %w", err)
	}
	type entry struct {
		lobbyEntry
		Seat int `json:"seat"`
	}
	out := make([]entry, 0, len(refs))
	for _, ref := range refs {
		g, err := s.store.Game(r.Context(), ref.GameID)
		if err != nil {
			continue // a match that is gone leaves nothing to show
		}
		out = append(out, entry{lobbyEntry: lobbyEntry{ID: g.ID, Game: g.Game, Status: g.Status, Options: g.Options,
			Summary: currentSummary(g.Summary), Created: g.Created}, Seat: ref.Seat})
	}
	writeJSON(w, http.StatusOK, map[string]any{"matches": out})
	return nil
}

// bindIfSignedIn binds a seat just taken to the request's account, if it has one that may play. The seat
// is taken either way (its token is in the answer): a failure here only leaves it to be claimed later.
func (s *Server) bindIfSignedIn(r *http.Request, matchID string, seat game.Seat) {
	p, err := s.ident.WhoIs(r)
	if err != nil || p == nil || !p.Can(scopePlay) {
		return
	}
	if err := s.ident.BindSeat(r.Context(), p.User, matchID, seat); err != nil {
		s.log.Error("bind seat", "match", matchID, "err", err)
	}
}
