package cartographers

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// FuzzMoves feeds arbitrary moves to a game, both as raw JSON bytes and as typed moves built from the
// input, interleaved with legal moves so that the game reaches every phase. An illegal or malformed move
// must return an error and leave the state exactly as it was; nothing may panic.
func FuzzMoves(f *testing.F) {
	f.Add(uint64(1), byte(0), []byte(`{"type":"draw","option":0,"terrain":"forest","cells":[[0,0]]}`))
	f.Add(uint64(2), byte(1), []byte{2, 2, 2, 1, 0, 3, 7, 9, 2, 2, 0, 'x', '{', 2, 2, 2, 2, 2, 1, 5, 5, 5, 5, 5})
	f.Add(uint64(3), byte(2), []byte(`{"type":"hero","cells":[[5,5]],"rotation":9}`))
	f.Add(uint64(4), byte(3), []byte{1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 4, 4, 4, 4, 4, 4})
	f.Fuzz(func(t *testing.T, seed uint64, seats byte, data []byte) {
		st, err := Definition{}.New(json.RawMessage(`{"preset":"`+presetNames[seed%3]+`"}`), 1+int(seats%4), seed)
		if err != nil {
			t.Fatal(err)
		}
		g := st.(*State).g
		rng := game.NewRNG(seed, 1)
		for len(data) > 0 && !g.Over() {
			op := data[0]
			data = data[1:]
			acts := g.ToActSeats()
			seat := int(op>>4) % (len(g.players) + 1) // one past the last seat is a seat that does not exist
			switch op % 3 {
			case 0: // raw JSON
				n := min(len(data), int(op>>2)+1)
				raw := data[:n]
				data = data[n:]
				before := g.Clone()
				if err := st.Apply(game.Seat(seat), raw); err != nil && !reflect.DeepEqual(before, g) {
					t.Fatalf("refused JSON %q changed the state", raw)
				}
			case 1: // a typed move from the bytes
				if len(data) < 6 {
					return
				}
				m := Move{Type: DecisionKind(data[0] % 7), Option: int(data[1]%4) - 1, Fallback: data[1]&0x80 != 0,
					Terrain: Kind(data[2] % 10), Rotation: int(data[3]%6) - 1, Flip: data[3]&0x80 != 0}
				for _, b := range data[4:6] {
					m.Cells = m.Cells.With(Cell(b % Cells))
					m.Cells = m.Cells.With(Cell((b * 7) % Cells))
				}
				if data[2]&0x80 != 0 {
					m.Cells.Hi |= 1 << 63 // a bit past cell 120: no space of the map
				}
				data = data[6:]
				before := g.Clone()
				if err := g.Play(seat, m); err != nil && !reflect.DeepEqual(before, g) {
					t.Fatalf("refused move %+v changed the state", m)
				}
			case 2: // a legal move, to move the game on
				if len(acts) == 0 {
					t.Fatal("game not over and nobody to act")
				}
				s := acts[int(op>>2)%len(acts)]
				m, _, _ := g.RandomMove(s, rng, nil)
				if err := g.Play(s, m); err != nil {
					t.Fatalf("legal move refused: %v", err)
				}
			}
		}
	})
}

// FuzzOptions feeds arbitrary option objects to the game's setup: each is either refused with
// ErrBadOptions or sets up a game whose first view marshals; nothing may panic.
func FuzzOptions(f *testing.F) {
	f.Add([]byte(`{"preset":"both","side":"d","fallback_terrains":"card"}`), byte(2))
	f.Add([]byte(`{"edicts":["Sentinel Wood","Canal Lake","Wildholds","Borderlands"]}`), byte(1))
	f.Add([]byte(`{"heroes":true,"ambush":"heroes","explore":"heroes","scoring_space":"both"}`), byte(3))
	f.Add([]byte(`{"preset":"heroes","preset":"heroes"}`), byte(0))
	f.Fuzz(func(t *testing.T, raw []byte, seats byte) {
		st, err := Definition{}.New(json.RawMessage(raw), 1+int(seats%5), 7)
		if err != nil {
			if !errors.Is(err, game.ErrBadOptions) {
				t.Fatalf("options %q: %v, want ErrBadOptions", raw, err)
			}
			return
		}
		if _, err := json.Marshal(st.View(0)); err != nil {
			t.Fatalf("options %q: view: %v", raw, err)
		}
	})
}
