package server

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/server/tournaments"
	"github.com/surveyor-game/surveyor/store"
)

// TestLegacyTournamentGameGetsAGraceClock: a tournament stored before every tournament needed a clock may
// have a game in play with none, stalled since its player to move walked away. Once the server is upgraded
// the game is armed with the tournament's default clock (two minutes a move), counted from the moment it
// is armed, not from the stalled move: a full period of grace, not an instant loss. The grace is the same
// after the match sleeps and is read again from its log, and once it is over the move is played for the
// seat. On SQLite and PostgreSQL.
func TestLegacyTournamentGameGetsAGraceClock(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		st := openSQLiteAt(t, filepath.Join(t.TempDir(), "surveyor.db"))
		legacyGrace(t, func() store.Store { return st })
	})
	t.Run("postgres", func(t *testing.T) {
		legacyGrace(t, sharedPostgres(t))
	})
}

func legacyGrace(t *testing.T, open func() store.Store) {
	ctx := context.Background()
	withAccounts := func(st store.Store, clock *fakeClock) func(*Config) {
		return func(c *Config) {
			c.Accounts = st.(store.Accounts)
			if clock != nil {
				c.Now = clock.Now
			}
		}
	}
	// Before the upgrade: a clockless tournament and its game, in play.
	st1 := open()
	old := newEnv(t, st1, withAccounts(st1, nil))
	signUp(t, old, "Ada", "Bea")
	ts := st1.(store.Tournaments)
	if err := ts.AddTournament(ctx, store.Tournament{ID: "old", Creator: "x", Visibility: "public", Status: "running",
		StartsAt: old.clock.Now(), MaxPlayers: 2, Settings: []byte(`{"name":"Old","game":"toy","format":"swiss","rounds":1}`),
		Created: old.clock.Now()}); err != nil {
		t.Fatal(err)
	}
	var seats []tournaments.SeatSpec
	for _, n := range []string{"Ada", "Bea"} {
		u, err := st1.(store.Accounts).UserByKey(ctx, auth.NameKey(n))
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, tournaments.SeatSpec{UserID: u.ID})
	}
	id, err := old.srv.startTournamentMatch(ctx, tournaments.Setup{Tournament: "old", Game: "toy", Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	// A second game of it was over before the upgrade: it stays as it was played, without a clock.
	done, err := old.srv.startTournamentMatch(ctx, tournaments.Setup{Tournament: "old", Game: "toy", Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	if err := old.srv.resignSeat(ctx, done, 1); err != nil {
		t.Fatal(err)
	}
	// The game is stored as the old server made it: no clock.
	row, err := st1.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if string(row.Config) == "" || containsClock(row.Config) {
		t.Fatalf("the legacy game's config %s has a clock", row.Config)
	}
	old.http.Close()
	old.srv.Close()

	// Upgraded, a day later.
	later := &fakeClock{t: old.clock.Now().Add(24 * time.Hour)}
	st2 := open()
	e := newEnv(t, st2, withAccounts(st2, later))
	moves := func() int {
		t.Helper()
		n := 0
		if err := e.srv.withMatch(ctx, id, func(m *match) error { n = len(m.moves); return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	e.srv.ring(id) // at once: the day of stalling does not count
	if n := moves(); n != 0 {
		t.Fatalf("armed a day after the stall, %d moves were played at once, want none (a grace)", n)
	}
	if err := e.srv.withMatch(ctx, done, func(m *match) error {
		if !m.over() || m.cfg.Clock != nil {
			t.Errorf("the game over before the upgrade: over %v, clock %+v; want over, without a clock", m.over(), m.cfg.Clock)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	later.Advance(119 * time.Second)
	m, err := e.srv.get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	e.srv.sleep(m) // read again from its log: the grace stays counted from the arming
	m.mu.Unlock()
	e.srv.ring(id)
	if n := moves(); n != 0 {
		t.Fatalf("%d moves played within the two minutes of grace, want none", n)
	}
	var stalled int // the seats to move (the toy game's seats move at once)
	if err := e.srv.withMatch(ctx, id, func(m *match) error { stalled = len(m.st.ToAct()); return nil }); err != nil {
		t.Fatal(err)
	}
	later.Advance(2 * time.Second)
	e.srv.ring(id)
	if n := moves(); n == 0 || n != stalled {
		t.Fatalf("%d moves played once the grace ran out, want %d, one played for each seat to move", n, stalled)
	}
}

func containsClock(cfg []byte) bool {
	var c config
	return json.Unmarshal(cfg, &c) == nil && c.Clock != nil
}
