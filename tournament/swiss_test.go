package tournament

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func players(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprintf("p%02d", i), Rating: 1500 + 37*((i*7)%n)}
	}
	return ps
}

// outcome decides a game from its players' names and a seed, so that a tournament can be played again.
func outcome(seed uint64, a, b string) Outcome {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%s/%s", seed, a, b)
	return Outcome(1 + h.Sum64()%3)
}

// playSwiss plays a whole Swiss, each round paired by Pair and decided by outcome.
func playSwiss(t *testing.T, s Swiss, ps []Player, seed uint64) [][]Pairing {
	t.Helper()
	var rounds [][]Pairing
	for range s.Rounds {
		round, err := s.Pair(ps, rounds)
		if err != nil {
			t.Fatalf("round %d: %v", len(rounds)+1, err)
		}
		for i := range round {
			if !round[i].Bye() {
				round[i].Outcome = outcome(seed, round[i].First, round[i].Second)
			}
		}
		rounds = append(rounds, round)
	}
	return rounds
}

func sortedRound(r []Pairing) []Pairing {
	r = slices.Clone(r)
	for i := range r {
		r[i].Outcome = Pending // the pairing, not the result
	}
	slices.SortFunc(r, func(a, b Pairing) int { return strings.Compare(a.First, b.First) })
	return r
}

// TestSwissReplay replays a whole Swiss from its results, with the players and each round's games given
// in other orders: every round must be paired as it was.
func TestSwissReplay(t *testing.T) {
	t.Parallel()
	for _, n := range []int{8, 11, 16} {
		s := Swiss{Rounds: 6}
		ps := players(n)
		rounds := playSwiss(t, s, ps, uint64(n))
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		for r := range rounds {
			shuffled := slices.Clone(ps)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			past := make([][]Pairing, r)
			for i := range past {
				past[i] = slices.Clone(rounds[i])
				rng.Shuffle(len(past[i]), func(a, b int) { past[i][a], past[i][b] = past[i][b], past[i][a] })
			}
			got, err := s.Pair(shuffled, past)
			if err != nil {
				t.Fatal(err)
			}
			if want := sortedRound(rounds[r]); !slices.Equal(sortedRound(got), want) {
				t.Errorf("%d players, round %d paired again as %v, first as %v", n, r+1, got, want)
			}
		}
		if _, err := s.Pair(ps, rounds); err == nil {
			t.Errorf("a seventh round of a 6-round Swiss was paired")
		}
	}
}

// minRematches counts, by trying every perfect matching, the fewest rematches a round of these players
// could have.
func minRematches(ids []string, met map[[2]string]bool) int {
	if len(ids) == 0 {
		return 0
	}
	best := len(ids)
	for j := 1; j < len(ids); j++ {
		rest := slices.Concat(ids[1:j], ids[j+1:])
		c := minRematches(rest, met)
		if met[pairKey(ids[0], ids[j])] {
			c++
		}
		best = min(best, c)
	}
	return best
}

// TestSwissNoAvoidableRematch plays 6-round Swisses of 8 players under many result patterns: a round may
// hold a rematch only when every pairing of its players would (counted by brute force), and no more.
func TestSwissNoAvoidableRematch(t *testing.T) {
	t.Parallel()
	forced := 0
	for seed := range uint64(60) {
		ps := players(8)
		rounds := playSwiss(t, Swiss{Rounds: 6}, ps, seed)
		met := map[[2]string]bool{}
		for r, round := range rounds {
			var ids []string
			got := 0
			for _, g := range round {
				ids = append(ids, g.First, g.Second)
				if met[pairKey(g.First, g.Second)] {
					got++
				}
			}
			if want := minRematches(ids, met); got != want {
				t.Errorf("seed %d round %d: %d rematches where %d were unavoidable: %v", seed, r+1, got, want, round)
			} else if want > 0 {
				forced++
			}
			for _, g := range round {
				met[pairKey(g.First, g.Second)] = true
			}
		}
	}
	// Eight players can always play six rounds without a rematch (a round robin has seven); looking a
	// round ahead, the pairing finds such rounds under all these results.
	if forced > 0 {
		t.Errorf("%d rounds of 360 had a rematch", forced)
	}
}

// TestSwissByes checks that a bye goes only to a player with the fewest byes among those still playing,
// the lowest-ranked of them, withdrawals included.
func TestSwissByes(t *testing.T) {
	t.Parallel()
	s := Swiss{Rounds: 9}
	ps := players(9)
	var rounds [][]Pairing
	for r := range s.Rounds {
		if r == 4 {
			ps[2].Withdrawn, ps[5].Withdrawn = true, true // 7 remain: still odd
		}
		round, err := s.Pair(ps, rounds)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := Standings(ps, rounds)
		byes := map[string]int{}
		for _, x := range st {
			byes[x.ID] = x.Byes
		}
		var bye []string
		for i, g := range round {
			if g.Bye() {
				bye = append(bye, g.First)
			} else {
				round[i].Outcome = outcome(3, g.First, g.Second)
			}
			for _, id := range []string{g.First, g.Second} {
				if id != "" && (id == ps[2].ID || id == ps[5].ID) && r >= 4 {
					t.Errorf("round %d pairs withdrawn %s", r+1, id)
				}
			}
		}
		if len(bye) != 1 {
			t.Fatalf("round %d: byes %v, want one", r+1, bye)
		}
		for _, p := range ps {
			if !p.Withdrawn && byes[p.ID] < byes[bye[0]] {
				t.Errorf("round %d: bye to %s (%d byes) while %s has %d", r+1, bye[0], byes[bye[0]], p.ID, byes[p.ID])
			}
		}
		rounds = append(rounds, round)
	}
}

// TestSwissSeatsBalanced: after 6 rounds, nobody has sat in one seat more than twice more than in the
// other (|firsts - seconds| <= 2), nor three times running in one seat, whatever the results.
func TestSwissSeatsBalanced(t *testing.T) {
	t.Parallel()
	worst, atTwo := 0, 0
	for seed := range uint64(30) {
		ps := players(12)
		rounds := playSwiss(t, Swiss{Rounds: 6}, ps, seed)
		bal := map[string]int{}
		seats := map[string]string{}
		for _, round := range rounds {
			for _, g := range round {
				bal[g.First]++
				bal[g.Second]--
				seats[g.First] += "F"
				seats[g.Second] += "S"
			}
		}
		for id, s := range seats {
			if strings.Contains(s, "FFF") || strings.Contains(s, "SSS") {
				t.Errorf("seed %d: %s sat %s: three times running in one seat", seed, id, s)
			}
		}
		for _, p := range ps {
			b := max(bal[p.ID], -bal[p.ID])
			worst = max(worst, b)
			if b == 2 {
				atTwo++
			}
			if b > 2 {
				t.Errorf("seed %d: %s sat first %+d times more than second", seed, p.ID, bal[p.ID])
			}
		}
	}
	t.Logf("worst imbalance %d; %d of 360 players at 2", worst, atTwo)
}

// TestSwissTieBreaks works out a small Swiss by hand.
//
//	R1: A beats B, C draws D, E has the bye.   R2: A draws C, E beats B, D has the bye.
//	Points: A 1+½ = 1.5, B 0, C ½+½ = 1, D ½+1 (bye) = 1.5, E 1 (bye)+1 = 2.
//	Buchholz (final points of opponents met over the board; a bye adds 0):
//	  A: B 0 + C 1 = 1;  B: A 1.5 + E 2 = 3.5;  C: D 1.5 + A 1.5 = 3;  D: C 1 = 1;  E: B 0 = 0.
//	Sonneborn-Berger (points of those beaten, half the points of those drawn):
//	  A: B 0 + ½·C 1 = 0.5;  B: 0;  C: ½·1.5 + ½·1.5 = 1.5;  D: ½·C 1 = 0.5;  E: B 0 = 0.
//	Order: E 2; then A and D on 1.5, Buchholz 1 and SB 0.5 both, so rating: D 1600 above A 1500; C; B.
func TestSwissTieBreaks(t *testing.T) {
	t.Parallel()
	ps := []Player{{ID: "A", Rating: 1500}, {ID: "B", Rating: 1700}, {ID: "C", Rating: 1400}, {ID: "D", Rating: 1600}, {ID: "E", Rating: 1300}}
	rounds := [][]Pairing{
		{{First: "A", Second: "B", Outcome: FirstWins}, {First: "C", Second: "D", Outcome: Draw}, {First: "E"}},
		{{First: "C", Second: "A", Outcome: Draw}, {First: "B", Second: "E", Outcome: SecondWins}, {First: "D"}},
	}
	st, err := Standings(ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id          string
		pts, bh, sb float64
	}{{"E", 2, 0, 0}, {"D", 1.5, 1, 0.5}, {"A", 1.5, 1, 0.5}, {"C", 1, 3, 1.5}, {"B", 0, 3.5, 0}}
	for i, w := range want {
		g := st[i]
		if g.ID != w.id || g.Rank != i+1 || g.Points != w.pts || g.Buchholz != w.bh || g.SonnebornBerger != w.sb {
			t.Errorf("rank %d: %s %.1f pts Bh %.1f SB %.1f, want %s %.1f Bh %.1f SB %.1f",
				i+1, g.ID, g.Points, g.Buchholz, g.SonnebornBerger, w.id, w.pts, w.bh, w.sb)
		}
	}
}

func TestSwissBadInput(t *testing.T) {
	t.Parallel()
	ps := players(4)
	s := Swiss{Rounds: 3}
	cases := map[string]struct {
		ps     []Player
		rounds [][]Pairing
	}{
		"twice listed": {append(slices.Clone(ps), ps[0]), nil},
		"unknown":      {ps, [][]Pairing{{{First: "p00", Second: "zz", Outcome: Draw}}}},
		"pending":      {ps, [][]Pairing{{{First: "p00", Second: "p01"}}}},
		"paired twice": {ps, [][]Pairing{{{First: "p00", Second: "p01", Outcome: Draw}, {First: "p01", Second: "p02", Outcome: Draw}}}},
		"too few":      {ps[:1], nil},
	}
	for name, c := range cases {
		if got, err := s.Pair(c.ps, c.rounds); err == nil {
			t.Errorf("%s: paired %v", name, got)
		}
	}
	if _, err := (Swiss{}).Pair(ps, nil); err == nil {
		t.Error("a Swiss of no rounds was paired")
	}
}

// BenchmarkSwissPair pairs the fifth round of a 500-player Swiss.
func BenchmarkSwissPair(b *testing.B) {
	s := Swiss{Rounds: 9}
	ps := players(500)
	var rounds [][]Pairing
	for range 4 {
		round, err := s.Pair(ps, rounds)
		if err != nil {
			b.Fatal(err)
		}
		for i := range round {
			if !round[i].Bye() {
				round[i].Outcome = outcome(1, round[i].First, round[i].Second)
			}
		}
		rounds = append(rounds, round)
	}
	for b.Loop() {
		if _, err := s.Pair(ps, rounds); err != nil {
			b.Fatal(err)
		}
	}
}
