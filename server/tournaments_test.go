package server

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/tournament"
)

// tourPlayer is a signed-up player of a tournament test.
type tourPlayer struct {
	name string
	b    *browser
}

func signUp(t *testing.T, e *env, names ...string) map[string]tourPlayer {
	t.Helper()
	out := map[string]tourPlayer{}
	for _, n := range names {
		b := e.browser()
		b.must(b.do("POST", "/api/account/signup", `{"name":"`+n+`","password":"correct horse"}`), 201)
		out[n] = tourPlayer{n, b}
	}
	return out
}

type roundsOut struct {
	Rounds []struct {
		Number   int `json:"number"`
		Pairings []struct {
			Table  int    `json:"table"`
			Match  string `json:"match"`
			Status string `json:"status"`
			Seats  []struct {
				Name  string  `json:"name"`
				Place int     `json:"place"`
				Score int     `json:"score"`
				Pts   float64 `json:"points"`
			} `json:"seats"`
		} `json:"pairings"`
	} `json:"rounds"`
}

func getJSON[T any](t *testing.T, b *browser, path string) T {
	t.Helper()
	var v T
	r := b.must(b.do("GET", path, ""), 200)
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("%s: %v: %s", path, err, r.body)
	}
	return v
}

// waitRound ticks the room until round n is paired with every game's match made (the pairing after a
// result runs in the background; the tick does the same, claimed once).
func waitRound(t *testing.T, e *env, b *browser, id string, n int) roundsOut {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		e.srv.tournaments.Tick(t.Context())
		rs := getJSON[roundsOut](t, b, "/api/tournaments/"+id+"/rounds")
		if len(rs.Rounds) >= n && roundReady(rs, n) {
			return rs
		}
		// the break between rounds (round_break_seconds) is waited out on the server's clock
		if at := getJSON[struct {
			Next *time.Time `json:"next_round_at"`
		}](t, b, "/api/tournaments/"+id).Next; at != nil && at.After(e.clock.Now()) {
			e.clock.Advance(at.Sub(e.clock.Now()))
		}
		if time.Now().After(deadline) {
			t.Fatalf("round %d never paired: %+v", n, rs)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// playRound ends each game of the round: the seat whose name comes later in the alphabet resigns, so the
// earlier name wins.
func playRound(t *testing.T, ps map[string]tourPlayer, rs roundsOut, n int) {
	t.Helper()
	for _, p := range rs.Rounds[n-1].Pairings {
		if p.Status != "playing" {
			continue
		}
		loser := max(p.Seats[0].Name, p.Seats[1].Name)
		b := ps[loser].b
		b.must(b.do("POST", "/api/matches/"+p.Match+"/resign", ""), 200)
	}
}

// A whole 3-round Swiss of six played through the HTTP API: the rounds pair by themselves when the
// previous round's games are over; the standings' points, Buchholz and Sonneborn-Berger are those the test
// computes from the games; the pairings replay from the results; the podium and places come at the end.
func TestTournamentSwissOfSix(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd", "Dee", "Eve", "Fay"}
	ps := signUp(t, e, names...)
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Tuesday night","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":3,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range names {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	var rs roundsOut
	for n := 1; n <= 3; n++ {
		rs = waitRound(t, e, ada, id, n)
		if got := len(rs.Rounds[n-1].Pairings); got != 3 {
			t.Fatalf("round %d has %d games, want 3", n, got)
		}
		playRound(t, ps, rs, n)
	}
	// the end
	obj := finishes(t, e, ada, id)
	rs = getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds")

	// points, Buchholz and Sonneborn-Berger computed here from the games, by their definitions
	points := map[string]float64{}
	type game struct{ a, b, winner string }
	var games []game
	met := map[[2]string]bool{}
	for _, r := range rs.Rounds {
		for _, p := range r.Pairings {
			if p.Status != "finished" {
				t.Fatalf("round %d: a game %s", r.Number, p.Status)
			}
			a, b := p.Seats[0].Name, p.Seats[1].Name
			key := [2]string{min(a, b), max(a, b)}
			if met[key] {
				t.Fatalf("%s and %s met twice", a, b)
			}
			met[key] = true
			g := game{a, b, min(a, b)}
			if w := p.Seats[0]; (w.Place == 1) != (w.Name == g.winner) {
				t.Fatalf("round %d: %s's place %d, but %s won", r.Number, w.Name, w.Place, g.winner)
			}
			games = append(games, g)
			points[g.winner]++
		}
	}
	buchholz, sb := map[string]float64{}, map[string]float64{}
	for _, g := range games {
		buchholz[g.a] += points[g.b]
		buchholz[g.b] += points[g.a]
		loser := max(g.a, g.b)
		sb[g.winner] += points[loser]
	}
	st := getJSON[struct {
		Standings []struct {
			Rank     int     `json:"rank"`
			Name     string  `json:"name"`
			Points   float64 `json:"points"`
			Buchholz float64 `json:"buchholz"`
			SB       float64 `json:"sonneborn_berger"`
		} `json:"standings"`
	}](t, ada, "/api/tournaments/"+id+"/standings")
	if len(st.Standings) != 6 {
		t.Fatalf("standings: %+v", st)
	}
	if st.Standings[0].Name != "Ada" || st.Standings[0].Points != 3 {
		t.Fatalf("Ada won every game and leads: %+v", st.Standings)
	}
	for i, l := range st.Standings {
		if l.Points != points[l.Name] || l.Buchholz != buchholz[l.Name] || l.SB != sb[l.Name] {
			t.Fatalf("%s: %v/%v/%v, want %v/%v/%v", l.Name, l.Points, l.Buchholz, l.SB, points[l.Name], buchholz[l.Name], sb[l.Name])
		}
		if i > 0 {
			p := st.Standings[i-1]
			if p.Points < l.Points || (p.Points == l.Points && p.Buchholz < l.Buchholz) {
				t.Fatalf("standings out of order at %d: %+v", i, st.Standings)
			}
		}
	}
	podium, _ := obj["podium"].([]any)
	if len(podium) != 3 || podium[0] != "Ada" || podium[1] != st.Standings[1].Name {
		t.Fatalf("podium %v", podium)
	}

	// the pairings replay from the results, through the pure Swiss, round by round
	// as the room sees them: by account id, with their ratings
	idOf := map[string]string{}
	var players []tournament.Player
	for _, pl := range obj["players"].([]any) {
		pl := pl.(map[string]any)
		u, err := e.srv.accounts.UserByKey(t.Context(), auth.NameKey(pl["name"].(string)))
		if err != nil {
			t.Fatal(err)
		}
		idOf[u.Name] = u.ID
		players = append(players, tournament.Player{ID: u.ID, Rating: int(pl["rating"].(float64))})
	}
	var played [][]tournament.Pairing
	for _, r := range rs.Rounds {
		want, err := tournament.Swiss{Rounds: 3}.Pair(players, played)
		if err != nil {
			t.Fatal(err)
		}
		var got []tournament.Pairing
		for _, p := range r.Pairings {
			o := tournament.SecondWins
			if p.Seats[0].Place == 1 {
				o = tournament.FirstWins
			}
			got = append(got, tournament.Pairing{First: idOf[p.Seats[0].Name], Second: idOf[p.Seats[1].Name], Outcome: o})
		}
		strip := func(ps []tournament.Pairing) []string {
			var out []string
			for _, p := range ps {
				out = append(out, p.First+"-"+p.Second)
			}
			slices.Sort(out)
			return out
		}
		if a, b := strip(want), strip(got); !slices.Equal(a, b) {
			t.Fatalf("round %d replays as %v, was %v", r.Number, a, b)
		}
		played = append(played, got)
	}
	// the notes: Ada is told of her games and her place
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		notes := string(ada.must(ada.do("GET", "/api/account/notifications", ""), 200).body)
		if strings.Contains(notes, `"tournament_end"`) && strings.Contains(notes, `"tournament_round"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Ada's notes: %s", notes)
		}
	}
}
