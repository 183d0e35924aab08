package carcassonne

import (
	"encoding/json"
	"testing"
)

// A move reads as a person says it: the tile by its picture, where it goes from the start tile, how it
// is turned, the figure and the side of its feature, never the move form's fields.
func TestMoveWords(t *testing.T) {
	g, err := NewGame(DefaultOptions(), 2, 42) // seat 0 draws K (Example)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ move, want string }{
		{`{"type":"place","x":0,"y":-1,"rotation":0}`,
			"a city cap with a road bend, 1 north of the start tile"},
		{`{"type":"place","x":2,"y":1,"rotation":90,"meeple":"road:E"}`,
			"a city cap with a road bend, 1 south, 2 east of the start tile, turned a quarter clockwise; a meeple on the road on the east side"},
		{`{"type":"place","x":-1,"y":0,"rotation":270,"meeple":"field:Es","figure":"large"}`,
			"a city cap with a road bend, 1 west of the start tile, turned a quarter anticlockwise; a large meeple on the field in the south-east"},
		{`{"type":"place","x":0,"y":1,"rotation":180,"recall":{"x":3,"y":0}}`,
			"a city cap with a road bend, 1 south of the start tile, turned half round; the abbot recalled from 3 east of the start tile"},
		{`{"type":"place","x":0,"y":1,"rotation":0,"magic":{"figure":"mage","x":0,"y":0,"segment":"city:N"}}`,
			"a city cap with a road bend, 1 south of the start tile; the mage to the city on the north side on the start tile"},
	} {
		got, err := g.MoveWords(json.RawMessage(c.move))
		if err != nil || got != c.want {
			t.Errorf("MoveWords(%s) = %q, %v\nwant %q", c.move, got, err, c.want)
		}
	}
	for _, bad := range []string{`{"type":"place","x":0}`, `[1]`} {
		if got, err := g.MoveWords(json.RawMessage(bad)); err == nil {
			t.Errorf("MoveWords(%s) = %q, want a refusal", bad, got)
		}
	}
}
