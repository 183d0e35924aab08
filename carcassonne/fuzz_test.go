package carcassonne

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// FuzzMoves plays a game whose moves come from the fuzzer: each byte either picks one of the legal moves
// or forges a move at a random spot. Accepted moves must keep the bookkeeping straight; refused ones must
// leave the state exactly as it was.
func FuzzMoves(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(2), []byte{255, 128, 64, 32, 16, 8, 4, 2, 1})
	f.Add(uint64(3), []byte("the quick brown fox jumps over the lazy dog, many times over and over"))
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		opts := []string{`{"surveyors":true}`, `{"surveyors":true,"expansions":["river","abbot"]}`, `{"expansions":["abbot"]}`,
			`{"surveyors":true,"expansions":["inns_cathedrals"]}`,
			`{"surveyors":true,"expansions":["traders_builders"]}`, `{"expansions":["river","abbot","traders_builders"]}`,
			`{"surveyors":true,"expansions":["mage_witch"]}`, `{"expansions":["river","abbot","inns_cathedrals","traders_builders","mage_witch"]}`}[seed%8]
		st, err := Definition{}.New(json.RawMessage(opts), 2+int(seed%4), seed)
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*Game)
		for i, b := range data {
			if g.Over() {
				break
			}
			seat := st.ToAct()[0]
			if b < 200 {
				moves := st.LegalMoves(seat)
				if err := st.Apply(seat, moves[int(b)%len(moves)]); err != nil {
					t.Fatalf("legal move refused: %v", err)
				}
				continue
			}
			before := snapshot(t, st)
			if b >= 250 {
				// the seat that laid the last tile lays another, earned or not (the builder's second tile)
				again := st.LegalMoves(seat)[0]
				prev := game.Seat((int(seat) + g.players - 1) % g.players)
				if err := st.Apply(prev, again); err != nil && (!errors.Is(err, game.ErrNotYourTurn) || snapshot(t, st) != before) {
					t.Fatalf("seat %d laying again: %v", prev, err)
				}
				continue
			}
			next := data[(i+1)%len(data)]
			forged := g.EncodeMove(Move{Placement: Placement{X: int(b%7) - 3, Y: int(next%7) - 3, Rot: int(b % 4)},
				Meeple: int(b)%(len(types[g.current].segs)+1) - 1, Figure: Figure(next % 6),
				Recall: next%5 == 0, RecallAt: Pos{X: int(next%5) - 2, Y: int(b%5) - 2},
				Magic: Magic{Figure: Figure(next % 8), At: Pos{X: int(next%3) - 1, Y: int(b%3) - 1}, Seg: int(next % 5), Remove: b%9 == 0}})
			err := st.Apply(seat, forged)
			if err != nil {
				if !errors.Is(err, game.ErrIllegalMove) {
					t.Fatalf("forged move %s: %v", forged, err)
				}
				if snapshot(t, st) != before {
					t.Fatalf("refused move %s changed the state", forged)
				}
			}
		}
		checkFigures(t, g, seed)
		if g.Over() {
			checkInvariants(t, g, seed)
		}
	})
}

// FuzzDecodeMove feeds arbitrary bytes to the move decoder and to Apply: they must be refused cleanly or
// accepted as a legal move, never panic.
func FuzzDecodeMove(f *testing.F) {
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":0}`))
	f.Add([]byte(`{"type":"place","x":0,"y":-1,"rotation":180,"meeple":"city:S"}`))
	f.Add([]byte(`{"type":"place","x":-1,"y":0,"rotation":90,"meeple":"field:Nw"}`))
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":270,"meeple":"monastery"}`))
	f.Add([]byte(`{"type":"place","x":1e3,"y":null,"rotation":"0"}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		st, err := Definition{}.New(nil, 2, 5)
		if err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, st)
		if err := st.Apply(0, raw); err != nil {
			if !errors.Is(err, game.ErrBadMove) && !errors.Is(err, game.ErrIllegalMove) {
				t.Fatalf("%q: %v", raw, err)
			}
			if snapshot(t, st) != before {
				t.Fatalf("refused move %q changed the state", raw)
			}
		}
	})
}

// FuzzDecodeExpansionMove is FuzzDecodeMove on a game with the River, the Abbot and the Land Surveyors,
// at a turn where the seat to act has an abbot on the board: figures and recalls of every kind.
func FuzzDecodeExpansionMove(f *testing.F) {
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":0,"meeple":"garden","figure":"abbot"}`))
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":0,"meeple":"monastery","figure":"abbot"}`))
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":0,"recall":{"x":0,"y":1}}`))
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":0,"meeple":"road:E","recall":{"x":0,"y":1}}`))
	f.Add([]byte(`{"type":"place","x":0,"y":2,"rotation":90,"meeple":"river:N","figure":"large"}`))
	f.Add([]byte(`{"type":"place","x":0,"y":2,"rotation":90,"recall":{"x":1e9,"y":-1}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		st, err := Definition{}.New(json.RawMessage(`{"surveyors":true,"expansions":["river","abbot"]}`), 2, 11)
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*Game)
		rp := NewRandomPlayer(11)
		for len(g.RecallOptions(nil)) == 0 && !g.Over() {
			m := rp.Move(g)
			if g.FigureSupply(g.toAct, Abbot) > 0 {
				if segs := g.FigureOptions(m.Placement, Abbot, nil); len(segs) > 0 {
					m.Meeple, m.Figure = segs[0], Abbot
				}
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		seat := st.ToAct()[0]
		before := snapshot(t, st)
		if err := st.Apply(seat, raw); err != nil {
			if !errors.Is(err, game.ErrBadMove) && !errors.Is(err, game.ErrIllegalMove) {
				t.Fatalf("%q: %v", raw, err)
			}
			if snapshot(t, st) != before {
				t.Fatalf("refused move %q changed the state", raw)
			}
		}
		checkFigures(t, g, 11)
	})
}

// FuzzDecodeTradersMove feeds arbitrary moves to a Traders & Builders game in which the seat to act has
// its builder and pig on the board: refused cleanly and changing nothing, or accepted as legal.
func FuzzDecodeTradersMove(f *testing.F) {
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":0,"meeple":"road:E","figure":"builder"}`))
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":0,"meeple":"field:Nw","figure":"pig"}`))
	f.Add([]byte(`{"type":"place","x":0,"y":1,"rotation":90,"meeple":"city:N","figure":"builder"}`))
	f.Add([]byte(`{"type":"place","x":0,"y":1,"rotation":90,"meeple":"garden","figure":"pig"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		st, err := Definition{}.New(json.RawMessage(`{"surveyors":true,"expansions":["traders_builders"]}`), 2, 5)
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*Game)
		rp := NewRandomPlayer(5)
		for !g.Over() && (g.FigureSupply(g.toAct, Builder) > 0 || g.FigureSupply(g.toAct, Pig) > 0) {
			m := rp.Move(g)
			for _, f := range []Figure{Builder, Pig} {
				if segs := g.FigureOptions(m.Placement, f, nil); len(segs) > 0 && g.FigureSupply(g.toAct, f) > 0 {
					m.Meeple, m.Figure = segs[0], f
				}
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		seat := st.ToAct()[0]
		before := snapshot(t, st)
		if err := st.Apply(seat, raw); err != nil {
			if !errors.Is(err, game.ErrBadMove) && !errors.Is(err, game.ErrIllegalMove) && !errors.Is(err, game.ErrGameOver) {
				t.Fatalf("%q: %v", raw, err)
			}
			if snapshot(t, st) != before {
				t.Fatalf("refused move %q changed the state", raw)
			}
		}
		checkFigures(t, g, 5)
	})
}

// FuzzDecodeMagicMove feeds arbitrary moves to a Mage & Witch game (with Inns & Cathedrals and the Land
// Surveyors) at a turn whose tile shows a magic portal, the mage standing on the board: refused cleanly
// and changing nothing, or accepted as legal with the two figures where the rules allow.
func FuzzDecodeMagicMove(f *testing.F) {
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":0,"magic":{"figure":"witch","x":0,"y":0,"segment":"road:E"}}`))
	f.Add([]byte(`{"type":"place","x":1,"y":0,"rotation":0,"magic":{"figure":"mage","x":1,"y":0,"segment":"city:N"}}`))
	f.Add([]byte(`{"type":"place","x":0,"y":1,"rotation":90,"meeple":"road:E","magic":{"figure":"mage","remove":true}}`))
	f.Add([]byte(`{"type":"place","x":0,"y":1,"rotation":90,"magic":{"figure":"pig","x":0,"y":0,"segment":"field:Nw"}}`))
	f.Add([]byte(`{"type":"place","x":0,"y":-1,"rotation":180,"magic":{"figure":"witch","x":1e9,"y":-1,"segment":"city:S","remove":false}}`))
	f.Add([]byte(`{"type":"place","x":0,"y":-1,"rotation":180,"magic":null}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		st, err := Definition{}.New(json.RawMessage(`{"surveyors":true,"expansions":["inns_cathedrals","mage_witch"]}`), 2, 4)
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*Game)
		rp := NewRandomPlayer(4)
		for !g.Over() {
			if _, _, on := g.Neutral(Mage); on && types[g.current].portal {
				break
			}
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
		seat := st.ToAct()
		if len(seat) == 0 {
			t.Fatal("seed 4 reaches no portal with the mage on the board")
		}
		before := snapshot(t, st)
		if err := st.Apply(seat[0], raw); err != nil {
			if !errors.Is(err, game.ErrBadMove) && !errors.Is(err, game.ErrIllegalMove) && !errors.Is(err, game.ErrGameOver) {
				t.Fatalf("%q: %v", raw, err)
			}
			if snapshot(t, st) != before {
				t.Fatalf("refused move %q changed the state", raw)
			}
		}
		checkFigures(t, g, 4)
	})
}

// FuzzOptions feeds arbitrary bytes to the options decoder.
func FuzzOptions(f *testing.F) {
	f.Add([]byte(`{"surveyors":true,"road_bonus":"wealth","monastery_bonus":"poverty","farmhouses":"KLWX","monastery_own_tile":true,"caps":"arched"}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"surveyors":1}`))
	f.Add([]byte(`{"expansions":["abbot","river","abbot"]}`))
	f.Add([]byte(`{"expansions":["river"],"surveyors":true}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		st, err := Definition{}.New(raw, 2, 1)
		if err != nil {
			if !errors.Is(err, game.ErrBadOptions) {
				t.Fatalf("%q: %v", raw, err)
			}
			return
		}
		if st.Over() || len(st.ToAct()) != 1 {
			t.Fatalf("%q: new game not waiting for seat 0", raw)
		}
	})
}
