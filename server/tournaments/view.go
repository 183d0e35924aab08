package tournaments

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// load reads a tournament (404 for an unknown id).
func (s *Room) load(ctx context.Context, id string) (loaded, error) {
	t, err := s.host.Store.Tournament(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return loaded{}, httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no tournament %q (see GET /api/tournaments)", id)
	}
	if err != nil {
		return loaded{}, err
	}
	out := loaded{Tournament: t}
	if err := json.Unmarshal(t.Settings, &out.set); err != nil {
		return loaded{}, fmt.Errorf("tournament %s's settings: %w", id, err)
	}
	if out.set.Clock == nil {
		out.set.Clock = defaultClock(out.set.Format)
	}
	return out, nil
}

// Clock is tournament id's clock (the default one for a tournament stored without: defaultClock), which
// the server gives its games stored without one.
func (s *Room) Clock(ctx context.Context, id string) (*Clock, error) {
	if s.host.Store == nil {
		return nil, fmt.Errorf("tournament %s's clock: no tournament store (a server without accounts)", id)
	}
	t, err := s.load(ctx, id)
	if err != nil {
		return nil, err
	}
	return t.set.Clock, nil
}

// defaultClock is the clock of a tournament stored before every tournament needed one: the one the
// creation form starts with, so that a player who walks away from its games no longer stalls it for ever.
// It is given at each load rather than written back, so the stored row stays as its creator left it.
func defaultClock(format string) *Clock {
	if format == League {
		return &Clock{Mode: "move", Seconds: 3 * day}
	}
	return &Clock{Mode: "move", Seconds: 120}
}

// visible loads a tournament the caller may see: a public one, or an invite-only one to its creator, its
// players and with its key; otherwise 404, as for an unknown id (the key's existence stays hidden).
func (s *Room) visible(r *http.Request, p *accounts.Principal, id, key string) (loaded, []store.Entrant, error) {
	t, err := s.load(r.Context(), id)
	if err != nil {
		return t, nil, err
	}
	es, err := s.host.Store.Entrants(r.Context(), id)
	if err != nil {
		return t, nil, err
	}
	if t.Visibility == "public" || (key != "" && subtle.ConstantTimeCompare([]byte(key), []byte(t.Key)) == 1) {
		return t, es, nil
	}
	if p != nil && (p.User.ID == t.Creator || slices.ContainsFunc(es, func(e store.Entrant) bool { return e.UserID == p.User.ID })) {
		return t, es, nil
	}
	return loaded{}, nil, httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no tournament %q (an invite-only one needs its link)", id)
}

type playerJSON struct {
	Name      string `json:"name"`
	Rating    int    `json:"rating"`
	CheckedIn bool   `json:"checked_in"`
	Withdrawn bool   `json:"withdrawn"`
	Paused    bool   `json:"paused"`
	Bot       bool   `json:"bot"`
}

type gameRef struct {
	Match  string `json:"match"`
	Round  int    `json:"round"`
	Status string `json:"status"`
}

type youJSON struct {
	Joined    bool     `json:"joined"`
	CheckedIn bool     `json:"checked_in"`
	Withdrawn bool     `json:"withdrawn"`
	Paused    bool     `json:"paused"`
	NextGame  *gameRef `json:"next_game"`
}

type objectJSON struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	Game       string          `json:"game"`
	Options    json.RawMessage `json:"options"`
	Format     string          `json:"format"`
	Visibility string          `json:"visibility"`
	Creator    string          `json:"creator"`
	Rated      bool            `json:"rated"`
	Bots       botsJSON        `json:"bots"`
	Clock      *Clock          `json:"clock"`
	Rounds     int             `json:"rounds"`
	Seats      seatsJSON       `json:"seats"`
	Duration   int             `json:"duration_seconds"`
	GroupSize  int             `json:"group_size"`
	Promote    int             `json:"promote"`
	MaxPlayers int             `json:"max_players"`
	StartsAt   time.Time       `json:"starts_at"`
	CheckIn    int             `json:"check_in_seconds"`
	Forfeit    int             `json:"forfeit_seconds"`
	RoundBreak int             `json:"round_break_seconds"`
	Status     string          `json:"status"`
	Round      int             `json:"round"`
	NextRound  *time.Time      `json:"next_round_at"`
	EndsAt     *time.Time      `json:"ends_at"`
	Season     int             `json:"season"`
	Previous   string          `json:"previous"`
	Players    []playerJSON    `json:"players"`
	Podium     []string        `json:"podium"`
	You        *youJSON        `json:"you,omitempty"`
	Invite     string          `json:"invite,omitempty"`
	Now        time.Time       `json:"now"` // the server's clock, which a page counts down by
}

// inviteLink is an invite-only tournament's link with its key.
func inviteLink(t loaded) string { return "/t/" + t.ID + "?key=" + t.Key }

// object is the tournament as GET /api/tournaments/{id} answers it for p (nil: a guest).
func (s *Room) object(ctx context.Context, t loaded, es []store.Entrant, ps []store.TournamentPairing, p *accounts.Principal) (objectJSON, error) {
	creator := ""
	if u, err := s.host.Accounts.UserByID(ctx, t.Creator); err == nil && !u.Deleted {
		creator = u.Name
	}
	o := objectJSON{ID: t.ID, Name: t.set.Name, Game: t.set.Game, Options: t.set.Options, Format: t.set.Format,
		Visibility: t.Visibility, Creator: creator, Rated: t.set.Rated, Bots: t.set.Bots, Clock: t.set.Clock,
		Rounds: t.set.Rounds, Seats: t.set.Seats, Duration: t.set.Duration, GroupSize: t.set.GroupSize, Promote: t.set.Promote,
		MaxPlayers: t.MaxPlayers, StartsAt: t.StartsAt, CheckIn: t.set.CheckIn, Forfeit: t.set.Forfeit, RoundBreak: t.set.RoundBreak, Status: t.Status,
		Season: t.set.Season, Previous: t.set.Previous, Players: []playerJSON{}, Podium: []string{}, Now: s.host.Now()}
	if t.set.Format == League {
		o.Rounds = leagueRounds(es)
	}
	for _, p := range ps {
		o.Round = max(o.Round, p.Round)
	}
	if at, ok := nextRoundAt(t, ps); ok {
		o.NextRound = &at
	}
	if t.set.Format == Arena && !t.Started.IsZero() {
		end := t.startsOrEnds()
		o.EndsAt = &end
	}
	for _, e := range es {
		o.Players = append(o.Players, playerJSON{Name: e.Name, Rating: e.Rating, CheckedIn: e.CheckedIn, Withdrawn: e.Withdrawn, Paused: e.Paused, Bot: e.Bot != ""})
	}
	if t.Status == Finished {
		lines, err := s.ranking(ctx, t, es, ps)
		if err != nil {
			return o, err
		}
		for _, l := range lines[:min(3, len(lines))] {
			o.Podium = append(o.Podium, l.name)
		}
	}
	if p != nil {
		o.You = you(p.User.ID, es, ps)
		if p.User.ID == t.Creator && t.Visibility == "invite" {
			o.Invite = inviteLink(t)
		}
	}
	return o, nil
}

// you is what the object tells the caller of their own part.
func you(user string, es []store.Entrant, ps []store.TournamentPairing) *youJSON {
	y := &youJSON{}
	if i := slices.IndexFunc(es, func(e store.Entrant) bool { return e.UserID == user }); i >= 0 {
		e := es[i]
		y.Joined, y.CheckedIn, y.Withdrawn, y.Paused = true, e.CheckedIn, e.Withdrawn, e.Paused
	}
	for _, p := range ps {
		if !realMatch(p.MatchID) || !slices.ContainsFunc(p.Seats, func(s store.TournamentSeat) bool { return s.UserID == user }) {
			continue
		}
		// the game in play, else the latest
		if y.NextGame == nil || y.NextGame.Status != "playing" {
			y.NextGame = &gameRef{Match: p.MatchID, Round: p.Round, Status: p.Status}
		}
	}
	return y
}

// viewed is what a GET of a tournament's resources reads: the caller (nil for a guest), the tournament if
// they may see it (its key in ?key=), its players and its pairings.
func (s *Room) viewed(r *http.Request) (*accounts.Principal, loaded, []store.Entrant, []store.TournamentPairing, error) {
	p, err := s.host.Ident.WhoIs(r)
	if err != nil {
		return nil, loaded{}, nil, nil, err
	}
	t, es, err := s.visible(r, p, r.PathValue("id"), r.URL.Query().Get("key"))
	if err != nil {
		return nil, loaded{}, nil, nil, err
	}
	ps, err := s.host.Store.Pairings(r.Context(), t.ID)
	return p, t, es, ps, err
}

// games are a tournament's players and pairings as stored now.
func (s *Room) games(ctx context.Context, id string) ([]store.Entrant, []store.TournamentPairing, error) {
	es, err := s.host.Store.Entrants(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	ps, err := s.host.Store.Pairings(ctx, id)
	return es, ps, err
}

// Show is GET /api/tournaments/{id}[?key=K].
func (s *Room) Show(w http.ResponseWriter, r *http.Request) error {
	p, t, es, ps, err := s.viewed(r)
	if err != nil {
		return err
	}
	o, err := s.object(r.Context(), t, es, ps, p)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, o)
	return nil
}

// answer writes the tournament as it is now, after a change by p.
func (s *Room) answer(w http.ResponseWriter, r *http.Request, p *accounts.Principal, id string, status int) error {
	t, err := s.load(r.Context(), id)
	if err != nil {
		return err
	}
	es, ps, err := s.games(r.Context(), id)
	if err != nil {
		return err
	}
	o, err := s.object(r.Context(), t, es, ps, p)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, status, o)
	return nil
}

type summaryJSON struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	Game       string    `json:"game"`
	Format     string    `json:"format"`
	Status     string    `json:"status"`
	StartsAt   time.Time `json:"starts_at"`
	Players    int       `json:"players"`
	MaxPlayers int       `json:"max_players"`
	Rated      bool      `json:"rated"`
	Visibility string    `json:"visibility"`
}

// listLimit is how many tournaments a list shows.
const listLimit = 100

// List is GET /api/tournaments?status=S.
func (s *Room) List(w http.ResponseWriter, r *http.Request) error {
	status := r.URL.Query().Get("status")
	switch status {
	case "", Upcoming, Running, Finished, Cancelled:
	default:
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "status must be upcoming, running, finished or cancelled")
	}
	p, err := s.host.Ident.WhoIs(r)
	if err != nil {
		return err
	}
	user := ""
	if p != nil {
		user = p.User.ID
	}
	ts, err := s.host.Store.ListTournaments(r.Context(), status, user, listLimit)
	if err != nil {
		return err
	}
	// the store's order: the soonest first for the upcoming, the newest first otherwise
	out := make([]summaryJSON, 0, len(ts))
	for _, t := range ts {
		var set settings
		if json.Unmarshal(t.Settings, &set) != nil {
			continue
		}
		out = append(out, summaryJSON{ID: t.ID, Name: set.Name, Game: set.Game, Format: set.Format, Status: t.Status, StartsAt: t.StartsAt,
			Players: t.Players, MaxPlayers: t.MaxPlayers, Rated: set.Rated, Visibility: t.Visibility})
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"now": s.host.Now(), "tournaments": out})
	return nil
}
