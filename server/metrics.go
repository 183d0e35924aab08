package server

// The operator's figures (server/metrics): what the match host counts and what it reads when scraped.

import (
	"context"
	"net/http"
	"net/netip"

	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/metrics"
	"github.com/surveyor-game/surveyor/store"
)

// loopback is who may read /metrics unless the operator says otherwise.
var loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}

func (s *Server) initMetrics(from []netip.Prefix) {
	s.metrics = metrics.New()
	s.metricsFrom = from
	if s.metricsFrom == nil {
		s.metricsFrom = loopback
	}
	s.metrics.Gauge("surveyor_websockets_open", "WebSockets open on this instance.",
		func() float64 { return float64(s.sockets.Total()) })
	s.metrics.Gauge("surveyor_matches_in_memory", "Matches held in this instance's memory (being played or watched); the others in play are asleep in the log until touched.",
		func() float64 {
			s.mu.Lock()
			defer s.mu.Unlock()
			return float64(len(s.matches))
		})
	if b, ok := s.store.(store.BatchObserver); ok {
		b.ObserveBatches(s.metrics.Batch)
	}
	if sr, ok := s.store.(store.StatsReader); ok {
		s.metrics.AddProbe(map[string]string{
			"surveyor_matches_in_play":           "Matches in play in the database, on every instance: those not in some instance's memory are asleep.",
			"surveyor_outbox_due":                "Notifications due and not yet delivered (the outbox's backlog).",
			"surveyor_outbox_oldest_due_seconds": "How long the oldest due notification has waited (0 when none waits).",
		}, func(ctx context.Context) (map[string]float64, error) {
			now := s.now()
			st, err := sr.Stats(ctx, now)
			if err != nil {
				return nil, err
			}
			age := 0.0
			if !st.OutboxOldest.IsZero() {
				age = max(now.Sub(st.OutboxOldest).Seconds(), 0)
			}
			return map[string]float64{"surveyor_matches_in_play": float64(st.Playing),
				"surveyor_outbox_due": float64(st.OutboxDue), "surveyor_outbox_oldest_due_seconds": age}, nil
		})
	}
}

// Metrics is the server's registry of figures, for tools that serve it elsewhere or read it in tests.
func (s *Server) Metrics() *metrics.Metrics { return s.metrics }

// serveMetrics answers the operator's addresses only: the figures say how busy the site is and who is
// failing to sign in, nothing a player needs.
func (s *Server) serveMetrics(w http.ResponseWriter, r *http.Request) {
	addr, ok := httpkit.ClientAddr(r, s.trusted)
	if !ok || !httpkit.IsTrusted(addr, s.metricsFrom) || s.relayedUntrusted(r) {
		writeError(w, errf(http.StatusForbidden, codeForbidden, "metrics are served only to the operator's addresses (surveyor serve --metrics-from)"))
		return
	}
	s.metrics.Handler().ServeHTTP(w, r)
}

// relayedUntrusted reports whether a request was relayed by a proxy the server was not told to trust
// (--trusted-proxy): its address is the proxy's, loopback for a proxy on the same host, while its client
// may be anyone.
func (s *Server) relayedUntrusted(r *http.Request) bool {
	if r.Header.Get("X-Forwarded-For") == "" && r.Header.Get("Forwarded") == "" && r.Header.Get("X-Real-Ip") == "" {
		return false
	}
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	return err != nil || !httpkit.IsTrusted(peer.Addr().Unmap(), s.trusted)
}
