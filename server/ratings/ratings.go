// Package ratings is the ratings room beside the match host: it rates a finished rated match (an
// observer of the host's events), and serves players' profiles, the leaderboards and what a match did
// to its players' ratings.
package ratings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/rating"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// Ratings: a match created rated moves its players' ratings in its game when it ends, by the Weng-Lin
// Plackett-Luce update (package rating). Every seat is a different account or a bot with a fixed rating of
// its own (game.BotSpec.Rating): a bot plays at its rating and keeps it. The instance that logged the last
// move rates it, right after the commit; the store applies one match's changes once. Solo games and games
// with guests or unrated bots are played and counted but not rated.

var ratingModel = rating.Default()

// statusFinished is a finished match's status in the store's rows.
const statusFinished = "finished"

// Match is a finished match as MatchRatings reads it.
type Match struct {
	Game  string // the game definition's name
	Rated bool   // the match moves its players' ratings
	// Accounts are, by seat, the name of the account that took the seat signed in ("" for a guest).
	Accounts []string
}

// Host is what the room needs of the server it serves in.
type Host struct {
	Accounts store.Accounts // nil: the server has no accounts (nothing is rated)
	Store    store.Store    // the matches' rows, for a player's finished games
	Games    game.Registry
	Bots     game.Bots // nil: the server seats no bots
	Now      func() time.Time
	Log      *slog.Logger
	// Finished is a match that is over, as the request may see it: the refusal not_finished, no such
	// match, or an attempt at a running challenge that is not the request's own (challenge_running).
	Finished func(r *http.Request, id string) (Match, error)
	// Result is a finished match's result, its number of seats and why it ended early ("" if by its
	// rules); false if it is not over or cannot be read.
	Result func(ctx context.Context, id string) (res game.Result, seats int, ended string, ok bool)
	// Challenges is what a profile shows of an account's challenges (server/challenges), to the account
	// itself (own) or to others; nil: none.
	Challenges func(ctx context.Context, userID string, own bool) (any, error)
	// Viewer is the account a request acts for ("" for a guest, or credentials that name none).
	Viewer func(r *http.Request) string
	// ChallengeOf is the challenge a game is an attempt at ("" for none), and ChallengeEnds when that
	// challenge ends: an attempt's result would hint at the challenge's to someone who has not played it
	// yet, so it shows on its player's own profile only until then. nil: none is withheld.
	ChallengeOf   func(g store.Game) string
	ChallengeEnds func(id string) time.Time
	// TournamentOf is the tournament a finished game was played in ("" for none), and SeesTournament
	// whether an account ("" for a guest) may see that tournament's games: an invite-only tournament's
	// games are its members' (its creator and players), and leave a stranger's view of a profile
	// altogether, lists and counts alike. nil: every game is anyone's.
	TournamentOf   func(g store.Game) string
	SeesTournament func(ctx context.Context, tournament, viewer string) (bool, error)
}

// Room is the ratings of one server instance.
type Room struct {
	host     Host
	accounts store.Accounts
	store    store.Store
	games    game.Registry
	bots     game.Bots
	log      *slog.Logger
	now      func() time.Time
}

// New builds the room.
func New(h Host) *Room {
	return &Room{host: h, accounts: h.Accounts, store: h.Store, games: h.Games, bots: h.Bots, log: h.Log, now: h.Now}
}

// profileGames is how many of a player's latest games a profile lists (the 50 shown are the first it may
// see), and profileFill how many games without a recorded result a view records (each game is rebuilt
// from its log once, ever: the games that ended before results were recorded, and seats claimed after).
const (
	profileGames = 200
	profileFill  = 200
)

// seatResult is what an account's seat of a finished game came to, as a profile counts it. A solo game
// abandoned is neither won nor has a score to count among the player's.
func seatResult(user string, seat int, g store.Game, seats int, ended string, res game.Result, tournament string, withheld time.Time) store.SeatResult {
	abandoned := seats == 1 && ended != ""
	r := store.SeatResult{UserID: user, GameID: g.ID, Seat: seat, Game: g.Game, Created: g.Created, Tournament: tournament, WithheldUntil: withheld}
	r.Won = !abandoned && seat < len(res.Ranks) && res.Ranks[seat] == 1
	if seats == 1 && !abandoned {
		r.Solo = true
		if len(res.Scores) > 0 {
			r.Score = res.Scores[0]
		}
		// the title the game's own detail names, if it names one
		var detail struct {
			Title string `json:"title"`
		}
		if b, err := json.Marshal(res.Detail); err == nil && json.Unmarshal(b, &detail) == nil {
			r.Title = detail.Title
		}
	}
	return r
}

// withheldUntil is when others may see a challenge attempt's result (zero for a game that is none).
func (s *Room) withheldUntil(challenge string) time.Time {
	if challenge == "" || s.host.ChallengeEnds == nil {
		return time.Time{}
	}
	return s.host.ChallengeEnds(challenge)
}

// recordFinished records the results of a match that just ended, for each seat an account holds, from the
// event that ended it. A failure is logged: the next view of the profile records what is missing.
func (s *Room) recordFinished(ctx context.Context, e *observe.Snapshot) {
	var rs []store.SeatResult
	g := store.Game{ID: e.Match, Game: e.Game, Created: e.Created}
	res := game.Result{Ranks: e.Ranks, Scores: e.Scores, Detail: e.Detail}
	for seat, u := range e.Holders() {
		if u != "" {
			rs = append(rs, seatResult(u, seat, g, len(e.Seats), e.Ended, res, e.Tournament, s.withheldUntil(e.Challenge)))
		}
	}
	if len(rs) == 0 {
		return
	}
	if err := s.accounts.RecordResults(ctx, rs); err != nil {
		s.log.Error("record the results of a finished match", "match", e.Match, "err", err)
	}
}

// fillResults records the results of up to profileFill of an account's finished games that have none,
// rebuilding each from its log; a game whose result cannot be read now is left for a later view.
func (s *Room) fillResults(ctx context.Context, userID string) error {
	refs, err := s.accounts.Unrecorded(ctx, userID, statusFinished, profileFill)
	if err != nil {
		return err
	}
	var rs []store.SeatResult
	for _, ref := range refs {
		g, err := s.store.Game(ctx, ref.GameID)
		if err != nil {
			return err
		}
		res, seats, ended, ok := s.host.Result(ctx, g.ID)
		if !ok {
			continue
		}
		tournament, challenge := "", ""
		if s.host.TournamentOf != nil {
			tournament = s.host.TournamentOf(g)
		}
		if s.host.ChallengeOf != nil {
			challenge = s.host.ChallengeOf(g)
		}
		rs = append(rs, seatResult(userID, ref.Seat, g, seats, ended, res, tournament, s.withheldUntil(challenge)))
	}
	return s.accounts.RecordResults(ctx, rs)
}

// Observer rates a finished rated match once the event that ended it is logged.
func (s *Room) Observer() observe.Observer { return ratings{s} }

// ratings is the observer that rates a finished rated match, after the event that ended it is logged
// (observe.Observer); it runs when accounts are on.
type ratings struct{ s *Room }

func (ratings) Before(context.Context, *observe.Snapshot) []store.Note { return nil }

func (r ratings) After(ctx context.Context, e *observe.Snapshot) {
	if e.Finished && e.Over {
		r.s.recordFinished(ctx, e)
	}
	if e.Finished && e.Rated {
		r.s.rateMatch(ctx, e)
	}
}

// rateMatch rates a finished rated match. Failures are logged: the game itself is over and saved.
func (s *Room) rateMatch(ctx context.Context, e *observe.Snapshot) {
	if !e.Over { // (the ratings observer is there only with accounts)
		return
	}
	users := make([]string, len(e.Seats))
	copy(users, e.Holders())
	game := e.Game
	before := make([]rating.Rating, len(users))
	games := make([]int, len(users))
	people := 0
	for i, u := range users {
		if b := e.Seats[i].Bot; b != "" {
			fixed, ok := s.botRating(game, b)
			if !ok {
				s.log.Info("match not rated: a bot without a rating played", "match", e.Match, "bot", b)
				return
			}
			before[i] = rating.Rating{Mu: fixed.Mu, Sigma: fixed.Sigma}
			continue
		}
		if u == "" || slices.Index(users, u) != i {
			s.log.Info("match not rated: every seat must be a different account or a rated bot", "match", e.Match)
			return
		}
		// A bot account (the open bot API's) has no fixed rating: its games are not rated.
		if acct, err := s.accounts.UserByID(ctx, u); err != nil || acct.Bot {
			s.log.Info("match not rated: a bot account played", "match", e.Match)
			return
		}
		people++
		r, err := s.accounts.Rating(ctx, u, game)
		switch {
		case errors.Is(err, store.ErrNotFound):
			before[i] = ratingModel.New()
		case err != nil:
			s.log.Error("rate match: rating", "match", e.Match, "err", err)
			return
		default:
			before[i], games[i] = rating.Rating{Mu: r.Mu, Sigma: r.Sigma}, r.Games
		}
	}
	if people == 0 || len(users) < 2 {
		return
	}
	after, err := ratingModel.Rate(before, e.Ranks)
	if err != nil {
		s.log.Error("rate match", "match", e.Match, "err", err)
		return
	}
	now := s.now()
	changes := make([]store.RatingChange, 0, people)
	for i, u := range users {
		if e.Seats[i].Bot != "" {
			continue
		}
		changes = append(changes, store.RatingChange{UserID: u, Game: game, MatchID: e.Match, At: now,
			Before: store.Rating{Mu: before[i].Mu, Sigma: before[i].Sigma, Games: games[i]},
			After:  store.Rating{Mu: after[i].Mu, Sigma: after[i].Sigma, Games: games[i] + 1}})
	}
	if _, err := s.accounts.ApplyRatings(ctx, changes); err != nil {
		s.log.Error("rate match: apply", "match", e.Match, "err", err)
	}
}

// botRating is a bot's fixed rating on this server; false if the server seats no bots or the bot has none.
func (s *Room) botRating(gameName, bot string) (game.FixedRating, bool) {
	if s.bots == nil {
		return game.FixedRating{}, false
	}
	return s.bots.Rating(gameName, bot)
}

// ratingJSON is a rating as profiles and leaderboards show it.
type ratingJSON struct {
	Game string `json:"game,omitempty"`
	Name string `json:"name,omitempty"`
	Rank int    `json:"rank,omitempty"`
	// Rating is the one number a player reads (rating.Rating.Display); the rest is for a details view.
	Rating      int       `json:"rating"`
	Ordinal     float64   `json:"ordinal"`
	Mu          float64   `json:"mu"`
	Sigma       float64   `json:"sigma"`
	Games       int       `json:"games"`
	Provisional bool      `json:"provisional"`
	Updated     time.Time `json:"updated"`
}

func ratingOut(r store.Rating) ratingJSON {
	x := rating.Rating{Mu: r.Mu, Sigma: r.Sigma}
	return ratingJSON{Game: r.Game, Rating: x.Display(), Ordinal: x.Ordinal(), Mu: r.Mu, Sigma: r.Sigma, Games: r.Games, Provisional: x.Provisional(), Updated: r.Updated}
}

// Profile is GET /api/users/{name}: who the player is, their ratings and rating history per game, and
// their finished games with the place they took. The attempts at a challenge still running count on the
// player's own profile only (Host.Withheld).
func (s *Room) Profile(w http.ResponseWriter, r *http.Request) error {
	u, err := s.accounts.UserByKey(r.Context(), auth.NameKey(r.PathValue("name")))
	if errors.Is(err, store.ErrNotFound) {
		return httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no player is called %q", r.PathValue("name"))
	} else if err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	viewer := ""
	if s.host.Viewer != nil {
		viewer = s.host.Viewer(r)
	}
	own := viewer != "" && viewer == u.ID
	// sees answers once per tournament that is not public (the store groups the public ones as none).
	seen := map[string]bool{}
	sees := func(t string) (bool, error) {
		if own || t == "" || s.host.SeesTournament == nil {
			return true, nil
		}
		ok, known := seen[t]
		if !known {
			var err error
			if ok, err = s.host.SeesTournament(r.Context(), t, viewer); err != nil {
				return false, err
			}
			seen[t] = ok
		}
		return ok, nil
	}
	// Others see a challenge attempt once its challenge is over; the player sees all of theirs.
	seenAt := s.now()
	if own {
		seenAt = time.Time{}
	}
	type point struct {
		Match   string    `json:"match"`
		At      time.Time `json:"at"`
		Rating  int       `json:"rating"`
		Change  int       `json:"change"`
		Ordinal float64   `json:"ordinal"`
	}
	type played struct {
		Game   string `json:"game"`
		Played int    `json:"played"`
		Won    int    `json:"won"`
	}
	type finished struct {
		ID      string    `json:"id"`
		Game    string    `json:"game"`
		Seat    int       `json:"seat"`
		Created time.Time `json:"created"`
	}
	type solo struct {
		Game   string         `json:"game"`
		Played int            `json:"played"`
		Best   int            `json:"best"`
		Mean   float64        `json:"mean"`
		Titles map[string]int `json:"titles,omitempty"`
	}
	out := struct {
		Name     string             `json:"name"`
		Joined   time.Time          `json:"joined"`
		Ratings  []ratingJSON       `json:"ratings"`
		History  map[string][]point `json:"history"`
		Games    []played           `json:"games"`
		Solo     []solo             `json:"solo"`
		Finished []finished         `json:"finished"`
		// Challenges are the player's streak and finished challenges (server/challenges).
		Challenges any `json:"challenges,omitempty"`
	}{Name: u.Name, Joined: u.Created, Ratings: []ratingJSON{}, History: map[string][]point{}, Games: []played{}, Solo: []solo{}, Finished: []finished{}}
	for name := range s.games {
		if rt, err := s.accounts.Rating(r.Context(), u.ID, name); err == nil {
			out.Ratings = append(out.Ratings, ratingOut(rt))
			hist, err := s.accounts.RatingHistory(r.Context(), u.ID, name)
			if err != nil {
				return fmt.Errorf("profile: %w", err)
			}
			for _, c := range hist {
				before, after := rating.Rating{Mu: c.Before.Mu, Sigma: c.Before.Sigma}, rating.Rating{Mu: c.After.Mu, Sigma: c.After.Sigma}
				out.History[name] = append(out.History[name], point{Match: c.MatchID, At: c.At,
					Rating: after.Display(), Change: after.Display() - before.Display(), Ordinal: after.Ordinal()})
			}
		}
	}
	slices.SortFunc(out.Ratings, func(a, b ratingJSON) int { return cmpString(a.Game, b.Game) })
	if err := s.fillResults(r.Context(), u.ID); err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	totals, err := s.accounts.ResultTotals(r.Context(), u.ID, seenAt)
	if err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	byGame := map[string]*played{}
	bySolo := map[string]*solo{}
	soloSum := map[string]int{}
	hidden := map[string]bool{}   // the games this viewer may not see, whose ids the rating history keeps too
	hiddenIn := map[string]bool{} // the tournaments whose games are in hidden
	for _, tot := range totals {
		if ok, err := sees(tot.Tournament); err != nil {
			return fmt.Errorf("profile: %w", err)
		} else if !ok {
			if len(out.History) > 0 && !hiddenIn[tot.Tournament] {
				hiddenIn[tot.Tournament] = true
				ids, err := s.accounts.ResultsIn(r.Context(), u.ID, tot.Tournament)
				if err != nil {
					return fmt.Errorf("profile: %w", err)
				}
				for _, id := range ids {
					hidden[id] = true
				}
			}
			continue
		}
		p := byGame[tot.Game]
		if p == nil {
			p = &played{Game: tot.Game}
			byGame[tot.Game] = p
		}
		p.Played += tot.Count
		if tot.Won {
			p.Won += tot.Count
		}
		if tot.Solo {
			// A solo game: its score, and the title the game's own detail names, if it names one.
			so := bySolo[tot.Game]
			if so == nil {
				so = &solo{Game: tot.Game, Best: tot.Best}
				bySolo[tot.Game] = so
			}
			so.Played += tot.Count
			so.Best = max(so.Best, tot.Best)
			soloSum[tot.Game] += tot.Sum
			if tot.Title != "" {
				if so.Titles == nil {
					so.Titles = map[string]int{}
				}
				so.Titles[tot.Title] += tot.Count
			}
		}
	}
	latest, err := s.accounts.LatestResults(r.Context(), u.ID, seenAt, profileGames)
	if err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	for _, g := range latest {
		if ok, err := sees(g.Tournament); err != nil {
			return fmt.Errorf("profile: %w", err)
		} else if ok && len(out.Finished) < 50 {
			out.Finished = append(out.Finished, finished{ID: g.GameID, Game: g.Game, Seat: g.Seat, Created: g.Created})
		}
	}
	for name, hist := range out.History {
		for i := range hist {
			if hidden[hist[i].Match] {
				out.History[name][i].Match = "" // the rating moved; which game moved it is the tournament's
			}
		}
	}
	for _, p := range byGame {
		out.Games = append(out.Games, *p)
	}
	for name, so := range bySolo {
		so.Mean = float64(soloSum[name]) / float64(so.Played)
		out.Solo = append(out.Solo, *so)
	}
	slices.SortFunc(out.Solo, func(a, b solo) int { return cmpString(a.Game, b.Game) })
	slices.SortFunc(out.Games, func(a, b played) int { return cmpString(a.Game, b.Game) })
	if s.host.Challenges != nil {
		if out.Challenges, err = s.host.Challenges(r.Context(), u.ID, own); err != nil {
			return fmt.Errorf("profile: %w", err)
		}
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cmpFloatDesc orders numbers from the largest.
func cmpFloatDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// Leaderboard is GET /api/leaderboard/{game}?offset=N&limit=N: the game's rated players by ordinal.
func (s *Room) Leaderboard(w http.ResponseWriter, r *http.Request) error {
	game := r.PathValue("game")
	if _, ok := s.games[game]; !ok {
		return httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no game %q", game)
	}
	q := r.URL.Query()
	offset, limit := 0, 50
	if v := q.Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1_000_000 {
			return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "offset must be 0..1000000")
		}
		offset = n
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "limit must be 1..200")
		}
		limit = n
	}
	rows, err := s.accounts.Leaderboard(r.Context(), game, offset, limit)
	if err != nil {
		return fmt.Errorf("leaderboard: %w", err)
	}
	out := make([]ratingJSON, 0, len(rows))
	for i, row := range rows {
		x := ratingOut(row)
		x.Game, x.Rank = "", offset+i+1
		if u, err := s.accounts.UserByID(r.Context(), row.UserID); err == nil {
			x.Name = u.Name
		}
		out = append(out, x)
	}
	// The bots with a rating stand beside the people as markers of strength; they are not ranked among them
	// (a bot's rating is fixed, measured against the other bots).
	bots := []ratingJSON{}
	if s.bots != nil {
		for _, b := range s.bots.Names(game) {
			if fixed, ok := s.bots.Rating(game, b); ok {
				x := rating.Rating{Mu: fixed.Mu, Sigma: fixed.Sigma}
				bots = append(bots, ratingJSON{Name: b, Rating: x.Display(), Ordinal: x.Ordinal(), Mu: x.Mu, Sigma: x.Sigma})
			}
		}
		slices.SortStableFunc(bots, func(a, b ratingJSON) int { return cmpFloatDesc(a.Ordinal, b.Ordinal) })
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"game": game, "offset": offset, "players": out, "bots": bots})
	return nil
}

// MatchRatings is GET /api/matches/{id}/ratings: what a finished rated match did to each account's rating
// (before, after, the change), for the end screen. Pending until the rating is applied, right after the
// last move's commit; empty for a match that is not rated.
func (s *Room) MatchRatings(w http.ResponseWriter, r *http.Request) error {
	type seatChange struct {
		Seat        int    `json:"seat"`
		Name        string `json:"name"`
		Before      int    `json:"before"`
		After       int    `json:"after"`
		Change      int    `json:"change"`
		Provisional bool   `json:"provisional"`
	}
	out := struct {
		Rated   bool         `json:"rated"`
		Pending bool         `json:"pending"`
		Seats   []seatChange `json:"seats"`
	}{Seats: []seatChange{}}
	m, err := s.host.Finished(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	out.Rated = m.Rated
	gameName, accounts := m.Game, m.Accounts
	if out.Rated && s.accounts != nil {
		for seat, name := range accounts {
			if name == "" {
				continue
			}
			u, err := s.accounts.UserByKey(r.Context(), auth.NameKey(name))
			if err != nil {
				continue // an account deleted since
			}
			hist, err := s.accounts.RatingHistory(r.Context(), u.ID, gameName)
			if err != nil {
				return fmt.Errorf("match ratings: %w", err)
			}
			i := slices.IndexFunc(hist, func(c store.RatingChange) bool { return c.MatchID == r.PathValue("id") })
			if i < 0 {
				out.Pending = true
				continue
			}
			before := rating.Rating{Mu: hist[i].Before.Mu, Sigma: hist[i].Before.Sigma}
			after := rating.Rating{Mu: hist[i].After.Mu, Sigma: hist[i].After.Sigma}
			out.Seats = append(out.Seats, seatChange{Seat: seat, Name: u.Name, Before: before.Display(), After: after.Display(),
				Change: after.Display() - before.Display(), Provisional: after.Provisional()})
		}
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}
