package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// testTournaments: entrants up to the limit and once each, only while upcoming; a status moves once; a
// round is stored once, whole; a result is recorded once; an arena's log takes one entry per seq; and
// the same under races, as several instances on one database make them.
func testTournaments(t *testing.T, s store.Tournaments) {
	ctx := context.Background()
	at := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	tr := store.Tournament{ID: "t1", Creator: "ada", Visibility: "public", Status: "upcoming", StartsAt: at.Add(time.Hour),
		MaxPlayers: 3, Settings: []byte(`{"format":"swiss"}`), Created: at}
	if err := s.AddTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	hidden := tr
	hidden.ID, hidden.Visibility, hidden.Key, hidden.Creator = "t2", "invite", "k", "bob"
	if err := s.AddTournament(ctx, hidden); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Tournament(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown tournament: %v", err)
	}
	for i, u := range []string{"ada", "bob", "cy"} {
		if err := s.AddEntrant(ctx, store.Entrant{Tournament: "t1", UserID: u, Name: u, Rating: 1500 + i, Joined: at.Add(time.Duration(i) * time.Second)}); err != nil {
			t.Fatalf("join %s: %v", u, err)
		}
	}
	if err := s.AddEntrant(ctx, store.Entrant{Tournament: "t1", UserID: "dee", Name: "dee", Joined: at}); !errors.Is(err, store.ErrFull) {
		t.Fatalf("a fourth of three: %v, want ErrFull", err)
	}
	if ok, err := s.RemoveEntrant(ctx, "t1", "cy"); err != nil || !ok {
		t.Fatalf("leave: %v %v", ok, err)
	}
	if ok, err := s.RemoveEntrant(ctx, "t1", "zed"); err != nil || ok {
		t.Fatalf("leaving without being in: %v %v, want false", ok, err)
	}
	if err := s.AddEntrant(ctx, store.Entrant{Tournament: "t1", UserID: "ada", Name: "ada", Joined: at}); !errors.Is(err, store.ErrExists) {
		t.Fatalf("joining twice: %v, want ErrExists", err)
	}
	if err := s.AddEntrant(ctx, store.Entrant{Tournament: "t1", UserID: "cy", Name: "cy", Joined: at.Add(time.Minute)}); err != nil {
		t.Fatalf("rejoin after a leave: %v", err)
	}
	got, err := s.Tournament(ctx, "t1")
	if err != nil || got.Players != 3 || string(got.Settings) != `{"format":"swiss"}` || !got.StartsAt.Equal(tr.StartsAt) {
		t.Fatalf("tournament read back: %+v %v", got, err)
	}
	// the invite-only one is listed to its creator and entrants only
	for user, want := range map[string]int{"ada": 1, "bob": 2, "zed": 1} {
		if l, err := s.ListTournaments(ctx, "upcoming", user, 10); err != nil || len(l) != want {
			t.Fatalf("list for %s: %d %v, want %d", user, len(l), err, want)
		}
	}
	if ok, err := s.SetEntrantFlag(ctx, "t1", "bob", "checked_in", true); err != nil || !ok {
		t.Fatalf("check in: %v %v", ok, err)
	}
	if e, err := s.Entrant(ctx, "t1", "bob"); err != nil || !e.CheckedIn || e.Name != "bob" {
		t.Fatalf("bob: %+v %v", e, err)
	}
	if _, err := s.Entrant(ctx, "t1", "zed"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no such entrant: %v", err)
	}
	if ok, err := s.SetEntrantFlag(ctx, "t1", "bob", "checked_in", true); err != nil || ok {
		t.Fatalf("check in twice: %v %v, want false", ok, err)
	}
	if _, err := s.SetEntrantFlag(ctx, "t1", "bob", "name", true); err == nil {
		t.Fatal("an unknown flag was set")
	}
	if ok, err := s.SetTournamentStatus(ctx, "t1", "upcoming", "running", at); err != nil || !ok {
		t.Fatalf("start: %v %v", ok, err)
	}
	if ok, err := s.SetTournamentStatus(ctx, "t1", "upcoming", "running", at); err != nil || ok {
		t.Fatalf("start twice: %v %v, want false", ok, err)
	}
	if ok, err := s.RemoveEntrant(ctx, "t1", "ada"); err != nil || ok {
		t.Fatalf("leaving after the start: %v %v, want false", ok, err)
	}
	lateJoins(t, s, at)
	checkInRace(t, s, at)
	if err := s.PlaceEntrants(ctx, "t1", []store.Entrant{{UserID: "ada", Division: 1, Group: 2}, {UserID: "cy", Division: 2, Group: 3}}); err != nil {
		t.Fatal(err)
	}
	es, err := s.Entrants(ctx, "t1")
	if err != nil || len(es) != 3 || es[0].UserID != "ada" || es[2].UserID != "cy" || !es[1].CheckedIn || es[0].Rating != 1500 ||
		es[0].Group != 2 || es[2].Division != 2 || es[1].Group != 0 {
		t.Fatalf("entrants: %+v %v", es, err)
	}
	round := []store.TournamentPairing{
		{Tournament: "t1", Round: 1, Table: 1, Seats: []store.TournamentSeat{{UserID: "ada"}, {UserID: "bob"}}, Status: "playing", Started: at},
		{Tournament: "t1", Round: 1, Table: 2, Seats: []store.TournamentSeat{{UserID: "cy", Place: 1}}, Status: "bye", Started: at, Finished: at},
	}
	if err := s.AddRound(ctx, "t1", 1, at, round); err != nil {
		t.Fatal(err)
	}
	if err := s.AddRound(ctx, "t1", 1, at, round[:1]); !errors.Is(err, store.ErrExists) {
		t.Fatalf("round 1 twice: %v, want ErrExists", err)
	}
	if ok, err := s.SwapPairingMatch(ctx, "t1", 1, 1, "", "claim"); err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	if ok, err := s.SwapPairingMatch(ctx, "t1", 1, 1, "", "claim2"); err != nil || ok {
		t.Fatalf("claim twice: %v %v, want false", ok, err)
	}
	if ok, err := s.SwapPairingMatch(ctx, "t1", 1, 1, "claim", "m1"); err != nil || !ok {
		t.Fatalf("set: %v %v", ok, err)
	}
	if ok, err := s.ForfeitSeat(ctx, "m1", 1); err != nil || !ok {
		t.Fatalf("forfeit: %v %v", ok, err)
	}
	if ok, err := s.ForfeitSeat(ctx, "m1", 1); err != nil || ok {
		t.Fatalf("forfeit twice: %v %v", ok, err)
	}
	p, err := s.PairingOfMatch(ctx, "m1")
	if err != nil || p.Round != 1 || p.Table != 1 || !p.Seats[1].Forfeit || p.Seats[0].UserID != "ada" {
		t.Fatalf("pairing of m1: %+v %v", p, err)
	}
	seats := []store.TournamentSeat{{UserID: "ada", Place: 1, Score: 9}, {UserID: "bob", Place: 2, Score: 3, Forfeit: true}}
	if ok, err := s.FinishPairing(ctx, "m1", seats, "forfeit", at.Add(time.Hour)); err != nil || !ok {
		t.Fatalf("finish: %v %v", ok, err)
	}
	if ok, err := s.FinishPairing(ctx, "m1", seats[:1], "finished", at.Add(time.Hour)); err != nil || ok {
		t.Fatalf("finish twice: %v %v, want false", ok, err)
	}
	ps, err := s.Pairings(ctx, "t1")
	if err != nil || len(ps) != 2 || ps[0].Status != "forfeit" || ps[0].Seats[0].Score != 9 || ps[1].Status != "bye" || ps[0].MatchID != "m1" {
		t.Fatalf("pairings: %+v %v", ps, err)
	}
	if _, err := s.PairingOfMatch(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("pairing of no match: %v", err)
	}

	// races: rounds claimed once, places taken up to the limit, arena log entries once per seq
	race := func(n int, fn func(i int) error) (won int) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				if fn(i) == nil {
					mu.Lock()
					won++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		return won
	}
	if won := race(8, func(i int) error {
		return s.AddRound(ctx, "t1", 2, at, []store.TournamentPairing{{Tournament: "t1", Round: 2, Table: 1, Seats: []store.TournamentSeat{{UserID: fmt.Sprint(i)}}, Status: "bye"}})
	}); won != 1 {
		t.Fatalf("round 2 stored by %d racers, want 1", won)
	}
	if ps, _ := s.Pairings(ctx, "t1"); len(ps) != 3 {
		t.Fatalf("after the race, %d pairings, want 3", len(ps))
	}
	big := tr
	big.ID, big.MaxPlayers = "t3", 5
	if err := s.AddTournament(ctx, big); err != nil {
		t.Fatal(err)
	}
	if won := race(12, func(i int) error {
		return s.AddEntrant(ctx, store.Entrant{Tournament: "t3", UserID: fmt.Sprint("u", i), Name: "u", Joined: at})
	}); won != 5 {
		t.Fatalf("%d joined a tournament of 5", won)
	}
	if es, _ := s.Entrants(ctx, "t3"); len(es) != 5 {
		t.Fatalf("%d entrants stored, want 5", len(es))
	}
	if won := race(6, func(i int) error {
		return s.AppendArenaEvent(ctx, "t3", store.ArenaEvent{Seq: 1, Kind: "pair", Data: []byte(fmt.Sprintf(`{"id":"u%d"}`, i))})
	}); won != 1 {
		t.Fatalf("arena seq 1 appended by %d", won)
	}
	if err := s.AppendArenaEvent(ctx, "t3", store.ArenaEvent{Seq: 2, Kind: "pause", Data: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	if evs, err := s.ArenaEvents(ctx, "t3", 1); err != nil || len(evs) != 1 || evs[0].Kind != "pause" {
		t.Fatalf("arena events after 1: %+v %v", evs, err)
	}
	if act, err := s.ActiveTournaments(ctx); err != nil || len(act) != 3 {
		t.Fatalf("active: %d %v, want 3 (%+v)", len(act), err, act)
	}
}

// lateJoins: a running tournament takes late entrants up to its limit and once each (an arena's), an
// upcoming one none by that way, and a full one none.
func lateJoins(t *testing.T, s store.Tournaments, at time.Time) {
	ctx := context.Background()
	late := store.Entrant{Tournament: "t2", UserID: "dee", Name: "dee", Joined: at, CheckedIn: true}
	if err := s.AddLateEntrant(ctx, late); !errors.Is(err, store.ErrFull) {
		t.Fatalf("a late join before the start: %v, want ErrFull", err)
	}
	if err := s.AddEntrant(ctx, store.Entrant{Tournament: "t1", UserID: "dee", Name: "dee", Joined: at}); !errors.Is(err, store.ErrFull) {
		t.Fatalf("a join after the start: %v, want ErrFull", err)
	}
	if err := s.AddLateEntrant(ctx, store.Entrant{Tournament: "t1", UserID: "dee", Name: "dee", Joined: at}); !errors.Is(err, store.ErrFull) {
		t.Fatalf("a late join to a full one: %v, want ErrFull", err)
	}
	if ok, err := s.SetTournamentStatus(ctx, "t2", "upcoming", "running", at); err != nil || !ok {
		t.Fatalf("start t2: %v %v", ok, err)
	}
	if err := s.AddLateEntrant(ctx, late); err != nil {
		t.Fatalf("a late join: %v", err)
	}
	if err := s.AddLateEntrant(ctx, late); !errors.Is(err, store.ErrExists) {
		t.Fatalf("a late join twice: %v, want ErrExists", err)
	}
	if tr, err := s.Tournament(ctx, "t2"); err != nil || tr.Players != 1 {
		t.Fatalf("t2 after a late join: %d players %v, want 1", tr.Players, err)
	}
	if e, err := s.Entrant(ctx, "t2", "dee"); err != nil || !e.CheckedIn {
		t.Fatalf("the late entrant: %+v %v", e, err)
	}
}

// checkInRace: a check-in lands wholly before a start's read of the players, or is refused: those whose
// check-in was taken are exactly those the start reads checked in, and none lands after it.
func checkInRace(t *testing.T, s store.Tournaments, at time.Time) {
	ctx := context.Background()
	if err := s.CheckIn(ctx, "t1", "ada"); !errors.Is(err, store.ErrNotUpcoming) {
		t.Fatalf("a check-in after the start: %v, want ErrNotUpcoming", err)
	}
	for k := range 4 {
		id := fmt.Sprint("race", k)
		tr := store.Tournament{ID: id, Creator: "ada", Visibility: "public", Status: "upcoming", StartsAt: at, MaxPlayers: 20, Settings: []byte(`{}`), Created: at}
		if err := s.AddTournament(ctx, tr); err != nil {
			t.Fatal(err)
		}
		for i := range 12 {
			if err := s.AddEntrant(ctx, store.Entrant{Tournament: id, UserID: fmt.Sprint("u", i), Name: "u", Joined: at}); err != nil {
				t.Fatal(err)
			}
		}
		if k == 0 {
			if err := s.CheckIn(ctx, id, "zed"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a check-in of no entrant: %v, want ErrNotFound", err)
			}
			for range 2 {
				if err := s.CheckIn(ctx, id, "u0"); err != nil {
					t.Fatalf("a check-in (twice is no error): %v", err)
				}
			}
		}
		var mu sync.Mutex
		taken := map[string]bool{"u0": k == 0}
		var read []store.Entrant
		var wg sync.WaitGroup
		for i := range 12 {
			wg.Go(func() {
				u := fmt.Sprint("u", i)
				switch err := s.CheckIn(ctx, id, u); {
				case err == nil:
					mu.Lock()
					taken[u] = true
					mu.Unlock()
				case !errors.Is(err, store.ErrNotUpcoming):
					t.Errorf("check-in of %s: %v", u, err)
				}
			})
			if i == 6 {
				wg.Go(func() { // the start: the status, then the players
					if ok, err := s.SetTournamentStatus(ctx, id, "upcoming", "running", at); err != nil || !ok {
						t.Errorf("start %s: %v %v", id, ok, err)
					}
					es, err := s.Entrants(ctx, id)
					if err != nil {
						t.Error(err)
					}
					mu.Lock()
					read = es
					mu.Unlock()
				})
			}
		}
		wg.Wait()
		after, err := s.Entrants(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range read {
			if e.CheckedIn != taken[e.UserID] || after[i].CheckedIn != e.CheckedIn {
				t.Fatalf("%s: %s checked in %v as the start read it, %v after; the check-in taken: %v", id, e.UserID, e.CheckedIn, after[i].CheckedIn, taken[e.UserID])
			}
		}
		if ok, err := s.SetTournamentStatus(ctx, id, "running", "finished", at); err != nil || !ok {
			t.Fatalf("end %s: %v %v", id, ok, err)
		}
	}
}
