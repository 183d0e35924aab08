package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
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
	t.Parallel()
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

// The server frames its messages by hand: a library client must read every length form (7-bit, 16-bit
// and 64-bit) back as sent, with the library's own pings between them, and the close after the last.
func TestHandFramedMessagesReadByALibraryClient(t *testing.T) {
	t.Parallel()
	sizes := []int{0, 1, 125, 126, 127, 1000, 65535, 65536, 70000}
	payload := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = 'a' + byte(i%26)
		}
		return b
	}
	errs := make(chan error, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &corkingWriter{ResponseWriter: w}
		c, err := websocket.Accept(cw, r, nil)
		if err != nil {
			errs <- err
			return
		}
		ctx := c.CloseRead(r.Context()) // answers the client's pongs and close
		cork := cw.conn
		if err := cork.frame([]byte("x")); !errors.Is(err, errNotCorked) {
			errs <- fmt.Errorf("frame uncorked: %v, want errNotCorked", err)
		}
		for i, n := range sizes {
			if err := wsWriteAll(ctx, c, cork, payload(n), nil); err != nil {
				errs <- err
				return
			}
			if i%3 == 0 {
				go c.Ping(ctx) // a control frame from the library, between messages
			}
		}
		wsClose(c, cork, websocket.StatusGoingAway, "done")
		cork.cork()
		if err := cork.frame([]byte("late")); !errors.Is(err, net.ErrClosed) {
			errs <- fmt.Errorf("frame after close: %v, want net.ErrClosed", err)
		}
		cork.uncork()
		errs <- nil
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 20)
	for _, n := range sizes {
		typ, got, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("read the message of %d bytes: %v", n, err)
		}
		if typ != websocket.MessageText || !bytes.Equal(got, payload(n)) {
			t.Fatalf("message of %d bytes: got type %v, %d bytes", n, typ, len(got))
		}
	}
	if _, _, err := c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("after the messages: %v, want the close (going away)", err)
	}
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
}
