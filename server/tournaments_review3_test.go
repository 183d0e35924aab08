package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/server/botapi"
)

// A bot account (the open bot API's) is a bot: it enters only an unrated tournament whose creator allows
// bots. In a rated one every game it played would go unrated for its opponents too (the ratings room rates
// no game with a bot account), and in one without bots the creator said none would play.
func TestTournamentReview3BotAccountKeptOut(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.Bots = toyBots{} })
	ada := signUp(t, e, "Ada")["Ada"].b
	robo, tok := botAccount(t, e, "Robo")
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	create := func(fields string) string {
		return ada.must(ada.do("POST", "/api/tournaments", `{"name":"T","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,`+fields+`"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	}
	rated := create(`"rated":true,`)
	noBots := create(``)
	for _, id := range []string{rated, noBots} {
		before := string(ada.must(ada.do("GET", "/api/tournaments/"+id, ""), 200).body)
		for _, how := range [][]string{{"Authorization", "Bearer " + tok}, nil} {
			if r := robo.do("POST", "/api/tournaments/"+id+"/join", "", how...); r.status != 409 || r.errCode() != "bots_not_allowed" {
				t.Fatalf("a bot account joins %s: %d %s", id, r.status, r.body)
			}
		}
		if after := string(ada.must(ada.do("GET", "/api/tournaments/"+id, ""), 200).body); after != before {
			t.Fatalf("the refusal changed the tournament:\n%s\n%s", before, after)
		}
	}
	// where the creator allows bots, in an unrated tournament, it may play
	open := create(`"bots":{"allowed":true,"level":"steady"},`)
	robo.must(robo.do("POST", "/api/tournaments/"+open+"/join", "", "Authorization", "Bearer "+tok), 200)
}

// One account keeps a bounded number of tournaments upcoming: without a bound one account filled the
// upcoming list (the 100 soonest) with its own, burying everyone else's, and every instance's loop read
// each of them every few seconds. Once one starts or is cancelled, another may be created.
func TestTournamentReview3UpcomingPerCreator(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	body := func(mins int) string {
		return `{"name":"Spam","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"` + e.clock.Now().Add(time.Duration(mins)*time.Minute).Format(time.RFC3339) + `"}`
	}
	var first string
	for i := range 20 {
		id := ada.must(ada.do("POST", "/api/tournaments", body(60+i)), 201).json(t)["id"].(string)
		if i == 0 {
			first = id
		}
	}
	count := func() int {
		return len(getJSON[struct{ Tournaments []any }](t, ada, "/api/tournaments?status=upcoming").Tournaments)
	}
	before := count()
	r := ada.do("POST", "/api/tournaments", body(90))
	if r.status != 409 || r.errCode() != "too_many_tournaments" {
		t.Fatalf("a 21st upcoming tournament: %d %s", r.status, r.body)
	}
	if n := count(); n != before {
		t.Fatalf("the refusal created one: %d upcoming, were %d", n, before)
	}
	bea.must(bea.do("POST", "/api/tournaments", body(90)), 201) // another account is not held back
	ada.must(ada.do("POST", "/api/tournaments/"+first+"/cancel", ""), 200)
	ada.must(ada.do("POST", "/api/tournaments", body(90)), 201)
}

// A player who deletes their account leaves the tournaments they were in, as if they had withdrawn: they
// were paired on, each opponent waiting at a table nobody would ever come to (without a clock or a
// forfeit time, for ever: the round, and the tournament, never ended).
func TestTournamentReview3DeletedAccountLeaves(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd")
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"D","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"round_break_seconds":0,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range []string{"Ada", "Bea", "Cyd"} {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	cyd := ps["Cyd"].b
	cyd.must(cyd.do("POST", "/api/account/delete", `{"password":"correct horse"}`), 200)
	e.clock.Advance(time.Hour)
	rs := waitRound(t, e, ada, id, 1)
	for _, p := range rs.Rounds[0].Pairings {
		for _, s := range p.Seats {
			if s.Name == "Cyd" {
				t.Fatalf("the deleted account is paired: %+v", rs.Rounds[0])
			}
		}
	}
	// Ada and Bea play round 1 (the one left sits out); round 2 pairs them again, without the one gone
	playRound(t, ps, rs, 1)
	rs = waitRound(t, e, ada, id, 2)
	for _, p := range rs.Rounds[1].Pairings {
		for _, s := range p.Seats {
			if s.Name == "Cyd" {
				t.Fatalf("the deleted account is paired in round 2: %+v", rs.Rounds[1])
			}
		}
	}
	obj := ada.must(ada.do("GET", "/api/tournaments/"+id, ""), 200).json(t)
	for _, p := range obj["players"].([]any) {
		if pl := p.(map[string]any); pl["name"] == "Cyd" && pl["withdrawn"] != true {
			t.Fatalf("the deleted account is still in: %v", pl)
		}
	}
}

// Joining a running arena twice is refused (409 already_joined) as joining anything twice is: an arena
// without a check-in marks nobody checked in, and the second join was taken for a player who had missed
// the check-in, answered 200 and written again.
func TestTournamentReview3ArenaJoinTwice(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea")
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Twice","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	base := "/api/tournaments/" + id
	for _, n := range []string{"Ada", "Bea"} {
		ps[n].b.must(ps[n].b.do("POST", base+"/join", ""), 200)
	}
	ada.must(ada.do("POST", base+"/start", ""), 200)
	before := string(ada.must(ada.do("GET", base, ""), 200).body)
	if r := ada.do("POST", base+"/join", ""); r.status != 409 || r.errCode() != "already_joined" {
		t.Fatalf("joining a running arena twice: %d %s", r.status, r.body)
	}
	if after := string(ada.must(ada.do("GET", base, ""), 200).body); after != before {
		t.Fatalf("the refused join changed the arena:\n%s\n%s", before, after)
	}
}

// When an arena's time is up it ends, as docs/tournaments.md says: a game still in play then no longer
// counts. The arena waited for its last games instead, and counted them: an arena of five minutes with a
// game clock of days, or a game without a clock whose player walked away, did not finish for days, or
// ever.
func TestTournamentReview3ArenaEndsOnTime(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Short","game":"toy","format":"arena","duration_seconds":300,"clock":{"mode":"game","seconds":1209600},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	base := "/api/tournaments/" + id
	for _, b := range []*browser{ada, bea} {
		b.must(b.do("POST", base+"/join", ""), 200)
	}
	ada.must(ada.do("POST", base+"/start", ""), 200)
	rs := getJSON[roundsOut](t, ada, base+"/rounds")
	if len(rs.Rounds) != 1 || len(rs.Rounds[0].Pairings) != 1 {
		t.Fatalf("two players start one game: %+v", rs)
	}
	game := rs.Rounds[0].Pairings[0].Match
	e.clock.Advance(301 * time.Second) // the arena's time is up, its game still in play
	e.srv.tournaments.Tick(t.Context())
	if st := ada.must(ada.do("GET", base, ""), 200).json(t)["status"]; st != "finished" {
		t.Fatalf("the arena is %v once its time is up, want finished", st)
	}
	bea.must(bea.do("POST", "/api/matches/"+game+"/resign", ""), 200) // Ada wins it, too late to count
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		rs = getJSON[roundsOut](t, ada, base+"/rounds")
		if rs.Rounds[0].Pairings[0].Status == "finished" {
			break // its result is recorded (the game's own), past the arena's end
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game's end was never recorded: %+v", rs)
		}
	}
	e.srv.tournaments.Tick(t.Context())
	st := getJSON[struct {
		Standings []struct {
			Name   string `json:"name"`
			Points int    `json:"points"`
			Games  int    `json:"games"`
		} `json:"standings"`
	}](t, ada, base+"/standings")
	for _, l := range st.Standings {
		if l.Points != 0 || l.Games != 0 {
			t.Fatalf("a game over after the arena's end counts: %+v", st.Standings)
		}
	}
	for _, s := range rs.Rounds[0].Pairings[0].Seats {
		if s.Pts != 0 {
			t.Fatalf("the rounds give the late game points: %+v", rs.Rounds[0].Pairings[0])
		}
	}
}

// A bot account entered in a tournament hears of each of its games on its stream (game_start), as when it
// joins a table itself: the server seats it, and its stream was told nothing, so the bot lost every game
// by its clock or a forfeit.
func TestTournamentReview3BotAccountToldOfItsGame(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.Bots = toyBots{} })
	ada := signUp(t, e, "Ada")["Ada"].b
	_, tok := botAccount(t, e, "Robo")
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Bots welcome","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"bots":{"allowed":true,"level":"steady"},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	e.must(200, e.do("POST", "/api/tournaments/"+id+"/join", tok, ""))
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.http.URL+"/api/bot/stream", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	match := waitRound(t, e, ada, id, 1).Rounds[0].Pairings[0].Match
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		var ev botapi.Event
		if strings.TrimSpace(sc.Text()) == "" || json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		if ev.Type == "game_start" && ev.Match == match && ev.Seat != nil {
			return
		}
	}
	t.Fatalf("the bot's stream never told it of its tournament game %s: %v", match, sc.Err())
}
