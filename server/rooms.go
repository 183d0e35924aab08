package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/analysisroom"
	"github.com/surveyor-game/surveyor/server/botapi"
	"github.com/surveyor-game/surveyor/server/challenges"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/ratings"
	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// The rooms beside the match host, wired: each is handed what it needs of the matches as functions,
// and the ones that follow from a game observe it (observer.go).

// newSocial builds the social room (server/social); it refuses what takes an account without one.
func (s *Server) newSocial() *social.Room {
	n, _ := s.store.(store.Notifier)
	return social.New(social.Host{Accounts: s.accounts, Ident: s.ident, Notifier: n, Now: s.now, Log: s.log,
		MaxBody: s.maxBody, Drained: s.drained, Acted: s.seatActed, Watching: s.watching, Table: s.table,
		Delivered: func(channel string, err error) { s.metrics.Notification(channel, err) }})
}

// observeRooms registers the rooms that observe the matches: with accounts only (notes and ratings are
// an account's), and in this order: the notes are written first, then the sender woken for them. It starts
// nothing: it returns the rooms' loops, for New to start once every observer is in place. The observers
// are read without a lock by whatever logs an event, and a loop's first tick may log some (a tournament
// due while the server was down starts its games).
func (s *Server) observeRooms(ctx context.Context, cfg Config) ([]func(context.Context), error) {
	if s.ident.Available() != nil {
		return nil, nil
	}
	s.observe(s.social.Notes())
	s.observe(s.ratings.Observer())
	s.observe(s.challenges.Observer())
	s.observe(s.tournaments.Observer())
	// The challenges' key is made now rather than by the first request that needs it: a GET changes nothing.
	if err := s.challenges.Prepare(ctx); err != nil {
		return nil, err
	}
	sender, run, err := s.social.StartSender(ctx, social.SenderConfig{PublicURL: cfg.PublicURL, SMTP: cfg.SMTP,
		NoPush: cfg.NoPush, PushLoopback: cfg.PushLoopback, OutboxLease: cfg.OutboxLease})
	if err != nil {
		return nil, err
	}
	s.observe(sender)
	return []func(context.Context){s.challenges.Run, s.tournaments.Run, run}, nil
}

// newRatings builds the ratings room (server/ratings).
func (s *Server) newRatings() *ratings.Room {
	return ratings.New(ratings.Host{Accounts: s.accounts, Store: s.store, Games: s.games, Bots: s.bots, Now: s.now,
		Log: s.log, Finished: s.finished, Result: s.finalResult, Challenges: func(ctx context.Context, userID string, own bool) (any, error) {
			return s.challenges.ProfileOf(ctx, userID, own)
		}, Viewer: s.viewerID, ChallengeOf: challengeOf, ChallengeEnds: s.challengeEnds, TournamentOf: tournamentOf, SeesTournament: s.seesTournament})
}

// configOf is a stored match's own settings (the zero config if they cannot be read).
func configOf(g store.Game) config {
	var cfg config
	if json.Unmarshal(g.Config, &cfg) != nil {
		return config{}
	}
	return cfg
}

// tournamentOf is the tournament a stored match was played in ("" for none).
func tournamentOf(g store.Game) string { return configOf(g).Tournament }

// challengeOf is the challenge a stored match is an attempt at ("" for none).
func challengeOf(g store.Game) string { return configOf(g).Challenge }

// challengeEnds is when a challenge ends (zero for an id the catalogue does not know).
func (s *Server) challengeEnds(id string) time.Time {
	end, _ := s.challenges.Ends(id, s.now())
	return end
}

// seesTournament reports whether an account ("" for a guest) may see a tournament's games listed: a
// public tournament's are anyone's, an invite-only one's belong to its creator and its players, as the
// tournament itself does (server/tournaments, visible). A tournament gone or unknown shows nothing.
func (s *Server) seesTournament(ctx context.Context, tournament, viewer string) (bool, error) {
	ts, ok := s.accounts.(store.Tournaments)
	if !ok {
		return false, nil
	}
	t, err := ts.Tournament(ctx, tournament)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	} else if err != nil {
		return false, fmt.Errorf("tournament %s: %w", tournament, err)
	}
	if t.Visibility == "public" {
		return true, nil
	}
	if viewer == "" {
		return false, nil
	}
	if viewer == t.Creator {
		return true, nil
	}
	es, err := ts.Entrants(ctx, tournament)
	if err != nil {
		return false, fmt.Errorf("tournament %s: %w", tournament, err)
	}
	return slices.ContainsFunc(es, func(e store.Entrant) bool { return e.UserID == viewer }), nil
}

// viewerID is the account a request acts for, "" for a guest or credentials that name none (what it may
// see is then what anyone may).
func (s *Server) viewerID(r *http.Request) string {
	if p, err := s.ident.WhoIs(r); err == nil && p != nil {
		return p.User.ID
	}
	return ""
}

// newChallenges builds the room of the daily and weekly challenges (server/challenges): with accounts
// only (its key and its attempts are kept beside them).
func (s *Server) newChallenges() *challenges.Room {
	cs, _ := s.accounts.(store.Challenges)
	return challenges.New(challenges.Host{Accounts: s.accounts, Challenges: cs, Ident: s.ident, Games: s.games, Bots: s.bots, Series: s.series,
		Now: s.now, Log: s.log, MaxBody: s.maxBody, Start: s.startAttempt, Result: s.finalResult, Notify: s.social.AddNotes})
}

// startAttempt creates a challenge attempt's match with the challenge's seed and options, seats the
// player (bound to their account if signed in) and the bots, and starts it.
func (s *Server) startAttempt(r *http.Request, a challenges.Setup) (challenges.Started, error) {
	var out challenges.Started
	if err := checkName(a.Name); err != nil {
		return out, err
	}
	if s.creations != nil {
		if wait := s.creations.Take(httpkit.ClientKey(r, s.trusted), s.now()); wait > 0 {
			return out, tooMany(wait, "you have opened many matches in a short time; wait a few seconds")
		}
	}
	account, err := s.ident.SeatName(r, a.Name)
	if err != nil {
		return out, err
	}
	cfg := config{MaxSeats: 1 + len(a.Bots), Unlisted: true, Challenge: a.Challenge}
	row := s.newMatchRow(a.Game, a.Options, cfg)
	row.Seed = a.Seed
	id, err := s.insertMatch(r.Context(), row)
	if err != nil {
		return out, err
	}
	err = s.withMatch(r.Context(), id, func(m *match) error {
		seat, tok, err := m.join(r.Context(), a.Name, account)
		if err != nil {
			return err
		}
		for _, b := range a.Bots {
			// The bot sits under a name of the challenge's, the same at every attempt.
			if _, _, _, err := m.addBot(r.Context(), b, botCharacter(a.Challenge, m.seats)); err != nil {
				return err
			}
		}
		out = challenges.Started{ID: id, Seat: int(seat), Token: tok, Invite: s.inviteURL(r, id)}
		return m.start(r.Context())
	})
	if err != nil {
		return challenges.Started{}, err
	}
	s.bindIfSignedIn(r, id, game.Seat(out.Seat))
	return out, nil
}

// finished is a match that is over, as the ratings room reads it for a request: an attempt at a running
// challenge is its player's alone (whether it is over would tell another that it was played out).
func (s *Server) finished(r *http.Request, id string) (ratings.Match, error) {
	var out ratings.Match
	err := s.withMatch(r.Context(), id, func(m *match) error {
		if err := s.ownAttempt(r, m); err != nil {
			return err
		}
		if !m.over() {
			return errf(http.StatusConflict, codeNotFinished, "ratings change once the game is over")
		}
		out = ratings.Match{Game: m.row.Game, Rated: m.cfg.Rated}
		for _, seat := range m.seats {
			out.Accounts = append(out.Accounts, seat.account)
		}
		return nil
	})
	return out, err
}

// finalResult is a finished match's result, its number of seats and why it ended early ("" if by its
// rules).
func (s *Server) finalResult(ctx context.Context, id string) (res game.Result, seats int, ended string, ok bool) {
	s.withMatch(ctx, id, func(m *match) error {
		if m.over() {
			res, seats, ended, ok = m.result(), len(m.seats), m.ended, true
		}
		return nil
	})
	return res, seats, ended, ok
}

// endedMatch is a finished match's result and when its log says it ended, for the tournaments. A match
// out of memory whose stored row is not finished has not ended, and is not rebuilt from its log to say
// so: an arena's end asks it of every game in play (500 for 1,000 players), nearly all still playing.
func (s *Server) endedMatch(ctx context.Context, id string) (res game.Result, at time.Time, ok bool) {
	s.mu.Lock()
	_, held := s.matches[id]
	s.mu.Unlock()
	if !held {
		if g, err := s.store.Game(ctx, id); err != nil || g.Status != statusFinished {
			return res, at, false
		}
	}
	s.withMatch(ctx, id, func(m *match) error {
		if m.over() {
			res, at, ok = m.result(), m.endedAt, true
		}
		return nil
	})
	return res, at, ok
}

// newBotAPI builds the open bot API's room (server/botapi).
func (s *Server) newBotAPI() *botapi.Room {
	return botapi.New(botapi.Host{Accounts: s.accounts, Ident: s.ident, Social: s.social, Now: s.now, MaxBody: s.maxBody,
		Drained: s.drained, InPlay: s.inPlay, Follow: s.follow, Invite: s.logInvitation, Shared: s.sharedState(), Wake: s.wakeBot,
		RatedEntry: func(ctx context.Context, userID string) (string, error) { return s.tournaments.RatedEntry(ctx, userID) }})
}

// sharedState is what the instances share in the database, or nil when this instance is alone (its
// memory then is all there is to agree with).
func (s *Server) sharedState() store.Shared {
	if sh, ok := s.store.(store.Shared); ok && s.shared {
		return sh
	}
	return nil
}

// wakeBot has every instance deliver a bot's waiting events to its stream, wherever that is open.
func (s *Server) wakeBot(ctx context.Context, userID string) {
	s.botapi.WakeHere(ctx, userID)
	if n, ok := s.store.(store.Notifier); ok {
		if err := n.Wake(ctx, []string{botWakePrefix + userID}); err != nil {
			s.log.Warn("cannot wake the other instances for a bot", "err", err)
		}
	}
}

// inPlay is a match that has neither finished nor been closed, as a bot's stream names it.
func (s *Server) inPlay(ctx context.Context, id string) (botapi.Match, bool) {
	var out botapi.Match
	ok := false
	s.withMatch(ctx, id, func(m *match) error {
		if m.row.Status != statusFinished && m.row.Status != statusClosed {
			out, ok = botapi.Match{ID: m.id, Game: m.row.Game, Options: m.row.Options}, true
		}
		return nil
	})
	return out, ok
}

// follow subscribes to the view of a match of the seat the request holds.
func (s *Server) follow(r *http.Request, id string) (botapi.Feed, error) {
	var sub *subscriber
	var mm *match
	err := s.withMatch(r.Context(), id, func(m *match) error {
		seat, err := s.viewerSeat(r, m)
		if err != nil {
			return err
		}
		if seat == game.Spectator {
			return errf(http.StatusForbidden, codeForbidden, "this bot holds no seat in the match: join it first")
		}
		mm = m
		sub = newSubscriber(seat, -1)
		m.subscribe(sub)
		return nil
	})
	if err != nil {
		return botapi.Feed{}, err
	}
	return botapi.Feed{Wake: sub.wake, Done: sub.done, Take: sub.take, Close: func() {
		mm.mu.Lock()
		mm.unsubscribe(sub)
		mm.mu.Unlock()
	}}, nil
}

// logInvitation logs that the request's seat of a match not yet started invites names.
func (s *Server) logInvitation(r *http.Request, id string, names []string, admit func() error) (botapi.Match, error) {
	var out botapi.Match
	err := s.withMatch(r.Context(), id, func(m *match) error {
		seat, err := s.actingSeat(r, m)
		if err != nil {
			return err
		}
		if m.started || m.row.Status == statusClosed {
			return refuse(codeAlreadyStarted, "invitations are for a match that has not started")
		}
		if err := m.seatFree(); err != nil {
			return err
		}
		if err := admit(); err != nil {
			return err
		}
		// The invitation is the table's news too: its waiting room lists who was invited, and the invited
		// their page (invitations.go).
		if err := m.logInvite(r.Context(), int(seat), names); err != nil {
			return err
		}
		out = botapi.Match{ID: m.id, Game: m.row.Game, Options: m.row.Options, From: m.seats[seat].name}
		return nil
	})
	return out, err
}

// botJoined tells a bot's stream that it now holds a seat (it joined by its API token).
func (s *Server) botJoined(ctx context.Context, r *http.Request, id string, seat game.Seat) {
	s.botapi.Joined(r, seat, func() botapi.Match {
		var out botapi.Match
		s.withMatch(ctx, id, func(m *match) error {
			out = botapi.Match{ID: id, Game: m.row.Game, Options: m.row.Options}
			return nil
		})
		return out
	})
}

// seatActed reports whether a seat of a match acted since its step seq, or need not act any more (the
// game ended, the seat resigned): a turn or clock note written at seq no longer asks anything of it.
func (s *Server) seatActed(ctx context.Context, id string, seat int, seq int64) (bool, error) {
	acted := false
	err := s.withMatch(ctx, id, func(m *match) error {
		acted = m.actedSince(seat, seq)
		return nil
	})
	return acted, err
}

// actedSince is seatActed on the match's state.
func (m *match) actedSince(seat int, seq int64) bool {
	if !m.started || m.over() || seat < 0 || seat >= len(m.asked) || m.hasResigned(game.Seat(seat)) {
		return true
	}
	return !slices.Contains(m.st.ToAct(), game.Seat(seat)) || m.asked[seat] > seq
}

// watching reports whether the account has the match open and in view on this instance, at its seat.
func (s *Server) watching(gameID, userID string) bool {
	seat, ok := s.ident.Held(gameID, userID)
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
		if sub.seat == seat && !sub.hidden.Load() {
			return true
		}
	}
	return false
}

// table is who sits at a match's table now, for presence: a seat is here while a socket of it is open
// on this instance (or a bot plays it), and moved when its player last moved, not the clock.
func (s *Server) table(ctx context.Context, id string) ([]social.TableSeat, error) {
	var out []social.TableSeat
	err := s.withMatch(ctx, id, func(m *match) error {
		out = make([]social.TableSeat, len(m.seats))
		for sub := range m.subs {
			if sub.seat >= 0 && int(sub.seat) < len(out) {
				out[sub.seat].Here = true
			}
		}
		for i := len(m.moves) - 1; i >= 0; i-- {
			mv := m.moves[i]
			if !mv.auto && int(mv.seat) < len(out) && out[mv.seat].Moved.IsZero() && !mv.at.IsZero() {
				out[mv.seat].Moved = mv.at
			}
		}
		for i, si := range m.seats {
			if si.bot != "" {
				out[i].Here = true // a bot is always there
			}
		}
		for i, u := range m.seatAccounts(ctx) {
			if i < len(out) {
				out[i].Holder = u
			}
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	// sockets held on the other instances (read outside the match's lock: it is a query)
	for seat := range s.presence.seats(ctx, id, s.now()) {
		if seat < len(out) {
			out[seat].Here = true
		}
	}
	return out, nil
}

// tableSeen marks read the notes about a match of the account holding seat, whose page shows the table
// now, and tells the account's open pages the new count.
func (s *Server) tableSeen(ctx context.Context, id string, seat game.Seat) {
	user := ""
	s.withMatch(ctx, id, func(m *match) error {
		if acct := m.seatAccounts(ctx); int(seat) < len(acct) {
			user = acct[seat]
		}
		return nil
	})
	if user != "" {
		s.social.TableSeen(ctx, user, id)
	}
}

// newAnalyses builds the room of the post-game analyses (server/analysisroom): it runs on this
// instance's background work, and reads a match's record as the record endpoint gives it.
func (s *Server) newAnalyses(o analysis.Options) *analysisroom.Room {
	as, _ := s.store.(store.Analyses)
	if o.Seed == 0 {
		o.Seed = 1 // surveyor analyse's default: the server and the command agree
	}
	return analysisroom.New(analysisroom.Host{Store: as, Now: s.now, Log: s.log, Options: o,
		Go:        func(fn func(context.Context)) { s.wg.Go(func() { fn(s.ctx) }) },
		Record:    s.finishedRecord,
		Requester: s.requester})
}

// requester names who asks for an analysis, for its limit per requester: the account, or for a guest the
// address (its /64 for IPv6, behind the trusted proxies the client's).
func (s *Server) requester(r *http.Request) (string, error) {
	p, err := s.ident.WhoIs(r)
	if err != nil {
		return "", err
	}
	if p != nil {
		return "user:" + p.User.ID, nil
	}
	return "addr:" + httpkit.ClientKey(r, s.trusted), nil
}

// finishedRecord is a finished match's record with its players' names, for its analysis: refused while
// the game runs, and, for an attempt at a challenge still running, to all but the attempt's own player
// (server/challenges.go: the record itself never leaves the server while the challenge runs).
func (s *Server) finishedRecord(r *http.Request, id string) (game.Record, error) {
	var rec game.Record
	err := s.withMatch(r.Context(), id, func(m *match) error {
		if !m.over() {
			return errf(http.StatusConflict, codeNotFinished, "a game is analysed once it is over")
		}
		if err := s.ownAttempt(r, m); err != nil {
			return err
		}
		rec = m.namedRecord(len(m.moves))
		return nil
	})
	return rec, err
}
