package tournaments

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/game"
)

// testClock is a settable clock: now reads it, advance moves it; with a step, each read moves it on by
// the step, so that a look that reads it twice sees time pass in between.
type testClock struct {
	mu   sync.Mutex
	t    time.Time
	step time.Duration
}

func newTestClock() *testClock { return &testClock{t: time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)} }

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.t
	c.t = c.t.Add(c.step)
	return t
}

// set puts the clock at t, moving on by step at each read.
func (c *testClock) set(t time.Time, step time.Duration) {
	c.mu.Lock()
	c.t, c.step = t, step
	c.mu.Unlock()
}

func (c *testClock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// A round whose matches could not be made (the host refused) keeps its pairings, without matches, and is
// not paired again; once the claims are stale, a tick makes the matches.
func TestUnmadeMatchesAreMadeLater(t *testing.T) {
	ctx := context.Background()
	clock := newTestClock()
	room, ts, fail := roomOnSQLite(t, clock.now, settings{Name: "s", Game: "toy", Format: Swiss, Rounds: 2}, 4)
	fail.Store(true)
	room.Tick(ctx)
	ps, err := ts.Pairings(ctx, "a")
	if err != nil || len(ps) != 2 {
		t.Fatalf("round 1: %+v %v", ps, err)
	}
	for _, p := range ps {
		if p.MatchID != "" || p.Status != stPlaying {
			t.Fatalf("a match was made by a refusing host: %+v", p)
		}
	}
	fail.Store(false)
	room.Tick(ctx) // not stale yet
	if ps, _ := ts.Pairings(ctx, "a"); ps[0].MatchID != "" {
		t.Fatalf("made before the claims were stale: %+v", ps)
	}
	clock.advance(claimStale)
	room.Tick(ctx)
	ps, _ = ts.Pairings(ctx, "a")
	if len(ps) != 2 || !realMatch(ps[0].MatchID) || !realMatch(ps[1].MatchID) || ps[0].MatchID == ps[1].MatchID {
		t.Fatalf("after the repair: %+v", ps)
	}
	room.Tick(ctx) // nothing more to make
	if again, _ := ts.Pairings(ctx, "a"); again[0].MatchID != ps[0].MatchID || len(again) != 2 {
		t.Fatalf("made twice: %+v", again)
	}
}

// A game whose end no observer heard (its instance stopped first) is recorded by a later tick, from the
// match's own result, and the next round follows.
func TestUnheardEndIsRecordedLater(t *testing.T) {
	ctx := context.Background()
	clock := newTestClock()
	var mu sync.Mutex
	room, ts, _ := roomOnSQLite(t, clock.now, settings{Name: "s", Game: "toy", Format: Swiss, Rounds: 2}, 2)
	over := false
	room.host.Result = func(context.Context, string) (game.Result, time.Time, bool) {
		mu.Lock()
		defer mu.Unlock()
		return game.Result{Ranks: []int{2, 1}, Scores: []int{3, 7}}, time.Time{}, over
	}
	room.Tick(ctx)
	mu.Lock()
	over = true
	mu.Unlock()
	clock.advance(30 * time.Second)
	room.Tick(ctx) // too soon to ask
	if ps, _ := ts.Pairings(ctx, "a"); len(ps) != 1 || ps[0].Status != stPlaying {
		t.Fatalf("asked too soon: %+v", ps)
	}
	clock.advance(lookEvery)
	room.Tick(ctx)
	room.Tick(ctx)
	ps, _ := ts.Pairings(ctx, "a")
	if len(ps) != 2 || ps[0].Status != stFinished || ps[0].Seats[1].Place != 1 || ps[0].Seats[1].Score != 7 || ps[1].Round != 2 {
		t.Fatalf("after the late end: %+v", ps)
	}
}
