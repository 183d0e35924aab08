package server

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// accEnv is a server with accounts on SQLite; logs are kept to check that no secret reaches them.
func accEnv(t *testing.T, tweaks ...func(*Config)) (*env, string, *syncBuffer) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "surveyor.db")
	st := openSQLiteAt(t, path)
	logs := &syncBuffer{}
	e := newEnv(t, st, func(c *Config) {
		c.Accounts = st
		c.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		for _, tw := range tweaks {
			tw(c)
		}
	})
	return e, path, logs
}

// browser is a client with its own cookies whose requests come from the server's pages (Origin).
type browser struct {
	t      *testing.T
	e      *env
	c      *http.Client
	origin string
}

func (e *env) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: e.t, e: e, c: &http.Client{Jar: jar}, origin: e.http.URL}
}

func (b *browser) do(method, path, body string, hdr ...string) resp {
	b.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, b.e.http.URL+path, rd)
	if b.origin != "" && method != "GET" {
		req.Header.Set("Origin", b.origin)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, body: raw, header: res.Header}
}

func TestSignUpSignInAndTheSessionCookie(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	a := e.browser()
	r := a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	if r.status != http.StatusCreated {
		t.Fatalf("sign up: %d %s", r.status, r.body)
	}
	c := r.header.Get("Set-Cookie")
	if !strings.Contains(c, sessionCookie+"=") || !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "SameSite=Lax") || strings.Contains(c, "Secure") {
		t.Fatalf("session cookie %q: want HttpOnly, SameSite=Lax, not Secure over plain HTTP", c)
	}
	if me := a.do("GET", "/api/account", ""); me.status != 200 || !strings.Contains(string(me.body), `"name":"Ada"`) {
		t.Fatalf("me: %d %s", me.status, me.body)
	}
	for _, c := range []struct{ body, code string }{
		{`{"name":"АDА","password":"another one"}`, codeNameTaken}, // Cyrillic look-alike
		{`{"name":"Bo","password":"short"}`, codeBadRequest},
		{`{"name":"<b>x</b>","password":"long enough"}`, codeBadRequest},
		{`{"name":"Admin","password":"long enough"}`, codeBadRequest},
	} {
		if r := e.browser().do("POST", "/api/account/signup", c.body); r.errCode() != c.code {
			t.Errorf("sign up %s: %d %s, want %s", c.body, r.status, r.body, c.code)
		}
	}
	// Another device signs in; a wrong password and an unknown name fail alike.
	b := e.browser()
	for _, body := range []string{`{"name":"Ada","password":"wrong horse"}`, `{"name":"Nobody","password":"correct horse"}`} {
		if r := b.do("POST", "/api/account/signin", body); r.status != 401 || r.errCode() != accounts.CodeBadCredentials {
			t.Fatalf("sign in %s: %d %s", body, r.status, r.body)
		}
	}
	if r := b.do("POST", "/api/account/signin", `{"name":"ada","password":"correct horse"}`); r.status != 200 {
		t.Fatalf("sign in with the name in another case: %d %s", r.status, r.body)
	}
	if me := b.do("GET", "/api/account", ""); me.status != 200 {
		t.Fatalf("second device: %d", me.status)
	}
	// A made-up cookie is no session.
	c2 := e.browser()
	u, _ := http.NewRequest("GET", e.http.URL, nil)
	c2.c.Jar.SetCookies(u.URL, []*http.Cookie{{Name: sessionCookie, Value: "forged"}})
	if r := c2.do("GET", "/api/account", ""); r.status != 401 {
		t.Fatalf("forged cookie: %d", r.status)
	}
}

func TestWrongPasswordsAreRateLimited(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	e.browser().do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	b := e.browser()
	var last resp
	wrong := 0
	for range accounts.FailBurst + 1 {
		last = b.do("POST", "/api/account/signin", `{"name":"Ada","password":"guess"}`)
		if last.status == http.StatusUnauthorized {
			wrong++
		}
	}
	var v struct {
		Error struct {
			Code       string `json:"code"`
			RetryAfter int    `json:"retry_after"`
		} `json:"error"`
	}
	json.Unmarshal(last.body, &v)
	if last.status != 429 || v.Error.Code != codeRateLimited || v.Error.RetryAfter < 1 || last.header.Get("Retry-After") == "" {
		t.Fatalf("after %d wrong passwords: %d %s", accounts.FailBurst+1, last.status, last.body)
	}
	// Even the right password waits: guessing cannot go on around the limit.
	if r := b.do("POST", "/api/account/signin", `{"name":"Ada","password":"correct horse"}`); r.status != 429 {
		t.Fatalf("the right password during the wait: %d", r.status)
	}
	m := e.must(http.StatusOK, e.scrape(nil))
	if p, l := series(t, m.body, `surveyor_signin_failures_total{kind="password"}`), series(t, m.body, `surveyor_signin_failures_total{kind="limited"}`); p != float64(wrong) || wrong == 0 || l != 2 {
		t.Fatalf("metrics: %v wrong passwords (answered %d), %v refused by the limit (want 2)", p, wrong, l)
	}
}

// A signed-in change must come from the site's own pages: no Origin, or another site's, is refused.
func TestCookieChangesNeedOurOrigin(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	a := e.browser()
	a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	for _, origin := range []string{"", "https://evil.example"} {
		a.origin = origin
		if r := a.do("POST", "/api/account/tokens", `{"name":"x","scopes":["read"]}`, "Origin", origin); r.status != http.StatusForbidden {
			t.Errorf("origin %q: %d %s", origin, r.status, r.body)
		}
	}
	a.origin = e.http.URL
	if r := a.do("POST", "/api/account/tokens", `{"name":"x","scopes":["read"]}`); r.status != http.StatusCreated {
		t.Fatalf("from our page: %d %s", r.status, r.body)
	}
}

// A player signs up, opens a match and finds it on another device, where the same account plays it.
func TestSeatsFollowTheAccount(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	phone := e.browser()
	phone.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	v := phone.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":2},"max_seats":1,"name":"Ada"}`).json(t)
	id := v["id"].(string)
	laptop := e.browser()
	laptop.do("POST", "/api/account/signin", `{"name":"Ada","password":"correct horse"}`)
	var games struct {
		Matches []struct {
			ID   string
			Seat int
		}
	}
	json.Unmarshal(laptop.do("GET", "/api/account/games", "").body, &games)
	if len(games.Matches) != 1 || games.Matches[0].ID != id || games.Matches[0].Seat != 0 {
		t.Fatalf("your games on the laptop: %+v", games)
	}
	if r := laptop.do("POST", "/api/matches/"+id+"/start", ""); r.status != 200 {
		t.Fatalf("start from the laptop: %d %s", r.status, r.body)
	}
	if r := laptop.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":2}}`); r.status != 200 {
		t.Fatalf("move from the laptop: %d %s", r.status, r.body)
	}
	st := decodeState(t, laptop.do("GET", "/api/matches/"+id, "").body)
	if st.You == nil || st.You.Seat != 0 || toyView(t, st.View).Round != 1 {
		t.Fatalf("the laptop sees %+v", st)
	}
	// Someone else's account holds no seat there: it sees the match as a spectator and cannot move.
	bea := e.browser()
	bea.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`)
	if st := decodeState(t, bea.do("GET", "/api/matches/"+id, "").body); st.You != nil {
		t.Fatalf("Bea sees a seat: %+v", st.You)
	}
	if r := bea.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":2}}`); r.status != http.StatusForbidden {
		t.Fatalf("Bea moved for Ada: %d %s", r.status, r.body)
	}
}

// A guest who signs up claims the seats the browser holds; a token that is not the seat's claims nothing.
func TestGuestClaimsSeatsOnSignUp(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada"}`)).json(t)
	id, tok := v["id"].(string), v["token"].(string)
	other := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Cy"}`)).json(t)["id"].(string)
	a := e.browser()
	body := `{"name":"Ada","password":"correct horse","seats":[{"match":"` + id + `","token":"` + tok + `"},{"match":"` + other + `","token":"` + tok + `"}]}`
	var out struct{ Claimed []string }
	json.Unmarshal(a.do("POST", "/api/account/signup", body).body, &out)
	if len(out.Claimed) != 1 || out.Claimed[0] != id {
		t.Fatalf("claimed %v, want only %s", out.Claimed, id)
	}
	if st := decodeState(t, a.do("GET", "/api/matches/"+id, "").body); st.You == nil || st.You.Seat != 0 {
		t.Fatalf("the claimed seat is not the account's: %+v", st.You)
	}
}

func TestAPITokens(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	a := e.browser()
	a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	id := a.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":3},"max_seats":1,"name":"Ada"}`).json(t)["id"].(string)
	a.do("POST", "/api/matches/"+id+"/start", "")
	play := a.do("POST", "/api/account/tokens", `{"name":"my bot","scopes":["play","read"]}`).json(t)
	read := a.do("POST", "/api/account/tokens", `{"name":"stats","scopes":["read"]}`).json(t)
	pt, rt := play["token"].(string), read["token"].(string)
	if !strings.HasPrefix(pt, apiTokenPrefix) || play["id"] == "" {
		t.Fatalf("token %v", play)
	}
	if r := e.do("GET", "/api/account", rt, ""); r.status != 200 {
		t.Fatalf("read token reads: %d", r.status)
	}
	if r := e.do("POST", "/api/matches/"+id+"/moves", rt, `{"move":{"pick":1}}`); r.status != http.StatusForbidden {
		t.Fatalf("a read-only token moved: %d %s", r.status, r.body)
	}
	if r := e.do("POST", "/api/matches/"+id+"/moves", pt, `{"move":{"pick":1}}`); r.status != 200 {
		t.Fatalf("the play token could not move: %d %s", r.status, r.body)
	}
	if r := e.do("POST", "/api/account/tokens", pt, `{"name":"more","scopes":["play"]}`); r.status != http.StatusForbidden {
		t.Fatalf("a token made a token: %d", r.status)
	}
	var list struct{ Tokens []accounts.TokenJSON }
	json.Unmarshal(a.do("GET", "/api/account/tokens", "").body, &list)
	if len(list.Tokens) != 2 || list.Tokens[0].Token != "" {
		t.Fatalf("token list %+v (secrets must not be shown again)", list)
	}
	if r := a.do("DELETE", "/api/account/tokens/"+play["id"].(string), ""); r.status != 200 {
		t.Fatalf("revoke: %d %s", r.status, r.body)
	}
	if r := e.do("GET", "/api/account", pt, ""); r.status != 401 {
		t.Fatalf("a revoked token still works: %d", r.status)
	}
	if r := e.do("GET", "/api/account", "sv_madeup", ""); r.status != 401 {
		t.Fatalf("a made-up token: %d", r.status)
	}
}

func TestSignOutPasswordChangeAndDeletion(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	a, b := e.browser(), e.browser()
	a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	id := a.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Ada"}`).json(t)["id"].(string)
	b.do("POST", "/api/account/signin", `{"name":"Ada","password":"correct horse"}`)
	if r := a.do("POST", "/api/account/password", `{"old":"wrong","new":"battery staple"}`); r.status != 401 {
		t.Fatalf("password change with a wrong old one: %d", r.status)
	}
	a.must(a.do("POST", "/api/account/password", `{"old":"correct horse","new":"battery staple"}`), 200)
	if r := b.do("GET", "/api/account", ""); r.status != 401 {
		t.Fatalf("the other device stayed signed in after the password changed: %d", r.status)
	}
	a.must(a.do("GET", "/api/account", ""), 200) // the device that changed it stays
	b.must(b.do("POST", "/api/account/signin", `{"name":"Ada","password":"battery staple"}`), 200)
	a.must(a.do("POST", "/api/account/signout-everywhere", ""), 200)
	if r := b.do("GET", "/api/account", ""); r.status != 401 {
		t.Fatalf("signed out everywhere, yet b is signed in: %d", r.status)
	}
	a.must(a.do("POST", "/api/account/signin", `{"name":"Ada","password":"battery staple"}`), 200)
	a.must(a.do("POST", "/api/account/signout", ""), 200)
	if r := a.do("GET", "/api/account", ""); r.status != 401 {
		t.Fatalf("signed out, still in: %d", r.status)
	}
	a.must(a.do("POST", "/api/account/signin", `{"name":"Ada","password":"battery staple"}`), 200)
	if r := a.do("POST", "/api/account/delete", `{"password":"nope"}`); r.status != 401 {
		t.Fatalf("delete with a wrong password: %d", r.status)
	}
	a.must(a.do("POST", "/api/account/delete", `{"password":"battery staple"}`), 200)
	if r := a.do("POST", "/api/account/signin", `{"name":"Ada","password":"battery staple"}`); r.status != 401 {
		t.Fatalf("a deleted account signs in: %d", r.status)
	}
	if st := e.state(id, ""); len(st.Match.Players) != 1 || st.Match.Players[0].Name != "Ada" {
		t.Fatalf("the deleted account's match changed: %+v", st.Match)
	}
}

func (b *browser) must(r resp, status int) resp {
	b.t.Helper()
	if r.status != status {
		b.t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	return r
}

// Every account endpoint that changes something refuses a missing and a wrong credential, and changes
// nothing.
func TestAccountEndpointsRefuseMissingAndWrongCredentials(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	a := e.browser()
	a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	tid := a.do("POST", "/api/account/tokens", `{"name":"x","scopes":["read"]}`).json(t)["id"].(string)
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/api/account/signout", ""},
		{"POST", "/api/account/signout-everywhere", ""},
		{"POST", "/api/account/password", `{"old":"correct horse","new":"battery staple"}`},
		{"POST", "/api/account/delete", `{"password":"correct horse"}`},
		{"POST", "/api/account/tokens", `{"name":"y","scopes":["play"]}`},
		{"DELETE", "/api/account/tokens/" + tid, ""},
		{"POST", "/api/account/claim", `{"seats":[]}`},
	} {
		if r := e.do(c.method, c.path, "", c.body); r.status != 401 {
			t.Errorf("%s %s without credentials: %d %s", c.method, c.path, r.status, r.body)
		}
		if r := e.do(c.method, c.path, "sv_wrong", c.body); r.status != 401 {
			t.Errorf("%s %s with a wrong token: %d %s", c.method, c.path, r.status, r.body)
		}
	}
	a.must(a.do("GET", "/api/account", ""), 200)
	var list struct{ Tokens []accounts.TokenJSON }
	json.Unmarshal(a.do("GET", "/api/account/tokens", "").body, &list)
	if len(list.Tokens) != 1 {
		t.Fatalf("tokens after the refused requests: %+v", list.Tokens)
	}
}

// Passwords, session secrets and API tokens are in neither the database nor the logs.
func TestSecretsAreNotKeptInClear(t *testing.T) {
	t.Parallel()
	e, path, logs := accEnv(t)
	a := e.browser()
	r := a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	var cookie string
	for _, c := range r.header.Values("Set-Cookie") {
		if v, ok := strings.CutPrefix(c, sessionCookie+"="); ok {
			cookie, _, _ = strings.Cut(v, ";")
		}
	}
	tok := a.do("POST", "/api/account/tokens", `{"name":"x","scopes":["read"]}`).json(t)["token"].(string)
	e.do("GET", "/api/account", tok, "")
	a.do("POST", "/api/account/signin", `{"name":"Ada","password":"correct horse"}`)
	e.srv.Close()
	raw, err := readAll(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"correct horse", cookie, tok} {
		if secret == "" {
			t.Fatal("no secret to look for")
		}
		if bytes.Contains(raw, []byte(secret)) {
			t.Errorf("the database holds %q in clear", secret)
		}
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the logs hold %q", secret)
		}
	}
}

// readAll reads the SQLite file and its write-ahead log, where recent pages live.
func readAll(path string) ([]byte, error) {
	var out []byte
	for _, p := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(p)
		if err != nil && !os.IsNotExist(err) {
			return nil, err
		}
		out = append(out, b...)
	}
	return out, nil
}

// Over a WebSocket the session counts only from the site's own pages: a foreign page opening a socket
// with the player's cookies sees what a spectator sees.
func TestWebSocketSessionNeedsOurOrigin(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	a := e.browser()
	a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	id := a.do("POST", "/api/matches", `{"game":"toy","max_seats":1,"name":"Ada"}`).json(t)["id"].(string)
	a.do("POST", "/api/matches/"+id+"/start", "")
	u, _ := url.Parse(e.http.URL)
	for origin, wantSeat := range map[string]bool{e.http.URL: true, "https://evil.example": false} {
		hdr := http.Header{"Origin": {origin}}
		for _, c := range a.c.Jar.Cookies(u) {
			hdr.Add("Cookie", c.Name+"="+c.Value)
		}
		c, _, err := websocket.Dial(t.Context(), "ws"+strings.TrimPrefix(e.http.URL, "http")+"/api/matches/"+id+"/ws",
			&websocket.DialOptions{HTTPHeader: hdr})
		if err != nil {
			t.Fatal(err)
		}
		_, b, err := c.Read(t.Context())
		c.CloseNow()
		if err != nil {
			t.Fatal(err)
		}
		if st := decodeState(t, b); (st.You != nil) != wantSeat {
			t.Errorf("origin %s: you = %+v, want a seat: %v", origin, st.You, wantSeat)
		}
	}
}

var _ store.Accounts = (*sqlite.Store)(nil)

// When the host removes a seat, an account's seat after it moves up with it: the account still acts for
// its own seat, not for its neighbour's.
func TestRemovedSeatMovesAccountsUp(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":3,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	e.must(200, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Bea"}`))
	cy := e.browser()
	cy.do("POST", "/api/account/signup", `{"name":"Cy","password":"correct horse"}`)
	cy.must(cy.do("POST", "/api/matches/"+id+"/join", `{"name":"Cy"}`), 200)
	if st := decodeState(t, cy.do("GET", "/api/matches/"+id, "").body); st.You == nil || st.You.Seat != 2 {
		t.Fatalf("Cy before: %+v", st.You)
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/seats/1/remove", ada, ""))
	if st := decodeState(t, cy.do("GET", "/api/matches/"+id, "").body); st.You == nil || st.You.Seat != 1 {
		t.Fatalf("Cy's account after Bea's seat went: %+v", st.You)
	}
}

// Passkey endpoints refuse what they must: registering needs a signed-in session (not a token, not
// nothing), a finish needs its ceremony, and a site reached by its address cannot have passkeys.
func TestPasskeyEndpointsRefuse(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	for _, path := range []string{"/api/account/passkeys/register/begin", "/api/account/passkeys/register/finish"} {
		if r := e.do("POST", path, "", `{}`); r.status != 401 {
			t.Errorf("%s without credentials: %d", path, r.status)
		}
		if r := e.do("POST", path, "sv_wrong", `{}`); r.status != 401 {
			t.Errorf("%s with a wrong token: %d", path, r.status)
		}
	}
	a := e.browser()
	a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	tok := a.do("POST", "/api/account/tokens", `{"name":"x","scopes":["play","read"]}`).json(t)["token"].(string)
	if r := e.do("POST", "/api/account/passkeys/register/begin", tok, `{}`); r.status != http.StatusForbidden {
		t.Errorf("an API token began a passkey registration: %d", r.status)
	}
	// httptest's server is reached at 127.0.0.1: no passkey there, said clearly.
	if r := a.do("POST", "/api/account/passkeys/register/begin", `{}`); r.status != 400 || !strings.Contains(string(r.body), "domain name") {
		t.Errorf("begin at an address: %d %s", r.status, r.body)
	}
	if r := a.do("POST", "/api/account/passkeys/signin/finish", `{}`); r.status != 400 || !strings.Contains(string(r.body), "ceremony") {
		t.Errorf("a finish without its ceremony: %d %s", r.status, r.body)
	}
}

// A player lists their passkeys and removes one (a lost phone's) with a session; nobody removes another
// account's, an API token removes none, and a missing or wrong credential changes nothing.
func TestPasskeysListedAndRemoved(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	accts := e.store.(store.Accounts)
	ids := map[string]string{}
	bs := map[string]*browser{}
	for _, n := range []string{"Ada", "Bea"} {
		bs[n] = e.browser()
		ids[n] = bs[n].must(bs[n].do("POST", "/api/account/signup", `{"name":"`+n+`","password":"correct horse"}`), 201).json(t)["user"].(map[string]any)["id"].(string)
	}
	for n, cred := range map[string][]byte{"Ada": {1, 2, 3}, "Bea": {4, 5}} {
		if err := accts.AddPasskey(t.Context(), store.Passkey{ID: cred, UserID: ids[n], PublicKey: []byte{1}, Data: []byte(`{}`), Name: n + "'s phone", Created: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	list := func(b *browser) []accounts.PasskeyJSON {
		var l struct{ Passkeys []accounts.PasskeyJSON }
		json.Unmarshal(b.must(b.do("GET", "/api/account/passkeys", ""), 200).body, &l)
		return l.Passkeys
	}
	if l := list(bs["Ada"]); len(l) != 1 || l[0].ID != "AQID" || l[0].Name != "Ada's phone" {
		t.Fatalf("Ada's passkeys %+v", l)
	}
	tok := bs["Ada"].do("POST", "/api/account/tokens", `{"name":"x","scopes":["play","read"]}`).json(t)["token"].(string)
	for _, c := range []struct {
		tok, path string
		status    int
	}{
		{"", "/api/account/passkeys/AQID", 401},
		{"sv_wrong", "/api/account/passkeys/AQID", 401},
		{tok, "/api/account/passkeys/AQID", 403},
	} {
		if r := e.do("DELETE", c.path, c.tok, ""); r.status != c.status {
			t.Errorf("DELETE %s with %q: %d, want %d", c.path, c.tok, r.status, c.status)
		}
	}
	if r := bs["Ada"].do("DELETE", "/api/account/passkeys/BAU", ""); r.status != 404 {
		t.Errorf("Ada removed Bea's passkey: %d", r.status)
	}
	if r := bs["Ada"].do("DELETE", "/api/account/passkeys/%21%21", ""); r.status != 404 {
		t.Errorf("a malformed id: %d", r.status)
	}
	if l := list(bs["Bea"]); len(l) != 1 {
		t.Fatalf("Bea's passkeys after Ada's attempts: %+v", l)
	}
	if l := list(bs["Ada"]); len(l) != 1 {
		t.Fatalf("Ada's passkeys after the refused removals: %+v", l)
	}
	bs["Ada"].must(bs["Ada"].do("DELETE", "/api/account/passkeys/AQID", ""), 200)
	if l := list(bs["Ada"]); len(l) != 0 {
		t.Fatalf("Ada's passkeys after removal: %+v", l)
	}
}

// TestSessionAnswersGuestsWithoutAnError: GET /api/session, which every page asks on load, names the
// signed-in account and answers null (200, not 401) to a guest and to a forged or ended session; a server
// without accounts says so with 404.
func TestSessionAnswersGuestsWithoutAnError(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	user := func(b *browser) string {
		r := b.do("GET", "/api/session", "")
		if r.status != 200 {
			t.Fatalf("session: %d %s", r.status, r.body)
		}
		var v struct{ User *struct{ Name string } }
		if err := json.Unmarshal(r.body, &v); err != nil {
			t.Fatal(err)
		}
		if v.User == nil {
			return "null"
		}
		return v.User.Name
	}
	a := e.browser()
	if got := user(a); got != "null" {
		t.Errorf("a guest's session names %q", got)
	}
	a.must(a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	if got := user(a); got != "Ada" {
		t.Errorf("Ada's session names %q", got)
	}
	forged := e.browser()
	u, _ := http.NewRequest("GET", e.http.URL, nil)
	forged.c.Jar.SetCookies(u.URL, []*http.Cookie{{Name: sessionCookie, Value: "forged"}})
	if got := user(forged); got != "null" {
		t.Errorf("a forged cookie's session names %q", got)
	}
	a.must(a.do("POST", "/api/account/signout", ""), 200)
	if got := user(a); got != "null" {
		t.Errorf("after signing out the session names %q", got)
	}
	if r := newEnv(t, nil, nil).do("GET", "/api/session", "", ""); r.status != 404 || r.errCode() != codeNoAccounts {
		t.Errorf("no accounts: %d %s", r.status, r.body)
	}
}

// TestPasswordChangeRevokesTokensUnlessKept: a changed password may mean the account was taken over, and an
// intruder's API token would outlive it, so the tokens go with the other sessions unless the owner, who
// knows what they made, asks to keep them. The device that changed it stays signed in either way.
func TestPasswordChangeRevokesTokensUnlessKept(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	a, b := e.browser(), e.browser()
	a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	tok := a.do("POST", "/api/account/tokens", `{"name":"my bot","scopes":["play","read"]}`).json(t)["token"].(string)
	if r := a.do("POST", "/api/account/password", `{"old":"correct horse","new":"battery staple","keep_tokens":"yes"}`); r.status != 400 {
		t.Fatalf("keep_tokens as a string: %d %s", r.status, r.body)
	}
	if r := a.do("POST", "/api/account/signin", `{"name":"Ada","password":"correct horse"}`); r.status != 200 {
		t.Fatalf("a refused change changed the password: %d", r.status)
	}
	// change signs b in with the old password, changes it from a, and checks what the token and b can do.
	change := func(old, body string, revoked float64, tokenStatus int) {
		t.Helper()
		b.must(b.do("POST", "/api/account/signin", `{"name":"Ada","password":"`+old+`"}`), 200)
		if got := a.do("POST", "/api/account/password", body).json(t); got["tokens_revoked"] != revoked {
			t.Fatalf("%s: answer %v, want %v tokens revoked", body, got, revoked)
		}
		if r := e.do("GET", "/api/account", tok, ""); r.status != tokenStatus {
			t.Fatalf("%s: the API token answers %d, want %d", body, r.status, tokenStatus)
		}
		if r := b.do("GET", "/api/account", ""); r.status != 401 {
			t.Fatalf("%s: the other device stayed signed in: %d", body, r.status)
		}
	}
	change("correct horse", `{"old":"correct horse","new":"battery staple","keep_tokens":true}`, 0, 200)
	change("battery staple", `{"old":"battery staple","new":"correct horse"}`, 1, 401)
	a.must(a.do("GET", "/api/account", ""), 200)
	var list struct{ Tokens []accounts.TokenJSON }
	json.Unmarshal(a.do("GET", "/api/account/tokens", "").body, &list)
	if len(list.Tokens) != 0 {
		t.Fatalf("tokens left: %+v", list.Tokens)
	}
}
