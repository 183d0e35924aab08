package server

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// tourStore is the server's tournaments' store.
func tourStore(t *testing.T, e *env) store.Tournaments {
	t.Helper()
	ts, ok := e.srv.accounts.(store.Tournaments)
	if !ok {
		t.Fatal("the accounts' store keeps no tournaments")
	}
	return ts
}

func (r resp) errMessage() string {
	var v struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	json.Unmarshal(r.body, &v)
	return v.Error.Message
}

// tourCount is how many tournaments the store holds, whatever their status and visibility.
func tourCount(t *testing.T, e *env) int {
	t.Helper()
	var n int
	for _, st := range []string{"upcoming", "running", "finished", "cancelled"} {
		ts, err := tourStore(t, e).ListTournaments(t.Context(), st, "", 1000)
		if err != nil {
			t.Fatal(err)
		}
		n += len(ts)
	}
	return n
}

// Absurd settings at creation: each a 400 whose message says what is wrong in words, and no tournament
// is stored.
func TestTournamentReviewAbsurdSettings(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.Bots = toyBots{} })
	ada := signUp(t, e, "Ada")["Ada"].b
	now := e.clock.Now()
	start := now.Add(time.Hour).Format(time.RFC3339)
	swiss := func(extra string) string {
		return `{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"` + extra + `}`
	}
	for _, c := range []struct{ why, body, code string }{
		{"a billion rounds", `{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1000000000,"starts_at":"` + start + `"}`, "bad_request"},
		{"negative rounds", `{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":-1,"starts_at":"` + start + `"}`, "bad_request"},
		{"rounds beyond an int", `{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1e40,"starts_at":"` + start + `"}`, "bad_json"},
		{"max_players 1", swiss(`,"max_players":1`), "bad_request"},
		{"max_players a billion", swiss(`,"max_players":1000000000`), "bad_request"},
		{"negative max_players", swiss(`,"max_players":-5`), "bad_request"},
		{"a negative arena", `{"name":"x","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":-600,"starts_at":"` + start + `"}`, "bad_request"},
		{"an arena of a year", `{"name":"x","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":31536000,"starts_at":"` + start + `"}`, "bad_request"},
		{"a negative check-in", swiss(`,"check_in_seconds":-1`), "bad_request"},
		{"a huge forfeit", swiss(`,"forfeit_seconds":1000000000`), "bad_request"},
		{"starts in five years", `{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + now.AddDate(5, 0, 0).Format(time.RFC3339) + `"}`, "bad_request"},
		{"starts now", `{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + now.Format(time.RFC3339) + `"}`, "bad_request"},
		{"no start", `{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2}`, "bad_request"},
		{"a start that is no time", `{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"tomorrow"}`, "bad_json"},
		{"a name too long", `{"name":"` + strings.Repeat("é", 61) + `","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"}`, "bad_request"},
		{"a name of spaces", `{"name":"   ","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"}`, "bad_request"},
		{"a name with a bell", `{"name":"Club\u0007night","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"}`, "bad_request"},
		{"a name with a line break", `{"name":"Club\nnight","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"}`, "bad_request"},
		{"a name with a bidi override", `{"name":"Club\u202enight","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"}`, "bad_request"},
		{"tables of two", `{"name":"x","game":"toy","format":"tables","clock":{"mode":"game","seconds":1209600},"rounds":2,"seats":{"min":2,"max":3},"starts_at":"` + start + `"}`, "bad_request"},
		{"tables fewer places than a table", `{"name":"x","game":"toy","format":"tables","clock":{"mode":"game","seconds":1209600},"rounds":2,"seats":{"min":3,"max":4},"max_players":2,"starts_at":"` + start + `"}`, "bad_request"},
		{"tables min above max", `{"name":"x","game":"toy","format":"tables","clock":{"mode":"game","seconds":1209600},"rounds":2,"seats":{"min":5,"max":4},"starts_at":"` + start + `"}`, "bad_request"},
		{"an unknown bot", swiss(`,"bots":{"allowed":true,"level":"grandmaster"}`), "bad_request"},
		{"bots allowed without a level", swiss(`,"bots":{"allowed":true}`), "bad_request"},
		{"a clock of five seconds", swiss(`,"clock":{"mode":"move","seconds":5}`), "bad_request"},
		{"a clock of a billion seconds", swiss(`,"clock":{"mode":"game","seconds":1000000000}`), "bad_request"},
		{"a clock of no kind", swiss(`,"clock":{"mode":"hourglass","seconds":60}`), "bad_request"},
		{"a league of a half day", `{"name":"x","game":"toy","format":"league","group_size":4,"clock":{"mode":"move","seconds":43200},"starts_at":"` + start + `"}`, "bad_request"},
		{"a league of two", `{"name":"x","game":"toy","format":"league","group_size":2,"clock":{"mode":"move","seconds":86400},"starts_at":"` + start + `"}`, "bad_request"},
		{"a league promoting all", `{"name":"x","game":"toy","format":"league","group_size":4,"promote":3,"clock":{"mode":"move","seconds":86400},"starts_at":"` + start + `"}`, "bad_request"},
		{"a visibility of no kind", swiss(`,"visibility":"secret"`), "bad_request"},
		{"an unknown field", swiss(`,"prize":100`), "bad_json"},
		{"a key chosen by the creator", swiss(`,"key":"abc"`), "bad_json"},
		{"a season chosen by the creator", swiss(`,"season":7`), "bad_request"},
		{"divisions chosen by the creator", swiss(`,"divisions":[["x"]]`), "bad_request"},
		{"options the game refuses", `{"name":"x","game":"toy","options":{"rounds":"many"},"format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":2,"starts_at":"` + start + `"}`, "bad_options"},
		{"two values", swiss(``) + `{}`, "bad_json"},
		{"an array", `[1,2]`, "bad_json"},
		{"an empty body", ``, "bad_json"},
	} {
		r := ada.do("POST", "/api/tournaments", c.body)
		if r.status != 400 || r.errCode() != c.code || len(r.errMessage()) < 10 {
			t.Errorf("%s: %d %s, want 400 %s with words", c.why, r.status, r.body, c.code)
		}
	}
	if r := ada.do("POST", "/api/tournaments", swiss(`,"options":{"pad":"`+strings.Repeat("x", 1<<21)+`"}`)); r.status != 413 {
		t.Errorf("an oversized body: %d %.200s", r.status, r.body)
	}
	if n := tourCount(t, e); n != 0 {
		t.Fatalf("the refusals stored %d tournaments", n)
	}
}

// A creator who adds a bot after a player has left gets a bot, not a 500: the bots' entries never share
// an id or a name.
func TestTournamentReviewBotAfterALeave(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.Bots = toyBots{} })
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Practice","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"bots":{"allowed":true,"level":"steady"},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	base := "/api/tournaments/" + id
	ada.must(ada.do("POST", base+"/bots", ""), 200) // steady 1
	bea.must(bea.do("POST", base+"/join", ""), 200)
	ada.must(ada.do("POST", base+"/bots", ""), 200) // steady 3
	bea.must(bea.do("POST", base+"/leave", ""), 200)
	obj := ada.must(ada.do("POST", base+"/bots", ""), 200).json(t)
	names := map[string]bool{}
	for _, p := range obj["players"].([]any) {
		n := p.(map[string]any)["name"].(string)
		if names[n] {
			t.Fatalf("two players named %q: %v", n, obj["players"])
		}
		names[n] = true
	}
	if len(names) != 3 {
		t.Fatalf("players %v, want three bots", obj["players"])
	}
}

// Many players racing for the last place: exactly one gets it, the others are told it is full, and the
// count stays the maximum.
func TestTournamentReviewJoinRace(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd", "Dee", "Eve", "Fay"}
	ps := signUp(t, e, names...)
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Duel","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"max_players":3,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	base := "/api/tournaments/" + id
	ada.must(ada.do("POST", base+"/join", ""), 200)
	ps["Bea"].b.must(ps["Bea"].b.do("POST", base+"/join", ""), 200)
	var wg sync.WaitGroup
	codes := make([]string, 0, 8)
	var mu sync.Mutex
	for _, n := range names[2:] {
		for range 2 { // each twice at once, too
			wg.Go(func() {
				r := ps[n].b.do("POST", base+"/join", "")
				mu.Lock()
				defer mu.Unlock()
				codes = append(codes, fmt.Sprintf("%d %s", r.status, r.errCode()))
			})
		}
	}
	wg.Wait()
	won := 0
	for _, c := range codes {
		switch c {
		case "200 ":
			won++
		case "409 tournament_full", "409 already_joined":
		default:
			t.Fatalf("a racing join: %s (all: %v)", c, codes)
		}
	}
	obj := ada.must(ada.do("GET", base, ""), 200).json(t)
	if won != 1 || len(obj["players"].([]any)) != 3 {
		t.Fatalf("%d joins won, players %v", won, obj["players"])
	}
	ts, err := tourStore(t, e).ListTournaments(t.Context(), "upcoming", "", 10)
	if err != nil || len(ts) != 1 || ts[0].Players != 3 {
		t.Fatalf("the stored count: %+v %v", ts, err)
	}
}

// An invite-only tournament stays hidden from whoever has neither its key nor a part in it: not listed,
// and every one of its resources answers 404 as an unknown id would, with no key, a wrong key or another
// tournament's key; its key is shown to its creator only. Others' changes are refused: a non-creator
// cancels nothing, a cross-site join with the player's cookie joins nothing.
func TestTournamentReviewInviteOnlyStaysHidden(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd")
	ada, bea, cyd := ps["Ada"].b, ps["Bea"].b, ps["Cyd"].b
	guest := e.browser()
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	club := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Secret club night","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"visibility":"invite","starts_at":"`+start+`"}`), 201).json(t)
	other := cyd.must(cyd.do("POST", "/api/tournaments", `{"name":"Cyd's club","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"visibility":"invite","starts_at":"`+start+`"}`), 201).json(t)
	id, link, otherLink := club["id"].(string), club["invite"].(string), other["invite"].(string)
	key, otherKey := link[strings.Index(link, "key=")+4:], otherLink[strings.Index(otherLink, "key=")+4:]
	base := "/api/tournaments/" + id
	bea.must(bea.do("POST", base+"/join", `{"key":"`+key+`"}`), 200)

	for _, who := range []struct {
		name string
		b    *browser
	}{{"a guest", guest}, {"a stranger", cyd}} {
		for _, st := range []string{"", "?status=upcoming", "?status=running", "?status=finished", "?status=cancelled"} {
			if r := who.b.must(who.b.do("GET", "/api/tournaments"+st, ""), 200); strings.Contains(string(r.body), id) || strings.Contains(string(r.body), "Secret") {
				t.Fatalf("%s lists it (%s): %s", who.name, st, r.body)
			}
		}
		for _, path := range []string{base, base + "/standings", base + "/rounds"} {
			for _, q := range []string{"", "?key=", "?key=nope", "?key=" + otherKey, "?key=" + strings.ToUpper(key)} {
				if r := who.b.do("GET", path+q, ""); r.status != 404 || r.errCode() != "not_found" || strings.Contains(string(r.body), "Secret") {
					t.Fatalf("%s GET %s%s: %d %s", who.name, path, q, r.status, r.body)
				}
			}
		}
	}
	// with its key a stranger sees it, but not its key; its player sees it without the key, not the key
	for _, c := range []struct {
		b *browser
		q string
	}{{cyd, "?key=" + key}, {guest, "?key=" + key}, {bea, ""}} {
		body := string(c.b.must(c.b.do("GET", base+c.q, ""), 200).body)
		if strings.Contains(body, key) || strings.Contains(body, `"invite":`) {
			t.Fatalf("the key shown to a non-creator: %s", body)
		}
	}
	if body := string(ada.must(ada.do("GET", base, ""), 200).body); !strings.Contains(body, key) {
		t.Fatalf("the creator is not shown the link: %s", body)
	}
	// a stranger's notes name it nowhere
	if body := string(cyd.must(cyd.do("GET", "/api/account/notifications", ""), 200).body); strings.Contains(body, id) {
		t.Fatalf("a stranger's notes: %s", body)
	}
	before := string(ada.must(ada.do("GET", base, ""), 200).body)
	for _, c := range []struct {
		b          *browser
		path, body string
		status     int
		code       string
	}{
		{bea, "/cancel", "", 403, "not_creator"},
		{bea, "/start", "", 403, "not_creator"},
		{bea, "/next-season", `{"starts_at":"` + start + `"}`, 403, "not_creator"},
		{cyd, "/cancel", "", 404, "not_found"},
		{cyd, "/join", `{"key":"` + otherKey + `"}`, 404, "not_found"},
		{cyd, "/leave", "", 404, "not_found"},
		{cyd, "/join", `{"key":"` + key + `","name":"Bea"}`, 400, "bad_json"},
	} {
		if r := c.b.do("POST", base+c.path, c.body); r.status != c.status || r.errCode() != c.code {
			t.Fatalf("POST %s: %d %s, want %d %s", c.path, r.status, r.body, c.status, c.code)
		}
	}
	r := e.rawDo("POST", base+"/join", `{"key":"`+key+`"}`, map[string]string{"Cookie": sessionCookie + "=" + cyd.sessionOf(), "Origin": "https://evil.example"})
	if r.status != 403 || r.errCode() != codeCrossSite {
		t.Fatalf("a cross-site join: %d %s", r.status, r.body)
	}
	if after := string(ada.must(ada.do("GET", base, ""), 200).body); after != before {
		t.Fatalf("the refusals changed it:\n%s\n%s", before, after)
	}
}

// The lists' order, as docs/api.md gives it: the soonest to start first for the upcoming, the newest first
// otherwise (and without a status).
func TestTournamentReviewListOrder(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	var ids []string // in the order they start
	for i, name := range []string{"First", "Second", "Third"} {
		start := e.clock.Now().Add(time.Duration(i+1) * time.Hour).Format(time.RFC3339)
		id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"`+name+`","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
		ids = append(ids, id)
		for _, b := range []*browser{ada, bea} {
			b.must(b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
		}
		ada.must(ada.do("POST", "/api/tournaments/"+id+"/cancel", ""), 200)
	}
	listed := func(q string) []string {
		var out []string
		for _, s := range getJSON[struct {
			Tournaments []struct{ ID string } `json:"tournaments"`
		}](t, ada, "/api/tournaments"+q).Tournaments {
			out = append(out, s.ID)
		}
		return out
	}
	newest := []string{ids[2], ids[1], ids[0]}
	if got := listed("?status=cancelled"); !slices.Equal(got, newest) {
		t.Fatalf("cancelled: %v, want the newest first %v", got, newest)
	}
	for i, name := range []string{"Fourth", "Fifth"} {
		start := e.clock.Now().Add(time.Duration(10-i) * time.Hour).Format(time.RFC3339)
		ids = append(ids, ada.must(ada.do("POST", "/api/tournaments", `{"name":"`+name+`","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string))
	}
	if got, want := listed("?status=upcoming"), []string{ids[4], ids[3]}; !slices.Equal(got, want) {
		t.Fatalf("upcoming: %v, want the soonest first %v", got, want)
	}
	if got, want := listed(""), []string{ids[3], ids[4]}; !slices.Equal(got, want) {
		t.Fatalf("all: %v, want the newest first %v", got, want)
	}
}

// A rematch of a tournament's game, asked for by its players through their accounts, gives each their own
// seat; it is an ordinary game, not one of the tournament: its players are told it starts, as for any game.
func TestTournamentReviewRematchIsAnOrdinaryGame(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"One game","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, b := range []*browser{ada, bea} {
		b.must(b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	game := waitRound(t, e, ada, id, 1).Rounds[0].Pairings[0].Match
	bea.must(bea.do("POST", "/api/matches/"+game+"/resign", ""), 200)
	finishes(t, e, ada, id)
	// the players act by their accounts (the server seated them: they hold no seat token)
	mine := ada.must(ada.do("POST", "/api/matches/"+game+"/rematch", ""), 200).json(t)
	theirs := bea.must(bea.do("POST", "/api/matches/"+game+"/rematch", ""), 200).json(t)
	rematch := mine["id"].(string)
	if mine["seat"] == theirs["seat"] || mine["token"] == theirs["token"] {
		t.Fatalf("Ada and Bea were given one seat of the rematch: %v %v", mine, theirs)
	}
	ada.must(ada.do("POST", "/api/matches/"+rematch+"/start", "", "Authorization", "Bearer "+mine["token"].(string)), 200)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		notes := string(bea.must(bea.do("GET", "/api/account/notifications", ""), 200).body)
		if strings.Contains(notes, `"kind":"start"`) && strings.Contains(notes, rematch) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Bea is not told the rematch starts: %s", notes)
		}
	}
}

// The games of an invite-only tournament stay out of the lobby's lists (its players and their games are
// the club's); a public tournament's games are listed, to be watched. Either opens by its link.
func TestTournamentReviewInviteOnlyGamesUnlisted(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea")
	ada, bea := ps["Ada"].b, ps["Bea"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	games := map[string]string{}
	for _, vis := range []string{"public", "invite"} {
		obj := ada.must(ada.do("POST", "/api/tournaments", `{"name":"`+vis+`","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"visibility":"`+vis+`","starts_at":"`+start+`"}`), 201).json(t)
		id := obj["id"].(string)
		key := ""
		if link, ok := obj["invite"].(string); ok {
			key = link[strings.Index(link, "key=")+4:]
		}
		ada.must(ada.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
		bea.must(bea.do("POST", "/api/tournaments/"+id+"/join", `{"key":"`+key+`"}`), 200)
		ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
		games[vis] = waitRound(t, e, ada, id, 1).Rounds[0].Pairings[0].Match
	}
	guest := e.browser()
	lobby := string(guest.must(guest.do("GET", "/api/matches?status=playing", ""), 200).body)
	if !strings.Contains(lobby, games["public"]) || strings.Contains(lobby, games["invite"]) {
		t.Fatalf("the lobby lists %s: public %s, invite-only %s", lobby, games["public"], games["invite"])
	}
	guest.must(guest.do("GET", "/api/matches/"+games["invite"], ""), 200)
}

// An API token without the play scope reads tournaments but changes none: creating, joining and every
// other change are refused, and nothing is stored.
func TestTournamentReviewReadTokenChangesNothing(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := signUp(t, e, "Ada")["Ada"].b
	tok := ada.must(ada.do("POST", "/api/account/tokens", `{"name":"reader","scopes":["read"]}`), 201).json(t)["token"].(string)
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Open","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	script := e.browser()
	script.origin = "" // a script: no cookie, no Origin
	auth := []string{"Authorization", "Bearer " + tok}
	if r := script.do("POST", "/api/tournaments", `{"name":"Mine","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"`+start+`"}`, auth...); r.status != 403 || len(r.errMessage()) < 10 {
		t.Fatalf("a read token creates: %d %s", r.status, r.body)
	}
	for _, path := range []string{"/join", "/leave", "/checkin", "/withdraw", "/pause", "/resume", "/bots", "/start", "/cancel", "/next-season"} {
		if r := script.do("POST", "/api/tournaments/"+id+path, `{}`, auth...); r.status != 403 {
			t.Fatalf("a read token on %s: %d %s", path, r.status, r.body)
		}
	}
	script.must(script.do("GET", "/api/tournaments/"+id, "", auth...), 200)
	if obj := ada.must(ada.do("GET", "/api/tournaments/"+id, ""), 200).json(t); len(obj["players"].([]any)) != 0 || obj["status"] != "upcoming" {
		t.Fatalf("a read token changed it: %v", obj)
	}
	if n := tourCount(t, e); n != 1 {
		t.Fatalf("%d tournaments stored, want 1", n)
	}
}
