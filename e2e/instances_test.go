package e2e

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/server"
	"github.com/surveyor-game/surveyor/store/postgres"
	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
	"github.com/surveyor-game/surveyor/web"
)

// balanced is several instances on one PostgreSQL schema behind a round-robin balancer that sends the
// second step of each passkey ceremony to another instance than its first.
type balanced struct {
	url                      string
	ceremonies, sameInstance atomic.Int64
}

func newBalancedInstances(t *testing.T, n int) *balanced {
	t.Helper()
	ctx := context.Background()
	dbURL, schema := pgtest.Schema(t)
	proxies := make([]*httputil.ReverseProxy, n)
	for i := range n {
		st, err := postgres.Open(ctx, dbURL, postgres.Options{Schema: schema, MaxConns: 4})
		if err != nil {
			t.Fatal(err)
		}
		addr := serve(t, server.Config{Store: st, Games: games.Registry(), Accounts: st, Static: web.FS(),
			RateLimit: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		u, _ := url.Parse(addr)
		proxies[i] = httputil.NewSingleHostReverseProxy(u)
	}
	b := &balanced{}
	var mu sync.Mutex
	next, began := 0, -1
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		i := next % n
		next++
		switch {
		case strings.HasPrefix(r.URL.Path, "/api/account/passkeys/") && strings.HasSuffix(r.URL.Path, "/begin"):
			began = i
		case strings.HasPrefix(r.URL.Path, "/api/account/passkeys/") && strings.HasSuffix(r.URL.Path, "/finish"):
			if i == began {
				i = (i + 1) % n
			}
			b.ceremonies.Add(1)
			if i == began {
				b.sameInstance.Add(1)
			}
		}
		mu.Unlock()
		proxies[i].ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	b.url = front.URL
	return b
}
