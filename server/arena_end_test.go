package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// arenaAtItsEnd is a server with an arena of n players (accounts made in the store, not signed up: a
// password hash each would cost minutes), every one of them in a game, those games put to sleep out of
// memory as an instance does with games nobody looks at, and the clock past the arena's end: the next
// tick ends it. It answers the server, its store and the arena's id.
func arenaAtItsEnd(tb testing.TB, n int) (*Server, store.Tournaments, string) {
	tb.Helper()
	ctx := context.Background()
	st := openSQLite(tb)
	clock := &fakeClock{t: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)}
	srv, err := New(ctx, Config{Store: st, Accounts: st.(store.Accounts), Games: testGames, RateLimit: -1, Now: clock.Now,
		IdleTimeout: time.Minute, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(srv.Close)
	acc, ts := st.(store.Accounts), st.(store.Tournaments)
	set := `{"name":"Blitz","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600,"seats":{"min":2,"max":2}}`
	now := clock.Now()
	if err := ts.AddTournament(ctx, store.Tournament{ID: "arena", Creator: "u0", Visibility: "public", Status: "upcoming", StartsAt: now.Add(time.Minute), MaxPlayers: n, Settings: json.RawMessage(set), Created: now}); err != nil {
		tb.Fatal(err)
	}
	for i := range n {
		id, name := fmt.Sprintf("u%d", i), fmt.Sprintf("P%d", i)
		if err := acc.CreateUser(ctx, store.User{ID: id, Name: name, Key: fmt.Sprintf("p%d", i), PasswordHash: "$argon2id$none", Created: now}); err != nil {
			tb.Fatal(err)
		}
		if err := ts.AddEntrant(ctx, store.Entrant{Tournament: "arena", UserID: id, Name: name, Rating: 1500, Joined: now}); err != nil {
			tb.Fatal(err)
		}
	}
	clock.Advance(time.Minute) // (the server's own ticks start it no sooner than all have joined)
	// The room's own loop may be starting it at the same moment: tick until every player is in a game.
	for try := 0; ; try++ {
		srv.tournaments.Tick(ctx)
		ps, err := ts.Pairings(ctx, "arena")
		if err == nil && len(ps) == n/2 {
			break
		} else if try == 100 {
			tb.Fatalf("%d games paired at the start, want %d: %v", len(ps), n/2, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	clock.Advance(2 * time.Minute)
	// The room's own loop ticks every few seconds beside this and may hold a game a moment longer.
	for try := 0; ; try++ {
		srv.evictIdle()
		if got := inMemory(srv); got == 0 {
			break
		} else if try == 100 {
			tb.Fatalf("%d games in memory after eviction", got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	clock.Advance(time.Hour)
	return srv, ts, "arena"
}

func inMemory(srv *Server) int {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return len(srv.matches)
}

// TestArenaEndLoadsNoGameInPlay: as an arena ends, each game in play is asked whether it ended unheard
// (one over before the end counts); a game whose stored row says it is still playing has not, and is not
// rebuilt from its log to say so. An arena of 1,000 players asked it of 500 games, each loaded.
func TestArenaEndLoadsNoGameInPlay(t *testing.T) {
	t.Parallel()
	srv, ts, id := arenaAtItsEnd(t, 20)
	srv.tournaments.Tick(t.Context())
	tour, err := ts.Tournament(t.Context(), id)
	if err != nil || tour.Status != "finished" {
		t.Fatalf("the arena is %q after its end: %v", tour.Status, err)
	}
	if n := inMemory(srv); n != 0 {
		t.Fatalf("ending the arena loaded %d of its 10 games in play into memory", n)
	}
}

// BenchmarkArenaEnd: the tick that ends an arena of 1,000 players, all 500 games in play and asleep.
func BenchmarkArenaEnd(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		srv, _, _ := arenaAtItsEnd(b, 1000)
		b.StartTimer()
		srv.tournaments.Tick(context.Background())
		b.ReportMetric(float64(inMemory(srv)), "games-loaded/op")
	}
}
