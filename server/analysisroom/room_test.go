package analysisroom

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// soloGame is a finished solo Cartographers game played by the engine's automatic moves.
func soloGame(t *testing.T) game.Record {
	t.Helper()
	plugin, _ := games.Lookup("cartographers")
	rec := game.Record{Game: "cartographers", Options: json.RawMessage(`{}`), Seed: 5, Seats: 1, Players: []string{"Ada"}}
	st, err := plugin.New(rec.Options, rec.Seats, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for !st.Over() {
		seat := st.ToAct()[0]
		mv, err := st.AutoMove(seat)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(seat, mv); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: mv})
	}
	return rec
}

// instance is one server instance's room on a shared store, whose background work waits for a gate and
// is counted.
type instance struct {
	room    *Room
	http    *httptest.Server
	started atomic.Int32
}

func newInstance(t *testing.T, st store.Analyses, rec game.Record, gate <-chan context.Context) *instance {
	in := &instance{}
	in.room = New(Host{Store: st, Now: time.Now, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Options: analysis.Options{Samples: 1, Lenses: []game.Lens{game.LensFair}},
		// Who asks is the request's X-Who ("bad": a wrong credential), as the server's accounts would say.
		Requester: func(r *http.Request) (string, error) {
			if who := r.Header.Get("X-Who"); who != "bad" {
				return who, nil
			}
			return "", httpkit.Errf(http.StatusUnauthorized, httpkit.CodeUnauthorized, "unknown or revoked API token")
		},
		Record: func(_ *http.Request, id string) (game.Record, error) {
			if !strings.HasPrefix(id, "m") {
				return game.Record{}, httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no such match")
			}
			return rec, nil
		},
		Go: func(fn func(context.Context)) {
			in.started.Add(1)
			go func() { fn(<-gate) }() // (the gate is waited for in the background, not by Start)
		}})
	mux := http.NewServeMux()
	handle := func(h func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if err := h(w, r); err != nil {
				e, _ := err.(*httpkit.Error)
				if e == nil {
					e = httpkit.Internal()
				}
				httpkit.WriteError(w, e)
			}
		}
	}
	mux.HandleFunc("POST /m/{id}", handle(in.room.Start))
	mux.HandleFunc("GET /m/{id}", handle(in.room.Show))
	in.http = httptest.NewServer(mux)
	t.Cleanup(in.http.Close)
	return in
}

type answer struct {
	code  int
	retry string // Retry-After
	state
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (in *instance) call(t *testing.T, method, id string) answer {
	t.Helper()
	return in.callAs(t, method, id, "")
}

// callAs is call by a requester (X-Who).
func (in *instance) callAs(t *testing.T, method, id, who string) answer {
	t.Helper()
	req, _ := http.NewRequest(method, in.http.URL+"/m/"+id, nil)
	req.Header.Set("X-Who", who)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return answer{}
	}
	defer res.Body.Close()
	var a answer
	a.code, a.retry = res.StatusCode, res.Header.Get("Retry-After")
	if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
		t.Errorf("%s %s: %v", method, id, err)
	}
	return a
}

func openStore(t *testing.T) store.Analyses {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Two instances on one store, asked four times at once: the analysis starts once, reads as running with
// its progress until it is done, then every instance serves the same stored result and a later start
// computes nothing.
func TestStartedOnceAcrossInstances(t *testing.T) {
	t.Parallel()
	st, rec := openStore(t), soloGame(t)
	gate := make(chan context.Context, 2)
	a, b := newInstance(t, st, rec, gate), newInstance(t, st, rec, gate)
	var wg sync.WaitGroup
	for i := range 4 {
		in := []*instance{a, b}[i%2]
		wg.Go(func() {
			if got := in.call(t, "POST", "m1"); got.code != http.StatusAccepted || got.Status != "running" || got.Progress != 0 {
				t.Errorf("start: %+v, want 202 running at 0", got)
			}
		})
	}
	wg.Wait()
	if n := a.started.Load() + b.started.Load(); n != 1 {
		t.Fatalf("the analysis started %d times, want once", n)
	}
	if got := b.call(t, "GET", "m1"); got.code != http.StatusOK || got.Status != "running" {
		t.Fatalf("while it waits: %+v", got)
	}
	gate <- context.Background()
	a.room.Wait("m1")
	b.room.Wait("m1")
	var results [][]byte
	for _, in := range []*instance{a, b} {
		got := in.call(t, "GET", "m1")
		if got.code != http.StatusOK || got.Status != "done" || got.Progress != 1 {
			t.Fatalf("done: %d %s %v", got.code, got.Status, got.Progress)
		}
		results = append(results, got.Analysis)
	}
	if string(results[0]) != string(results[1]) {
		t.Error("two instances serve different analyses")
	}
	var an analysis.Analysis
	if err := json.Unmarshal(results[0], &an); err != nil {
		t.Fatal(err)
	}
	if an.Game != "cartographers" || an.Fair == nil || an.Clairvoyant != nil || len(an.Fair.Decisions) != len(rec.Moves) ||
		an.Samples != 1 || len(an.Fair.Players) != 1 || an.Fair.Players[0].Name != "Ada" {
		t.Fatalf("the stored analysis: game %s, samples %d, fair %v", an.Game, an.Samples, an.Fair != nil)
	}
	if got := a.call(t, "POST", "m1"); got.code != http.StatusOK || got.Status != "done" || string(got.Analysis) != string(results[0]) {
		t.Errorf("start once done: %d %s", got.code, got.Status)
	}
	if n := a.started.Load() + b.started.Load(); n != 1 {
		t.Errorf("a start after the end computed again (%d runs)", n)
	}
}

// An analysis that fails (here the server closing under it) is forgotten: it reads as none and the next
// start runs it again. A match the host refuses is refused as the host says, and nothing is stored.
func TestFailedAnalysisIsForgotten(t *testing.T) {
	t.Parallel()
	st, rec := openStore(t), soloGame(t)
	gate := make(chan context.Context, 2)
	in := newInstance(t, st, rec, gate)
	if got := in.call(t, "GET", "nope"); got.code != http.StatusNotFound {
		t.Fatalf("unknown match: %+v", got)
	}
	if got := in.call(t, "POST", "nope"); got.code != http.StatusNotFound {
		t.Fatalf("unknown match: %+v", got)
	}
	if _, err := st.Analysis(context.Background(), "nope"); err != store.ErrNotFound {
		t.Fatalf("a refused start stored something: %v", err)
	}
	in.call(t, "POST", "m1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gate <- ctx
	in.room.Wait("m1")
	if got := in.call(t, "GET", "m1"); got.Status != "none" {
		t.Fatalf("after a failure: %+v, want none", got)
	}
	gate <- context.Background()
	if got := in.call(t, "POST", "m1"); got.code != http.StatusAccepted || in.started.Load() != 2 {
		t.Fatalf("asked again: %+v, %d runs", got, in.started.Load())
	}
	in.room.Wait("m1")
	if got := in.call(t, "GET", "m1"); got.Status != "done" {
		t.Fatalf("the second run: %+v", got)
	}
}

// stalling is a store whose first progress strictly between 0 and 1 waits for the test: the analysis
// is then caught running, whatever the machine's speed.
type stalling struct {
	store.Analyses
	once   sync.Once
	seen   chan float64
	resume chan struct{}
}

func (s *stalling) AnalysisProgress(ctx context.Context, id string, p float64, now time.Time) error {
	err := s.Analyses.AnalysisProgress(ctx, id, p, now)
	if p > 0 && p < 1 {
		s.once.Do(func() {
			s.seen <- p
			<-s.resume
		})
	}
	return err
}

// The progress of a running analysis is served as it is written: between 0 and 1 while it runs, then 1
// once done.
func TestProgressReportedWhileItRuns(t *testing.T) {
	t.Parallel()
	st := &stalling{Analyses: openStore(t), seen: make(chan float64, 1), resume: make(chan struct{})}
	gate := make(chan context.Context, 1)
	gate <- context.Background()
	in := newInstance(t, st, soloGame(t), gate)
	if got := in.call(t, "POST", "m1"); got.code != http.StatusAccepted {
		t.Fatalf("start: %+v", got)
	}
	written := <-st.seen
	got := in.call(t, "GET", "m1")
	close(st.resume)
	if got.code != http.StatusOK || got.Status != "running" || got.Progress != written || got.Progress <= 0 || got.Progress >= 1 {
		t.Fatalf("while it runs: %d %s %v, want running at %v", got.code, got.Status, got.Progress, written)
	}
	in.room.Wait("m1")
	if got := in.call(t, "GET", "m1"); got.Status != "done" || got.Progress != 1 {
		t.Fatalf("once done: %s %v", got.Status, got.Progress)
	}
}

// One requester may have three analyses waiting or running at once: the fourth is refused (429
// analyses_queued, in words, with the wait) and nothing is stored for it, while another requester may
// still ask, and the first may again once theirs are done. A wrong credential is refused before.
func TestAnalysesPerRequesterLimited(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	gate := make(chan context.Context, 8)
	in := newInstance(t, st, soloGame(t), gate)
	for _, id := range []string{"m1", "m2", "m3"} {
		if got := in.callAs(t, "POST", id, "user:ada"); got.code != http.StatusAccepted {
			t.Fatalf("Ada's analysis of %s: %+v", id, got)
		}
	}
	got := in.callAs(t, "POST", "m4", "user:ada")
	if got.code != http.StatusTooManyRequests || got.Error.Code != CodeQueued || !strings.Contains(got.Error.Message, "3 analyses") || got.retry == "" {
		t.Fatalf("Ada's fourth: %d %s %q (Retry-After %q)", got.code, got.Error.Code, got.Error.Message, got.retry)
	}
	if _, err := st.Analysis(context.Background(), "m4"); err != store.ErrNotFound {
		t.Fatalf("a refused analysis stored something: %v", err)
	}
	// Asking again for one already running is no new analysis: answered, not refused.
	if got := in.callAs(t, "POST", "m2", "user:ada"); got.code != http.StatusAccepted || got.Status != "running" {
		t.Fatalf("Ada asks again for m2: %+v", got)
	}
	if got := in.callAs(t, "POST", "m4", "bad"); got.code != http.StatusUnauthorized {
		t.Fatalf("a wrong credential: %+v", got)
	}
	if got := in.callAs(t, "POST", "m4", "addr:192.0.2.7"); got.code != http.StatusAccepted {
		t.Fatalf("another requester: %+v", got)
	}
	// Each ends (here as the server closes, at once: what they compute is not this test's matter).
	closed, cancel := context.WithCancel(context.Background())
	cancel()
	for range 5 {
		gate <- closed
	}
	for _, id := range []string{"m1", "m2", "m3", "m4"} {
		in.room.Wait(id)
	}
	if got := in.callAs(t, "POST", "m5", "user:ada"); got.code != http.StatusAccepted {
		t.Fatalf("Ada once hers are done: %+v", got)
	}
	in.room.Wait("m5")
	if n := in.started.Load(); n != 5 {
		t.Fatalf("%d analyses run, want 5", n)
	}
}
