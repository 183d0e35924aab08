package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// Every route that changes something, walked from the route table, refuses a request whose credential is
// missing or wrong with 401 or 403, before it changes anything: FuzzRouteTableNeedsTheRightCredential
// looks at the database only, and a change kept in memory (an analysis queued, a socket's state) or a
// success that merely wrote nothing would pass it. The routes open to anyone take a missing credential
// (a guest's); a wrong one is refused there too, since a client that means to act as someone must never
// silently act as no one.
func TestEveryChangeRefusesAMissingAndAWrongCredential(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea := e.browser(), e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), http.StatusCreated)
	bea.must(bea.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`), http.StatusCreated)
	tok := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"bot","scopes":["read","play"]}`), http.StatusCreated).json(t)["id"].(string)
	open := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":3,"name":"Ada"}`), http.StatusCreated).json(t)["id"].(string)
	started := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":20,"sequential":true},"max_seats":2,"name":"Ada"}`), http.StatusCreated).json(t)["id"].(string)
	bea.must(bea.do("POST", "/api/matches/"+started+"/join", `{"name":"Bea"}`), http.StatusOK)
	ada.must(ada.do("POST", "/api/matches/"+started+"/start", ""), http.StatusOK)
	tour := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Cup","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"`+
		e.srv.now().Add(24*60*60*1e9).UTC().Format("2006-01-02T15:04:05Z")+`"}`), http.StatusCreated).json(t)["id"].(string)
	fill := map[string]string{"name": "Bea", "seat": "1", "step": "0", "tid": tok, "pid": "AAAA", "sid": "x", "game": "toy"}
	ids := map[string]string{"/api/matches/": started, "/api/tournaments/": tour, "/api/challenges/": "x"}
	bodies := map[string]string{
		"POST /api/matches":                          `{"game":"toy","max_seats":2,"name":"Gus"}`,
		"POST /api/matches/{id}/join":                `{"name":"Gus"}`,
		"POST /api/matches/{id}/moves":               `{"move":{"pick":1}}`,
		"POST /api/matches/{id}/chat":                `{"text":"hi"}`,
		"POST /api/matches/{id}/invite":              `{"name":"Bea"}`,
		"POST /api/account/signup":                   `{"name":"Gus","password":"correct horse"}`,
		"POST /api/account/signin":                   `{"name":"Ada","password":"correct horse"}`,
		"POST /api/account/notifications/read":       `{"upto":1000000}`,
		"POST /api/account/notify":                   `{"page":false}`,
		"POST /api/users/{name}/report":              `{"text":"rude"}`,
		"POST /api/challenges/reminder":              `{"on":true}`,
		"POST /api/account/claim":                    `{"seats":[]}`,
		"POST /api/account/password":                 `{"old":"correct horse","new":"battery staple"}`,
		"POST /api/account/delete":                   `{"password":"correct horse"}`,
		"POST /api/account/tokens":                   `{"name":"t","scopes":["play"]}`,
		"POST /api/matches/{id}/bots":                `{}`,
		"POST /api/matches/{id}/seats/{seat}/remove": ``,
	}
	// signing up or in, and the passkeys' sign-in, ask for no credential and are a way to get one: a stale
	// cookie or token sent along does not stop them. The mails' links are their own credentials.
	takesAnyCredential := []string{"POST /api/account/signup", "POST /api/account/signin",
		"POST /api/account/passkeys/signin/begin", "POST /api/account/passkeys/signin/finish", "/unsubscribe",
		// a finished game of a game with an analysis, and a running challenge, are the tests' of their own:
		// TestAnalysisRequesterCredentials, TestChallengeBadInput
		"POST /api/matches/{id}/analysis", "POST /api/challenges/{id}/attempts"}
	// A seat token names a seat of one match: the routes that seat a newcomer have none to check it against.
	seatless := []string{"POST /api/matches", "POST /api/matches/{id}/join"}
	wrong := map[string]map[string]string{
		"a wrong API token":    {"Authorization": "Bearer sv_wrong"},
		"a wrong seat token":   {"Authorization": "Bearer not-a-seat-token"},
		"an ended session":     {"Cookie": sessionCookie + "=ended", "Origin": e.http.URL},
		"a wrong token in URL": {"?": "token=not-a-seat-token"},
	}
	var bad []string
	for _, rt := range e.srv.routeTable() {
		method, p, ok := strings.Cut(rt.pattern, " ")
		if !ok || safeMethod(method) || slices.Contains(takesAnyCredential, rt.pattern) {
			continue
		}
		for prefix, id := range ids {
			if strings.HasPrefix(p, prefix) {
				p = strings.ReplaceAll(p, "{id}", id)
			}
		}
		for k, v := range fill {
			p = strings.ReplaceAll(p, "{"+k+"}", v)
		}
		if rt.pattern == "POST /api/matches/{id}/join" {
			p = strings.ReplaceAll(p, started, open)
		}
		body, ok := bodies[rt.pattern]
		if !ok {
			body = "{}"
		}
		if !slices.Contains(openRoutes, rt.pattern) {
			if r := e.rawDo(method, p, body, nil); r.status != 401 && r.status != 403 {
				bad = append(bad, fmt.Sprintf("%s without a credential: %d %s", rt.pattern, r.status, r.body))
			}
		}
		for what, hdr := range wrong {
			if strings.Contains(what, "seat token") || strings.Contains(what, "in URL") {
				if slices.Contains(seatless, rt.pattern) {
					continue
				}
			}
			q := p
			if v, ok := hdr["?"]; ok {
				q, hdr = p+"?"+v, nil
			}
			if r := e.rawDo(method, q, body, hdr); r.status != 401 && r.status != 403 {
				bad = append(bad, fmt.Sprintf("%s with %s: %d %.200s", rt.pattern, what, r.status, r.body))
			}
		}
	}
	slices.Sort(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// A browser whose session has ended (signed out everywhere from another device, or unused for a month)
// is refused a match it opens with the dead cookie (401: it meant to act as its account); the next page it
// loads asks /api/session, which forgets the dead cookie, and from then on it plays as a guest.
func TestAnEndedSessionIsForgottenAtTheNextPage(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	a, other := e.browser(), e.browser()
	a.must(a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), http.StatusCreated)
	other.must(other.do("POST", "/api/account/signin", `{"name":"Ada","password":"correct horse"}`), http.StatusOK)
	other.must(other.do("POST", "/api/account/signout-everywhere", ""), http.StatusOK)
	if r := a.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Gus"}`); r.status != http.StatusUnauthorized {
		t.Fatalf("a match opened with an ended session: %d %s", r.status, r.body)
	}
	a.must(a.do("GET", "/api/session", ""), http.StatusOK)
	a.must(a.do("POST", "/api/matches", `{"game":"toy","max_seats":2,"name":"Gus"}`), http.StatusCreated)
}
