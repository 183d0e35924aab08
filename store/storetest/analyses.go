package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// testAnalyses: an analysis is claimed once (of racing claims, one wins), its progress and result are
// read back, a done analysis is never claimed again, a stale running claim is taken over, and a dropped
// one may be claimed anew.
func testAnalyses(t *testing.T, a store.Analyses) {
	at := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	stale := at.Add(-time.Minute)
	if _, err := a.Analysis(ctx, "m1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no analysis yet: %v, want ErrNotFound", err)
	}
	var wins sync.WaitGroup
	won := make(chan bool, 8)
	for range 8 {
		wins.Go(func() {
			ok, err := a.ClaimAnalysis(ctx, "m1", at, stale)
			if err != nil {
				t.Error(err)
			}
			won <- ok
		})
	}
	wins.Wait()
	close(won)
	n := 0
	for ok := range won {
		if ok {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d of 8 racing claims won, want 1", n)
	}
	if err := a.AnalysisProgress(ctx, "m1", 0.25, at.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	st, err := a.Analysis(ctx, "m1")
	if err != nil || st.Status != store.AnalysisRunning || st.Progress != 0.25 || !st.Updated.Equal(at.Add(time.Second)) {
		t.Fatalf("running: %+v %v", st, err)
	}
	if err := a.FinishAnalysis(ctx, "m1", []byte(`{"game":"x"}`), at.Add(2*time.Second)); err != nil {
		t.Fatal(err)
	}
	st, err = a.Analysis(ctx, "m1")
	if err != nil || st.Status != store.AnalysisDone || st.Progress != 1 || string(st.Result) != `{"game":"x"}` {
		t.Fatalf("done: %+v %v", st, err)
	}
	// Done is done: no claim (even one calling everything stale), no progress, no drop changes it.
	if ok, err := a.ClaimAnalysis(ctx, "m1", at.Add(time.Hour), at.Add(time.Hour)); err != nil || ok {
		t.Fatalf("claiming a done analysis: %v %v, want false", ok, err)
	}
	if err := a.AnalysisProgress(ctx, "m1", 0.5, at); err != nil {
		t.Fatal(err)
	}
	if err := a.DropAnalysis(ctx, "m1"); err != nil {
		t.Fatal(err)
	}
	if st, err := a.Analysis(ctx, "m1"); err != nil || st.Status != store.AnalysisDone || st.Progress != 1 {
		t.Fatalf("a done analysis changed: %+v %v", st, err)
	}

	// A running claim is taken over only once stale, and a dropped one is claimed anew.
	if ok, err := a.ClaimAnalysis(ctx, "m2", at, stale); err != nil || !ok {
		t.Fatalf("claim m2: %v %v", ok, err)
	}
	if ok, err := a.ClaimAnalysis(ctx, "m2", at.Add(time.Second), stale); err != nil || ok {
		t.Fatalf("claiming a fresh running analysis: %v %v, want false", ok, err)
	}
	if ok, err := a.ClaimAnalysis(ctx, "m2", at.Add(2*time.Minute), at.Add(time.Minute)); err != nil || !ok {
		t.Fatalf("taking over a stale claim: %v %v, want true", ok, err)
	}
	if err := a.DropAnalysis(ctx, "m2"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Analysis(ctx, "m2"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a dropped analysis: %v, want ErrNotFound", err)
	}
	if ok, err := a.ClaimAnalysis(ctx, "m2", at, stale); err != nil || !ok {
		t.Fatalf("claiming a dropped analysis: %v %v, want true", ok, err)
	}
}
