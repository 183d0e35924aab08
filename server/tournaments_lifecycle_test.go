package server

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// waitNote waits for a kind of note in an account's inbox (the outbox's sender settles it).
func waitNote(t *testing.T, b *browser, kind string) string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		notes := string(b.must(b.do("GET", "/api/account/notifications", ""), 200).body)
		if strings.Contains(notes, `"`+kind+`"`) {
			return notes
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s note: %s", kind, notes)
		}
	}
}

// adaAndBea is a server where Ada created a tournament of the given fields, starting in an hour, and she
// and Bea joined it.
func adaAndBea(t *testing.T, fields string) (e *env, ada, bea *browser, id string) {
	t.Helper()
	e, _, _ = accEnv(t)
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea = ps["Ada"].b, ps["Bea"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id = ada.must(ada.do("POST", "/api/tournaments", `{`+fields+`,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	bea.must(bea.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	return e, ada, bea, id
}

// A rated tournament with a check-in and a forfeit time: those who have not checked in are told once
// when it opens; it starts by itself at its time; the game is rated, listed and the players' accounts
// hold its seats; a player who does not move in time loses by forfeit.
func TestTournamentCheckInAndForfeit(t *testing.T) {
	t.Parallel()
	e, ada, bea, id := adaAndBea(t, `"name":"Rated","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"rated":true,"check_in_seconds":600,"forfeit_seconds":60`)
	e.srv.tournaments.Tick(t.Context()) // not open yet: nobody told
	e.clock.Advance(52 * time.Minute)
	e.srv.tournaments.Tick(t.Context())
	e.srv.tournaments.Tick(t.Context())
	waitNote(t, bea, "tournament_checkin")
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/checkin", ""), 200)
	bea.must(bea.do("POST", "/api/tournaments/"+id+"/checkin", ""), 200)
	if n := strings.Count(waitNote(t, ada, "tournament_checkin"), `"tournament_checkin"`); n != 1 {
		t.Fatalf("Ada was told %d times to check in, want once", n)
	}
	e.clock.Advance(10 * time.Minute)
	rs := waitRound(t, e, ada, id, 1)
	game := rs.Rounds[0].Pairings[0]
	view := string(bea.must(bea.do("GET", "/api/matches/"+game.Match, ""), 200).body)
	if !strings.Contains(view, `"rated":true`) {
		t.Fatalf("the game of a rated tournament: %s", view)
	}
	list := string(ada.must(ada.do("GET", "/api/matches?status=playing", ""), 200).body)
	if !strings.Contains(list, game.Match) {
		t.Fatalf("the tournament's game is not listed to watch: %s", list)
	}
	// the round's note tells each player their game starts, and no note says someone started it
	for _, b := range []*browser{ada, bea} {
		if notes := waitNote(t, b, "tournament_round"); strings.Contains(notes, `"kind":"start"`) || !strings.Contains(notes, game.Match) {
			t.Fatalf("notes at the start: %s", notes)
		}
	}
	// Bea moves (her account holds her seat: no token), Ada does not
	bea.must(bea.do("POST", "/api/matches/"+game.Match+"/moves", `{"move":{"pick":2}}`), 200)
	e.clock.Advance(30 * time.Second)
	e.srv.tournaments.Tick(t.Context())
	if got := getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds").Rounds[0].Pairings[0].Status; got != "playing" {
		t.Fatalf("before the forfeit time: %s", got)
	}
	e.clock.Advance(31 * time.Second)
	e.srv.tournaments.Tick(t.Context())
	obj := finishes(t, e, ada, id)
	p := getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds").Rounds[0].Pairings[0]
	for _, s := range p.Seats {
		if want := map[string]int{"Ada": 2, "Bea": 1}[s.Name]; s.Place != want || p.Status != "forfeit" {
			t.Fatalf("after the forfeit: %+v", p)
		}
	}
	if podium := obj["podium"].([]any); podium[0] != "Bea" {
		t.Fatalf("podium %v", podium)
	}
	// a game lost by forfeit is rated as any: Bea up, Ada down
	waitRatings(t, ada, game.Match, "Bea")
	if notes := waitNote(t, ada, "tournament_end"); !strings.Contains(notes, `"place":2`) || !strings.Contains(notes, `"tournament":"`+id+`"`) || !strings.Contains(notes, `"title":"Rated"`) {
		t.Fatalf("Ada's end note: %s", notes)
	}
}

// Bots enter where the creator allows them, at the stated level, and play their games.
func TestTournamentBots(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.Bots = toyBots{} })
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	if r := ada.do("POST", "/api/tournaments", `{"name":"R","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"rated":true,"bots":{"allowed":true,"level":"steady"},"starts_at":"`+start+`"}`); r.status != 400 {
		t.Fatalf("a rated tournament with bots: %d %s", r.status, r.body)
	}
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Practice","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"bots":{"allowed":true,"level":"steady"},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	if r := bea.do("POST", "/api/tournaments/"+id+"/bots", `{"level":"steady"}`); r.errCode() != "not_creator" {
		t.Fatalf("a bot by someone else: %d %s", r.status, r.body)
	}
	if r := ada.do("POST", "/api/tournaments/"+id+"/bots", `{"level":"grandmaster"}`); r.status != 400 {
		t.Fatalf("an unknown level: %d %s", r.status, r.body)
	}
	obj := ada.must(ada.do("POST", "/api/tournaments/"+id+"/bots", `{"level":"steady"}`), 200).json(t)
	if pl := obj["players"].([]any); len(pl) != 2 || pl[0].(map[string]any)["bot"] == pl[1].(map[string]any)["bot"] {
		t.Fatalf("players: %v", pl)
	}
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	game := waitRound(t, e, ada, id, 1).Rounds[0].Pairings[0]
	ada.must(ada.do("POST", "/api/matches/"+game.Match+"/resign", ""), 200)
	obj = finishes(t, e, ada, id)
	if podium := obj["podium"].([]any); len(podium) != 2 || !strings.HasPrefix(podium[0].(string), "steady") {
		t.Fatalf("podium %v", podium)
	}
}

// Before the start: join, leave and join again; the lists by status, an invite-only tournament listed to
// its creator and players only; the creator cancels, and a cancelled one takes no one.
func TestTournamentLifecycle(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd")
	ada, bea, cyd := ps["Ada"].b, ps["Bea"].b, ps["Cyd"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	pub := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Open","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	club := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Club","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600,"visibility":"invite","starts_at":"`+start+`"}`), 201).json(t)
	if !strings.Contains(club["invite"].(string), "/t/"+club["id"].(string)+"?key=") {
		t.Fatalf("the invite link: %v", club)
	}
	// The object carries the server's clock, for the page's countdown: the fake one here, not the machine's.
	if now, _ := time.Parse(time.RFC3339Nano, ada.must(ada.do("GET", "/api/tournaments/"+pub, ""), 200).json(t)["now"].(string)); !now.Equal(e.clock.Now()) {
		t.Fatalf("the object's now is %v, the server's clock %v", now, e.clock.Now())
	}
	listed := func(b *browser, query, id string) bool {
		return strings.Contains(string(b.must(b.do("GET", "/api/tournaments"+query, ""), 200).body), `"id":"`+id+`"`)
	}
	if !listed(bea, "?status=upcoming", pub) || listed(bea, "", club["id"].(string)) || !listed(ada, "", club["id"].(string)) {
		t.Fatal("the public one is listed to all, the invite-only one to its creator only")
	}
	if listed(bea, "?status=running", pub) {
		t.Fatal("an upcoming tournament listed as running")
	}
	later := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Later","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"`+e.clock.Now().Add(2*time.Hour).Format(time.RFC3339)+`"}`), 201).json(t)["id"].(string)
	order := func(query string) []string {
		l := getJSON[struct{ Tournaments []struct{ ID string } }](t, bea, "/api/tournaments"+query)
		var ids []string
		for _, x := range l.Tournaments {
			ids = append(ids, x.ID)
		}
		return ids
	}
	if got := order("?status=upcoming"); !slices.Equal(got, []string{pub, later}) {
		t.Fatalf("upcoming, the soonest first: %v, want %v", got, []string{pub, later})
	}
	if got := order(""); !slices.Equal(got, []string{later, pub}) {
		t.Fatalf("all, the latest first: %v, want %v", got, []string{later, pub})
	}
	if r := bea.do("GET", "/api/tournaments?status=soon", ""); r.status != 400 {
		t.Fatalf("a bad status: %d", r.status)
	}
	bea.must(bea.do("POST", "/api/tournaments/"+pub+"/join", ""), 200)
	obj := bea.must(bea.do("POST", "/api/tournaments/"+pub+"/leave", ""), 200).json(t)
	if you := obj["you"].(map[string]any); you["joined"] != false || len(obj["players"].([]any)) != 0 {
		t.Fatalf("after leaving: %v", obj)
	}
	if r := bea.do("POST", "/api/tournaments/"+pub+"/leave", ""); r.errCode() != "not_joined" {
		t.Fatalf("leaving twice: %d %s", r.status, r.body)
	}
	bea.must(bea.do("POST", "/api/tournaments/"+pub+"/join", ""), 200)
	if r := ada.do("POST", "/api/tournaments/"+pub+"/start", ""); r.errCode() != "not_enough_players" {
		t.Fatalf("starting with one player: %d %s", r.status, r.body)
	}
	if r := bea.do("POST", "/api/tournaments/"+pub+"/cancel", ""); r.errCode() != "not_creator" {
		t.Fatalf("cancelling someone else's: %d %s", r.status, r.body)
	}
	if got := ada.must(ada.do("POST", "/api/tournaments/"+pub+"/cancel", ""), 200).json(t)["status"]; got != "cancelled" {
		t.Fatalf("cancelled: %v", got)
	}
	if r := cyd.do("POST", "/api/tournaments/"+pub+"/join", ""); r.errCode() != "tournament_started" {
		t.Fatalf("joining a cancelled one: %d %s", r.status, r.body)
	}
	if listed(cyd, "", pub) || !listed(cyd, "?status=cancelled", pub) {
		t.Fatal("a cancelled tournament is listed only when asked for")
	}
}

// A rated tournament's game played to its end moves its players' ratings.
func TestTournamentRatedGame(t *testing.T) {
	t.Parallel()
	e, ada, bea, id := adaAndBea(t, `"name":"Rated","game":"toy","options":{"rounds":1},"format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"rated":true`)
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	game := waitRound(t, e, ada, id, 1).Rounds[0].Pairings[0]
	ada.must(ada.do("POST", "/api/matches/"+game.Match+"/moves", `{"move":{"pick":3}}`), 200)
	bea.must(bea.do("POST", "/api/matches/"+game.Match+"/moves", `{"move":{"pick":1}}`), 200)
	finishes(t, e, ada, id)
	waitRatings(t, ada, game.Match, "Ada") // the higher pick wins the toy
}

// waitRatings waits for a rated game's rating changes: the winner's up, the other's down.
func waitRatings(t *testing.T, b *browser, match, winner string) {
	t.Helper()
	type change struct {
		Name   string
		Change int
	}
	var rated struct {
		Rated bool
		Seats []change
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		rated = getJSON[struct {
			Rated bool
			Seats []change
		}](t, b, "/api/matches/"+match+"/ratings")
		if len(rated.Seats) == 2 || time.Now().After(deadline) {
			break
		}
	}
	if !rated.Rated || len(rated.Seats) != 2 {
		t.Fatalf("the ratings after the game: %+v", rated)
	}
	for _, s := range rated.Seats {
		if (s.Name == winner) != (s.Change > 0) {
			t.Fatalf("the ratings after %s won: %+v", winner, rated)
		}
	}
}
