package carcassonne

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// checkFigures verifies that every figure of every kind is in hand or on the board, as many as the game
// gave each seat.
func checkFigures(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	var onBoard [maxPlayers][numFigures]int
	for tile := 0; tile < g.board.ntiles; tile++ {
		for s := range types[g.board.tiles[tile].typ].segs {
			if o := g.feat.owner[node(tile, s)]; o != 0 {
				onBoard[o-1][g.feat.fig[node(tile, s)]]++
			}
		}
	}
	for s := 0; s < g.players; s++ {
		for f := Figure(0); f < numFigures; f++ {
			want := 0
			if f == Meeple {
				want = meeplesEach
			}
			for _, x := range g.exps {
				want += x.figures[f]
			}
			if got := g.supply[s][f] + onBoard[s][f]; got != want {
				t.Fatalf("seed %d seat %d: %d %s in hand + %d on the board, want %d", seed, s, g.supply[s][f], f, onBoard[s][f], want)
			}
		}
	}
	checkNeutral(t, g, seed)
}

// playChecked plays a seeded game to the end with the random player (the greedy policy when seed%5 is 0)
// and checks it: every tile laid or set aside, every figure in hand or on the board, the scores the sum
// of the scorings, the pile's public count right all along, the same game from the same seed in a reused
// game value, and the record of its moves replaying to the same result. It returns the game and its moves.
func playChecked(t *testing.T, reg game.Registry, reused *Game, opts Options, players int, seed uint64) (*Game, []Move) {
	t.Helper()
	g, err := NewGame(opts, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewRandomPlayer(seed)
	var moves []game.RecordedMove
	var played []Move
	for !g.Over() {
		if rem := g.RemainingTiles(); sum(rem[:]) != g.DrawPileSize() {
			t.Fatalf("seed %d: %d tiles counted as remaining, %d in the pile", seed, sum(rem[:]), g.DrawPileSize())
		}
		m := rp.Move(g)
		if seed%5 == 0 {
			m = g.GreedyMove()
		}
		played = append(played, m)
		moves = append(moves, game.RecordedMove{Seat: game.Seat(g.toAct), Move: g.EncodeMove(m)})
		if err := g.Play(m); err != nil {
			t.Fatalf("seed %d: legal move %+v refused: %v", seed, m, err)
		}
		checkFigures(t, g, seed)
	}
	checkInvariants(t, g, seed)
	checkFigures(t, g, seed)
	if err := reused.Reset(opts, players, seed); err != nil {
		t.Fatal(err)
	}
	rp = NewRandomPlayer(seed)
	for !reused.Over() {
		m := rp.Move(reused)
		if seed%5 == 0 {
			m = reused.GreedyMove()
		}
		if err := reused.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if fingerprint(reused) != fingerprint(g) {
		t.Fatalf("seed %d: two plays differ", seed)
	}
	checkReplay(t, reg, g, moves, seed)
	return g, played
}

// checkReplay: the record of a game's moves replays to the same result.
func checkReplay(t *testing.T, reg game.Registry, g *Game, moves []game.RecordedMove, seed uint64) {
	t.Helper()
	raw, _ := json.Marshal(g.opts)
	rec := game.Record{Game: "carcassonne", Options: raw, Seed: seed, Seats: g.players, Moves: moves}
	st, err := reg.Replay(rec)
	if err != nil {
		t.Fatalf("seed %d: replay: %v", seed, err)
	}
	want, _ := json.Marshal(g.Result())
	got, _ := json.Marshal(st.Result())
	if !bytes.Equal(want, got) {
		t.Fatalf("seed %d: replay result differs:\n%s\n%s", seed, want, got)
	}
}

func sum(a []int) int {
	n := 0
	for _, v := range a {
		n += v
	}
	return n
}

// Options name the expansions in any order and spell them in the canonical one; an unknown name, a name
// given twice, or an expansion not playable yet is refused; a base game's options are spelled as before.
func TestExpansionOptions(t *testing.T) {
	def := Definition{}
	c, err := def.CanonicalOptions(json.RawMessage(`{"expansions":["abbot","river"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(c, []byte(`"expansions":["river","abbot"]`)) {
		t.Errorf("canonical options %s", c)
	}
	base, _ := def.CanonicalOptions(json.RawMessage(`{"expansions":[]}`))
	plain, _ := def.CanonicalOptions(nil)
	if !bytes.Equal(base, plain) || bytes.Contains(plain, []byte("expansions")) {
		t.Errorf("base game options %s and %s", base, plain)
	}
	for _, bad := range []string{`{"expansions":["river","river"]}`, `{"expansions":["tower"]}`, `{"expansions":"river"}`, `{"expansions":["mage_witch","magic"]}`} {
		if _, err := def.CanonicalOptions(json.RawMessage(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// A look-ahead copy of a River game, reshuffled, still draws the river tiles first and the lake last of
// them, and its pile holds what RemainingTiles counts.
func TestDeterminizeKeepsTheRiverFirst(t *testing.T) {
	opts := riverOpts()
	opts.Expansions |= AbbotExp
	g, err := NewGame(opts, 3, 9)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewRandomPlayer(9)
	for turn := 0; turn < 14; turn++ {
		var c Game
		g.LookAhead(&c)
		if err := c.Determinize(uint64(turn)); err != nil {
			t.Fatal(err)
		}
		rivers := 0
		for i := c.drawPos; i < c.ndeck; i++ {
			if types[c.deck[i]].set == riverSet {
				rivers++
			}
		}
		for i := c.drawPos; i < c.ndeck; i++ {
			isRiver := types[c.deck[i]].set == riverSet
			if isRiver != (i < c.drawPos+rivers) || (rivers > 0 && i == c.drawPos+rivers-1 && int(c.deck[i]) != riverLake) {
				t.Fatalf("turn %d: reshuffled pile has %s at %d (%d river tiles left)", turn, types[c.deck[i]].name, i-c.drawPos, rivers)
			}
		}
		if rem := c.RemainingTiles(); sum(rem[:]) != c.DrawPileSize() {
			t.Fatalf("turn %d: remaining %d, pile %d", turn, sum(rem[:]), c.DrawPileSize())
		}
		for !c.Over() {
			if err := c.Play(rp.Move(&c)); err != nil {
				t.Fatalf("turn %d: the reshuffled copy refused a legal move: %v", turn, err)
			}
		}
		if err := g.Play(rp.Move(g)); err != nil {
			t.Fatal(err)
		}
	}
}

// Games with the River, the Abbot, Inns & Cathedrals, Traders & Builders, the Mage & Witch and the Land
// Surveyors allocate nothing either, once the event buffers have grown: Reset, Placements, the random
// player's moves (its magic parts included) and Play.
func TestNoAllocationWithRiverAndAbbot(t *testing.T) {
	for _, x := range []Expansions{RiverExp | AbbotExp | InnsCathedralsExp, RiverExp | AbbotExp | TradersBuildersExp,
		MageWitchExp, RiverExp | AbbotExp | InnsCathedralsExp | TradersBuildersExp | MageWitchExp} {
		noAllocation(t, x)
	}
}

func noAllocation(t *testing.T, x Expansions) {
	opts := DefaultOptions()
	opts.Surveyors = true
	opts.Expansions = x
	g := &Game{}
	rp := NewRandomPlayer(3)
	buf := make([]Placement, 0, 1024)
	play := func() {
		for seed := uint64(0); seed < 4; seed++ {
			if err := g.Reset(opts, 3, seed); err != nil {
				t.Fatal(err)
			}
			for !g.over {
				buf = g.Placements(buf[:0])
				if err := g.Play(rp.Move(g)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	play()
	g.events = make([]event, 0, 4*cap(g.events))
	g.evTiles = make([]int16, 0, 4*cap(g.evTiles))
	g.notes = make([]note, 0, 4*cap(g.notes)+8)
	if n := testing.AllocsPerRun(3, play); n != 0 {
		t.Errorf("%v allocations per 4 games, want 0", n)
	}
}

// With the River and the Abbot, the listed legal moves are all accepted, none twice, and they include the
// abbot's and the recall's when the seat may make them; a random player's moves are among them.
func TestLegalMovesWithRiverAndAbbot(t *testing.T) {
	abbotMoves, recallMoves := 0, 0
	for seed := uint64(0); seed < 6; seed++ {
		st, _ := Definition{}.New(json.RawMessage(`{"surveyors":true,"expansions":["river","abbot"]}`), 2, seed)
		g := st.(*Game)
		rp := NewRandomPlayer(seed)
		for turn := 0; !g.Over(); turn++ {
			if turn%4 == 0 {
				seen := map[string]bool{}
				for _, m := range g.LegalMoves(game.Seat(g.toAct)) {
					c := *g
					c.events = append([]event(nil), g.events...)
					c.evTiles = append([]int16(nil), g.evTiles...)
					if err := c.Apply(game.Seat(g.toAct), m); err != nil {
						t.Fatalf("seed %d turn %d: listed move %s refused: %v", seed, turn, m, err)
					}
					if seen[string(m)] {
						t.Fatalf("move %s listed twice", m)
					}
					seen[string(m)] = true
					abbotMoves += strings.Count(string(m), `"figure":"abbot"`)
					recallMoves += strings.Count(string(m), `"recall"`)
				}
				if m := rp.Move(g); !seen[string(g.EncodeMove(m))] {
					t.Fatalf("seed %d turn %d: the random player's %s is not listed", seed, turn, g.EncodeMove(m))
				}
			}
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if abbotMoves == 0 || recallMoves == 0 {
		t.Errorf("%d abbot moves and %d recalls listed", abbotMoves, recallMoves)
	}
}
