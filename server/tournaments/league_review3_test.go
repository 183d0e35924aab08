package tournaments

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// A league's next season is open to new players as any upcoming tournament is: a newcomer plays in the
// bottom division, and a division left with one player (the others gone) plays with the division next to
// it. Both were left out of every group (only the divisions of the season before were read), shown as
// players of a season in which they never played.
func TestReview3NextSeasonPlacesEveryone(t *testing.T) {
	for _, c := range []struct {
		name      string
		divisions [][]string
	}{
		{"a newcomer", [][]string{{"u0000", "u0001", "u0002"}}},                   // u0003 joined the new season
		{"a division of one", [][]string{{"u0000"}, {"u0001", "u0002", "u0003"}}}, // the top division's others left
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			clock := newTestClock()
			set := settings{Name: "l", Game: "toy", Format: League, GroupSize: 4, Promote: 1, Season: 2, Previous: "p",
				Clock: &Clock{Mode: "move", Seconds: 86400}, Divisions: c.divisions}
			room, ts, _ := roomOnSQLite(t, clock.now, set, 4)
			room.Tick(ctx)
			if tr, _ := ts.Tournament(ctx, "a"); tr.Status != Running {
				t.Fatalf("the season is %s, want running", tr.Status)
			}
			es, err := ts.Entrants(ctx, "a")
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range es {
				if e.Group == 0 || e.Division == 0 {
					t.Fatalf("%s is in no group: %+v", e.UserID, es)
				}
			}
			ps, _ := ts.Pairings(ctx, "a")
			seated := map[string]bool{}
			for _, p := range ps {
				for _, s := range p.Seats {
					seated[s.UserID] = true
				}
			}
			if len(seated) != 4 {
				t.Fatalf("round 1 seats %d of the 4 players: %+v", len(seated), ps)
			}
		})
	}
}

// A player who withdrew from a league is told nothing of the rounds that follow (each round's note, by
// push or mail too, told them of a game they had left), and their opponent's note of the round their
// game goes unplayed is one without a game (Seat -1: worded as a bye, leading to the tournament's page).
func TestReview3LeagueWithdrawnNotTold(t *testing.T) {
	ctx := context.Background()
	clock := newTestClock()
	room, ts, ps := startLeague(t, clock, 4, 2)
	var notes []store.Note
	room.host.Notify = func(_ context.Context, ns ...store.Note) { notes = append(notes, ns...) }
	quitter := ps[0].Seats[0].UserID
	if ok, err := ts.SetEntrantFlag(ctx, "a", quitter, "withdrawn", true); err != nil || !ok {
		t.Fatal(ok, err)
	}
	for _, p := range ps {
		if err := room.result(ctx, p, []int{1, 2}, []int{5, 1}, clock.now()); err != nil {
			t.Fatal(err)
		}
	}
	room.Tick(ctx) // round 2
	told := map[string]social.NoteData{}
	for _, n := range notes {
		if n.Kind != social.NoteTournamentRound {
			continue
		}
		var d social.NoteData
		if err := json.Unmarshal(n.Data, &d); err != nil {
			t.Fatal(err)
		}
		if n.UserID == quitter {
			t.Fatalf("the player who withdrew is told of round %d: %+v", d.Round, n)
		}
		told[n.UserID] = d
		if n.GameID == "" && d.Seat != -1 {
			t.Fatalf("a round note without a game names seat %d: %+v", d.Seat, n)
		}
	}
	if len(told) != 3 {
		t.Fatalf("%d players told of round 2, want the 3 still in: %v", len(told), told)
	}
}
