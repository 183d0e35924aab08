package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// splittable says, by trying every first table size, whether m players fill tables of lo..hi exactly.
func splittable(m, lo, hi int) bool {
	if m == 0 {
		return true
	}
	for s := lo; s <= hi && s <= m; s++ {
		if splittable(m-s, lo, hi) {
			return true
		}
	}
	return false
}

func TestTableSizes(t *testing.T) {
	t.Parallel()
	for _, lim := range [][2]int{{2, 4}, {3, 4}, {3, 5}, {2, 6}, {3, 6}, {4, 4}, {5, 6}, {6, 6}} {
		lo, hi := lim[0], lim[1]
		for n := 3; n <= 20; n++ {
			sizes, byes, err := TableSizes(n, lo, hi)
			if n < lo {
				if err == nil {
					t.Errorf("%d players, tables of %d-%d: %v, want a refusal", n, lo, hi, sizes)
				}
				continue
			}
			if err != nil {
				t.Errorf("%d players, tables of %d-%d: %v", n, lo, hi, err)
				continue
			}
			sum := byes
			for _, s := range sizes {
				sum += s
				if s < lo || s > hi || s < sizes[len(sizes)-1] || s > sizes[len(sizes)-1]+1 {
					t.Errorf("%d players, tables of %d-%d: sizes %v", n, lo, hi, sizes)
				}
			}
			if sum != n {
				t.Errorf("%d players: sizes %v and %d byes", n, sizes, byes)
			}
			wantByes := 0
			for !splittable(n-wantByes, lo, hi) {
				wantByes++
			}
			if byes != wantByes || len(sizes) != (n-byes+hi-1)/hi {
				t.Errorf("%d players, tables of %d-%d: %d byes and %d tables, want %d byes and %d tables",
					n, lo, hi, byes, len(sizes), wantByes, (n-wantByes+hi-1)/hi)
			}
		}
	}
	if _, _, err := TableSizes(10, 1, 4); err == nil {
		t.Error("tables of one seat accepted")
	}
}

// TestTableStandings works out one round by hand.
//
//	Table 1 (4 seats): A 1st 50, B and C 2nd equal 40, D 4th 10. Table 2: E 1st 30, F 2nd 20, G 3rd 5. H bye.
//	Points: A beats 3 = 3; B beats D, ties C = 1.5; C likewise 1.5; D 0; E 2; F 1; G 0;
//	H's bye is a middle place at the largest table (4): 3/2 = 1.5.
//	Order: A 3; E 2; B, C (40 each: C rated higher), H (score 0) on 1.5; F 1; D (score 10) above G (5) on 0.
func TestTableStandings(t *testing.T) {
	t.Parallel()
	var ps []Player
	for i, id := range []string{"A", "B", "C", "D", "E", "F", "G", "H"} {
		ps = append(ps, Player{ID: id, Rating: 1500 + 10*i})
	}
	round := TableRound{
		Tables: [][]Seat{
			{{ID: "A", Place: 1, Score: 50}, {ID: "B", Place: 2, Score: 40}, {ID: "C", Place: 2, Score: 40}, {ID: "D", Place: 4, Score: 10}},
			{{ID: "E", Place: 1, Score: 30}, {ID: "F", Place: 2, Score: 20}, {ID: "G", Place: 3, Score: 5}},
		},
		Byes: []string{"H"},
	}
	st, err := TableSwiss{Rounds: 3, MinSeats: 3, MaxSeats: 4}.Standings(ps, []TableRound{round})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id  string
		pts float64
	}{{"A", 3}, {"E", 2}, {"C", 1.5}, {"B", 1.5}, {"H", 1.5}, {"F", 1}, {"D", 0}, {"G", 0}}
	for i, w := range want {
		if st[i].ID != w.id || st[i].Points != w.pts {
			t.Errorf("rank %d: %s %.1f, want %s %.1f", i+1, st[i].ID, st[i].Points, w.id, w.pts)
		}
	}
	bad := round
	bad.Byes = []string{"A"}
	if _, err := (TableSwiss{Rounds: 3, MinSeats: 3, MaxSeats: 4}).Standings(ps, []TableRound{bad}); err == nil {
		t.Error("a player both seated and given a bye was accepted")
	}
}

// TestTableSwissRounds plays a 5-round Swiss for tables of 3-5 with 17 players, two of them withdrawing:
// everyone still playing is seated once a round, the tables hold players of similar standing (each
// player sits at most one table from where filling the tables in standing order would seat them), byes
// go to the fewest, and the same input in another
// order seats the same way.
func TestTableSwissRounds(t *testing.T) {
	t.Parallel()
	s := TableSwiss{Rounds: 5, MinSeats: 3, MaxSeats: 5}
	ps := players(17)
	rng := rand.New(rand.NewPCG(7, 7))
	var rounds []TableRound
	for r := range s.Rounds {
		if r == 3 {
			ps[0].Withdrawn, ps[9].Withdrawn = true, true
		}
		round, err := s.Pair(ps, rounds)
		if err != nil {
			t.Fatal(err)
		}
		shuffled := slices.Clone(ps)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		again, err := s.Pair(shuffled, rounds)
		if err != nil || fmt.Sprint(again) != fmt.Sprint(round) {
			t.Errorf("round %d seated %v, then %v (%v) from the players in another order", r+1, round, again, err)
		}
		st, _ := s.Standings(ps, rounds)
		rank, byes := map[string]int{}, map[string]int{}
		for _, x := range st {
			rank[x.ID], byes[x.ID] = x.Rank, x.Byes
		}
		// Home tables: the players seated, in standing order, filling the tables from the first.
		home := map[string]int{}
		var queue []string
		for _, x := range st {
			if !x.Withdrawn && !slices.Contains(round.Byes, x.ID) {
				queue = append(queue, x.ID)
			}
		}
		for ti, table := range round.Tables {
			for _, id := range queue[:len(table)] {
				home[id] = ti
			}
			queue = queue[len(table):]
		}
		seated := map[string]int{}
		for ti, table := range round.Tables {
			if len(table) < s.MinSeats || len(table) > s.MaxSeats || ti > 0 && len(table) > len(round.Tables[ti-1]) {
				t.Errorf("round %d: a table of %d after %v", r+1, len(table), round.Tables[:ti])
			}
			for _, seat := range table {
				seated[seat.ID]++
				if h := home[seat.ID]; ti < h-1 || ti > h+1 {
					t.Errorf("round %d: %s (rank %d) at table %d, more than one away from table %d", r+1, seat.ID, rank[seat.ID], ti+1, h+1)
				}
			}
		}
		for _, id := range round.Byes {
			seated[id]++
			for _, p := range ps {
				if !p.Withdrawn && byes[p.ID] < byes[id] {
					t.Errorf("round %d: bye to %s (%d) while %s has %d", r+1, id, byes[id], p.ID, byes[p.ID])
				}
			}
		}
		for _, p := range ps {
			if want := map[bool]int{true: 0, false: 1}[p.Withdrawn]; seated[p.ID] != want {
				t.Errorf("round %d: %s seated %d times", r+1, p.ID, seated[p.ID])
			}
		}
		for ti, table := range round.Tables {
			order := rng.Perm(len(table))
			for i := range table {
				round.Tables[ti][i].Place = 1 + order[i]
				round.Tables[ti][i].Score = 10 * order[i]
			}
		}
		rounds = append(rounds, round)
	}
	if _, err := s.Pair(ps, rounds); err == nil {
		t.Error("a sixth round of five was seated")
	}
}

// BenchmarkTableSwissPair seats the fifth round of a Swiss at tables: 200 players at tables of 3 to 5,
// and 120 at tables of 6 (the most seats, so the most ways to fill each table).
func BenchmarkTableSwissPair(b *testing.B) {
	for _, c := range []struct {
		n, lo, hi int
	}{{200, 3, 5}, {120, 6, 6}} {
		b.Run(fmt.Sprintf("%d_at_%d-%d", c.n, c.lo, c.hi), func(b *testing.B) {
			s := TableSwiss{Rounds: 9, MinSeats: c.lo, MaxSeats: c.hi}
			ps := players(c.n)
			rng := rand.New(rand.NewPCG(3, 4))
			var rounds []TableRound
			for range 4 {
				round, err := s.Pair(ps, rounds)
				if err != nil {
					b.Fatal(err)
				}
				for _, table := range round.Tables {
					for i, place := range rng.Perm(len(table)) {
						table[i].Place, table[i].Score = 1+place, 10*place
					}
				}
				rounds = append(rounds, round)
			}
			for b.Loop() {
				if _, err := s.Pair(ps, rounds); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
