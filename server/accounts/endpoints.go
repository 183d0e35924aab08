package accounts

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// Accounts: a player with a name on every device. A browser signs in with a name and a password and
// gets a session cookie (HttpOnly, SameSite=Lax, Secure behind TLS) whose secret the server keeps only
// hashed; scripts and bots use personal API tokens (Authorization: Bearer sv_...). Either acts for the
// seats its account holds in any match, so that a signed-in player finds and plays their games on any
// device. Guests keep playing with seat tokens exactly as before; signing in claims the seats the browser
// holds. docs/api.md describes the endpoints.

// Wrong passwords: each account and each address may fail this many times within failWindow (in the
// database every instance shares, so that guessing cannot spread over instances); without a shared
// store, this instance's memory allows this many in a row, then one more attempt per failWindow/FailBurst.
const (
	FailBurst  = 10
	failWindow = 15 * time.Minute
)

// DefaultSignups is how many accounts one client address may open an hour unless the operator says
// otherwise: a sign-up costs a password hash (argon2id, 19 MiB) and a row for good, yet a class or a club
// behind one school or café address signs up together, so the default leaves room for a room of players.
const DefaultSignups = 30

// Host is what the account endpoints need of the server they serve in.
type Host struct {
	MaxBody int64          // the largest request body
	Trusted []netip.Prefix // the reverse proxies whose X-Forwarded-* headers are believed
	// Reserved are names no account may take (the bots').
	Reserved func() []string
	// Claim binds to an account the seats a guest browser proves it holds; it returns the matches claimed.
	Claim func(ctx context.Context, u store.User, seats []SeatClaim) []string
	// SignInFailed counts a refused sign-in in the operator's metrics, by kind: password, passkey, or
	// limited (refused by the wrong-password limit without a check).
	SignInFailed func(kind string)
}

// Serve makes the account endpoints answer within the host's limits; call it once, before serving.
func (a *Store) Serve(h Host) { a.host = h }

// LimitSignups allows each client address perHour sign-ups an hour, counted in the database every
// instance shares when there is one; call it once, before serving (a server without its limits, tests
// and benchmarks, does not).
func (a *Store) LimitSignups(perHour int) {
	a.signups = &httpkit.PerHour{Limit: perHour, Name: "signup", Shared: a.failed.shared}
}

func (a *Store) decode(w http.ResponseWriter, r *http.Request, v any) error {
	return httpkit.Decode(w, r, a.host.MaxBody, v, nil)
}

func (a *Store) reserved() []string {
	if a.host.Reserved == nil {
		return nil
	}
	return a.host.Reserved()
}

func (a *Store) signInFailed(kind string) {
	if a.host.SignInFailed != nil {
		a.host.SignInFailed(kind)
	}
}

func (a *Store) claim(ctx context.Context, u store.User, seats []SeatClaim) []string {
	if a.host.Claim == nil {
		return []string{}
	}
	return a.host.Claim(ctx, u, seats)
}

// failures counts wrong passwords per account and per address: a token bucket refilled slowly, consumed
// only by failures, so that people who type their password right are never slowed.
type failures struct {
	shared store.Shared // nil: the buckets below, in memory
	mu     sync.Mutex
	b      map[string]*bucket
}

// bucket is a failure bucket's level at its last change.
type bucket struct {
	tokens float64
	last   time.Time
}

func (f *failures) retryAfter(ctx context.Context, key string, now time.Time) (time.Duration, error) {
	if f.shared != nil {
		n, oldest, err := f.shared.Recent(ctx, "fail:"+key, now.Add(-failWindow))
		if err != nil || n < FailBurst {
			return 0, err
		}
		return max(failWindow-now.Sub(oldest), time.Second), nil
	}
	return f.bucketWait(key, now), nil
}

func (f *failures) bucketWait(key string, now time.Time) time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.b[key]
	if !ok {
		return 0
	}
	rate := float64(FailBurst) / failWindow.Seconds()
	tokens := min(float64(FailBurst), b.tokens+now.Sub(b.last).Seconds()*rate)
	if tokens >= 1 {
		return 0
	}
	return time.Duration((1 - tokens) / rate * float64(time.Second))
}

func (f *failures) fail(ctx context.Context, key string, now time.Time) error {
	if f.shared != nil {
		return f.shared.AddRecent(ctx, "fail:"+key, now, 1)
	}
	f.bucketFail(key, now)
	return nil
}

func (f *failures) bucketFail(key string, now time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	rate := float64(FailBurst) / failWindow.Seconds()
	b, ok := f.b[key]
	if !ok {
		b = &bucket{tokens: FailBurst, last: now}
		f.b[key] = b
	}
	b.tokens = max(0, min(float64(FailBurst), b.tokens+now.Sub(b.last).Seconds()*rate)-1)
	b.last = now
}

// setSession starts a session for an account and sets its cookie.
func (a *Store) setSession(w http.ResponseWriter, r *http.Request, u store.User) error {
	secret, hash := auth.NewSecret("")
	now := a.now()
	agent := r.UserAgent()
	if len(agent) > 120 {
		agent = agent[:120]
	}
	if err := a.st.CreateSession(r.Context(), store.Session{Hash: hash, UserID: u.ID, Created: now, LastSeen: now,
		Expires: now.Add(SessionLife), Agent: agent}); err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: secret, Path: "/", HttpOnly: true, Secure: a.secure(r),
		SameSite: http.SameSiteLaxMode, MaxAge: int(SessionLife.Seconds())})
	return nil
}

func (a *Store) clearSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true, Secure: a.secure(r),
		SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

// secure reports whether the client reached us over TLS, directly or through a trusted proxy.
func (a *Store) secure(r *http.Request) bool { return httpkit.OverHTTPS(r, a.host.Trusted) }

// UserJSON is an account as the API shows it.
type UserJSON struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Bot     bool      `json:"bot,omitempty"`
}

// UserOut is u as the API shows it.
func UserOut(u store.User) UserJSON {
	return UserJSON{ID: u.ID, Name: u.Name, Created: u.Created, Bot: u.Bot}
}

// SeatClaim is a seat a guest browser holds, which signing in binds to the account.
type SeatClaim struct {
	Match string `json:"match"`
	Token string `json:"token"`
}

type credentialsReq struct {
	Name     string      `json:"name"`
	Password string      `json:"password"`
	Seats    []SeatClaim `json:"seats"`
}

func (a *Store) Signup(w http.ResponseWriter, r *http.Request) error {
	var req credentialsReq
	if err := a.decode(w, r, &req); err != nil {
		return err
	}
	if err := auth.CheckName(req.Name, a.reserved()...); err != nil {
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "%v", err)
	}
	if err := checkNewPassword(req.Password); err != nil {
		return err
	}
	// A name taken is answered before the limit and the hash: it opens no account, so it must not use up
	// the address's sign-ups (a class behind one address meets taken names). CreateUser still decides a
	// name taken meanwhile.
	if u, err := a.st.UserByKey(r.Context(), auth.NameKey(req.Name)); err == nil && !u.Deleted {
		return nameTaken(req.Name)
	} else if err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("sign up: %w", err)
	}
	if a.signups != nil {
		if wait, err := a.signups.Take(r.Context(), httpkit.ClientKey(r, a.host.Trusted), a.now(), 1); err != nil {
			return fmt.Errorf("sign up: %w", err)
		} else if wait > 0 {
			return httpkit.TooMany(wait, "%d accounts an hour at most from one address", a.signups.Limit)
		}
	}
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return err
	}
	u := store.User{ID: httpkit.NewID(), Name: req.Name, Key: auth.NameKey(req.Name), PasswordHash: hash, Created: a.now()}
	if err := a.st.CreateUser(r.Context(), u); errors.Is(err, store.ErrNameTaken) {
		return nameTaken(req.Name)
	} else if err != nil {
		return fmt.Errorf("sign up: %w", err)
	}
	a.log.Info("account created", "user", u.ID)
	if err := a.setSession(w, r, u); err != nil {
		return err
	}
	claimed := a.claim(r.Context(), u, req.Seats)
	httpkit.WriteJSON(w, http.StatusCreated, map[string]any{"user": UserOut(u), "claimed": claimed})
	return nil
}

func nameTaken(name string) error {
	return httpkit.Errf(http.StatusConflict, CodeNameTaken, "the name %q (or one that looks like it) is taken", name)
}

func (a *Store) Signin(w http.ResponseWriter, r *http.Request) error {
	var req credentialsReq
	if err := a.decode(w, r, &req); err != nil {
		return err
	}
	now := a.now()
	key, addr := "user:"+auth.NameKey(req.Name), "addr:"+httpkit.ClientKey(r, a.host.Trusted)
	waitKey, err := a.failed.retryAfter(r.Context(), key, now)
	if err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	waitAddr, err := a.failed.retryAfter(r.Context(), addr, now)
	if err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	if wait := max(waitKey, waitAddr); wait > 0 {
		a.signInFailed("limited")
		return httpkit.TooMany(wait, "too many wrong passwords; retry after %d s", int(math.Ceil(wait.Seconds())))
	}
	u, err := a.st.UserByKey(r.Context(), auth.NameKey(req.Name))
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
				a.st.UpdateUser(r.Context(), u)
			}
		}
	} else {
		// The same work as a real check, so that timing does not tell whether the name exists.
		auth.VerifyNothing(req.Password)
	}
	if !ok {
		if err := errors.Join(a.failed.fail(r.Context(), key, now), a.failed.fail(r.Context(), addr, now)); err != nil {
			return fmt.Errorf("sign in: %w", err)
		}
		a.signInFailed("password")
		return httpkit.Errf(http.StatusUnauthorized, CodeBadCredentials, "wrong name or password")
	}
	if err := a.setSession(w, r, u); err != nil {
		return err
	}
	claimed := a.claim(r.Context(), u, req.Seats)
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"user": UserOut(u), "claimed": claimed})
	return nil
}

func (a *Store) Signout(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, ScopePlay)
	if err != nil {
		return err
	}
	if p.Session != nil {
		if err := a.st.DeleteSession(r.Context(), p.Session.Hash); err != nil {
			return fmt.Errorf("sign out: %w", err)
		}
	}
	a.clearSession(w, r)
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

func (a *Store) SignoutEverywhere(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, ScopePlay)
	if err != nil {
		return err
	}
	if err := a.st.DeleteSessions(r.Context(), p.User.ID); err != nil {
		return fmt.Errorf("sign out everywhere: %w", err)
	}
	a.clearSession(w, r)
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

func (a *Store) Account(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, ScopeRead)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"user": UserOut(p.User)})
	return nil
}

// Session is GET /api/session: the account this browser is signed in as, or null. Every page asks it on
// load; for a guest that is an answer, not an error (GET /api/account's 401 put a red line in every guest's
// console). An ended session reads as signed out too; 404 when the server has no accounts.
func (a *Store) Session(w http.ResponseWriter, r *http.Request) error {
	p, err := a.WhoIs(r)
	if e := (*httpkit.Error)(nil); errors.As(err, &e) && e.Status == http.StatusUnauthorized {
		p, err = nil, nil
		if !httpkit.IsAPIToken(httpkit.BearerToken(r)) {
			// The cookie names a session that has ended: forgotten, so that the browser, a guest again,
			// is not refused (401) what a guest may do (open a match, take a seat).
			a.clearSession(w, r)
		}
	}
	if err != nil {
		return err
	}
	var user any
	if p != nil && p.Can(ScopeRead) {
		user = UserOut(p.User)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"user": user})
	return nil
}

// checkNewPassword is the one rule of a password chosen, at sign-up or as a change: 8 characters at least
// (counted as characters: three Chinese ones are nine bytes, and no password), MaxPasswordBytes at most.
func checkNewPassword(pw string) error {
	if utf8.RuneCountInString(pw) < 8 || len(pw) > auth.MaxPasswordBytes {
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "a password has 8 characters at least and %d bytes at most", auth.MaxPasswordBytes)
	}
	return nil
}

// checkPassword verifies the account's password for a sensitive change, counting failures as sign-in does.
func (a *Store) checkPassword(r *http.Request, u store.User, password string) error {
	now := a.now()
	key := "user:" + u.Key
	if wait, err := a.failed.retryAfter(r.Context(), key, now); err != nil {
		return fmt.Errorf("check password: %w", err)
	} else if wait > 0 {
		return httpkit.TooMany(wait, "too many wrong passwords; try again later")
	}
	ok, _, err := auth.VerifyPassword(u.PasswordHash, password)
	if err != nil && !errors.Is(err, auth.ErrBadHash) {
		return err
	}
	if !ok {
		if err := a.failed.fail(r.Context(), key, now); err != nil {
			return fmt.Errorf("check password: %w", err)
		}
		return httpkit.Errf(http.StatusUnauthorized, CodeBadCredentials, "wrong password")
	}
	return nil
}

func (a *Store) ChangePassword(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "an API token cannot change the password")
	}
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
		// KeepTokens is for the owner who changes a password by habit, not for fear, and whose bots should
		// play on; by default a new password revokes the tokens as the operator's reset does.
		KeepTokens bool `json:"keep_tokens"`
	}
	if err := a.decode(w, r, &req); err != nil {
		return err
	}
	if err := a.checkPassword(r, p.User, req.Old); err != nil {
		return err
	}
	if err := checkNewPassword(req.New); err != nil {
		return err
	}
	h, err := auth.HashPassword(req.New)
	if err != nil {
		return err
	}
	u := p.User
	u.PasswordHash = h
	if err := a.st.UpdateUser(r.Context(), u); err != nil {
		return fmt.Errorf("change password: %w", err)
	}
	// A changed password ends every other session and the API tokens: whoever knew the old one is out.
	revoked, err := store.EndSessionsAndTokens(r.Context(), a.st, u.ID, req.KeepTokens)
	if err != nil {
		return fmt.Errorf("change password: %w", err)
	}
	if err := a.setSession(w, r, u); err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "tokens_revoked": revoked})
	return nil
}

func (a *Store) DeleteAccount(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "an API token cannot delete the account")
	}
	var req struct {
		Password string `json:"password"`
	}
	if err := a.decode(w, r, &req); err != nil {
		return err
	}
	if err := a.checkPassword(r, p.User, req.Password); err != nil {
		return err
	}
	if err := a.st.DeleteUser(r.Context(), p.User.ID); err != nil {
		return fmt.Errorf("delete account: %w", err)
	}
	a.log.Info("account deleted", "user", p.User.ID)
	a.clearSession(w, r)
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// TokenJSON is an API token as its owner sees it (never its secret, shown once at creation).
type TokenJSON struct {
	ID       string     `json:"id"`
	Name     string     `json:"name"`
	Scopes   []string   `json:"scopes"`
	Created  time.Time  `json:"created"`
	LastUsed *time.Time `json:"last_used,omitempty"`
	Token    string     `json:"token,omitempty"`
}

func tokenOut(t store.APIToken) TokenJSON {
	out := TokenJSON{ID: t.ID, Name: t.Name, Scopes: t.Scopes, Created: t.Created}
	if !t.LastUsed.IsZero() {
		lu := t.LastUsed
		out.LastUsed = &lu
	}
	return out
}

func (a *Store) ListTokens(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, ScopeRead)
	if err != nil {
		return err
	}
	ts, err := a.st.Tokens(r.Context(), p.User.ID)
	if err != nil {
		return fmt.Errorf("tokens: %w", err)
	}
	out := make([]TokenJSON, len(ts))
	for i, t := range ts {
		out[i] = tokenOut(t)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"tokens": out})
	return nil
}

func (a *Store) CreateToken(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "an API token cannot make API tokens")
	}
	var req struct {
		Name   string   `json:"name"`
		Scopes []string `json:"scopes"`
	}
	if err := a.decode(w, r, &req); err != nil {
		return err
	}
	if err := httpkit.CheckName(req.Name); err != nil {
		return err
	}
	if len(req.Scopes) == 0 {
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, `scopes must name "read", "play" or both`)
	}
	for _, sc := range req.Scopes {
		if sc != ScopeRead && sc != ScopePlay {
			return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "unknown scope %q (read, play)", sc)
		}
	}
	slices.Sort(req.Scopes)
	req.Scopes = slices.Compact(req.Scopes)
	if ts, err := a.st.Tokens(r.Context(), p.User.ID); err != nil {
		return fmt.Errorf("create token: %w", err)
	} else if len(ts) >= MaxTokens {
		return httpkit.Errf(http.StatusConflict, CodeTooManyTokens, "you have %d API tokens, as many as one may: revoke one first", len(ts))
	}
	secret, hash := auth.NewSecret(httpkit.APITokenPrefix)
	t := store.APIToken{ID: httpkit.NewID(), Hash: hash, UserID: p.User.ID, Name: strings.TrimSpace(req.Name), Scopes: req.Scopes, Created: a.now()}
	if err := a.st.CreateToken(r.Context(), t); err != nil {
		return fmt.Errorf("create token: %w", err)
	}
	out := tokenOut(t)
	out.Token = secret
	httpkit.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (a *Store) DeleteToken(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, "")
	if err != nil {
		return err
	}
	err = a.st.DeleteToken(r.Context(), p.User.ID, r.PathValue("tid"))
	if errors.Is(err, store.ErrNotFound) {
		return httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no such token")
	} else if err != nil {
		return fmt.Errorf("delete token: %w", err)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}
