package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// An API token with the read scope only looks: every route that changes something, walked from the route
// table, with a body it would take, changes no row of the database (docs/api.md: "read to look, play to
// change"). The routes open to anyone (opening a match, taking a seat, signing up or in, the signed mail
// links) change it by design, as a guest would, and are left out.
func TestReviewReadTokenChangesNothingOnAnyRoute(t *testing.T) {
	t.Parallel()
	e, path, _ := accEnv(t)
	ada, bea := e.browser(), e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), http.StatusCreated)
	bea.must(bea.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`), http.StatusCreated)
	read := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"stats","scopes":["read"]}`), http.StatusCreated).json(t)["token"].(string)
	play := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"bot","scopes":["play","read"]}`), http.StatusCreated).json(t)["id"].(string)
	// what a read token could change: a note unread (Bea follows Ada), a match in play of Ada's, another token
	bea.must(bea.do("POST", "/api/users/Ada/follow", ""), http.StatusOK)
	started := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":20,"sequential":true},"max_seats":2,"name":"Ada"}`), http.StatusCreated).json(t)["id"].(string)
	bea.must(bea.do("POST", "/api/matches/"+started+"/join", `{"name":"Bea"}`), http.StatusOK)
	ada.must(ada.do("POST", "/api/matches/"+started+"/start", ""), http.StatusOK)
	e.must(http.StatusOK, e.do("GET", "/api/account", read, "")) // its first use is noted (last_used), once an hour
	fill := map[string]string{"id": started, "name": "Bea", "seat": "1", "step": "0", "tid": play, "pid": "x", "sid": "x", "game": "toy"}
	bodies := map[string]string{
		"POST /api/matches/{id}/moves":               `{"move":{"pick":1}}`,
		"POST /api/matches/{id}/chat":                `{"text":"hi"}`,
		"POST /api/matches/{id}/invite":              `{"name":"Bea"}`,
		"POST /api/account/notifications/read":       `{"upto":1000000}`,
		"POST /api/account/notify":                   `{"page":false,"lang":"fr"}`,
		"POST /api/users/{name}/report":              `{"text":"rude"}`,
		"POST /api/challenges/reminder":              `{"on":true}`,
		"POST /api/account/claim":                    `{"seats":[]}`,
		"POST /api/challenges/{id}/attempts":         `{}`,
		"POST /api/matches/{id}/seats/{seat}/remove": ``,
	}
	rf := &routeFuzz{path: path}
	var changed []string
	for _, rt := range e.srv.routeTable() {
		method, p, ok := strings.Cut(rt.pattern, " ")
		if !ok || method == http.MethodGet || slices.Contains(openRoutes, rt.pattern) {
			continue
		}
		for k, v := range fill {
			p = strings.ReplaceAll(p, "{"+k+"}", v)
		}
		body, ok := bodies[rt.pattern]
		if !ok {
			body = "{}"
		}
		settled(t, e.srv) // the notes of the setup (Bea's follow) are delivered before the count
		before := rf.fingerprint(t)
		r := e.do(method, p, read, body)
		settled(t, e.srv)
		if r.status >= 500 {
			t.Errorf("%s with a read token: %d %s", rt.pattern, r.status, r.body)
		}
		if rf.fingerprint(t) != before {
			changed = append(changed, rt.pattern+" ("+itoa(r.status)+")")
		}
	}
	if len(changed) > 0 {
		t.Errorf("a read-only token changed the database through:\n%s", strings.Join(changed, "\n"))
	}
}

// A WebSocket opened with a read-only API token shows the account's seat (read: your games) but plays
// nothing for it: a move or an undo sent on it is refused, as over HTTP, and the match does not move.
func TestReviewReadTokenSocketDoesNotPlay(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), http.StatusCreated)
	read := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"stats","scopes":["read"]}`), http.StatusCreated).json(t)["token"].(string)
	id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":3},"max_seats":1,"name":"Ada"}`), http.StatusCreated).json(t)["id"].(string)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), http.StatusOK)
	before := e.state(id, read)
	if before.You == nil || before.You.Seat != 0 || !before.You.MustAct {
		t.Fatalf("the read token does not see Ada's seat: %+v", before.You)
	}
	ws := e.dial(id, read, -1)
	ws.next("state")
	ws.send(`{"type":"move","id":"m1","move":{"pick":1}}`)
	var reply struct {
		Type  string `json:"type"`
		Error struct{ Code string }
	}
	for reply.Type != "ok" && reply.Type != "error" {
		if err := json.Unmarshal(ws.nextAny(), &reply); err != nil {
			t.Fatal(err)
		}
	}
	if reply.Type != "error" || reply.Error.Code != codeForbidden {
		t.Errorf("a move on a read-only token's socket: %+v, want a forbidden error", reply)
	}
	if after := e.state(id, read); after.Seq != before.Seq {
		t.Errorf("a read-only token's socket moved the match from seq %d to %d", before.Seq, after.Seq)
	}
}

// What only a signed-in browser may do (the password, the account's deletion, tokens, passkeys, becoming a
// bot) is refused to every API token in words a person reads, never `lacks the "" scope`.
func TestReviewSessionOnlyRefusalsSayWhy(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), http.StatusCreated)
	tok := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"bot","scopes":["play","read"]}`), http.StatusCreated).json(t)
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/api/account/password", `{"old":"correct horse","new":"battery staple"}`},
		{"POST", "/api/account/delete", `{"password":"correct horse"}`},
		{"POST", "/api/account/tokens", `{"name":"more","scopes":["play"]}`},
		{"DELETE", "/api/account/tokens/" + tok["id"].(string), ""},
		{"POST", "/api/account/passkeys/register/begin", ""},
		{"DELETE", "/api/account/passkeys/AAAA", ""},
		{"POST", "/api/account/bot", ""},
	} {
		r := e.do(c.method, c.path, tok["token"].(string), c.body)
		if msg := r.errMessage(); r.status != http.StatusForbidden || strings.Contains(msg, `""`) || !strings.Contains(msg, "token") {
			t.Errorf("%s %s with an API token: %d %q, want 403 saying an API token cannot", c.method, c.path, r.status, msg)
		}
	}
	e.must(http.StatusOK, e.do("GET", "/api/account", tok["token"].(string), "")) // the token was not revoked
}
