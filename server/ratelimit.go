package server

import (
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/server/httpkit"
)

// rateLimited is how long the request's client must wait before its next request (0: not at all).
func (s *Server) rateLimited(r *http.Request) time.Duration {
	return s.limiterWait(httpkit.ClientKey(r, s.trusted))
}

// limiterWait is how long a key of the general limit must wait (0: not at all, or no limit). The limits
// read the server's clock, as everything else does: on the machine's, a test that pinned the server's
// could not pin them, and one slowed between its requests (a loaded machine) saw tokens come back.
func (s *Server) limiterWait(key string) time.Duration {
	if s.limiter == nil {
		return 0
	}
	return s.limiter.Take(key, s.now())
}
