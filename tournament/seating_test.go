package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bestSplit finds by trying every split of players 0..n-1 (in standing order) into tables of the sizes
// given the one the rule asks for: each player at most one table from their home table (the top-down
// fill's), then the fewest repeat pairs, then the first table's players best-ranked, then the
// second's, and so on. It returns the split and its repeat pairs.
func bestSplit(sizes []int, met func(i, j int) bool) ([][]int, int) {
	n := 0
	home := []int{}
	for t, s := range sizes {
		n += s
		for range s {
			home = append(home, t)
		}
	}
	var best [][]int
	bestRepeats := -1
	cur := make([][]int, len(sizes))
	used := make([]bool, n)
	var fill func(t int, from int, repeats int)
	fill = func(t int, from int, repeats int) {
		if t == len(sizes) {
			// Splits come in lexicographic order, so only a strictly better one replaces the best.
			if best == nil || repeats < bestRepeats {
				best, bestRepeats = make([][]int, len(cur)), repeats
				for i := range cur {
					best[i] = slices.Clone(cur[i])
				}
			}
			return
		}
		if len(cur[t]) == sizes[t] {
			fill(t+1, 0, repeats)
			return
		}
		for i := from; i < n; i++ {
			if used[i] || home[i] < t-1 || home[i] > t+1 {
				continue
			}
			r := 0
			for _, j := range cur[t] {
				if met(i, j) {
					r++
				}
			}
			used[i] = true
			cur[t] = append(cur[t], i)
			fill(t, i+1, repeats+r)
			cur[t] = cur[t][:len(cur[t])-1]
			used[i] = false
		}
	}
	fill(0, 0, 0)
	return best, bestRepeats
}

// TestSplitAgainstBruteForce compares split with every split tried, for random histories of who sat
// with whom, at table sizes from 2 to 6.
func TestSplitAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 9))
	improved := 0
	for c := range 300 {
		lo := 2 + rng.IntN(3)
		hi := lo + rng.IntN(3)
		n := lo + rng.IntN(13-lo)
		sizes, byes, err := TableSizes(n, lo, hi)
		if err != nil {
			t.Fatal(err)
		}
		n -= byes
		met := make([][]bool, n)
		for i := range met {
			met[i] = make([]bool, n)
		}
		density := rng.Float64()
		for i := range n {
			for j := range i {
				if rng.Float64() < density {
					met[i][j], met[j][i] = true, true
				}
			}
		}
		f := func(i, j int) bool { return met[i][j] }
		got := split(sizes, f)
		want, repeats := bestSplit(sizes, f)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("case %d, sizes %v, met %v: split %v, want %v", c, sizes, met, got, want)
		}
		topDown := 0
		for t, s := range sizes {
			start := 0
			for _, x := range sizes[:t] {
				start += x
			}
			for i := start; i < start+s; i++ {
				for j := start; j < i; j++ {
					if met[i][j] {
						topDown++
					}
				}
			}
		}
		if repeats < topDown {
			improved++
		}
	}
	if improved < 50 {
		t.Errorf("only %d cases of 300 had fewer repeats than the top-down fill: the cases test little", improved)
	}
}

// TestTableSwissAvoidsRepeatSeatings plays three rounds of nine players at tables of three, worked out
// by hand. Ratings A 1900, B 1890, ... I 1820 settle ties of points and score.
//
//	Round 1 (all level: by rating): A B C | D E F | G H I. A, B, C finish 1st, 2nd, 3rd (scores 30,
//	20, 10), so do D, E, F; G, H and I tie for first (25 each, 1 point each).
//	Standings: A 2 (30), D 2 (30); G, H, I 1 (25); B, E 1 (20); C, F 0 (10):
//	A D G | H I B | E C F. Filling the tables top-down would seat H with I and E with F again.
//	Round 2: A D G | H B E | I C F, no one with anyone met: tables 1 and 2's players stay home; H, B, E
//	are the best three left who met no one at table 2 together (B before E and C, E before F), and I, C,
//	F sit at table 3. Nobody has begun in the first seat, but A, D, G (who each began once), so each
//	table sits in standing order.
//	A, D, G finish 1st, 2nd, 3rd (30, 20, 10); H, B, E likewise; at table 3, F 1st, I 2nd, C 3rd.
//	Points: A 4 (60), H 3 (55), D 3 (50), I 2 (45), B 2 (40), F 2 (40: B is rated higher), G 1 (35),
//	E 1 (30), C 0 (20): top-down A H D | I B F | G E C seats A with D and I with F again.
//	Round 3: table 1 keeps A and H; D met A, I met H, B met both, so F comes up (F met neither): A H F.
//	D must come down to table 2 (he can go no lower), with I and B: none met. G, E, C: none met.
//	First seats so far: A 2; D, G, H, I 1; the rest 0. So F H A | B D I | E C G.
func TestTableSwissAvoidsRepeatSeatings(t *testing.T) {
	t.Parallel()
	var ps []Player
	for i, id := range []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"} {
		ps = append(ps, Player{ID: id, Rating: 1900 - 10*i})
	}
	s := TableSwiss{Rounds: 3, MinSeats: 3, MaxSeats: 3}
	// play gives the seats of each table places 1, 2, 3 (scores 30, 20, 10) in the order given.
	play := func(round TableRound, order ...string) TableRound {
		for ti := range round.Tables {
			for i := range round.Tables[ti] {
				place := 1 + slices.Index(order[3*ti:3*ti+3], round.Tables[ti][i].ID)
				round.Tables[ti][i].Place, round.Tables[ti][i].Score = place, 10*(4-place)
			}
		}
		return round
	}
	tables := func(r TableRound) string {
		var out []string
		for _, table := range r.Tables {
			var ids []string
			for _, seat := range table {
				ids = append(ids, seat.ID)
			}
			out = append(out, strings.Join(ids, " "))
		}
		return strings.Join(out, " | ")
	}
	var rounds []TableRound
	for _, step := range []struct {
		want   string
		result []string
	}{
		{"A B C | D E F | G H I", []string{"A", "B", "C", "D", "E", "F"}},
		{"A D G | H B E | I C F", []string{"A", "D", "G", "H", "B", "E", "F", "I", "C"}},
		{"F H A | B D I | E C G", nil},
	} {
		round, err := s.Pair(ps, rounds)
		if err != nil {
			t.Fatal(err)
		}
		if got := tables(round); got != step.want {
			t.Fatalf("round %d seated %s, want %s", len(rounds)+1, got, step.want)
		}
		if len(rounds) == 0 { // G, H, I tie for first
			round = play(round, append(step.result, "G", "H", "I")...)
			for i := range round.Tables[2] {
				round.Tables[2][i].Place, round.Tables[2][i].Score = 1, 25
			}
		} else if step.result != nil {
			round = play(round, step.result...)
		}
		rounds = append(rounds, round)
	}
}

// TestSplitPastBudget runs out the exact search's budget at once and checks the table-by-table
// seating against a brute force of its rule: each table in order takes, from the players who may sit
// there and are not seated yet (all those whose home table is the one before), the fewest repeat pairs,
// the best-ranked first among equals, leaving the next table no more players it must take than seats.
func TestSplitPastBudget(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 3))
	for c := range 200 {
		lo := 2 + rng.IntN(3)
		sizes, _, err := TableSizes(lo+rng.IntN(16-lo), lo, lo+rng.IntN(3))
		if err != nil {
			t.Fatal(err)
		}
		var home []int
		for ti, s := range sizes {
			for range s {
				home = append(home, ti)
			}
		}
		n := len(home)
		met := make([][]bool, n)
		for i := range met {
			met[i] = make([]bool, n)
		}
		for i := range n {
			for j := range i {
				if rng.IntN(3) == 0 {
					met[i][j], met[j][i] = true, true
				}
			}
		}
		got := splitWithin(sizes, func(i, j int) bool { return met[i][j] }, 1)
		seated := make([]bool, n)
		for ti, size := range sizes {
			var best []int
			bestRepeats := -1
			var try func(from int, table []int, repeats int)
			try = func(from int, table []int, repeats int) {
				if len(table) == size {
					for i := range n { // all of the home table before must be seated now
						if home[i] == ti-1 && !seated[i] && !slices.Contains(table, i) {
							return
						}
					}
					left := 0 // home table ti's players still unseated: the next table must take them
					for i := range n {
						if home[i] == ti && !seated[i] && !slices.Contains(table, i) {
							left++
						}
					}
					if ti+1 < len(sizes) && left > sizes[ti+1] {
						return
					}
					if bestRepeats < 0 || repeats < bestRepeats {
						best, bestRepeats = slices.Clone(table), repeats
					}
					return
				}
				for i := from; i < n; i++ {
					if seated[i] || home[i] < ti-1 || home[i] > ti+1 {
						continue
					}
					r := 0
					for _, j := range table {
						if met[i][j] {
							r++
						}
					}
					try(i+1, append(table, i), repeats+r)
				}
			}
			try(0, nil, 0)
			if !slices.Equal(got[ti], best) {
				t.Fatalf("case %d, sizes %v, table %d: %v, want %v (all %v)", c, sizes, ti+1, got[ti], best, got)
			}
			for _, i := range best {
				seated[i] = true
			}
		}
	}
}

// TestSplitLargeTablesTopDown: tables of more than six seats are filled in standing order, whatever
// the history.
func TestSplitLargeTablesTopDown(t *testing.T) {
	t.Parallel()
	got := split([]int{8, 7}, func(i, j int) bool { return true })
	want := [][]int{{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("tables of 8 and 7: %v, want %v", got, want)
	}
}
