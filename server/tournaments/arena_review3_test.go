package tournaments

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// countingLog counts the reads of an arena's log from its start (a whole fold).
type countingLog struct {
	store.Tournaments
	whole atomic.Int64
}

func (c *countingLog) ArenaEvents(ctx context.Context, id string, after int64) ([]store.ArenaEvent, error) {
	if after == 0 {
		c.whole.Add(1)
	}
	return c.Tournaments.ArenaEvents(ctx, id, after)
}

// A finished arena whose page is being read keeps its fold between two looks of the loop: the loop forgot
// every arena no longer running at each look (every 5 s), so each poll of a finished arena's page
// (standings, rounds, podium) folded its whole log again, thousands of steps for a day-long arena of many
// players (about 180 ms for 3,000 games), under the lock every arena of the instance waits on. One that
// nobody reads is still forgotten.
func TestReview3FinishedArenaFoldKeptWhileRead(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	room, ts, _ := roomOnSQLite(t, func() time.Time { return now }, settings{Name: "a", Game: "toy", Format: Arena, Duration: 600}, 4)
	log := &countingLog{Tournaments: ts}
	room.host.Store = log
	lt, err := room.load(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if err := room.start(ctx, lt); err != nil {
		t.Fatal(err)
	}
	lt, _ = room.load(ctx, "a")
	room.prune(nil) // it is over: no longer among the active
	room.prune(nil) // nor read since: forgotten
	base := log.whole.Load()
	for i := range 3 {
		if _, err := room.arenaStandings(ctx, lt); err != nil {
			t.Fatal(err)
		}
		room.prune(nil) // the loop looks again, the page polls again
		if n := log.whole.Load() - base; n != 1 {
			t.Fatalf("read %d: the whole log was read %d times, want once", i+1, n)
		}
	}
	room.prune(nil) // a look with no read since: forgotten
	room.mu.Lock()
	kept := room.arenas["a"] != nil
	room.mu.Unlock()
	if kept {
		t.Fatal("an arena nobody reads is kept in memory")
	}
}
