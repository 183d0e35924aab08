package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// twoPlayers is a started sequential toy match between the accounts Ada (seat 0, host) and Bea.
func twoPlayers(t *testing.T, e *env, extra string) (ada, bea *browser, id string) {
	t.Helper()
	ada, bea = e.browser(), e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	bea.must(bea.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`), 201)
	v := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":3,"sequential":true},"max_seats":2,"name":"Ada"`+extra+`}`), 201).json(t)
	id = v["id"].(string)
	bea.must(bea.do("POST", "/api/matches/"+id+"/join", `{"name":"Bea"}`), 200)
	return ada, bea, id
}

type inboxJSON struct {
	Notes   []noteJSON
	Unread  int
	Waiting int
}

type noteJSON struct {
	ID    int64
	Kind  string
	Match string
	Game  string
	By    string
	// ByAccount: By is an account's name, not a guest's.
	ByAccount bool `json:"by_account"`
	Seat      int
	Read      bool
}

// waitInbox polls an account's inbox until it holds n notes (the sender works asynchronously).
func waitInbox(t *testing.T, b *browser, n int) inboxJSON {
	t.Helper()
	var in inboxJSON
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		in = inboxJSON{}
		json.Unmarshal(b.must(b.do("GET", "/api/account/notifications", ""), 200).body, &in)
		if len(in.Notes) >= n {
			return in
		}
	}
	t.Fatalf("inbox holds %d notes, want %d: %+v", len(in.Notes), n, in)
	return in
}

// A start and a move write notes for the accounts that must act, in the same transaction, and the
// sender puts them in their inboxes; the player who acted gets none.
func TestTurnNotesReachTheInbox(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	in := waitInbox(t, bea, 1)
	if in.Notes[0].Kind != "start" || in.Notes[0].Match != id || in.Notes[0].By != "Ada" || in.Unread != 1 {
		t.Fatalf("Bea's inbox after the start: %+v", in)
	}
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	in = waitInbox(t, bea, 2)
	if n := in.Notes[0]; n.Kind != "turn" || n.Match != id || n.Game != "toy" || n.By != "Ada" || n.Seat != 1 || in.Unread != 2 {
		t.Fatalf("Bea's inbox after Ada's move: %+v", in)
	}
	var none inboxJSON
	json.Unmarshal(ada.do("GET", "/api/account/notifications", "").body, &none)
	if len(none.Notes) != 0 {
		t.Fatalf("Ada, who acted, was told: %+v", none)
	}
	r := bea.must(bea.do("POST", "/api/account/notifications/read", `{"upto":`+itoa(int(in.Notes[0].ID))+`}`), 200).json(t)
	if r["unread"].(float64) != 0 {
		t.Fatalf("unread after reading: %v", r)
	}
	// Bea moves: Ada is told, once.
	bea.must(bea.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":2}}`), 200)
	if in := waitInbox(t, ada, 1); in.Notes[0].Kind != "turn" || in.Notes[0].By != "Bea" {
		t.Fatalf("Ada's inbox: %+v", in)
	}
	settled(t, e.srv)
	if in := waitInbox(t, ada, 1); len(in.Notes) != 1 {
		t.Fatalf("Ada was told %d times", len(in.Notes))
	}
}

// sse reads server-sent events.
type sse struct {
	r *bufio.Reader
	c func()
}

func (b *browser) events(t *testing.T) *sse {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), "GET", b.e.http.URL+"/api/account/events", nil)
	res, err := b.c.Do(req)
	if err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %v %v", res, err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return &sse{r: bufio.NewReader(res.Body), c: func() { res.Body.Close() }}
}

// next returns the next event's name and data, skipping comments.
func (s *sse) next(t *testing.T) (string, map[string]any) {
	t.Helper()
	var name, data string
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			t.Fatalf("events ended: %v", err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			name = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case line == "" && name != "":
			var v map[string]any
			if err := json.Unmarshal([]byte(data), &v); err != nil {
				t.Fatalf("event data %q: %v", data, err)
			}
			return name, v
		}
	}
}

// An open page hears of a new note at once, with the unread count.
func TestInboxStream(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	ev := bea.events(t)
	if name, v := ev.next(t); name != "hello" || v["unread"].(float64) != 0 {
		t.Fatalf("first event %s %v", name, v)
	}
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	name, v := ev.next(t)
	note, _ := v["note"].(map[string]any)
	if name != "note" || note["kind"] != "start" || note["match"] != id || v["unread"].(float64) != 1 {
		t.Fatalf("after the start: %s %v", name, v)
	}
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	if name, v := ev.next(t); name != "note" || v["note"].(map[string]any)["kind"] != "turn" || v["unread"].(float64) != 2 {
		t.Fatalf("after Ada's move: %s %v", name, v)
	}
	// The stream counts as presence: Ada, who follows Bea, sees her online; the table shows both.
	ada.must(ada.do("POST", "/api/users/Bea/follow", ""), 200)
	var f struct {
		Following []struct {
			Name   string
			Online bool
		}
	}
	json.Unmarshal(ada.must(ada.do("GET", "/api/account/following", ""), 200).body, &f)
	if len(f.Following) != 1 || f.Following[0].Name != "Bea" || !f.Following[0].Online {
		t.Fatalf("following: %+v", f)
	}
	var p struct {
		Seats []struct {
			Connected bool
			Moved     *time.Time
		}
	}
	json.Unmarshal(ada.must(ada.do("GET", "/api/matches/"+id+"/presence", ""), 200).body, &p)
	if len(p.Seats) != 2 || p.Seats[0].Connected || !p.Seats[1].Connected || p.Seats[0].Moved == nil || p.Seats[1].Moved != nil {
		t.Fatalf("presence: %+v", p)
	}
	// Someone not signed in sees only who has the table open (anyone may open a match's page).
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/presence", "", "")).body, &p)
	if len(p.Seats) != 2 || p.Seats[1].Connected {
		t.Fatalf("presence to someone not signed in: %+v", p)
	}
	// Bea hears that Ada follows her.
	if name, v := ev.next(t); name != "note" || v["note"].(map[string]any)["kind"] != "follow" || v["note"].(map[string]any)["by"] != "Ada" {
		t.Fatalf("follow note: %s %v", name, v)
	}
	// Once Bea blocks Ada, Ada no longer sees her online anywhere, from the table either.
	bea.must(bea.do("POST", "/api/users/Ada/block", ""), 200)
	json.Unmarshal(ada.must(ada.do("GET", "/api/matches/"+id+"/presence", ""), 200).body, &p)
	if len(p.Seats) != 2 || p.Seats[1].Connected {
		t.Fatalf("presence to an account Bea blocked: %+v", p)
	}
}

// A blocked account cannot talk to, invite or notify the one who blocked it.
func TestBlocking(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	ada.must(ada.do("POST", "/api/matches/"+id+"/chat", `{"text":"hello"}`), 200)
	bea.must(bea.do("POST", "/api/users/Ada/block", ""), 200)
	if r := ada.do("POST", "/api/matches/"+id+"/chat", `{"text":"hello?"}`); r.status != 403 || r.errCode() != "blocked" {
		t.Fatalf("a blocked player's message: %d %s", r.status, r.body)
	}
	if r := ada.do("POST", "/api/matches/"+id+"/chat", `{"phrase":"gg"}`); r.status != 403 {
		t.Fatalf("a blocked player's phrase: %d %s", r.status, r.body)
	}
	bea.must(bea.do("POST", "/api/matches/"+id+"/chat", `{"text":"I still talk"}`), 200)
	// Invitations: Ada opens another match and invites Bea by name.
	v := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","max_seats":3,"name":"Ada"}`), 201).json(t)
	other := v["id"].(string)
	if r := ada.do("POST", "/api/matches/"+other+"/invite", `{"name":"Bea"}`); r.status != 403 || r.errCode() != "blocked" {
		t.Fatalf("inviting who blocked you: %d %s", r.status, r.body)
	}
	ada.must(ada.do("POST", "/api/users/Bea/follow", ""), 200)
	var bl struct{ Blocked []struct{ Name string } }
	json.Unmarshal(bea.must(bea.do("GET", "/api/account/blocked", ""), 200).body, &bl)
	if len(bl.Blocked) != 1 || bl.Blocked[0].Name != "Ada" {
		t.Fatalf("Bea's blocked list: %+v", bl)
	}
	// Cy invites Bea: she is told.
	cy := e.browser()
	cy.must(cy.do("POST", "/api/account/signup", `{"name":"Cy","password":"correct horse"}`), 201)
	v = cy.must(cy.do("POST", "/api/matches", `{"game":"toy","max_seats":3,"name":"Cy"}`), 201).json(t)
	third := v["id"].(string)
	cy.must(cy.do("POST", "/api/matches/"+third+"/invite", `{"names":["Bea"]}`), 200)
	in := waitInbox(t, bea, 1)
	settled(t, e.srv)
	in = waitInbox(t, bea, 1)
	if len(in.Notes) != 1 || in.Notes[0].Kind != "invite" || in.Notes[0].By != "Cy" || in.Notes[0].Match != third {
		t.Fatalf("Bea's inbox (no follow note from Ada, Cy's invitation): %+v", in)
	}
	// A flood of invitations is refused in words.
	for i := 0; i < 29; i++ {
		cy.must(cy.do("POST", "/api/matches/"+third+"/invite", `{"name":"Bea"}`), 200)
	}
	if r := cy.do("POST", "/api/matches/"+third+"/invite", `{"name":"Bea"}`); r.status != 429 || r.errCode() != "rate_limited" || r.header.Get("Retry-After") == "" {
		t.Fatalf("the 31st invitation in an hour: %d %s", r.status, r.body)
	}
	// Unblocked, Ada talks again.
	bea.must(bea.do("DELETE", "/api/users/Ada/block", ""), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/chat", `{"text":"thanks"}`), 200)
}

// Reports reach the operator's list; they are limited, and refuse bad input.
func TestReports(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, _, id := twoPlayers(t, e, "")
	r := ada.must(ada.do("POST", "/api/users/Bea/report", `{"text":"rude in chat","match":"`+id+`"}`), 201).json(t)
	if r["report"] == "" {
		t.Fatal("no report id")
	}
	for _, c := range []struct {
		path, body string
		status     int
	}{
		{"/api/users/Nobody/report", `{"text":"x"}`, 404},
		{"/api/users/Ada/report", `{"text":"me"}`, 400},
		{"/api/users/Bea/report", `{"text":""}`, 400},
		{"/api/users/Bea/report", `{"text":"x","match":"../etc"}`, 400},
		{"/api/users/Bea/report", `{"text":`, 400},
	} {
		if got := ada.do("POST", c.path, c.body); got.status != c.status {
			t.Errorf("%s %s: %d %s, want %d", c.path, c.body, got.status, got.body, c.status)
		}
	}
	rs, err := e.srv.accounts.Reports(t.Context(), false, 10)
	if err != nil || len(rs) != 1 || rs[0].Text != "rude in chat" || rs[0].GameID != id {
		t.Fatalf("reports %+v, %v", rs, err)
	}
	for range 9 {
		ada.do("POST", "/api/users/Bea/report", `{"text":"again"}`)
	}
	if got := ada.do("POST", "/api/users/Bea/report", `{"text":"again"}`); got.status != 429 || got.header.Get("Retry-After") == "" {
		t.Fatalf("the 11th report in an hour: %d", got.status)
	}
}

// The social endpoints refuse a missing and a wrong credential, and change nothing.
func TestSocialEndpointsRefuseMissingAndWrongCredentials(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	_, bea, id := twoPlayers(t, e, "")
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/api/account/notifications/read", `{"upto":1}`},
		{"POST", "/api/account/notifications/read-all", ""},
		{"POST", "/api/account/notify", `{"page":false}`},
		{"POST", "/api/account/push", `{"subscription":{}}`},
		{"DELETE", "/api/account/push/x", ""},
		{"POST", "/api/users/Bea/follow", ""},
		{"DELETE", "/api/users/Bea/follow", ""},
		{"POST", "/api/users/Bea/block", ""},
		{"DELETE", "/api/users/Bea/block", ""},
		{"POST", "/api/users/Bea/report", `{"text":"x"}`},
		{"POST", "/api/matches/" + id + "/invite", `{"name":"Bea"}`},
		{"GET", "/api/account/notifications", ""},
		{"GET", "/api/account/events", ""},
		{"GET", "/api/account/notify", ""},
		{"GET", "/api/account/following", ""},
	} {
		if r := e.do(c.method, c.path, "", c.body); r.status != 401 && r.status != 403 {
			t.Errorf("%s %s without credentials: %d %s", c.method, c.path, r.status, r.body)
		}
		if r := e.do(c.method, c.path, "sv_wrong", c.body); r.status != 401 {
			t.Errorf("%s %s with a wrong token: %d %s", c.method, c.path, r.status, r.body)
		}
	}
	// A cookie without our Origin changes nothing either.
	bea.origin = "https://evil.example"
	if r := bea.do("POST", "/api/account/notify", `{"page":false}`); r.status != 403 {
		t.Errorf("cross-site settings change: %d", r.status)
	}
	bea.origin = e.http.URL
	if v := bea.must(bea.do("GET", "/api/account/notify", ""), 200).json(t); v["page"] != true {
		t.Fatalf("settings after refused changes: %v", v)
	}
}

// A stream outlives the deadline on a request's body (which once cancelled it after 10 s, leaving every
// open page to reconnect, and missing notes meanwhile).
func TestInboxStreamOutlivesTheBodyDeadline(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t, func(c *Config) { c.BodyTimeout = 50 * time.Millisecond })
	ada, bea, id := twoPlayers(t, e, "")
	ev := bea.events(t)
	ev.next(t)
	time.Sleep(300 * time.Millisecond)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	if name, v := ev.next(t); name != "note" || v["note"].(map[string]any)["kind"] != "start" {
		t.Fatalf("after the deadline: %s %v", name, v)
	}
}

// A long clock sends a reminder before it runs out (and none if the player moved in time); the game's end
// and a rematch are told to the other players.
func TestClockEndAndRematchNotes(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, id := twoPlayers(t, e, `,"clock":{"mode":"move","seconds":3600}`)
	// twoPlayers made a 3-round match; this one is played to its end.
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	in := waitInbox(t, bea, 2) // the start, the turn
	if in.Notes[0].Kind != "turn" {
		t.Fatalf("Bea's inbox: %+v", in)
	}
	// An hour per move: the reminder is due a quarter of an hour before the end.
	e.clock.Advance(44 * time.Minute)
	settled(t, e.srv)
	if in := waitInbox(t, bea, 2); len(in.Notes) != 2 {
		t.Fatalf("a reminder came early: %+v", in)
	}
	e.clock.Advance(2 * time.Minute)
	if in := waitInbox(t, bea, 3); in.Notes[0].Kind != "clock" || in.Notes[0].Match != id {
		t.Fatalf("no reminder: %+v", in)
	}
	// Ada, reminded of nothing yet, sees Bea move in time: her own reminder, due later, never comes.
	bea.must(bea.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":2}}`), 200)
	waitInbox(t, ada, 1)
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":3}}`), 200)
	e.clock.Advance(50 * time.Minute)
	settled(t, e.srv)
	for _, n := range waitInbox(t, ada, 1).Notes {
		if n.Kind == "clock" {
			t.Fatalf("Ada was reminded of a move she made: %+v", n)
		}
	}
	// The game is played out; Ada, who did not make the last move, hears that it ended; then a rematch.
	playOut(t, ada, bea, id)
	eventually(t, "the end note", func() bool {
		for _, n := range waitInbox(t, ada, 1).Notes {
			if n.Kind == "end" {
				return true
			}
		}
		return false
	})
	bea.must(bea.do("POST", "/api/matches/"+id+"/rematch", ""), 200)
	eventually(t, "the rematch note", func() bool {
		n := waitInbox(t, ada, 1).Notes[0]
		return n.Kind == "rematch" && n.By == "Bea" && n.Match == id
	})
}
