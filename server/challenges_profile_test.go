package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"
)

// viewedProfile is what the tests read of a player's profile.
type viewedProfile struct {
	Games []struct {
		Game   string `json:"game"`
		Played int    `json:"played"`
		Won    int    `json:"won"`
	} `json:"games"`
	Solo []struct {
		Game   string         `json:"game"`
		Played int            `json:"played"`
		Best   int            `json:"best"`
		Titles map[string]int `json:"titles"`
	} `json:"solo"`
	Finished []struct {
		ID string `json:"id"`
	} `json:"finished"`
	Challenges struct {
		Streak     int      `json:"streak"`
		BestStreak int      `json:"best_streak"`
		Finished   []string `json:"finished"`
	} `json:"challenges"`
}

// profileAs is a player's profile as a request with tok (or a guest's, "") reads it.
func (e *env) profileAs(name, tok string) viewedProfile {
	e.t.Helper()
	var p viewedProfile
	if err := json.Unmarshal(e.must(200, e.do("GET", "/api/users/"+name, tok, "")).body, &p); err != nil {
		e.t.Fatal(err)
	}
	return p
}

// finishedAttempt starts an attempt at a challenge with tok and plays it to its end; it answers the
// attempt and the last state its player saw.
func (e *env) finishedAttempt(challenge, tok string) (attempt, state) {
	e.t.Helper()
	a := e.startAttempt(challenge, tok, "")
	st := e.playAttempt(a, 1000)
	if st.Match.Status != "finished" {
		e.t.Fatalf("the attempt at %s did not finish: %+v", challenge, st.Match)
	}
	return a, st
}

// TestProfileKeepsARunningChallengesResultToItsPlayer: a finished attempt at a running challenge
// counts on its player's own profile only; a guest, or a player who has not finished theirs, reads
// neither its score (the best solo score, the titles), nor that it was played and won, nor its match,
// nor the challenge among those finished or in the streak. Once the challenge ends, everyone does.
func TestProfileKeepsARunningChallengesResultToItsPlayer(t *testing.T) {
	e, toks := challengeEnv(t, "Ada", "Bob")
	ada, final := e.finishedAttempt(dailyCarto, toks["Ada"])
	score := final.Match.Result.Scores[0]
	e.startAttempt(dailyCarto, toks["Bob"], "") // Bob's own, in play
	shown := func(p viewedProfile) []string {
		var out []string
		if len(p.Solo) > 0 {
			out = append(out, "the best solo score")
		}
		if len(p.Games) > 0 {
			out = append(out, "the games played and won")
		}
		if slices.ContainsFunc(p.Finished, func(f struct {
			ID string `json:"id"`
		}) bool {
			return f.ID == ada.ID
		}) {
			out = append(out, "the attempt among the finished games")
		}
		if slices.Contains(p.Challenges.Finished, dailyCarto) {
			out = append(out, "the challenge among those finished")
		}
		if p.Challenges.Streak > 0 || p.Challenges.BestStreak > 0 {
			out = append(out, "the streak")
		}
		return out
	}
	all := []string{"the best solo score", "the games played and won", "the attempt among the finished games",
		"the challenge among those finished", "the streak"}
	own := e.profileAs("Ada", toks["Ada"])
	if got := shown(own); !slices.Equal(got, all) {
		t.Fatalf("Ada's own profile shows %v of her attempt, want %v", got, all)
	}
	if own.Solo[0].Best != score {
		t.Fatalf("Ada's own best solo score %d, her attempt scored %d", own.Solo[0].Best, score)
	}
	for who, tok := range map[string]string{"a guest": "", "Bob": toks["Bob"], "a wrong token": "sv_madeup"} {
		if r := e.do("GET", "/api/users/Ada", tok, ""); r.status != 200 && tok == "sv_madeup" {
			continue // a wrong credential may be refused outright: it reads nothing either
		}
		if got := shown(e.profileAs("Ada", tok)); len(got) > 0 {
			t.Errorf("%s reads on Ada's profile, while the challenge runs: %v", who, got)
		}
	}
	e.clock.Advance(24 * time.Hour)
	after := e.profileAs("Ada", "")
	if got := shown(after); !slices.Equal(got, all) {
		t.Fatalf("once the challenge ended, a guest reads %v of Ada's attempt, want %v", got, all)
	}
	if after.Solo[0].Best != score || after.Challenges.Streak != 1 {
		t.Fatalf("once the challenge ended: best %d streak %d, want %d and 1", after.Solo[0].Best, after.Challenges.Streak, score)
	}
}

// TestRunningAttemptsRatingsAreItsPlayers: what a finished match did to its players' ratings answers
// whether it is over; for an attempt at a running challenge, only its player hears it (by the seat's
// token or the account), anyone else is refused; once the challenge ends, anyone.
func TestRunningAttemptsRatingsAreItsPlayers(t *testing.T) {
	e, toks := challengeEnv(t, "Ada", "Bob")
	ada, _ := e.finishedAttempt(dailyCarto, toks["Ada"])
	path := "/api/matches/" + ada.ID + "/ratings"
	for who, tok := range map[string]string{"a guest": "", "Bob": toks["Bob"]} {
		if r := e.do("GET", path, tok, ""); r.status != http.StatusForbidden || r.errCode() != "challenge_running" {
			t.Errorf("%s asks what Ada's running attempt did to her rating: %d %.200s", who, r.status, r.body)
		}
	}
	for _, tok := range []string{toks["Ada"], ada.Token} {
		e.must(200, e.do("GET", path, tok, ""))
	}
	e.clock.Advance(24 * time.Hour)
	e.must(200, e.do("GET", path, "", ""))
}
