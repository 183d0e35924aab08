package loadtest

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/game/gametest"
	"github.com/surveyor-game/surveyor/server"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// TestLoadtestSmall runs a tiny load test end to end; it checks the count of moves, never the timings.
func TestLoadtestSmall(t *testing.T) {
	rep, err := loadtest(context.Background(), loadOptions{games: 4, seats: 3, rounds: 2, setupWorkers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Moves != 4*3*2 || rep.P50 <= 0 || rep.P99 < rep.P50 || rep.Max < rep.P99 || rep.BytesPerGame <= 0 {
		t.Fatalf("report %+v: want 24 moves and ordered percentiles", rep)
	}
	// A warm-up round is played but not measured: 2 games × 2 seats × 3 rounds, 8 moves after the first round.
	rep, err = loadtest(context.Background(), loadOptions{games: 2, seats: 2, rounds: 3, warmup: 1, setupWorkers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Moves != 8 || rep.Played != 12 {
		t.Fatalf("%d moves measured, %d played; want 8 and 12", rep.Moves, rep.Played)
	}
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"--games", "2", "--rounds", "1", "--warmup", "0"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"moves/s", "p99", "memory per active game"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	if err := Run(context.Background(), []string{"--seats", "9"}, &out, &out); err == nil {
		t.Fatal("--seats 9 accepted")
	}
	if err := Run(context.Background(), []string{"--rounds", "2", "--warmup", "2"}, &out, &out); err == nil {
		t.Fatal("--warmup as many as --rounds accepted")
	}
}

// With --server the load test drives a server it did not start, over the same public API.
func TestLoadtestAgainstAServer(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(ctx, server.Config{Store: st, Games: game.NewRegistry(gametest.Definition{}), RateLimit: -1,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	var out bytes.Buffer
	if err := Run(ctx, []string{"--server", hs.URL + "/", "--games", "3", "--seats", "2", "--rounds", "2"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	// 3 games × 2 seats × 2 rounds, the first round a warm-up.
	for _, want := range []string{"server " + hs.URL, "moves:        6 measured, 12 played in", "p99", "not measured with --server"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	if err := Run(ctx, []string{"--server", "127.0.0.1:1"}, &out, &out); err == nil {
		t.Fatal("--server without a scheme accepted")
	}
}

func TestThinkTimeSpreadsAroundTheMean(t *testing.T) {
	const think = 100 * time.Millisecond
	var sum time.Duration
	lo, hi := think, think
	for range 10000 {
		d := thinkTime(think)
		if d < think/2 || d >= think*3/2 {
			t.Fatalf("think time %v outside [50ms, 150ms)", d)
		}
		sum += d
		lo, hi = min(lo, d), max(hi, d)
	}
	// The mean of 10,000 uniform draws on [50ms, 150ms) is within 2ms of 100ms (its standard error is 0.3ms).
	if mean := sum / 10000; mean < think-2*time.Millisecond || mean > think+2*time.Millisecond {
		t.Errorf("mean think time %v, want about %v", mean, think)
	}
	if lo > 55*time.Millisecond || hi < 145*time.Millisecond {
		t.Errorf("think times span only %v..%v, want most of [50ms, 150ms)", lo, hi)
	}
}

// One move a millisecond for 100 ms: the middle 80 moves span 80 ms, 1,000 moves/s, however slowly the
// first and last moves came.
func TestSteadyRateLeavesOutRampAndTail(t *testing.T) {
	a, b := &gameRun{}, &gameRun{}
	for i := range 100 {
		r := a
		if i%2 == 1 {
			r = b
		}
		r.done = append(r.done, time.Duration(i)*time.Millisecond)
	}
	a.done[0] = -5 * time.Second  // a first move long before the others...
	b.done[49] = 30 * time.Second // ...and a last one long after
	if got := steadyRate([]*gameRun{a, nil, b}); got < 999 || got > 1001 {
		t.Errorf("steady rate %.1f moves/s, want 1000", got)
	}
	if got := steadyRate([]*gameRun{{done: []time.Duration{1, 2, 3}}}); got != 0 {
		t.Errorf("steady rate of 3 moves %.1f, want 0 (too few to tell)", got)
	}
}

func TestStateSeq(t *testing.T) {
	for in, want := range map[string]int64{`{"type":"state","seq":42,"match":{}}`: 42, `{"type":"state","seq":7}`: 7} {
		if got, ok := stateSeq([]byte(in)); !ok || got != want {
			t.Errorf("stateSeq(%s) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{`{"type":"uptodate","seq":4}`, `{"type":"state","seq":}`, ``} {
		if _, ok := stateSeq([]byte(in)); ok {
			t.Errorf("stateSeq(%s) accepted", in)
		}
	}
}

// The load test's own HTTP/1.1 client: a state answer gives its seq; an error answer, an answer without a
// length or one that is not a state is an error; a server that closes the connection gets a new one; an
// https:// target goes through net/http.
func TestMoverPostsMoves(t *testing.T) {
	var calls atomic.Int64
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		if r.Method != "POST" || r.Header.Get("Authorization") != "Bearer tok" {
			http.Error(w, "bad request line or token", 400)
			return
		}
		b, _ := io.ReadAll(r.Body)
		switch string(b) {
		case "ok":
			io.WriteString(w, `{"type":"state","seq":`+strconv.Itoa(int(n))+`00}`+"\n")
		case "close":
			w.Header().Set("Connection", "close")
			io.WriteString(w, `{"type":"state","seq":7}`)
		case "refuse":
			http.Error(w, `{"error":"not your turn"}`, 409)
		case "chunked":
			io.WriteString(w, `{"type":"state",`)
			w.(http.Flusher).Flush()
			io.WriteString(w, `"seq":1}`)
		default:
			io.WriteString(w, `{"type":"uptodate"}`)
		}
	})
	ctx := context.Background()
	for _, tls := range []bool{false, true} {
		var ts *httptest.Server
		if tls {
			ts = httptest.NewTLSServer(h)
		} else {
			ts = httptest.NewServer(h)
		}
		mv := newMover(ts.Client(), ts.URL)
		if (mv.addr == "") != tls {
			t.Fatalf("%s: raw client %q, want it for http:// only", ts.URL, mv.addr)
		}
		calls.Store(0)
		for i, want := range []int64{100, 200} {
			if seq, err := mv.post(ctx, "/m", "tok", []byte("ok")); err != nil || seq != want {
				t.Fatalf("tls %v, move %d: seq %d, %v; want %d", tls, i, seq, err, want)
			}
		}
		if seq, err := mv.post(ctx, "/m", "tok", []byte("close")); err != nil || seq != 7 {
			t.Fatalf("tls %v, closing answer: seq %d, %v; want 7", tls, seq, err)
		}
		if seq, err := mv.post(ctx, "/m", "tok", []byte("ok")); err != nil || seq != 400 {
			t.Fatalf("tls %v, after a closed connection: seq %d, %v; want 400", tls, seq, err)
		}
		if _, err := mv.post(ctx, "/m", "tok", []byte("refuse")); err == nil || !strings.Contains(err.Error(), "409") || !strings.Contains(err.Error(), "not your turn") {
			t.Errorf("tls %v, refused move: %v, want the status and body", tls, err)
		}
		if _, err := mv.post(ctx, "/m", "tok", []byte("other")); err == nil {
			t.Errorf("tls %v: an answer that is not a state accepted", tls)
		}
		if _, err := mv.post(ctx, "/m", "tok", []byte("chunked")); !tls && err == nil {
			t.Errorf("an answer without Content-Length accepted")
		}
		if seq, err := mv.post(ctx, "/m", "tok", []byte("ok")); err != nil || seq <= 400 {
			t.Fatalf("tls %v, after errors: seq %d, %v", tls, seq, err)
		}
		mv.close()
		ts.Close()
	}
}

func TestProcStatParsing(t *testing.T) {
	// A command name with spaces and a parenthesis: fields are counted from the last ')'.
	stat := []byte("4242 (sur (vey) or) S 1 4242 4242 0 -1 4194560 1200 0 0 0 731 269 0 0 20 0 9 0 100 1000 300 0")
	if d, err := parseStatCPU(stat); err != nil || d != 10*time.Second {
		t.Errorf("parseStatCPU = %v, %v; want 10s (731+269 ticks of 10 ms)", d, err)
	}
	if _, err := parseStatCPU([]byte("4242 (x) S 1 2")); err == nil {
		t.Error("a short stat line accepted")
	}
	status := []byte("Name:\tsurveyor\nVmPeak:\t  999 kB\nVmRSS:\t   2048 kB\nThreads:\t9\n")
	if n, err := parseVmRSS(status); err != nil || n != 2048*1024 {
		t.Errorf("parseVmRSS = %d, %v; want 2 MiB", n, err)
	}
	for _, bad := range []string{"Name:\tx\n", "VmRSS:\t12 MB\n", "VmRSS:\tmany kB\n"} {
		if _, err := parseVmRSS([]byte(bad)); err == nil {
			t.Errorf("parseVmRSS accepted %q", bad)
		}
	}
}

// A WebSocket move is timed until every seat has the state it caused, not the first seat to hear it: here
// seat 1's socket brings state 3 only after seat 0's, and a seat whose socket ends first is an error.
func TestAwaitSeatsWaitsForEverySeat(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		c, err := websocket.Accept(w, req, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx := req.Context()
		switch req.URL.Path {
		case "/0":
			c.Write(ctx, websocket.MessageText, []byte(`{"type":"state","seq":2}`))
			c.Write(ctx, websocket.MessageText, []byte(`{"type":"state","seq":3}`))
		case "/1":
			c.Write(ctx, websocket.MessageText, []byte(`{"type":"ok","seq":3}`))
			<-release
			c.Write(ctx, websocket.MessageText, []byte(`{"type":"state","seq":3}`))
		case "/closes":
			c.Write(ctx, websocket.MessageText, []byte(`{"type":"state","seq":2}`))
			c.Close(websocket.StatusNormalClosure, "")
			return
		}
		c.Read(ctx) // held open until the client closes
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dial := func(path string) *seatConn {
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		return &seatConn{c: c, rctx: readContext(ctx, c)}
	}
	r := &gameRun{id: "g", seats: []*seatConn{dial("/0"), dial("/1")}}
	done := make(chan error, 1)
	go func() { done <- r.awaitSeats(3) }()
	select {
	case err := <-done:
		t.Fatalf("awaitSeats returned (%v) before seat 1 had state 3", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if r.seats[0].seen != 3 || r.seats[1].seen != 3 {
		t.Errorf("seen %d and %d, want 3 and 3", r.seats[0].seen, r.seats[1].seen)
	}
	r = &gameRun{id: "g", seats: []*seatConn{dial("/closes")}}
	if err := r.awaitSeats(3); err == nil || !strings.Contains(err.Error(), "await state 3") {
		t.Errorf("a socket that closed before the state: %v", err)
	}
}
