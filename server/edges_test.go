package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// The Authorization scheme is case-insensitive: "bearer" and "BEARER" name the seat as "Bearer" does.
func TestBearerSchemeAnyCase(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 1, "")
	for i, scheme := range []string{"bearer", "BEARER", "Bearer"} {
		req, _ := http.NewRequest("POST", e.http.URL+"/api/matches/"+id+"/moves", strings.NewReader(`{"move":{"pick":1}}`))
		req.Header.Set("Authorization", scheme+" "+ps[0].token)
		res, err := e.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if want := []int{200, 200, 409}[i]; res.StatusCode != want { // the third finds the game over
			t.Errorf("%q: status %d, want %d", scheme, res.StatusCode, want)
		}
	}
}

// Pages come with a Content-Security-Policy that forbids framing, and X-Frame-Options for old browsers.
func TestPagesCarrySecurityHeaders(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Static = fstestFS() })
	res, err := e.http.Client().Get(e.http.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"frame-ancestors 'none'", "script-src 'self'", "default-src 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if res.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("X-Frame-Options %q", res.Header.Get("X-Frame-Options"))
	}
}

// Only the host, seat 0, starts a match.
func TestOnlyTheHostStarts(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	v := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	bea := e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Bea"}`)).json(t)["token"].(string)
	if r := e.do("POST", "/api/matches/"+id+"/start", bea, ""); r.status != http.StatusForbidden {
		t.Fatalf("a guest started the match: %d %s", r.status, r.body)
	}
	if st := e.state(id, ""); st.Match.Status != statusOpen {
		t.Fatalf("status %q after the refused start", st.Match.Status)
	}
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
}

// A log that no longer replays (here a move logged after the game's end) is the server's fault: 500,
// logged, not the client's "game over".
func TestCorruptLogIsAServerError(t *testing.T) {
	t.Parallel()
	st := openSQLite(t)
	e := newEnv(t, st, nil)
	id, ps := e.newMatch("toy", `{"rounds":1}`, 1, "")
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	row, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Append(context.Background(), id, row.Seq, store.Update{},
		store.Event{Kind: evMove, Seat: 0, Data: json.RawMessage(`{"move":{"pick":2}}`), At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	var logs syncBuffer
	e2 := newEnv(t, st, func(c *Config) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	r := e2.do("GET", "/api/matches/"+id, "", "")
	if r.status != http.StatusInternalServerError || r.errCode() != codeInternal || strings.Contains(string(r.body), "game is over") {
		t.Fatalf("a corrupt log answered %d %s", r.status, r.body)
	}
	if !strings.Contains(logs.String(), "does not replay") {
		t.Fatalf("nothing logged: %q", logs.String())
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// One address opening matches by the dozen is slowed after a burst, so that it cannot bury the lobby;
// another address still opens its own.
func TestMatchCreationIsLimitedPerAddress(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.RateLimit, c.RateBurst = 1000, 1000 })
	created := 0
	for range createBurst + 5 {
		if r := e.do("POST", "/api/matches", "", `{"game":"toy"}`); r.status == http.StatusCreated {
			created++
		} else if r.status != http.StatusTooManyRequests || r.errCode() != codeRateLimited {
			t.Fatalf("creation refused with %d %s", r.status, r.body)
		}
	}
	if created != createBurst {
		t.Fatalf("%d matches created in a burst, want %d", created, createBurst)
	}
	// The limit runs on the server's clock, which the test holds still however long the requests took
	// (on the machine's, a token came back every 6 s of a slow run): moved on by one token's time, it lets
	// one creation more through, and no second.
	e.clock.Advance(time.Duration(float64(time.Second) / createRate))
	if r := e.do("POST", "/api/matches", "", `{"game":"toy"}`); r.status != http.StatusCreated {
		t.Fatalf("a creation once a token came back: %d %s", r.status, r.body)
	}
	if r := e.do("POST", "/api/matches", "", `{"game":"toy"}`); r.status != http.StatusTooManyRequests {
		t.Fatalf("a second creation on one token: %d %s", r.status, r.body)
	}
	rec := serve(e.srv, "POST", "/api/matches", "", `{"game":"toy"}`) // from 192.0.2.1, httptest's address

	if rec.Code != http.StatusCreated {
		t.Fatalf("another address could not open a match: %d %s", rec.Code, rec.Body)
	}
}

// A name that reads as a seated player's is refused: players must be told apart.
func TestLookAlikeNamesRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":4,"name":"Ada"}`)).json(t)["id"].(string)
	for _, name := range []string{"ada", "АDА", "Ａｄａ", " A d a"} {
		if r := e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"`+name+`"}`); r.status != http.StatusConflict || r.errCode() != codeNameTaken {
			t.Errorf("%q joined beside Ada: %d %s", name, r.status, r.body)
		}
	}
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Ida"}`))
}

// slowStore delays appends, so that a shutdown can arrive while a move is being saved.
type slowStore struct {
	store.Store
	delay atomic.Int64 // nanoseconds
	began chan struct{}
}

func (s *slowStore) Append(ctx context.Context, id string, after int64, up store.Update, evs ...store.Event) (int64, error) {
	select {
	case s.began <- struct{}{}:
	default:
	}
	time.Sleep(time.Duration(s.delay.Load()))
	return s.Store.Append(ctx, id, after, up, evs...)
}

// A move sent over the WebSocket and being saved when the server shuts down is saved and answered "ok"
// before the socket closes, as an HTTP request in flight is.
func TestShutdownAnswersWebSocketMovesInFlight(t *testing.T) {
	t.Parallel()
	slow := &slowStore{Store: openSQLite(t), began: make(chan struct{}, 1)}
	e := newEnv(t, slow, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, "")
	w := e.dial(id, ps[0].token, -1)
	w.next("state")
	for len(slow.began) > 0 {
		<-slow.began // the setup's appends
	}
	slow.delay.Store(int64(300 * time.Millisecond))
	w.send(`{"type":"move","id":"last","move":{"pick":1}}`)
	<-slow.began
	closed := make(chan struct{})
	go func() { e.srv.Close(); close(closed) }()
	var ok struct{ Type, ID string }
	json.Unmarshal(w.next("ok"), &ok)
	if ok.ID != "last" {
		t.Fatalf("answer %+v", ok)
	}
	<-closed
	slow.delay.Store(0)
	row, err := slow.Game(context.Background(), id)
	if err != nil || row.Seq != 4 { // 2 joins, start, and the move
		t.Fatalf("log at seq %d (%v), want the move saved at 4", row.Seq, err)
	}
}

// The host closes a match that has not started: it leaves the lobby, and no one joins or starts it;
// another player may not close it, nor may the host once it has started.
func TestHostClosesAnOpenMatch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	v := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":3,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	bea := e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Bea"}`)).json(t)["token"].(string)
	if r := e.do("POST", "/api/matches/"+id+"/close", bea, ""); r.status != http.StatusForbidden {
		t.Fatalf("a guest closed the match: %d %s", r.status, r.body)
	}
	if r := e.do("POST", "/api/matches/"+id+"/close", "", ""); r.status != http.StatusUnauthorized {
		t.Fatalf("no token: %d", r.status)
	}
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/close", ada, ""))
	if st := e.state(id, ""); st.Match.Status != statusClosed {
		t.Fatalf("status %q", st.Match.Status)
	}
	for _, c := range []struct{ path, tok, body string }{{"/join", "", `{"name":"Cy"}`}, {"/start", ada, ""}, {"/close", ada, ""}} {
		if r := e.do("POST", "/api/matches/"+id+c.path, c.tok, c.body); r.status != http.StatusConflict || r.errCode() != codeClosed {
			t.Errorf("%s after closing: %d %s", c.path, r.status, r.body)
		}
	}
	lobby := e.must(http.StatusOK, e.do("GET", "/api/matches?status=open", "", "")).json(t)
	if ms := lobby["matches"].([]any); len(ms) != 0 {
		t.Fatalf("the lobby still lists %d open matches", len(ms))
	}
	// A started match cannot be closed.
	id2, ps := e.newMatch("toy", `{"rounds":1}`, 2, "")
	if r := e.do("POST", "/api/matches/"+id2+"/close", ps[0].token, ""); r.status != http.StatusConflict || r.errCode() != codeAlreadyStarted {
		t.Fatalf("closing a started match: %d %s", r.status, r.body)
	}
	// A server that loads the closed match from its log knows it is closed.
	fresh := newEnv(t, e.store, nil)
	if st := fresh.state(id, ""); st.Match.Status != statusClosed {
		t.Fatalf("reloaded status %q", st.Match.Status)
	}
}

// The host removes a seat before the start: the seats after it move up, their tokens still theirs; the
// removed token opens no seat; no one else may remove, nor the host's own seat, nor after the start.
func TestHostRemovesASeat(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	v := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":3,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	bea := e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Bea"}`)).json(t)["token"].(string)
	cy := e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Cy"}`)).json(t)["token"].(string)
	if r := e.do("POST", "/api/matches/"+id+"/seats/1/remove", cy, ""); r.status != http.StatusForbidden {
		t.Fatalf("a guest removed a seat: %d", r.status)
	}
	if r := e.do("POST", "/api/matches/"+id+"/seats/0/remove", ada, ""); r.status != http.StatusBadRequest {
		t.Fatalf("the host's own seat removed: %d", r.status)
	}
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/seats/1/remove", ada, ""))
	st := e.state(id, cy)
	if len(st.Match.Players) != 2 || st.Match.Players[1].Name != "Cy" || st.You == nil || st.You.Seat != 1 {
		t.Fatalf("after removing Bea: players %+v, Cy is %+v", st.Match.Players, st.You)
	}
	if r := e.do("GET", "/api/matches/"+id, bea, ""); r.status != http.StatusForbidden {
		t.Fatalf("the removed seat's token still opens a seat: %d", r.status)
	}
	lobby := e.must(http.StatusOK, e.do("GET", "/api/matches?status=open", "", "")).json(t)
	sum := lobby["matches"].([]any)[0].(map[string]any)["summary"].(map[string]any)
	if ps := sum["players"].([]any); len(ps) != 2 || ps[1] != "Cy" {
		t.Fatalf("lobby summary %v", sum)
	}
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
	if r := e.do("POST", "/api/matches/"+id+"/seats/1/remove", ada, ""); r.status != http.StatusConflict {
		t.Fatalf("a seat removed after the start: %d", r.status)
	}
	// Replayed from the log, the match is the same.
	if st := newEnv(t, e.store, nil).state(id, cy); st.You == nil || st.You.Seat != 1 || len(st.Match.Players) != 2 {
		t.Fatalf("reloaded: %+v", st)
	}
}

// A removed seat's open WebSocket is ended: it must not go on receiving the view of the seat number,
// which now belongs to the next player.
func TestRemovedSeatsSocketIsEnded(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	v := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":3,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	bea := e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Bea"}`)).json(t)["token"].(string)
	w := e.dial(id, bea, -1)
	w.next("state")
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/seats/1/remove", ada, ""))
	for {
		select {
		case b, ok := <-w.msgs:
			if !ok {
				return // closed: good
			}
			if st := decodeState(t, b); st.You != nil && st.Seq > 3 {
				t.Fatalf("the removed seat's socket got a seat's view after the removal: %s", b)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the removed seat's socket is still open after 5 s")
		}
	}
}

// TestUnlistedMatchesStayOutOfTheLobby: a match created unlisted (a tutorial) is in no list of the lobby,
// open or playing, before and after players join and it starts; its link still opens it; a listed one
// beside it is listed.
func TestUnlistedMatchesStayOutOfTheLobby(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	ids := func(status string) string {
		var lobby struct{ Matches []struct{ ID string } }
		json.Unmarshal(e.must(http.StatusOK, e.do("GET", "/api/matches?status="+status, "", "")).body, &lobby)
		var out []string
		for _, m := range lobby.Matches {
			out = append(out, m.ID)
		}
		return strings.Join(out, ",")
	}
	hidden := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada","unlisted":true}`)).json(t)
	listed := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Bea"}`)).json(t)
	if got := ids("open"); got != listed["id"] {
		t.Errorf("the open list is %q, want only the listed match %s", got, listed["id"])
	}
	id := hidden["id"].(string)
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"Cy"}`))
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/start", hidden["token"].(string), ""))
	if got := ids("playing"); strings.Contains(got, id) {
		t.Errorf("the started unlisted match is listed: %q", got)
	}
	if st := e.state(id, ""); st.Match.Status != statusPlaying {
		t.Errorf("the unlisted match's link reads status %q", st.Match.Status)
	}
}
