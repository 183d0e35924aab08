package cartographers

import (
	"encoding/json"
	"errors"
	"testing"

	carto "github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// playGame plays a whole game with one bot per seat through the typed API, checking that every move the
// bots make is accepted, and counts the decisions of each kind the bots answered.
func playGame(t *testing.T, o carto.Options, seed uint64, bots []*Bot, kinds map[carto.DecisionKind]int) *carto.Game {
	return playGameModes(t, o, seed, bots, kinds, map[carto.DrawMode]int{})
}

// playGameModes is playGame that also counts the modes of the draw decisions.
func playGameModes(t *testing.T, o carto.Options, seed uint64, bots []*Bot, kinds map[carto.DecisionKind]int, modes map[carto.DrawMode]int) *carto.Game {
	t.Helper()
	g, err := carto.NewGame(o, len(bots), seed)
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 10000 {
			t.Fatalf("seed %d: the game does not end", seed)
		}
		for seat, b := range bots {
			d, sheet := g.DecisionOf(seat)
			if sheet < 0 {
				continue
			}
			m, err := b.Choose(g, seat)
			if err != nil {
				t.Fatalf("seed %d seat %d %s decision: %v", seed, seat, d.Kind(), err)
			}
			if err := g.Play(seat, m); err != nil {
				t.Fatalf("seed %d seat %d: the bot's %s move %+v is refused: %v", seed, seat, d.Kind(), m, err)
			}
			kinds[d.Kind()]++
			if d.Kind() == carto.DecideDraw {
				modes[d.Mode()]++
			}
		}
	}
	return g
}

// The JSON path answers with a move that is among the engine's legal moves, and Apply accepts it.
func TestMoveJSONIsALegalMove(t *testing.T) {
	st, err := carto.Definition{}.New(json.RawMessage(`{"preset":"both"}`), 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	bots := []*Bot{New(Strong), New(Fast)}
	for moves := 0; !st.Over() && moves < 60; moves++ {
		seat := st.ToAct()[0]
		raw, err := bots[seat].Move(st, seat)
		if err != nil {
			t.Fatal(err)
		}
		m, err := carto.ParseMove(raw)
		if err != nil {
			t.Fatalf("bot move %s does not parse: %v", raw, err)
		}
		legal := false
		for _, l := range st.(*carto.State).Game().LegalMoves(int(seat)) {
			legal = legal || sameMove(l, m)
		}
		if !legal {
			t.Fatalf("bot move %s is not among the legal moves", raw)
		}
		if err := st.Apply(seat, raw); err != nil {
			t.Fatal(err)
		}
	}
}

// sameMove compares two moves as the engine reads them: the option only matters for a non-fallback draw.
func sameMove(a, b carto.Move) bool {
	if a.Type != b.Type || a.Cells != b.Cells || a.Terrain != b.Terrain || a.Fallback != b.Fallback ||
		a.Rotation != b.Rotation || a.Flip != b.Flip {
		return false
	}
	return a.Type != carto.DecideDraw || a.Fallback || a.Option == b.Option
}

func TestBadCallsAreErrors(t *testing.T) {
	st, err := carto.Definition{}.New(nil, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	b := New(Strong)
	if _, err := b.Move(fakeState{}, 0); err == nil {
		t.Error("a state of another game was accepted")
	}
	if _, err := b.Move(st, 7); !errors.Is(err, game.ErrNotYourTurn) {
		t.Errorf("seat 7 of 2: got %v, want ErrNotYourTurn", err)
	}
	g := st.(*carto.State).Game()
	for !g.Over() {
		for _, s := range g.ToActSeats() {
			m, err := g.AutoMove(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(s, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := b.Move(st, 0); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("game over: got %v, want ErrGameOver", err)
	}
}

// fakeState is a game.State of no game the bot knows.
type fakeState struct{ game.State }

// Weights per edict follow the season cards: A scores in spring and winter, B in spring and summer, C in
// summer and fall, D in fall and winter; a coin scores in every season left, this one included.
func TestEvaluatorSeasonWeights(t *testing.T) {
	g, err := carto.NewGame(carto.Options{}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	w := Weights{Later: 0.5, PenaltyLater: 0.25, Monsters: 1}
	e := newEvaluator(g, w, false)
	if want := [4]float64{1.5, 1.5, 0.5 + 0.5, 0.5 + 0.5}; e.wEdict != want {
		t.Errorf("spring edict weights %v, want %v", e.wEdict, want)
	}
	if e.wCoin != 4 || e.wPen != 1+0.25*3 {
		t.Errorf("spring coin weight %v (want 4), penalty weight %v (want 1.75)", e.wCoin, e.wPen)
	}
	e = seasonEvaluator(3, g.Edicts(), w, false)
	if want := [4]float64{1, 0, 0, 1}; e.wEdict != want {
		t.Errorf("winter edict weights %v, want %v", e.wEdict, want)
	}
	if e.wCoin != 1 || e.wPen != 1 {
		t.Errorf("winter coin weight %v, penalty weight %v, want 1 and 1", e.wCoin, e.wPen)
	}
}

// The base explore deck has 13 cards, 2 of them ruins (cartographers-data.md §2); at the first decision
// the deck holds them and the spring ambush, less the cards revealed.
func TestPublicDeck(t *testing.T) {
	g, err := carto.NewGame(carto.Options{}, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	d := publicDeck(g)
	if got := len(d.explore) + d.ruins + g.NumRevealed(); got != 13 {
		t.Errorf("unrevealed %d + %d ruins + revealed %d = %d, want 13", len(d.explore), d.ruins, g.NumRevealed(), got)
	}
	ambushRevealed := 0
	if g.Current().Card().Type == carto.AmbushCard {
		ambushRevealed = 1
	}
	if want := 14 - g.NumRevealed() - ambushRevealed; d.hidden != want {
		t.Errorf("hidden %d, want %d", d.hidden, want)
	}
	ruinsRevealed := 0
	for id := range g.Revealed() {
		if id.Card().Type == carto.RuinsCard {
			ruinsRevealed++
		}
	}
	if d.ruins != 2-ruinsRevealed {
		t.Errorf("%d ruins cards left, want %d", d.ruins, 2-ruinsRevealed)
	}
}
