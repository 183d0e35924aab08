package tournaments

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"

	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/postgres"
	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// TestClocklessTournamentGetsTheDefaultClock: a tournament stored before every tournament needed a clock
// has none, and a player who walked away from one of its games stalled the round for ever. Loaded, it has
// the clock the creation form starts with (two minutes a move; a league's three days a move), which its
// games get and its page shows; a tournament with a clock of its own keeps it. On SQLite and PostgreSQL.
func TestClocklessTournamentGetsTheDefaultClock(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "t.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		clocklessGetsDefault(t, st)
	})
	t.Run("postgres", func(t *testing.T) {
		url, schema := pgtest.Schema(t)
		st, err := postgres.Open(context.Background(), url, postgres.Options{Schema: schema, MaxConns: 4})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		clocklessGetsDefault(t, st)
	})
}

func clocklessGetsDefault(t *testing.T, ts store.Tournaments) {
	ctx := context.Background()
	clock := newTestClock()
	var mu sync.Mutex
	clocks := map[string][]Clock{} // each tournament's games' clocks
	room := New(Host{Store: ts, Now: clock.now, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Start: func(_ context.Context, su Setup) (string, error) {
			mu.Lock()
			defer mu.Unlock()
			c := Clock{}
			if su.Clock != nil {
				c = *su.Clock
			}
			clocks[su.Tournament] = append(clocks[su.Tournament], c)
			return fmt.Sprintf("%s-m%d", su.Tournament, len(clocks[su.Tournament])), nil
		}})
	cases := []struct {
		id   string
		set  settings
		want Clock
	}{
		{"swiss", settings{Name: "old swiss", Game: "toy", Format: Swiss, Rounds: 2}, Clock{Mode: "move", Seconds: 120}},
		{"league", settings{Name: "old league", Game: "toy", Format: League, GroupSize: 2}, Clock{Mode: "move", Seconds: 3 * day}},
		{"own", settings{Name: "timed", Game: "toy", Format: Swiss, Rounds: 2, Clock: &Clock{Mode: "game", Seconds: 600}}, Clock{Mode: "game", Seconds: 600}},
	}
	for _, c := range cases {
		raw, err := json.Marshal(c.set)
		if err != nil {
			t.Fatal(err)
		}
		tour := store.Tournament{ID: c.id, Creator: "u0", Visibility: "public", Status: Upcoming, StartsAt: clock.now(), MaxPlayers: 2, Settings: raw, Created: clock.now()}
		if err := ts.AddTournament(ctx, tour); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			if err := ts.AddEntrant(ctx, store.Entrant{Tournament: c.id, UserID: fmt.Sprintf("u%d", i), Name: fmt.Sprint("p", i), Rating: 1000, Joined: clock.now()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	room.Tick(ctx)
	for _, c := range cases {
		lt, err := room.load(ctx, c.id)
		if err != nil {
			t.Fatal(err)
		}
		if lt.set.Clock == nil || *lt.set.Clock != c.want {
			t.Errorf("%s: loaded with the clock %+v, want %+v", c.id, lt.set.Clock, c.want)
		}
		mu.Lock()
		got := clocks[c.id]
		mu.Unlock()
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: its games got the clocks %+v, want one game with %+v", c.id, got, c.want)
		}
	}
	// The stored settings of one with its own clock are untouched; a clockless one's are as they were.
	for _, c := range cases {
		tour, err := ts.Tournament(ctx, c.id)
		if err != nil {
			t.Fatal(err)
		}
		var set settings
		if err := json.Unmarshal(tour.Settings, &set); err != nil {
			t.Fatal(err)
		}
		if (set.Clock == nil) != (c.set.Clock == nil) {
			t.Errorf("%s: stored clock %+v, was %+v", c.id, set.Clock, c.set.Clock)
		}
	}
}

// Without a tournament store (a server without accounts, on a database that holds a tournament's games)
// a tournament's clock is an error, not a crash: the server then leaves its games as they are.
func TestClockWithoutStore(t *testing.T) {
	t.Parallel()
	room := New(Host{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if c, err := room.Clock(context.Background(), "old"); err == nil || c != nil {
		t.Fatalf("Clock without a store = %v, %v; want an error", c, err)
	}
}
