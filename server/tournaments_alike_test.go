package server

import (
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// Two instances on one PostgreSQL, both ticking at once, run one Swiss: each round is paired once, no
// player is paired twice in a round, and both show the same standings.
func TestTournamentTwoInstances(t *testing.T) {
	t.Parallel()
	open := sharedPostgres(t)
	withAccounts := func(c *Config) { c.Accounts = c.Store.(store.Accounts) }
	in := []*env{newEnv(t, open(), withAccounts), newEnv(t, open(), withAccounts)}
	names := []string{"Ada", "Bea", "Cyd", "Dee", "Eve"}
	ps := signUp(t, in[0], names...)
	ada := ps["Ada"].b
	start := in[0].clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Shared","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":3,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range names {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	for _, e := range in {
		e.clock.Advance(time.Hour)
	}
	tickBoth := func() {
		var wg sync.WaitGroup
		for _, e := range in {
			for range 3 {
				wg.Go(func() { e.srv.tournaments.Tick(t.Context()) })
			}
		}
		wg.Wait()
	}
	var rs roundsOut
	for n := 1; n <= 3; n++ {
		for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if n > 1 { // past the break between rounds (a minute by default), on both instances' clocks
				for _, e := range in {
					e.clock.Advance(61 * time.Second)
				}
			}
			tickBoth()
			rs = getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds")
			if len(rs.Rounds) >= n && roundReady(rs, n) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d never paired: %+v", n, rs)
			}
		}
		seen := map[string]bool{}
		for _, p := range rs.Rounds[n-1].Pairings {
			for _, s := range p.Seats {
				if seen[s.Name] {
					t.Fatalf("round %d pairs %s twice: %+v", n, s.Name, rs.Rounds[n-1])
				}
				seen[s.Name] = true
			}
		}
		if len(seen) != len(names) || len(rs.Rounds) != n {
			t.Fatalf("round %d: %d players paired, %d rounds", n, len(seen), len(rs.Rounds))
		}
		playRound(t, ps, rs, n)
	}
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		tickBoth()
		if ada.must(ada.do("GET", "/api/tournaments/"+id, ""), 200).json(t)["status"] == "finished" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the tournament never finished")
		}
	}
	// the same standings from each instance
	var got []string
	for _, e := range in {
		b := e.browser()
		got = append(got, string(b.must(b.do("GET", "/api/tournaments/"+id+"/standings", ""), 200).body))
	}
	if got[0] != got[1] {
		t.Fatalf("the instances' standings differ:\n%s\n%s", got[0], got[1])
	}
	if rs := getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds"); len(rs.Rounds) != 3 {
		t.Fatalf("%d rounds stored, want 3", len(rs.Rounds))
	}
}

func roundReady(rs roundsOut, n int) bool {
	for _, p := range rs.Rounds[n-1].Pairings {
		if p.Match == "" && p.Status != "bye" {
			return false
		}
	}
	return true
}
