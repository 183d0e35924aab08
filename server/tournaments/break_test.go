package tournaments

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/postgres"
	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// Two instances at the end of a Swiss's break both go to pair the next round: it is paired once, its
// games made once; before the break's end neither pairs it.
func TestBreakEndsOnceOnTwoInstances(t *testing.T) {
	ctx := context.Background()
	start := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	var now atomic.Pointer[time.Time]
	now.Store(&start)
	clock := func() time.Time { return *now.Load() }
	a, ts, _ := roomOnSQLite(t, clock, settings{Name: "s", Game: "toy", Format: Swiss, Rounds: 2, RoundBreak: 60}, 4)
	b := New(a.host)
	lt := startA(t, a)
	ps, err := ts.Pairings(ctx, "a")
	if err != nil || len(ps) != 2 {
		t.Fatalf("round 1: %d games %v, want 2", len(ps), err)
	}
	ended := start.Add(10 * time.Minute)
	for _, p := range ps {
		p.Seats[0].Place, p.Seats[1].Place = 1, 2
		if ok, err := ts.FinishPairing(ctx, p.MatchID, p.Seats, stFinished, ended); err != nil || !ok {
			t.Fatalf("result of %s: %v %v", p.MatchID, ok, err)
		}
	}
	rounds := func() (n, games int) {
		ps, err := ts.Pairings(ctx, "a")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			n = max(n, p.Round)
			if p.Round == 2 && realMatch(p.MatchID) {
				games++
			}
		}
		return n, games
	}
	at := ended.Add(59 * time.Second)
	now.Store(&at)
	for _, r := range []*Room{a, b} {
		if err := r.advance(ctx, lt); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := rounds(); n != 1 {
		t.Fatalf("a second before the break's end, %d rounds", n)
	}
	at = ended.Add(60 * time.Second)
	now.Store(&at)
	advanceAtOnce(t, lt, a, b, a, b)
	if n, games := rounds(); n != 2 || games != 2 {
		t.Fatalf("after the break: %d rounds, round 2 with %d games made; want 2 and 2", n, games)
	}
}

// advanceAtOnce has the rooms advance the tournament all at once, as instances looking together.
func advanceAtOnce(t *testing.T, lt loaded, rooms ...*Room) {
	var wg sync.WaitGroup
	for _, r := range rooms {
		wg.Go(func() {
			if err := r.advance(context.Background(), lt); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}

// When a Swiss's round is over and its break begins, each player still in is told once when the next
// round starts, however many instances look at the break at once (two rooms on one SQLite file, and two
// instances on one PostgreSQL when SURVEYOR_TEST_POSTGRES names one): a player who withdrew and a bot are
// not told; after the last round no break is announced.
func TestBreakNoteOnceOnTwoInstances(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "t.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		breakNoteOnce(t, st, st)
	})
	t.Run("postgres", func(t *testing.T) {
		url, schema := pgtest.Schema(t)
		var two []store.Tournaments
		for range 2 {
			st, err := postgres.Open(context.Background(), url, postgres.Options{Schema: schema, MaxConns: 4})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			two = append(two, st)
		}
		breakNoteOnce(t, two[0], two[1])
	})
}

func breakNoteOnce(t *testing.T, sa, sb store.Tournaments) {
	ctx := context.Background()
	start := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	var now atomic.Pointer[time.Time]
	now.Store(&start)
	set := func(at time.Time) { now.Store(&at) }
	a, _ := roomOn(t, sa, func() time.Time { return *now.Load() }, settings{Name: "Club night", Game: "toy", Format: Swiss, Rounds: 3, RoundBreak: 60}, 6)
	var mu sync.Mutex
	var notes []store.Note
	a.host.Notify = func(_ context.Context, ns ...store.Note) {
		mu.Lock()
		defer mu.Unlock()
		notes = append(notes, ns...)
	}
	hb := a.host
	hb.Store = sb
	b := New(hb)
	// a bot in the last player's place
	if ok, err := sa.RemoveEntrant(ctx, "a", "u0005"); err != nil || !ok {
		t.Fatalf("remove u0005: %v %v", ok, err)
	}
	if err := sa.AddEntrant(ctx, store.Entrant{Tournament: "a", UserID: "bot:easy:1", Name: "Bot", Bot: "easy", Joined: start, CheckedIn: true}); err != nil {
		t.Fatal(err)
	}
	lt := startA(t, a)
	// finish plays round n's games out at at, the first seat winning.
	finish := func(n int, at time.Time) {
		t.Helper()
		ps, err := sa.Pairings(ctx, "a")
		if err != nil {
			t.Fatal(err)
		}
		games := 0
		for _, p := range ps {
			if p.Round != n || p.Status != stPlaying {
				continue
			}
			p.Seats[0].Place, p.Seats[1].Place = 1, 2
			if ok, err := sa.FinishPairing(ctx, p.MatchID, p.Seats, stFinished, at); err != nil || !ok {
				t.Fatalf("result of %s: %v %v", p.MatchID, ok, err)
			}
			games++
		}
		if games == 0 {
			t.Fatalf("round %d has no game in play", n)
		}
	}
	// lookAtOnce has both instances look at the tournament twice, at once.
	lookAtOnce := func() { advanceAtOnce(t, lt, a, b, a, b) }
	// told are the break notes written, by player.
	told := func() map[string][]social.NoteData {
		mu.Lock()
		defer mu.Unlock()
		out := map[string][]social.NoteData{}
		for _, n := range notes {
			if n.Kind != social.NoteTournamentBreak {
				continue
			}
			var d social.NoteData
			if err := json.Unmarshal(n.Data, &d); err != nil || n.GameID != "" {
				t.Fatalf("a break note %+v: %v", n, err)
			}
			out[n.UserID] = append(out[n.UserID], d)
		}
		return out
	}
	// check: each of the players still in has been told of the breaks before rounds 2 .. upTo, once each,
	// with when each starts.
	check := func(upTo int, starts ...time.Time) {
		t.Helper()
		got := told()
		for _, u := range []string{"u0000", "u0002", "u0003", "u0004"} {
			ds := got[u]
			if len(ds) != upTo-1 {
				t.Fatalf("%s was told of %d breaks, want %d: %+v", u, len(ds), upTo-1, ds)
			}
			for i, d := range ds {
				if d.Round != i+2 || d.Deadline == nil || !d.Deadline.Equal(starts[i]) || d.Tournament != "a" || d.Title != "Club night" {
					t.Fatalf("%s's note of break %d: %+v, want round %d at %v", u, i+1, d, i+2, starts[i])
				}
			}
		}
		for _, u := range []string{"u0001", "bot:easy:1"} {
			if len(got[u]) != 0 {
				t.Fatalf("%s, withdrawn or a bot, was told of a break: %+v", u, got[u])
			}
		}
	}

	ended1 := start.Add(10 * time.Minute)
	finish(1, ended1)
	if ok, err := sa.SetEntrantFlag(ctx, "a", "u0001", "withdrawn", true); err != nil || !ok {
		t.Fatalf("u0001 withdraws: %v %v", ok, err)
	}
	set(ended1.Add(30 * time.Second))
	lookAtOnce()
	lookAtOnce()
	check(2, ended1.Add(time.Minute))
	set(ended1.Add(time.Minute))
	lookAtOnce() // round 2 paired
	ended2 := ended1.Add(20 * time.Minute)
	finish(2, ended2)
	set(ended2.Add(time.Second))
	lookAtOnce()
	check(3, ended1.Add(time.Minute), ended2.Add(time.Minute))
	set(ended2.Add(time.Minute))
	lookAtOnce() // round 3 paired
	finish(3, ended2.Add(20*time.Minute))
	set(ended2.Add(21 * time.Minute))
	lookAtOnce() // the end
	if lt, _ := a.load(ctx, "a"); lt.Status != Finished {
		t.Fatalf("after round 3: %s", lt.Status)
	}
	check(3, ended1.Add(time.Minute), ended2.Add(time.Minute))
}

// A break no instance looked at (the server was down through it) is not announced once it is over, and
// its claim goes when the next round is paired: what the store keeps is the claim of the break to come.
func TestMissedBreakLeavesNoClaim(t *testing.T) {
	ctx := context.Background()
	start := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	var now atomic.Pointer[time.Time]
	now.Store(&start)
	a, ts, _ := roomOnSQLite(t, func() time.Time { return *now.Load() }, settings{Name: "s", Game: "toy", Format: Swiss, Rounds: 3, RoundBreak: 60}, 4)
	var kinds []string
	a.host.Notify = func(_ context.Context, ns ...store.Note) {
		for _, n := range ns {
			kinds = append(kinds, n.Kind)
		}
	}
	lt := startA(t, a)
	ps, err := ts.Pairings(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	ended := start.Add(10 * time.Minute)
	for _, p := range ps {
		p.Seats[0].Place, p.Seats[1].Place = 1, 2
		if ok, err := ts.FinishPairing(ctx, p.MatchID, p.Seats, stFinished, ended); err != nil || !ok {
			t.Fatalf("result of %s: %v %v", p.MatchID, ok, err)
		}
	}
	after := ended.Add(time.Hour)
	now.Store(&after)
	if err := a.advance(ctx, lt); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(kinds, social.NoteTournamentBreak) {
		t.Fatalf("a break announced once over: %v", kinds)
	}
	keys, err := ts.(store.Shared).TempKeys(ctx, "tournament-break:a:", after)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, []string{breakClaim("a", 2)}) {
		t.Fatalf("the claims kept after round 2 is paired: %v, want round 2's only", keys)
	}
}
