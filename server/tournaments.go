package server

import (
	"context"
	"net/http"
	"slices"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/botapi"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/tournaments"
	"github.com/surveyor-game/surveyor/store"
)

// newTournaments builds the room of the tournaments (server/tournaments): with accounts only (the routes
// refuse before the room without them).
func (s *Server) newTournaments() *tournaments.Room {
	ts, _ := s.accounts.(store.Tournaments)
	return tournaments.New(tournaments.Host{Accounts: s.accounts, Store: ts, Ident: s.ident, Games: s.games, Bots: s.bots,
		Now: s.now, Log: s.log, MaxBody: s.maxBody, Start: s.startTournamentMatch, Resign: s.resignSeat, Idle: s.idleSeats, Result: s.endedMatch, Creating: s.creating,
		Notify: s.social.AddNotes, Go: func(fn func(context.Context)) { s.wg.Go(func() { fn(s.ctx) }) }})
}

// creating refuses a client that opened many matches or tournaments in a short time.
func (s *Server) creating(r *http.Request) error {
	if s.creations != nil {
		if wait := s.creations.Take(httpkit.ClientKey(r, s.trusted), s.now()); wait > 0 {
			return tooMany(wait, "you have created many matches or tournaments in a short time; wait a few seconds")
		}
	}
	return nil
}

// startTournamentMatch creates a tournament's game: its seats in the pairing's order, each account bound
// to its seat before the start (so the start's notes reach them), the bots seated by the server, listed
// so that anyone may watch (an invite-only tournament's: unlisted, opened by its link), with the
// tournament's clock, rated when the tournament is.
func (s *Server) startTournamentMatch(ctx context.Context, su tournaments.Setup) (string, error) {
	cfg := config{MaxSeats: len(su.Seats), Rated: su.Rated, Tournament: su.Tournament, Unlisted: su.Unlisted}
	if su.Clock != nil {
		cfg.Clock = &clockConf{Mode: su.Clock.Mode, Seconds: su.Clock.Seconds}
	}
	id, err := s.insertMatch(ctx, s.newMatchRow(su.Game, su.Options, cfg))
	if err != nil {
		return "", err
	}
	users := make([]store.User, len(su.Seats))
	for i, seat := range su.Seats {
		if seat.UserID == "" {
			continue
		}
		if users[i], err = s.accounts.UserByID(ctx, seat.UserID); err != nil {
			return "", err
		}
	}
	err = s.withMatch(ctx, id, func(m *match) error {
		for i, seat := range su.Seats {
			if seat.Bot != "" {
				if _, _, _, err := m.addBot(ctx, seat.Bot, seat.Name); err != nil {
					return err
				}
				continue
			}
			if _, _, err := m.join(ctx, users[i].Name, users[i].Name); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	for i, u := range users {
		if u.ID != "" {
			if err := s.ident.BindSeat(ctx, u, id, game.Seat(i)); err != nil {
				return "", err
			}
		}
	}
	if err := s.withMatch(ctx, id, func(m *match) error { return m.start(ctx) }); err != nil {
		return id, err
	}
	// a bot account (the open bot API's) hears of its game on its stream, as when it joins one itself
	for i, u := range users {
		if u.Bot {
			s.botapi.Seated(ctx, u.ID, game.Seat(i), botapi.Match{ID: id, Game: su.Game, Options: su.Options})
		}
	}
	return id, nil
}

// resignSeat resigns a seat of a tournament game in play; a game over or a seat resigned already is no
// error (a withdrawal and a forfeit may meet).
func (s *Server) resignSeat(ctx context.Context, id string, seat int) error {
	return s.withMatch(ctx, id, func(m *match) error {
		if !m.started || m.over() || seat < 0 || seat >= len(m.seats) || m.hasResigned(game.Seat(seat)) {
			return nil
		}
		return m.resign(ctx, game.Seat(seat))
	})
}

// idleSeats are the seats of a game in play that must act and have made no move of their own since it
// started; all reports that every person's seat has moved, or the game is over. When a seat is idle, a
// seat waiting for its first turn whose player has not moved either and has not the game open (no socket
// on any instance) is absent too: a double no-show loses for both (docs/tournaments.md).
func (s *Server) idleSeats(ctx context.Context, id string) (idle []int, all bool, err error) {
	var waiting []int
	err = s.withMatch(ctx, id, func(m *match) error {
		if !m.started || m.over() {
			all = true
			return nil
		}
		moved := make([]bool, len(m.seats))
		for _, mv := range m.moves {
			if !mv.auto && int(mv.seat) < len(moved) {
				moved[mv.seat] = true
			}
		}
		all = true
		for i, si := range m.seats {
			if moved[i] || si.bot != "" {
				continue
			}
			all = false
			switch {
			case m.hasResigned(game.Seat(i)):
			case slices.Contains(m.toAct(), game.Seat(i)):
				idle = append(idle, i)
			default:
				waiting = append(waiting, i)
			}
		}
		return nil
	})
	if err != nil || len(idle) == 0 || len(waiting) == 0 {
		return idle, all, err
	}
	table, err := s.table(ctx, id)
	for _, i := range waiting {
		if i < len(table) && !table[i].Here {
			idle = append(idle, i)
		}
	}
	return idle, all, err
}
