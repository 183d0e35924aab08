package server

import (
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// Defences against clients that hold connections without using them: a client that sends its headers
// and then trickles its body, or opens connections by the thousand, would otherwise hold file
// descriptors until the server can accept no one else.

const (
	// DefaultBodyTimeout is how long a request may take to send its body once its headers are in.
	DefaultBodyTimeout = 10 * time.Second
	// DefaultConnsPerAddr caps the open connections of one client address (a browser opens about six,
	// plus a WebSocket per open match).
	DefaultConnsPerAddr = 64
	// DefaultWebSocketsPerAddr caps the WebSockets of one client address.
	DefaultWebSocketsPerAddr = 32
	// socketRetry is the wait a refused WebSocket is told: a socket frees when a page of the address closes,
	// which the server cannot foresee.
	socketRetry = 5 * time.Second
)

// defaultWebSocketPing is how often a WebSocket's peer is pinged; one that leaves a ping unanswered for
// half that long has vanished without closing, and is dropped.
const defaultWebSocketPing = 30 * time.Second

// bodyDeadline gives every request with a body a deadline to finish sending it, and makes the server
// close a connection it refuses with 429 rather than wait to read what follows. The deadline is lifted
// once the body has been read to its end: a connection's read deadline also cancels the request's
// context when it passes, which would fail a slow answer (a loaded server's, a long poll's) with 500.
func (s *Server) bodyDeadline(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength != 0 && !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
			rc := http.NewResponseController(w)
			// Not every ResponseWriter can (a test recorder); the server's own always can.
			if rc.SetReadDeadline(time.Now().Add(s.bodyTimeout)) == nil {
				r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// deadlineBody lifts its connection's read deadline when the body has been read to its end.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.done {
		b.done = true
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

// counter counts what each client address holds open.
type counter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *counter) acquire(key string, limit int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	if c.n[key] >= limit {
		return false
	}
	c.n[key]++
	return true
}

func (c *counter) release(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key]--; c.n[key] <= 0 {
		delete(c.n, key)
	}
}

// LimitListener caps the connections one client address may hold open on ln (0 or less: no cap): a
// connection past the cap is closed at once. Connections from the trusted proxies are not capped (every
// client behind a proxy shares its address; the proxy limits them, and the WebSocket cap counts them by
// X-Forwarded-For).
func LimitListener(ln net.Listener, perAddr int, trusted []netip.Prefix) net.Listener {
	if perAddr <= 0 {
		return ln
	}
	return &limitListener{Listener: ln, per: perAddr, trusted: trusted}
}

type limitListener struct {
	net.Listener
	per     int
	trusted []netip.Prefix
	open    counter
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
		if err != nil {
			return c, nil
		}
		addr := ap.Addr().Unmap()
		if isTrusted(addr, l.trusted) {
			return c, nil
		}
		key := keyOf(addr)
		if !l.open.acquire(key, l.per) {
			c.Close()
			continue
		}
		return &countedConn{Conn: c, release: func() { l.open.release(key) }}, nil
	}
}

type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}
