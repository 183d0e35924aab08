package server

import (
	"slices"
	"strings"
	"testing"
)

// FuzzRouteTableNeedsTheRightCredential sends its bodies with wrong credentials only, which most routes
// refuse before they read a body: their decoders are fuzzed here, with the right credential (Ada's session,
// from our own pages). A body a route refuses changes no row of the database, and none answers 5xx.
// The routes that end the session or the account (signing out, deleting, a new password, becoming a bot)
// are left out: after them every later input would meet a 401 first.

// endsTheSession are the routes that would leave the fuzzer's session unable to reach the others.
var endsTheSession = []string{"POST /api/account/signout", "POST /api/account/signout-everywhere", "POST /api/account/delete",
	"POST /api/account/password", "POST /api/account/bot"}

func FuzzSignedInBodies(f *testing.F) {
	rf := newRouteFuzz(f)
	var table []route
	for _, rt := range rf.srv.routeTable() {
		if m, _, ok := strings.Cut(rt.pattern, " "); ok && !safeMethod(m) && !slices.Contains(endsTheSession, rt.pattern) {
			table = append(table, rt)
		}
	}
	bodies := []string{"", "{}", "null", "[]", `{"name":"Eve"}`, `{"name":""}`, `{"name":"` + strings.Repeat("é", 40) + `"}`,
		`{"move":{"pick":1}}`, `{"text":"hi"}`, `{"text":"\u0000"}`, `{"phrase":"gg"}`, `{"phrase":"nope"}`,
		`{"seats":[{"match":"x","token":"y"}]}`, `{"seats":null}`, `{"upto":999}`, `{"upto":-1}`,
		`{"mail":"each","email":"a@example.org"}`, `{"digest_hour":24}`, `{"lang":"xx"}`, `{"email":"<a@b>"}`,
		`{"name":"t","scopes":["play"]}`, `{"name":"t","scopes":["root"]}`, `{"subscription":{"endpoint":"https://127.0.0.1/x"}}`,
		`{"bot":"nope"}`, `{"names":["Bea","Bea"]}`, `{"ranked":true}`, `{"key":"` + strings.Repeat("k", 300) + `"}`,
		`{"on":"yes"}`, `{"name":"Cup","game":"toy","format":"swiss","rounds":0}`, `{"clock":{"mode":"move","seconds":-1}}`,
		`{"seq":-5,"key":"k"}`, `{"move":{"pick":1},"seq":1e30}`, `{"text":"` + strings.Repeat("x", 5000) + `"}`}
	for i := range table {
		for j := range 3 {
			f.Add(uint8(i), uint8(j), bodies[(i*3+j)%len(bodies)])
		}
	}
	hdr := map[string]string{"Cookie": sessionCookie + "=" + rf.cookie, "Origin": "http://example.com"}
	f.Fuzz(func(t *testing.T, route, pick uint8, body string) {
		rt := table[int(route)%len(table)]
		m, path := rf.target(rt.pattern, pick, "")
		settled(t, rf.srv) // what an accepted input did before is in, so that it is not blamed on this one
		before := rf.fingerprint(t)
		rec := rf.send(m, path, body, hdr)
		if rec.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", m, path, body, rec.Code, rec.Body)
		}
		if rec.Code >= 400 && rec.Code != 429 {
			settled(t, rf.srv)
			if rf.fingerprint(t) != before {
				t.Fatalf("%s %s %q was refused (%d %s) but changed the database", m, path, body, rec.Code, rec.Body)
			}
		}
	})
}
