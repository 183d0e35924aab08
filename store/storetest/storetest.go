// Package storetest is the conformance suite every store backend runs.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// Run runs the suite. open returns a fresh, empty store for each subtest; the subtest closes it.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(*testing.T, store.Store)
	}{
		{"CreateAndGet", testCreateAndGet},
		{"AppendAndEvents", testAppendAndEvents},
		{"Conflict", testConflict},
		{"RacingAppends", testRacingAppends},
		{"ManyGamesConcurrently", testManyGames},
		{"MixedBatch", testMixedBatch},
		{"ListGames", testListGames},
		{"BadAppend", testBadAppend},
		{"Notify", testNotify},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() { s.Close() })
			tc.fn(t, s)
		})
	}
}

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 123456000, time.UTC)

func newGame(id string, created time.Time) store.Game {
	return store.Game{ID: id, Game: "toy", Options: json.RawMessage(`{"rounds":3}`), Seed: 1<<63 + 5,
		Config: json.RawMessage(`{"maxSeats":2}`), Status: "open", Summary: json.RawMessage(`{"players":[]}`), Created: created}
}

func ev(kind string, seat int, data string, at time.Time) store.Event {
	return store.Event{Kind: kind, Seat: seat, Data: json.RawMessage(data), At: at}
}

func testCreateAndGet(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.CreateGame(ctx, newGame("g1", t0)); err != nil {
		t.Fatal(err)
	}
	g, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if g.ID != "g1" || g.Game != "toy" || g.Seed != 1<<63+5 || g.Status != "open" || g.Seq != 0 ||
		string(g.Options) != `{"rounds":3}` || string(g.Config) != `{"maxSeats":2}` || string(g.Summary) != `{"players":[]}` {
		t.Fatalf("read back %+v", g)
	}
	if !g.Created.Equal(t0) {
		t.Fatalf("created %v, want %v", g.Created, t0)
	}
	if err := s.CreateGame(ctx, newGame("g1", t0)); !errors.Is(err, store.ErrExists) {
		t.Fatalf("duplicate create: %v, want ErrExists", err)
	}
	if _, err := s.Game(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown game: %v, want ErrNotFound", err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("ping: %v", err)
	}
}

func testAppendAndEvents(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.CreateGame(ctx, newGame("g", t0)); err != nil {
		t.Fatal(err)
	}
	at1, at2 := t0.Add(time.Second), t0.Add(2*time.Second+789*time.Microsecond)
	seq, err := s.Append(ctx, "g", 0, store.Update{}, ev("join", 0, `{"name":"a"}`, at1))
	if err != nil || seq != 1 {
		t.Fatalf("first append: seq %d, %v; want 1", seq, err)
	}
	seq, err = s.Append(ctx, "g", 1, store.Update{Status: "playing", Summary: json.RawMessage(`{"players":["a"]}`)},
		ev("start", -1, `{}`, at2), ev("move", 0, `{"pick":2}`, at2))
	if err != nil || seq != 3 {
		t.Fatalf("second append: seq %d, %v; want 3", seq, err)
	}
	g, err := s.Game(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	if g.Seq != 3 || g.Status != "playing" || string(g.Summary) != `{"players":["a"]}` || !g.Updated.Equal(at2) {
		t.Fatalf("game after appends %+v", g)
	}
	evs, err := s.Events(ctx, "g", 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Event{
		{Seq: 1, Kind: "join", Seat: 0, Data: json.RawMessage(`{"name":"a"}`), At: at1},
		{Seq: 2, Kind: "start", Seat: -1, Data: json.RawMessage(`{}`), At: at2},
		{Seq: 3, Kind: "move", Seat: 0, Data: json.RawMessage(`{"pick":2}`), At: at2},
	}
	if err := sameEvents(evs, want); err != nil {
		t.Fatal(err)
	}
	tail, err := s.Events(ctx, "g", 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameEvents(tail, want[2:]); err != nil {
		t.Fatalf("events after 2: %v", err)
	}
	// An update with empty fields keeps status and summary.
	if _, err := s.Append(ctx, "g", 3, store.Update{}, ev("move", 1, `{}`, at2)); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(ctx, "g"); g.Status != "playing" || string(g.Summary) != `{"players":["a"]}` {
		t.Fatalf("empty update changed the row: %+v", g)
	}
	if evs, err := s.Events(ctx, "unknown", 0); err != nil || len(evs) != 0 {
		t.Fatalf("events of an unknown game: %v, %v", evs, err)
	}
}

func sameEvents(got, want []store.Event) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d events, want %d: %+v", len(got), len(want), got)
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Seq != w.Seq || g.Kind != w.Kind || g.Seat != w.Seat || string(g.Data) != string(w.Data) || !g.At.Equal(w.At) {
			return fmt.Errorf("event %d = %+v, want %+v", i, g, w)
		}
	}
	return nil
}

func testConflict(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.CreateGame(ctx, newGame("g", t0)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "g", 0, store.Update{}, ev("join", 0, `{}`, t0)); err != nil {
		t.Fatal(err)
	}
	for _, after := range []int64{0, 2, 7} {
		_, err := s.Append(ctx, "g", after, store.Update{Status: "finished"}, ev("move", 1, `{}`, t0))
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("append after %d to a log at 1: %v, want ErrConflict", after, err)
		}
	}
	g, _ := s.Game(ctx, "g")
	evs, _ := s.Events(ctx, "g", 0)
	if g.Seq != 1 || g.Status != "open" || len(evs) != 1 {
		t.Fatalf("refused appends changed the game: %+v, %d events", g, len(evs))
	}
	if _, err := s.Append(ctx, "missing", 0, store.Update{}, ev("join", 0, `{}`, t0)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("append to an unknown game: %v, want ErrNotFound", err)
	}
}

// testRacingAppends has many writers append at the same sequence number: exactly one wins each round.
func testRacingAppends(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.CreateGame(ctx, newGame("g", t0)); err != nil {
		t.Fatal(err)
	}
	const writers, rounds = 8, 5
	for round := range rounds {
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins, conflicts := 0, 0
		for w := range writers {
			wg.Go(func() {
				_, err := s.Append(ctx, "g", int64(round), store.Update{}, ev("move", w, `{}`, t0))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, store.ErrConflict):
					conflicts++
				default:
					t.Errorf("racing append: %v", err)
				}
			})
		}
		wg.Wait()
		if wins != 1 || conflicts != writers-1 {
			t.Fatalf("round %d: %d wins and %d conflicts, want 1 and %d", round, wins, conflicts, writers-1)
		}
	}
	evs, err := s.Events(ctx, "g", 0)
	if err != nil || len(evs) != rounds {
		t.Fatalf("%d events (%v), want %d", len(evs), err, rounds)
	}
}

func testManyGames(t *testing.T, s store.Store) {
	ctx := context.Background()
	const games, moves = 20, 10
	for i := range games {
		if err := s.CreateGame(ctx, newGame(fmt.Sprint("g", i), t0)); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for i := range games {
		wg.Go(func() {
			for m := range moves {
				if _, err := s.Append(ctx, fmt.Sprint("g", i), int64(m), store.Update{}, ev("move", i, fmt.Sprint(m), t0)); err != nil {
					t.Errorf("game %d move %d: %v", i, m, err)
					return
				}
			}
		})
	}
	wg.Wait()
	for i := range games {
		evs, err := s.Events(ctx, fmt.Sprint("g", i), 0)
		if err != nil || len(evs) != moves {
			t.Fatalf("game %d: %d events (%v), want %d", i, len(evs), err, moves)
		}
		for m, e := range evs {
			if e.Seq != int64(m+1) || string(e.Data) != fmt.Sprint(m) || e.Seat != i {
				t.Fatalf("game %d event %d = %+v", i, m, e)
			}
		}
	}
}

// testMixedBatch appends to many games at once, as one group commit takes them: appends that succeed (with
// one to three events, some changing the status and summary), appends whose sequence number is stale and
// appends to games that do not exist. Each must get its own answer, and only the first kind change anything.
func testMixedBatch(t *testing.T, s store.Store) {
	ctx := context.Background()
	const games = 60
	for i := range games {
		if err := s.CreateGame(ctx, newGame(fmt.Sprint("g", i), t0)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Append(ctx, fmt.Sprint("g", i), 0, store.Update{}, ev("join", 0, `{}`, t0)); err != nil {
			t.Fatal(err)
		}
	}
	for round := range 3 {
		start := make(chan struct{})
		errs := make([]error, games+10)
		var wg sync.WaitGroup
		for i := range games + 10 {
			wg.Go(func() {
				<-start
				id, after := fmt.Sprint("g", i), int64(1+round*(1+i%3))
				var up store.Update
				switch {
				case i >= games:
					id = fmt.Sprint("missing", i)
				case i%5 == 4:
					after = 0 // stale
				case i%5 == 1:
					up = store.Update{Status: fmt.Sprint("s", round), Summary: json.RawMessage(fmt.Sprintf(`{"r":%d}`, round))}
				}
				evs := make([]store.Event, 1+i%3)
				for j := range evs {
					evs[j] = ev("move", i%4, fmt.Sprintf(`{"r":%d,"j":%d}`, round, j), t0.Add(time.Duration(round)*time.Second))
				}
				_, errs[i] = s.Append(ctx, id, after, up, evs...)
			})
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			switch {
			case i >= games:
				if !errors.Is(err, store.ErrNotFound) {
					t.Fatalf("round %d: append to an unknown game: %v, want ErrNotFound", round, err)
				}
			case i%5 == 4:
				if !errors.Is(err, store.ErrConflict) {
					t.Fatalf("round %d game %d: stale append: %v, want ErrConflict", round, i, err)
				}
			case err != nil:
				t.Fatalf("round %d game %d: %v", round, i, err)
			}
		}
	}
	for i := range games {
		id := fmt.Sprint("g", i)
		g, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := s.Events(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := int64(1 + 3*(1+i%3))
		if i%5 == 4 {
			want = 1 // every append of these was stale: only the join
		}
		if g.Seq != want || int64(len(evs)) != want {
			t.Fatalf("game %d: seq %d, %d events; want %d", i, g.Seq, len(evs), want)
		}
		for k, e := range evs {
			if e.Seq != int64(k+1) {
				t.Fatalf("game %d: event %d has seq %d", i, k, e.Seq)
			}
			if k > 0 {
				r, j := (k-1)/(1+i%3), (k-1)%(1+i%3)
				if string(e.Data) != fmt.Sprintf(`{"r":%d,"j":%d}`, r, j) || e.Seat != i%4 || !e.At.Equal(t0.Add(time.Duration(r)*time.Second)) {
					t.Fatalf("game %d event %d = %+v", i, k, e)
				}
			}
		}
		wantStatus, wantSummary := "open", `{"players":[]}`
		if i%5 == 1 {
			wantStatus, wantSummary = "s2", `{"r":2}`
		}
		if g.Status != wantStatus || string(g.Summary) != wantSummary || (i%5 != 4 && !g.Updated.Equal(t0.Add(2*time.Second))) {
			t.Fatalf("game %d: status %q, summary %s, updated %v", i, g.Status, g.Summary, g.Updated)
		}
	}
}

func testListGames(t *testing.T, s store.Store) {
	ctx := context.Background()
	for i, st := range []string{"open", "playing", "open", "finished"} {
		g := newGame(fmt.Sprint("g", i), t0.Add(time.Duration(i)*time.Minute))
		g.Status = st
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(gs []store.Game) (out []string) {
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	open, err := s.ListGames(ctx, "open", 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(ids(open)); got != "[g2 g0]" {
		t.Fatalf("open games %s, want [g2 g0] (newest first)", got)
	}
	all, err := s.ListGames(ctx, "", 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(ids(all)); got != "[g3 g2 g1]" {
		t.Fatalf("all games, limit 3: %s, want [g3 g2 g1]", got)
	}
	// Newer unlisted games are left out of the listed ones, whatever the limit.
	for i := range 3 {
		g := newGame(fmt.Sprint("u", i), t0.Add(time.Hour+time.Duration(i)*time.Minute))
		g.Summary = json.RawMessage(`{"players":[],"unlisted":true}`)
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	listed, err := s.ListListed(ctx, "open", 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(ids(listed)); got != "[g2 g0]" {
		t.Fatalf("listed open games, limit 2: %s, want [g2 g0]", got)
	}
	if all, err := s.ListGames(ctx, "open", 1); err != nil || fmt.Sprint(ids(all)) != "[u2]" {
		t.Fatalf("every open game, limit 1: %v %v, want [u2]", ids(all), err)
	}
}

func testBadAppend(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.CreateGame(ctx, newGame("g", t0)); err != nil {
		t.Fatal(err)
	}
	bad := [][]store.Event{
		nil,
		{ev("", 0, `{}`, t0)},
		{ev("move", 0, `{`, t0)},
		{ev("move", 0, `{}`, t0), ev("move", 0, ``, t0)},
	}
	for i, evs := range bad {
		if _, err := s.Append(ctx, "g", 0, store.Update{}, evs...); err == nil {
			t.Errorf("bad append %d accepted", i)
		}
	}
	if g, _ := s.Game(ctx, "g"); g.Seq != 0 {
		t.Fatalf("bad appends moved the log to %d", g.Seq)
	}
}

func testNotify(t *testing.T, s store.Store) {
	n, ok := s.(store.Notifier)
	if !ok {
		return // single-process backends have nothing to notify
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan string, 10)
	go n.Listen(ctx, func(id string, seq int64) {
		got <- fmt.Sprintf("%s:%d", id, seq)
	})
	next := func() string {
		select {
		case msg := <-got:
			return msg
		case <-time.After(10 * time.Second):
			t.Fatal("no notification within 10 s")
			return ""
		}
	}
	// The first call says the listener is in place: every append from now on is reported.
	if msg := next(); msg != ":0" {
		t.Fatalf("first notification %q, want the resync call \":0\"", msg)
	}
	if err := s.CreateGame(ctx, newGame("g", t0)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "g", 0, store.Update{}, ev("move", 0, `{}`, t0)); err != nil {
		t.Fatal(err)
	}
	if msg := next(); msg != "g:1" {
		t.Fatalf("notification %q, want g:1", msg)
	}
	if _, err := s.Append(ctx, "g", 1, store.Update{}, ev("move", 0, `{}`, t0), ev("move", 0, `{}`, t0)); err != nil {
		t.Fatal(err)
	}
	if msg := next(); msg != "g:3" {
		t.Fatalf("notification %q, want g:3", msg)
	}
}
