package server

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// applyPatch is what a client does with a patch's match or view: fields replace, null removes, and
// {"$len","$set"} changes an array's elements.
func applyPatch(old map[string]any, p map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range old {
		out[k] = v
	}
	for k, v := range p {
		switch pv := v.(type) {
		case nil:
			delete(out, k)
		case map[string]any:
			if del, ok := pv["$del"].(float64); ok {
				arr, _ := out[k].([]any)
				na := append(append([]any{}, arr[:int(del)]...), arr[int(del)+1:]...)
				out[k] = na
				continue
			}
			if set, ok := pv["$set"].(map[string]any); ok {
				arr, _ := out[k].([]any)
				n := int(pv["$len"].(float64))
				na := make([]any, n)
				copy(na, arr)
				for i, x := range set {
					j, _ := strconv.Atoi(i)
					na[j] = x
				}
				out[k] = na
				continue
			}
			out[k] = v
		default:
			out[k] = v
		}
	}
	return out
}

// A client that takes patches and applies them holds, after every change, exactly the state the server
// would send whole: for every seat and a spectator, through a game of moves.
func TestPatchesRebuildTheStates(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Games = game.NewRegistry(cartographers.Definition{}) })
	id, ps := e.newMatch("cartographers", `{"preset":"both"}`, 3, "")
	type client struct {
		w     *wsConn
		tok   string
		state map[string]any
		seq   int64
	}
	var clients []*client
	for i := -1; i < 3; i++ {
		tok := ""
		if i >= 0 {
			tok = ps[i].token
		}
		c := &client{tok: tok}
		u := id
		c.w = e.dialPatch(u, tok)
		clients = append(clients, c)
	}
	patches := 0
	read := func(c *client, want int64) {
		for c.seq < want {
			var msg map[string]any
			if err := json.Unmarshal(c.w.nextAny(), &msg); err != nil {
				t.Fatal(err)
			}
			switch msg["type"] {
			case "state":
				c.state = msg
			case "patch":
				if int64(msg["base"].(float64)) != c.seq {
					t.Fatalf("patch from %v to a client at %d", msg["base"], c.seq)
				}
				patches++
				st := map[string]any{}
				for k, v := range c.state {
					st[k] = v
				}
				st["seq"], st["type"] = msg["seq"], "state"
				st["match"] = applyPatch(c.state["match"].(map[string]any), msg["match"].(map[string]any))
				if y, ok := msg["you"]; ok {
					st["you"] = y
				}
				st["view"] = applyPatch(c.state["view"].(map[string]any), msg["view"].(map[string]any))
				c.state = st
			default:
				continue
			}
			c.seq = int64(c.state["seq"].(float64))
		}
	}
	for step := 0; step < 40; step++ {
		seq := e.state(id, "").Seq
		for _, c := range clients {
			read(c, seq)
			var whole map[string]any
			if err := json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id, c.tok, "")).body, &whole); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(whole, c.state) {
				a, _ := json.Marshal(c.state)
				b, _ := json.Marshal(whole)
				t.Fatalf("step %d: the patched state differs from the whole one:\n%s\n%s", step, a, b)
			}
		}
		st := e.state(id, "")
		if len(st.Match.ToAct) == 0 {
			break
		}
		seat := st.Match.ToAct[0]
		var legal struct{ Moves []json.RawMessage }
		json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/legal", ps[seat].token, "")).body, &legal)
		e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[seat].token, `{"move":`+string(legal.Moves[len(legal.Moves)/2])+`}`))
	}
	if patches < 40 {
		t.Fatalf("only %d patches sent: the clients got whole states", patches)
	}
}
