package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func mustArena(t testing.TB, ps []Player) *Arena {
	t.Helper()
	a := NewArena()
	for _, p := range ps {
		if err := a.Join(p); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// simulate runs an arena of n players for a number of events (a game ends, someone pauses or resumes),
// pairing every waiting player at once, and returns the games paired in order. It fails the test if a
// paused player is paired, or two players meet twice running (for either of them) while a player who
// would have been no repeat for either was waiting.
func simulate(t *testing.T, n, events int, seed uint64) []Pairing {
	t.Helper()
	a := mustArena(t, players(n))
	rng := rand.New(rand.NewPCG(seed, 1))
	var log, playing []Pairing
	paused := map[string]bool{}
	last := map[string]string{}
	pairAll := func() {
		for _, s := range a.Standings() { // rank order: deterministic
			fresh := ""
			for _, c := range a.waiting {
				if c.ID != s.ID && last[s.ID] != c.ID && last[c.ID] != s.ID {
					fresh = c.ID
				}
			}
			g, ok, err := a.Pair(s.ID)
			if err != nil || !ok {
				continue
			}
			for _, id := range []string{g.First, g.Second} {
				if paused[id] {
					t.Fatalf("paused %s paired in %v", id, g)
				}
			}
			if (last[g.First] == g.Second || last[g.Second] == g.First) && fresh != "" {
				t.Fatalf("%v paired again while %s waited", g, fresh)
			}
			log = append(log, g)
			playing = append(playing, g)
		}
	}
	pairAll()
	for range events {
		switch k := rng.IntN(10); {
		case k < 2:
			id := fmt.Sprintf("p%02d", rng.IntN(n))
			if paused[id] {
				paused[id] = false
				if err := a.Resume(id); err != nil {
					t.Fatal(err)
				}
			} else {
				paused[id] = true
				if err := a.Pause(id); err != nil {
					t.Fatal(err)
				}
			}
		case len(playing) > 0:
			i := rng.IntN(len(playing))
			g := playing[i]
			playing = append(playing[:i], playing[i+1:]...)
			g.Outcome = Outcome(1 + rng.IntN(3))
			if err := a.Finish(g); err != nil {
				t.Fatal(err)
			}
			last[g.First], last[g.Second] = g.Second, g.First
		}
		pairAll()
	}
	return log
}

func TestArenaPairingRules(t *testing.T) {
	t.Parallel()
	for seed := range uint64(20) {
		log := simulate(t, 9, 300, seed)
		if len(log) < 100 {
			t.Errorf("seed %d: only %d games in 300 events", seed, len(log))
		}
		if again := simulate(t, 9, 300, seed); fmt.Sprint(again) != fmt.Sprint(log) {
			t.Errorf("seed %d: the same events paired otherwise", seed)
		}
	}
}

// TestArenaRematchOnlyWhenAlone: A and B finish; with C waiting, A gets C; with nobody else, A and B meet.
func TestArenaRematchOnlyWhenAlone(t *testing.T) {
	t.Parallel()
	a := mustArena(t, []Player{{ID: "A"}, {ID: "B"}, {ID: "C"}})
	g, ok, err := a.Pair("A")
	if err != nil || !ok || g != (Pairing{First: "A", Second: "B"}) {
		t.Fatalf("first pairing %v %v %v, want A-B (B waited longest)", g, ok, err)
	}
	if _, ok, _ := a.Pair("C"); ok {
		t.Fatal("C paired with nobody waiting")
	}
	g.Outcome = Draw
	if err := a.Finish(g); err != nil {
		t.Fatal(err)
	}
	if g, _, _ := a.Pair("A"); g.Second != "C" && g.First != "C" {
		t.Errorf("A paired %v while C waited", g)
	}
	b := mustArena(t, []Player{{ID: "A"}, {ID: "B"}})
	g, _, _ = b.Pair("A")
	g.Outcome = FirstWins
	if err := b.Finish(g); err != nil {
		t.Fatal(err)
	}
	if g, ok, _ := b.Pair("B"); !ok || g.First != "B" {
		t.Errorf("alone together: %v %v, want B (who sat second) first against A", g, ok)
	}
}

// TestArenaStreak: A wins, wins (on fire now), wins (4), draws (2, and the fire goes out), wins (2):
// 2+2+4+2+2 = 12. B and C, who lose or draw, score 1 for the draw only.
func TestArenaStreak(t *testing.T) {
	t.Parallel()
	a := mustArena(t, []Player{{ID: "A"}, {ID: "B"}, {ID: "C"}})
	var gave []int // what each game gave A: on fire from the third, out after the draw
	for i, o := range []Outcome{FirstWins, FirstWins, FirstWins, Draw, FirstWins} {
		g, ok, err := a.Pair("A")
		if err != nil || !ok {
			t.Fatalf("game %d: %v %v", i+1, ok, err)
		}
		if g.First != "A" { // score from A's side whatever the seat
			o = map[Outcome]Outcome{FirstWins: SecondWins, Draw: Draw}[o]
		}
		g.Outcome = o
		first, second, err := a.FinishScored(g)
		if err != nil {
			t.Fatal(err)
		}
		gave = append(gave, map[bool]int{true: first, false: second}[g.First == "A"])
	}
	if want := []int{2, 2, 4, 2, 2}; !slices.Equal(gave, want) {
		t.Errorf("A's games gave %v, want %v", gave, want)
	}
	pts := map[string]int{}
	for _, s := range a.Standings() {
		pts[s.ID] = s.Points
	}
	if pts["A"] != 12 || pts["B"]+pts["C"] != 1 {
		t.Errorf("points %v, want A 12 and 1 between B and C", pts)
	}
}

func TestArenaBadInput(t *testing.T) {
	t.Parallel()
	a := mustArena(t, []Player{{ID: "A"}, {ID: "B"}, {ID: "C"}})
	if a.Join(Player{ID: "A"}) == nil {
		t.Error("joined twice")
	}
	g, _, _ := a.Pair("A")
	if _, _, err := a.Pair("A"); err == nil {
		t.Error("a player in a game was paired")
	}
	if a.Finish(Pairing{First: "A", Second: "C", Outcome: Draw}) == nil {
		t.Error("a game never paired was finished")
	}
	if a.Finish(g) == nil {
		t.Error("a game without a result was finished")
	}
	a.End()
	if a.Join(Player{ID: "D"}) == nil {
		t.Error("joined an ended arena")
	}
	g.Outcome = FirstWins
	if a.Finish(g) == nil {
		t.Error("a game in play when the arena ended was recorded")
	}
	for _, s := range a.Standings() {
		if s.Points != 0 || s.Games != 0 {
			t.Errorf("after the end, %s has %d points from %d games", s.ID, s.Points, s.Games)
		}
	}
}

// arenaInPlay makes an arena of n players with a history of about ten games each (random results, so
// points and streaks spread), then leaves exactly waiting players waiting and the rest in games, which
// it returns.
func arenaInPlay(tb testing.TB, n, waiting int) (*Arena, []Pairing) {
	tb.Helper()
	a := mustArena(tb, players(n))
	rng := rand.New(rand.NewPCG(uint64(n), uint64(waiting)))
	var games []Pairing
	pairAll := func() {
		for len(a.waiting) > 1 {
			g, ok, err := a.Pair(a.waiting[0].ID)
			if err != nil || !ok {
				tb.Fatal(ok, err)
			}
			games = append(games, g)
		}
	}
	finish := func(i int) {
		g := games[i]
		games[i] = games[len(games)-1]
		games = games[:len(games)-1]
		g.Outcome = Outcome(1 + rng.IntN(3))
		if err := a.Finish(g); err != nil {
			tb.Fatal(err)
		}
	}
	pairAll()
	for range 5 * n {
		finish(rng.IntN(len(games)))
		pairAll()
	}
	for len(a.waiting) < waiting {
		finish(rng.IntN(len(games)))
	}
	for i := range games {
		games[i].Outcome = Outcome(1 + rng.IntN(3))
	}
	return a, games
}

// BenchmarkArenaPair measures a game ending and its first player being paired again at once, in arenas
// of 1,000 and 10,000 players who have played about ten games each: with 1% and 10% of the players
// waiting (the rest in play, as in a busy arena), and with all but two waiting (the longest scan).
func BenchmarkArenaPair(b *testing.B) {
	for _, c := range []struct{ n, waiting int }{
		{1000, 10}, {1000, 100}, {1000, 998}, {10000, 100}, {10000, 1000}, {10000, 9998},
	} {
		b.Run(fmt.Sprintf("%d_players/%d_waiting", c.n, c.waiting), func(b *testing.B) {
			a, games := arenaInPlay(b, c.n, c.waiting)
			if len(a.waiting) != c.waiting {
				b.Fatalf("%d waiting, want %d", len(a.waiting), c.waiting)
			}
			i := 0
			for b.Loop() {
				g := games[i%len(games)]
				if err := a.Finish(g); err != nil {
					b.Fatal(err)
				}
				next, ok, err := a.Pair(g.First)
				if err != nil || !ok {
					b.Fatal(ok, err)
				}
				next.Outcome = g.Outcome
				games[i%len(games)] = next
				i++
			}
		})
	}
}
