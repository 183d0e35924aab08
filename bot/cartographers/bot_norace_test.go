//go:build !race

// The bots' whole games and their searches over many positions, built without the race detector: a bot
// decides on one goroutine, where the detector has nothing to find, and these were most of the package's
// time under it (TestNoHiddenInformation alone 36 s of CPU); scripts/test runs norace files in a pass of
// their own. Bots deciding beside the server's matches stay under the detector in server's
// TestRealBotsThroughAPI and TestCartographersThroughAPI, and a bot's moves through the JSON path in
// TestMoveJSONIsALegalMove here.
package cartographers

import (
	"encoding/json"
	"sort"
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

func TestEveryDecisionKindAnsweredLegally(t *testing.T) {
	kinds := map[carto.DecisionKind]int{}
	modes := map[carto.DrawMode]int{}
	both := carto.Options{Preset: "both"}
	for seed := uint64(1); seed <= 6; seed++ {
		playGameModes(t, both, seed, []*Bot{New(Fast), New(Fast), New(Fast)}, kinds, modes)
	}
	// The Gorgon's target chosen by its owner rather than by the neighbour who drew it.
	owner := both
	owner.GorgonByOwner = true
	for seed := uint64(1); seed <= 4; seed++ {
		playGame(t, owner, seed, []*Bot{New(Fast), New(Fast)}, kinds)
	}
	for seed := uint64(1); seed <= 4; seed++ {
		playGame(t, carto.Options{}, seed, []*Bot{New(Fast)}, kinds)
	}
	playGame(t, both, 99, []*Bot{New(Strong), New(Fast), New(Strong)}, kinds)
	for k := carto.DecideDraw; k <= carto.DecideTroll; k++ {
		if kinds[k] == 0 {
			t.Errorf("no %s decision reached (counts %v)", k, kinds)
		}
	}
	for m := carto.DrawFree; m <= carto.DrawFallback; m++ {
		if modes[m] == 0 {
			t.Errorf("no %s draw reached (counts %v)", m, modes)
		}
	}
	t.Logf("decisions answered: %v, draws by mode: %v", kinds, modes)
}

// Two games with different seeds that show the same public view (same edicts, same cards revealed, same
// sheets) differ only in what is hidden: the order of the decks. The bot must choose the same move in
// both. The test also checks that the hidden orders did differ, by the card each game reveals next. The
// levels for people and the master search draw random numbers: each choice is made by a fresh bot with
// the same seed, which only the hidden order could sway.
func TestNoHiddenInformation(t *testing.T) {
	t.Run("fast", func(t *testing.T) { noHiddenInformation(t, func() *Bot { return New(Fast) }, true) })
	// The levels end with strong itself.
	for _, l := range Levels {
		t.Run(l.Name, func(t *testing.T) { noHiddenInformation(t, func() *Bot { return NewLevel(l, 42) }, true) })
	}
	// A small budget: the test is about what the search reads, not how well it plays (2 samples and a
	// look-ahead from 4 draws: the potentials of MasterWeights made a decision dearer under -race).
	budget := SearchBudget{Samples: 2, Width: 4, Seasons: 1}
	master := func() *Bot {
		b := NewMaster(42, budget)
		b.Beam = 4
		return b
	}
	t.Run("master", func(t *testing.T) { noHiddenInformation(t, master, true) })
	// The clairvoyant yardstick reads the real order: the test must catch it, whatever its weights.
	clairvoyant := func() *Bot {
		b := NewClairvoyant(budget)
		b.Weights = DefaultWeights
		return b
	}
	t.Run("clairvoyant is caught", func(t *testing.T) { noHiddenInformation(t, clairvoyant, false) })
}

// noHiddenInformation compares the bot's choices in games that show the same view. With fair set, it
// fails at the first pair where they differ; without, it fails if they never differ.
func noHiddenInformation(t *testing.T, bot func() *Bot, fair bool) {
	o := carto.Options{Edicts: []string{"Sentinel Wood", "Canal Lake", "Wildholds", "Borderlands"}}
	fast := New(Fast)
	compared, diverged, differed := 0, 0, 0
	for depth := 0; depth <= 2; depth++ {
		groups := map[string][]*carto.Game{}
		for seed := uint64(1); seed <= 150; seed++ {
			g, err := carto.NewGame(o, 1, seed)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < depth; i++ {
				m, err := fast.Choose(g, 0)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(0, m); err != nil {
					t.Fatal(err)
				}
			}
			key, err := json.Marshal(g.View(0))
			if err != nil {
				t.Fatal(err)
			}
			groups[string(key)] = append(groups[string(key)], g)
		}
		perDepth := 0
		for _, key := range sortedKeys(groups) {
			gs := groups[key]
			// A few games per view and a few views per depth are enough; the strong bot is slow under -race.
			if len(gs) < 2 || perDepth >= 12 {
				continue
			}
			gs = gs[:min(len(gs), 3)]
			want, err := bot().Choose(gs[0], 0)
			if err != nil {
				t.Fatal(err)
			}
			next0 := afterMove(t, gs[0], want)
			for _, g := range gs[1:] {
				got, err := bot().Choose(g, 0)
				if err != nil {
					t.Fatal(err)
				}
				compared++
				perDepth++
				if got != want {
					if fair {
						t.Fatalf("same public view, different moves: %+v and %+v", want, got)
					}
					differed++
				}
				if afterMove(t, g, got) != next0 {
					diverged++
				}
			}
		}
	}
	t.Logf("%d pairs of games with equal views compared, %d revealed different cards next, %d moves differed", compared, diverged, differed)
	if compared < 15 || diverged == 0 {
		t.Fatalf("the test compared %d pairs, %d with different hidden orders: too few to mean anything", compared, diverged)
	}
	if !fair && differed == 0 {
		t.Fatalf("a bot that reads the hidden order chose the same move in all %d pairs: the test cannot see it", compared)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// afterMove plays m on a copy of g and returns the public view that follows, as JSON.
func afterMove(t *testing.T, g *carto.Game, m carto.Move) string {
	t.Helper()
	c := g.Clone()
	if err := c.Play(0, m); err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(c.View(0))
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// The same game played twice by the strong bot gives the same moves.
func TestDeterministic(t *testing.T) {
	var first []carto.Move
	for run := 0; run < 2; run++ {
		g, err := carto.NewGame(carto.Options{Preset: "both"}, 2, 11)
		if err != nil {
			t.Fatal(err)
		}
		bots := []*Bot{New(Strong), New(Fast)}
		var moves []carto.Move
		for !g.Over() {
			for _, s := range g.ToActSeats() {
				m, err := bots[s].Choose(g, s)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(s, m); err != nil {
					t.Fatal(err)
				}
				moves = append(moves, m)
			}
		}
		if run == 0 {
			first = moves
			continue
		}
		if len(moves) != len(first) {
			t.Fatalf("%d moves, then %d", len(first), len(moves))
		}
		for i := range moves {
			if moves[i] != first[i] {
				t.Fatalf("move %d: %+v, then %+v", i, first[i], moves[i])
			}
		}
	}
}

// fourStrongMaps plays a four-player game (base box, no ambush drawn on a neighbour would tell the seats
// apart at first) between four strong bots, each varied by seed(seat) before every decision when seed is
// not nil, and returns the four maps.
func fourStrongMaps(t *testing.T, seed func(seat, turn int) uint64) []string {
	t.Helper()
	g, err := carto.NewGame(carto.Options{}, 4, 21)
	if err != nil {
		t.Fatal(err)
	}
	b := New(Strong) // one bot for every seat, as the server's pool lends one
	for turn := 0; !g.Over(); turn++ {
		for _, s := range g.ToActSeats() {
			if seed != nil {
				b.Vary(seed(s, turn))
			}
			m, err := b.Choose(g, s)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	maps := make([]string, 4)
	for s := range maps {
		sh := g.Sheet(s)
		maps[s] = sh.MapText()
	}
	return maps
}

// TestVariedBotsDrawTheirOwnMaps: four strong bots at one table see the same cards; each varied by a seat's
// own seed, they draw four different maps (unvaried, the same bot draws one map four times: the check
// can fail), and scores stay those of a strong bot.
func TestVariedBotsDrawTheirOwnMaps(t *testing.T) {
	same := fourStrongMaps(t, nil)
	if same[0] != same[1] || same[1] != same[2] {
		t.Fatalf("unvaried strong bots drew different maps from the same cards: the test no longer shows what Vary changes")
	}
	maps := fourStrongMaps(t, func(seat, turn int) uint64 { return uint64(seat+1)*0x9e3779b97f4a7c15 ^ uint64(turn) })
	for i := range maps {
		for j := i + 1; j < len(maps); j++ {
			if maps[i] == maps[j] {
				t.Errorf("seats %d and %d, varied by their own seeds, drew the same map:\n%s", i, j, maps[i])
			}
		}
	}
}
