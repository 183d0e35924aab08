package cartographers

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// playRandom plays a whole game with uniformly random legal moves, checking after every move the
// invariants a legal game keeps. It returns the finished game.
func playRandom(t testing.TB, o Options, seats int, seed uint64) *Game {
	t.Helper()
	g, err := NewGame(o, seats, seed)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	rng := game.NewRNG(seed, 99)
	var buf []Placement
	for steps := 0; !g.Over(); steps++ {
		if steps > 100000 {
			t.Fatalf("seed %d: game did not end", seed)
		}
		acts := g.ToActSeats()
		if len(acts) == 0 {
			t.Fatalf("seed %d: game not over but nobody to act", seed)
		}
		for _, seat := range acts {
			m, ok, b := g.RandomMove(seat, rng, buf)
			buf = b
			if !ok {
				t.Fatalf("seed %d: seat %d listed to act has no decision", seed, seat)
			}
			if err := g.Play(seat, m); err != nil {
				t.Fatalf("seed %d: random legal move %+v refused: %v", seed, m, err)
			}
		}
	}
	return g
}

func TestRandomGamesEnd(t *testing.T) {
	t.Parallel()
	for _, preset := range presetNames {
		for seed := uint64(0); seed < 50; seed++ {
			for _, seats := range []int{1, 2, 3} {
				g := playRandom(t, Options{Preset: preset}, seats, seed)
				if g.season != 3 {
					t.Fatalf("%s seed %d: over in season %d", preset, seed, g.season)
				}
			}
		}
	}
}

func TestHundredPlayers(t *testing.T) {
	t.Parallel()
	// The largest table (rulings 14): everyone draws each turn, ambushes go round the ring of seats.
	g := playRandom(t, Options{Preset: "both"}, MaxSeats, 11)
	if len(g.Result().Ranks) != MaxSeats {
		t.Fatal("ranks missing")
	}
}

func TestBadOptions(t *testing.T) {
	t.Parallel()
	for _, o := range []Options{{Preset: "nope"}, {Side: "E"}, {Explore: "all"}, {Seasons: "x"}, {Ambush: "y"},
		{ScoringForest: "z"}, {Edicts: []string{"Sentinel Wood"}}} {
		if _, err := NewGame(o, 1, 1); !errors.Is(err, game.ErrBadOptions) {
			t.Errorf("options %+v: err %v, want ErrBadOptions", o, err)
		}
	}
	if _, err := NewGame(Options{}, 0, 1); !errors.Is(err, game.ErrBadOptions) {
		t.Errorf("0 seats: err %v", err)
	}
	if _, err := NewGame(Options{}, 101, 1); !errors.Is(err, game.ErrBadOptions) {
		t.Errorf("101 seats: err %v", err)
	}
}

// rig restarts a fresh game's first season with a chosen explore deck (top card first) and, when
// sheet is not empty, every player's sheet read from the map text format.
func rig(t *testing.T, o Options, seats int, sheet string, deck ...string) *Game {
	t.Helper()
	return rigWith(t, false, o, seats, sheet, deck...)
}

// rigWith is rig, for a game told from its first card when told is set.
func rigWith(t *testing.T, told bool, o Options, seats int, sheet string, deck ...string) *Game {
	t.Helper()
	g, err := NewGame(o, seats, 1)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	for i := range g.players {
		g.players[i] = player{sheet: g.players[i].sheet}
		if sheet != "" {
			g.players[i].sheet = sheetOf(t, sheet)
		}
	}
	g.waiting, g.revealed, g.ruinsPending, g.effects, g.phase = 0, nil, false, nil, phaseReveal
	g.numSpecials = 0
	g.deck = g.deck[:0]
	for i := len(deck) - 1; i >= 0; i-- {
		id, ok := CardByName(deck[i])
		if !ok {
			t.Fatalf("no card %q", deck[i])
		}
		g.deck = append(g.deck, id)
	}
	if told {
		g.narr = &narrator{coins: make([]int, seats)}
	}
	g.advance()
	return g
}

func sheetOf(t *testing.T, text string) Sheet {
	t.Helper()
	s, err := ParseMap(text)
	if err != nil {
		t.Fatalf("ParseMap: %v", err)
	}
	return s
}

// cells builds a set from (row, col) pairs.
func setOf(rc ...[2]int) Bits {
	var b Bits
	for _, p := range rc {
		b = b.With(CellAt(p[0], p[1]))
	}
	return b
}

func drawMove(opt int, k Kind, rc ...[2]int) Move {
	return Move{Type: DecideDraw, Option: opt, Terrain: k, Cells: setOf(rc...)}
}

func mustPlay(t *testing.T, g *Game, seat int, m Move) {
	t.Helper()
	if err := g.Play(seat, m); err != nil {
		t.Fatalf("seat %d move %+v: %v", seat, m, err)
	}
}

func mustRefuse(t *testing.T, g *Game, seat int, m Move, want string) {
	t.Helper()
	before := g.Clone()
	err := g.Play(seat, m)
	if err == nil {
		t.Fatalf("seat %d move %+v accepted, want refusal (%s)", seat, m, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("seat %d move %+v: error %q does not say %q", seat, m, err, want)
	}
	if !reflect.DeepEqual(before, g) {
		t.Fatalf("refused move %+v changed the state", m)
	}
}

// emptyA is side A of the base game as printed.
const emptyA = `
...........
...M.r.....
.r......Mr.
...........
...........
.....M.....
...........
...........
.rM......r.
.....r.M...
...........`

func TestSetupFromSeed(t *testing.T) {
	t.Parallel()
	for seed := uint64(0); seed < 200; seed++ {
		g, err := NewGame(Options{Preset: "both"}, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		// One scoring card per stack, in some order under A-D.
		var stacks [4]int
		for _, e := range g.edicts {
			stacks[scoringCards[e].Stack]++
		}
		if stacks != [4]int{1, 1, 1, 1} {
			t.Fatalf("seed %d: stacks under the edicts %v, want one of each", seed, stacks)
		}
		// Spring: 24 explore cards + 1 ambush + 1 hero, minus what has been revealed.
		ex, am, he := g.DeckCounts()
		revealed := len(g.revealed)
		if cardTable[g.current].Type == AmbushCard || cardTable[g.current].Type == HeroCard {
			revealed++
		}
		if ex+revealed != 26 || am != 7 || he != 3 {
			t.Fatalf("seed %d: decks %d+%d revealed, %d ambushes, %d heroes; want 26, 7, 3", seed, ex, revealed, am, he)
		}
	}
	a, _ := NewGame(Options{}, 1, 42)
	b, _ := NewGame(Options{}, 1, 42)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed set up two different games")
	}
}

func TestUnrevealedAmbushStays(t *testing.T) {
	t.Parallel()
	// Spring ends after Hinterland Stream, Homestead, Orchard and Treetop Village (2+2+2+2 = 8) with
	// the ambush still in the deck: summer's deck has it plus the next ambush.
	g := rig(t, Options{}, 1, "", "Hinterland Stream", "Homestead", "Orchard", "Treetop Village", "Goblin Attack")
	for range 4 {
		mustPlay(t, g, 0, g.LegalMoves(0)[0])
	}
	if g.season != 1 {
		t.Fatalf("season %d after 8 time in spring, want 1 (summer)", g.season)
	}
	n := 0
	for _, id := range g.deck {
		if cardTable[id].Type == AmbushCard {
			n++
		}
	}
	if cardTable[g.current].Type == AmbushCard {
		n++
	}
	if n != 2 {
		t.Fatalf("%d ambushes in summer's deck, want 2 (the unrevealed one stays)", n)
	}
}
