package server

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/server/httpkit"
)

// closedWithin reports whether the server ends the connection (EOF or reset, after any response) within d.
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	buf := make([]byte, 4096)
	for {
		if _, err := c.Read(buf); err != nil {
			ne, ok := err.(net.Error)
			return !(ok && ne.Timeout())
		}
	}
}

// A client that sends its headers and then trickles its body loses its connection after the body
// timeout, instead of holding it forever.
func TestSlowBodyIsCutOff(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.BodyTimeout = 300 * time.Millisecond })
	c, err := net.Dial("tcp", e.http.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
	stop := make(chan struct{})
	defer close(stop)
	go func() { // one byte every 100 ms: far from the 1000 announced
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := io.WriteString(c, " "); err != nil {
					return
				}
			}
		}
	}()
	if !closedWithin(c, 5*time.Second) {
		t.Fatal("a trickled body held its connection for 5 s")
	}
}

// A refusal for the rate limit closes the connection: the server does not wait to read what follows.
func TestRateLimitedConnectionCloses(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.RateLimit, c.RateBurst = 0.001, 1 })
	c, err := net.Dial("tcp", e.http.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	rd := bufio.NewReader(c)
	for i, want := range []int{200, 429} {
		io.WriteString(c, "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
		res, err := http.ReadResponse(rd, nil)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != want {
			t.Fatalf("request %d: status %d, want %d", i, res.StatusCode, want)
		}
	}
	// The connection is gone even though the client sends a body-bearing request that never ends.
	io.WriteString(c, "POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
	if !closedWithin(c, 5*time.Second) {
		t.Fatal("the connection of a rate-limited client stayed open")
	}
}

// One address opens many connections and trickles nothing: past the cap its connections are closed at
// once, and another address still plays.
func TestFloodFromOneAddressLeavesOthersPlaying(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	const per = 8
	hs := httptest.NewUnstartedServer(e.srv.Handler())
	hs.Listener.Close()
	hs.Listener = httpkit.LimitListener(ln, per, nil)
	hs.Start()
	defer hs.Close()
	addr := ln.Addr().(*net.TCPAddr)
	dialFrom := func(ip string) (net.Conn, error) {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
		return d.Dial("tcp", addr.String())
	}
	var flood []net.Conn
	defer func() {
		for _, c := range flood {
			c.Close()
		}
	}()
	for range 5 * per {
		c, err := dialFrom("127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(c, "POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
		flood = append(flood, c)
	}
	held := 0
	for _, c := range flood {
		if !closedWithin(c, 200*time.Millisecond) {
			held++
		}
	}
	t.Logf("one address opened %d connections, the server holds %d", len(flood), held)
	if held != per {
		t.Fatalf("the server holds %d of the flood's connections, want the cap %d", held, per)
	}
	// Another address plays meanwhile: create a match, join, start, move.
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return dialFrom("127.0.0.2")
	}}}
	call := func(method, path, tok, body string) (int, []byte) {
		req, _ := http.NewRequest(method, "http://"+addr.String()+path, strings.NewReader(body))
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s from another address: %v", method, path, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, b
	}
	code, b := call("POST", "/api/matches", "", `{"game":"toy","max_seats":1,"name":"Bea"}`)
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, b)
	}
	id, tok := decodeField(t, b, "id"), decodeField(t, b, "token")
	if code, b := call("POST", "/api/matches/"+id+"/start", tok, ""); code != http.StatusOK {
		t.Fatalf("start: %d %s", code, b)
	}
	if code, b := call("POST", "/api/matches/"+id+"/moves", tok, `{"move":{"pick":2}}`); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, b)
	}
}

// One address may hold only so many WebSockets; the next is refused before the upgrade.
func TestWebSocketsPerAddress(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.WebSocketsPerAddr = 2 })
	id, _ := e.newMatch("toy", `{"rounds":2}`, 1, "")
	e.dial(id, "", -1)
	e.dial(id, "", -1)
	r := e.do("GET", "/api/matches/"+id+"/ws", "", "")
	if r.status != http.StatusTooManyRequests {
		t.Fatalf("third WebSocket from one address: %d %s", r.status, r.body)
	}
}

// A peer that vanishes without closing (it answers no ping) is dropped.
func TestVanishedWebSocketPeerIsDropped(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.WebSocketPing = 100 * time.Millisecond })
	id, _ := e.newMatch("toy", `{"rounds":2}`, 1, "")
	c, err := net.Dial("tcp", e.http.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// A hand-made handshake, then silence: the client never reads, so it never answers a ping.
	io.WriteString(c, "GET /api/matches/"+id+"/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
	e.waitSubscribed(id)
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		e.srv.mu.Lock()
		m := e.srv.matches[id]
		e.srv.mu.Unlock()
		m.mu.Lock()
		n := len(m.subs)
		m.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("a peer that answers no ping was still subscribed after 5 s")
}

// The body deadline bounds sending a body, not answering: a long poll (no body) that waits longer than it
// answers with the change it waited for, as does a request whose body came in time.
func TestSlowAnswersOutliveTheBodyDeadline(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.BodyTimeout = 100 * time.Millisecond })
	id, ps := e.newMatch("toy", `{"rounds":1}`, 2, "")
	seq := e.state(id, "").Seq
	done := make(chan resp, 1)
	go func() { done <- e.do("GET", "/api/matches/"+id+"?after="+itoa(int(seq))+"&wait=20", ps[1].token, "") }()
	e.waitSubscribed(id)
	time.Sleep(400 * time.Millisecond)
	e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	r := <-done
	if r.status != 200 {
		t.Fatalf("long poll past the body deadline: %d %s", r.status, r.body)
	}
	if st := decodeState(t, r.body); st.Seq != seq+1 {
		t.Fatalf("long poll answered seq %d, want the move's %d", st.Seq, seq+1)
	}
}
