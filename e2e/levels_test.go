package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestAGameAgainstEveryLevel: a whole game of each kind in the browser against every bot the game offers
// (the lobby's list, levels for people included), as many at a table as it seats: each bot plays its seat to
// the end by itself, the person's moves go through the page, and the end screen comes.
func TestAGameAgainstEveryLevel(t *testing.T) {
	t.Parallel()
	var list struct {
		Games []struct {
			Name     string   `json:"name"`
			MaxSeats int      `json:"max_seats"`
			Bots     []string `json:"bots"`
		} `json:"games"`
	}
	e := newEnv(t, 23)
	e.getJSON("/api/games", "", &list)
	for _, g := range list.Games {
		if len(g.Bots) == 0 || g.Name == "toy" {
			continue
		}
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			// max_seats is the widest any options allow (Carcassonne's sixth seat needs Inns & Cathedrals):
			// the default options seat five at most.
			per := max(1, min(len(g.Bots), min(g.MaxSeats, 5)-1))
			for start := 0; start < len(g.Bots); start += per {
				levels := g.Bots[start:min(start+per, len(g.Bots))]
				// Each table its own game, in its own page, at the same time as the others.
				t.Run(strings.Join(levels, "+"), func(t *testing.T) {
					t.Parallel()
					gameAgainst(t, e, g.Name, levels)
				})
			}
		})
	}
}

// gameAgainst plays one game in the browser, Ada against a bot of each of levels.
func gameAgainst(t *testing.T, e *env, name string, levels []string) {
	t.Helper()
	began := time.Now()
	var created struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": name, "max_seats": len(levels) + 1, "name": "Ada"}, &created)
	id, token := created.ID, created.Token
	for _, l := range levels {
		e.postJSON("/api/matches/"+id+"/bots", token, map[string]string{"bot": l}, nil)
	}
	e.postJSON("/api/matches/"+id+"/start", token, struct{}{}, nil)
	ctx := browser(t, "en-US")
	ready := `#main-sheet[data-ready]`
	if name == "carcassonne" {
		ready = `#carc-board[data-ready]`
	}
	openTable(t, ctx, e, id, token, "en", ready)

	var st matchState
	e.getJSON("/api/matches/"+id, token, &st)
	for i, l := range levels {
		if p := st.Match.Players[i+1]; p.Bot != l {
			t.Fatalf("seat %d holds %+v, want the bot %q", i+1, p, l)
		}
	}
	turns := 0
	for ; ; turns++ {
		if turns > 120 {
			t.Fatalf("%s against %v: no end after %d of Ada's turns", name, levels, turns)
		}
		var s struct {
			Match struct {
				Status string `json:"status"`
			} `json:"match"`
			You struct {
				MustAct bool `json:"must_act"`
			} `json:"you"`
		}
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			e.getJSON("/api/matches/"+id, token, &s)
			if s.Match.Status == "finished" || s.You.MustAct {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s against %v: the bots did not play for 60 s", name, levels)
			}
		}
		if s.Match.Status == "finished" {
			break
		}
		if name == "carcassonne" {
			playCarc(t, ctx, pickCarc(e.carcLegal(id, token), turns), carcHow(turns%3))
			continue
		}
		// Cartographers: a season's scoring is dismissed, a draw goes through the page; a monster drawn
		// on a neighbour's sheet goes by the API (the page's own tests cover that screen).
		waitJS(t, ctx, `!!document.querySelector('#season-continue') || (document.querySelector('#table') && document.querySelector('#table').dataset.decision !== "")`)
		if evalString(t, ctx, `document.querySelector('#season-continue') ? "1" : ""`) == "1" {
			dismissSeason(t, ctx)
			turns--
			continue
		}
		moves := e.legal(id, token)
		if len(moves) == 0 {
			t.Fatal("Ada must act but the server lists no legal move")
		}
		mv := moves[pickMove(turns, len(moves))]
		if mv.Type == "draw" {
			playThroughPage(t, ctx, mv, byClicks)
			continue
		}
		raw, _ := json.Marshal(mv)
		e.postJSON("/api/matches/"+id+"/moves", token, map[string]json.RawMessage{"move": raw}, nil)
	}
	if name == "carcassonne" {
		waitJS(t, ctx, `document.querySelector('#table').dataset.over === "1"`)
	} else {
		waitJS(t, ctx, `!!document.querySelector('#final') || !!document.querySelector('#season-continue')`)
	}
	t.Logf("%s, Ada against %v: %d turns of hers in %v", name, levels, turns, time.Since(began).Round(time.Millisecond))
}
