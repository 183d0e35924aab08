package tournaments

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// Two rooms on one store, as two instances are, each with its own fold of the arena: finishing games on
// both at once, no player is ever in two games in play, every game pairs two different players, and both
// folds end with the same standings.
func TestArenaTwoRoomsPairNobodyTwice(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	a, ts, _ := roomOnSQLite(t, clock, settings{Name: "a", Game: "toy", Format: Arena, Duration: 3600}, 12)
	b := New(a.host)
	lt := startA(t, a)
	for wave := range 6 {
		ps, err := ts.Pairings(ctx, "a")
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i, p := range ps {
			if p.Status != stPlaying {
				continue
			}
			room := []*Room{a, b}[(i+wave)%2]
			p.Seats[0].Place, p.Seats[1].Place = 1+i%2, 2-i%2
			p.Status = stFinished
			wg.Go(func() {
				if ok, err := ts.FinishPairing(ctx, p.MatchID, p.Seats, stFinished, now); err != nil || !ok {
					t.Errorf("finish %s: %v %v", p.MatchID, ok, err)
					return
				}
				if err := room.arenaFinished(ctx, lt, p); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		checkNobodyTwice(t, ts)
	}
	sa, err := a.arenaStandings(ctx, lt)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := b.arenaStandings(ctx, lt)
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	for i := range sa {
		if sa[i] != sb[i] {
			t.Fatalf("the folds differ at %d: %+v %+v", i, sa[i], sb[i])
		}
		games += sa[i].Games
	}
	if games != 2*6*6 {
		t.Fatalf("%d player-games finished, want %d", games, 2*6*6)
	}
}

// checkNobodyTwice: nobody sits in two games in play, nor twice at one.
func checkNobodyTwice(t *testing.T, ts store.Tournaments) {
	t.Helper()
	ps, err := ts.Pairings(context.Background(), "a")
	if err != nil {
		t.Fatal(err)
	}
	in := map[string]int{}
	for _, p := range ps {
		if p.Status != stPlaying {
			continue
		}
		if len(p.Seats) != 2 || p.Seats[0].UserID == p.Seats[1].UserID {
			t.Fatalf("a game of %+v", p.Seats)
		}
		for _, s := range p.Seats {
			if in[s.UserID]++; in[s.UserID] > 1 {
				t.Fatalf("%s is in two games in play", s.UserID)
			}
		}
	}
}

// When an arena's time is up nobody is paired; its last games over, it finishes, and the instance forgets
// its fold once a look of the loop passes without a read of it (made again from the log for its standings).
func TestArenaEndsAndIsForgotten(t *testing.T) {
	ctx := context.Background()
	clock := newTestClock()
	room, ts, _ := roomOnSQLite(t, clock.now, settings{Name: "a", Game: "toy", Format: Arena, Duration: 600}, 4)
	room.Tick(ctx)
	clock.advance(601 * time.Second)
	ps, _ := ts.Pairings(ctx, "a")
	if len(ps) != 2 {
		t.Fatalf("%d games at the start, want 2", len(ps))
	}
	lt, _ := room.load(ctx, "a")
	for _, p := range ps {
		p.Seats[0].Place, p.Seats[1].Place, p.Status = 1, 2, stFinished
		if ok, err := ts.FinishPairing(ctx, p.MatchID, p.Seats, stFinished, clock.now()); err != nil || !ok {
			t.Fatal(ok, err)
		}
		if err := room.arenaFinished(ctx, lt, p); err != nil {
			t.Fatal(err)
		}
	}
	room.Tick(ctx)
	if ps, _ := ts.Pairings(ctx, "a"); len(ps) != 2 {
		t.Fatalf("paired after the time was up: %d games", len(ps))
	}
	if tr, _ := ts.Tournament(ctx, "a"); tr.Status != Finished {
		t.Fatalf("status %s, want finished", tr.Status)
	}
	room.Tick(ctx) // a look of the loop with no read of the arena since (its finish read its standings)
	room.mu.Lock()
	kept := room.arenas["a"] != nil
	room.mu.Unlock()
	if kept {
		t.Fatal("the finished arena's fold is kept")
	}
	st, err := room.arenaStandings(ctx, lt)
	if err != nil || len(st) != 4 || st[0].Points != 2 || st[3].Points != 0 {
		t.Fatalf("standings from the log again: %+v %v", st, err)
	}
}

// A game lost by forfeit, recorded on one instance, pauses the absent player in the log: the other
// instance's fold has them paused and pairs them no more, though another player waits, and their
// entrant's flag (the tournament's JSON) says paused.
func TestArenaForfeitPausesOnEveryInstance(t *testing.T) {
	ctx := context.Background()
	clock := newTestClock()
	a, ts, _ := roomOnSQLite(t, clock.now, settings{Name: "a", Game: "toy", Format: Arena, Duration: 3600}, 3)
	b := New(a.host)
	a.Tick(ctx)
	ps, _ := ts.Pairings(ctx, "a")
	if len(ps) != 1 {
		t.Fatalf("%d games at the start, want 1", len(ps))
	}
	p := ps[0]
	absent := p.Seats[1].UserID
	p.Seats[0].Place, p.Seats[1].Place, p.Seats[1].Forfeit, p.Status = 1, 2, true, stForfeit
	if ok, err := ts.FinishPairing(ctx, p.MatchID, p.Seats, stForfeit, clock.now()); err != nil || !ok {
		t.Fatal(ok, err)
	}
	lt, _ := a.load(ctx, "a")
	if err := a.arenaFinished(ctx, lt, p); err != nil {
		t.Fatal(err)
	}
	b.pairWaiting(ctx, lt)
	ps, _ = ts.Pairings(ctx, "a")
	if len(ps) != 2 || slices.ContainsFunc(ps[1].Seats, func(s store.TournamentSeat) bool { return s.UserID == absent }) {
		t.Fatalf("after the forfeit: %+v", ps)
	}
	st, err := b.arenaStandings(ctx, lt)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range st {
		if l.Paused != (l.ID == absent) {
			t.Fatalf("the other instance's standings: %+v", st)
		}
	}
	es, _ := ts.Entrants(ctx, "a")
	for _, e := range es {
		if e.Paused != (e.UserID == absent) {
			t.Fatalf("entrants: %+v", es)
		}
	}
}
