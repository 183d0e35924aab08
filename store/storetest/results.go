package storetest

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store"
)

// resultsStore is a store with games, accounts and tournaments, on which results are counted.
type resultsStore interface {
	store.Store
	store.Accounts
	store.Tournaments
}

// testResults: results are written once, added up by game, won, solo and title, with the games of a
// tournament that is not public apart, and those withheld until a time left out of a view before it; the
// seats of finished games without a result are found, newest first.
func testResults(t *testing.T, s resultsStore) {
	mustCreate(t, s, user("u1", "ada"))
	for _, tr := range []store.Tournament{
		{ID: "pub", Creator: "u1", Visibility: "public", Status: "finished", MaxPlayers: 2, Settings: json.RawMessage(`{}`), Created: t0},
		{ID: "club", Creator: "u1", Visibility: "invite", Status: "finished", MaxPlayers: 2, Settings: json.RawMessage(`{}`), Created: t0},
	} {
		if err := s.AddTournament(ctx, tr); err != nil {
			t.Fatal(err)
		}
	}
	later := t0.Add(24 * time.Hour)
	rs := []store.SeatResult{
		{GameID: "g1", Game: "toy", Won: true, Solo: true, Score: 10, Title: "ace"},
		{GameID: "g2", Game: "toy", Won: true, Solo: true, Score: 30, Title: "ace"},
		{GameID: "g3", Game: "toy", Solo: true, Score: 5},
		{GameID: "g4", Game: "toy", Won: true, Tournament: "pub"},
		{GameID: "g5", Game: "toy", Tournament: "club"},
		{GameID: "g6", Game: "toy", Won: true, Solo: true, Score: 50, WithheldUntil: later},
		{GameID: "g7", Game: "other", Seat: 1},
	}
	for i := range rs {
		rs[i].UserID, rs[i].Created = "u1", t0.Add(time.Duration(i)*time.Minute)
	}
	if err := s.RecordResults(ctx, rs); err != nil {
		t.Fatal(err)
	}
	again := rs[0]
	again.Won, again.Score = false, 99
	if err := s.RecordResults(ctx, []store.SeatResult{again}); err != nil {
		t.Fatalf("recording a result twice: %v", err)
	}
	sum := func(seenAt time.Time) string {
		ts, err := s.ResultTotals(ctx, "u1", seenAt)
		if err != nil {
			t.Fatal(err)
		}
		out := ""
		for _, x := range ts {
			out += fmt.Sprintf("%s/%s won=%v solo=%v %q n=%d best=%d sum=%d; ", x.Game, x.Tournament, x.Won, x.Solo, x.Title, x.Count, x.Best, x.Sum)
		}
		return out
	}
	own := `other/ won=false solo=false "" n=1 best=0 sum=0; ` +
		`toy/ won=false solo=true "" n=1 best=5 sum=5; toy/ won=true solo=false "" n=1 best=0 sum=0; ` +
		`toy/ won=true solo=true "" n=1 best=50 sum=50; toy/ won=true solo=true "ace" n=2 best=30 sum=40; ` +
		`toy/club won=false solo=false "" n=1 best=0 sum=0; `
	if got := sum(time.Time{}); got != own {
		t.Errorf("the account's own totals:\n%s\nwant\n%s", got, own)
	}
	if got, want := sum(later.Add(-time.Second)), `other/ won=false solo=false "" n=1 best=0 sum=0; `+
		`toy/ won=false solo=true "" n=1 best=5 sum=5; toy/ won=true solo=false "" n=1 best=0 sum=0; `+
		`toy/ won=true solo=true "ace" n=2 best=30 sum=40; toy/club won=false solo=false "" n=1 best=0 sum=0; `; got != want {
		t.Errorf("others' totals before the withheld one's time:\n%s\nwant\n%s", got, want)
	}
	if got := sum(later); got != own {
		t.Errorf("others' totals from the withheld one's time:\n%s\nwant\n%s", got, own)
	}
	latest, err := s.LatestResults(ctx, "u1", later.Add(-time.Second), 3)
	if err != nil || len(latest) != 3 || latest[0].GameID != "g7" || latest[1].GameID != "g5" || latest[1].Tournament != "club" || latest[2].Tournament != "" || latest[0].Seat != 1 {
		t.Errorf("the latest three seen before the withheld one's time: %+v %v", latest, err)
	}
	if ids, err := s.ResultsIn(ctx, "u1", "club"); err != nil || len(ids) != 1 || ids[0] != "g5" {
		t.Errorf("the games in the club: %v %v", ids, err)
	}
	// Seats of finished games without a result: g8 (finished), not g9 (playing) nor g1 (recorded).
	for _, g := range []store.Game{{ID: "g1", Status: "finished"}, {ID: "g8", Status: "finished"}, {ID: "g9", Status: "playing"}} {
		g.Game, g.Options, g.Config, g.Summary, g.Created, g.Updated = "toy", json.RawMessage(`{}`), json.RawMessage(`{}`), json.RawMessage(`{}`), t0, t0
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		if err := s.BindSeat(ctx, store.SeatRef{UserID: "u1", GameID: g.ID, Created: t0}); err != nil {
			t.Fatal(err)
		}
	}
	if un, err := s.Unrecorded(ctx, "u1", "finished", 10); err != nil || len(un) != 1 || un[0].GameID != "g8" {
		t.Errorf("unrecorded seats: %+v %v", un, err)
	}
}
