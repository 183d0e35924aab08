package server

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"testing"

	"github.com/surveyor-game/surveyor/store"
)

var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// keysNotSnake lists the object keys of a JSON value that are not snake_case.
func keysNotSnake(v any, out map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if !snakeCase.MatchString(k) {
				out[k] = true
			}
			keysNotSnake(x, out)
		}
	case []any:
		for _, x := range v {
			keysNotSnake(x, out)
		}
	}
}

// TestOneCasing plays a match through every read endpoint and checks that no payload the server sends has
// a key outside snake_case, while a client still sending the old maxSeats is understood.
func TestOneCasing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	old := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":1},"maxSeats":3,"name":"Ada"}`)).json(t)
	if st := e.state(old["id"].(string), ""); st.Match.MaxSeats != 3 {
		t.Fatalf("maxSeats sent by an old client: max_seats %d, want 3", st.Match.MaxSeats)
	}
	id, ps := e.newMatch("toy", `{"rounds":1}`, 2, "")
	for _, p := range ps {
		e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", p.token, `{"move":{"pick":`+itoa(p.seat+1)+`}}`))
	}
	for _, path := range []string{"/api/games", "/api/matches", "/api/matches/" + id, "/api/matches/" + id + "/record",
		"/api/matches/" + id + "/replay/1", "/api/matches/" + id + "/legal"} {
		e.do("GET", path, ps[0].token, "")
	}
	bad := map[string]bool{}
	e.mu.Lock()
	for _, b := range e.payloads {
		var v any
		if json.Unmarshal(b, &v) == nil {
			keysNotSnake(v, bad)
		}
	}
	n := len(e.payloads)
	e.mu.Unlock()
	if n < 8 {
		t.Fatalf("only %d payloads kept", n)
	}
	if len(bad) > 0 {
		t.Fatalf("keys outside snake_case in the API's payloads: %v", bad)
	}
}

// TestOldStoredMatch loads a match stored before the API became snake_case (maxSeats in its config and
// lobby summary) and checks that its seat limit holds and the lobby shows it in the current spelling.
func TestOldStoredMatch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	row := store.Game{ID: "abcdefgh234567ab", Game: "toy", Options: json.RawMessage(`{"rounds":1,"sequential":false}`), Seed: 7,
		Config: json.RawMessage(`{"maxSeats":2}`), Status: statusOpen, Summary: json.RawMessage(`{"players":[],"maxSeats":2}`),
		Created: e.clock.Now()}
	if err := e.store.CreateGame(context.Background(), row); err != nil {
		t.Fatal(err)
	}
	lobby := e.must(http.StatusOK, e.do("GET", "/api/matches", "", "")).json(t)
	sum := lobby["matches"].([]any)[0].(map[string]any)["summary"].(map[string]any)
	if sum["max_seats"] != 2.0 || sum["maxSeats"] != nil {
		t.Fatalf("old summary served as %v", sum)
	}
	for i := range 2 {
		e.must(http.StatusOK, e.do("POST", "/api/matches/"+row.ID+"/join", "", `{"name":"p`+itoa(i)+`"}`))
	}
	if r := e.do("POST", "/api/matches/"+row.ID+"/join", "", `{"name":"p3"}`); r.status == http.StatusOK {
		t.Fatalf("a third seat joined a match stored with maxSeats 2: %s", r.body)
	}
	if st := e.state(row.ID, ""); st.Match.MaxSeats != 2 || len(st.Match.Players) != 2 {
		t.Fatalf("old match state %+v", st.Match)
	}
}
