package server

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// route is one entry of the route table: a ServeMux pattern and its handler.
type route struct {
	pattern string
	h       http.Handler
}

// routeTable is every endpoint the server serves but the fallbacks ("/api/" and "/"). The gate of
// cross-site changes (crosssite.go) stands before all of it; crossSiteRoutes names the few that take
// changes from other sites.
func (s *Server) routeTable() []route {
	var t []route
	api := func(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
		t = append(t, route{pattern, s.apiHandler(h)})
	}
	// accounts is api for the endpoints that only a server with accounts has, the account room's among
	// them (s.acct is nil without accounts: the method values are never called), and the few others
	// that ask nothing of identity first (the rest refuse a request without an account as it is:
	// identity's SignedIn): without accounts, they answer accounts_disabled.
	accounts := func(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
		api(pattern, func(w http.ResponseWriter, r *http.Request) error {
			if err := s.ident.Available(); err != nil {
				return err
			}
			return h(w, r)
		})
	}
	plain := func(pattern string, h http.HandlerFunc) { t = append(t, route{pattern, h}) }
	plain("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	plain("GET /readyz", s.readyz)
	plain("GET /metrics", s.serveMetrics)
	api("GET /api/games", s.listDefinitions)
	api("GET /api/matches", s.lobby)
	api("POST /api/matches", s.create)
	api("GET /api/matches/{id}", s.show)
	api("POST /api/matches/{id}/join", s.join)
	api("POST /api/matches/{id}/bots", s.addBot)
	api("POST /api/matches/{id}/start", s.start)
	api("POST /api/matches/{id}/close", s.closeMatch)
	api("POST /api/matches/{id}/seats/{seat}/remove", s.removeSeat)
	api("POST /api/matches/{id}/rematch", s.rematch)
	api("POST /api/matches/{id}/moves", s.move)
	api("POST /api/matches/{id}/undo", s.undo)
	api("POST /api/matches/{id}/resign", s.endAction((*match).resign))
	api("POST /api/matches/{id}/claim", s.endAction((*match).claimVictory))
	api("POST /api/matches/{id}/leave", s.leave)
	api("GET /api/matches/{id}/legal", s.legal)
	api("GET /api/matches/{id}/record", s.record)
	api("GET /api/matches/{id}/replay/{step}", s.replayStep)
	api("GET /api/matches/{id}/story", s.story)
	api("POST /api/matches/{id}/analysis", s.analyses.Start)
	api("GET /api/matches/{id}/analysis", s.analyses.Show)
	api("GET /api/matches/{id}/ratings", s.ratings.MatchRatings)
	accounts("POST /api/matches/{id}/invite", s.botapi.Invite)
	api("POST /api/matches/{id}/decline", s.decline)
	api("POST /api/matches/{id}/chat", s.postChat)
	api("POST /api/account/bot", s.botapi.BecomeBot)
	api("GET /api/bot/stream", s.botapi.Stream)
	api("GET /api/bot/games/{id}/stream", s.botapi.GameStream)
	api("GET /api/matches/{id}/ws", s.websocket)
	accounts("POST /api/account/signup", s.acct.Signup)
	accounts("POST /api/account/signin", s.acct.Signin)
	accounts("POST /api/account/signout", s.acct.Signout)
	accounts("POST /api/account/signout-everywhere", s.acct.SignoutEverywhere)
	accounts("GET /api/account", s.acct.Account)
	accounts("GET /api/session", s.acct.Session)
	accounts("POST /api/account/password", s.acct.ChangePassword)
	accounts("POST /api/account/delete", s.acct.DeleteAccount)
	accounts("GET /api/account/tokens", s.acct.ListTokens)
	accounts("POST /api/account/tokens", s.acct.CreateToken)
	accounts("DELETE /api/account/tokens/{tid}", s.acct.DeleteToken)
	api("POST /api/account/claim", s.claim)
	api("GET /api/account/export", s.exportGames)
	api("GET /api/account/games", s.yourGames)
	accounts("GET /api/account/passkeys", s.acct.ListPasskeys)
	accounts("DELETE /api/account/passkeys/{pid}", s.acct.DeletePasskey)
	accounts("POST /api/account/passkeys/register/begin", s.acct.PasskeyRegisterBegin)
	accounts("POST /api/account/passkeys/register/finish", s.acct.PasskeyRegisterFinish)
	accounts("POST /api/account/passkeys/signin/begin", s.acct.PasskeySigninBegin)
	accounts("POST /api/account/passkeys/signin/finish", s.acct.PasskeySigninFinish)
	api("GET /api/account/notifications", s.social.Notifications)
	api("POST /api/account/notifications/read", s.social.ReadNotifications)
	api("POST /api/account/notifications/read-all", s.social.ReadAllNotifications)
	api("GET /api/account/events", s.social.AccountEvents)
	api("GET /api/account/notify", s.social.GetPrefs)
	api("POST /api/account/notify", s.social.SetPrefs)
	api("POST /api/account/push", s.social.AddPush)
	api("DELETE /api/account/push/{sid}", s.social.DeletePush)
	api("GET /api/account/following", s.social.Contacts("following"))
	api("GET /api/account/blocked", s.social.Contacts("blocked"))
	api("POST /api/users/{name}/follow", s.social.Relation("follow"))
	api("DELETE /api/users/{name}/follow", s.social.Relation("follow"))
	api("POST /api/users/{name}/block", s.social.Relation("block"))
	api("DELETE /api/users/{name}/block", s.social.Relation("block"))
	api("POST /api/users/{name}/report", s.social.Report)
	api("GET /api/matches/{id}/presence", s.social.Presence)
	plain("GET /confirm-email", s.social.ConfirmEmail)
	plain("/unsubscribe", s.social.Unsubscribe)
	accounts("GET /api/users/{name}", s.ratings.Profile)
	accounts("GET /api/leaderboard/{game}", s.ratings.Leaderboard)
	accounts("GET /api/challenges", s.challenges.List)
	accounts("POST /api/challenges/{id}/attempts", s.challenges.Start)
	accounts("GET /api/challenges/{id}/leaderboard", s.challenges.Leaderboard)
	accounts("GET /api/challenges/{id}/share", s.challenges.Share)
	accounts("GET /api/challenges/reminder", s.challenges.Reminder)
	accounts("POST /api/challenges/reminder", s.challenges.Reminder)
	accounts("GET /api/tournaments", s.tournaments.List)
	accounts("POST /api/tournaments", s.tournaments.Create)
	accounts("GET /api/tournaments/{id}", s.tournaments.Show)
	accounts("POST /api/tournaments/{id}/join", s.tournaments.Join)
	accounts("POST /api/tournaments/{id}/leave", s.tournaments.Leave)
	accounts("POST /api/tournaments/{id}/checkin", s.tournaments.CheckIn)
	accounts("POST /api/tournaments/{id}/withdraw", s.tournaments.Withdraw)
	accounts("POST /api/tournaments/{id}/pause", s.tournaments.Pause(true))
	accounts("POST /api/tournaments/{id}/resume", s.tournaments.Pause(false))
	accounts("POST /api/tournaments/{id}/bots", s.tournaments.AddBot)
	accounts("POST /api/tournaments/{id}/start", s.tournaments.StartNow)
	accounts("POST /api/tournaments/{id}/cancel", s.tournaments.Cancel)
	accounts("POST /api/tournaments/{id}/next-season", s.tournaments.NextSeason)
	accounts("GET /api/tournaments/{id}/standings", s.tournaments.Standings)
	accounts("GET /api/tournaments/{id}/rounds", s.tournaments.Rounds)
	return t
}

func (s *Server) routes(static fs.FS) http.Handler {
	mux := http.NewServeMux()
	for _, rt := range s.routeTable() {
		mux.Handle(rt.pattern, rt.h)
	}
	// Anything else under /api/ is a JSON error, 405 when the path exists for another method.
	mux.Handle("/api/", s.apiHandler(func(w http.ResponseWriter, r *http.Request) error {
		for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
			if m == r.Method {
				continue
			}
			r2 := r.Clone(r.Context())
			r2.Method = m
			if _, p := mux.Handler(r2); p != "/api/" && p != "" {
				w.Header().Set("Allow", m)
				return errf(http.StatusMethodNotAllowed, codeMethod, "%s is not allowed on %s", r.Method, r.URL.Path)
			}
		}
		return errf(http.StatusNotFound, codeNotFound, "no such endpoint: %s %s", r.Method, r.URL.Path)
	}))
	if static != nil {
		mux.Handle("/", httpkit.StaticHandler(static, staticRefusal))
	} else {
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				writeError(w, errf(http.StatusMethodNotAllowed, codeMethod, "%s is not allowed here", r.Method))
				return
			}
			writeError(w, errf(http.StatusNotFound, codeNotFound, "no such page"))
		})
	}
	return s.logRequests(s.recoverPanics(s.bodyDeadline(crossSiteGate(mux))))
}

// apiHandler adapts a handler that returns an error, applies the rate limit, and serves a change under
// busy (refused once the server is closing).
func (s *Server) apiHandler(h func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if wait := s.rateLimited(r); wait > 0 {
			// The connection closes after the refusal: reading a body the client may trickle would hold it.
			w.Header().Set("Connection", "close")
			writeError(w, tooMany(wait, "too many requests; slow down"))
			return
		}
		if !safeMethod(r.Method) {
			// A change (a move, an undo, a start, a join: whatever appends to a match's log) is made under
			// busy, as a WebSocket message is: Close waits for it, its observers' records included, before
			// it cancels and the store is closed, even when http.Server.Shutdown gave up on the request.
			// busy is taken before any match's lock, in the order of the sockets' readers. A read (a long
			// poll among them) is left out: it is served while the server closes and does not hold Close.
			// A body still being sent holds Close at most the body's deadline (bodyDeadline).
			s.busy.RLock()
			defer s.busy.RUnlock()
			if s.ctx.Err() != nil {
				writeError(w, &apiError{Status: http.StatusServiceUnavailable, Code: codeUnavailable,
					Message: "shutting down; try again", RetryAfter: 1})
				return
			}
		}
		if err := h(w, r); err != nil {
			ae := toAPIError(err)
			if ae.Status >= 500 {
				s.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
			}
			writeError(w, ae)
		}
	})
}

func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic serving request", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v))
				writeError(w, errf(http.StatusInternalServerError, codeInternal, "internal error"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// logRequests gives each request an id (a trusted proxy's X-Request-Id, else a new one), answers it in
// X-Request-Id, logs the request at info level with it once answered (what went wrong inside is logged
// where it happens, with the same id) and counts it in the metrics. The query string is left out because
// it may hold a seat token.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if a, ok := httpkit.ClientAddr(r, nil); !ok || !httpkit.IsTrusted(a, s.trusted) || !httpkit.ValidRequestID(id) {
			id = httpkit.NewRequestID()
		}
		w.Header().Set("X-Request-Id", id)
		r = r.WithContext(httpkit.WithRequestID(r.Context(), id))
		sw := &httpkit.StatusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		status := cmp.Or(sw.Status, http.StatusOK)
		s.metrics.Request(status)
		s.log.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("method", r.Method),
			slog.String("path", r.URL.Path), slog.Int("status", status), slog.Duration("dur", time.Since(start)),
			slog.String("client", httpkit.ClientKey(r, s.trusted)))
	})
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		writeError(w, errf(http.StatusServiceUnavailable, codeUnavailable, "shutting down"))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.Warn("readiness: store unreachable", "err", err)
		writeError(w, errf(http.StatusServiceUnavailable, codeUnavailable, "database unreachable"))
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

type definitionInfo struct {
	Name           string          `json:"name"`
	MinSeats       int             `json:"min_seats"`
	MaxSeats       int             `json:"max_seats"`
	DefaultOptions json.RawMessage `json:"default_options"`
	// Bots are the bots a player may seat, from the weakest to the strongest by their ratings (unrated ones
	// last, as the catalogue lists them); DefaultBot is the one seated when none is named.
	Bots       []string `json:"bots,omitempty"`
	DefaultBot string   `json:"default_bot,omitempty"`
}

// byStrength orders a game's bots from the weakest to the strongest by their fixed ratings, the unrated
// last in the catalogue's order: the order a player reads levels in.
func byStrength(bots game.Bots, gameName string, names []string) []string {
	out := slices.Clone(names)
	slices.SortStableFunc(out, func(a, b string) int {
		ra, oka := bots.Rating(gameName, a)
		rb, okb := bots.Rating(gameName, b)
		switch {
		case oka && okb:
			return cmp.Compare(ra.Mu, rb.Mu)
		case oka:
			return -1
		case okb:
			return 1
		}
		return 0
	})
	return out
}

func (s *Server) listDefinitions(w http.ResponseWriter, r *http.Request) error {
	out := []definitionInfo{}
	for _, name := range sortedNames(s.games) {
		d := s.games[name]
		lo, hi := d.SeatRange()
		info := definitionInfo{Name: name, MinSeats: lo, MaxSeats: hi, DefaultOptions: d.DefaultOptions()}
		if s.bots != nil {
			if names := s.bots.Names(name); len(names) > 0 {
				info.Bots, info.DefaultBot = byStrength(s.bots, name, names), names[0]
			}
		}
		out = append(out, info)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
	return nil
}

func sortedNames(r game.Registry) []string { return slices.Sorted(maps.Keys(r)) }

type lobbyEntry struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Status  string          `json:"status"`
	Options json.RawMessage `json:"options"`
	Summary json.RawMessage `json:"summary"`
	Created time.Time       `json:"created"`
}

func (s *Server) lobby(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	status := q.Get("status")
	switch status {
	case "", statusOpen, statusPlaying, statusFinished:
	default:
		return errf(http.StatusBadRequest, codeBadRequest, "status must be open, playing or finished")
	}
	limit := 50
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			return errf(http.StatusBadRequest, codeBadRequest, "limit must be 1..200")
		}
		limit = n
	}
	// The store leaves the unlisted out, so that they bury none of the listed under the limit.
	gs, err := s.store.ListListed(r.Context(), status, limit)
	if err != nil {
		return err
	}
	out := make([]lobbyEntry, 0, len(gs))
	for _, g := range gs {
		if unlisted(g.Summary) {
			continue
		}
		out = append(out, lobbyEntry{ID: g.ID, Game: g.Game, Status: g.Status, Options: g.Options, Summary: currentSummary(g.Summary), Created: g.Created})
	}
	writeJSON(w, http.StatusOK, map[string]any{"matches": out})
	return nil
}

// unlisted says whether a match's lobby summary keeps it out of the lobby's lists.
func unlisted(summary json.RawMessage) bool {
	if !bytes.Contains(summary, []byte(`"unlisted"`)) {
		return false
	}
	var sum lobbySummary
	return json.Unmarshal(summary, &sum) == nil && sum.Unlisted
}

type createReq struct {
	Game     string          `json:"game"`
	Options  json.RawMessage `json:"options"`
	MaxSeats int             `json:"max_seats"`
	Clock    *clockConf      `json:"clock"`
	Name     string          `json:"name"`
	Rated    bool            `json:"rated"`
	// SpectatorChat lets signed-in spectators talk at the table.
	SpectatorChat bool `json:"spectator_chat"`
	// Unlisted keeps the match out of the lobby's lists: a tutorial, or a table for those given its link.
	Unlisted bool `json:"unlisted"`
	// OldMaxSeats is max_seats as clients sent it before the API became snake_case (server/casing.go).
	OldMaxSeats int `json:"maxSeats"`
}

type seatResp struct {
	ID     string    `json:"id"`
	Invite string    `json:"invite"`
	Seat   game.Seat `json:"seat"`
	Token  string    `json:"token"`
}

func (s *Server) inviteURL(r *http.Request, id string) string {
	scheme := "http"
	if httpkit.OverHTTPS(r, s.trusted) {
		scheme = "https"
	}
	return scheme + "://" + r.Host + "/m/" + id
}

func checkName(name string) error { return httpkit.CheckName(name) }

// One client address may open createBurst matches at once, then one every 1/createRate seconds: enough
// for a club's evening, too few to bury the lobby's open matches under its own.
const (
	createRate  = 1.0 / 6
	createBurst = 10
)

func (s *Server) create(w http.ResponseWriter, r *http.Request) error {
	var req createReq
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	// A guest opens a match without a credential; one that is present but wrong (an ended session, a
	// revoked token) is refused, as everywhere, rather than served as no one.
	if _, err := s.ident.WhoIs(r); err != nil {
		return err
	}
	if s.creations != nil {
		if wait := s.creations.Take(httpkit.ClientKey(r, s.trusted), s.now()); wait > 0 {
			return tooMany(wait, "you have opened many matches in a short time; wait a few seconds")
		}
	}
	def, ok := s.games[req.Game]
	if !ok {
		return errf(http.StatusBadRequest, codeBadRequest, "unknown game %q (see GET /api/games)", req.Game)
	}
	lo, hi, err := game.SeatRangeFor(def, req.Options)
	if err != nil {
		return err
	}
	if req.MaxSeats == 0 {
		req.MaxSeats = req.OldMaxSeats
	}
	if req.MaxSeats == 0 {
		req.MaxSeats = hi
	}
	if req.MaxSeats < lo || req.MaxSeats > hi {
		return errf(http.StatusBadRequest, codeBadRequest, "max_seats must be %d..%d for %s", lo, hi, req.Game)
	}
	if o := strings.TrimSpace(string(req.Options)); o == "" || o == "null" {
		req.Options = def.DefaultOptions()
	}
	// The match stores every option spelled out, so its record replays the same game even if a default
	// or a preset changes in a later version.
	canon, err := def.CanonicalOptions(req.Options)
	if err != nil {
		return err
	}
	req.Options = canon
	// Options are checked now for a full table; start checks them again for the players actually seated.
	if _, err := def.New(req.Options, req.MaxSeats, 0); err != nil {
		return err
	}
	if c := req.Clock; c != nil {
		if c.Mode != "move" && c.Mode != "game" {
			return errf(http.StatusBadRequest, codeBadRequest, `clock.mode must be "move" or "game"`)
		}
		if c.Seconds < 1 || c.Seconds > 30*24*3600 {
			return errf(http.StatusBadRequest, codeBadRequest, "clock.seconds must be 1..2592000")
		}
	}
	account := ""
	if req.Name != "" {
		if err := checkName(req.Name); err != nil {
			return err
		}
		if account, err = s.ident.SeatName(r, strings.TrimSpace(req.Name)); err != nil {
			return err
		}
	}
	if req.Rated && s.ident.Available() != nil {
		return errf(http.StatusBadRequest, codeBadRequest, "this server has no accounts: a match cannot be rated")
	}
	id, err := s.createMatch(r.Context(), req.Game, req.Options, config{MaxSeats: req.MaxSeats, Clock: req.Clock, Rated: req.Rated, SpectatorChat: req.SpectatorChat, Unlisted: req.Unlisted})
	if err != nil {
		return err
	}
	resp := map[string]any{"id": id, "invite": s.inviteURL(r, id)}
	if req.Name != "" {
		var seat game.Seat
		var tok string
		err := s.withMatch(r.Context(), id, func(m *match) (err error) {
			seat, tok, err = m.join(r.Context(), strings.TrimSpace(req.Name), account)
			return err
		})
		if err != nil {
			return err
		}
		resp["seat"], resp["token"] = seat, tok
		s.bindIfSignedIn(r, id, seat)
	}
	writeJSON(w, http.StatusCreated, resp)
	return nil
}

// createMatch stores a new open match of a game with options already in canonical form.
func (s *Server) createMatch(ctx context.Context, gameName string, options json.RawMessage, cfg config) (string, error) {
	return s.insertMatch(ctx, s.newMatchRow(gameName, options, cfg))
}

// insertMatch stores a new open match's row under a new id.
func (s *Server) insertMatch(ctx context.Context, g store.Game) (string, error) {
	var err error
	for range 3 {
		g.ID = httpkit.NewID()
		if err = s.store.CreateGame(ctx, g); !errors.Is(err, store.ErrExists) {
			break
		}
	}
	if err != nil {
		return "", err
	}
	s.log.Info("match created", "match", g.ID, "game", g.Game)
	return g.ID, nil
}

// newMatchRow is the row of a new open match, without its id.
func (s *Server) newMatchRow(gameName string, options json.RawMessage, cfg config) store.Game {
	return store.Game{Game: gameName, Options: options, Seed: s.seed(), Config: mustJSON(cfg), Status: statusOpen,
		Summary: mustJSON(lobbySummary{Players: []string{}, MaxSeats: cfg.MaxSeats, Clock: cfg.Clock, Unlisted: cfg.Unlisted}), Created: s.now()}
}

func (s *Server) join(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Name string `json:"name"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := checkName(req.Name); err != nil {
		return err
	}
	name := strings.TrimSpace(req.Name)
	account, err := s.ident.SeatName(r, name)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	var resp seatResp
	err = s.withMatch(r.Context(), id, func(m *match) (err error) {
		if err := m.distinctName(name); err != nil {
			return err
		}
		resp.Seat, resp.Token, err = m.join(r.Context(), name, account)
		return err
	})
	if err != nil {
		return err
	}
	resp.ID, resp.Invite = id, s.inviteURL(r, id)
	s.bindIfSignedIn(r, id, resp.Seat)
	s.botJoined(r.Context(), r, id, resp.Seat)
	writeJSON(w, http.StatusOK, resp)
	return nil
}

// seated runs fn on the match for the seat that the request's token names.
func (s *Server) seated(r *http.Request, fn func(m *match, seat game.Seat) error) ([]byte, error) {
	var out []byte
	err := s.withMatch(r.Context(), r.PathValue("id"), func(m *match) error {
		seat, err := s.actingSeat(r, m)
		if err != nil {
			return err
		}
		if err := fn(m, seat); err != nil {
			return err
		}
		out = m.envelope(seat)
		return nil
	})
	return out, err
}

func (s *Server) start(w http.ResponseWriter, r *http.Request) error {
	if err := s.decodeOptional(w, r, &struct{}{}); err != nil {
		return err
	}
	out, err := s.seated(r, func(m *match, seat game.Seat) error {
		// The host, seat 0 (who opened the match, or its first player), decides when the table is complete.
		if seat != hostSeat {
			return errf(http.StatusForbidden, codeForbidden, "only the host (seat 0, who opened the match) may start it")
		}
		return m.start(r.Context())
	})
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, out)
	return nil
}

// hostSeat is the seat that hosts a match: it alone starts it.
const hostSeat = observe.HostSeat

// closeMatch is the host closing a match before it starts: POST /api/matches/{id}/close.
func (s *Server) closeMatch(w http.ResponseWriter, r *http.Request) error {
	if err := s.decodeOptional(w, r, &struct{}{}); err != nil {
		return err
	}
	out, err := s.seated(r, func(m *match, seat game.Seat) error {
		if seat != hostSeat {
			return refuse(codeForbidden, "only the host (seat 0, who opened the match) may close it")
		}
		return m.close(r.Context())
	})
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, out)
	return nil
}

// removeSeat is the host taking a seat back before the start: POST /api/matches/{id}/seats/{seat}/remove.
func (s *Server) removeSeat(w http.ResponseWriter, r *http.Request) error {
	if err := s.decodeOptional(w, r, &struct{}{}); err != nil {
		return err
	}
	n, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil {
		return errf(http.StatusBadRequest, codeBadRequest, "seat must be a number")
	}
	id := r.PathValue("id")
	out, err := s.seated(r, func(m *match, seat game.Seat) error {
		if seat != hostSeat {
			return refuse(codeForbidden, "only the host (seat 0, who opened the match) may remove a seat")
		}
		if err := m.removeSeat(r.Context(), game.Seat(n)); err != nil {
			return err
		}
		s.ident.RemoveSeat(r.Context(), id, game.Seat(n))
		return nil
	})
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, out)
	return nil
}

type moveReq struct {
	Move json.RawMessage `json:"move"`
	// Seq is the match's sequence number the client decided at (optional): a move for a state the match
	// has left is refused rather than applied to the next decision.
	Seq *int64 `json:"seq"`
}

// idempotencyKey reads the Idempotency-Key header of a move or an undo.
func idempotencyKey(r *http.Request) (string, error) {
	k := r.Header.Get("Idempotency-Key")
	if len(k) > maxKeyLen {
		return "", errf(http.StatusBadRequest, codeBadRequest, "Idempotency-Key is longer than %d characters", maxKeyLen)
	}
	for _, c := range k {
		if c < 0x21 || c > 0x7e {
			return "", errf(http.StatusBadRequest, codeBadRequest, "Idempotency-Key must be printable ASCII")
		}
	}
	return k, nil
}

func (s *Server) move(w http.ResponseWriter, r *http.Request) error {
	start := time.Now()
	var req moveReq
	if err := s.decodeWith(w, r, &req, func(b []byte) bool { return parseMoveBody(b, &req) }); err != nil {
		return err
	}
	if len(req.Move) == 0 || string(req.Move) == "null" {
		return errf(http.StatusBadRequest, codeBadMove, `the body must be {"move": ...}`)
	}
	key, err := idempotencyKey(r)
	if err != nil {
		return err
	}
	out, err := s.seated(r, func(m *match, seat game.Seat) error {
		return m.moveOnce(r.Context(), seat, req.Move, "", request{seq: req.Seq, key: key, at: start})
	})
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, out)
	return nil
}

func (s *Server) undo(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Seq *int64 `json:"seq"`
	}
	if err := s.decodeOptional(w, r, &req); err != nil {
		return err
	}
	key, err := idempotencyKey(r)
	if err != nil {
		return err
	}
	out, err := s.seated(r, func(m *match, seat game.Seat) error {
		return m.undoOnce(r.Context(), seat, request{seq: req.Seq, key: key})
	})
	if err != nil {
		return err
	}
	writeRaw(w, http.StatusOK, out)
	return nil
}

func (s *Server) legal(w http.ResponseWriter, r *http.Request) error {
	var moves []json.RawMessage
	var seat game.Seat
	_, err := s.seated(r, func(m *match, st game.Seat) error {
		seat = st
		if !m.started {
			return errf(http.StatusConflict, codeNotStarted, "the match has not started")
		}
		moves = m.st.LegalMoves(st)
		return nil
	})
	if err != nil {
		return err
	}
	if moves == nil {
		moves = []json.RawMessage{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"seat": seat, "moves": moves})
	return nil
}

// show returns the match as the token's seat (or a spectator) sees it. With ?after=SEQ&wait=SECONDS it
// waits until the match has moved past SEQ, for clients that poll instead of holding a WebSocket.
func (s *Server) show(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	var after int64 = -1
	wait := 0
	if v := q.Get("after"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return errf(http.StatusBadRequest, codeBadRequest, "after must be a sequence number")
		}
		after = n
		wait = 30
	}
	if v := q.Get("wait"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 60 {
			return errf(http.StatusBadRequest, codeBadRequest, "wait must be 0..60 seconds")
		}
		wait = n
	}
	sub, m, out, err := s.viewOrSubscribe(r, after)
	if err != nil {
		return err
	}
	if sub != nil {
		defer func() {
			m.mu.Lock()
			m.unsubscribe(sub)
			m.mu.Unlock()
		}()
		t := time.NewTimer(time.Duration(wait) * time.Second)
		defer t.Stop()
		select {
		case <-sub.wake:
			out = sub.take()
		case <-t.C:
		case <-s.drained:
		case <-sub.done:
		case <-r.Context().Done():
			return nil
		}
		if out == nil {
			seat := sub.seat
			select {
			case <-sub.done:
				// Ended by the match (a seat removed, a reload): its seat number may name someone else now,
				// so the answer is a spectator's; the client asks again with its token.
				seat = game.Spectator
			default:
			}
			m.mu.Lock()
			out = m.envelope(seat)
			m.mu.Unlock()
		}
	}
	writeRaw(w, http.StatusOK, out)
	return nil
}

// viewOrSubscribe returns the envelope now, or a subscriber when the match has not passed after yet.
func (s *Server) viewOrSubscribe(r *http.Request, after int64) (*subscriber, *match, []byte, error) {
	var sub *subscriber
	var mm *match
	var out []byte
	err := s.withMatch(r.Context(), r.PathValue("id"), func(m *match) error {
		mm = m
		seat, err := s.viewerSeat(r, m)
		if err != nil {
			return err
		}
		if err := s.attemptSpectator(m, seat); err != nil {
			return err
		}
		if after < 0 || m.seq > after {
			out = m.envelope(seat)
			return nil
		}
		sub = newSubscriber(seat, m.seq)
		m.subscribe(sub)
		return nil
	})
	return sub, mm, out, err
}

func (s *Server) record(w http.ResponseWriter, r *http.Request) error {
	var rec game.Record
	err := s.withMatch(r.Context(), r.PathValue("id"), func(m *match) error {
		if !m.over() {
			return errf(http.StatusConflict, codeNotFinished, "the record is available once the game is over")
		}
		if err := s.withheldRecord(m); err != nil {
			return err
		}
		rec = m.namedRecord(len(m.moves))
		return nil
	})
	if err != nil {
		return err
	}
	// The live game is not told (it would cost every move); the record's narrative comes from a told
	// replay, outside the match's lock.
	told, err := s.games.ReplayTold(rec)
	if err != nil {
		return fmt.Errorf("record %s: %w", r.PathValue("id"), err)
	}
	rec.Tell(told)
	w.Header().Set("Content-Disposition", `attachment; filename="surveyor-`+rec.Game+`-`+r.PathValue("id")+`.json"`)
	writeJSON(w, http.StatusOK, rec)
	return nil
}

// namedRecord is the record of the first n moves with the players' names, as records, replays and
// stories give them.
func (m *match) namedRecord(n int) game.Record {
	rec := m.record(n)
	for _, seat := range m.seats {
		rec.Players = append(rec.Players, seat.name)
	}
	return rec
}

func (m *match) record(n int) game.Record {
	rec := game.Record{Game: m.row.Game, Options: m.row.Options, Seed: m.row.Seed, Seats: len(m.seats),
		Moves: make([]game.RecordedMove, n)}
	for i, em := range m.moves[:n] {
		rec.Moves[i] = game.RecordedMove{Seat: em.seat, Move: em.move}
	}
	return rec
}

// replayStep shows a finished game as a spectator saw it after a number of moves.
func (s *Server) replayStep(w http.ResponseWriter, r *http.Request) error {
	step, err := strconv.Atoi(r.PathValue("step"))
	if err != nil || step < 0 {
		return errf(http.StatusBadRequest, codeBadRequest, "step must be a number of moves")
	}
	var rec game.Record
	var total int
	var def game.Definition
	untold := false      // the game's hidden setup is left out (an attempt at a running challenge)
	said := []chatData{} // what was said at the table up to this step
	err = s.withMatch(r.Context(), r.PathValue("id"), func(m *match) error {
		if !m.over() {
			return errf(http.StatusConflict, codeNotFinished, "replays are available once the game is over")
		}
		if untold, err = s.attemptViewer(r, m); err != nil {
			return err
		}
		total, def = len(m.moves), m.def
		if step > total {
			return errf(http.StatusBadRequest, codeBadRequest, "step %d is past the last move (%d)", step, total)
		}
		rec = m.namedRecord(step)
		for _, c := range m.chat {
			if c.After <= step {
				said = append(said, c)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	// The replay runs outside the match lock: a finished game's record never changes. It is told, so
	// that the client shows the game's narrative so far beside the board.
	st, err := game.NewRegistry(def).ReplayTold(rec)
	if err != nil {
		return err
	}
	told := toldEvents(st, rec.Players)
	if untold {
		told = withoutSetup(told)
	}
	resp := map[string]any{"step": step, "steps": total, "view": st.View(game.Spectator), "to_act": st.ToAct(),
		"narrative": told, "chat": said}
	if step > 0 {
		resp["move"] = rec.Moves[step-1]
	}
	writeJSON(w, http.StatusOK, resp)
	return nil
}

// story is GET /api/matches/{id}/story: the game told so far, for the log beside a table in play. Anyone
// may read it: the narrative tells only what the table shows (the cards and tiles once turned up, the
// moves, the scorings), and what stays hidden until the end (the Land Surveyors piles) only once the game
// is over. The live game is not told; the story is a told replay of its moves, made on request outside
// the match's lock.
func (s *Server) story(w http.ResponseWriter, r *http.Request) error {
	var rec game.Record
	var def game.Definition
	var seq int64
	untold := false // the game's hidden setup is left out (an attempt at a running challenge)
	err := s.withMatch(r.Context(), r.PathValue("id"), func(m *match) error {
		if !m.started {
			return errf(http.StatusConflict, codeNotStarted, "the story begins when the match starts")
		}
		var err error
		if untold, err = s.attemptViewer(r, m); err != nil {
			return err
		}
		def, seq = m.def, m.seq
		rec = m.namedRecord(len(m.moves))
		return nil
	})
	if err != nil {
		return err
	}
	st, err := game.NewRegistry(def).ReplayTold(rec)
	if err != nil {
		return fmt.Errorf("story %s: %w", r.PathValue("id"), err)
	}
	told := toldEvents(st, rec.Players)
	if untold {
		told = withoutSetup(told)
	}
	writeJSON(w, http.StatusOK, map[string]any{"seq": seq, "moves": len(rec.Moves), "narrative": told})
	return nil
}

// toldEvent is a narrative event as the replay shows it: told with the players' names.
type toldEvent struct {
	After int             `json:"after"`
	Kind  string          `json:"kind"`
	Seat  *game.Seat      `json:"seat,omitempty"`
	Text  string          `json:"text"`
	Data  json.RawMessage `json:"data,omitempty"`
}

// toldEvents is a state's narrative with names, empty for a game that tells none.
func toldEvents(st game.State, names []string) []toldEvent {
	out := []toldEvent{}
	if n, ok := st.(game.Narrator); ok {
		for _, e := range n.Narrative() {
			out = append(out, toldEvent{After: e.After, Kind: e.Kind, Seat: e.Seat, Text: e.Tell(names), Data: e.Data})
		}
	}
	return out
}

// staticRefusal answers, in the API's error format, a request the static files cannot.
func staticRefusal(w http.ResponseWriter, status int, msg string) {
	code := codeNotFound
	if status == http.StatusMethodNotAllowed {
		code = codeMethod
	}
	writeError(w, errf(status, code, "%s", msg))
}
