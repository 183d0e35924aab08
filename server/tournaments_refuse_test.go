package server

import (
	"net/http"
	"testing"
	"time"
)

// Bad input to the tournaments: each refusal is clear (its code) and changes nothing (the object reads
// the same after it).
func TestTournamentRefusals(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd", "Dee")
	ada, bea, cyd, dee := ps["Ada"].b, ps["Bea"].b, ps["Cyd"].b, ps["Dee"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	create := func(b *browser, body string) map[string]any {
		return b.must(b.do("POST", "/api/tournaments", body), 201).json(t)
	}
	id := create(ada, `{"name":"Small","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"max_players":2,"check_in_seconds":600,"starts_at":"`+start+`"}`)["id"].(string)
	hidden := create(ada, `{"name":"Club","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"visibility":"invite","starts_at":"`+start+`"}`)
	hid := hidden["id"].(string)
	base := "/api/tournaments/" + id
	snapshot := func() string { return string(ada.must(ada.do("GET", base, ""), 200).body) }
	refused := func(what string, r resp, status int, code string) {
		t.Helper()
		if r.status != status || r.errCode() != code {
			t.Fatalf("%s: %d %s, want %d %s", what, r.status, r.body, status, code)
		}
	}
	for _, c := range []struct{ body, why string }{
		{`{"name":"","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"}`, "no name"},
		{`{"name":"x","game":"chess","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"}`, "unknown game"},
		{`{"name":"x","game":"toy","format":"knockout","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"}`, "unknown format"},
		{`{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":0,"starts_at":"` + start + `"}`, "no rounds"},
		{`{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"2020-01-01T00:00:00Z"}`, "in the past"},
		{`{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"rated":true,"bots":{"allowed":true,"level":"x"},"starts_at":"` + start + `"}`, "rated with bots"},
		{`{"name":"x","game":"toy","format":"tables","clock":{"mode":"game","seconds":1209600},"rounds":2,"seats":{"min":3,"max":7},"starts_at":"` + start + `"}`, "seven seats"},
		{`{"name":"x","game":"toy","format":"league","group_size":4,"clock":{"mode":"move","seconds":60},"starts_at":"` + start + `"}`, "a league by the minute"},
	} {
		refused(c.why, ada.do("POST", "/api/tournaments", c.body), 400, "bad_request")
	}
	refused("malformed JSON", ada.do("POST", "/api/tournaments", `{"name":`), 400, "bad_json")
	refused("joining for someone else", bea.do("POST", base+"/join", `{"name":"Cyd"}`), 400, "bad_json")
	refused("withdrawing someone else", bea.do("POST", base+"/withdraw", `{"name":"Ada"}`), 400, "bad_json")
	refused("pairing someone", ada.do("POST", base+"/pair", `{"name":"Bea"}`), 404, "not_found")

	before := snapshot()
	refused("checking in before the window", ada.do("POST", base+"/checkin", ""), 409, "not_joined")
	ada.must(ada.do("POST", base+"/join", ""), 200)
	before = snapshot()
	refused("check-in before the window", ada.do("POST", base+"/checkin", ""), 409, "check_in_closed")
	refused("joining twice", ada.do("POST", base+"/join", ""), 409, "already_joined")
	bea.must(bea.do("POST", base+"/join", ""), 200)
	before = snapshot()
	refused("joining a full one", cyd.do("POST", base+"/join", ""), 409, "tournament_full")
	refused("starting someone else's", bea.do("POST", base+"/start", ""), 403, "not_creator")
	refused("withdrawing before the start", bea.do("POST", base+"/withdraw", ""), 409, "not_started")
	refused("pausing in a swiss", bea.do("POST", base+"/pause", ""), 409, "not_arena")
	refused("bots where none are allowed", ada.do("POST", base+"/bots", `{"level":"x"}`), 409, "bots_not_allowed")
	refused("posting a result", ada.do("POST", base+"/result", `{"winner":"Ada"}`), 404, "not_found")

	// the invite-only one is hidden without its key, and a wrong key is no key
	refused("the hidden one without its key", bea.do("GET", "/api/tournaments/"+hid, ""), 404, "not_found")
	refused("a wrong key", bea.do("POST", "/api/tournaments/"+hid+"/join", `{"key":"nope"}`), 404, "not_found")
	link := hidden["invite"].(string)
	key := link[len(link)-24:]
	bea.must(bea.do("POST", "/api/tournaments/"+hid+"/join", `{"key":"`+key+`"}`), 200)
	bea.must(bea.do("GET", "/api/tournaments/"+hid, ""), 200) // a player sees it without the key

	// credentials: missing and wrong on every change
	guest := e.browser()
	wrong := e.browser()
	for _, path := range []string{"", "/join", "/leave", "/checkin", "/withdraw", "/pause", "/resume", "/bots", "/start", "/cancel", "/next-season"} {
		p := base + path
		if path == "" {
			p = "/api/tournaments"
		}
		refused("no credentials on "+p, guest.do("POST", p, `{}`), 401, "unauthorized")
		if r := wrong.do("POST", p, `{}`, "Authorization", "Bearer sv_wrong"); r.status != http.StatusUnauthorized {
			t.Fatalf("a wrong token on %s: %d %s", p, r.status, r.body)
		}
	}
	if after := snapshot(); after != before {
		t.Fatalf("the refusals changed the tournament:\n%s\n%s", before, after)
	}

	// check-in in its window; at the start, the one who did not check in is left out and too few remain
	e.clock.Advance(55 * time.Minute)
	ada.must(ada.do("POST", base+"/checkin", ""), 200)
	e.clock.Advance(10 * time.Minute)
	refused("checking in after the start", bea.do("POST", base+"/checkin", ""), 409, "check_in_closed")
	e.srv.tournaments.Tick(t.Context())
	obj := ada.must(ada.do("GET", base, ""), 200).json(t)
	if obj["status"] != "cancelled" {
		t.Fatalf("one checked-in player: %v, want cancelled", obj["status"])
	}
	refused("leaving after the start", ada.do("POST", base+"/leave", ""), 409, "tournament_started")
	refused("joining after the start", dee.do("POST", base+"/join", ""), 409, "tournament_started")
}

// A withdrawn player's game is resigned and their later moves in it are refused; they are paired no more.
func TestTournamentWithdrawal(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd", "Dee")
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"W","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range []string{"Ada", "Bea", "Cyd", "Dee"} {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	e.clock.Advance(time.Hour) // it starts by itself
	rs := waitRound(t, e, ada, id, 1)
	var match, quitter string
	for _, p := range rs.Rounds[0].Pairings {
		if p.Seats[0].Name == "Dee" || p.Seats[1].Name == "Dee" {
			match, quitter = p.Match, "Dee"
		}
	}
	dee := ps[quitter].b
	dee.must(dee.do("POST", "/api/tournaments/"+id+"/withdraw", ""), 200)
	if r := dee.do("POST", "/api/tournaments/"+id+"/withdraw", ""); r.errCode() != "withdrawn" {
		t.Fatalf("withdrawing twice: %d %s", r.status, r.body)
	}
	if r := dee.do("POST", "/api/matches/"+match+"/moves", `{"move":{"card":0}}`); r.status != http.StatusConflict || (r.errCode() != "game_over" && r.errCode() != "resigned") {
		t.Fatalf("a move after withdrawing: %d %s", r.status, r.body)
	}
	// the other games of round 1 end; round 2 pairs the three left, one with a bye, Dee nowhere
	playRound(t, ps, getJSON[roundsOut](t, ada, "/api/tournaments/"+id+"/rounds"), 1)
	rs = waitRound(t, e, ada, id, 2)
	for _, p := range rs.Rounds[1].Pairings {
		for _, s := range p.Seats {
			if s.Name == quitter {
				t.Fatalf("the withdrawn player is paired in round 2: %+v", rs.Rounds[1])
			}
		}
	}
}

// Tournaments count with matches against a client's limit on creating.
func TestTournamentCreationLimit(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.RateLimit = 0 })
	ada := signUp(t, e, "Ada")["Ada"].b
	body := `{"name":"Many","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"` + e.clock.Now().Add(time.Hour).Format(time.RFC3339) + `"}`
	for range createBurst {
		ada.must(ada.do("POST", "/api/tournaments", body), 201)
	}
	if r := ada.do("POST", "/api/tournaments", body); r.status != http.StatusTooManyRequests {
		t.Fatalf("one tournament too many: %d %s", r.status, r.body)
	}
}
