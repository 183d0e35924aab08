package server

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store/sqlite"
)

// The route table under fuzzing: random methods, paths, bodies and credentials, none of them the right
// one, must change nothing in the database (and never fail with a 5xx). The routes open to anyone (opening
// a match, taking a seat, signing up or in) and the signed links (a mail's confirmation and unsubscribe)
// change it by design, and are left out of the check (not of the requests).

// openRoutes are the patterns anyone may change something through.
var openRoutes = []string{"POST /api/matches", "POST /api/matches/{id}/join", "POST /api/account/signup",
	"POST /api/account/signin", "POST /api/account/passkeys/signin/begin", "POST /api/account/passkeys/signin/finish",
	"GET /confirm-email", "/unsubscribe"}

// wrongCredentials are the credential kinds a request without the right one may carry.
var wrongCredentials = []string{"none", "garbage seat token", "garbage seat token in the URL", "unknown API token",
	"forged session cookie", "session cookie from another site", "session cookie without an Origin",
	"another match's seat token"}

type routeFuzz struct {
	srv     *Server
	path    string // the SQLite file
	cookie  string // Ada's session
	foreign string // a seat token of a match no path names
	fill    map[string][]string
	mux     *http.ServeMux // the table's patterns, to tell which one a request reaches
	// ro, when set, reads the file for the fingerprints: one connection for every seed, where opening one
	// for each fingerprint (two a seed, 745 seeds) was most of the target's time under the race detector.
	ro *sql.DB
}

func newRouteFuzz(f *testing.F) *routeFuzz {
	f.Helper()
	path := filepath.Join(f.TempDir(), "surveyor.db")
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	srv, err := New(context.Background(), Config{Store: st, Accounts: st, Games: testGames, RateLimit: -1, MaxBody: 4096,
		Bots: toyBots{}, NoPush: true, Now: func() time.Time { return now },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(srv.Close)
	ro, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		f.Fatal(err)
	}
	ro.SetMaxOpenConns(1)
	f.Cleanup(func() { ro.Close() })
	rf := &routeFuzz{srv: srv, path: path, mux: http.NewServeMux(), ro: ro}
	for _, rt := range srv.routeTable() {
		rf.mux.Handle(rt.pattern, http.NotFoundHandler())
	}
	// Ada and Bea, signed in; an open match of Ada's, a started one of theirs, and a guest's elsewhere.
	signup := func(name string) string {
		rec := rf.send("POST", "/api/account/signup", `{"name":"`+name+`","password":"correct horse"}`, map[string]string{"Origin": "http://example.com"})
		for _, c := range rec.Result().Cookies() {
			if c.Name == sessionCookie {
				return c.Value
			}
		}
		f.Fatalf("sign up %s: %d %s", name, rec.Code, rec.Body)
		return ""
	}
	ada, bea := signup("Ada"), signup("Bea")
	as := func(cookie string) map[string]string {
		return map[string]string{"Cookie": sessionCookie + "=" + cookie, "Origin": "http://example.com"}
	}
	open := decodeField(f, rf.send("POST", "/api/matches", `{"game":"toy","max_seats":3,"name":"Ada"}`, as(ada)).Body.Bytes(), "id")
	started := decodeField(f, rf.send("POST", "/api/matches", `{"game":"toy","options":{"rounds":20,"sequential":true},"max_seats":2,"name":"Ada"}`, as(ada)).Body.Bytes(), "id")
	rf.send("POST", "/api/matches/"+started+"/join", `{"name":"Bea"}`, as(bea))
	if rec := rf.send("POST", "/api/matches/"+started+"/start", "", as(ada)); rec.Code != 200 {
		f.Fatalf("start: %d %s", rec.Code, rec.Body)
	}
	rec := rf.send("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Gus"}`, nil)
	rf.foreign = decodeField(f, rec.Body.Bytes(), "token")
	tok := decodeField(f, rf.send("POST", "/api/account/tokens", `{"name":"bot","scopes":["read","play"]}`, as(ada)).Body.Bytes(), "id")
	// a tournament, so that its routes reach one
	tour := decodeField(f, rf.send("POST", "/api/tournaments", `{"name":"Fuzz","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"2026-05-02T10:00:00Z"}`, as(ada)).Body.Bytes(), "id")
	rf.send("POST", "/api/tournaments/"+tour+"/join", "", as(ada))
	rf.cookie = ada
	rf.fill = map[string][]string{"id": {open, started, "aaaaaaaaaaaaaaaa", tour}, "name": {"Ada", "Bea", "Nobody"},
		"seat": {"1", "0", "9"}, "step": {"0", "1"}, "tid": {tok, "x"}, "pid": {"x"}, "sid": {"x"}, "game": {"toy"}}
	return rf
}

// send serves one request in-process, within a few seconds (a stream must not hold the fuzzer).
func (rf *routeFuzz) send(method, target, body string, hdr map[string]string) *httptest.ResponseRecorder {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	req := httptest.NewRequestWithContext(ctx, method, target, strings.NewReader(body))
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	rf.srv.Handler().ServeHTTP(rec, req)
	return rec
}

// fingerprint is a digest of every row of every table.
func (rf *routeFuzz) fingerprint(t *testing.T) [32]byte {
	t.Helper()
	db := rf.ro
	if db == nil {
		var err error
		if db, err = sql.Open("sqlite", "file:"+rf.path+"?mode=ro"); err != nil {
			t.Fatal(err)
		}
		defer db.Close()
	}
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	h := sha256.New()
	for _, tb := range tables {
		rows, err := db.Query(`SELECT * FROM "` + tb + `"`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			rows.Scan(ptrs...)
			lines = append(lines, fmt.Sprint(vals...))
		}
		rows.Close()
		slices.Sort(lines)
		fmt.Fprintf(h, "%s\x00%s\x00", tb, strings.Join(lines, "\x01"))
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

// target turns a pattern into a request path: its wildcards filled with the pick-th of their values, and
// the noise, if any, put in as a segment of its own.
func (rf *routeFuzz) target(pattern string, pick uint8, noise string) (method, target string) {
	method, p, ok := strings.Cut(pattern, " ")
	if !ok {
		method, p = "", pattern
	}
	for {
		i := strings.IndexByte(p, '{')
		if i < 0 {
			break
		}
		j := i + strings.IndexByte(p[i:], '}')
		vals := rf.fill[p[i+1:j]]
		p = p[:i] + vals[int(pick)%len(vals)] + p[j+1:]
	}
	if noise != "" {
		p += "/" + strings.Map(func(r rune) rune {
			if r <= ' ' || r == '?' || r == '#' || r == '%' || r > '~' {
				return 'x'
			}
			return r
		}, noise)
	}
	return method, p
}

func (rf *routeFuzz) credential(kind uint8) (hdr map[string]string, query string) {
	switch wrongCredentials[int(kind)%len(wrongCredentials)] {
	case "garbage seat token":
		return map[string]string{"Authorization": "Bearer not-a-seat-token"}, ""
	case "garbage seat token in the URL":
		return nil, "?token=not-a-seat-token"
	case "unknown API token":
		return map[string]string{"Authorization": "Bearer sv_not-a-token"}, ""
	case "forged session cookie":
		return map[string]string{"Cookie": sessionCookie + "=forged", "Origin": "http://example.com"}, ""
	case "session cookie from another site":
		return map[string]string{"Cookie": sessionCookie + "=" + rf.cookie, "Origin": "https://evil.example"}, ""
	case "session cookie without an Origin":
		return map[string]string{"Cookie": sessionCookie + "=" + rf.cookie}, ""
	case "another match's seat token":
		return map[string]string{"Authorization": "Bearer " + rf.foreign}, ""
	}
	return nil, ""
}

var fuzzMethods = []string{http.MethodGet, http.MethodPost, http.MethodDelete, http.MethodPut, http.MethodPatch, http.MethodHead, http.MethodOptions}

func FuzzRouteTableNeedsTheRightCredential(f *testing.F) {
	rf := newRouteFuzz(f)
	table := rf.srv.routeTable()
	bodies := []string{"", "{}", `{"name":"Eve"}`, `{"move":{"pick":1}}`, `{"text":"hi"}`, `{"password":"correct horse","old":"correct horse","new":"another horse"}`,
		`{"seats":[{"match":"x","token":"y"}]}`, `{"upto":999}`, `{"mail":"each","email":"a@example.org"}`, `{"name":"t","scopes":["play"]}`}
	for i := range table {
		for c := range wrongCredentials {
			f.Add(uint8(i), uint8(0), uint8(c), uint8(i+c), "", bodies[(i+c)%len(bodies)])
		}
	}
	f.Add(uint8(0), uint8(1), uint8(1), uint8(0), "../../api/account/delete", `{"password":"correct horse"}`)
	f.Fuzz(func(t *testing.T, route, method, cred, pick uint8, noise, body string) {
		rt := table[int(route)%len(table)]
		m, path := rf.target(rt.pattern, pick, noise)
		if m == "" || method > 0 {
			m = fuzzMethods[int(method)%len(fuzzMethods)]
		}
		kind := wrongCredentials[int(cred)%len(wrongCredentials)]
		if safeMethod(m) && strings.HasPrefix(kind, "session cookie") {
			return // a read's credential is the cookie, wherever the request comes from (SameSite keeps it home)
		}
		hdr, query := rf.credential(cred)
		req := httptest.NewRequest(m, path+query, nil)
		_, reached := rf.mux.Handler(req)
		before := rf.fingerprint(t)
		rec := rf.send(m, path+query, body, hdr)
		if rec.Code >= 500 {
			t.Fatalf("%s %s with %s: %d %s", m, path, kind, rec.Code, rec.Body)
		}
		if slices.Contains(openRoutes, reached) {
			return
		}
		if after := rf.fingerprint(t); after != before {
			t.Fatalf("%s %s (route %s) with %s changed the database: %d %s", m, path, reached, kind, rec.Code, rec.Body)
		}
	})
}
