package server

import (
	"net/http"
	"strings"
	"testing"
)

// While a challenge runs, nobody but an attempt's own player reads anything of it, on any route that
// shows a match (its table, story, replay, legal moves, its WebSocket before the upgrade, its record),
// whether the attempt is in play or finished, ranked or practice: not a signed-out visitor, not another
// account, not another attempt's seat (Bob's, or Ada's own practice attempt's), not a made-up token. Each
// refusal says why in words and tells no card.
func TestChallengeReviewAttemptsShownToTheirPlayerOnly(t *testing.T) {
	t.Parallel()
	e, toks := challengeEnv(t, "Ada", "Bob")
	ranked := e.startAttempt(dailyCarto, toks["Ada"], "")
	e.playAttempt(ranked, 1000)
	practice := e.startAttempt(dailyCarto, toks["Ada"], "")
	if practice.Ranked {
		t.Fatal("Ada's second attempt is ranked")
	}
	e.playAttempt(practice, 2)
	bob := e.startAttempt(dailyCarto, toks["Bob"], "")
	for _, a := range []struct {
		what string
		att  attempt
		own  []string
	}{{"Ada's finished ranked attempt", ranked, []string{ranked.Token, toks["Ada"]}}, {"Ada's practice in play", practice, []string{practice.Token}}} {
		for _, path := range []string{"", "/story", "/replay/0", "/legal", "/ws", "/record"} {
			for _, c := range []struct {
				who, tok string
				status   int
			}{
				{"a signed-out visitor", "", http.StatusForbidden},
				{"Bob's account", toks["Bob"], http.StatusForbidden},
				{"Bob's seat", bob.Token, http.StatusForbidden},
				{"a made-up API token", "sv_madeup", http.StatusUnauthorized},
			} {
				// the first reason found is told: a replay or record of a game in play is 409 not_finished,
				// the record 403 whoever asks, the legal moves 401 without a seat
				r := e.do("GET", "/api/matches/"+a.att.ID+path, c.tok, "")
				if r.status < 400 || r.status >= 500 || len(r.errMessage()) < 10 || strings.Contains(string(r.body), `"view"`) ||
					strings.Contains(string(r.body), `"moves"`) {
					t.Errorf("%s read %s of %s: %d %.200s, want a refusal in words", c.who, path, a.what, r.status, r.body)
				}
				if path == "" || path == "/story" || path == "/ws" {
					if r.status != c.status {
						t.Errorf("%s read %s of %s: %d, want %d", c.who, path, a.what, r.status, c.status)
					}
				}
			}
		}
		for _, tok := range a.own {
			e.must(http.StatusOK, e.do("GET", "/api/matches/"+a.att.ID, tok, ""))
		}
	}
	// Ada's practice seat is no key to her ranked attempt, nor her ranked seat to her practice
	for _, c := range []struct{ id, tok string }{{ranked.ID, practice.Token}, {practice.ID, ranked.Token}} {
		if r := e.do("GET", "/api/matches/"+c.id+"/replay/0", c.tok, ""); r.status < 400 {
			t.Errorf("another attempt's seat read %s: %d %.200s", c.id, r.status, r.body)
		}
	}
}
