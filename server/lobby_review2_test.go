package server

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// Unlisted matches (the client's tutorials, challenge attempts) are left out of the lobby's lists, and
// must not crowd the listed ones out of them either: a table opened before fifty tutorials is still
// listed among the open matches.
func TestReviewUnlistedMatchesDoNotBuryTheLobby(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	listed := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada"}`)).json(t)["id"].(string)
	for range 50 {
		e.clock.Advance(time.Second) // newer than the listed one
		e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Tutee","unlisted":true}`))
	}
	for _, q := range []string{"?status=open", "", "?status=open&limit=1"} {
		body := string(e.must(http.StatusOK, e.do("GET", "/api/matches"+q, "", "")).body)
		if !strings.Contains(body, `"id":"`+listed+`"`) {
			t.Errorf("the lobby%s lacks the listed match %s under fifty unlisted ones: %.300s", q, listed, body)
		}
		if strings.Contains(body, "Tutee") {
			t.Errorf("the lobby%s lists an unlisted match: %.300s", q, body)
		}
	}
}
