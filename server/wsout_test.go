package server

import (
	"context"
	"net"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// countingListener counts the writes to every connection it accepts.
type countingListener struct {
	net.Listener
	writes atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	return &countingConn{Conn: c, n: &l.writes}, err
}

type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c *countingConn) Write(p []byte) (int, error) {
	c.n.Add(1)
	return c.Conn.Write(p)
}

// A move sent on a seat's WebSocket is answered, its reply and the state it caused, in one write to the
// socket: one system call where there were two.
func TestWebSocketMoveAnsweredInOneWrite(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	l := &countingListener{Listener: newLocalListener(t)}
	hs := httptest.NewUnstartedServer(e.srv.Handler())
	hs.Listener = l
	hs.Start()
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/matches/"+id+"/ws?token="+ps[0].token, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	read := func() string {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if m := read(); !strings.HasPrefix(m, `{"type":"state"`) {
		t.Fatalf("first message %.80s", m)
	}
	for round, pick := range []string{"1", "2"} {
		before := l.writes.Load()
		if err := c.Write(ctx, websocket.MessageText, []byte(`{"type":"move","id":"m`+pick+`","move":{"pick":`+pick+`}}`)); err != nil {
			t.Fatal(err)
		}
		a, b := read(), read()
		if !strings.HasPrefix(a, `{"type":"state"`) || !strings.HasPrefix(b, `{"type":"ok","id":"m`+pick+`"`) {
			t.Fatalf("round %d: answers %.60s then %.60s, want the state then the reply", round, a, b)
		}
		if n := l.writes.Load() - before; n != 1 {
			t.Errorf("round %d: the reply and the state took %d writes, want 1", round, n)
		}
		// The other seat moves by HTTP: this socket gets the state alone, in one write.
		before = l.writes.Load()
		e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":3}}`))
		if m := read(); !strings.HasPrefix(m, `{"type":"state"`) {
			t.Fatalf("round %d: after the other seat's move %.60s", round, m)
		}
		if n := l.writes.Load() - before; n != 1 {
			t.Errorf("round %d: a state took %d writes, want 1", round, n)
		}
	}
}

func newLocalListener(t *testing.T) net.Listener {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return l
}
