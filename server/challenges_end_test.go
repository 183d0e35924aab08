package server

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// TestUnfinishedAttemptsAbandonedAtTheEnd: a ranked attempt still in play when its challenge ends is
// recorded as abandoned, without a score: on the board it is ranked after the finished ones, marked
// given up, and its player's moves are refused; a practice attempt begun from the archive afterwards is
// not touched and plays on.
func TestUnfinishedAttemptsAbandonedAtTheEnd(t *testing.T) {
	e, toks := challengeEnv(t, "Ada", "Bob")
	ada := e.startAttempt(dailyCarto, toks["Ada"], "")
	if st := e.playAttempt(ada, 1000); st.Match.Status != "finished" {
		t.Fatalf("Ada's attempt did not finish: %+v", st.Match)
	}
	bob := e.startAttempt(dailyCarto, toks["Bob"], "")
	e.playAttempt(bob, 2)
	type board struct {
		Entries []struct {
			Name      string `json:"name"`
			Score     int    `json:"score"`
			Abandoned bool   `json:"abandoned"`
		} `json:"entries"`
		You struct {
			Ranked struct {
				Finished  bool `json:"finished"`
				Abandoned bool `json:"abandoned"`
				Score     *int `json:"score"`
			} `json:"ranked"`
		} `json:"you"`
	}
	read := func(tok string) board {
		t.Helper()
		var b board
		if err := json.Unmarshal(e.must(http.StatusOK, e.do("GET", "/api/challenges/"+dailyCarto+"/leaderboard", tok, "")).body, &b); err != nil {
			t.Fatal(err)
		}
		return b
	}
	if b := read(toks["Ada"]); len(b.Entries) != 1 || b.Entries[0].Name != "Ada" {
		t.Fatalf("while the challenge runs, Bob's attempt in play is not on the board: %+v", b.Entries)
	}

	e.clock.Advance(24 * time.Hour)
	late := e.startAttempt(dailyCarto, toks["Bob"], "") // from the archive
	b := read(toks["Bob"])
	if len(b.Entries) != 2 || b.Entries[0].Name != "Ada" || b.Entries[1].Name != "Bob" || !b.Entries[1].Abandoned || b.Entries[1].Score != 0 {
		t.Fatalf("the board once the challenge has ended: %+v", b.Entries)
	}
	if r := b.You.Ranked; !r.Finished || !r.Abandoned || r.Score == nil || *r.Score != 0 {
		t.Fatalf("Bob's ranked attempt once the challenge has ended: %+v", r)
	}
	body, _ := json.Marshal(moveReq{Move: e.autoMove(bob.ID, 0)})
	if r := e.do("POST", "/api/matches/"+bob.ID+"/moves", bob.Token, string(body)); r.status != http.StatusConflict || r.errCode() != "challenge_ended" {
		t.Fatalf("a move in Bob's abandoned attempt: %d %s", r.status, r.body)
	}
	if st := e.playAttempt(late, 2); st.Match.Moves != 2 || st.Match.Status == "finished" {
		t.Fatalf("the archive attempt: %+v", st.Match)
	}
	if n := len(read("").Entries); n != 2 {
		t.Fatalf("the archive attempt changed the board: %d entries", n)
	}
}

// TestLeaderboardWrongCredentialChangesNothing: a read of an ended challenge's board with a wrong
// credential is refused (401) before the board is settled: Bob's attempt still in play stays unfinished
// until a read the server answers records it as abandoned.
func TestLeaderboardWrongCredentialChangesNothing(t *testing.T) {
	e, toks := challengeEnv(t, "Bob")
	bob := e.startAttempt(dailyCarto, toks["Bob"], "")
	e.playAttempt(bob, 2)
	var acct struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	if err := json.Unmarshal(e.must(http.StatusOK, e.do("GET", "/api/account", toks["Bob"], "")).body, &acct); err != nil {
		t.Fatal(err)
	}
	attempts := e.store.(store.Challenges)
	unfinished := func() bool {
		t.Helper()
		as, err := attempts.AttemptsOf(context.Background(), dailyCarto, acct.User.ID)
		if err != nil || len(as) != 1 {
			t.Fatalf("Bob's attempts: %+v %v", as, err)
		}
		return as[0].Finished.IsZero()
	}

	e.clock.Advance(24 * time.Hour)
	for _, tok := range []string{"sv_madeup", toks["Bob"] + "x"} {
		r := e.do("GET", "/api/challenges/"+dailyCarto+"/leaderboard", tok, "")
		if r.status != http.StatusUnauthorized {
			t.Fatalf("the board with the wrong credential %q: %d %s", tok, r.status, r.body)
		}
		if !unfinished() {
			t.Fatalf("a refused read of the board (%q) recorded Bob's attempt as abandoned", tok)
		}
	}
	e.must(http.StatusOK, e.do("GET", "/api/challenges/"+dailyCarto+"/leaderboard", "", ""))
	if unfinished() {
		t.Fatal("a guest's read of the ended board left Bob's attempt unfinished")
	}
}
