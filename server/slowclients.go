package server

import (
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/server/httpkit"
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

// bodyDeadline gives every request with a body s.bodyTimeout to finish sending it (httpkit.BodyDeadline).
func (s *Server) bodyDeadline(next http.Handler) http.Handler {
	return httpkit.BodyDeadline(s.bodyTimeout, next)
}
