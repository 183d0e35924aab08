package server

import (
	"net/http"
	"testing"
)

// A request relayed by a proxy the server was not told to trust (no --trusted-proxy) is not the operator's,
// though it comes from loopback: a reverse proxy on the same host, set up without --trusted-proxy, served
// /metrics (the default allows loopback) to anyone on the internet.
func TestReview3MetricsNotThroughAnUntrustedProxy(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	for _, h := range []map[string]string{
		{"X-Forwarded-For": "203.0.113.9"},
		{"Forwarded": "for=203.0.113.9;proto=https"},
		{"X-Real-Ip": "203.0.113.9"},
	} {
		if r := e.scrape(h); r.status != http.StatusForbidden || r.errCode() != codeForbidden {
			t.Errorf("a request relayed by an unknown proxy (%v): %d", h, r.status)
		}
	}
	e.must(http.StatusOK, e.scrape(nil)) // Prometheus on the same host, direct
}
