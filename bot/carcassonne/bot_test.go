package carcassonne

import (
	"encoding/json"
	"errors"
	"sort"
	"testing"

	carc "github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// Every move the bot makes, over whole seeded games with two to five players, with and without the Land
// Surveyors, is among the engine's legal moves and accepted by Apply.
func TestMovesAreLegal(t *testing.T) {
	playsLegally(t, New(), 8, func(seed uint64) int { return 2 + int(seed)%4 })
}

// mover is a Carcassonne bot as the server sees it.
type mover interface {
	Move(st game.State, seat game.Seat) (json.RawMessage, error)
}

// playsLegally plays the seeded games 1..games (the Land Surveyors in the even ones, players(seed) seats)
// with b in every seat, then as many with the River and the Abbot: every move must be among the engine's
// legal moves and accepted by Apply, and the bot must stand meeples of every kind, play without one,
// stand its abbot on a monastery and on a garden, and take an abbot back.
func playsLegally(t *testing.T, b mover, games int, players func(seed uint64) int) {
	t.Helper()
	meeples := map[string]int{}
	for seed := uint64(1); seed <= uint64(2*games); seed++ {
		opts := carc.DefaultOptions()
		opts.Surveyors = seed%2 == 0
		if seed > uint64(games) {
			opts.Expansions = carc.RiverExp | carc.AbbotExp
		}
		raw, err := json.Marshal(opts)
		if err != nil {
			t.Fatal(err)
		}
		st, err := carc.Definition{}.New(raw, players(seed), seed)
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*carc.Game)
		for !g.Over() {
			seat := g.ToAct()[0]
			m, err := b.Move(st, seat)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if !listed(t, g.LegalMoves(seat), m) {
				t.Fatalf("seed %d: move %s is not among the legal moves", seed, m)
			}
			var mj carc.MoveJSON
			if err := json.Unmarshal(m, &mj); err != nil {
				t.Fatal(err)
			}
			switch {
			case mj.Recall != nil:
				meeples["recall"]++
			case mj.Figure != "":
				meeples[mj.Figure+" "+kindOf(mj.Meeple)]++
			default:
				meeples[kindOf(mj.Meeple)]++
			}
			if err := st.Apply(seat, m); err != nil {
				t.Fatalf("seed %d: %s refused: %v", seed, m, err)
			}
		}
	}
	// A bot that never stood a meeple somewhere would not be playing the game.
	for _, k := range []string{"", "city", "road", "monastery", "field", "abbot monastery", "abbot garden", "recall"} {
		if meeples[k] == 0 {
			t.Errorf("no move with meeple kind %q in %d games (%v)", k, 2*games, meeples)
		}
	}
	t.Logf("moves by figure and segment: %v", meeples)
}

func kindOf(meeple string) string {
	for i := range meeple {
		if meeple[i] == ':' {
			return meeple[:i]
		}
	}
	return meeple
}

// listed reports whether m is among the legal moves: itself, or, for a move with a magic part (which the
// list gives apart from the figures: carcassonne.Game.LegalMoves), its figure part with some magic part
// and its magic part with some figure part, at the same placement.
func listed(t *testing.T, moves []json.RawMessage, m json.RawMessage) bool {
	t.Helper()
	if contains(moves, m) {
		return true
	}
	var mj carc.MoveJSON
	if err := json.Unmarshal(m, &mj); err != nil || mj.Magic == nil {
		return false
	}
	figure, magic := false, false
	for _, l := range moves {
		var lj carc.MoveJSON
		if err := json.Unmarshal(l, &lj); err != nil {
			t.Fatal(err)
		}
		if lj.Magic == nil || *lj.X != *mj.X || *lj.Y != *mj.Y || *lj.Rotation != *mj.Rotation {
			continue
		}
		a, _ := json.Marshal(lj.Magic)
		b, _ := json.Marshal(mj.Magic)
		magic = magic || string(a) == string(b)
		lj.Magic, lj.X, lj.Y, lj.Rotation = mj.Magic, mj.X, mj.Y, mj.Rotation
		c, _ := json.Marshal(lj)
		d, _ := json.Marshal(mj)
		figure = figure || string(c) == string(d)
	}
	return figure && magic
}

func contains(moves []json.RawMessage, m json.RawMessage) bool {
	for _, l := range moves {
		if string(l) == string(m) {
			return true
		}
	}
	return false
}

func TestBadCallsAreErrors(t *testing.T) {
	b := New()
	g := refusesBadCalls(t, b)
	if _, err := b.Choose(g); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("typed, game over: got %v, want ErrGameOver", err)
	}
}

// refusesBadCalls checks that b refuses another game's state, a seat with nothing to do and a finished
// game, with the errors the server tells apart; it returns the finished game.
func refusesBadCalls(t *testing.T, b mover) *carc.Game {
	t.Helper()
	g, err := carc.NewGame(carc.DefaultOptions(), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Move(otherGame{}, 0); err == nil {
		t.Error("a state of another game was accepted")
	}
	if _, err := b.Move(g, 1); !errors.Is(err, game.ErrNotYourTurn) {
		t.Errorf("seat 1 when seat 0 is to play: got %v, want ErrNotYourTurn", err)
	}
	for !g.Over() {
		if err := g.Play(g.GreedyMove()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Move(g, 0); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("game over: got %v, want ErrGameOver", err)
	}
	return g
}

type otherGame struct{ game.State }

// chooser is a Carcassonne bot's typed API.
type chooser interface {
	Choose(g *carc.Game) (carc.Move, error)
}

func noHiddenInformation[B chooser](t *testing.T, bot func() B) {
	compared, diverged := 0, 0
	for depth := 0; depth <= 2; depth++ {
		groups := map[string][]*carc.Game{}
		for seed := uint64(1); seed <= 400; seed++ {
			g, err := carc.NewGame(carc.DefaultOptions(), 2, seed)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < depth; i++ {
				if err := g.Play(g.GreedyMove()); err != nil {
					t.Fatal(err)
				}
			}
			key, err := json.Marshal(g.View(0))
			if err != nil {
				t.Fatal(err)
			}
			groups[string(key)] = append(groups[string(key)], g)
		}
		keys := make([]string, 0, len(groups))
		for k := range groups {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			gs := groups[k]
			if len(gs) < 2 {
				continue
			}
			want, err := bot().Choose(gs[0])
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range gs[1:] {
				got, err := bot().Choose(g)
				if err != nil {
					t.Fatal(err)
				}
				compared++
				if got != want {
					t.Fatalf("same public view, different moves: %+v and %+v", want, got)
				}
				if nextTile(t, g, got) != nextTile(t, gs[0], want) {
					diverged++
				}
			}
		}
	}
	t.Logf("%d pairs of games with equal views compared, %d drew different tiles next", compared, diverged)
	if compared < 30 || diverged == 0 {
		t.Fatalf("compared %d pairs, %d with different hidden orders: too few to mean anything", compared, diverged)
	}
}

// nextTile is the tile drawn after m is played on a copy of g.
func nextTile(t *testing.T, g *carc.Game, m carc.Move) string {
	t.Helper()
	c := *g
	if err := c.Play(m); err != nil {
		t.Fatal(err)
	}
	return c.Current()
}

func TestDeterministic(t *testing.T) { playsTheSameTwice(t, func() chooser { return New() }) }

// playsTheSameTwice plays one seeded three-player game twice, each time with a fresh bot in every seat: the
// moves must be the same.
func playsTheSameTwice(t *testing.T, fresh func() chooser) {
	t.Helper()
	var first []carc.Move
	for run := 0; run < 2; run++ {
		g, err := carc.NewGame(carc.DefaultOptions(), 3, 77)
		if err != nil {
			t.Fatal(err)
		}
		b := fresh()
		var moves []carc.Move
		for !g.Over() {
			m, err := b.Choose(g)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
		}
		if run == 1 && len(moves) != len(first) {
			t.Fatalf("%d moves, then %d", len(first), len(moves))
		}
		for i := range moves {
			if run == 1 && moves[i] != first[i] {
				t.Fatalf("move %d: %+v, then %+v", i, first[i], moves[i])
			}
		}
		first = moves
	}
}
