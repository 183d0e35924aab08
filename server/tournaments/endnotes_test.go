package tournaments

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// TestEndNotesWrittenAtOnce: as a tournament ends, its players' notes of their places are written in one
// call to the outbox, one transaction, not one each: 1,000 commits ended an arena of 1,000 players in 2.3 s
// (BenchmarkArenaEnd in package server).
func TestEndNotesWrittenAtOnce(t *testing.T) {
	clock := newTestClock()
	room, ts, _ := roomOnSQLite(t, clock.now, settings{Name: "a", Game: "toy", Format: Arena, Duration: 600, Seats: seatsJSON{Min: 2, Max: 2}}, 40)
	var mu sync.Mutex
	var calls [][]store.Note
	room.host.Notify = func(_ context.Context, ns ...store.Note) {
		mu.Lock()
		defer mu.Unlock()
		var ends []store.Note
		for _, n := range ns {
			if n.Kind == social.NoteTournamentEnd {
				ends = append(ends, n)
			}
		}
		if len(ends) > 0 {
			calls = append(calls, ends)
		}
	}
	startA(t, room)
	clock.advance(time.Hour)
	room.Tick(context.Background())
	if tour, err := ts.Tournament(context.Background(), "a"); err != nil || tour.Status != Finished {
		t.Fatalf("the arena is %q an hour on: %v", tour.Status, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(calls) != 1 || len(calls[0]) != 40 {
		sizes := []int{}
		for _, c := range calls {
			sizes = append(sizes, len(c))
		}
		t.Fatalf("the end notes came in %d calls of %v notes, want one of 40", len(calls), sizes)
	}
}
