package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/surveyor-game/surveyor/game/gametest"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

func TestHealthAndReadiness(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	if r := e.do("GET", "/healthz", "", ""); r.status != 200 || r.json(t)["status"] != "ok" {
		t.Fatalf("healthz: %d %s", r.status, r.body)
	}
	if r := e.do("GET", "/readyz", "", ""); r.status != 200 || r.json(t)["status"] != "ready" {
		t.Fatalf("readyz: %d %s", r.status, r.body)
	}
	e.srv.Drain()
	if r := e.do("GET", "/readyz", "", ""); r.status != http.StatusServiceUnavailable || r.errCode() != codeUnavailable {
		t.Fatalf("readyz while draining: %d %s", r.status, r.body)
	}
}

func TestListGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	var v struct {
		Games []definitionInfo `json:"games"`
	}
	if err := json.Unmarshal(e.must(200, e.do("GET", "/api/games", "", "")).body, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Games) != 2 || v.Games[0].Name != "toy" || v.Games[0].MinSeats != 1 || v.Games[0].MaxSeats != 4 {
		t.Fatalf("games %+v", v.Games)
	}
}

// TestPlayWholeGame plays a toy game through the API and checks the score against the rules: every pick
// is unique, so each seat scores pick × card each round.
func TestPlayWholeGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	g, err := e.store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	deck := gametest.DeckOrder(g.Seed)
	for round := range 3 {
		st := e.state(id, ps[0].token)
		if v := toyView(t, st.View); v.Card != deck[round] || v.Round != round {
			t.Fatalf("round %d: view %+v, want card %d", round, v, deck[round])
		}
		if !st.You.MustAct || st.Match.Status != "playing" {
			t.Fatalf("round %d: seat 0 state %+v", round, st)
		}
		e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
		e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	}
	st := e.state(id, "")
	sum := deck[0] + deck[1] + deck[2]
	if st.Match.Status != "finished" || st.Match.Result == nil {
		t.Fatalf("after 3 rounds: %+v", st.Match)
	}
	if got := st.Match.Result.Scores; !slices.Equal(got, []int{sum, 2 * sum}) {
		t.Fatalf("scores %v, want [%d %d]", got, sum, 2*sum)
	}
	if got := st.Match.Result.Ranks; !slices.Equal(got, []int{2, 1}) {
		t.Fatalf("ranks %v, want [2 1]", got)
	}
	if st.Seq != 2+1+6 || st.Match.Moves != 6 {
		t.Fatalf("seq %d moves %d, want 9 events and 6 moves", st.Seq, st.Match.Moves)
	}
	// The lobby lists it as finished with its players.
	var lobby struct {
		Matches []lobbyEntry `json:"matches"`
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches?status=finished", "", "")).body, &lobby)
	if len(lobby.Matches) != 1 || lobby.Matches[0].ID != id || !strings.Contains(string(lobby.Matches[0].Summary), `"players":["p0","p1"]`) {
		t.Fatalf("lobby %+v", lobby.Matches)
	}
}

func TestCreateWithNameSeatsCreator(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","name":"Ada"}`)).json(t)
	id, tok := v["id"].(string), v["token"].(string)
	if v["seat"].(float64) != 0 || !strings.HasSuffix(v["invite"].(string), "/m/"+id) {
		t.Fatalf("create response %v", v)
	}
	st := e.state(id, tok)
	if st.You == nil || st.You.Seat != 0 || st.Match.MaxSeats != 4 || st.Match.Players[0].Name != "Ada" || st.Match.Status != "open" {
		t.Fatalf("state %+v", st)
	}
	var opts gametest.Options
	if err := json.Unmarshal(st.Match.Options, &opts); err != nil || opts.Rounds != 3 {
		t.Fatalf("default options not applied: %s", st.Match.Options)
	}
}

// TestBadInput sends each kind of bad request and checks its status, its code and that the match did not
// change.
func TestBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.MaxBody = 1024 })
	id, ps := e.newMatch("toy", `{"rounds":2,"sequential":true}`, 2, "")
	open := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":1,"name":"solo"}`)).json(t)
	openID := open["id"].(string)
	base := "/api/matches/" + id
	before := e.state(id, "").Seq
	cases := []struct {
		name, method, path, tok, body string
		status                        int
		code                          string
	}{
		{"malformed JSON", "POST", base + "/moves", ps[0].token, `{"move":`, 400, codeBadJSON},
		{"not an object", "POST", base + "/moves", ps[0].token, `[1]`, 400, codeBadJSON},
		{"unknown field", "POST", base + "/moves", ps[0].token, `{"move":{"pick":1},"x":1}`, 400, codeBadJSON},
		{"two values", "POST", base + "/moves", ps[0].token, `{"move":{"pick":1}} {}`, 400, codeBadJSON},
		{"empty body", "POST", base + "/moves", ps[0].token, ``, 400, codeBadJSON},
		{"no move", "POST", base + "/moves", ps[0].token, `{}`, 400, codeBadMove},
		{"malformed move", "POST", base + "/moves", ps[0].token, `{"move":{"pick":"one"}}`, 400, codeBadMove},
		{"illegal move", "POST", base + "/moves", ps[0].token, `{"move":{"pick":9}}`, 422, codeIllegalMove},
		{"out of turn", "POST", base + "/moves", ps[1].token, `{"move":{"pick":1}}`, 409, codeNotYourTurn},
		{"no token", "POST", base + "/moves", "", `{"move":{"pick":1}}`, 401, codeUnauthorized},
		{"wrong token", "POST", base + "/moves", "nope", `{"move":{"pick":1}}`, 403, codeForbidden},
		{"token of another match", "POST", base + "/moves", open["token"].(string), `{"move":{"pick":1}}`, 403, codeForbidden},
		{"oversized body", "POST", base + "/moves", ps[0].token, `{"move":{"pick":1` + strings.Repeat(" ", 2000) + `}}`, 413, codeTooLarge},
		{"unknown id", "GET", "/api/matches/aaaaaaaaaaaaaaaa", "", ``, 404, codeNotFound},
		{"invalid id", "GET", "/api/matches/..%2fetc", "", ``, 404, codeNotFound},
		{"unknown id move", "POST", "/api/matches/aaaaaaaaaaaaaaaa/moves", ps[0].token, `{"move":{"pick":1}}`, 404, codeNotFound},
		{"unknown endpoint", "GET", "/api/nothing", "", ``, 404, codeNotFound},
		{"wrong method", "DELETE", base, "", ``, 405, codeMethod},
		{"wrong method 2", "GET", base + "/moves", "", ``, 405, codeMethod},
		{"join started", "POST", base + "/join", "", `{"name":"late"}`, 409, codeAlreadyStarted},
		{"join full", "POST", "/api/matches/" + openID + "/join", "", `{"name":"x"}`, 409, codeFull},
		{"join bad name", "POST", "/api/matches/" + openID + "/join", "", `{"name":""}`, 400, codeBadRequest},
		{"join control name", "POST", "/api/matches/" + openID + "/join", "", `{"name":"a\u0007"}`, 400, codeBadRequest},
		{"start twice", "POST", base + "/start", ps[0].token, ``, 409, codeAlreadyStarted},
		{"move before start", "POST", "/api/matches/" + openID + "/moves", open["token"].(string), `{"move":{"pick":1}}`, 409, codeNotStarted},
		{"legal before start", "GET", "/api/matches/" + openID + "/legal", open["token"].(string), ``, 409, codeNotStarted},
		{"undo nothing", "POST", base + "/undo", ps[0].token, ``, 409, codeNotUndoable},
		{"record too early", "GET", base + "/record", "", ``, 409, codeNotFinished},
		{"replay too early", "GET", base + "/replay/0", "", ``, 409, codeNotFinished},
		{"unknown game", "POST", "/api/matches", "", `{"game":"chess"}`, 400, codeBadRequest},
		{"bad options", "POST", "/api/matches", "", `{"game":"toy","options":{"rounds":99}}`, 400, codeBadOptions},
		{"bad seats", "POST", "/api/matches", "", `{"game":"toy","max_seats":9}`, 400, codeBadRequest},
		{"bad clock", "POST", "/api/matches", "", `{"game":"toy","clock":{"mode":"hour","seconds":5}}`, 400, codeBadRequest},
		{"bad lobby status", "GET", "/api/matches?status=lost", "", ``, 400, codeBadRequest},
		{"bad lobby limit", "GET", "/api/matches?limit=0", "", ``, 400, codeBadRequest},
		{"bad after", "GET", base + "?after=x", "", ``, 400, codeBadRequest},
		{"bad since", "GET", base + "/ws?since=-4", "", ``, 400, codeBadRequest},
		{"socket wrong token", "GET", base + "/ws?token=bad", "", ``, 403, codeForbidden},
		{"bad wait", "GET", base + "?wait=999", "", ``, 400, codeBadRequest},
		{"bad static method", "POST", "/index.html", "", ``, 405, codeMethod},
	}
	for _, c := range cases {
		r := e.do(c.method, c.path, c.tok, c.body)
		if r.status != c.status || r.errCode() != c.code {
			t.Errorf("%s: %d %s, want %d %s", c.name, r.status, r.body, c.status, c.code)
		}
		if ct := r.header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("%s: content type %q", c.name, ct)
		}
	}
	if after := e.state(id, "").Seq; after != before {
		t.Fatalf("bad requests moved the match from %d to %d", before, after)
	}
	if st := e.state(openID, ""); st.Seq != 1 || len(st.Match.Players) != 1 {
		t.Fatalf("bad requests changed the open match: %+v", st)
	}
}

func TestRateLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.RateLimit, c.RateBurst = 0.001, 3 })
	for i := range 3 {
		e.must(200, e.do("GET", "/api/games", "", ""))
		_ = i
	}
	r := e.do("GET", "/api/games", "", "")
	if r.status != 429 || r.errCode() != codeRateLimited || r.header.Get("Retry-After") == "" {
		t.Fatalf("4th request: %d %s %v", r.status, r.body, r.header)
	}
	// Health checks are not limited: an orchestrator must always reach them.
	e.must(200, e.do("GET", "/healthz", "", ""))
}

func TestLegalMovesAndSpectatorView(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":1}`, 2, "")
	var legal struct {
		Seat  int               `json:"seat"`
		Moves []json.RawMessage `json:"moves"`
	}
	json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/legal", ps[1].token, "")).body, &legal)
	if legal.Seat != 1 || len(legal.Moves) != 3 {
		t.Fatalf("legal moves %+v", legal)
	}
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":3}}`))
	spec := e.state(id, "")
	if spec.You != nil {
		t.Fatalf("spectator got a seat: %+v", spec.You)
	}
	if v := toyView(t, spec.View); v.MyPick != 0 || !v.Picked[0] {
		t.Fatalf("spectator view %+v", v)
	}
	if v := toyView(t, e.state(id, ps[1].token).View); v.MyPick != 0 {
		t.Fatalf("seat 1 sees seat 0's pick: %+v", v)
	}
	if v := toyView(t, e.state(id, ps[0].token).View); v.MyPick != 3 {
		t.Fatalf("seat 0 does not see its own pick: %+v", v)
	}
}

func TestLongPoll(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":1}`, 2, "")
	seq := e.state(id, "").Seq
	done := make(chan state, 1)
	go func() {
		r := e.do("GET", "/api/matches/"+id+"?after="+itoa(int(seq))+"&wait=20", ps[1].token, "")
		done <- decodeState(t, r.body)
	}()
	e.waitSubscribed(id)
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	st := <-done
	if st.Seq != seq+1 || st.You.Seat != 1 || !st.You.MustAct {
		t.Fatalf("long poll returned %+v", st)
	}
	// Already past: answers at once.
	if st := decodeState(t, e.must(200, e.do("GET", "/api/matches/"+id+"?after=0", "", "")).body); st.Seq != seq+1 {
		t.Fatalf("poll after 0: seq %d", st.Seq)
	}
}

func TestReloadFromLog(t *testing.T) {
	t.Parallel()
	st := openSQLite(t)
	e := newEnv(t, st, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 3, "")
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	e.must(200, e.do("POST", "/api/matches/"+id+"/undo", ps[1].token, ``))
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":3}}`))
	want := e.state(id, ps[1].token)

	// A second server on the same store rebuilds the match from the log alone.
	e2 := newEnv(t, st, nil)
	got := e2.state(id, ps[1].token)
	if got.Seq != want.Seq || string(got.View) != string(want.View) || got.Match.Moves != 2 {
		t.Fatalf("rebuilt state %+v\nwant %+v", got, want)
	}
	if v := toyView(t, got.View); v.MyPick != 3 {
		t.Fatalf("rebuilt view %+v: seat 1's pick after undo is 3", v)
	}
	e2.must(200, e2.do("POST", "/api/matches/"+id+"/moves", ps[2].token, `{"move":{"pick":1}}`))
}

func TestStaticFiles(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) {
		c.Static = fstestFS()
	})
	r := e.must(200, e.do("GET", "/", "", ""))
	if !strings.Contains(string(r.body), "<title>T</title>") || r.header.Get("Content-Type") != "text/html; charset=utf-8" ||
		r.header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("index: %s %v", r.body, r.header)
	}
	if r := e.must(200, e.do("GET", "/m/abcdefghijklmnop", "", "")); !strings.Contains(string(r.body), "<title>T</title>") {
		t.Fatalf("invite link does not serve the page: %s", r.body)
	}
	js := e.must(200, e.do("GET", "/js/app.js", "", ""))
	if ct := js.header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" || js.header.Get("Cache-Control") != "public, max-age=3600" {
		t.Fatalf("app.js headers %v", js.header)
	}
	req, _ := http.NewRequest("GET", e.http.URL+"/js/app.js", nil)
	req.Header.Set("If-None-Match", js.header.Get("ETag"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotModified {
		t.Fatalf("conditional GET: %d, want 304", res.StatusCode)
	}
	if r := e.do("GET", "/missing.css", "", ""); r.status != 404 || r.errCode() != codeNotFound {
		t.Fatalf("missing file: %d %s", r.status, r.body)
	}
	if r := e.do("GET", "/%2e%2e/%2e%2e/etc/passwd.txt", "", ""); r.status != 404 {
		t.Fatalf("path escape: %d %s", r.status, r.body)
	}
}

func fstestFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html": {Data: []byte("<!doctype html><title>T</title>")},
		"js/app.js":  {Data: []byte("console.log(1)")},
		"js/big.js":  {Data: []byte(strings.Repeat("export function f() { return 42; }\n", 200))},
	}
}

func TestStaticFilesGzip(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Static = fstestFS() })
	want := fstestFS()["js/big.js"].Data
	get := func(encoding, etag string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", e.http.URL+"/js/big.js", nil)
		// Setting Accept-Encoding ourselves stops the transport from decompressing on its own.
		req.Header.Set("Accept-Encoding", encoding)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
	res := get("br, gzip", "")
	if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("gzip not used: %v", res.Header)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("gzip body decodes to %d bytes (%v), want the %d of the file", len(got), err, len(want))
	}
	if n, _ := strconv.Atoi(res.Header.Get("Content-Length")); n == 0 || n >= len(want) {
		t.Fatalf("compressed length %d, file %d", n, len(want))
	}
	gzTag := res.Header.Get("ETag")
	if r := get("gzip", gzTag); r.StatusCode != http.StatusNotModified {
		t.Fatalf("conditional GET of the gzip form: %d, want 304", r.StatusCode)
	}
	// A client that refuses gzip gets the file as it is, under another ETag.
	for _, enc := range []string{"identity", "gzip;q=0"} {
		r := get(enc, "")
		body, _ := io.ReadAll(r.Body)
		if r.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, want) || r.Header.Get("ETag") == gzTag {
			t.Fatalf("Accept-Encoding %q: encoding %q, %d bytes, etag %s", enc, r.Header.Get("Content-Encoding"), len(body), r.Header.Get("ETag"))
		}
	}
}

func TestDrainEndsLongPolls(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, _ := e.newMatch("toy", `{"rounds":1}`, 1, "")
	seq := e.state(id, "").Seq
	done := make(chan resp, 1)
	go func() { done <- e.do("GET", "/api/matches/"+id+"?after="+itoa(int(seq))+"&wait=60", "", "") }()
	e.waitSubscribed(id)
	e.srv.Drain()
	select {
	case r := <-done:
		if st := decodeState(t, e.must(200, r).body); st.Seq != seq {
			t.Fatalf("drained poll answered seq %d, want the current %d", st.Seq, seq)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a long poll outlived Drain")
	}
}

func TestIdleMatchesAreEvictedAndReloaded(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.IdleTimeout = time.Minute })
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, "")
	busy, _ := e.newMatch("toy", `{"rounds":2}`, 1, "")
	e.dial(busy, "", -1).stateAt(0) // a watched match stays
	e.waitSubscribed(busy)
	e.clock.Advance(2 * time.Minute)
	e.srv.evictIdle()
	e.srv.mu.Lock()
	_, idle := e.srv.matches[id]
	_, watched := e.srv.matches[busy]
	e.srv.mu.Unlock()
	if idle || !watched {
		t.Fatalf("after eviction: idle match kept %v, watched match kept %v", idle, watched)
	}
	// The evicted match is rebuilt from its log on the next request.
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	if v := toyView(t, e.state(id, ps[1].token).View); v.MyPick != 2 {
		t.Fatalf("reloaded match view %+v", v)
	}
}

// TestNotificationRefreshesMatch appends behind the server's back, as another instance would, and
// checks that a notification (here the resync one, id "") brings the match and its sockets up to date.
func TestNotificationRefreshesMatch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, _ := e.newMatch("toy", `{"rounds":2}`, 2, "")
	w := e.dial(id, "", -1)
	seq := w.stateAt(0).Seq
	ev := store.Event{Kind: evMove, Seat: 1, At: e.clock.Now(), Data: mustJSON(moveData{Move: json.RawMessage(`{"pick":3}`)})}
	if _, err := e.store.Append(context.Background(), id, seq, store.Update{}, ev); err != nil {
		t.Fatal(err)
	}
	e.srv.onNotify("", 0)
	if s := w.stateAt(seq + 1); !toyView(t, s.View).Picked[1] {
		t.Fatalf("after the notification: %s", s.View)
	}
}

func TestWebSocketMessagesAreRateLimited(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.RateLimit, c.RateBurst = 0.001, 20 })
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, "")
	w := e.dial(id, ps[0].token, -1)
	limited := false
	for range 25 {
		w.send(`{"type":"undo"}`)
		var r wsReply
		json.Unmarshal(w.next("error"), &r)
		if r.Error.Code == codeRateLimited {
			limited = true
			break
		}
	}
	if !limited {
		t.Fatal("25 messages with a burst of 20 were never limited")
	}
}

func TestClientKey(t *testing.T) {
	t.Parallel()
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, c := range []struct {
		remote string
		xff    []string
		want   string
	}{
		{"192.0.2.7:5000", nil, "192.0.2.7"},
		{"192.0.2.7:5000", []string{"198.51.100.1"}, "192.0.2.7"}, // not from a trusted proxy: the header is ignored
		{"10.1.2.3:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"10.1.2.3:5000", []string{"6.6.6.6, 198.51.100.1, 10.9.9.9"}, "198.51.100.1"}, // the left part may be forged
		{"10.1.2.3:5000", []string{"6.6.6.6", "198.51.100.1"}, "198.51.100.1"},         // several headers are one list
		{"10.1.2.3:5000", []string{"10.2.2.2"}, "10.2.2.2"},                            // only trusted hops: the first of them
		{"10.1.2.3:5000", nil, "10.1.2.3"},
		{"10.1.2.3:5000", []string{"garbage"}, "10.1.2.3"},
		// Some proxies (Azure Application Gateway) write the client's port too.
		{"10.1.2.3:5000", []string{"198.51.100.1:4711"}, "198.51.100.1"},
		{"10.1.2.3:5000", []string{"[2001:db8:1:2::7]:443, 10.9.9.9:80"}, "2001:db8:1:2::/64"},
		{"[::1]:5000", []string{"2001:db8:1:2:3:4:5:6"}, "2001:db8:1:2::/64"},
		{"[2001:db8:aa:bb:1::9]:5000", nil, "2001:db8:aa:bb::/64"}, // an IPv6 client is its /64
		{"[::ffff:192.0.2.9]:5000", nil, "192.0.2.9"},
		{"pipe", nil, "pipe"},
	} {
		r := httptest.NewRequest("GET", "/api/games", nil)
		r.RemoteAddr = c.remote
		for _, h := range c.xff {
			r.Header.Add("X-Forwarded-For", h)
		}
		if got := httpkit.ClientKey(r, trusted); got != c.want {
			t.Errorf("httpkit.ClientKey(%s, %q) = %q, want %q", c.remote, c.xff, got, c.want)
		}
	}
}

// Behind a trusted proxy each client has its own bucket; a client that is not a trusted proxy cannot
// escape its bucket by sending X-Forwarded-For.
func TestRateLimitBehindProxy(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		trusted   []netip.Prefix
		separated bool
	}{
		{[]netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}, true},
		{nil, false},
	} {
		e := newEnv(t, nil, func(cfg *Config) { cfg.RateLimit, cfg.RateBurst, cfg.TrustedProxies = 0.001, 1, c.trusted })
		get := func(client string) int {
			req, _ := http.NewRequest("GET", e.http.URL+"/api/games", nil)
			req.Header.Set("X-Forwarded-For", client)
			res, err := e.http.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.StatusCode
		}
		first, second, again := get("198.51.100.1"), get("198.51.100.2"), get("198.51.100.1")
		if first != 200 || again != 429 || (second == 200) != c.separated {
			t.Errorf("trusted %v: statuses %d %d %d", c.trusted, first, second, again)
		}
	}
}

// The page lists every script module as a modulepreload in its head, so that the browser fetches them
// at once rather than one import level at a time; a page without modules is served as it is.
func TestIndexPreloadsEveryModule(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"index.html":       {Data: []byte(`<html><head><script type="module" src="/js/main.js"></script></head><body></body></html>`)},
		"js/main.js":       {Data: []byte(`import "./game/table.js";`)},
		"js/game/table.js": {Data: []byte(`export const x = 1;`)},
		"app.css":          {Data: []byte(`body {}`)},
	}
	e := newEnv(t, nil, func(c *Config) { c.Static = fsys })
	body := string(e.must(200, e.do("GET", "/", "", "")).body)
	for _, want := range []string{`<link rel="modulepreload" href="/js/main.js">`, `<link rel="modulepreload" href="/js/game/table.js">`} {
		if !strings.Contains(body, want) || strings.Index(body, want) > strings.Index(body, "</head>") {
			t.Errorf("the page lacks %s in its head: %s", want, body)
		}
	}
	if strings.Contains(body, "app.css\" rel") || strings.Count(body, "modulepreload") != 2 {
		t.Errorf("the page preloads something else: %s", body)
	}
	plain := newEnv(t, nil, func(c *Config) { c.Static = fstestFS() })
	if got := string(plain.must(200, plain.do("GET", "/", "", "")).body); got != string(fstestFS()["index.html"].Data) {
		t.Errorf("a page without modules was changed: %s", got)
	}
}

// Behind a trusted TLS proxy (X-Forwarded-Proto: https) the site is https for every purpose: the session
// cookie is Secure and the invitation link a new match answers is https (docs/operations.md); the same
// header from a peer that is not a trusted proxy changes neither.
func TestHTTPSBehindTrustedProxy(t *testing.T) {
	t.Parallel()
	for _, trusted := range []bool{true, false} {
		e := newEnv(t, nil, func(c *Config) {
			c.Accounts = c.Store.(store.Accounts)
			if trusted {
				c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
			}
		})
		proxied := map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7", "Content-Type": "application/json"}
		invite := e.must(201, e.rawDo("POST", "/api/matches", `{"game":"toy"}`, proxied)).json(t)["invite"].(string)
		if strings.HasPrefix(invite, "https://") != trusted {
			t.Errorf("trusted proxy %v: invitation %s", trusted, invite)
		}
		cookie := e.must(201, e.rawDo("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`, proxied)).header.Get("Set-Cookie")
		if strings.Contains(cookie, "Secure") != trusted {
			t.Errorf("trusted proxy %v: cookie %s", trusted, cookie)
		}
	}
}
