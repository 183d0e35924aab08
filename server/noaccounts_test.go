package server

import (
	"net/http"
	"testing"
)

// A server without accounts answers every endpoint that takes one with 404 accounts_disabled: those the
// route table marks as needing accounts, and those that ask who is signed in (the no-op identity
// refuses). Before the identity interface each handler asked for itself.
func TestNoAccountsRefusesEveryAccountEndpoint(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, _ := e.newMatch("toy", `{"rounds":1}`, 2, "")
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`},
		{"POST", "/api/account/signin", `{"name":"Ada","password":"correct horse"}`},
		{"GET", "/api/session", ""},
		{"POST", "/api/account/passkeys/signin/begin", ""},
		{"POST", "/api/account/passkeys/signin/finish", "{}"},
		{"GET", "/api/users/Ada", ""},
		{"GET", "/api/leaderboard/test", ""},
		{"POST", "/api/matches/" + id + "/invite", `{"name":"Bo"}`},
		{"GET", "/api/account", ""},
		{"GET", "/api/account/tokens", ""},
		{"POST", "/api/account/claim", `{"seats":[]}`},
		{"GET", "/api/account/games", ""},
		{"GET", "/api/account/notifications", ""},
	} {
		if r := e.do(c.method, c.path, "", c.body); r.status != http.StatusNotFound || r.errCode() != codeNoAccounts {
			t.Errorf("%s %s without accounts: %d %s, want 404 %s", c.method, c.path, r.status, r.body, codeNoAccounts)
		}
	}
}
