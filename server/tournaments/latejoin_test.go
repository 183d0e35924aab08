package tournaments

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// A late joiner whose instance stopped between the store's entry and the arena's join step is entered by
// the next tick, paired with the one who waits, and seated by name in the game's match, though the
// ticking instance read the arena's players at the start, before the join.
func TestArenaLateJoinerLeftOutIsEnteredByTheTick(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	a, ts, _ := roomOnSQLite(t, func() time.Time { return now }, settings{Name: "a", Game: "toy", Format: Arena, Duration: 3600}, 4)
	// one leaves before the start: three play, and there is room for one more
	if ok, err := ts.RemoveEntrant(ctx, "a", "u0003"); err != nil || !ok {
		t.Fatalf("leave: %v %v", ok, err)
	}
	var mu sync.Mutex
	var setups []Setup
	a.host.Start = func(_ context.Context, s Setup) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		setups = append(setups, s)
		return fmt.Sprint("m", len(setups)), nil
	}
	b := New(a.host)
	lt := startA(t, a)
	if len(setups) != 1 {
		t.Fatalf("%d games at the start of three, want 1", len(setups))
	}
	waiter := slices.DeleteFunc([]string{"u0000", "u0001", "u0002"}, func(u string) bool {
		return u == setups[0].Seats[0].UserID || u == setups[0].Seats[1].UserID
	})[0]
	late := store.Entrant{Tournament: "a", UserID: "late", Name: "Latecomer", Rating: 1500, Joined: now, CheckedIn: true}
	if err := ts.AddLateEntrant(ctx, late); err != nil {
		t.Fatal(err)
	}
	// a read the players at the start, before the join
	if err := a.advanceArena(ctx, lt); err != nil {
		t.Fatal(err)
	}
	if len(setups) != 2 {
		t.Fatalf("%d games after the tick, want 2", len(setups))
	}
	seats := setups[1].Seats
	if !slices.Contains([]string{seats[0].UserID, seats[1].UserID}, waiter) ||
		!slices.ContainsFunc(seats, func(s SeatSpec) bool { return s.UserID == "late" && s.Name == "Latecomer" }) {
		t.Fatalf("the second game's seats %+v, want the latecomer by name with %s, who waited", seats, waiter)
	}
	// another instance's fold reads the same, and its tick enters nobody twice
	if err := b.advanceArena(ctx, lt); err != nil {
		t.Fatal(err)
	}
	st, err := b.arenaStandings(ctx, lt)
	if err != nil || len(st) != 4 || len(setups) != 2 {
		t.Fatalf("after a second tick: %d players, %d games, %v; want 4 and 2", len(st), len(setups), err)
	}
}
