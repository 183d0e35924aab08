package tournament

import (
	"fmt"
	"slices"
	"testing"
)

func TestRoundRobin(t *testing.T) {
	t.Parallel()
	for n := 2; n <= 12; n++ {
		var ids []string
		for i := range n {
			ids = append(ids, fmt.Sprintf("p%d", i))
		}
		rounds, err := RoundRobin(ids)
		if err != nil {
			t.Fatal(err)
		}
		if want := n - 1 + n%2; len(rounds) != want {
			t.Errorf("%d players: %d rounds, want %d", n, len(rounds), want)
		}
		met := map[[2]string]int{}
		bal := map[string]int{}
		for r, round := range rounds {
			in := map[string]bool{}
			for _, g := range round {
				if g.Bye() || in[g.First] || in[g.Second] || g.First == g.Second {
					t.Errorf("%d players, round %d: %v", n, r+1, round)
				}
				in[g.First], in[g.Second] = true, true
				met[pairKey(g.First, g.Second)]++
				bal[g.First]++
				bal[g.Second]--
			}
			if len(in) != n-n%2 {
				t.Errorf("%d players, round %d seats %d", n, r+1, len(in))
			}
		}
		for i := range ids {
			for j := i + 1; j < n; j++ {
				if c := met[pairKey(ids[i], ids[j])]; c != 1 {
					t.Errorf("%d players: %s and %s meet %d times", n, ids[i], ids[j], c)
				}
			}
			if b := bal[ids[i]]; b > 1 || b < -1 {
				t.Errorf("%d players: %s sits first %+d times more than second", n, ids[i], b)
			}
		}
	}
}

func TestRoundRobinBadInput(t *testing.T) {
	t.Parallel()
	for _, ids := range [][]string{{"a", "b", "a"}, {"a", ""}} {
		if r, err := RoundRobin(ids); err == nil {
			t.Errorf("%q scheduled as %v", ids, r)
		}
	}
}

func TestGroups(t *testing.T) {
	t.Parallel()
	groups, err := Groups(players(23), 6)
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int
	var order []Player
	for _, g := range groups {
		sizes = append(sizes, len(g))
		order = append(order, g...)
	}
	if !slices.Equal(sizes, []int{6, 6, 6, 5}) || !slices.Equal(order, players(23)) {
		t.Errorf("groups of 23 by 6: sizes %v, order %v", sizes, order)
	}
	if _, err := Groups(players(10), 1); err == nil {
		t.Error("groups of one accepted")
	}
}

// TestNextSeason: two divisions of one group of four, one player moving each way:
// the top keeps a, b, c and gains e (first below); the bottom gains d (last above) ahead of f, g, h.
// With three divisions the middle one loses its first up and its last down.
func TestNextSeason(t *testing.T) {
	t.Parallel()
	got, err := NextSeason([][][]string{{{"a", "b", "c", "d"}}, {{"e", "f", "g", "h"}}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[[a b c e] [d f g h]]" {
		t.Errorf("next season %v", got)
	}
	got, err = NextSeason([][][]string{{{"a", "b", "c"}}, {{"d", "e", "f"}, {"g", "h", "i"}}, {{"j", "k", "l"}}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := "[[a b d g] [c e h j] [f i k l]]"; fmt.Sprint(got) != want {
		t.Errorf("next season %v, want %s", got, want)
	}
	if _, err := NextSeason([][][]string{{{"a", "b", "c"}}, {{"d", "e", "f"}}}, 2); err == nil {
		t.Error("moving 2 up and 2 down from a group of 3 accepted")
	}
	if _, err := NextSeason([][][]string{{{"a", "b"}}, {{"a", "c"}}}, 1); err == nil {
		t.Error("a player in two groups accepted")
	}
}

// TestGroupStandings ranks a group of four by hand.
//
//	A beats B and C, loses to D; B beats C and D; C beats D. Points: A 2, B 2, C 1, D 1.
//	Buchholz is the same within each tie (A and B 2+1+1 = 4; C and D 2+2+1 = 5), so Sonneborn-Berger
//	decides: A beat B (2) and C (1) = 3 above B, who beat C (1) and D (1) = 2; D beat A (2) = 2 above
//	C, who beat D (1) = 1. Ratings alone would order them B, A and C, D.
func TestGroupStandings(t *testing.T) {
	t.Parallel()
	ps := []Player{{ID: "A", Rating: 1500}, {ID: "B", Rating: 1900}, {ID: "C", Rating: 1800}, {ID: "D", Rating: 1400}}
	ids := []string{"A", "B", "C", "D"}
	rounds, err := RoundRobin(ids)
	if err != nil {
		t.Fatal(err)
	}
	winner := map[[2]string]string{
		pairKey("A", "B"): "A", pairKey("A", "C"): "A", pairKey("A", "D"): "D",
		pairKey("B", "C"): "B", pairKey("B", "D"): "B", pairKey("C", "D"): "C",
	}
	setWinners(rounds, winner)
	st, err := Standings(ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, fmt.Sprintf("%s %.0f %.0f %.0f", s.ID, s.Points, s.Buchholz, s.SonnebornBerger))
	}
	if want := []string{"A 2 4 3", "B 2 4 2", "D 1 5 2", "C 1 5 1"}; !slices.Equal(got, want) {
		t.Errorf("standings %v, want %v", got, want)
	}
}

// TestLeagueStandingsWithWithdrawals ranks a group of five with two withdrawals, by hand. RoundRobin
// schedules A..E as: r1 B-E, C-D (A out); r2 A-E, B-C (D out); r3 A-D, E-C (B out); r4 A-C, D-B
// (E out); r5 A-B, D-E (C out). D withdraws after round 2, E after round 4.
//
//	r1: E beats B, D beats C.   r2: A beats E, B beats C.   r3: E beats C; A-D unplayed: A wins.
//	r4: A draws C; D-B unplayed: B wins.   r5: B beats A; D-E unplayed by both: nothing.
//	Points: A 1+1+½+0 = 2.5; B 0+1+1+1 = 3; C 0+0+0+½ = 0.5; D 1 (r1 only); E 1+0+1 = 2.
//	Sonneborn-Berger counts the forfeits: A beat E (2) and D (1), drew C (½·0.5) = 3.25;
//	B beat C (0.5), D (1) and A (2.5) = 4.
//	Order: B, A, C still in; then the withdrawn E (2) and D (1), though E has more than C.
func TestLeagueStandingsWithWithdrawals(t *testing.T) {
	t.Parallel()
	ps := []Player{{ID: "A", Rating: 1500}, {ID: "B", Rating: 1500}, {ID: "C", Rating: 1500},
		{ID: "D", Rating: 1500, Withdrawn: true}, {ID: "E", Rating: 1500, Withdrawn: true}}
	rounds, err := RoundRobin([]string{"A", "B", "C", "D", "E"})
	if err != nil {
		t.Fatal(err)
	}
	winner := map[[2]string]string{
		pairKey("B", "E"): "E", pairKey("C", "D"): "D", pairKey("A", "E"): "A", pairKey("B", "C"): "B",
		pairKey("C", "E"): "E", pairKey("A", "C"): "", pairKey("A", "B"): "B",
	}
	setWinners(rounds, winner)
	st, err := LeagueStandings(ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, fmt.Sprintf("%d %s %.1f", s.Rank, s.ID, s.Points))
	}
	if want := []string{"1 B 3.0", "2 A 2.5", "3 C 0.5", "4 E 2.0", "5 D 1.0"}; !slices.Equal(got, want) {
		t.Errorf("standings %v, want %v", got, want)
	}
	if st[0].SonnebornBerger != 4 || st[1].SonnebornBerger != 3.25 {
		t.Errorf("Sonneborn-Berger B %.2f, A %.2f; want 4 and 3.25", st[0].SonnebornBerger, st[1].SonnebornBerger)
	}
	if rounds[2][0].Outcome != Pending && rounds[2][1].Outcome != Pending {
		t.Error("LeagueStandings wrote the forfeits into the caller's rounds")
	}
	if _, err := LeagueStandings(ps, [][]Pairing{{{First: "A", Second: "Z"}}}); err == nil {
		t.Error("a game against an unknown player was ranked")
	}
}

// setWinners gives each game the outcome winner names for its pair: the winner's id, "" for a draw, and
// no entry for a game not played.
func setWinners(rounds [][]Pairing, winner map[[2]string]string) {
	for _, round := range rounds {
		for i, g := range round {
			w, played := winner[pairKey(g.First, g.Second)]
			switch {
			case !played:
				round[i].Outcome = Pending
			case w == "":
				round[i].Outcome = Draw
			case w == g.First:
				round[i].Outcome = FirstWins
			default:
				round[i].Outcome = SecondWins
			}
		}
	}
}
