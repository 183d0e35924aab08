package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// heldHijack holds a WebSocket's handshake at the switch of protocols, past the server's checks, until
// the test lets it go on: the moment a Close may arrive in the middle of a handshake.
type heldHijack struct {
	http.ResponseWriter
	hijacking chan<- struct{}
	proceed   <-chan struct{}
}

func (h *heldHijack) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	close(h.hijacking)
	<-h.proceed
	return http.NewResponseController(h.ResponseWriter).Hijack()
}

// A WebSocket whose handshake is under way when the server closes is counted before Close waits: Close
// returns once it has been served and closed, not before it starts. Counted after the handshake, it could
// be counted after Close had begun to wait (an Add from zero racing with Wait, which the race detector
// reports, as it once did at the end of TestWebSocketsPerAddress) and then be served by a server already
// closed, its store perhaps closed too.
func TestCloseWaitsForAWebSocketBeingAccepted(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, _ := e.newMatch("toy", `{"rounds":2}`, 1, "")
	hijacking, proceed := make(chan struct{}), make(chan struct{})
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.srv.Handler().ServeHTTP(&heldHijack{ResponseWriter: w, hijacking: hijacking, proceed: proceed}, r)
	}))
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ended := make(chan error, 1)
	go func() {
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/matches/"+id+"/ws", nil)
		if err != nil {
			ended <- err
			return
		}
		defer c.CloseNow()
		for err == nil { // until the server closes the socket (a state may come first)
			_, _, err = c.Read(ctx)
		}
		ended <- err
	}()
	<-hijacking
	closed := make(chan struct{})
	go func() { e.srv.Close(); close(closed) }()
	<-e.srv.ctx.Done() // Close has begun
	close(proceed)
	<-closed
	if n := e.srv.sockets.Total(); n != 0 {
		t.Errorf("Close returned while %d WebSocket(s) were still being served", n)
	}
	// The server ended the socket, saying it was going away, not the client's deadline.
	if err := <-ended; websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Errorf("the socket accepted as the server closed ended with %v, want status 1001 (going away)", err)
	}
}

// startupSpy notes whether the tournaments' loop first asked for the active tournaments before the
// notification sender was set up (its link key read): the sender is the last observer New registers.
type startupSpy struct {
	*sqlite.Store
	keyed, early atomic.Bool
	first        sync.Once
}

func (s *startupSpy) ServerKey(ctx context.Context, name string, mk func() (string, error)) (string, error) {
	k, err := s.Store.ServerKey(ctx, name, mk)
	if name == "link-key" {
		// A pause here widens what a loop started too early had to tick in; it asserts nothing.
		time.Sleep(50 * time.Millisecond)
		s.keyed.Store(true)
	}
	return k, err
}

func (s *startupSpy) ActiveTournaments(ctx context.Context) ([]store.Tournament, error) {
	s.first.Do(func() { s.early.Store(!s.keyed.Load()) })
	return s.Store.ActiveTournaments(ctx)
}

// A server started on a store whose tournament is due starts it at its rooms' first tick, from New; the
// games that start then are logged with every observer in place, the sender too. New registers them all
// before it starts any background work: the observers are read without a lock, and the loops started
// before the sender was registered logged those games' events as New appended to the observers (a data
// race), without the sender.
func TestBackgroundWorkStartsAfterEveryObserver(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ps := signUp(t, e, "Ada", "Bea")
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Restart","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"`+
		start.Format(time.RFC3339)+`"}`), 201).json(t)["id"].(string)
	for _, p := range ps {
		p.b.must(p.b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	e.srv.Close()
	spy := &startupSpy{Store: e.store.(*sqlite.Store)}
	e2 := newEnv(t, spy, func(c *Config) {
		c.Accounts = spy
		c.Now = func() time.Time { return start.Add(time.Minute) }
	})
	if spy.early.Load() {
		t.Error("the tournaments' loop ticked before New had registered the notification sender")
	}
	// the first tick started the tournament: its game is being played
	deadline := time.Now().Add(20 * time.Second)
	for {
		var rs roundsOut
		json.Unmarshal(e2.must(200, e2.do("GET", "/api/tournaments/"+id+"/rounds", "", "")).body, &rs)
		if len(rs.Rounds) == 1 && len(rs.Rounds[0].Pairings) == 1 && rs.Rounds[0].Pairings[0].Match != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the due tournament did not start: %+v", rs)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A server that closes tells each open socket why, with a close frame of status 1001 (going away) and a
// reason, before it closes the connection: the client then knows to reconnect at once, to another
// instance, rather than treat a bare end of the connection as a failure to back off from. The socket's
// reader used to close the connection as the writer sent that frame, so that the client often saw the
// connection end without it.
func TestClosingServerSaysGoingAway(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, _ := e.newMatch("toy", `{"rounds":2}`, 1, "")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.http.URL, "http")+"/api/matches/"+id+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if _, _, err := c.Read(ctx); err != nil { // the state: the socket is served
		t.Fatal(err)
	}
	closed := make(chan struct{})
	go func() { e.srv.Close(); close(closed) }()
	for err == nil { // until the server ends the socket
		_, _, err = c.Read(ctx)
	}
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusGoingAway || ce.Reason == "" {
		t.Errorf("the closing server ended the socket with %v, want status 1001 (going away) and a reason", err)
	}
	<-closed
}

// The reader of a socket that e.dial opens ends with its test, however many messages the test left
// unread: blocked on its full channel, it used to outlive the test for good. The reader is found by the
// profiler label its goroutine inherits from the dial.
func TestDialReadersEndWithTheirTest(t *testing.T) {
	t.Parallel()
	t.Run("unread", func(t *testing.T) {
		e := newEnv(t, nil, nil)
		id, _ := e.newMatch("toy", `{"rounds":2}`, 1, "")
		var w *wsConn
		pprof.Do(context.Background(), pprof.Labels("dialed", t.Name()), func(context.Context) { w = e.dial(id, "", -1) })
		for range cap(w.msgs) + 10 { // each is answered: more answers than the channel holds
			w.send(`{"type":"visible"}`)
		}
		deadline := time.Now().Add(10 * time.Second)
		for len(w.msgs) < cap(w.msgs) {
			if time.Now().After(deadline) {
				t.Fatalf("%d messages came, want %d", len(w.msgs), cap(w.msgs))
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
	deadline := time.Now().Add(10 * time.Second)
	for {
		var b strings.Builder
		pprof.Lookup("goroutine").WriteTo(&b, 1)
		if !strings.Contains(b.String(), `"dialed":"`+t.Name()+`/unread"`) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the socket's reader outlived its test by 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// finishHold holds the append that finishes a match, once it is in the log, until the test lets it go:
// the moment a server may be closed while a bot's or a clock's move that ends a game is being written.
type finishHold struct {
	*sqlite.Store
	committed chan<- struct{}
	proceed   <-chan struct{}
	once      sync.Once
}

func (h *finishHold) Append(ctx context.Context, id string, after int64, up store.Update, evs ...store.Event) (int64, error) {
	n, err := h.Store.Append(ctx, id, after, up, evs...)
	if up.Status == statusFinished {
		h.once.Do(func() { close(h.committed); <-h.proceed })
	}
	return n, err
}

// A bot's move that ends a rated game, being written when the server closes, is seen through: the game's
// rating is recorded, as every end's is. Timers play on the server's context, and the observers that
// record a game's end (its ratings, a tournament's result, a challenge's score) write after the move is in
// the log; Close used to cancel that context under a timer's move, so that the move was logged but the
// rating was never recorded (the ratings observer's first read failed). Close now waits for the timers'
// work in progress before it cancels, as it does for the WebSockets' messages.
func TestCloseLetsABotsMoveFinish(t *testing.T) {
	t.Parallel()
	committed, proceed := make(chan struct{}), make(chan struct{})
	e, _, _ := accEnv(t, func(c *Config) {
		h := &finishHold{Store: c.Store.(*sqlite.Store), committed: committed, proceed: proceed}
		c.Store, c.Accounts, c.Bots = h, h, toyBots{}
	})
	a := e.browser()
	a.must(a.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	id := a.must(a.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":1,"sequential":true},"max_seats":2,"name":"Ada","rated":true}`), 201).json(t)["id"].(string)
	a.must(a.do("POST", "/api/matches/"+id+"/bots", `{"bot":"steady"}`), 200)
	a.must(a.do("POST", "/api/matches/"+id+"/start", ""), 200)
	a.must(a.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200) // the bot, seat 1, moves last
	select {
	case <-committed: // the bot's last move is in the log; its observers have not run
	case <-time.After(20 * time.Second):
		t.Fatal("the bot did not end the game")
	}
	closed := make(chan struct{})
	go func() { e.srv.Close(); close(closed) }()
	// Close has begun once it has cancelled the server's context or waits to: it then holds or waits for
	// busy (which nothing but Close and the bot's move take here), and a TryRLock fails. Holding busy,
	// Close cancels at once: a moment's grace makes sure that a Close that does not wait has done so.
	for e.srv.ctx.Err() == nil && e.srv.busy.TryRLock() {
		e.srv.busy.RUnlock()
		time.Sleep(time.Millisecond)
	}
	select {
	case <-e.srv.ctx.Done():
	case <-time.After(100 * time.Millisecond):
	}
	close(proceed)
	<-closed
	e2 := newEnv(t, e.store, func(c *Config) { c.Accounts = e.store.(*sqlite.Store) })
	if p := e2.profile("Ada"); len(p.Ratings) != 1 || p.Ratings[0].Games != 1 {
		t.Errorf("Ada's ratings after the game the bot ended as the server closed: %+v, want one game rated", p.Ratings)
	}
}
