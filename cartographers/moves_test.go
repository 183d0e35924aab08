package cartographers

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

func TestMoveJSONForms(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		json string
		want Move
	}{
		{`{"type":"draw","option":1,"terrain":"forest","cells":[[0,0],[1,1]]}`,
			Move{Type: DecideDraw, Option: 1, Terrain: Forest, Cells: setOf([2]int{0, 0}, [2]int{1, 1})}},
		{`{"type":"draw","fallback":true,"terrain":"monster","cells":[[10,10]]}`,
			Move{Type: DecideDraw, Fallback: true, Terrain: Monster, Cells: setOf([2]int{10, 10})}},
		{`{"type":"hero","cells":[[5,6]],"rotation":3,"flip":true}`,
			Move{Type: DecideHero, Cells: setOf([2]int{5, 6}), Rotation: 3, Flip: true}},
		{`{"type":"ambush","cells":[[2,2],[3,3]]}`, Move{Type: DecideAmbush, Cells: setOf([2]int{2, 2}, [2]int{3, 3})}},
		{`{"type":"gorgon","cells":[[4,4]]}`, Move{Type: DecideGorgon, Cells: setOf([2]int{4, 4})}},
		{`{"type":"troll","cells":[[4,5]]}`, Move{Type: DecideTroll, Cells: setOf([2]int{4, 5})}},
	} {
		got, err := ParseMove([]byte(c.json))
		if err != nil || got != c.want {
			t.Fatalf("ParseMove(%s) = %+v, %v; want %+v", c.json, got, err, c.want)
		}
		b, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseMove(b)
		if err != nil || back != got {
			t.Fatalf("round trip of %s through %s gave %+v, %v", c.json, b, back, err)
		}
	}
}

func TestMoveJSONErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ json, want string }{
		{`{"type":"draw","option":0,"terrain":"forest","cells":[[0,0]],"extra":1}`, "unknown field"},
		{`{"type":"dig","cells":[[0,0]]}`, "unknown move type"},
		{`{"type":"draw","option":0,"terrain":"forest","cells":[[0,11]]}`, "off the map"},
		{`{"type":"draw","option":0,"terrain":"forest","cells":[[-1,0]]}`, "off the map"},
		{`{"type":"draw","option":0,"terrain":"forest","cells":[[1,1],[1,1]]}`, "listed twice"},
		{`{"type":"draw","option":0,"terrain":"forest","cells":[]}`, "without cells"},
		{`{"type":"draw","terrain":"forest","cells":[[0,0]]}`, "without option"},
		{`{"type":"draw","option":0,"fallback":true,"terrain":"forest","cells":[[0,0]]}`, "not both"},
		{`{"type":"draw","option":0,"terrain":"mountain","cells":[[0,0]]}`, "unknown terrain"},
		{`{"type":"hero","terrain":"hero","cells":[[0,0]]}`, "draw moves only"},
		{`{"type":"troll","flip":true,"cells":[[0,0]]}`, "hero moves only"},
		{`{"type":"draw"} {}`, "trailing data"},
		{`[1,2]`, "cannot unmarshal"},
		{``, "EOF"},
	} {
		_, err := ParseMove([]byte(c.json))
		if !errors.Is(err, game.ErrBadMove) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseMove(%s): %v, want ErrBadMove saying %q", c.json, err, c.want)
		}
	}
}

func TestMoveJSONStrictCellsAndKeys(t *testing.T) {
	t.Parallel()
	// docs/records.md: cells are [row, col] pairs and unknown fields are refused. encoding/json alone
	// would read [1,2,3] as [1,2] and [1] as [1,0], and match "TYPE" or "Cells" to the lower-case
	// fields, and keep the last of two "type" keys: each of these is a malformed move.
	for _, c := range []struct{ json, want string }{
		{`{"type":"gorgon","cells":[[1,2,3]]}`, "[row, col]"},
		{`{"type":"gorgon","cells":[[1]]}`, "[row, col]"},
		{`{"type":"gorgon","cells":[[]]}`, "[row, col]"},
		{`{"TYPE":"gorgon","cells":[[1,1]]}`, `unknown field "TYPE"`},
		{`{"type":"gorgon","Cells":[[1,1]]}`, `unknown field "Cells"`},
		{`{"type":"draw","Option":0,"terrain":"forest","cells":[[0,0]]}`, `unknown field "Option"`},
		{`{"type":"gorgon","cells":[[1,1]],"type":"troll"}`, `"type" given twice`},
		{`{"type":"gorgon","cells":[[1,1]],"typ\u0065":"troll"}`, `unknown field`},
	} {
		m, err := ParseMove([]byte(c.json))
		if !errors.Is(err, game.ErrBadMove) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseMove(%s) = %+v, %v; want ErrBadMove saying %q", c.json, m, err, c.want)
		}
	}
}

func TestOptionsExactKeys(t *testing.T) {
	t.Parallel()
	// Options are refused like moves when a key is not spelled as documented or is given twice.
	for _, raw := range []string{`{"PRESET":"heroes"}`, `{"Side":"B"}`, `{"side":"A","side":"B"}`} {
		if _, err := ParseOptions(json.RawMessage(raw)); !errors.Is(err, game.ErrBadOptions) {
			t.Errorf("ParseOptions(%s): %v, want ErrBadOptions", raw, err)
		}
	}
	if o, err := ParseOptions(json.RawMessage(`{"preset":"heroes","side":"d","fallback_terrains":"card"}`)); err != nil || o.Side != "d" {
		t.Errorf("documented keys refused: %+v, %v", o, err)
	}
	// Keys are looked for at the top level only, never inside strings or nested values.
	if o, err := ParseOptions(json.RawMessage(`{"edicts":["a,\"side\":\"B\",\"side\":{","x"],"side":"C"}`)); err != nil || o.Side != "C" || len(o.Edicts) != 2 {
		t.Errorf("a string that looks like keys: %+v, %v", o, err)
	}
}

func TestTypedMoveOffTheMap(t *testing.T) {
	t.Parallel()
	// The typed API (bots, the command line) can hold bits past cell 120, which are no space of the
	// 11x11 map: such a move is malformed and changes nothing, as ParseMove refuses [11,0].
	off := Bits{Hi: 1 << 63}
	for _, c := range []struct {
		deck string
		m    Move
	}{
		{"Rift Lands", Move{Type: DecideDraw, Terrain: Forest, Cells: off}},
		{"Great River", Move{Type: DecideDraw, Terrain: Water, Cells: setOf([2]int{0, 0}, [2]int{1, 0}).Or(off)}},
		{"Dobrik of Lorkheim", Move{Type: DecideHero, Cells: off}},
	} {
		g := rig(t, Options{Heroes: ptr(true)}, 1, "", c.deck)
		before := g.Clone()
		err := g.Play(0, c.m)
		if !errors.Is(err, game.ErrBadMove) || !strings.Contains(err.Error(), "off the map") {
			t.Errorf("%s: %v, want ErrBadMove saying off the map", c.deck, err)
		}
		if !reflect.DeepEqual(before, g) {
			t.Errorf("%s: the refused move changed the state", c.deck)
		}
	}
	// A move type that names no decision is refused with a readable error.
	g := rig(t, Options{}, 1, "", "Rift Lands")
	if err := g.Play(0, Move{Type: DecisionKind(9), Cells: setOf([2]int{0, 0})}); err == nil || strings.Contains(err.Error(), "PANIC") {
		t.Errorf("move type 9: %v, want a plain refusal", err)
	}
}

func BenchmarkParseMove(b *testing.B) {
	raw := []byte(`{"type":"draw","option":1,"terrain":"water","cells":[[0,2],[1,1],[1,2],[2,0],[2,1]]}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseMove(raw); err != nil {
			b.Fatal(err)
		}
	}
}
