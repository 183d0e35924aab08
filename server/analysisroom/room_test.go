package analysisroom

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
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
		Record: func(_ context.Context, id string) (game.Record, error) {
			if id != "m1" {
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
	code int
	state
}

func (in *instance) call(t *testing.T, method, id string) answer {
	t.Helper()
	req, _ := http.NewRequest(method, in.http.URL+"/m/"+id, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return answer{}
	}
	defer res.Body.Close()
	var a answer
	a.code = res.StatusCode
	if err := json.NewDecoder(res.Body).Decode(&a.state); err != nil {
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
