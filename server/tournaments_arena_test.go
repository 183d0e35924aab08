package server

import (
	"slices"
	"testing"
	"time"
)

type arenaLine struct {
	Name    string `json:"name"`
	Points  int    `json:"points"`
	Wins    int    `json:"wins"`
	Games   int    `json:"games"`
	Fire    bool   `json:"fire"`
	Paused  bool   `json:"paused"`
	Playing bool   `json:"playing"`
}

// arenaPlaying waits until an arena has want games in play, each with its match made, and answers its
// rounds.
func arenaPlaying(t *testing.T, b *browser, id string, want int) roundsOut {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		rs := getJSON[roundsOut](t, b, "/api/tournaments/"+id+"/rounds")
		n := 0
		if len(rs.Rounds) == 1 {
			for _, p := range rs.Rounds[0].Pairings {
				if p.Status == "playing" && p.Match != "" {
					n++
				}
			}
		}
		if n == want {
			return rs
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d games in play, want %d: %+v", n, want, rs)
		}
	}
}

// An arena of four: everyone is paired at the start; a finished player is paired again at once; a
// paused player finishes their game and waits; when the time is up nobody is paired and, the last games
// over, it finishes with the points as the rules give them (a win 2, double on fire).
func TestTournamentArena(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd", "Dee"}
	ps := signUp(t, e, names...)
	ada := ps["Ada"].b
	id := startedWith(t, e, ps, names, `"name":"Blitz","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600`)
	playing := func(want int) roundsOut { t.Helper(); return arenaPlaying(t, ada, id, want) }
	finishAll := func(rs roundsOut) {
		t.Helper()
		for _, p := range rs.Rounds[0].Pairings {
			if p.Status == "playing" {
				loser := max(p.Seats[0].Name, p.Seats[1].Name)
				ps[loser].b.must(ps[loser].b.do("POST", "/api/matches/"+p.Match+"/resign", ""), 200)
			}
		}
	}
	rs := playing(2)
	// three waves: the earlier name wins each game
	for wave := 1; wave <= 3; wave++ {
		finishAll(rs)
		rs = playing(2)
		if got := len(rs.Rounds[0].Pairings); got != 2*(wave+1) {
			t.Fatalf("after wave %d, %d games paired, want %d", wave, got, 2*(wave+1))
		}
	}
	st := getJSON[struct{ Standings []arenaLine }](t, ada, "/api/tournaments/"+id+"/standings")
	// Ada won her three games, whoever she met (each pairing follows the order the games ended in):
	// 2 + 2 + 4, on fire from the third; she is at the top (Bea may be level with her)
	i := slices.IndexFunc(st.Standings, func(l arenaLine) bool { return l.Name == "Ada" })
	if l := st.Standings[i]; i > 1 || l.Points != 8 || l.Wins != 3 || l.Games != 3 || !l.Fire || !l.Playing {
		t.Fatalf("Ada's line: %+v", st.Standings)
	}
	if l := st.Standings[slices.IndexFunc(st.Standings, func(l arenaLine) bool { return l.Name == "Dee" })]; l.Points != 0 || l.Wins != 0 {
		t.Fatalf("Dee lost every game: %+v", st.Standings)
	}
	// each game's points in the rounds as the standings count them: her third win, on fire, gave 4
	var got []float64
	for _, p := range rs.Rounds[0].Pairings {
		for _, seat := range p.Seats {
			if seat.Name == "Ada" && p.Status == "finished" {
				got = append(got, seat.Pts)
			}
		}
	}
	if !slices.Equal(got, []float64{2, 2, 4}) {
		t.Fatalf("Ada's games gave %v in the rounds, want [2 2 4]", got)
	}
	// Dee pauses: after her game she waits, unpaired
	dee := ps["Dee"].b
	dee.must(dee.do("POST", "/api/tournaments/"+id+"/pause", ""), 200)
	finishAll(rs)
	rs = playing(1)
	for _, p := range rs.Rounds[0].Pairings {
		if p.Status == "playing" && (p.Seats[0].Name == "Dee" || p.Seats[1].Name == "Dee") {
			t.Fatalf("a paused player was paired: %+v", p)
		}
	}
	// Dee comes back: she is paired with the one who waits
	dee.must(dee.do("POST", "/api/tournaments/"+id+"/resume", ""), 200)
	rs = playing(2)
	// the time is up: the last game ends, nobody is paired again, it finishes
	e.clock.Advance(2 * time.Hour)
	finishAll(rs)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		e.srv.tournaments.Tick(t.Context())
		if ada.must(ada.do("GET", "/api/tournaments/"+id, ""), 200).json(t)["status"] == "finished" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the arena never finished")
		}
	}
	if n := len(playing(0).Rounds[0].Pairings); n != 10 {
		t.Fatalf("%d games in all, want 10", n)
	}
}

// An arena player who loses a game by forfeit (absent) is paused, as lichess does: not paired again, so
// that no new opponent waits forfeit_seconds for them, until they resume; their points stay, and the
// tournament's JSON shows them paused. Back, they are paired again.
func TestTournamentArenaAbsentIsPaused(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd"}
	ps := signUp(t, e, names...)
	ada := ps["Ada"].b
	id := startedWith(t, e, ps, names, `"name":"Blitz","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":3600,"forfeit_seconds":60`)
	// in play is the game in play once total games were paired (one at a time with three players), and
	// each of its seats
	inPlay := func(total int) (match string, seats [2]string) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			rs := arenaPlaying(t, ada, id, 1)
			for _, p := range rs.Rounds[0].Pairings {
				if p.Status == "playing" && len(rs.Rounds[0].Pairings) == total {
					return p.Match, [2]string{p.Seats[0].Name, p.Seats[1].Name}
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d games paired, want %d: %+v", len(rs.Rounds[0].Pairings), total, rs)
			}
		}
	}
	resign := func(match, name string) {
		t.Helper()
		ps[name].b.must(ps[name].b.do("POST", "/api/matches/"+match+"/resign", ""), 200)
	}
	pausedIn := func() (in []string) {
		for _, p := range getJSON[struct{ Players []arenaLine }](t, ada, "/api/tournaments/"+id).Players {
			if p.Paused {
				in = append(in, p.Name)
			}
		}
		return in
	}
	// two play, one waits; the first seat moves, the second (whose turn it then is) never does
	match, seats := inPlay(1)
	mover, absent := seats[0], seats[1]
	// the third loses each game they play: level with the absent one at 0, they are no nearer the
	// mover than the absent one is once back
	waiter := names[slices.IndexFunc(names, func(n string) bool { return n != mover && n != absent })]
	ps[mover].b.must(ps[mover].b.do("POST", "/api/matches/"+match+"/moves", `{"move":{"pick":2}}`), 200)
	e.clock.Advance(61 * time.Second)
	e.srv.tournaments.Tick(t.Context())
	// the mover meets the one who waited; that game ends, and the two meet again (nobody else waits):
	// the absent one, paused, is in neither game
	for total := 2; total <= 3; total++ {
		if match, seats = inPlay(total); slices.Contains(seats[:], absent) {
			t.Fatalf("game %d: the absent %s was paired again: %v", total, absent, seats)
		}
		if total == 2 {
			resign(match, waiter)
			e.srv.tournaments.Tick(t.Context())
		}
	}
	rs := getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds")
	if p := rs.Rounds[0].Pairings[0]; p.Status != "forfeit" {
		t.Fatalf("the first game: %+v", p)
	}
	if got := pausedIn(); !slices.Equal(got, []string{absent}) {
		t.Fatalf("paused in the tournament's JSON: %v, want [%s]", got, absent)
	}
	st := getJSON[struct{ Standings []arenaLine }](t, ada, "/api/tournaments/"+id+"/standings")
	if l := st.Standings[slices.IndexFunc(st.Standings, func(l arenaLine) bool { return l.Name == absent })]; !l.Paused || l.Games != 1 || l.Playing {
		t.Fatalf("the absent player's line: %+v", st.Standings)
	}
	// back, they wait: paired as the next game ends
	ab := ps[absent].b
	if you := ab.must(ab.do("POST", "/api/tournaments/"+id+"/resume", ""), 200).json(t)["you"].(map[string]any); you["paused"] != false {
		t.Fatalf("after the resume, you: %v", you)
	}
	resign(match, waiter)
	if _, seats = inPlay(4); !slices.Contains(seats[:], absent) {
		t.Fatalf("after the resume, %s was not paired: %v", absent, seats)
	}
	if got := pausedIn(); len(got) != 0 {
		t.Fatalf("after the resume, paused: %v", got)
	}
}
