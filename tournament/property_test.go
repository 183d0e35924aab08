package tournament

import (
	"fmt"
	"math/rand/v2"
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
