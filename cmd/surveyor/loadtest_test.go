package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	var out bytes.Buffer
	if err := runLoadtest(context.Background(), []string{"--games", "2", "--rounds", "1"}, nil, &out, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"moves/s", "p99", "memory per active game"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	if err := runLoadtest(context.Background(), []string{"--seats", "9"}, nil, &out, &out); err == nil {
		t.Fatal("--seats 9 accepted")
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
	if err := runLoadtest(ctx, []string{"--server", hs.URL + "/", "--games", "3", "--seats", "2", "--rounds", "2"}, nil, &out, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"server " + hs.URL, "moves:        12 in", "p99", "not measured with --server"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	if err := runLoadtest(ctx, []string{"--server", "127.0.0.1:1"}, nil, &out, &out); err == nil {
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
