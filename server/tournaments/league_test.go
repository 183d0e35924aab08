package tournaments

import (
	"context"
	"slices"
	"testing"

	"github.com/surveyor-game/surveyor/store"
)

// In a league, a player who withdrew loses their later games unplayed (no match is made), and the other
// player wins them; the group's round robin goes on and the league ends after its last round.
func TestLeagueWithdrawnLoseUnplayed(t *testing.T) {
	ctx := context.Background()
	clock := newTestClock()
	room, ts, ps := startLeague(t, clock, 4, 2)
	quitter := ps[0].Seats[0].UserID
	if ok, err := ts.SetEntrantFlag(ctx, "a", quitter, "withdrawn", true); err != nil || !ok {
		t.Fatal(ok, err)
	}
	for round := 1; round <= 3; round++ {
		ps, _ = ts.Pairings(ctx, "a")
		for _, p := range ps {
			if p.Round == round && p.Status == stPlaying {
				if err := room.result(ctx, p, []int{1, 2}, []int{5, 1}, clock.now()); err != nil {
					t.Fatal(err)
				}
			}
		}
		room.Tick(ctx)
	}
	ps, _ = ts.Pairings(ctx, "a")
	if len(ps) != 6 {
		t.Fatalf("%d games in the round robin of four, want 6", len(ps))
	}
	for _, p := range ps {
		if p.Round == 1 {
			continue
		}
		i := -1
		for j, s := range p.Seats {
			if s.UserID == quitter {
				i = j
			}
		}
		if i < 0 {
			continue
		}
		if p.Status != stForfeit || p.MatchID != "" || !p.Seats[i].Forfeit || p.Seats[i].Place != 2 || p.Seats[1-i].Place != 1 {
			t.Fatalf("round %d against the withdrawn: %+v", p.Round, p)
		}
	}
	if tr, _ := ts.Tournament(ctx, "a"); tr.Status != Finished {
		t.Fatalf("after the last round: %s", tr.Status)
	}
}

// Two players who withdraw from a league: their game with each other is not played (it scores nothing)
// and they rank below everyone still in, whatever they scored before, so neither takes a promotion place.
func TestLeagueTwoWithdrawn(t *testing.T) {
	ctx := context.Background()
	clock := newTestClock()
	room, ts, ps := startLeague(t, clock, 4, 2)
	// round 1: the first seat of each game wins; then both winners withdraw
	var quitters []string
	for _, p := range ps {
		if err := room.result(ctx, p, []int{1, 2}, []int{5, 1}, clock.now()); err != nil {
			t.Fatal(err)
		}
		quitters = append(quitters, p.Seats[0].UserID)
	}
	for _, q := range quitters {
		if ok, err := ts.SetEntrantFlag(ctx, "a", q, "withdrawn", true); err != nil || !ok {
			t.Fatal(ok, err)
		}
	}
	for range 3 {
		room.Tick(ctx)
		ps, _ = ts.Pairings(ctx, "a")
		for _, p := range ps {
			if p.Status == stPlaying {
				if err := room.result(ctx, p, []int{1, 2}, []int{5, 1}, clock.now()); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	ps, _ = ts.Pairings(ctx, "a")
	if len(ps) != 5 {
		t.Fatalf("%d games, want 5 (the two who withdrew do not meet): %+v", len(ps), ps)
	}
	for _, p := range ps {
		if p.Seats[0].UserID == quitters[1] && p.Seats[1].UserID == quitters[0] || p.Seats[0].UserID == quitters[0] && p.Seats[1].UserID == quitters[1] {
			t.Fatalf("the two who withdrew were paired: %+v", p)
		}
	}
	tr, err := room.load(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	es, _ := ts.Entrants(ctx, "a")
	lines, err := room.ranking(ctx, tr, es, ps)
	if err != nil || len(lines) != 4 {
		t.Fatalf("%+v %v", lines, err)
	}
	// each quitter won round 1 (1 point, more than either player still in had then), yet ranks 3rd or 4th
	for i, l := range lines {
		withdrawn := slices.Contains(quitters, l.user)
		if withdrawn != (i >= 2) {
			t.Fatalf("rank %d is %s (withdrawn %v): %+v", i+1, l.user, withdrawn, lines)
		}
		if withdrawn && l.fields["points"] != 1.0 {
			t.Fatalf("%s scored %v, want 1 (their round-1 win; nothing from each other)", l.user, l.fields["points"])
		}
	}
}

// A league round whose only game is between two who withdrew is passed over, and the league still ends
// (it waited for the round for ever).
func TestLeagueRoundOfWithdrawnOnlyPassedOver(t *testing.T) {
	ctx := context.Background()
	clock := newTestClock()
	room, ts, ps := startLeague(t, clock, 3, 1)
	if err := room.result(ctx, ps[0], []int{1, 2}, []int{5, 1}, clock.now()); err != nil {
		t.Fatal(err)
	}
	// the two who meet in round 2 (not the ones of round 1: u0001 and u0000) withdraw
	for _, u := range []string{"u0000", "u0002"} {
		if ok, err := ts.SetEntrantFlag(ctx, "a", u, "withdrawn", true); err != nil || !ok {
			t.Fatal(ok, err)
		}
	}
	for range 3 {
		room.Tick(ctx)
	}
	ps, _ = ts.Pairings(ctx, "a")
	rounds := map[int]int{}
	for _, p := range ps {
		rounds[p.Round]++
		if p.Round > 1 && (p.Status != stForfeit || p.MatchID != "") {
			t.Fatalf("a game with one who withdrew was made: %+v", p)
		}
	}
	if len(ps) != 2 || rounds[1] != 1 {
		t.Fatalf("games by round %v, want round 1's and one forfeit: %+v", rounds, ps)
	}
	if tr, _ := ts.Tournament(ctx, "a"); tr.Status != Finished {
		t.Fatalf("the league is %s after its rounds, want finished", tr.Status)
	}
}

// startLeague starts a league of one group of n players with day clocks and answers its first round,
// which must hold games games.
func startLeague(t *testing.T, clock *testClock, n, games int) (*Room, store.Tournaments, []store.TournamentPairing) {
	t.Helper()
	room, ts, _ := roomOnSQLite(t, clock.now, settings{Name: "l", Game: "toy", Format: League, GroupSize: n, Clock: &Clock{Mode: "move", Seconds: 86400}}, n)
	room.Tick(context.Background())
	ps, err := ts.Pairings(context.Background(), "a")
	if err != nil || len(ps) != games {
		t.Fatalf("round 1 of a group of %d: %+v %v", n, ps, err)
	}
	return room, ts, ps
}
