package server

import (
	"slices"
	"testing"
	"time"
)

// A running arena takes a late player, who is paired at once with the one who waits; joining twice, a
// full arena, after a withdrawal, after its end, an invite-only one without its key and a Swiss after its
// start are refused with their codes and change nothing.
func TestTournamentArenaLateJoin(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd", "Dee", "Eve")
	ada, dee, eve := ps["Ada"].b, ps["Dee"].b, ps["Eve"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Late","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600,"max_players":4,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	base := "/api/tournaments/" + id
	for _, n := range []string{"Ada", "Bea", "Cyd"} {
		ps[n].b.must(ps[n].b.do("POST", base+"/join", ""), 200)
	}
	ada.must(ada.do("POST", base+"/start", ""), 200)
	rs := getJSON[roundsOut](t, ada, base+"/rounds")
	if len(rs.Rounds) != 1 || len(rs.Rounds[0].Pairings) != 1 {
		t.Fatalf("three players start one game: %+v", rs)
	}
	seated := []string{rs.Rounds[0].Pairings[0].Seats[0].Name, rs.Rounds[0].Pairings[0].Seats[1].Name}
	waiter := slices.DeleteFunc([]string{"Ada", "Bea", "Cyd"}, func(n string) bool { return slices.Contains(seated, n) })[0]

	joined := dee.must(dee.do("POST", base+"/join", ""), 200).json(t)
	you, _ := joined["you"].(map[string]any)
	next, _ := you["next_game"].(map[string]any)
	if you["joined"] != true || next == nil || next["status"] != "playing" || next["match"] == "" {
		t.Fatalf("the late player is not in a game at once: %v", joined["you"])
	}
	rs = getJSON[roundsOut](t, ada, base+"/rounds")
	if n := len(rs.Rounds[0].Pairings); n != 2 {
		t.Fatalf("%d games after the late join, want 2: %+v", n, rs)
	}
	g := rs.Rounds[0].Pairings[1]
	if g.Status != "playing" || g.Match != next["match"] || !slices.Contains([]string{g.Seats[0].Name, g.Seats[1].Name}, waiter) ||
		!slices.Contains([]string{g.Seats[0].Name, g.Seats[1].Name}, "Dee") {
		t.Fatalf("Dee's game %+v, want her with %s, who waited", g, waiter)
	}
	st := getJSON[struct{ Standings []arenaLine }](t, ada, base+"/standings")
	if i := slices.IndexFunc(st.Standings, func(l arenaLine) bool { return l.Name == "Dee" }); i < 0 || !st.Standings[i].Playing || st.Standings[i].Points != 0 {
		t.Fatalf("Dee in the standings: %+v", st.Standings)
	}

	snapshot := func() string {
		return string(ada.must(ada.do("GET", base, ""), 200).body) + string(ada.must(ada.do("GET", base+"/rounds", ""), 200).body)
	}
	refused := func(what string, r resp, code string) {
		t.Helper()
		before := snapshot()
		if r.status != 409 || r.errCode() != code {
			t.Fatalf("%s: %d %s, want 409 %s", what, r.status, r.body, code)
		}
		if after := snapshot(); after != before {
			t.Fatalf("%s changed the arena:\n%s\n%s", what, before, after)
		}
	}
	refused("joining twice", dee.do("POST", base+"/join", ""), "already_joined")
	refused("joining a full arena", eve.do("POST", base+"/join", ""), "tournament_full")
	refused("leaving a running arena", dee.do("POST", base+"/leave", ""), "tournament_started")
	dee.must(dee.do("POST", base+"/withdraw", ""), 200)
	refused("joining again after a withdrawal", dee.do("POST", base+"/join", ""), "withdrawn")

	// its time is up: it takes nobody, though its last game is still played
	e.clock.Advance(11 * time.Minute)
	refused("joining after the end", eve.do("POST", base+"/join", ""), "tournament_started")

	// an invite-only arena takes a late player with its key only
	club := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Club","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600,"visibility":"invite","starts_at":"`+e.clock.Now().Add(time.Hour).Format(time.RFC3339)+`"}`), 201).json(t)
	cid, key := club["id"].(string), club["invite"].(string)[len("/t/"+club["id"].(string)+"?key="):]
	ada.must(ada.do("POST", "/api/tournaments/"+cid+"/join", ""), 200)
	ps["Bea"].b.must(ps["Bea"].b.do("POST", "/api/tournaments/"+cid+"/join", `{"key":"`+key+`"}`), 200)
	ada.must(ada.do("POST", "/api/tournaments/"+cid+"/start", ""), 200)
	for _, body := range []string{"", `{"key":"wrong"}`} {
		if r := eve.do("POST", "/api/tournaments/"+cid+"/join", body); r.status != 404 || r.errCode() != "not_found" {
			t.Fatalf("joining an invite-only arena with %q: %d %s, want 404 not_found", body, r.status, r.body)
		}
	}
	if got := eve.must(eve.do("POST", "/api/tournaments/"+cid+"/join", `{"key":"`+key+`"}`), 200).json(t)["players"].([]any); len(got) != 3 {
		t.Fatalf("the invite-only arena after a late join with its key: %v", got)
	}

	sw := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Swiss","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"`+e.clock.Now().Add(time.Hour).Format(time.RFC3339)+`"}`), 201).json(t)["id"].(string)
	for _, n := range []string{"Ada", "Bea"} {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+sw+"/join", ""), 200)
	}
	ada.must(ada.do("POST", "/api/tournaments/"+sw+"/start", ""), 200)
	before := string(ada.must(ada.do("GET", "/api/tournaments/"+sw, ""), 200).body)
	if r := eve.do("POST", "/api/tournaments/"+sw+"/join", ""); r.status != 409 || r.errCode() != "tournament_started" {
		t.Fatalf("joining a Swiss after its start: %d %s", r.status, r.body)
	}
	if after := string(ada.must(ada.do("GET", "/api/tournaments/"+sw, ""), 200).body); after != before {
		t.Fatalf("a refused join changed the Swiss:\n%s\n%s", before, after)
	}
}
