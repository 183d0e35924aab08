package cartographers

import (
	"encoding/json"
	"testing"
)

// A move reads with its spaces as the sheet prints them, never as [row, col] pairs.
func TestMoveWords(t *testing.T) {
	for _, c := range []struct{ move, want string }{
		{`{"type":"draw","option":0,"terrain":"village","cells":[[0,0],[0,1],[1,10]]}`, "village on A1 A2 B11"},
		{`{"type":"draw","fallback":true,"terrain":"forest","cells":[[10,10]]}`, "forest on K11 (the single space offered when no shape fits)"},
		{`{"type":"hero","cells":[[5,5]],"rotation":1,"flip":true}`, "a hero on F6, its pattern turned a quarter clockwise, flipped"},
		{`{"type":"ambush","cells":[[2,3],[3,3]]}`, "a monster on C4 D4"},
		{`{"type":"gorgon","cells":[[2,3]]}`, "Gorgon Gaze destroys C4"},
	} {
		got, err := MoveWords(json.RawMessage(c.move))
		if err != nil || got != c.want {
			t.Errorf("MoveWords(%s) = %q, %v; want %q", c.move, got, err, c.want)
		}
	}
	if got, err := MoveWords(json.RawMessage(`{"type":"draw","cells":[[11,0]]}`)); err == nil {
		t.Errorf("a cell off the map reads %q", got)
	}
}
