package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store/sqlite"
)

// readSignal tells, on the first read of a request's body, that its handler has begun.
type readSignal struct {
	io.ReadCloser
	once  sync.Once
	began chan<- struct{}
}

func (r *readSignal) Read(p []byte) (int, error) {
	r.once.Do(func() { close(r.began) })
	return r.ReadCloser.Read(p)
}

// A rated game's last move sent over HTTP, whose handler has begun when the server closes, is seen
// through before Close returns and the store is closed after it (as cmd/surveyor does once
// http.Server.Shutdown has given up waiting): the move is acknowledged and the game's rating recorded.
// HTTP requests used to be left to Shutdown alone: a Shutdown that timed out let Close return under a
// request still reading its body, the store was closed next, and the move then failed (or, a moment
// earlier, was written but its records lost).
func TestCloseLetsAnHTTPMoveFinish(t *testing.T) {
	t.Parallel()
	e, path, _ := accEnv(t)
	id, _, tok := ratedOneMoveLeft(t, e)

	// Bea's last move reaches its handler, which waits for the rest of its body.
	began := make(chan struct{})
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = &readSignal{ReadCloser: r.Body, began: began}
		e.srv.Handler().ServeHTTP(w, r)
	}))
	defer hs.Close()
	body, rest := io.Pipe()
	req, _ := http.NewRequest("POST", hs.URL+"/api/matches/"+id+"/moves", body)
	req.Header.Set("Authorization", "Bearer "+tok)
	answered := make(chan int, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			answered <- 0
			return
		}
		res.Body.Close()
		answered <- res.StatusCode
	}()
	go rest.Write([]byte(`{"move":`))
	select {
	case <-began:
	case <-time.After(20 * time.Second):
		t.Fatal("Bea's move did not reach its handler")
	}
	closed := make(chan struct{})
	go func() {
		e.srv.Close()
		e.store.(*sqlite.Store).Close()
		close(closed)
	}()
	// Close has begun once it has cancelled the server's context or waits to (a TryRLock of busy fails);
	// a moment's grace makes sure that a Close that does not wait has returned, and the store is closed.
	for e.srv.ctx.Err() == nil && e.srv.busy.TryRLock() {
		e.srv.busy.RUnlock()
		time.Sleep(time.Millisecond)
	}
	select {
	case <-closed:
	case <-time.After(100 * time.Millisecond):
	}
	rest.Write([]byte(`{"pick":2}}`))
	rest.Close()
	if code := <-answered; code != http.StatusOK {
		t.Errorf("Bea's last move, made as the server closed: status %d, want 200", code)
	}
	<-closed
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e2 := newEnv(t, st, func(c *Config) { c.Accounts = st })
	if got := e2.state(id, "").Match.Status; got != statusFinished {
		t.Errorf("the match after the server closed: %s, want finished", got)
	}
	for _, name := range []string{"Ada", "Bea"} {
		if p := e2.profile(name); len(p.Ratings) != 1 || p.Ratings[0].Games != 1 {
			t.Errorf("%s's ratings after the game ended by an HTTP move as the server closed: %+v, want one game rated", name, p.Ratings)
		}
	}
}

// A change asked for over HTTP once the server has begun to close is refused with 503 and a Retry-After
// (the client tries again, on another instance behind a load balancer), and changes nothing: a move, an
// undo, a resignation. Reads are still served.
func TestHTTPChangesRefusedOnceClosing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, openSQLite(t), nil)
	id, players := e.newMatch("toy", `{"rounds":2}`, 2, "")
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", players[0].token, `{"move":{"pick":1}}`))
	before := e.state(id, players[0].token)
	e.srv.Close()
	for _, c := range []struct{ path, tok, body string }{
		{"/moves", players[1].token, `{"move":{"pick":2}}`},
		{"/undo", players[0].token, ""},
		{"/resign", players[1].token, ""},
	} {
		r := e.do("POST", "/api/matches/"+id+c.path, c.tok, c.body)
		if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") != "1" || !strings.Contains(string(r.body), `"unavailable"`) {
			t.Errorf("POST %s once the server closes: %d, Retry-After %q, %s; want 503 unavailable with Retry-After 1",
				c.path, r.status, r.header.Get("Retry-After"), r.body)
		}
	}
	after := e.state(id, players[0].token)
	if after.Seq != before.Seq || after.Match.Status != before.Match.Status {
		t.Errorf("the match after changes refused: seq %d status %s, want seq %d status %s", after.Seq, after.Match.Status, before.Seq, before.Match.Status)
	}
}
