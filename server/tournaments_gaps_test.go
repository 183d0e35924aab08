package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// startedWith creates a tournament of the fields (starting in an hour), has the players join it, and has
// its creator (the first) start it.
func startedWith(t *testing.T, e *env, ps map[string]tourPlayer, names []string, fields string) string {
	t.Helper()
	first := ps[names[0]].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := first.must(first.do("POST", "/api/tournaments", `{`+fields+`,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range names {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	first.must(first.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	return id
}

// tourStandings is GET /api/tournaments/{id}/standings as a Swiss's tests read it.
type tourStandings struct {
	Standings []struct {
		Name   string  `json:"name"`
		Points float64 `json:"points"`
		Games  int     `json:"games"`
	} `json:"standings"`
}

// roundsPaired ticks the room once and counts the rounds paired.
func roundsPaired(t *testing.T, e *env, b *browser, id string) int {
	t.Helper()
	e.srv.tournaments.Tick(t.Context())
	return len(getJSON[roundsOut](t, b, "/api/tournaments/"+id+"/rounds").Rounds)
}

type nextRound struct {
	Next  *time.Time `json:"next_round_at"`
	Break int        `json:"round_break_seconds"`
}

// A Swiss's players get their break between rounds: the next round is paired round_break_seconds after
// the last game of the round before, which the tournament's next_round_at says while it waits; with no
// break it follows at once.
func TestTournamentRoundBreak(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd", "Dee"}
	ps := signUp(t, e, names...)
	ada := ps["Ada"].b
	mk := func(extra string) string {
		return startedWith(t, e, ps, names, `"name":"Break","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2`+extra)
	}
	id := mk(`,"round_break_seconds":120`)
	if got := getJSON[nextRound](t, ada, "/api/tournaments/"+id); got.Next != nil || got.Break != 120 {
		t.Fatalf("in round 1: next_round_at %v, break %d", got.Next, got.Break)
	}
	playRound(t, ps, getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds"), 1)
	ended := e.clock.Now() // the fake clock stands still while the games are played
	var got nextRound
	for deadline := time.Now().Add(10 * time.Second); got.Next == nil; time.Sleep(10 * time.Millisecond) {
		if n := roundsPaired(t, e, ada, id); n != 1 {
			t.Fatalf("round 2 paired at once, in the break (%d rounds)", n)
		}
		if got = getJSON[nextRound](t, ada, "/api/tournaments/"+id); time.Now().After(deadline) {
			t.Fatal("no next_round_at after round 1's games")
		}
	}
	if want := ended.Add(120 * time.Second); !got.Next.Equal(want) {
		t.Fatalf("next_round_at %v, want %v", got.Next, want)
	}
	// each player is told when round 2 starts, in their inbox
	for _, n := range names {
		var in struct {
			Notes []struct {
				Kind     string     `json:"kind"`
				Round    int        `json:"round"`
				Deadline *time.Time `json:"deadline"`
				Title    string     `json:"title"`
			} `json:"notes"`
		}
		if err := json.Unmarshal([]byte(waitNote(t, ps[n].b, "tournament_break")), &in); err != nil {
			t.Fatal(err)
		}
		for _, note := range in.Notes {
			if note.Kind == "tournament_break" && (note.Round != 2 || note.Deadline == nil || !note.Deadline.Equal(*got.Next) || note.Title != "Break") {
				t.Fatalf("%s's break note: %+v, want round 2 at %v", n, note, got.Next)
			}
		}
	}
	e.clock.Advance(119 * time.Second)
	if n := roundsPaired(t, e, ada, id); n != 1 {
		t.Fatalf("round 2 paired a second before the break's end (%d rounds)", n)
	}
	e.clock.Advance(time.Second)
	if n := roundsPaired(t, e, ada, id); n != 2 {
		t.Fatalf("the break is over and %d rounds are paired", n)
	}
	if got := getJSON[nextRound](t, ada, "/api/tournaments/"+id); got.Next != nil {
		t.Fatalf("round 2 in play: next_round_at %v", got.Next)
	}

	// no break: round 2 follows round 1 on the same second
	id = mk(`,"round_break_seconds":0`)
	playRound(t, ps, getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds"), 1)
	for deadline := time.Now().Add(10 * time.Second); roundsPaired(t, e, ada, id) != 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("without a break, round 2 never came")
		}
	}
}

// The break is a Swiss's, 0 to an hour, a minute when not given.
func TestTournamentRoundBreakSettings(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := signUp(t, e, "Ada")["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Default","game":"toy","format":"tables","clock":{"mode":"game","seconds":1209600},"rounds":2,"seats":{"min":3,"max":4},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	if got := getJSON[nextRound](t, ada, "/api/tournaments/"+id); got.Break != 60 {
		t.Fatalf("a Swiss at tables without a break given: %d s, want 60", got.Break)
	}
	for _, body := range []string{
		`"format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"round_break_seconds":-1`,
		`"format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"round_break_seconds":3601`,
		`"format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600,"round_break_seconds":30`,
		`"format":"league","group_size":4,"clock":{"mode":"move","seconds":86400},"round_break_seconds":30`,
	} {
		r := ada.do("POST", "/api/tournaments", `{"name":"x","game":"toy",`+body+`,"starts_at":"`+start+`"}`)
		if r.status != 400 || !strings.Contains(string(r.body), "round") {
			t.Errorf("%s: %d %s, want 400 about the break", body, r.status, r.body)
		}
	}
	id = ada.must(ada.do("POST", "/api/tournaments", `{"name":"Arena","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	if got := getJSON[nextRound](t, ada, "/api/tournaments/"+id); got.Break != 0 {
		t.Fatalf("an arena has a break of %d s", got.Break)
	}
}

// Neither player moves: both lose by forfeit (no winner, neither scores), not the first seat alone.
func TestTournamentDoubleNoShow(t *testing.T) {
	t.Parallel()
	e, ada, _, id := adaAndBea(t, `"name":"Absent","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"forfeit_seconds":60,"round_break_seconds":0`)
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	waitRound(t, e, ada, id, 1)
	e.clock.Advance(61 * time.Second)
	e.srv.tournaments.Tick(t.Context())
	rs := waitRound(t, e, ada, id, 2)
	p := rs.Rounds[0].Pairings[0]
	if p.Status != "forfeit" || p.Seats[0].Place != 2 || p.Seats[1].Place != 2 || p.Seats[0].Pts != 0 || p.Seats[1].Pts != 0 {
		t.Fatalf("a double no-show: %+v, want both placed 2nd with 0 points", p)
	}
	st := getJSON[tourStandings](t, ada, "/api/tournaments/"+id+"/standings")
	for _, l := range st.Standings {
		if l.Points != 0 || l.Games != 1 {
			t.Errorf("%s: %.1f points in %d games, want 0 in 1", l.Name, l.Points, l.Games)
		}
	}
}

// A check-in racing the creator's start: either it is taken and the player plays the first round, or it
// is refused in words and they do not play; never taken and then lost.
func TestTournamentCheckInRacesTheStart(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd"}
	ps := signUp(t, e, names...)
	ada, cyd := ps["Ada"].b, ps["Cyd"].b
	for k := range 6 {
		start := e.clock.Now().Add(5 * time.Minute).Format(time.RFC3339)
		id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Race","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"check_in_seconds":600,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
		for _, n := range names {
			ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
		}
		for _, n := range names[:2] {
			ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/checkin", ""), 200)
		}
		done := make(chan resp)
		go func() { done <- cyd.do("POST", "/api/tournaments/"+id+"/checkin", "") }()
		ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
		got := <-done
		rs := waitRound(t, e, ada, id, 1)
		in := strings.Contains(string(ada.must(ada.do("GET", "/api/tournaments/"+id+"/rounds", ""), 200).body), `"Cyd"`)
		switch {
		case got.status == 200 && !in:
			t.Fatalf("race %d: Cyd's check-in was taken and she does not play: %+v", k, rs)
		case got.status == 409 && (in || !strings.Contains(string(got.body), "check_in_closed")):
			t.Fatalf("race %d: Cyd's check-in refused (%s) and she plays: %v", k, got.body, in)
		case got.status != 200 && got.status != 409:
			t.Fatalf("race %d: Cyd's check-in: %d %s", k, got.status, got.body)
		}
	}
}

// A player who joined an arena but missed its check-in may still join it while it runs, as anyone may
// (lichess's way): they are paired at once with who waits; a second join is refused.
func TestTournamentArenaJoinAfterMissedCheckIn(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd"}
	ps := signUp(t, e, names...)
	ada, cyd := ps["Ada"].b, ps["Cyd"].b
	start := e.clock.Now().Add(5 * time.Minute).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Blitz","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600,"check_in_seconds":600,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range names {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	for _, n := range names[:2] {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/checkin", ""), 200)
	}
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	ranked := func() (out []string) {
		for _, l := range getJSON[tourStandings](t, ada, "/api/tournaments/"+id+"/standings").Standings {
			out = append(out, l.Name)
		}
		slices.Sort(out)
		return out
	}
	if got := ranked(); !slices.Equal(got, names[:2]) {
		t.Fatalf("at the start: %v, want Ada and Bea", got)
	}
	if r := cyd.do("POST", "/api/tournaments/"+id+"/join", ""); r.status != 200 {
		t.Fatalf("Cyd joins after missing the check-in: %d %s", r.status, r.body)
	}
	if got := ranked(); !slices.Equal(got, names) {
		t.Fatalf("after Cyd's join: %v, want all three", got)
	}
	if r := cyd.do("POST", "/api/tournaments/"+id+"/join", ""); r.status != 409 || !strings.Contains(string(r.body), "already_joined") {
		t.Fatalf("Cyd joins twice: %d %s", r.status, r.body)
	}
	// a Swiss goes on without whoever missed its check-in, and says so
	sw := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Swiss","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"check_in_seconds":600,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range names {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+sw+"/join", ""), 200)
	}
	for _, n := range names[:2] {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+sw+"/checkin", ""), 200)
	}
	ada.must(ada.do("POST", "/api/tournaments/"+sw+"/start", ""), 200)
	if r := cyd.do("POST", "/api/tournaments/"+sw+"/join", ""); r.status != 409 || !strings.Contains(string(r.body), "did not check in") {
		t.Fatalf("Cyd joins the Swiss whose check-in she missed: %d %s", r.status, r.body)
	}
}

// In a game played in turn, the seat waiting for its first turn cannot move before the absent first seat:
// it counts absent too only when it does not have the game open either (no socket of its seat).
func TestTournamentNoShowWhileWaiting(t *testing.T) {
	t.Parallel()
	for _, open := range []bool{false, true} {
		e, ada, bea, id := adaAndBea(t, `"name":"In turn","game":"toy","options":{"sequential":true},"format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"forfeit_seconds":60`)
		ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
		p := waitRound(t, e, ada, id, 1).Rounds[0].Pairings[0]
		if open {
			b := map[string]*browser{"Ada": ada, "Bea": bea}[p.Seats[1].Name]
			u, _ := url.Parse(e.http.URL)
			hdr := http.Header{"Origin": {e.http.URL}}
			for _, c := range b.c.Jar.Cookies(u) {
				hdr.Add("Cookie", c.Name+"="+c.Value)
			}
			c, _, err := websocket.Dial(t.Context(), "ws"+strings.TrimPrefix(e.http.URL, "http")+"/api/matches/"+p.Match+"/ws",
				&websocket.DialOptions{HTTPHeader: hdr})
			if err != nil {
				t.Fatal(err)
			}
			defer c.CloseNow()
			if _, _, err := c.Read(t.Context()); err != nil { // the state: the seat is at its table
				t.Fatal(err)
			}
		}
		e.clock.Advance(61 * time.Second)
		finishes(t, e, ada, id)
		p = getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds").Rounds[0].Pairings[0]
		if want := map[bool]int{false: 2, true: 1}[open]; p.Status != "forfeit" || p.Seats[0].Place != 2 || p.Seats[1].Place != want {
			t.Errorf("the second seat at its table %v: %+v, want the first placed 2, the second %d", open, p, want)
		}
	}
}
