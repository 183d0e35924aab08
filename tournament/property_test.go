package tournament

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPairNeverPanics feeds Pair and Standings many random histories, half of them broken (unknown ids,
// a player twice in a round, outcomes out of range, withdrawals): each call either refuses with an error
// or returns a round that seats every player still in exactly once.
func TestPairNeverPanics(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	id := func(n int) string { return fmt.Sprintf("p%02d", rng.IntN(n+1)) } // p<n> is unknown
	paired, refused := 0, 0
	for c := range 400 {
		n := 1 + rng.IntN(12)
		ps := players(n)
		for i := range ps {
			ps[i].Withdrawn = rng.IntN(6) == 0
		}
		var rounds [][]Pairing
		var trounds []TableRound
		for range rng.IntN(4) {
			var round []Pairing
			var tround TableRound
			for range rng.IntN(n + 1) {
				g := Pairing{First: id(n), Second: id(n), Outcome: Outcome(rng.IntN(5) - 1)}
				if rng.IntN(5) == 0 {
					g.Second = ""
				}
				round = append(round, g)
				tround.Tables = append(tround.Tables, []Seat{{ID: g.First, Place: rng.IntN(4) - 1}, {ID: g.Second, Place: rng.IntN(4) - 1}})
			}
			rounds = append(rounds, round)
			trounds = append(trounds, tround)
		}
		active := map[string]bool{}
		for _, p := range ps {
			if !p.Withdrawn {
				active[p.ID] = true
			}
		}
		round, err := (Swiss{Rounds: 5}).Pair(ps, rounds)
		if err != nil {
			refused++
		} else {
			paired++
			seated := map[string]int{}
			for _, g := range round {
				seated[g.First]++
				if !g.Bye() {
					seated[g.Second]++
				}
			}
			if len(seated) != len(active) {
				t.Errorf("case %d: %v seats %d of %d players still in", c, round, len(seated), len(active))
			}
			for id, k := range seated {
				if k != 1 || !active[id] {
					t.Errorf("case %d: %s seated %d times (still in: %v)", c, id, k, active[id])
				}
			}
		}
		_, _ = Standings(ps, rounds)
		ts := TableSwiss{Rounds: 5, MinSeats: 2, MaxSeats: 4}
		if tr, err := ts.Pair(ps, trounds); err == nil {
			seated := 0
			for _, table := range tr.Tables {
				seated += len(table)
			}
			if seated+len(tr.Byes) != len(active) {
				t.Errorf("case %d: %v seats %d of %d", c, tr, seated+len(tr.Byes), len(active))
			}
		}
	}
	if paired < 40 || refused < 40 {
		t.Errorf("%d histories paired and %d refused: the cases miss one side", paired, refused)
	}
}

// TestSwissPropertiesRandomResults plays Swisses of 3 to 11 players over random results, players
// withdrawing at random, and checks every round against the rules, by brute force where it counts:
// each player still in is paired exactly once and no one else; an odd count gives exactly one bye, to
// a player with the fewest byes; and the round has a rematch only when every choice of that bye and
// every pairing of the rest would have one, and then no more than the fewest possible.
func TestSwissPropertiesRandomResults(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(41, 42))
	rematches := 0
	for c := range 150 {
		n := 3 + rng.IntN(9)
		s := Swiss{Rounds: 2 + rng.IntN(n)}
		ps := players(n)
		var rounds [][]Pairing
		for r := range s.Rounds {
			if rng.IntN(6) == 0 {
				ps[rng.IntN(n)].Withdrawn = true
			}
			st, err := Standings(ps, rounds)
			if err != nil {
				t.Fatal(err)
			}
			in := slices.DeleteFunc(st, func(x Standing) bool { return x.Withdrawn })
			if len(in) < 2 {
				break
			}
			round, err := s.Pair(ps, rounds)
			if err != nil {
				t.Fatalf("case %d round %d: %v", c, r+1, err)
			}
			met := map[[2]string]bool{}
			fewest := len(rounds)
			for _, x := range in {
				for _, o := range x.Opponents {
					met[pairKey(x.ID, o)] = true
				}
				fewest = min(fewest, x.Byes)
			}
			seen := map[string]int{}
			var bye string
			got := 0
			for _, g := range round {
				seen[g.First]++
				if g.Bye() {
					if bye != "" {
						t.Errorf("case %d round %d: two byes in %v", c, r+1, round)
					}
					bye = g.First
					continue
				}
				seen[g.Second]++
				if met[pairKey(g.First, g.Second)] {
					got++
				}
			}
			want := len(in)
			for _, x := range in {
				if seen[x.ID] != 1 {
					t.Errorf("case %d round %d: %s paired %d times in %v", c, r+1, x.ID, seen[x.ID], round)
				}
				if len(in)%2 == 1 && x.ID == bye && x.Byes != fewest {
					t.Errorf("case %d round %d: bye to %s with %d byes while someone has %d", c, r+1, bye, x.Byes, fewest)
				}
				if x.Byes == fewest && len(in)%2 == 1 || len(in)%2 == 0 && x.ID == in[0].ID {
					var rest []string
					for _, y := range in {
						if y.ID != x.ID || len(in)%2 == 0 {
							rest = append(rest, y.ID)
						}
					}
					want = min(want, minRematches(rest, met))
				}
			}
			if len(seen) != len(in) {
				t.Errorf("case %d round %d: %v pairs %d players, %d are in", c, r+1, round, len(seen), len(in))
			}
			if (bye != "") != (len(in)%2 == 1) {
				t.Errorf("case %d round %d: bye %q with %d players in", c, r+1, bye, len(in))
			}
			if got != want {
				t.Errorf("case %d round %d: %d rematches where %d were the fewest possible: %v", c, r+1, got, want, round)
			}
			rematches += got
			for i := range round {
				if !round[i].Bye() {
					round[i].Outcome = Outcome(1 + rng.IntN(3))
				}
			}
			rounds = append(rounds, round)
		}
	}
	if rematches == 0 {
		t.Error("no round needed a rematch: the cases never reach the rule's limit")
	}
}

// TestTableSwissPropertiesRandomResults plays Swisses at tables of random limits over random places
// (ties included), players withdrawing at random, and checks every round: each player still in sits
// exactly once, at a table or out; the byes are as many as TableSizes says and go to the lowest-ranked
// of those with the fewest byes, one after another; the tables are those the brute force finds (see
// bestSplit); and at each table, those who began fewest games in the first seat sit first, then by rank.
func TestTableSwissPropertiesRandomResults(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(43, 44))
	for c := range 120 {
		lo := 2 + rng.IntN(3)
		s := TableSwiss{Rounds: 2 + rng.IntN(4), MinSeats: lo, MaxSeats: lo + rng.IntN(3)}
		n := lo + rng.IntN(11-lo)
		ps := players(n)
		var rounds []TableRound
		for r := range s.Rounds {
			if rng.IntN(6) == 0 {
				ps[rng.IntN(n)].Withdrawn = true
			}
			st, err := s.Standings(ps, rounds)
			if err != nil {
				t.Fatal(err)
			}
			in := slices.DeleteFunc(st, func(x TableStanding) bool { return x.Withdrawn })
			round, err := s.Pair(ps, rounds)
			sizes, byes, sizeErr := TableSizes(len(in), s.MinSeats, s.MaxSeats)
			if sizeErr != nil {
				if err == nil {
					t.Errorf("case %d round %d: %d players in, tables of %d-%d, seated %v", c, r+1, len(in), s.MinSeats, s.MaxSeats, round)
				}
				break
			}
			if err != nil {
				t.Fatalf("case %d round %d: %v", c, r+1, err)
			}
			// The byes, one after another: the fewest byes first, then the lowest-ranked.
			order := slices.Clone(in)
			var wantByes []string
			for range byes {
				pick := slices.MinFunc(order, func(a, b TableStanding) int { return cmp.Or(cmp.Compare(a.Byes, b.Byes), cmp.Compare(b.Rank, a.Rank)) })
				wantByes = append(wantByes, pick.ID)
				order = slices.DeleteFunc(order, func(x TableStanding) bool { return x.ID == pick.ID })
			}
			if !slices.Equal(round.Byes, wantByes) {
				t.Errorf("case %d round %d: byes %v, want %v", c, r+1, round.Byes, wantByes)
			}
			met := map[[2]string]bool{}
			for _, past := range rounds {
				for _, table := range past.Tables {
					for _, a := range table {
						for _, b := range table {
							met[pairKey(a.ID, b.ID)] = true
						}
					}
				}
			}
			want, _ := bestSplit(sizes, func(i, j int) bool { return met[pairKey(order[i].ID, order[j].ID)] })
			if len(round.Tables) != len(want) {
				t.Fatalf("case %d round %d: %d tables, want %d", c, r+1, len(round.Tables), len(want))
			}
			for ti, table := range round.Tables {
				var ids []string
				for _, i := range want[ti] {
					ids = append(ids, order[i].ID)
				}
				var got []string
				for _, seat := range table {
					got = append(got, seat.ID)
				}
				// Seat order: fewest first seats, then rank (ids are in rank order already).
				slices.SortStableFunc(ids, func(a, b string) int {
					return cmp.Compare(firstSeats(in, a), firstSeats(in, b))
				})
				if !slices.Equal(got, ids) {
					t.Errorf("case %d round %d table %d: %v, want %v", c, r+1, ti+1, got, ids)
				}
			}
			for _, table := range round.Tables {
				for i := range table {
					table[i].Place = 1 + rng.IntN(len(table))
					table[i].Score = rng.IntN(30)
				}
			}
			rounds = append(rounds, round)
		}
	}
}

func firstSeats(st []TableStanding, id string) int {
	i := slices.IndexFunc(st, func(x TableStanding) bool { return x.ID == id })
	return st[i].FirstSeat
}
