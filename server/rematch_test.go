package server

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
)

func TestRematch(t *testing.T) {
	e := newEnv(t, nil, func(c *Config) { c.Bots = toyBots{} })
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":1},"maxSeats":3,"name":"Ada","clock":{"mode":"move","seconds":60}}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	bob := e.must(200, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Bob"}`)).json(t)["token"].(string)
	e.must(200, e.do("POST", "/api/matches/"+id+"/bots", ada, `{"bot":"cheat","name":"Rob"}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
	if r := e.do("POST", "/api/matches/"+id+"/rematch", ada, ""); r.errCode() != codeNotFinished {
		t.Fatalf("rematch during the game: %d %s", r.status, r.body)
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ada, `{"move":{"pick":1}}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", bob, `{"move":{"pick":2}}`))
	old := e.waitState(id, "", func(s state) bool { return s.Match.Status == statusFinished })
	watcher := e.dial(id, "", old.Seq)

	for _, c := range []struct{ tok, code string }{{"", codeUnauthorized}, {"nope", codeForbidden}} {
		if r := e.do("POST", "/api/matches/"+id+"/rematch", c.tok, ""); r.errCode() != c.code {
			t.Errorf("rematch with token %q: %d %s", c.tok, r.status, r.body)
		}
	}
	if r := e.do("POST", "/api/matches/zzzzzzzzzzzzzzzz/rematch", ada, ""); r.errCode() != codeNotFound {
		t.Errorf("rematch of an unknown match: %d %s", r.status, r.body)
	}

	// Bob asks first: he takes seat 0 of the new match, the bot follows; Ada then joins the same match.
	rb := e.must(200, e.do("POST", "/api/matches/"+id+"/rematch", bob, "")).json(t)
	next := rb["id"].(string)
	if next == id || rb["seat"] != float64(0) || rb["token"] == "" {
		t.Fatalf("Bob's rematch: %v", rb)
	}
	if s := watcher.stateAt(old.Seq + 1); s.Match.Rematch != next || s.Match.Status != statusFinished || s.Match.Moves != old.Match.Moves {
		t.Fatalf("the finished match's clients see %+v", s.Match)
	}
	ra := e.must(200, e.do("POST", "/api/matches/"+id+"/rematch", ada, "")).json(t)
	if ra["id"] != next || ra["seat"] != float64(2) {
		t.Fatalf("Ada's rematch: %v, want seat 2 of %s", ra, next)
	}
	st := e.state(next, "")
	names := []string{}
	for _, p := range st.Match.Players {
		names = append(names, p.Name+"/"+p.Bot)
	}
	if !slices.Equal(names, []string{"Bob/", "Rob/cheat", "Ada/"}) || st.Match.Status != statusOpen ||
		string(st.Match.Options) != string(old.Match.Options) || st.Match.MaxSeats != 3 || st.Match.Clock == nil || st.Match.Clock.Seconds != 60 {
		t.Fatalf("the rematch: %+v (players %v)", st.Match, names)
	}
	a, _ := e.store.Game(context.Background(), id)
	b, _ := e.store.Game(context.Background(), next)
	if a.Seed == b.Seed {
		t.Error("the rematch has the same seed: the same cards would come again")
	}
	// The rematch plays like any match, and the finished match keeps its record.
	e.must(200, e.do("POST", "/api/matches/"+next+"/start", ra["token"].(string), ""))
	var rec struct{ Moves []json.RawMessage }
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/record", "", "")).body, &rec)
	if len(rec.Moves) != old.Match.Moves {
		t.Errorf("the record of the finished match has %d moves, want %d", len(rec.Moves), old.Match.Moves)
	}
	// A server that loads the finished match from its log knows its rematch.
	fresh := newEnv(t, e.store, nil)
	if s := fresh.state(id, ""); s.Match.Rematch != next {
		t.Errorf("after a reload: rematch %q, want %q", s.Match.Rematch, next)
	}
}
