package server

import (
	"strings"
	"testing"
	"time"
)

// A tournament without a clock is refused, whatever its format, with words saying why: without one a
// player who walks away mid-game stalls it for ever (the no-show forfeit covers only the first move, and
// only a clock lets the opponent claim the game). Nothing is created.
func TestTournamentNeedsAClock(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := signUp(t, e, "Ada")["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	list := func() string { return string(ada.must(ada.do("GET", "/api/tournaments", ""), 200).body) }
	before := list()
	for _, format := range []string{
		`"format":"swiss","rounds":2`,
		`"format":"tables","rounds":2,"seats":{"min":3,"max":4}`,
		`"format":"arena","duration_seconds":600`,
		`"format":"league","group_size":4`,
	} {
		r := ada.do("POST", "/api/tournaments", `{"name":"No clock","game":"toy",`+format+`,"starts_at":"`+start+`"}`)
		if r.status != 400 || r.errCode() != "bad_request" || !strings.Contains(r.errMessage(), "clock") {
			t.Fatalf("%s without a clock: %d %s, want 400 bad_request saying it needs a clock", format, r.status, r.body)
		}
	}
	if after := list(); after != before {
		t.Fatalf("a refused tournament was listed:\n%s\nwas\n%s", after, before)
	}
	ada.must(ada.do("POST", "/api/tournaments", `{"name":"Clocked","game":"toy","format":"swiss","rounds":2,"clock":{"mode":"game","seconds":600},"starts_at":"`+start+`"}`), 201)
}

// Once an arena is over nobody plays in it: its standings said "playing" of the players whose game was
// still on at its end (a game that no longer counts).
func TestTournamentFinishedArenaNobodyPlaying(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea")
	ada := ps["Ada"].b
	id := startedWith(t, e, ps, []string{"Ada", "Bea"}, `"name":"Short","game":"toy","format":"arena","duration_seconds":300,"clock":{"mode":"game","seconds":1209600}`)
	base := "/api/tournaments/" + id
	type standings struct {
		Standings []struct {
			Name    string `json:"name"`
			Playing bool   `json:"playing"`
		} `json:"standings"`
	}
	playing := func() int {
		n := 0
		for _, l := range getJSON[standings](t, ada, base+"/standings").Standings {
			if l.Playing {
				n++
			}
		}
		return n
	}
	if n := playing(); n != 2 {
		t.Fatalf("%d players playing while the arena runs, want both", n)
	}
	e.clock.Advance(301 * time.Second) // its time is up, the game still on
	e.srv.tournaments.Tick(t.Context())
	if st := ada.must(ada.do("GET", base, ""), 200).json(t)["status"]; st != "finished" {
		t.Fatalf("the arena is %v once its time is up, want finished", st)
	}
	if n := playing(); n != 0 {
		t.Fatalf("%d players still playing in the finished arena: %s", n, ada.must(ada.do("GET", base+"/standings", ""), 200).body)
	}
}

// An account entered in a rated tournament that has not finished does not turn itself into a bot: a bot
// plays in no rated tournament, and its games there went unrated. It is told so in words, naming the
// tournament, and stays a person; once it has left, or in an unrated one, it may. Without a session the
// change is refused.
func TestTournamentEntrantDoesNotBecomeABot(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd")
	ada, bea, cyd := ps["Ada"].b, ps["Bea"].b, ps["Cyd"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	rated := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Rated club","game":"toy","format":"swiss","rounds":1,"rated":true,"clock":{"mode":"game","seconds":600},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	friendly := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Friendly","game":"toy","format":"swiss","rounds":1,"clock":{"mode":"game","seconds":600},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, b := range []*browser{ada, bea} {
		b.must(b.do("POST", "/api/tournaments/"+rated+"/join", ""), 200)
	}
	cyd.must(cyd.do("POST", "/api/tournaments/"+friendly+"/join", ""), 200)

	if r := e.browser().do("POST", "/api/account/bot", ""); r.status != 401 {
		t.Fatalf("without a session: %d %s, want 401", r.status, r.body)
	}
	r := bea.do("POST", "/api/account/bot", "")
	if r.status != 409 || r.errCode() != "in_rated_tournament" || !strings.Contains(r.errMessage(), "Rated club") {
		t.Fatalf("an entrant of a rated tournament becomes a bot: %d %s, want 409 in_rated_tournament naming it", r.status, r.body)
	}
	if me := string(bea.must(bea.do("GET", "/api/account", ""), 200).body); strings.Contains(me, `"bot":true`) {
		t.Fatalf("the refused account became a bot: %s", me)
	}
	cyd.must(cyd.do("POST", "/api/account/bot", ""), 200) // in an unrated one only
	bea.must(bea.do("POST", "/api/tournaments/"+rated+"/leave", ""), 200)
	if me := bea.must(bea.do("POST", "/api/account/bot", ""), 200).body; !strings.Contains(string(me), `"bot":true`) {
		t.Fatalf("having left, the account is no bot: %s", me)
	}
}

// A tournament's game is dated by the event that ended it, as its log holds it: what the tournaments'
// late look reads of a game whose end was not heard (the time it is asked, later, was used), the same
// once the match is evicted and read again from its log.
func TestTournamentGameEndDatedByItsLog(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.IdleTimeout = time.Minute })
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	id := startedWith(t, e, ps, []string{"Ada", "Bea"}, `"name":"Dated","game":"toy","format":"swiss","rounds":1,"clock":{"mode":"game","seconds":1209600}`)
	rs := getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds")
	game := rs.Rounds[0].Pairings[0].Match
	e.clock.Advance(3 * time.Minute)
	ended := e.clock.Now()
	bea.must(bea.do("POST", "/api/matches/"+game+"/resign", ""), 200)
	e.clock.Advance(30 * time.Minute)
	for _, when := range []string{"in memory", "read again from its log"} {
		if _, at, over := e.srv.endedMatch(t.Context(), game); !over || !at.Equal(ended) {
			t.Fatalf("%s: the game's end is dated %v (over %v), want %v", when, at, over, ended)
		}
		e.clock.Advance(2 * time.Minute)
		e.srv.evictIdle()
		e.srv.mu.Lock()
		_, kept := e.srv.matches[game]
		e.srv.mu.Unlock()
		if kept {
			t.Fatal("the idle match was not evicted: its reading from the log is not tested")
		}
	}
}
