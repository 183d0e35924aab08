package server

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// Accounts: a player with a name on every device. A browser signs in with a name and a password and
// gets a session cookie (HttpOnly, SameSite=Lax, Secure behind TLS) whose secret the server keeps only
// hashed; scripts and bots use personal API tokens (Authorization: Bearer sv_...). Either acts for the
// seats its account holds in any match, so that a signed-in player finds and plays their games on any
// device. Guests keep playing with seat tokens exactly as before; signing in claims the seats the browser
// holds. docs/api.md describes the endpoints.

const (
	sessionCookie = accounts.SessionCookie
	sessionLife   = accounts.SessionLife
	// apiTokenPrefix tells an account's API token from a seat token, which has no prefix.
	apiTokenPrefix = httpkit.APITokenPrefix
	// Wrong passwords: each account and each address may fail this many times in a row, then one more
	// attempt per failWindow/failBurst.
	failBurst  = 10
	failWindow = 15 * time.Minute
)

// The account room's names under the match host's old ones.
const (
	scopeRead          = accounts.ScopeRead
	scopePlay          = accounts.ScopePlay
	codeBadCredentials = accounts.CodeBadCredentials
	codeNameTaken      = accounts.CodeNameTaken
	codeNoAccounts     = accounts.CodeNoAccounts
)

// principal is who a request acts for (accounts.Principal).
type principal = accounts.Principal

// failures counts wrong passwords per account and per address: a token bucket refilled slowly, consumed
// only by failures, so that people who type their password right are never slowed.
type failures struct {
	mu sync.Mutex
	b  map[string]*bucket
}

// bucket is a failure bucket's level at its last change.
type bucket struct {
	tokens float64
	last   time.Time
}

func (f *failures) retryAfter(key string, now time.Time) time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.b[key]
	if !ok {
		return 0
	}
	rate := float64(failBurst) / failWindow.Seconds()
	tokens := min(float64(failBurst), b.tokens+now.Sub(b.last).Seconds()*rate)
	if tokens >= 1 {
		return 0
	}
	return time.Duration((1 - tokens) / rate * float64(time.Second))
}

func (f *failures) fail(key string, now time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	rate := float64(failBurst) / failWindow.Seconds()
	b, ok := f.b[key]
	if !ok {
		b = &bucket{tokens: failBurst, last: now}
		f.b[key] = b
	}
	b.tokens = max(0, min(float64(failBurst), b.tokens+now.Sub(b.last).Seconds()*rate)-1)
	b.last = now
}

// setSession starts a session for an account and sets its cookie.
func (s *Server) setSession(w http.ResponseWriter, r *http.Request, u store.User) error {
	secret, hash := auth.NewSecret("")
	now := s.now()
	agent := r.UserAgent()
	if len(agent) > 120 {
		agent = agent[:120]
	}
	if err := s.accounts.CreateSession(r.Context(), store.Session{Hash: hash, UserID: u.ID, Created: now, LastSeen: now,
		Expires: now.Add(sessionLife), Agent: agent}); err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: secret, Path: "/", HttpOnly: true, Secure: secureRequest(r, s),
		SameSite: http.SameSiteLaxMode, MaxAge: int(sessionLife.Seconds())})
	return nil
}

func clearSession(w http.ResponseWriter, r *http.Request, s *Server) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", HttpOnly: true, Secure: secureRequest(r, s),
		SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

// secureRequest reports whether the client reached us over TLS, directly or through a trusted proxy.
func secureRequest(r *http.Request, s *Server) bool {
	if r.TLS != nil {
		return true
	}
	return s.fromTrustedProxy(r) && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

// userJSON is an account as the API shows it.
type userJSON struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Bot     bool      `json:"bot,omitempty"`
}

func userOut(u store.User) userJSON {
	return userJSON{ID: u.ID, Name: u.Name, Created: u.Created, Bot: u.Bot}
}

// seatClaim is a seat a guest browser holds, which signing in binds to the account.
type seatClaim struct {
	Match string `json:"match"`
	Token string `json:"token"`
}

type credentialsReq struct {
	Name     string      `json:"name"`
	Password string      `json:"password"`
	Seats    []seatClaim `json:"seats"`
}

func (s *Server) signup(w http.ResponseWriter, r *http.Request) error {
	var req credentialsReq
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := auth.CheckName(req.Name, s.botNames()...); err != nil {
		return errf(http.StatusBadRequest, codeBadRequest, "%v", err)
	}
	if n := len([]rune(req.Password)); n < 8 || len(req.Password) > auth.MaxPasswordBytes {
		return errf(http.StatusBadRequest, codeBadRequest, "a password has 8 to %d bytes", auth.MaxPasswordBytes)
	}
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return err
	}
	u := store.User{ID: httpkit.NewID(), Name: req.Name, Key: auth.NameKey(req.Name), PasswordHash: hash, Created: s.now()}
	if err := s.accounts.CreateUser(r.Context(), u); errors.Is(err, store.ErrNameTaken) {
		return errf(http.StatusConflict, codeNameTaken, "the name %q (or one that looks like it) is taken", req.Name)
	} else if err != nil {
		return fmt.Errorf("sign up: %w", err)
	}
	s.log.Info("account created", "user", u.ID)
	if err := s.setSession(w, r, u); err != nil {
		return err
	}
	claimed := s.claimSeats(r.Context(), u, req.Seats)
	writeJSON(w, http.StatusCreated, map[string]any{"user": userOut(u), "claimed": claimed})
	return nil
}

func (s *Server) signin(w http.ResponseWriter, r *http.Request) error {
	var req credentialsReq
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	now := s.now()
	key, addr := "user:"+auth.NameKey(req.Name), "addr:"+httpkit.ClientKey(r, s.trusted)
	if wait := max(s.failed.retryAfter(key, now), s.failed.retryAfter(addr, now)); wait > 0 {
		s.metrics.SignInFailed("limited")
		return tooMany(wait, "too many wrong passwords; retry after %d s", int(math.Ceil(wait.Seconds())))
	}
	u, err := s.accounts.UserByKey(r.Context(), auth.NameKey(req.Name))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("sign in: %w", err)
	}
	ok := false
	if err == nil && u.PasswordHash != "" && !u.Disabled && !u.Deleted {
		var rehash bool
		ok, rehash, err = auth.VerifyPassword(u.PasswordHash, req.Password)
		if err != nil {
			return fmt.Errorf("sign in: %w", err)
		}
		if rehash {
			if h, err := auth.HashPassword(req.Password); err == nil {
				u.PasswordHash = h
				s.accounts.UpdateUser(r.Context(), u)
			}
		}
	} else {
		// The same work as a real check, so that timing does not tell whether the name exists.
		auth.VerifyNothing(req.Password)
	}
	if !ok {
		s.failed.fail(key, now)
		s.failed.fail(addr, now)
		s.metrics.SignInFailed("password")
		return errf(http.StatusUnauthorized, codeBadCredentials, "wrong name or password")
	}
	if err := s.setSession(w, r, u); err != nil {
		return err
	}
	claimed := s.claimSeats(r.Context(), u, req.Seats)
	writeJSON(w, http.StatusOK, map[string]any{"user": userOut(u), "claimed": claimed})
	return nil
}

func (s *Server) signout(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, scopePlay)
	if err != nil {
		return err
	}
	if p.Session != nil {
		if err := s.accounts.DeleteSession(r.Context(), p.Session.Hash); err != nil {
			return fmt.Errorf("sign out: %w", err)
		}
	}
	clearSession(w, r, s)
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

func (s *Server) signoutEverywhere(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, scopePlay)
	if err != nil {
		return err
	}
	if err := s.accounts.DeleteSessions(r.Context(), p.User.ID); err != nil {
		return fmt.Errorf("sign out everywhere: %w", err)
	}
	clearSession(w, r, s)
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

func (s *Server) account(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, scopeRead)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": userOut(p.User)})
	return nil
}

// session is GET /api/session: the account this browser is signed in as, or null. Every page asks it on
// load; for a guest that is an answer, not an error (GET /api/account's 401 put a red line in every guest's
// console). An ended session reads as signed out too; 404 when the server has no accounts.
func (s *Server) session(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.WhoIs(r)
	if e := (*apiError)(nil); errors.As(err, &e) && e.Status == http.StatusUnauthorized {
		p, err = nil, nil
	}
	if err != nil {
		return err
	}
	var user any
	if p != nil && p.Can(scopeRead) {
		user = userOut(p.User)
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": user})
	return nil
}

// checkPassword verifies the account's password for a sensitive change, counting failures as sign-in does.
func (s *Server) checkPassword(r *http.Request, u store.User, password string) error {
	now := s.now()
	key := "user:" + u.Key
	if wait := s.failed.retryAfter(key, now); wait > 0 {
		return tooMany(wait, "too many wrong passwords; try again later")
	}
	ok, _, err := auth.VerifyPassword(u.PasswordHash, password)
	if err != nil && !errors.Is(err, auth.ErrBadHash) {
		return err
	}
	if !ok {
		s.failed.fail(key, now)
		return errf(http.StatusUnauthorized, codeBadCredentials, "wrong password")
	}
	return nil
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return errf(http.StatusForbidden, codeForbidden, "an API token cannot change the password")
	}
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := s.checkPassword(r, p.User, req.Old); err != nil {
		return err
	}
	if len(req.New) < 8 || len(req.New) > auth.MaxPasswordBytes {
		return errf(http.StatusBadRequest, codeBadRequest, "a password has 8 to %d bytes", auth.MaxPasswordBytes)
	}
	h, err := auth.HashPassword(req.New)
	if err != nil {
		return err
	}
	u := p.User
	u.PasswordHash = h
	if err := s.accounts.UpdateUser(r.Context(), u); err != nil {
		return fmt.Errorf("change password: %w", err)
	}
	// A changed password ends every other session: whoever knew the old one is signed out.
	if err := s.accounts.DeleteSessions(r.Context(), u.ID); err != nil {
		return fmt.Errorf("change password: %w", err)
	}
	if err := s.setSession(w, r, u); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return errf(http.StatusForbidden, codeForbidden, "an API token cannot delete the account")
	}
	var req struct {
		Password string `json:"password"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := s.checkPassword(r, p.User, req.Password); err != nil {
		return err
	}
	if err := s.accounts.DeleteUser(r.Context(), p.User.ID); err != nil {
		return fmt.Errorf("delete account: %w", err)
	}
	s.log.Info("account deleted", "user", p.User.ID)
	clearSession(w, r, s)
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// tokenJSON is an API token as its owner sees it (never its secret, shown once at creation).
type tokenJSON struct {
	ID       string     `json:"id"`
	Name     string     `json:"name"`
	Scopes   []string   `json:"scopes"`
	Created  time.Time  `json:"created"`
	LastUsed *time.Time `json:"last_used,omitempty"`
	Token    string     `json:"token,omitempty"`
}

func tokenOut(t store.APIToken) tokenJSON {
	out := tokenJSON{ID: t.ID, Name: t.Name, Scopes: t.Scopes, Created: t.Created}
	if !t.LastUsed.IsZero() {
		lu := t.LastUsed
		out.LastUsed = &lu
	}
	return out
}

func (s *Server) listTokens(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, scopeRead)
	if err != nil {
		return err
	}
	ts, err := s.accounts.Tokens(r.Context(), p.User.ID)
	if err != nil {
		return fmt.Errorf("tokens: %w", err)
	}
	out := make([]tokenJSON, len(ts))
	for i, t := range ts {
		out[i] = tokenOut(t)
	}
	writeJSON(w, http.StatusOK, map[string]any{"tokens": out})
	return nil
}

func (s *Server) createToken(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return errf(http.StatusForbidden, codeForbidden, "an API token cannot make API tokens")
	}
	var req struct {
		Name   string   `json:"name"`
		Scopes []string `json:"scopes"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := checkName(req.Name); err != nil {
		return err
	}
	if len(req.Scopes) == 0 {
		return errf(http.StatusBadRequest, codeBadRequest, `scopes must name "read", "play" or both`)
	}
	for _, sc := range req.Scopes {
		if sc != scopeRead && sc != scopePlay {
			return errf(http.StatusBadRequest, codeBadRequest, "unknown scope %q (read, play)", sc)
		}
	}
	slices.Sort(req.Scopes)
	req.Scopes = slices.Compact(req.Scopes)
	secret, hash := auth.NewSecret(apiTokenPrefix)
	t := store.APIToken{ID: httpkit.NewID(), Hash: hash, UserID: p.User.ID, Name: strings.TrimSpace(req.Name), Scopes: req.Scopes, Created: s.now()}
	if err := s.accounts.CreateToken(r.Context(), t); err != nil {
		return fmt.Errorf("create token: %w", err)
	}
	out := tokenOut(t)
	out.Token = secret
	writeJSON(w, http.StatusCreated, out)
	return nil
}

func (s *Server) deleteToken(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, "")
	if err != nil {
		return err
	}
	err = s.accounts.DeleteToken(r.Context(), p.User.ID, r.PathValue("tid"))
	if errors.Is(err, store.ErrNotFound) {
		return errf(http.StatusNotFound, codeNotFound, "no such token")
	} else if err != nil {
		return fmt.Errorf("delete token: %w", err)
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// botNames are the names of every bot the server offers: no account may take one.
func (s *Server) botNames() []string {
	if s.bots == nil {
		return nil
	}
	var out []string
	for name := range s.games {
		out = append(out, s.bots.Names(name)...)
	}
	return out
}
