package tournaments

import (
	"context"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/game"
)

// An arena game that ended unheard (its instance stopped before telling the tournament) is dated by its
// own end, read from the match, not by when a later look notices it: over before the arena's end, it
// counts, though it is noticed only after the end. It was dated when noticed, after the end, and did not;
// nor was it looked at before the arena finished (the loop looks at a game every 15 minutes), nor folded
// into the arena's log before it finished (that step ran in the background, and found it finished).
func TestArenaLateHeardEndCountsByItsOwnEnd(t *testing.T) {
	ctx := context.Background()
	clock := newTestClock()
	room, ts, _ := roomOnSQLite(t, clock.now, settings{Name: "a", Game: "toy", Format: Arena, Duration: 600}, 2)
	ended := clock.now().Add(5 * time.Minute) // within the arena's ten minutes
	room.host.Result = func(context.Context, string) (game.Result, time.Time, bool) {
		if clock.now().Before(ended) {
			return game.Result{}, time.Time{}, false
		}
		return game.Result{Ranks: []int{2, 1}, Scores: []int{3, 7}}, ended, true // the second seat won
	}
	room.Tick(ctx) // starts the arena and pairs its two players
	ps, err := ts.Pairings(ctx, "a")
	if err != nil || len(ps) != 1 || ps[0].Status != stPlaying {
		t.Fatalf("the arena's first game: %+v %v", ps, err)
	}
	winner := ps[0].Seats[1].UserID
	clock.advance(11 * time.Minute) // the arena is over (before the loop's next look at its game): its end is noticed only now
	room.Tick(ctx)
	room.Tick(ctx)
	lt, err := room.load(ctx, "a")
	if err != nil || lt.Status != Finished {
		t.Fatalf("the arena is %q past its end, want finished (%v)", lt.Status, err)
	}
	if ps, _ = ts.Pairings(ctx, "a"); ps[0].Status != stFinished || !ps[0].Finished.Equal(ended) {
		t.Fatalf("the game is %s, dated %v, want finished at its own end %v", ps[0].Status, ps[0].Finished, ended)
	}
	st, err := room.arenaStandings(ctx, lt)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range st {
		want := 0
		if l.ID == winner {
			want = 2
		}
		if l.Points != want || l.Games != 1 {
			t.Fatalf("%s has %d points from %d games, want %d from 1 (the game over before the end counts): %+v", l.ID, l.Points, l.Games, want, st)
		}
	}
}

// A look at an arena as its time runs out judges it at one instant. The clock here moves on a
// millisecond at each read, from a few before the end: a look that read it at each step found the arena
// still running when it asked the games in play whether they had ended unheard (only those begun 15
// minutes ago are asked then), and over a moment later, and finished it without the game that had ended,
// unheard, before the end. Each start, a millisecond apart, puts the end between another two reads.
func TestArenaEndJudgedAtOneInstant(t *testing.T) {
	for before := 1; before <= 12; before++ {
		ctx := context.Background()
		clock := newTestClock()
		room, ts, _ := roomOnSQLite(t, clock.now, settings{Name: "a", Game: "toy", Format: Arena, Duration: 600}, 2)
		end := clock.now().Add(10 * time.Minute)
		ended := clock.now().Add(5 * time.Minute)
		room.host.Result = func(context.Context, string) (game.Result, time.Time, bool) {
			return game.Result{Ranks: []int{2, 1}, Scores: []int{3, 7}}, ended, true // unheard: the observer was never told
		}
		room.Tick(ctx) // starts the arena and pairs its two players
		ps, err := ts.Pairings(ctx, "a")
		if err != nil || len(ps) != 1 || ps[0].Status != stPlaying {
			t.Fatalf("the arena's first game: %+v %v", ps, err)
		}
		clock.set(end.Add(-time.Duration(before)*time.Millisecond), time.Millisecond)
		room.Tick(ctx)
		clock.set(end.Add(time.Minute), 0)
		room.Tick(ctx)
		room.Tick(ctx)
		lt, err := room.load(ctx, "a")
		if err != nil || lt.Status != Finished {
			t.Fatalf("%d ms before the end: the arena is %q past its end, want finished (%v)", before, lt.Status, err)
		}
		st, err := room.arenaStandings(ctx, lt)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range st {
			if l.Games != 1 {
				t.Fatalf("a look from %d ms before the end finished the arena without the game over before it: %+v", before, st)
			}
		}
	}
}
