//go:build !race

// The engine's sweeps over many whole random games, built without the race detector: they play on one
// goroutine, where the detector has nothing to find, and were most of the package's time under it;
// scripts/test runs norace files in a pass of their own (where the frontier's sweep plays its 60 games and
// the Mage & Witch's legal moves their 6 seeds, against 10 and 2 under the detector before). The engine
// starts no goroutine; its use by the server's matches and the bots stays under the detector in their
// packages, and whole games with their invariants stay under it here too (TestRandomGamesWithMageWitch,
// TestReplayFromJSONRecord, TestLegalMovesWithRiverAndAbbot).
package carcassonne

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// The same seed gives the same game, played in a new game value or in a reused one, over many seeds, with
// and without the Land Surveyors, 2 to 5 seats; every game ends with its invariants (checkInvariants).
func TestDeterminismOverSeededGames(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	g := &Game{}
	for seed := uint64(0); seed < uint64(n); seed++ {
		opts := DefaultOptions()
		opts.Surveyors = seed%2 == 1
		players := 2 + int(seed%4)
		a, _ := randomGame(t, opts, players, seed)
		// The same seed in a reused game value must give the same game.
		if err := g.Reset(opts, players, seed); err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(seed)
		for !g.Over() {
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
		if fa, fb := fingerprint(a), fingerprint(g); fa != fb {
			t.Fatalf("seed %d: two plays differ:\n%s\n%s", seed, fa, fb)
		}
		checkInvariants(t, a, seed)
	}
}

// Random games with the River and the Abbot (and both, with and without the Land Surveyors, 2 to 5 seats)
// run to the end: every tile laid or set aside, every figure in hand or on the board, the scores the sum
// of the scorings, the pile's public count right all along, the same game from the same seed, and the
// record of its moves replaying to the same result. Abbots are stood and taken back along the way.
func TestRandomGamesWithRiverAndAbbot(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 24
	}
	reg := game.NewRegistry(Definition{})
	abbots, recalls, gardens := 0, 0, 0
	reused := &Game{}
	for seed := uint64(0); seed < uint64(n); seed++ {
		opts := DefaultOptions()
		opts.Expansions = []Expansions{RiverExp, AbbotExp, RiverExp | AbbotExp}[seed%3]
		opts.Surveyors = seed%2 == 1
		g, moves := playChecked(t, reg, reused, opts, 2+int(seed/3%4), seed)
		for _, m := range moves {
			if m.Figure == Abbot {
				abbots++
			}
		}
		for _, e := range g.Events() {
			if e.Recall {
				recalls++
			}
			if e.Feature == "garden" {
				gardens++
			}
		}
	}
	if abbots == 0 || recalls == 0 || gardens == 0 {
		t.Errorf("%d abbots stood, %d taken back, %d garden scorings: the games did not play the Abbot", abbots, recalls, gardens)
	}
}

// The frontier's demands, kept as tiles are laid, are those the neighbours make after every move of many
// random games, with and without the Land Surveyors; so are those of a copy played on after the copy is
// taken (the greedy policy's look-ahead), while the original stays as it was.
func TestFrontierDemandsMatchTheNeighbours(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	scratch := new(Game)
	for _, sv := range []bool{false, true} {
		opts := DefaultOptions()
		opts.Surveyors = sv
		for seed := uint64(0); seed < uint64(games); seed++ {
			g, err := NewGame(opts, 2+int(seed%4), seed)
			if err != nil {
				t.Fatal(err)
			}
			rp := NewRandomPlayer(seed + 1000)
			checkFrontier(t, &g.board, "start")
			for move := 1; !g.Over(); move++ {
				if move%7 == 0 {
					*scratch = *g
					scratch.quiet = true
					if err := scratch.Play(NewRandomPlayer(seed).Move(scratch)); err != nil {
						t.Fatal(err)
					}
					checkFrontier(t, &scratch.board, "copy")
				}
				if err := g.Play(rp.Move(g)); err != nil {
					t.Fatal(err)
				}
				checkFrontier(t, &g.board, fmt.Sprintf("surveyors %v seed %d move %d", sv, seed, move))
			}
		}
	}
}

// Random games with Inns & Cathedrals, alone, with the Land Surveyors, and with the River and the Abbot,
// 2 to 6 seats, run to the end with their supply, tile-count and score invariants (playChecked); the
// large meeples, inns and cathedrals are played along the way.
func TestRandomGamesWithInns(t *testing.T) {
	n := 90
	if testing.Short() {
		n = 20
	}
	reg := game.NewRegistry(Definition{})
	reused := &Game{}
	large, seen := 0, map[string]int{}
	for seed := uint64(0); seed < uint64(n); seed++ {
		opts := innsOpts(seed%2 == 1)
		if seed%3 == 2 {
			opts.Expansions |= RiverExp | AbbotExp
		}
		g, moves := playChecked(t, reg, reused, opts, 2+int(seed/2%5), seed)
		for _, m := range moves {
			if m.Figure == LargeMeeple {
				large++
			}
		}
		for _, e := range g.Events() {
			for _, m := range e.Modifiers {
				key := m.Name
				if e.Final {
					key += " final"
				}
				seen[key]++
			}
		}
	}
	if large == 0 || seen["inn"] == 0 || seen["cathedral"] == 0 || seen["inn final"] == 0 {
		t.Errorf("%d large meeples stood, modifiers %v: the games did not play Inns & Cathedrals", large, seen)
	}
}

// Through whole games, the public count of the remaining tiles is the pile's own content.
func TestRemainingTilesAreThePile(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		opts := DefaultOptions()
		opts.Surveyors = seed%2 == 0
		g, err := NewGame(opts, 2+int(seed)%4, seed)
		if err != nil {
			t.Fatal(err)
		}
		for turn := 0; ; turn++ {
			got, want := g.RemainingTiles(), pileCounts(g)
			if got != want {
				t.Fatalf("seed %d turn %d: remaining %v, the pile holds %v", seed, turn, got, want)
			}
			if g.Over() {
				break
			}
			if err := g.Play(g.GreedyMove()); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The start: 72 tiles less the start tile and the one drawn.
	g, err := NewGame(DefaultOptions(), 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, c := range g.RemainingTiles() {
		sum += c
	}
	if sum != 70 {
		t.Errorf("%d tiles remaining at the start, want 70", sum)
	}
}

// Every legal move tried on a Trial leaves the same game as on a fresh copy, and the two go on to the same
// end; after each, the trial's copy is the position again. The last seeds play the Mage & Witch (and the
// Abbot): the neutral figures are put back too.
func TestTrialIsAFreshCopy(t *testing.T) {
	var tr Trial
	var fresh Game
	tried := 0
	for seed := uint64(1); seed <= 10; seed++ {
		if seed > 2 && seed <= 8 {
			continue // the base game's first two and the Mage & Witch's two (all ten: 12 s of CPU)
		}
		opts := DefaultOptions()
		opts.Surveyors = seed%2 == 0
		if seed > 8 {
			opts.Expansions = MageWitchExp | AbbotExp
		}
		g, err := NewGame(opts, 2+int(seed)%4, seed)
		if err != nil {
			t.Fatal(err)
		}
		for turn := 0; !g.Over(); turn++ {
			tr.Reset(g)
			if turn%5 == 0 {
				want := publicState(t, g)
				var segs []int
				for i, p := range g.Placements(nil) {
					segs = append(g.MeepleOptions(p, segs[:0]), NoMeeple)
					magic := g.MagicOptions(p, nil)
					for _, s := range segs {
						m := Move{Placement: p, Meeple: s}
						if len(magic) > 0 {
							m.Magic = magic[(s+1)%len(magic)]
						}
						a := tr.Game()
						if got := publicState(t, a); got != want {
							t.Fatalf("seed %d turn %d: the trial's copy is not the position:\n%s\n%s", seed, turn, got, want)
						}
						g.LookAhead(&fresh)
						if err := a.Play(m); err != nil {
							t.Fatal(err)
						}
						if err := fresh.Play(m); err != nil {
							t.Fatal(err)
						}
						// Play a few more turns on some of them, so that stale entries would show.
						for k := 0; k < 4*(i%2) && !a.Over(); k++ {
							n := a.GreedyMove()
							if err := a.Play(n); err != nil {
								t.Fatal(err)
							}
							if err := fresh.Play(n); err != nil {
								t.Fatal(err)
							}
						}
						if i%5 == 0 {
							if err := a.EndNow(); err != nil {
								t.Fatal(err)
							}
							if err := fresh.EndNow(); err != nil {
								t.Fatal(err)
							}
						}
						if x, y := publicState(t, a), publicState(t, &fresh); x != y {
							t.Fatalf("seed %d turn %d move %+v: trial and fresh copy differ:\n%s\n%s", seed, turn, m, x, y)
						}
						tried++
					}
				}
			}
			if err := g.Play(g.GreedyMove()); err != nil {
				t.Fatal(err)
			}
		}
	}
	if tried < 1000 {
		t.Errorf("%d moves tried", tried)
	}
}

// Random games with Traders & Builders (alone, with the Land Surveyors, with the River and the Abbot; 2 to
// 5 seats) run to the end: tiles, figures and scores as in the other expansions' games, goods never made
// or lost (the seats hold exactly the goods of the completed cities, 20 when every goods city is
// complete), builders' second tiles by the same seat, told in the narrative, and the record replays.
func TestRandomGamesWithTraders(t *testing.T) {
	n := 80
	if testing.Short() {
		n = 20
	}
	reg := game.NewRegistry(Definition{})
	builders, pigs, seconds, goodsTold := 0, 0, 0, 0
	for seed := uint64(0); seed < uint64(n); seed++ {
		opts := DefaultOptions()
		opts.Expansions = TradersBuildersExp | []Expansions{0, 0, RiverExp | AbbotExp}[seed%3]
		opts.Surveyors = seed%3 == 1 || seed%6 == 2
		players := 2 + int(seed/3%4)
		g, err := NewGame(opts, players, seed)
		if err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(seed)
		var moves []game.RecordedMove
		for !g.Over() {
			if rem := g.RemainingTiles(); sum(rem[:]) != g.DrawPileSize() {
				t.Fatalf("seed %d: remaining %d, pile %d", seed, sum(rem[:]), g.DrawPileSize())
			}
			m := rp.Move(g)
			if seed%5 == 0 {
				m = g.GreedyMove()
			}
			switch m.Figure {
			case Builder:
				builders++
			case Pig:
				pigs++
			}
			seat := g.toAct
			moves = append(moves, game.RecordedMove{Seat: game.Seat(seat), Move: g.EncodeMove(m)})
			if err := g.Play(m); err != nil {
				t.Fatalf("seed %d: legal move %+v refused: %v", seed, m, err)
			}
			if g.DoubleTurn() {
				seconds++
				if g.toAct != seat {
					t.Fatalf("seed %d: a second tile for seat %d, seat %d to act", seed, seat, g.toAct)
				}
			}
			checkFigures(t, g, seed)
			checkGoods(t, g, seed)
		}
		checkInvariants(t, g, seed)
		for _, e := range g.Narrative() {
			if e.Kind == "goods" {
				goodsTold++
			}
		}
		checkReplay(t, reg, g, moves, seed)
		checkNarrativeSeats(t, g, moves, seed)
	}
	if builders == 0 || pigs == 0 || seconds == 0 || goodsTold == 0 {
		t.Errorf("%d builders, %d pigs, %d second tiles, %d goods told: the games did not play the expansion", builders, pigs, seconds, goodsTold)
	}
}

// With the Mage & Witch the listed legal moves are all accepted, none twice; every magic part a
// placement allows is listed, and a random player's magic part is one of them.
func TestLegalMovesWithMageWitch(t *testing.T) {
	magicMoves := 0
	seeds := uint64(6) // 2 under the race detector before
	for seed := uint64(0); seed < seeds; seed++ {
		st, _ := Definition{}.New(json.RawMessage(`{"surveyors":true,"expansions":["abbot","mage_witch"]}`), 2, seed)
		g := st.(*Game)
		rp := NewRandomPlayer(seed)
		for turn := 0; !g.Over(); turn++ {
			if types[g.current].portal || turn%9 == 0 {
				seen := map[string]bool{}
				for _, m := range g.LegalMoves(game.Seat(g.toAct)) {
					c := *g
					c.events = append([]event(nil), g.events...)
					c.evTiles = append([]int16(nil), g.evTiles...)
					c.notes = append([]note(nil), g.notes...)
					if err := c.Apply(game.Seat(g.toAct), m); err != nil {
						t.Fatalf("seed %d turn %d: listed move %s refused: %v", seed, turn, m, err)
					}
					if seen[string(m)] {
						t.Fatalf("move %s listed twice", m)
					}
					seen[string(m)] = true
					var mj MoveJSON
					if err := json.Unmarshal(m, &mj); err != nil {
						t.Fatal(err)
					}
					if mj.Magic != nil {
						magicMoves++
					}
				}
				for _, p := range g.Placements(nil) {
					for _, mg := range g.MagicOptions(p, nil) {
						mj := g.EncodeMove(Move{Placement: p, Meeple: NoMeeple, Magic: mg})
						if !seen[string(mj)] {
							t.Fatalf("seed %d turn %d: magic %s not listed", seed, turn, mj)
						}
					}
				}
				m := rp.Move(g)
				found := m.Magic == (Magic{}) && len(g.MagicOptions(m.Placement, nil)) == 0
				for _, mg := range g.MagicOptions(m.Placement, nil) {
					found = found || mg == m.Magic
				}
				if !found {
					t.Fatalf("seed %d turn %d: the random player's magic %+v is not an option", seed, turn, m.Magic)
				}
			}
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if magicMoves == 0 {
		t.Error("no magic move listed")
	}
}

// publicState is what a test compares between two games: everything the view shows and what drives the
// rest of the game.
func publicState(t *testing.T, g *Game) string {
	t.Helper()
	v, err := json.Marshal(g.View(0))
	if err != nil {
		t.Fatal(err)
	}
	rem := g.RemainingTiles()
	ps := g.Placements(nil)
	return string(v) + "|" + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(rem, g.DrawPileSize(), g.Current(), g.ToActSeat(), g.Over(), ps)), " "), " ")
}

// checkFrontier compares the board's frontier with one rebuilt from the tiles: the same cells, each found
// through its slot, each with the demands its neighbours make; and every tile type's placements (not only
// the drawn one's) with the former query's, in the same order, counted and picked by index alike.
func checkFrontier(t *testing.T, b *board, where string) {
	t.Helper()
	want := map[int]bool{}
	for i := 0; i < b.ntiles; i++ {
		for d := 0; d < 4; d++ {
			if n := int(b.tiles[i].cell) + step[d]; b.cell(n) == 0 {
				want[n] = true
			}
		}
	}
	if b.nfront != len(want) {
		t.Fatalf("%s: frontier holds %d cells, the tiles have %d empty neighbours", where, b.nfront, len(want))
	}
	for i := 0; i < b.nfront; i++ {
		f := b.frontier[i]
		if !want[int(f.cell)] {
			t.Fatalf("%s: frontier cell %v touches no tile or holds one", where, posOf(int(f.cell)))
		}
		if b.opening(int(f.cell)) != &b.frontier[i] || int(f.slot) != b.slot(int(f.cell)) {
			t.Fatalf("%s: frontier cell %v is not found through its slot", where, posOf(int(f.cell)))
		}
		e, m := b.refNeed(int(f.cell))
		if e != f.need || m != f.mask {
			t.Fatalf("%s: cell %v demands edges %08b mask %08b, its neighbours say %08b %08b", where, posOf(int(f.cell)), f.need, f.mask, e, m)
		}
		class := 0
		for d := 3; d >= 0; d-- {
			class *= 5
			if m&(3<<(2*d)) != 0 {
				class += int(e>>(2*d)&3) + 1
			}
		}
		if int(b.demand[i]) != class {
			t.Fatalf("%s: cell %v is in demand class %d, its neighbours' edges %08b mask %08b make %d", where, posOf(int(f.cell)), b.demand[i], e, m, class)
		}
	}
	var got, ref []Placement
	for typ := range types {
		got, ref = b.placements(typ, nil, got[:0]), b.refPlacements(typ, ref[:0])
		if !slices.Equal(got, ref) {
			t.Fatalf("%s: tile %s placements %v, former query %v", where, types[typ].name, got, ref)
		}
		if n := b.countPlacements(typ, nil); n != len(ref) {
			t.Fatalf("%s: tile %s counts %d placements, former query lists %d", where, types[typ].name, n, len(ref))
		}
		for k, p := range ref {
			if q := b.nthPlacement(typ, k, nil); q != p {
				t.Fatalf("%s: tile %s placement %d is %v, former query lists %v", where, types[typ].name, k, q, p)
			}
		}
		if b.canPlace(typ, nil) != (len(ref) > 0) {
			t.Fatalf("%s: tile %s canPlace %v with %d placements", where, types[typ].name, b.canPlace(typ, nil), len(ref))
		}
	}
}
