package gametest

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

func mustApply(t *testing.T, s game.State, seat game.Seat, move string) {
	t.Helper()
	if err := s.Apply(seat, json.RawMessage(move)); err != nil {
		t.Fatalf("seat %d %s: %v", seat, move, err)
	}
}

func TestScoringByHand(t *testing.T) {
	s := newState(Options{Rounds: 2}, 3, []int{5, 7, 1})
	// Round 1, card 5: seats 0 and 1 tie on 1 and score nothing; seat 2 alone on 3 scores 15.
	mustApply(t, s, 0, `{"pick":1}`)
	mustApply(t, s, 1, `{"pick":1}`)
	mustApply(t, s, 2, `{"pick":3}`)
	if want := []int{0, 0, 15}; !slices.Equal(s.scores, want) {
		t.Fatalf("after round 1 scores %v, want %v", s.scores, want)
	}
	// Round 2, card 7: all distinct: 2×7, 3×7, 1×7.
	mustApply(t, s, 2, `{"pick":1}`)
	mustApply(t, s, 0, `{"pick":2}`)
	mustApply(t, s, 1, `{"pick":3}`)
	if !s.Over() {
		t.Fatal("game not over after 2 rounds")
	}
	res := s.Result()
	if want := []int{14, 21, 22}; !slices.Equal(res.Scores, want) {
		t.Fatalf("scores %v, want %v", res.Scores, want)
	}
	if want := []int{3, 2, 1}; !slices.Equal(res.Ranks, want) {
		t.Fatalf("ranks %v, want %v", res.Ranks, want)
	}
	if err := s.Apply(0, json.RawMessage(`{"pick":1}`)); !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("move after the end: %v, want ErrGameOver", err)
	}
	if got := s.ToAct(); len(got) != 0 {
		t.Fatalf("ToAct after the end = %v", got)
	}
}

func TestTiedRanksShare(t *testing.T) {
	s := newState(Options{Rounds: 1}, 3, []int{4})
	mustApply(t, s, 0, `{"pick":2}`)
	mustApply(t, s, 1, `{"pick":2}`)
	mustApply(t, s, 2, `{"pick":2}`)
	if res := s.Result(); !slices.Equal(res.Ranks, []int{1, 1, 1}) || !slices.Equal(res.Scores, []int{0, 0, 0}) {
		t.Fatalf("result %+v, want all 0 and rank 1", res)
	}
}

func TestSimultaneousAndSequentialTurns(t *testing.T) {
	sim := newState(Options{Rounds: 1}, 3, []int{1})
	if got := sim.ToAct(); !slices.Equal(got, []game.Seat{0, 1, 2}) {
		t.Fatalf("simultaneous ToAct %v", got)
	}
	mustApply(t, sim, 1, `{"pick":1}`)
	if got := sim.ToAct(); !slices.Equal(got, []game.Seat{0, 2}) {
		t.Fatalf("simultaneous ToAct after seat 1 %v", got)
	}
	if err := sim.Apply(1, json.RawMessage(`{"pick":2}`)); !errors.Is(err, game.ErrNotYourTurn) {
		t.Fatalf("second pick in a round: %v", err)
	}

	seq := newState(Options{Rounds: 1, Sequential: true}, 3, []int{1})
	if got := seq.ToAct(); !slices.Equal(got, []game.Seat{0}) {
		t.Fatalf("sequential ToAct %v", got)
	}
	if err := seq.Apply(1, json.RawMessage(`{"pick":2}`)); !errors.Is(err, game.ErrNotYourTurn) {
		t.Fatalf("seat 1 before seat 0: %v", err)
	}
	mustApply(t, seq, 0, `{"pick":1}`)
	if got := seq.ToAct(); !slices.Equal(got, []game.Seat{1}) {
		t.Fatalf("sequential ToAct after seat 0 %v", got)
	}
}

func TestBadMovesChangeNothing(t *testing.T) {
	s := newState(Options{Rounds: 1}, 2, []int{9})
	cases := []struct {
		seat game.Seat
		move string
		want error
	}{
		{0, `{"pick":4}`, game.ErrIllegalMove},
		{0, `{"pick":0}`, game.ErrIllegalMove},
		{0, `{"pick":"x"}`, game.ErrBadMove},
		{0, `{"pick":1,"extra":1}`, game.ErrBadMove},
		{0, `not json`, game.ErrBadMove},
		{0, `{"pick":1} {}`, game.ErrBadMove},
		{5, `{"pick":1}`, game.ErrNotYourTurn},
		{-1, `{"pick":1}`, game.ErrNotYourTurn},
	}
	before := s.View(0)
	for _, c := range cases {
		if err := s.Apply(c.seat, json.RawMessage(c.move)); !errors.Is(err, c.want) {
			t.Errorf("seat %d %s: %v, want %v", c.seat, c.move, err, c.want)
		}
	}
	if after := s.View(0); !reflect.DeepEqual(before, after) {
		t.Fatalf("refused moves changed the state: %+v -> %+v", before, after)
	}
}

func TestUndoable(t *testing.T) {
	sim := newState(Options{Rounds: 2}, 2, []int{1, 2})
	if sim.Undoable(0) {
		t.Fatal("undoable before any move")
	}
	mustApply(t, sim, 0, `{"pick":1}`)
	if !sim.Undoable(0) || sim.Undoable(1) {
		t.Fatal("after seat 0 picks only seat 0 may undo")
	}
	mustApply(t, sim, 1, `{"pick":2}`) // closes the round: nothing undoable
	if sim.Undoable(0) || sim.Undoable(1) {
		t.Fatal("undoable after the round closed")
	}
	if sim.Undoable(7) || sim.Undoable(-1) {
		t.Fatal("out-of-range seats undoable")
	}

	seq := newState(Options{Rounds: 1, Sequential: true}, 3, []int{1})
	mustApply(t, seq, 0, `{"pick":1}`)
	if !seq.Undoable(0) {
		t.Fatal("sequential: seat 0 cannot undo before seat 1 acts")
	}
	mustApply(t, seq, 1, `{"pick":2}`)
	if seq.Undoable(0) || !seq.Undoable(1) {
		t.Fatal("sequential: after seat 1 acts only seat 1 may undo")
	}
}

func TestViewHidesPicksAndDeck(t *testing.T) {
	s := newState(Options{Rounds: 3}, 2, []int{11, 22, 13})
	mustApply(t, s, 0, `{"pick":3}`)
	v1 := s.View(1).(View)
	if v1.MyPick != 0 || !v1.Picked[0] || v1.Picked[1] {
		t.Fatalf("seat 1 view %+v: must know seat 0 picked but not what", v1)
	}
	if v0 := s.View(0).(View); v0.MyPick != 3 {
		t.Fatalf("seat 0 view %+v: must show its own pick 3", v0)
	}
	b, err := json.Marshal(s.View(game.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "22") || strings.Contains(string(b), "13") {
		t.Fatalf("spectator view %s shows a card not yet revealed", b)
	}
	if !strings.Contains(string(b), `"card":11`) {
		t.Fatalf("spectator view %s does not show the revealed card 11", b)
	}
}

func TestLegalAndAutoMoves(t *testing.T) {
	s := newState(Options{Rounds: 1}, 2, []int{3})
	if got := len(s.LegalMoves(0)); got != 3 {
		t.Fatalf("%d legal moves, want 3", got)
	}
	m, err := s.AutoMove(1)
	if err != nil || string(m) != `{"pick":2}` {
		t.Fatalf("AutoMove(1) = %s, %v; want pick 2", m, err)
	}
	mustApply(t, s, 1, string(m))
	if got := s.LegalMoves(1); len(got) != 0 {
		t.Fatalf("seat that acted has legal moves %s", got)
	}
	if _, err := s.AutoMove(1); !errors.Is(err, game.ErrNotYourTurn) {
		t.Fatalf("AutoMove for a seat that acted: %v", err)
	}
}

func TestOptionsAndSeats(t *testing.T) {
	d := Definition{}
	for _, bad := range []string{`{"rounds":0}`, `{"rounds":21}`, `{"colour":1}`, `[`, `{"rounds":"x"}`} {
		if _, err := d.New(json.RawMessage(bad), 2, 1); !errors.Is(err, game.ErrBadOptions) {
			t.Errorf("options %s: %v, want ErrBadOptions", bad, err)
		}
	}
	for _, seats := range []int{0, 5} {
		if _, err := d.New(nil, seats, 1); !errors.Is(err, game.ErrBadOptions) {
			t.Errorf("%d seats: %v, want ErrBadOptions", seats, err)
		}
	}
	st, err := d.New(json.RawMessage(`null`), 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	if v := st.View(0).(View); v.Rounds != 3 {
		t.Fatalf("default rounds %d, want 3", v.Rounds)
	}
	if _, err := d.New(d.DefaultOptions(), 1, 1); err != nil {
		t.Fatalf("default options refused: %v", err)
	}
}

func TestDeckOrder(t *testing.T) {
	a, b := DeckOrder(1), DeckOrder(2)
	sorted := slices.Clone(a)
	slices.Sort(sorted)
	for i, v := range sorted {
		if v != i+1 {
			t.Fatalf("deck %v is not a permutation of 1..%d", a, DeckSize)
		}
	}
	if slices.Equal(a, b) {
		t.Fatal("seeds 1 and 2 gave the same deck")
	}
	if !slices.Equal(a, DeckOrder(1)) {
		t.Fatal("same seed, different deck")
	}
	st, _ := Definition{}.New(nil, 1, 1)
	if v := st.View(0).(View); v.Card != a[0] {
		t.Fatalf("first card %d, want deck[0] = %d", v.Card, a[0])
	}
}

func TestLeakyShowsDeck(t *testing.T) {
	st, err := Leaky{}.New(nil, 2, 77)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(st.View(0))
	if !strings.Contains(string(b), `"seed":77`) {
		t.Fatalf("leaky view %s lacks the seed", b)
	}
}

func FuzzApply(f *testing.F) {
	for _, s := range []string{`{"pick":1}`, `{"pick":3}`, `{"pick":-1}`, `{}`, `null`, `[1]`, `{"pick":1e99}`} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, move string, seat int) {
		s := newState(Options{Rounds: 2}, 2, []int{1, 2})
		err := s.Apply(game.Seat(seat), json.RawMessage(move))
		if err != nil && !errors.Is(err, game.ErrBadMove) && !errors.Is(err, game.ErrIllegalMove) && !errors.Is(err, game.ErrNotYourTurn) {
			t.Fatalf("unexpected error class: %v", err)
		}
	})
}

func FuzzOptions(f *testing.F) {
	for _, s := range []string{`{"rounds":3}`, `{"sequential":true}`, `null`, ``, `{"rounds":-5}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, opts string) {
		_, err := Definition{}.New(json.RawMessage(opts), 2, 3)
		if err != nil && !errors.Is(err, game.ErrBadOptions) {
			t.Fatalf("unexpected error class: %v", err)
		}
	})
}

// FuzzAppendView: the hand-written view is byte for byte json.Marshal's of View, for every seat and a
// spectator, through whole games of any seat count, order and picks (the bytes say which).
func FuzzAppendView(f *testing.F) {
	f.Add(uint8(2), false, []byte{1, 2, 3, 1, 1, 2, 3, 3})
	f.Add(uint8(3), true, []byte{1, 1, 2, 2, 3, 3, 1, 2, 3, 3, 2, 1})
	f.Add(uint8(1), false, []byte{3, 3, 3})
	f.Add(uint8(4), false, []byte{1, 2, 3, 1, 2, 2, 2, 2, 0, 9})
	f.Fuzz(func(t *testing.T, seats uint8, sequential bool, picks []byte) {
		n := int(seats%4) + 1
		st, err := Definition{}.New(json.RawMessage(`{"rounds":4,"sequential":`+map[bool]string{true: "true", false: "false"}[sequential]+`}`), n, uint64(len(picks)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		check := func() {
			for seat := game.Seat(-1); int(seat) <= n; seat++ {
				want, err := json.Marshal(s.View(seat))
				if err != nil {
					t.Fatal(err)
				}
				if got := s.AppendView([]byte("x"), seat); string(got) != "x"+string(want) {
					t.Fatalf("seat %d: AppendView\n%s\nwant\n%s", seat, got[1:], want)
				}
			}
		}
		check()
		for i, p := range picks {
			to := s.ToAct()
			if len(to) == 0 {
				break
			}
			seat := to[i%len(to)]
			_ = s.Apply(seat, json.RawMessage(`{"pick":`+string(rune('0'+p%10))+`}`))
			check()
		}
	})
}

// FuzzParseMove: the hand-read form of a move gives what the strict decoder gives for the same bytes, the
// pick or a bad move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{`{"pick":1}`, `{"pick":0}`, `{"pick":9}`, `{"pick":12}`, `{"pick":1 }`, `{"pick":"1"}`, `{"Pick":2}`, `{"pick":a}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, move string) {
		got, gotErr := parseMove(json.RawMessage(move))
		var want Move
		dec := json.NewDecoder(strings.NewReader(move))
		dec.DisallowUnknownFields()
		wantErr := dec.Decode(&want)
		if wantErr == nil && dec.More() {
			wantErr = errors.New("trailing data")
		}
		if (gotErr == nil) != (wantErr == nil) || (gotErr == nil && got != want) {
			t.Fatalf("%q: parseMove %+v, %v; the decoder %+v, %v", move, got, gotErr, want, wantErr)
		}
		if gotErr != nil && !errors.Is(gotErr, game.ErrBadMove) {
			t.Fatalf("%q: %v is not a bad move", move, gotErr)
		}
	})
}

// TestLeakyAppendsItsLeak: the leaky game's hand-written view carries its leak too, so that the hosts'
// hidden-information tests, which read what hosts send, still see it.
func TestLeakyAppendsItsLeak(t *testing.T) {
	st, err := Leaky{}.New(nil, 2, 77)
	if err != nil {
		t.Fatal(err)
	}
	if b := st.(game.ViewAppender).AppendView(nil, 0); !strings.Contains(string(b), `"seed":77`) {
		t.Fatalf("leaky AppendView %s lacks the seed", b)
	}
}
