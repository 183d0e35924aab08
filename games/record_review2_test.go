package games

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// A record file comes from anyone (`surveyor replay FILE`, `surveyor analyse FILE`, a record shared by a
// friend): decoding and verifying one that is malformed, or well formed but wrong (seats, options, moves,
// a narrative that does not match), is an error, never a panic.
func FuzzReviewVerifyRecord(f *testing.F) {
	reg := Registry()
	for _, name := range []string{"cartographers", "carcassonne"} {
		def := reg[name]
		seats := 2
		if name == "cartographers" {
			seats = 1
		}
		st, err := def.New(nil, seats, 7)
		if err != nil {
			f.Fatal(err)
		}
		rec := game.Record{Game: name, Seed: 7, Seats: seats}
		for i := 0; i < 6 && !st.Over(); i++ {
			seat := st.ToAct()[0]
			mv, err := game.AutoBot{}.Move(st, seat)
			if err != nil {
				f.Fatal(err)
			}
			if err := st.Apply(seat, mv); err != nil {
				f.Fatal(err)
			}
			rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: mv})
		}
		rec.Tell(st)
		b, _ := json.Marshal(rec)
		f.Add(b)
	}
	f.Add([]byte(`{"game":"carcassonne","seed":1,"seats":-1,"moves":[]}`))
	f.Add([]byte(`{"game":"carcassonne","seed":1,"seats":1000000000,"moves":[]}`))
	f.Add([]byte(`{"game":"cartographers","seed":1,"seats":0,"moves":[{"seat":5,"move":{}}]}`))
	f.Add([]byte(`{"format":2,"game":"cartographers","seed":1,"seats":1,"moves":[],"narrative":[{"after":-3,"kind":"card","seat":9}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rec, err := game.ReadRecord(bytes.NewReader(b))
		if err != nil {
			return
		}
		if st, err := reg.Verify(rec); err == nil && st == nil {
			t.Fatal("no state and no error")
		}
	})
}
