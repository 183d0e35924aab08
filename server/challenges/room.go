// Package challenges is the room of the daily and weekly challenges beside the match host: each game's
// challenge of the day (UTC) and the week's, the same game for everyone, played as ordinary matches
// (attempts) created with the challenge's seed and options; one ranked attempt per account and
// challenge, the rest practice; the leaderboards, hidden until one has finished one's own; the archive;
// the streaks; the text to share. It observes the matches (observe.Observer) to record an attempt's
// score when it ends. The seed is derived from a secret server key and the challenge's id, and never
// leaves the server: the host withholds an attempt's record while its challenge runs.
package challenges

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// The room's refusals, beside the kit's (docs/api.md lists them with their statuses).
const (
	// CodeUnfinished: a running challenge's leaderboard is shown once one's own ranked attempt is over.
	CodeUnfinished = "challenge_unfinished"
	// CodeNotRanked: an attempt asked for as ranked cannot be (the ranked one is used, the challenge has
	// ended, a guest).
	CodeNotRanked = "not_ranked"
	// CodeRunning: an attempt's record holds the challenge's seed; it waits for the challenge's end.
	CodeRunning = "challenge_running"
	// CodeEnded: a move in an attempt begun while its challenge ran, after the challenge ended.
	CodeEnded = "challenge_ended"
)

// Identity is who a request acts for.
type Identity interface {
	// WhoIs is the account a request acts for, nil for a guest; wrong credentials are an error.
	WhoIs(r *http.Request) (*accounts.Principal, error)
	// SignedIn is WhoIs refusing a guest (401).
	SignedIn(r *http.Request, scope string) (*accounts.Principal, error)
}

// Setup is an attempt for the host to create: an ordinary match of the game with the challenge's seed
// and options, the player at seat 0 and the bots after, started.
type Setup struct {
	Challenge string
	Game      string
	Options   json.RawMessage // canonical
	Seed      uint64
	Bots      []string
	Name      string // the player's seat name
}

// Started is the attempt's match as creating a match answers it.
type Started struct {
	ID     string `json:"id"`
	Invite string `json:"invite"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
}

// Host is what the room needs of the server it serves in.
type Host struct {
	Accounts   store.Accounts   // nil: the server has no accounts (the routes refuse before the room)
	Challenges store.Challenges // the attempts
	Ident      Identity
	Games      game.Registry
	// Series are the challenges the games offer (their entries' game.ChallengeSeries, from the list of
	// games): the room names no game itself.
	Series  []game.ChallengeSeries
	Bots    game.Bots // nil: no bots, so no challenge that seats one
	Now     func() time.Time
	Log     *slog.Logger
	MaxBody int64
	// Start creates, seats and starts an attempt's match.
	Start func(r *http.Request, s Setup) (Started, error)
	// Result is a finished match's result (false if it is not over or cannot be read).
	Result func(ctx context.Context, id string) (res game.Result, seats int, ended string, ok bool)
	// Notify writes notes to the outbox and wakes the sender (the reminders); nil: none are sent.
	Notify func(ctx context.Context, notes ...store.Note)
}

// Room is the challenges of one server instance.
type Room struct {
	host Host
	cat  catalog // the series run, from the games' entries
	mu   sync.Mutex
	key  []byte // the secret the seeds are derived from, read once
	// reminded is the last day (UTC) whose reminders this instance claimed.
	reminded string
}

// New builds the room.
func New(h Host) *Room { return &Room{host: h, cat: newCatalog(h.Series)} }

// keyName is the server key the seeds are derived from (store.Accounts.ServerKey).
const keyName = "challenge-key"

// Prepare reads the server's challenge key, making it if the server has none yet (at start, so that no
// request writes it).
func (s *Room) Prepare(ctx context.Context) error {
	_, err := s.secret(ctx)
	return err
}

// secret is the server's challenge key, made on first use and shared by every instance through the store.
func (s *Room) secret(ctx context.Context) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key != nil {
		return s.key, nil
	}
	if s.host.Accounts == nil {
		return nil, errors.New("challenges: the server has no accounts to keep its key")
	}
	v, err := s.host.Accounts.ServerKey(ctx, keyName, func() (string, error) {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return "", err
		}
		return hex.EncodeToString(b), nil
	})
	if err != nil {
		return nil, fmt.Errorf("challenges: key: %w", err)
	}
	key, err := hex.DecodeString(v)
	if err != nil || len(key) < 16 {
		return nil, fmt.Errorf("challenges: the stored key is malformed")
	}
	s.key = key
	return key, nil
}

// offered reports whether this server can run challenges of a kind: its game is served, and the bots
// it seats.
func (s *Room) offered(k *kind) bool {
	if _, ok := s.host.Games[k.Game]; !ok {
		return false
	}
	for _, b := range k.Bots {
		if s.host.Bots == nil || !slices.Contains(s.host.Bots.Names(k.Game), b) {
			return false
		}
	}
	return true
}

// lookup is the challenge an id names, if this server offers it and it has begun (404 otherwise).
func (s *Room) lookup(id string) (Challenge, error) {
	c, ok := s.cat.parse(id)
	if !ok || !s.offered(c.kind) {
		return Challenge{}, httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no challenge %q (see GET /api/challenges)", id)
	}
	if s.host.Now().Before(c.Starts) {
		return Challenge{}, httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "challenge %q has not begun", id)
	}
	return c, nil
}

// options are a challenge's canonical options.
func (s *Room) options(c Challenge, key []byte) (json.RawMessage, error) {
	opts, err := s.host.Games[c.Game()].CanonicalOptions(c.rawOptions(key))
	if err != nil {
		return nil, fmt.Errorf("challenge %s: options: %w", c.ID, err)
	}
	return opts, nil
}

// challengeJSON is a challenge as the list shows it: never its seed.
type challengeJSON struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Period  string          `json:"period"`
	Options json.RawMessage `json:"options"`
	Starts  time.Time       `json:"starts_at"`
	Ends    time.Time       `json:"ends_at"`
	Running bool            `json:"running"`
	// You are the caller's attempts, when signed in.
	You *yoursJSON `json:"you,omitempty"`
}

// yoursJSON is what the caller did at a challenge.
type yoursJSON struct {
	Attempts int `json:"attempts"`
	// Ranked is the ranked attempt, if there is one.
	Ranked *attemptJSON `json:"ranked,omitempty"`
}

type attemptJSON struct {
	Match     string     `json:"match"`
	Finished  bool       `json:"finished"`
	Score     *int       `json:"score,omitempty"`
	Abandoned bool       `json:"abandoned,omitempty"`
	At        *time.Time `json:"finished_at,omitempty"`
}

func attemptOut(a store.ChallengeAttempt) *attemptJSON {
	out := &attemptJSON{Match: a.MatchID, Finished: !a.Finished.IsZero(), Abandoned: a.Abandoned}
	if out.Finished {
		score, at := a.Score, a.Finished
		out.Score, out.At = &score, &at
	}
	return out
}

// archiveDays and archiveWeeks are how far back the archive lists challenges (each stays playable by
// its id after that).
const (
	archiveDays  = 30
	archiveWeeks = 12
)

// List is GET /api/challenges: the challenges running now (each game's of the day, the week's), or with
// ?archive=1 the past ones, newest first, each playable as practice.
func (s *Room) List(w http.ResponseWriter, r *http.Request) error {
	archive := false
	switch v := r.URL.Query().Get("archive"); v {
	case "", "0":
	case "1":
		archive = true
	default:
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "archive must be 0 or 1")
	}
	p, err := s.host.Ident.WhoIs(r)
	if err != nil {
		return err
	}
	key, err := s.secret(r.Context())
	if err != nil {
		return err
	}
	now := s.host.Now()
	var list []Challenge
	for i := range s.cat {
		k := &s.cat[i]
		if !s.offered(k) {
			continue
		}
		if !archive {
			list = append(list, k.of(now))
			continue
		}
		step, n := -1, archiveDays
		if k.Weekly {
			step, n = -7, archiveWeeks
		}
		for j := 1; j <= n; j++ {
			list = append(list, k.of(now.AddDate(0, 0, step*j)))
		}
	}
	if archive {
		slices.SortStableFunc(list, func(a, b Challenge) int { return b.Starts.Compare(a.Starts) })
	}
	out := make([]challengeJSON, 0, len(list))
	for _, c := range list {
		opts, err := s.options(c, key)
		if err != nil {
			return err
		}
		cj := challengeJSON{ID: c.ID, Game: c.Game(), Period: c.Period(), Options: opts, Starts: c.Starts, Ends: c.Ends, Running: c.Running(now)}
		if p != nil && !archive {
			if cj.You, err = s.yours(r.Context(), c.ID, p.User.ID); err != nil {
				return err
			}
		}
		out = append(out, cj)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"challenges": out, "now": now})
	return nil
}

// yours is what an account did at a challenge.
func (s *Room) yours(ctx context.Context, challenge, userID string) (*yoursJSON, error) {
	as, err := s.host.Challenges.AttemptsOf(ctx, challenge, userID)
	if err != nil {
		return nil, err
	}
	y := &yoursJSON{Attempts: len(as)}
	if i := slices.IndexFunc(as, func(a store.ChallengeAttempt) bool { return a.Ranked }); i >= 0 {
		y.Ranked = attemptOut(as[i])
	}
	return y, nil
}

// Start is POST /api/challenges/{id}/attempts: a new attempt at a challenge, answered as creating a match
// is (the match's id, the seat and its token). A signed-in account's first attempt at a running
// challenge is its ranked one; every other attempt is practice, and the answer says why. With
// {"ranked": true} an attempt that cannot be ranked is refused (not_ranked) instead of played as
// practice. A guest plays practice under the name it gives (default "Guest").
func (s *Room) Start(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Name   string `json:"name"`
		Ranked *bool  `json:"ranked"`
	}
	if err := httpkit.DecodeOptional(w, r, s.host.MaxBody, &req); err != nil {
		return err
	}
	p, err := s.host.Ident.WhoIs(r)
	if err != nil {
		return err
	}
	if p != nil && !p.Can(accounts.ScopePlay) {
		return httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, `the API token lacks the "play" scope`)
	}
	c, err := s.lookup(r.PathValue("id"))
	if err != nil {
		return err
	}
	key, err := s.secret(r.Context())
	if err != nil {
		return err
	}
	opts, err := s.options(c, key)
	if err != nil {
		return err
	}
	name, user := strings.TrimSpace(req.Name), ""
	if p != nil {
		name, user = p.User.Name, p.User.ID
	} else if name == "" {
		name = "Guest"
	}
	// Whether the attempt is ranked is decided before the match exists; two starts racing are settled by
	// the store (one ranked attempt per account and challenge), the loser's played as practice.
	why := ""
	switch {
	case p == nil:
		why = "guests play practice: sign in for a ranked attempt and the leaderboard"
	case p.User.Bot:
		why = "bot accounts play practice"
	case !c.Running(s.host.Now()):
		why = "this challenge has ended: its attempts are practice"
	default:
		mine, err := s.host.Challenges.AttemptsOf(r.Context(), c.ID, user)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(mine, func(a store.ChallengeAttempt) bool { return a.Ranked }) {
			why = "your ranked attempt at this challenge is used: this one is practice"
		}
	}
	if why != "" && req.Ranked != nil && *req.Ranked {
		return httpkit.Errf(http.StatusConflict, CodeNotRanked, "this attempt cannot be ranked: %s", why)
	}
	if why == "" && req.Ranked != nil && !*req.Ranked {
		why = "practice asked for"
	}
	started, err := s.host.Start(r, Setup{Challenge: c.ID, Game: c.Game(), Options: opts, Seed: c.seed(key), Bots: c.kind.Bots, Name: name})
	if err != nil {
		return err
	}
	a := store.ChallengeAttempt{MatchID: started.ID, Challenge: c.ID, UserID: user, Ranked: why == "", Started: s.host.Now()}
	err = s.host.Challenges.AddAttempt(r.Context(), a)
	if errors.Is(err, store.ErrExists) && a.Ranked {
		a.Ranked, why = false, "your ranked attempt at this challenge is used: this one is practice"
		err = s.host.Challenges.AddAttempt(r.Context(), a)
	}
	if err != nil {
		return fmt.Errorf("challenge %s: attempt %s: %w", c.ID, started.ID, err)
	}
	s.host.Log.Info("challenge attempt", "challenge", c.ID, "match", started.ID, "ranked", a.Ranked)
	httpkit.WriteJSON(w, http.StatusCreated, struct {
		Started
		Challenge string `json:"challenge"`
		Ranked    bool   `json:"ranked"`
		Practice  string `json:"practice,omitempty"` // why the attempt is practice
	}{started, c.ID, a.Ranked, why})
	return nil
}

// leaderboardLimit is how many ranked attempts a leaderboard shows.
const leaderboardLimit = 100

// Leaderboard is GET /api/challenges/{id}/leaderboard: the finished ranked attempts, the best first.
// While the challenge runs, only those who have finished their own ranked attempt see it (403
// challenge_unfinished otherwise); once it has ended, anyone, with the attempts left in play then
// counted as abandoned.
func (s *Room) Leaderboard(w http.ResponseWriter, r *http.Request) error {
	// Who asks is settled before the board is: a request with wrong credentials is refused and changes
	// nothing, the attempts left in play included.
	p, err := s.host.Ident.WhoIs(r)
	if err != nil {
		return err
	}
	c, err := s.lookup(r.PathValue("id"))
	if err != nil {
		return err
	}
	// One instant for the whole board: read at each step, the clock could pass the challenge's end between
	// the settling (still running: nothing to settle) and the check (ended: the board shown to anyone,
	// without the attempts left in play).
	now := s.host.Now()
	if err := s.settle(r.Context(), c, now); err != nil {
		return err
	}
	var you *yoursJSON
	if p != nil {
		if you, err = s.yours(r.Context(), c.ID, p.User.ID); err != nil {
			return err
		}
	}
	if c.Running(now) {
		switch {
		case p == nil:
			return httpkit.Errf(http.StatusForbidden, CodeUnfinished, "the scores of a running challenge are shown to those who finished their ranked attempt: sign in and play it first")
		case you.Ranked == nil || !you.Ranked.Finished:
			return httpkit.Errf(http.StatusForbidden, CodeUnfinished, "finish your ranked attempt at this challenge first: the others' scores stay hidden until then")
		}
	}
	rows, err := s.host.Challenges.RankedFinished(r.Context(), c.ID, leaderboardLimit)
	if err != nil {
		return err
	}
	type entry struct {
		Rank      int       `json:"rank"`
		Name      string    `json:"name"`
		Score     int       `json:"score"`
		Abandoned bool      `json:"abandoned,omitempty"`
		At        time.Time `json:"finished_at"`
		You       bool      `json:"you,omitempty"`
	}
	out := []entry{}
	for _, a := range rows {
		u, err := s.host.Accounts.UserByID(r.Context(), a.UserID)
		if err != nil || u.Deleted || u.Name == "" {
			continue // an account deleted since leaves the board
		}
		e := entry{Rank: len(out) + 1, Name: u.Name, Score: a.Score, Abandoned: a.Abandoned, At: a.Finished, You: p != nil && u.ID == p.User.ID}
		if n := len(out); n > 0 && !a.Abandoned && !out[n-1].Abandoned && out[n-1].Score == a.Score {
			e.Rank = out[n-1].Rank // equal scores share a place
		}
		out = append(out, e)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"challenge": c.ID, "running": c.Running(now), "entries": out, "you": you})
	return nil
}

// settle records, once a challenge has ended, its attempts still in play as abandoned without a score:
// an attempt is played on its challenge's day (its moves are refused after), so one left unfinished
// then is given up, ranked last on the board rather than left out of it as if never begun. A read of
// the board does it (one UPDATE that finds nothing once done), so that no instance must be up at midnight;
// now is the instant the board is read at.
func (s *Room) settle(ctx context.Context, c Challenge, now time.Time) error {
	if c.Running(now) {
		return nil
	}
	if _, err := s.host.Challenges.AbandonUnfinished(ctx, c.ID, c.Ends); err != nil {
		return fmt.Errorf("challenge %s: settle: %w", c.ID, err)
	}
	return nil
}

// Claim makes a guest's attempt the account's whose player signed up or in holding its seat (the guest's
// finished attempt then counts for the streak, and on the leaderboard): the first attempt an account
// claims at a running challenge is its ranked one if it has none yet.
func (s *Room) Claim(ctx context.Context, u store.User, matchID, challenge string) {
	if s.host.Challenges == nil || u.Bot {
		return
	}
	c, ok := s.cat.parse(challenge)
	ranked := false
	if ok && c.Running(s.host.Now()) {
		mine, err := s.host.Challenges.AttemptsOf(ctx, challenge, u.ID)
		if err != nil {
			s.host.Log.Error("challenges: claim", "match", matchID, "err", err)
			return
		}
		ranked = !slices.ContainsFunc(mine, func(a store.ChallengeAttempt) bool { return a.Ranked })
	}
	_, err := s.host.Challenges.ClaimAttempt(ctx, matchID, u.ID, ranked)
	if errors.Is(err, store.ErrExists) { // a ranked attempt made meanwhile
		_, err = s.host.Challenges.ClaimAttempt(ctx, matchID, u.ID, false)
	}
	if err != nil {
		s.host.Log.Error("challenges: claim", "match", matchID, "err", err)
	}
}

// Observer records an attempt's score when its match ends.
func (s *Room) Observer() observe.Observer { return observer{s} }

type observer struct{ s *Room }

func (observer) Before(context.Context, *observe.Snapshot) []store.Note { return nil }

// After records the end of an attempt: its player's score (seat 0), and whether the player gave up (a
// resignation ends a solo game; at a table with bots the game may go on without the player).
func (o observer) After(ctx context.Context, e *observe.Snapshot) {
	if !e.Finished || e.Challenge == "" || o.s.host.Challenges == nil {
		return
	}
	score := 0
	if len(e.Scores) > 0 {
		score = e.Scores[0]
	}
	abandoned := e.Ended != "" || (len(e.Seats) > 0 && e.Seats[0].Resigned) || (e.Kind == observe.Resign && e.Seat == 0)
	if _, err := o.s.host.Challenges.FinishAttempt(ctx, e.Match, score, abandoned, e.At); err != nil {
		o.s.host.Log.Error("challenge attempt: finish", "match", e.Match, "err", err)
	}
}
