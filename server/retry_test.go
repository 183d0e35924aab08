package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// moveWith posts a move with an optional seq and idempotency key.
func (e *env) moveWith(id, tok, body, key string) resp {
	e.t.Helper()
	req, err := http.NewRequest("POST", e.http.URL+"/api/matches/"+id+"/moves", strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := e.http.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp{status: res.StatusCode, body: []byte(b.String())}
}

// A move resent after its round closed would land in the next round, where the same pick is legal
// again (toy moves are legal every round). With the seq it was made at, it is refused and changes
// nothing; with its idempotency key, it is answered as done and changes nothing.
func TestRetriedMoveLandsNowhereElse(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	seq := e.state(id, "").Seq
	body := `{"move":{"pick":1},"seq":` + itoa(int(seq)) + `}`
	e.must(http.StatusOK, e.moveWith(id, ps[0].token, body, "k-1"))
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	after := e.state(id, ps[0].token)
	if toyView(t, after.View).Round != 1 {
		t.Fatalf("round %d, want the second (1)", toyView(t, after.View).Round)
	}
	// The same request again, key and all: answered 200, nothing applied.
	r := e.must(http.StatusOK, e.moveWith(id, ps[0].token, body, "k-1"))
	if st := decodeState(t, r.body); st.Seq != after.Seq || toyView(t, st.View).Picked[0] {
		t.Fatalf("the retry was applied: seq %d (was %d), picked %v", st.Seq, after.Seq, toyView(t, st.View).Picked)
	}
	// The same move without the key but with its stale seq: 409 conflict, nothing applied.
	r = e.moveWith(id, ps[0].token, body, "")
	if r.status != http.StatusConflict || r.errCode() != codeConflict {
		t.Fatalf("stale seq: %d %s", r.status, r.body)
	}
	if st := e.state(id, ps[0].token); st.Seq != after.Seq || toyView(t, st.View).Picked[0] {
		t.Fatal("a refused stale move changed the match")
	}
	// A seq ahead of the log is stale too; the current one is accepted.
	if r := e.moveWith(id, ps[0].token, `{"move":{"pick":1},"seq":`+itoa(int(after.Seq)+5)+`}`, ""); r.status != http.StatusConflict {
		t.Fatalf("seq from the future: %d %s", r.status, r.body)
	}
	// Seat 1's pick in between does not make seat 0's view stale: its decision is the same.
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	seen := e.must(http.StatusOK, e.moveWith(id, ps[0].token, `{"move":{"pick":1},"seq":`+itoa(int(after.Seq))+`}`, "")).json(t)["seq"].(float64)
	// Seat 0 saw its pick undoable at seq `seen`; the round closes before its undo arrives: refused.
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":3}}`))
	if r := e.do("POST", "/api/matches/"+id+"/undo", ps[0].token, `{"seq":`+itoa(int(seen))+`}`); r.status != http.StatusConflict {
		t.Fatalf("stale undo: %d %s", r.status, r.body)
	}
	// Bad keys are refused before anything happens.
	if r := e.moveWith(id, ps[1].token, `{"move":{"pick":1}}`, strings.Repeat("k", 65)); r.status != http.StatusBadRequest {
		t.Fatalf("a 65-character key: %d", r.status)
	}
}

// The keys are in the log: a retry reaching another server after a restart is still recognised.
func TestIdempotencyKeySurvivesARestart(t *testing.T) {
	t.Parallel()
	st := openSQLite(t)
	e := newEnv(t, st, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	e.must(http.StatusOK, e.moveWith(id, ps[0].token, `{"move":{"pick":1}}`, "retry-me"))
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	seq := e.state(id, "").Seq
	e2 := newEnv(t, st, nil)
	e2.must(http.StatusOK, e2.moveWith(id, ps[0].token, `{"move":{"pick":1}}`, "retry-me"))
	if s := e2.state(id, ps[0].token); s.Seq != seq || toyView(t, s.View).Picked[0] {
		t.Fatalf("after a restart the retry was applied: seq %d (was %d)", s.Seq, seq)
	}
	// The key belongs to its seat: the same key from another seat is a new request.
	e2.must(http.StatusOK, e2.moveWith(id, ps[1].token, `{"move":{"pick":3}}`, "retry-me"))
	if s := e2.state(id, ps[1].token); s.Seq != seq+1 {
		t.Fatalf("seat 1's move with seat 0's key was not applied: seq %d", s.Seq)
	}
}

// Over the WebSocket: a stale seq is refused with the message's id, a repeated key is answered ok, and
// a rate-limited message is refused with its id.
func TestWebSocketSeqAndKey(t *testing.T) {
	t.Parallel()
	// A token comes back every 1,000 s: at one a second, a test slowed past a second between its first
	// message and its last (a loaded machine) had a token back and no message refused.
	e := newEnv(t, nil, func(c *Config) { c.RateLimit, c.RateBurst = 0.001, 12 })
	id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	seq := e.state(id, "").Seq
	w := e.dial(id, ps[0].token, seq)
	w.send(`{"type":"move","id":"a","move":{"pick":1},"seq":` + itoa(int(seq)) + `,"key":"w1"}`)
	var ok struct {
		Type, ID string
		Seq      int64
	}
	json.Unmarshal(w.next("ok"), &ok)
	if ok.ID != "a" || ok.Seq != seq+1 {
		t.Fatalf("ok %+v", ok)
	}
	w.send(`{"type":"move","id":"b","move":{"pick":1},"seq":` + itoa(int(seq)) + `,"key":"w1"}`)
	json.Unmarshal(w.next("ok"), &ok)
	if ok.ID != "b" || ok.Seq != seq+1 {
		t.Fatalf("the repeated key: %+v, want ok at the same seq", ok)
	}
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`)) // the round closes
	w.send(`{"type":"move","id":"c","move":{"pick":2},"seq":` + itoa(int(seq)) + `}`)
	var fail struct {
		ID    string
		Error apiError
	}
	json.Unmarshal(w.next("error"), &fail)
	if fail.ID != "c" || fail.Error.Code != codeConflict {
		t.Fatalf("stale seq over the socket: %+v", fail)
	}
	for i := range 10 {
		w.send(`{"type":"undo","id":"r` + itoa(i) + `"}`)
	}
	for {
		json.Unmarshal(w.next("error"), &fail)
		if fail.Error.Code == codeRateLimited {
			if !strings.HasPrefix(fail.ID, "r") {
				t.Fatalf("a rate-limited message is refused without its id: %+v", fail)
			}
			break
		}
	}
}
