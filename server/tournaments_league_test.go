package server

import (
	"testing"
	"time"
)

type leagueStandings struct {
	Groups []struct {
		Group     int `json:"group"`
		Division  int `json:"division"`
		Standings []struct {
			Rank   int     `json:"rank"`
			Name   string  `json:"name"`
			Points float64 `json:"points"`
			Games  int     `json:"games"`
		} `json:"standings"`
	} `json:"groups"`
}

// finishes ticks until the tournament is finished.
func finishes(t *testing.T, e *env, b *browser, id string) map[string]any {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		e.srv.tournaments.Tick(t.Context())
		obj := b.must(b.do("GET", "/api/tournaments/"+id, ""), 200).json(t)
		if obj["status"] == "finished" {
			return obj
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never finished: %v", id, obj["status"])
		}
	}
}

// A league of six in groups of three with day clocks: each group a round robin of three rounds (each
// player sits one out), standings per group; the next season moves the top of the second group up and
// the bottom of the first down.
func TestTournamentLeague(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd", "Dee", "Eve", "Fay"}
	ps := signUp(t, e, names...)
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Winter league","game":"toy","format":"league","group_size":3,"clock":{"mode":"move","seconds":172800},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range names {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	for n := 1; n <= 3; n++ {
		rs := waitRound(t, e, ada, id, n)
		if got := len(rs.Rounds[n-1].Pairings); got != 2 {
			t.Fatalf("round %d: %d games, want one per group", n, got)
		}
		playRound(t, ps, rs, n)
	}
	obj := finishes(t, e, ada, id)
	if obj["rounds"].(float64) != 3 {
		t.Fatalf("a group of three plays %v rounds, want 3", obj["rounds"])
	}
	st := getJSON[leagueStandings](t, ada, "/api/tournaments/"+id+"/standings")
	if len(st.Groups) != 2 || st.Groups[0].Division != 1 || st.Groups[1].Division != 2 {
		t.Fatalf("groups: %+v", st.Groups)
	}
	for _, g := range st.Groups {
		if len(g.Standings) != 3 {
			t.Fatalf("group %d: %+v", g.Group, g.Standings)
		}
		// in each group the names in order win: 2, 1, 0 points, two games each
		for i, l := range g.Standings {
			if l.Points != float64(2-i) || l.Games != 2 || l.Rank != i+1 {
				t.Fatalf("group %d line %d: %+v", g.Group, i, l)
			}
			if i > 0 && g.Standings[i-1].Name > l.Name {
				t.Fatalf("group %d: the earlier name wins: %+v", g.Group, g.Standings)
			}
		}
	}
	down, up := st.Groups[0].Standings[2].Name, st.Groups[1].Standings[0].Name

	refusal := ps["Bea"].b.do("POST", "/api/tournaments/"+id+"/next-season", `{"starts_at":"`+e.clock.Now().Add(24*time.Hour).Format(time.RFC3339)+`"}`)
	if refusal.errCode() != "not_creator" {
		t.Fatalf("someone else's next season: %d %s", refusal.status, refusal.body)
	}
	next := ada.must(ada.do("POST", "/api/tournaments/"+id+"/next-season", `{"starts_at":"`+e.clock.Now().Add(24*time.Hour).Format(time.RFC3339)+`"}`), 201).json(t)["id"].(string)
	e.clock.Advance(25 * time.Hour) // it starts by itself
	waitRound(t, e, ada, next, 1)
	obj = ada.must(ada.do("GET", "/api/tournaments/"+next, ""), 200).json(t)
	if obj["season"].(float64) != 2 || obj["previous"] != id {
		t.Fatalf("next season: %v %v", obj["season"], obj["previous"])
	}
	st = getJSON[leagueStandings](t, ada, "/api/tournaments/"+next+"/standings")
	in := func(g int, name string) bool {
		for _, l := range st.Groups[g].Standings {
			if l.Name == name {
				return true
			}
		}
		return false
	}
	if len(st.Groups) != 2 || !in(0, up) || !in(1, down) {
		t.Fatalf("%s should be up and %s down: %+v", up, down, st.Groups)
	}
}
