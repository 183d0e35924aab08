package tournaments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/surveyor-game/surveyor/rating"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

func refuse(code, format string, args ...any) error {
	return httpkit.Errf(http.StatusConflict, code, format, args...)
}

// acting decodes an empty body (or one with the given fields) and loads the tournament for a signed-in
// player who may see it.
func (s *Room) acting(w http.ResponseWriter, r *http.Request, body any) (*accounts.Principal, loaded, []store.Entrant, error) {
	if body == nil {
		body = &struct{}{}
	}
	if err := httpkit.DecodeOptional(w, r, s.host.MaxBody, body); err != nil {
		return nil, loaded{}, nil, err
	}
	p, err := s.host.Ident.SignedIn(r, accounts.ScopePlay)
	if err != nil {
		return nil, loaded{}, nil, err
	}
	key := ""
	if k, ok := body.(*joinRequest); ok {
		key = k.Key
	}
	t, es, err := s.visible(r, p, r.PathValue("id"), key)
	return p, t, es, err
}

type joinRequest struct {
	Key string `json:"key"`
}

// entrant is the caller's entry, or not_joined.
func entrant(es []store.Entrant, user string) (store.Entrant, error) {
	i := slices.IndexFunc(es, func(e store.Entrant) bool { return e.UserID == user })
	if i < 0 {
		return store.Entrant{}, refuse(CodeNotJoined, "you have not joined this tournament")
	}
	return es[i], nil
}

// rating is an account's rating in a game as its profile shows it (a newcomer's when it has none): the
// standings order equal players by it.
func (s *Room) rating(ctx context.Context, user, gameName string) int {
	r := rating.Rating{Mu: rating.DefaultMu, Sigma: rating.DefaultSigma}
	if got, err := s.host.Accounts.Rating(ctx, user, gameName); err == nil {
		r = rating.Rating{Mu: got.Mu, Sigma: got.Sigma}
	}
	return r.Display()
}

// Join is POST /api/tournaments/{id}/join: a signed-in player enters an upcoming tournament, or a running
// arena until its end, with its key if it is invite-only.
func (s *Room) Join(w http.ResponseWriter, r *http.Request) error {
	var req joinRequest
	p, t, es, err := s.acting(w, r, &req)
	if err != nil {
		return err
	}
	// A bot account is a bot: in a rated tournament its games would go unrated for its opponents too.
	if p.User.Bot && (t.set.Rated || !t.set.Bots.Allowed) {
		return refuse(CodeNoBots, "bot accounts enter only an unrated tournament whose creator allows bots")
	}
	late := s.lateJoin(t)
	if i := slices.IndexFunc(es, func(e store.Entrant) bool { return e.UserID == p.User.ID }); i >= 0 {
		if es[i].Withdrawn && t.set.CheckIn > 0 && !es[i].CheckedIn {
			return refuse(CodeWithdrawn, "you did not check in before the start: this tournament goes on without you")
		}
		if es[i].Withdrawn {
			return refuse(CodeWithdrawn, "you have withdrawn from this tournament")
		}
		// without a check-in nobody is checked in, and every player joined is in the arena already
		if late && t.set.CheckIn > 0 && !es[i].CheckedIn {
			return s.joinAfterCheckIn(w, r, p, t, es[i])
		}
		return refuse(CodeJoined, "you are in this tournament already")
	}
	if t.Status != Upcoming && !late {
		if t.set.Format == Arena && t.Status == Running {
			return refuse(CodeStarted, "this arena's time is up: it takes no more players")
		}
		return refuse(CodeStarted, "this tournament is %s: it takes no more players", t.Status)
	}
	e := store.Entrant{Tournament: t.ID, UserID: p.User.ID, Name: p.User.Name, Rating: s.rating(r.Context(), p.User.ID, t.set.Game), Joined: s.host.Now()}
	add := s.host.Store.AddEntrant
	if late {
		// checked in: a late joiner plays at once
		e.CheckedIn, add = true, s.host.Store.AddLateEntrant
	}
	switch err := add(r.Context(), e); {
	case errors.Is(err, store.ErrExists):
		return refuse(CodeJoined, "you are in this tournament already")
	case errors.Is(err, store.ErrFull):
		return refuse(CodeFull, "this tournament is full (%d players) or has just started or ended", t.MaxPlayers)
	case err != nil:
		return err
	}
	if late {
		if err := s.enterArena(r.Context(), t, e); err != nil {
			return err
		}
	}
	return s.answer(w, r, p, t.ID, http.StatusOK)
}

// joinAfterCheckIn enters a running arena's player who joined before the start but missed its check-in:
// they join late as anyone may (their place was kept), checked in now.
func (s *Room) joinAfterCheckIn(w http.ResponseWriter, r *http.Request, p *accounts.Principal, t loaded, e store.Entrant) error {
	if _, err := s.host.Store.SetEntrantFlag(r.Context(), t.ID, e.UserID, "checked_in", true); err != nil {
		return err
	}
	if err := s.enterArena(r.Context(), t, e); err != nil {
		return err
	}
	return s.answer(w, r, p, t.ID, http.StatusOK)
}

// lateJoin reports whether a tournament takes players while it runs: an arena does, until its end.
func (s *Room) lateJoin(t loaded) bool {
	return t.set.Format == Arena && t.Status == Running && !s.over(t)
}

// Leave is POST /api/tournaments/{id}/leave: before the start only.
func (s *Room) Leave(w http.ResponseWriter, r *http.Request) error {
	p, t, es, err := s.acting(w, r, nil)
	if err != nil {
		return err
	}
	if _, err := entrant(es, p.User.ID); err != nil {
		return err
	}
	if t.Status != Upcoming {
		return refuse(CodeStarted, "this tournament is %s: withdraw instead (POST /api/tournaments/%s/withdraw)", t.Status, t.ID)
	}
	ok, err := s.host.Store.RemoveEntrant(r.Context(), t.ID, p.User.ID)
	if err != nil {
		return err
	}
	if !ok {
		return refuse(CodeStarted, "this tournament has just started: withdraw instead")
	}
	return s.answer(w, r, p, t.ID, http.StatusOK)
}

// CheckIn is POST /api/tournaments/{id}/checkin: within the window before the start.
func (s *Room) CheckIn(w http.ResponseWriter, r *http.Request) error {
	p, t, es, err := s.acting(w, r, nil)
	if err != nil {
		return err
	}
	if _, err := entrant(es, p.User.ID); err != nil {
		return err
	}
	if !checkInOpen(t, s.host.Now()) {
		if t.set.CheckIn == 0 {
			return refuse(CodeCheckIn, "this tournament has no check-in: every player who joined plays")
		}
		return refuse(CodeCheckIn, "check-in is open from %s until the start, while the tournament is upcoming",
			t.StartsAt.Add(-seconds(t.set.CheckIn)).UTC().Format("2006-01-02 15:04:05 UTC"))
	}
	// taken before the start reads its players, or refused: never lost nor half-applied
	switch err := s.host.Store.CheckIn(r.Context(), t.ID, p.User.ID); {
	case errors.Is(err, store.ErrNotUpcoming):
		return refuse(CodeCheckIn, "this tournament has just started: check-in is closed, and you do not play in it")
	case errors.Is(err, store.ErrNotFound):
		return refuse(CodeNotJoined, "you have not joined this tournament")
	case err != nil:
		return err
	}
	return s.answer(w, r, p, t.ID, http.StatusOK)
}

// Withdraw is POST /api/tournaments/{id}/withdraw: a running tournament's player leaves it; they are not
// paired again, and their game in play is resigned.
func (s *Room) Withdraw(w http.ResponseWriter, r *http.Request) error {
	p, t, es, err := s.acting(w, r, nil)
	if err != nil {
		return err
	}
	if _, err := entrant(es, p.User.ID); err != nil {
		return err
	}
	if t.Status != Running {
		if t.Status == Upcoming {
			return refuse(CodeNotStarted, "this tournament has not started: leave it instead (POST /api/tournaments/%s/leave)", t.ID)
		}
		return refuse(CodeStarted, "this tournament is %s", t.Status)
	}
	ok, err := s.host.Store.SetEntrantFlag(r.Context(), t.ID, p.User.ID, "withdrawn", true)
	if err != nil {
		return err
	}
	if !ok {
		return refuse(CodeWithdrawn, "you have withdrawn from this tournament already")
	}
	if t.set.Format == Arena {
		if err := s.arenaStep(r.Context(), t, arenaEvent{Kind: "pause", ID: p.User.ID}); err != nil {
			return err
		}
	}
	if err := s.resignGames(r.Context(), t.ID, p.User.ID); err != nil {
		return err
	}
	s.host.Log.Info("tournament withdrawal", "tournament", t.ID, "user", p.User.ID)
	s.later(t.ID)
	return s.answer(w, r, p, t.ID, http.StatusOK)
}

// resignGames resigns a player's games in play in a tournament.
func (s *Room) resignGames(ctx context.Context, id, user string) error {
	ps, err := s.host.Store.Pairings(ctx, id)
	if err != nil {
		return err
	}
	for _, pr := range ps {
		if pr.Status != stPlaying || !realMatch(pr.MatchID) {
			continue
		}
		for seat, st := range pr.Seats {
			if st.UserID == user {
				if err := s.host.Resign(ctx, pr.MatchID, seat); err != nil {
					return fmt.Errorf("tournament %s: resign %s in %s: %w", id, user, pr.MatchID, err)
				}
			}
		}
	}
	return nil
}

// Pause is POST /api/tournaments/{id}/pause and Resume .../resume: an arena's player stops being paired
// (after the game in play), and comes back.
func (s *Room) Pause(on bool) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, t, es, err := s.acting(w, r, nil)
		if err != nil {
			return err
		}
		e, err := entrant(es, p.User.ID)
		if err != nil {
			return err
		}
		switch {
		case t.set.Format != Arena:
			return refuse(CodeNotArena, "only an arena's players pause")
		case t.Status != Running:
			return refuse(CodeNotStarted, "the arena is %s: pausing is while it runs", t.Status)
		case e.Withdrawn:
			return refuse(CodeWithdrawn, "you have withdrawn from this arena")
		}
		kind := "resume"
		if on {
			kind = "pause"
		}
		if _, err := s.host.Store.SetEntrantFlag(r.Context(), t.ID, p.User.ID, "paused", on); err != nil {
			return err
		}
		if err := s.arenaStep(r.Context(), t, arenaEvent{Kind: kind, ID: p.User.ID}); err != nil {
			return err
		}
		if !on {
			s.pairWaiting(r.Context(), t)
		}
		return s.answer(w, r, p, t.ID, http.StatusOK)
	}
}

// creatorsUpcoming loads a tournament its creator changes before the start.
func (s *Room) creatorsUpcoming(w http.ResponseWriter, r *http.Request, body any) (*accounts.Principal, loaded, []store.Entrant, error) {
	p, t, es, err := s.acting(w, r, body)
	if err != nil {
		return p, t, es, err
	}
	if p.User.ID != t.Creator {
		return p, t, es, httpkit.Errf(http.StatusForbidden, CodeNotCreator, "only the tournament's creator may do this")
	}
	if t.Status != Upcoming {
		return p, t, es, refuse(CodeStarted, "this tournament is %s", t.Status)
	}
	return p, t, es, nil
}

// AddBot is POST /api/tournaments/{id}/bots {"level"}: the creator enters a bot, where allowed.
func (s *Room) AddBot(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Level string `json:"level"`
	}
	p, t, es, err := s.creatorsUpcoming(w, r, &req)
	if err != nil {
		return err
	}
	if !t.set.Bots.Allowed {
		return refuse(CodeNoBots, "this tournament takes no bots")
	}
	if req.Level == "" {
		req.Level = t.set.Bots.Level
	}
	if !s.botKnown(t.set.Game, req.Level) {
		return bad("no bot %q for %s on this server", req.Level, t.set.Game)
	}
	// numbered among the bots, which never leave: a player's leave frees no number a bot holds
	n := 1 + len(slices.DeleteFunc(slices.Clone(es), func(e store.Entrant) bool { return e.Bot == "" }))
	name := fmt.Sprintf("%s %d", req.Level, n)
	e := store.Entrant{Tournament: t.ID, UserID: fmt.Sprintf("bot:%s:%d", req.Level, n), Name: name, Bot: req.Level, Joined: s.host.Now(), CheckedIn: true}
	if fr, ok := s.host.Bots.Rating(t.set.Game, req.Level); ok {
		e.Rating = rating.Rating{Mu: fr.Mu, Sigma: fr.Sigma}.Display()
	}
	switch err := s.host.Store.AddEntrant(r.Context(), e); {
	case errors.Is(err, store.ErrFull):
		return refuse(CodeFull, "this tournament is full")
	case errors.Is(err, store.ErrExists):
		return refuse(CodeJoined, "another bot was entered at the same moment: try again")
	case err != nil:
		return err
	}
	return s.answer(w, r, p, t.ID, http.StatusOK)
}

// StartNow is POST /api/tournaments/{id}/start: the creator starts it before its time.
func (s *Room) StartNow(w http.ResponseWriter, r *http.Request) error {
	p, t, es, err := s.creatorsUpcoming(w, r, nil)
	if err != nil {
		return err
	}
	if n := len(playing(t, es)); n < minPlayers(t) {
		return refuse(CodeTooFew, "%d players can play, %d are needed", n, minPlayers(t))
	}
	if err := s.start(r.Context(), t); err != nil {
		return err
	}
	return s.answer(w, r, p, t.ID, http.StatusOK)
}

// Cancel is POST /api/tournaments/{id}/cancel: the creator calls it off before the start.
func (s *Room) Cancel(w http.ResponseWriter, r *http.Request) error {
	p, t, _, err := s.creatorsUpcoming(w, r, nil)
	if err != nil {
		return err
	}
	if ok, err := s.host.Store.SetTournamentStatus(r.Context(), t.ID, Upcoming, Cancelled, s.host.Now()); err != nil {
		return err
	} else if !ok {
		return refuse(CodeStarted, "this tournament has just started")
	}
	return s.answer(w, r, p, t.ID, http.StatusOK)
}

// RatedEntry is the name of a rated tournament, upcoming or running, that the account is entered in and
// has not withdrawn from ("" when none): such an account does not become a bot (POST /api/account/bot),
// which plays in no rated tournament. Becoming a bot is rare: reading the active tournaments is enough.
func (s *Room) RatedEntry(ctx context.Context, userID string) (string, error) {
	if s.host.Store == nil {
		return "", nil
	}
	ts, err := s.host.Store.ActiveTournaments(ctx)
	if err != nil {
		return "", fmt.Errorf("rated tournaments of %s: %w", userID, err)
	}
	for _, t := range ts {
		var set settings
		if err := json.Unmarshal(t.Settings, &set); err != nil || !set.Rated {
			continue
		}
		e, err := s.host.Store.Entrant(ctx, t.ID, userID)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("rated tournaments of %s: %w", userID, err)
		}
		if !e.Withdrawn {
			return set.Name, nil
		}
	}
	return "", nil
}
