package accounts

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// fakeAccounts keeps seats and accounts in memory; what the tests do not call is left to the nil
// embedded interface, and panics if called.
type fakeAccounts struct {
	store.Accounts
	refs  []store.SeatRef
	users map[string]store.User // by key
	asked int                   // calls of SeatHolders
}

func (f *fakeAccounts) SeatHolders(_ context.Context, gameID string) ([]store.SeatRef, error) {
	f.asked++
	var out []store.SeatRef
	for _, r := range f.refs {
		if r.GameID == gameID {
			out = append(out, r)
		}
	}
	return out, nil
}

func (f *fakeAccounts) BindSeat(_ context.Context, r store.SeatRef) error {
	f.refs = append(f.refs, r)
	return nil
}

func (f *fakeAccounts) RemoveSeat(_ context.Context, gameID string, seat int) error {
	f.refs = slices.DeleteFunc(f.refs, func(r store.SeatRef) bool { return r.GameID == gameID && r.Seat == seat })
	for i := range f.refs {
		if f.refs[i].GameID == gameID && f.refs[i].Seat > seat {
			f.refs[i].Seat--
		}
	}
	return nil
}

func (f *fakeAccounts) UserByKey(_ context.Context, key string) (store.User, error) {
	if u, ok := f.users[key]; ok {
		return u, nil
	}
	return store.User{}, store.ErrNotFound
}

func newTestStore(f *fakeAccounts, bound *[]string) *Store {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return New(f, func() time.Time { return now }, slog.New(slog.DiscardHandler), func(id string) { *bound = append(*bound, id) })
}

// Seats bound are found again (from the cache, then after a removal from the store), each holder at its
// seat; a seat removed moves the later ones up; the host is told of each binding.
func TestStoreSeats(t *testing.T) {
	t.Parallel()
	f := &fakeAccounts{}
	var bound []string
	a := newTestStore(f, &bound)
	ctx := context.Background()
	for seat, user := range []string{"ada", "bo", "cy"} {
		if err := a.BindSeat(ctx, store.User{ID: user}, "m1", game.Seat(seat)); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(bound, []string{"m1", "m1", "m1"}) {
		t.Errorf("told of bindings %v, want m1 three times", bound)
	}
	if seat, ok := a.Held("m1", "bo"); !ok || seat != 1 {
		t.Errorf("Held(m1, bo) = %d, %v; want 1", seat, ok)
	}
	if seat, err := a.SeatOf(ctx, "m1", "cy"); err != nil || seat != 2 || f.asked != 0 {
		t.Errorf("SeatOf(m1, cy) = %d, %v after %d look-ups; want 2 from the cache", seat, err, f.asked)
	}
	h, err := a.SeatHolders(ctx, "m1", 4)
	if err != nil || !slices.Equal(h, []string{"ada", "bo", "cy", ""}) {
		t.Errorf("SeatHolders = %q, %v", h, err)
	}
	a.RemoveSeat(ctx, "m1", 0)
	if seat, err := a.SeatOf(ctx, "m1", "cy"); err != nil || seat != 1 {
		t.Errorf("after seat 0 left, SeatOf(m1, cy) = %d, %v; want 1", seat, err)
	}
	var e *httpkit.Error
	if _, err := a.SeatOf(ctx, "m1", "ada"); !errors.As(err, &e) || e.Code != httpkit.CodeForbidden {
		t.Errorf("SeatOf a seat no longer held: %v, want forbidden", err)
	}
	if _, err := a.SeatOf(ctx, "m2", "bo"); !errors.As(err, &e) || e.Code != httpkit.CodeForbidden {
		t.Errorf("SeatOf in another match: %v, want forbidden", err)
	}
}

// A guest may not take a seat under an account's name, nor one that only looks like it.
func TestStoreSeatName(t *testing.T) {
	t.Parallel()
	f := &fakeAccounts{users: map[string]store.User{auth.NameKey("Ada"): {ID: "ada", Name: "Ada", Key: auth.NameKey("Ada")}}}
	var bound []string
	a := newTestStore(f, &bound)
	r := httptest.NewRequest("POST", "/api/matches", nil)
	for _, name := range []string{"Ada", "ADA", "\u0410da"} { // the last with a Cyrillic A
		var rf *httpkit.Refusal
		if got, err := a.SeatName(r, name); !errors.As(err, &rf) || rf.Code != CodeNameTaken || got != "" {
			t.Errorf("SeatName(%q) = %q, %v; want name_taken", name, got, err)
		}
	}
	if got, err := a.SeatName(r, "Bo"); got != "" || err != nil {
		t.Errorf("SeatName(Bo) = %q, %v; want a guest's seat", got, err)
	}
}
