package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Players talk at the table: a message or a quick phrase is kept with the match, in every state, in order,
// with the speaker's seat and name, and in the replay from the moment it was said.
func TestTableChat(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":1}`, 2, "")
	e.must(200, e.do("POST", "/api/matches/"+id+"/chat", ps[0].token, `{"text":"  hello <b>Bea</b>  "}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/chat", ps[1].token, `{"phrase":"gg"}`))
	st := e.state(id, "")
	if len(st.Match.Chat) != 2 {
		t.Fatalf("chat %+v", st.Match.Chat)
	}
	a, b := st.Match.Chat[0], st.Match.Chat[1]
	if a.N != 1 || a.Seat != 0 || a.Name != "p0" || a.Text != "hello <b>Bea</b>" || a.After != 0 ||
		b.N != 2 || b.Seat != 1 || b.Phrase != "gg" || b.Text != "" || b.After != 1 {
		t.Errorf("messages %+v, %+v", a, b)
	}
	// The match ends; the replay shows what was said up to each step.
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	for step, want := range map[int]int{0: 1, 1: 2, 2: 2} {
		var rs struct{ Chat []chatData }
		json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/replay/"+itoa(step), "", "")).body, &rs)
		if len(rs.Chat) != want {
			t.Errorf("replay step %d shows %d messages, want %d", step, len(rs.Chat), want)
		}
	}
}

// Bad messages, a spectator where only players talk, a missing or wrong credential and a flood are refused,
// and change nothing.
func TestTableChatRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	path := "/api/matches/" + id + "/chat"
	for _, c := range []struct {
		tok, body, code string
		status          int
	}{
		{"", `{"text":"hi"}`, codeForbidden, 403}, // a spectator, where only the players talk
		{"wrong", `{"text":"hi"}`, codeForbidden, 403},
		{ps[0].token, `{"text":"   "}`, codeBadRequest, 400},
		{ps[0].token, `{"text":"` + strings.Repeat("é", chatMaxRunes+1) + `"}`, codeBadRequest, 400},
		{ps[0].token, `{"text":"a\u0007b"}`, codeBadRequest, 400},
		{ps[0].token, `{"phrase":"lol"}`, codeBadRequest, 400},
		{ps[0].token, `{"phrase":"gg","text":"x"}`, codeBadRequest, 400},
		{ps[0].token, `{"txt":"hi"}`, codeBadJSON, 400},
	} {
		if r := e.do("POST", path, c.tok, c.body); r.status != c.status || r.errCode() != c.code {
			t.Errorf("%q with %q: %d %s, want %d %s", c.body, c.tok, r.status, r.body, c.status, c.code)
		}
	}
	if r := e.do("POST", "/api/matches/nosuch/chat", ps[0].token, `{"text":"hi"}`); r.status != http.StatusNotFound {
		t.Errorf("an unknown match: %d", r.status)
	}
	for i := 0; i < chatBurst; i++ {
		e.must(200, e.do("POST", path, ps[0].token, `{"text":"hi"}`))
	}
	r := e.do("POST", path, ps[0].token, `{"text":"one too many"}`)
	if r.status != http.StatusTooManyRequests || r.errCode() != codeRateLimited || r.header.Get("Retry-After") == "" {
		t.Errorf("a flood: %d %s (Retry-After %q)", r.status, r.body, r.header.Get("Retry-After"))
	}
	e.must(200, e.do("POST", path, ps[1].token, `{"text":"the other player still talks"}`))
	e.clock.Advance(chatWindow)
	e.must(200, e.do("POST", path, ps[0].token, `{"text":"after the window"}`))
	if st := e.state(id, ""); len(st.Match.Chat) != chatBurst+2 {
		t.Errorf("%d messages kept, want %d", len(st.Match.Chat), chatBurst+2)
	}
}

// Talking is no move: it does not reset a seat's move clock, nor make its pending decision stale.
func TestChatLeavesTheClockAlone(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, `,"clock":{"mode":"move","seconds":60}`)
	before := e.state(id, ps[0].token)
	e.clock.Advance(30 * time.Second)
	e.must(200, e.do("POST", "/api/matches/"+id+"/chat", ps[0].token, `{"text":"thinking…"}`))
	after := e.state(id, ps[0].token)
	if before.Match.Players[0].Deadline == nil || after.Match.Players[0].Deadline == nil ||
		!after.Match.Players[0].Deadline.Equal(*before.Match.Players[0].Deadline) {
		t.Errorf("the deadline moved from %v to %v", before.Match.Players[0].Deadline, after.Match.Players[0].Deadline)
	}
	// A move naming the state before the message is not stale.
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1},"seq":`+itoa(int(before.Seq))+`}`))
}

// A host may let signed-in spectators talk: a guest spectator still may not.
func TestSpectatorChat(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	cy := e.browser()
	cy.must(cy.do("POST", "/api/account/signup", `{"name":"Cy","password":"correct horse"}`), 201)
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada","spectator_chat":true}`)).json(t)
	id := v["id"].(string)
	cy.must(cy.do("POST", "/api/matches/"+id+"/chat", `{"text":"good luck both"}`), 200)
	if r := e.do("POST", "/api/matches/"+id+"/chat", "", `{"text":"anonymous"}`); r.status != 401 {
		t.Errorf("a guest spectator: %d %s", r.status, r.body)
	}
	st := e.state(id, "")
	if !st.Match.SpectatorChat || len(st.Match.Chat) != 1 || st.Match.Chat[0].Seat != -1 || st.Match.Chat[0].Name != "Cy" {
		t.Errorf("chat %+v", st.Match.Chat)
	}
}
