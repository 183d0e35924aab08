package server

import (
	"slices"
	"testing"
	"time"
)

// A Swiss at tables of 3 to 4 for seven: tables of 4 and 3 each round, placement points per table (3,
// 2, 1, 0 at a table of four), the standings those the test adds up from the games.
func TestTournamentTables(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd", "Dee", "Eve", "Fay", "Gus"}
	ps := signUp(t, e, names...)
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Tables","game":"toy","format":"tables","clock":{"mode":"game","seconds":1209600},"rounds":2,"seats":{"min":3,"max":4},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range names {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	points := map[string]float64{}
	for n := 1; n <= 2; n++ {
		rs := waitRound(t, e, ada, id, n)
		var sizes []int
		for _, p := range rs.Rounds[n-1].Pairings {
			sizes = append(sizes, len(p.Seats))
			// the later names resign first: the table ends in name order
			order := make([]string, 0, len(p.Seats))
			for _, s := range p.Seats {
				order = append(order, s.Name)
			}
			slices.Sort(order)
			for i, name := range order {
				points[name] += float64(len(order) - 1 - i)
			}
			for i := len(order) - 1; i > 0; i-- {
				b := ps[order[i]].b
				b.must(b.do("POST", "/api/matches/"+p.Match+"/resign", ""), 200)
			}
		}
		if slices.Sort(sizes); !slices.Equal(sizes, []int{3, 4}) {
			t.Fatalf("round %d tables %v, want 4 and 3", n, sizes)
		}
	}
	finishes(t, e, ada, id)
	rs := getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds")
	for _, r := range rs.Rounds {
		for _, p := range r.Pairings {
			for _, s := range p.Seats {
				if want := float64(len(p.Seats)) - float64(s.Place); s.Pts != want {
					t.Fatalf("round %d: %s placed %d of %d scores %v, want %v", r.Number, s.Name, s.Place, len(p.Seats), s.Pts, want)
				}
			}
		}
	}
	st := getJSON[tourStandings](t, ada, "/api/tournaments/"+id+"/standings")
	for i, l := range st.Standings {
		if l.Points != points[l.Name] || l.Games != 2 {
			t.Fatalf("%s: %v points in %d games, want %v in 2", l.Name, l.Points, l.Games, points[l.Name])
		}
		if i > 0 && st.Standings[i-1].Points < l.Points {
			t.Fatalf("out of order: %+v", st.Standings)
		}
	}
}
