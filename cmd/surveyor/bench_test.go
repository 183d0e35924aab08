package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"
)

// bench runs every measurement (briefly) and reports each with its own figures.
func TestBench(t *testing.T) {
	var out bytes.Buffer
	if c := run(context.Background(), []string{"bench", "--time", "5ms", "--json"}, nil, &out, io.Discard); c != 0 {
		t.Fatalf("bench: exit %d", c)
	}
	var rs []benchResult
	if err := json.Unmarshal(out.Bytes(), &rs); err != nil {
		t.Fatalf("bench --json printed %q: %v", out.String(), err)
	}
	if len(rs) != len(benchCases("")) {
		t.Fatalf("%d results, want one per measurement (%d)", len(rs), len(benchCases("")))
	}
	for _, r := range rs {
		if r.N < 1 || r.NsPerOp <= 0 || r.OpsPerSec <= 0 || r.Op == "" || r.CPUNsPerOp < 0 {
			t.Errorf("%s: %+v", r.Name, r)
		}
		// An engine's op is all CPU: its CPU time cannot be nil.
		if (strings.HasPrefix(r.Name, "carcassonne/") || strings.HasPrefix(r.Name, "cartographers/")) && r.CPUNsPerOp <= 0 {
			t.Errorf("%s: no CPU time: %+v", r.Name, r)
		}
	}
	// The format of go test -bench, for benchstat: one line a measurement, its name, N and ns/op.
	out.Reset()
	if c := run(context.Background(), []string{"bench", "--time", "5ms", "--only", "^store/sqlite-append-256", "--benchfmt"}, nil, &out, io.Discard); c != 0 {
		t.Fatalf("bench --benchfmt: exit %d", c)
	}
	if !regexp.MustCompile(`^BenchmarkStore/sqlite-append-256-games-\d+\t\d+\t[0-9.]+ ns/op\t[0-9.]+ cpu-ns/op\t\d+ B/op\t\d+ allocs/op\n$`).Match(out.Bytes()) {
		t.Errorf("bench --benchfmt printed %q", out.String())
	}
	out.Reset()
	if c := run(context.Background(), []string{"bench", "--time", "5ms", "--only", "^carcassonne/random-game-surveyors$"}, nil, &out, io.Discard); c != 0 ||
		!bytes.Contains(out.Bytes(), []byte("carcassonne/random-game-surveyors")) || bytes.Count(out.Bytes(), []byte("\n")) != 1 {
		t.Fatalf("bench --only ^carcassonne/random-game-surveyors$: exit %d, %q", c, out.String())
	}
	for _, args := range [][]string{{"bench", "--only", "nothing-matches"}, {"bench", "--only", "("}, {"bench", "--time", "0s"}, {"bench", "extra"}} {
		if c := run(context.Background(), args, nil, io.Discard, io.Discard); c == 0 {
			t.Errorf("%q succeeded", args)
		}
	}
}

// The notifications' cases send for real, each to its server in this process: an e-mail through a whole
// SMTP session, a Web Push encrypted and signed (the server refuses a request that is not).
func TestBenchNotify(t *testing.T) {
	var out, errOut bytes.Buffer
	if c := run(context.Background(), []string{"bench", "--only", "^notify/", "--time", "20ms", "--json"}, nil, &out, &errOut); c != 0 {
		t.Fatalf("bench --only ^notify/: exit %d: %s", c, errOut.String())
	}
	var rs []benchResult
	if err := json.Unmarshal(out.Bytes(), &rs); err != nil {
		t.Fatalf("bench --json printed %q: %v", out.String(), err)
	}
	got := map[string]benchResult{}
	for _, r := range rs {
		got[r.Name] = r
	}
	for name, op := range map[string]string{"notify/mail-send": "mail", "notify/push-send": "push"} {
		r, ok := got[name]
		// A send takes some 0.1-2 ms here: above 100 ms something waits for a timeout.
		if !ok || r.Op != op || r.N < 1 || r.NsPerOp <= 0 || r.NsPerOp > 100e6 || r.CPUNsPerOp <= 0 || r.BytesPerOp <= 0 || r.AllocsPerOp <= 0 {
			t.Errorf("%s: %+v (found %v), want op %q and every figure above 0", name, r, ok, op)
		}
	}
	if len(rs) != 2 {
		t.Errorf("%d results, want the 2 notify/ cases: %+v", len(rs), rs)
	}
}

func TestFmtNsShowsThreeFigures(t *testing.T) {
	for ns, want := range map[float64]string{232: "232ns", 1840.4: "1.84µs", 722722: "723µs", 560560: "561µs", 55.04e6: "55ms", 1.4996e9: "1.5s"} {
		if got := fmtNs(ns); got != want {
			t.Errorf("fmtNs(%v) = %q, want %q", ns, got, want)
		}
	}
}
