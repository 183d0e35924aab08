package server

import (
	"io"
	"net/http"
	"strings"
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
