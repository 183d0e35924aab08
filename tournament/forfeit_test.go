package tournament

import "testing"

// A double forfeit (both absent) scores nothing for either side, counts as a game played (the two have
// met, each has had their seat) and adds nothing to the tie-breaks but the opponent's points.
func TestSwissDoubleForfeit(t *testing.T) {
	t.Parallel()
	ps := []Player{{ID: "A", Rating: 1500}, {ID: "B", Rating: 1600}, {ID: "C", Rating: 1400}, {ID: "D", Rating: 1300}}
	rounds := [][]Pairing{
		{{First: "A", Second: "B", Outcome: BothLose}, {First: "C", Second: "D", Outcome: FirstWins}},
		{{First: "B", Second: "C", Outcome: SecondWins}, {First: "D", Second: "A", Outcome: BothLose}},
	}
	st, err := Standings(ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	// C 2 (Bh D0+B0=0, SB 0); B 0 (Bh A0+C2=2); A 0 (Bh B0+D0=0, rating 1500); D 0 (Bh C2+A0=2).
	want := []struct {
		id     string
		pts    float64
		bh     float64
		played int
	}{{"C", 2, 0, 2}, {"B", 0, 2, 2}, {"D", 0, 2, 2}, {"A", 0, 0, 2}}
	for i, w := range want {
		g := st[i]
		if g.ID != w.id || g.Points != w.pts || g.Buchholz != w.bh || g.SonnebornBerger != 0 || g.Played != w.played {
			t.Errorf("rank %d: %s %.1f pts Bh %.1f SB %.1f played %d, want %s %.1f Bh %.1f SB 0 played %d",
				i+1, g.ID, g.Points, g.Buchholz, g.SonnebornBerger, g.Played, w.id, w.pts, w.bh, w.played)
		}
	}
	// the two have met: the third round pairs them apart where it can
	next, err := Swiss{Rounds: 3}.Pair(ps, rounds)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range next {
		if k := pairKey(g.First, g.Second); k == pairKey("A", "B") || k == pairKey("A", "D") {
			t.Errorf("round 3 pairs %s and %s again", g.First, g.Second)
		}
	}
}

// An arena's double forfeit gives both players nothing and puts out the fire of one on a streak.
func TestArenaDoubleForfeit(t *testing.T) {
	t.Parallel()
	a := mustArena(t, []Player{{ID: "A"}, {ID: "B"}})
	play := func(o Outcome) (int, int) {
		g, ok, err := a.Pair("A")
		if err != nil || !ok {
			t.Fatalf("pair: %v %v", ok, err)
		}
		if g.First != "A" && o == FirstWins {
			o = SecondWins
		}
		g.Outcome = o
		first, second, err := a.FinishScored(g)
		if err != nil {
			t.Fatal(err)
		}
		if g.First != "A" {
			first, second = second, first
		}
		return first, second
	}
	play(FirstWins)
	play(FirstWins)
	if a1, b1 := play(BothLose); a1 != 0 || b1 != 0 {
		t.Errorf("a double forfeit gave %d and %d, want nothing", a1, b1)
	}
	if a1, _ := play(FirstWins); a1 != 2 {
		t.Errorf("the win after a double forfeit gave %d, want 2 (the fire out)", a1)
	}
}

// At a table, every absent player scores as last: none shares a place with another absent one, and
// those who played are each ahead of them all.
func TestTableForfeits(t *testing.T) {
	t.Parallel()
	ps := []Player{{ID: "A"}, {ID: "B"}, {ID: "C"}, {ID: "D"}}
	round := TableRound{Tables: [][]Seat{{{ID: "A", Place: 2}, {ID: "B", Place: 3, Forfeit: true}, {ID: "C", Place: 1}, {ID: "D", Place: 3, Forfeit: true}}}}
	st, err := TableSwiss{Rounds: 2, MinSeats: 4, MaxSeats: 4}.Standings(ps, []TableRound{round})
	if err != nil {
		t.Fatal(err)
	}
	pts := map[string]float64{}
	for _, s := range st {
		pts[s.ID] = s.Points
	}
	if pts["C"] != 3 || pts["A"] != 2 || pts["B"] != 0 || pts["D"] != 0 {
		t.Errorf("points %v, want C 3, A 2, B 0, D 0", pts)
	}
}
