package server

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"testing"
)

// scrape reads /metrics with the given headers.
func (e *env) scrape(hdr map[string]string) resp {
	e.t.Helper()
	return e.rawDo("GET", "/metrics", "", hdr)
}

// series is the value of one series of a Prometheus text exposition (name with its labels as printed).
func series(t *testing.T, body []byte, name string) float64 {
	t.Helper()
	for line := range strings.SplitSeq(string(body), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				t.Fatalf("series %s: %q is not a number", name, v)
			}
			return f
		}
	}
	t.Fatalf("no series %s in:\n%s", name, body)
	return 0
}

// Moves are counted by result (accepted, repeated, each refusal's code) and timed to durable and to
// broadcast; the database's and the instance's figures are read at the scrape.
func TestMetricsCountMoves(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	e.dial(id, ps[1].token, 0).next("state")
	seq := e.state(id, "").Seq
	body := `{"move":{"pick":1},"seq":` + itoa(int(seq)) + `}`
	e.must(http.StatusOK, e.moveWith(id, ps[0].token, body, "k-1"))
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ps[1].token, `{"move":{"pick":2}}`))
	e.must(http.StatusOK, e.moveWith(id, ps[0].token, body, "k-1")) // a retry: repeated
	if r := e.moveWith(id, ps[0].token, body, ""); r.status != http.StatusConflict {
		t.Fatalf("stale seq: %d %s", r.status, r.body)
	}
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":3}}`))
	if r := e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":4}}`); r.status != http.StatusConflict || r.errCode() != codeNotYourTurn {
		t.Fatalf("second pick in a round: %d %s", r.status, r.body)
	}
	m := e.must(http.StatusOK, e.scrape(nil))
	for name, want := range map[string]float64{
		`surveyor_moves_total{result="accepted"}`:        3,
		`surveyor_moves_total{result="repeated"}`:        1,
		`surveyor_moves_total{result="conflict"}`:        1,
		`surveyor_moves_total{result="not_your_turn"}`:   1,
		`surveyor_move_seconds_count{stage="durable"}`:   3,
		`surveyor_move_seconds_count{stage="broadcast"}`: 3,
		`surveyor_matches_in_memory`:                     1,
		`surveyor_matches_in_play`:                       1,
		`surveyor_websockets_open`:                       1,
		`surveyor_outbox_due`:                            0,
		`surveyor_probe_up`:                              1,
	} {
		if got := series(t, m.body, name); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	// every append (2 joins, the start, 3 moves) went through a group commit
	if n := series(t, m.body, `surveyor_commit_batch_appends_sum`); n < 6 {
		t.Errorf("commit batches hold %v appends, want at least 6", n)
	}
	if n := series(t, m.body, `surveyor_http_requests_total{class="4xx"}`); n != 2 {
		t.Errorf("4xx answers: %v, want 2", n)
	}
	if !bytes.Contains(m.body, []byte("go_goroutines ")) || !bytes.Contains(m.body, []byte("process_cpu_seconds_total ")) {
		t.Error("the runtime's and the process's own figures are missing")
	}
}

// /metrics answers the operator's addresses only; behind a trusted proxy the client is the one the
// proxy names, and a header from anyone else is not believed.
func TestMetricsOnlyForTheOperator(t *testing.T) {
	t.Parallel()
	ops := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	e := newEnv(t, nil, func(c *Config) { c.MetricsFrom = ops })
	r := e.scrape(nil)
	if r.status != http.StatusForbidden || r.errCode() != codeForbidden || bytes.Contains(r.body, []byte("surveyor_")) {
		t.Fatalf("loopback, not allowed: %d %s", r.status, r.body)
	}
	if r := e.scrape(map[string]string{"X-Forwarded-For": "10.1.2.3"}); r.status != http.StatusForbidden {
		t.Fatalf("a forged X-Forwarded-For from an untrusted peer was believed: %d", r.status)
	}
	p := newEnv(t, nil, func(c *Config) {
		c.MetricsFrom = ops
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	})
	if r := p.scrape(map[string]string{"X-Forwarded-For": "10.1.2.3"}); r.status != http.StatusOK {
		t.Fatalf("the operator behind the trusted proxy: %d %s", r.status, r.body)
	}
	if r := p.scrape(map[string]string{"X-Forwarded-For": "203.0.113.9"}); r.status != http.StatusForbidden {
		t.Fatalf("a visitor behind the trusted proxy: %d", r.status)
	}
	// the default is loopback only
	d := newEnv(t, nil, nil)
	d.must(http.StatusOK, d.scrape(nil))
}

// Every request is logged once answered, with an id answered in X-Request-Id (a trusted proxy's own, when
// it sends one), and no query string (it may hold a seat token).
func TestRequestsLoggedWithTheirID(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	e := newEnv(t, nil, func(c *Config) {
		c.Logger = slog.New(slog.NewTextHandler(&logs, nil))
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	})
	r := e.rawDo("GET", "/api/matches/nosuchmatch?token=secret-seat-token", "", nil)
	id := r.header.Get("X-Request-Id")
	if r.status != http.StatusNotFound || id == "" {
		t.Fatalf("status %d, X-Request-Id %q", r.status, id)
	}
	if !strings.Contains(logs.String(), "request_id="+id) || !strings.Contains(logs.String(), "path=/api/matches/nosuchmatch status=404") {
		t.Fatalf("no log line for request %s:\n%s", id, logs.String())
	}
	if strings.Contains(logs.String(), "secret-seat-token") {
		t.Fatalf("the query string was logged:\n%s", logs.String())
	}
	r2 := e.rawDo("GET", "/healthz", "", map[string]string{"X-Request-Id": "proxy-abc.1"})
	if got := r2.header.Get("X-Request-Id"); got != "proxy-abc.1" {
		t.Fatalf("the trusted proxy's id was replaced by %q", got)
	}
	r3 := e.rawDo("GET", "/healthz", "", map[string]string{"X-Request-Id": "bad id with=structure"})
	if got := r3.header.Get("X-Request-Id"); got == "" || strings.ContainsAny(got, " \n=") {
		t.Fatalf("a malformed id was kept: %q", got)
	}
	u := newEnv(t, nil, nil) // no trusted proxy: a client's id is never taken
	if got := u.rawDo("GET", "/healthz", "", map[string]string{"X-Request-Id": "client-chosen"}).header.Get("X-Request-Id"); got == "client-chosen" || got == "" {
		t.Fatalf("an untrusted client's id was taken: %q", got)
	}
}
