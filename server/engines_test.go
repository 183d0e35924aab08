package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// revealOf extracts from a spectator view the card (or tile) last revealed and the size of the pile it
// came from; a new reveal is seen when either changes.
type revealOf func(view json.RawMessage) (card string, pile int)

func cartographersReveal(view json.RawMessage) (string, int) {
	var v struct {
		Current *struct {
			Name string `json:"name"`
		} `json:"current"`
		Decks struct {
			Explore int `json:"explore"`
		} `json:"decks"`
	}
	json.Unmarshal(view, &v)
	if v.Current == nil {
		return "", v.Decks.Explore
	}
	return v.Current.Name, v.Decks.Explore
}

func carcassonneReveal(view json.RawMessage) (string, int) {
	var v struct {
		Tile     string `json:"tile"`
		DrawPile int    `json:"draw_pile"`
	}
	json.Unmarshal(view, &v)
	return v.Tile, v.DrawPile
}

// playEngine plays a whole game of a real engine through the API (AutoMove choosing every move) with every
// seat and a spectator connected, and checks that nothing a client received before the end holds the
// seed or the order of the cards still hidden: for each payload, the next run cards of the reveal order,
// as a JSON list, must not occur in it.
func playEngine(t *testing.T, def game.Definition, options string, seats int, reveal revealOf, run int) {
	e := newEnv(t, nil, func(c *Config) { c.Games = game.NewRegistry(def) })
	id, ps := e.newMatch(def.Name(), options, seats, "")
	g, err := e.store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	socks := []*wsConn{e.dial(id, "", -1)}
	for _, p := range ps {
		socks = append(socks, e.dial(id, p.token, -1))
	}
	type tagged struct {
		reveals int
		payload []byte
	}
	var payloads []tagged
	collect := func(reveals int) {
		e.mu.Lock()
		for _, p := range e.payloads {
			payloads = append(payloads, tagged{reveals, p})
		}
		e.payloads = nil
		e.mu.Unlock()
	}
	var order, shown []string
	lastCard, lastPile := "", -1
	moves := 0
	for ; moves < 5000; moves++ {
		st := e.state(id, "")
		if card, pile := reveal(st.View); card != "" && (card != lastCard || pile != lastPile) {
			order = append(order, card)
			lastCard, lastPile = card, pile
		}
		collect(len(order))
		shown = publicNames(shown, st.View)
		checkStory(t, e, id, shown, st.Match.Status == "finished")
		if st.Match.Status == "finished" {
			break
		}
		seat := st.Match.ToAct[moves%len(st.Match.ToAct)]
		p := ps[seat]
		e.state(id, p.token)
		body, _ := json.Marshal(moveReq{Move: e.autoMove(id, seat)})
		if r := e.do("POST", "/api/matches/"+id+"/moves", p.token, string(body)); r.status != 200 {
			t.Fatalf("move %d by seat %d %s: %d %s", moves, seat, body, r.status, r.body)
		}
		for _, w := range socks {
			w.stateAt(st.Seq + 1)
		}
	}
	final := e.state(id, "")
	if final.Match.Status != "finished" || final.Match.Result == nil || len(final.Match.Result.Scores) != seats {
		t.Fatalf("after %d moves the game is not over: %+v", moves, final.Match)
	}
	if len(order) < 2*run {
		t.Fatalf("only %d reveals seen: the reveal extraction is broken", len(order))
	}
	seedForms := []string{strconv.FormatUint(g.Seed, 10), strconv.FormatInt(int64(g.Seed), 10), strconv.FormatUint(g.Seed, 16)}
	for _, tp := range payloads {
		s := string(tp.payload)
		for _, f := range seedForms {
			if strings.Contains(s, f) {
				t.Fatalf("a payload holds the seed %s: %.300s", f, s)
			}
		}
		if tp.reveals+run <= len(order) {
			q := make([]string, run)
			for i, c := range order[tp.reveals : tp.reveals+run] {
				q[i] = strconv.Quote(c)
			}
			if future := strings.Join(q, ","); strings.Contains(s, future) {
				t.Fatalf("a payload before reveal %d holds the coming cards %s: %.300s", tp.reveals, future, s)
			}
		}
	}
	t.Logf("%s: %d moves, %d reveals, %d payloads checked, scores %v", def.Name(), moves, len(order), len(payloads), final.Match.Result.Scores)

	// The record of the finished game replays to the same result.
	var rec game.Record
	if err := json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/record", "", "")).body, &rec); err != nil {
		t.Fatal(err)
	}
	st, err := game.NewRegistry(def).Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(st.Result().Scores), fmt.Sprint(final.Match.Result.Scores); got != want {
		t.Fatalf("record replays to scores %s, the server said %s", got, want)
	}
}

func TestCartographersThroughAPI(t *testing.T) {
	t.Parallel()
	playEngine(t, cartographers.Definition{}, `null`, 2, cartographersReveal, 4)
}

func TestCartographersSoloThroughAPI(t *testing.T) {
	t.Parallel()
	playEngine(t, cartographers.Definition{}, `null`, 1, cartographersReveal, 4)
}

func TestCarcassonneThroughAPI(t *testing.T) {
	t.Parallel()
	playEngine(t, carcassonne.Definition{}, `null`, 2, carcassonneReveal, 6)
}

// TestCartographersUndoThroughAPI: a player takes back a draw while the other has not drawn yet, and
// cannot once the turn has closed.
func TestCartographersUndoThroughAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Games = game.NewRegistry(cartographers.Definition{}) })
	id, ps := e.newMatch("cartographers", `null`, 2, "")
	play := func(seat game.Seat) {
		body, _ := json.Marshal(moveReq{Move: e.autoMove(id, seat)})
		e.must(200, e.do("POST", "/api/matches/"+id+"/moves", ps[seat].token, string(body)))
	}
	st := e.state(id, "")
	if fmt.Sprint(st.Match.ToAct) != "[0 1]" {
		t.Fatalf("both players draw at once; to act: %v", st.Match.ToAct)
	}
	before := e.state(id, ps[0].token).View
	play(0)
	after := e.state(id, ps[0].token)
	if !after.You.Undoable || after.You.MustAct {
		t.Fatalf("after seat 0 drew: %+v", after.You)
	}
	undone := decodeState(t, e.must(200, e.do("POST", "/api/matches/"+id+"/undo", ps[0].token, "")).body)
	if !undone.You.MustAct || undone.Match.Moves != 0 || string(undone.View) != string(before) {
		t.Fatalf("after the undo seat 0 is not back where it was: %+v", undone.You)
	}
	play(0)
	play(1) // the turn closes: the draws are final
	for _, p := range ps {
		if r := e.do("POST", "/api/matches/"+id+"/undo", p.token, ""); r.errCode() != codeNotUndoable {
			t.Fatalf("seat %d undo after the turn closed: %d %s", p.seat, r.status, r.body)
		}
	}
}

// A match keeps its options spelled out, so its record does not depend on the presets of a later version.
func TestMatchStoresCanonicalOptions(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Games = game.NewRegistry(cartographers.Definition{}) })
	id, _ := e.newMatch("cartographers", `{"preset":"heroes"}`, 1, "")
	g, err := e.store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var o map[string]any
	if err := json.Unmarshal(g.Options, &o); err != nil {
		t.Fatal(err)
	}
	// Rulings 13: the Heroes box plays side C with the Heroes decks and thresholds and a hero each season.
	for k, want := range map[string]any{"preset": "heroes", "side": "C", "explore": "heroes", "seasons": "heroes",
		"ambush": "heroes", "heroes": true, "scoring_village": "heroes"} {
		if o[k] != want {
			t.Errorf("stored option %s = %v, want %v (stored %s)", k, o[k], want, g.Options)
		}
	}
	lobby := e.must(200, e.do("GET", "/api/matches", "", "")).json(t)
	entry := lobby["matches"].([]any)[0].(map[string]any)
	if opts, _ := entry["options"].(map[string]any); opts == nil || opts["side"] != "C" {
		t.Errorf("lobby entry options %v, want side C", entry["options"])
	}
}

// publicNames adds to seen the cards and tiles a spectator's view shows: the card or tile in play, the
// cards revealed this season, the monsters and heroes revealed so far.
func publicNames(seen []string, view json.RawMessage) []string {
	var v struct {
		Current  *struct{ Name string } `json:"current"`
		Revealed []string               `json:"revealed"`
		Specials []struct {
			Card struct{ Name string } `json:"card"`
		} `json:"specials"`
		Tile string `json:"tile"`
	}
	json.Unmarshal(view, &v)
	add := func(n string) {
		if n != "" && !slices.Contains(seen, n) {
			seen = append(seen, n)
		}
	}
	if v.Current != nil {
		add(v.Current.Name)
	}
	for _, n := range v.Revealed {
		add(n)
	}
	for _, sp := range v.Specials {
		add(sp.Card.Name)
	}
	add(v.Tile)
	return seen
}

// checkStory reads the story of a match in play (GET /story) and checks it tells only what the table has
// shown: every card or tile it names has been turned up (seen), and the Land Surveyors piles only once the
// game is over.
func checkStory(t *testing.T, e *env, id string, seen []string, over bool) {
	t.Helper()
	var story struct {
		Narrative []struct {
			Kind string
			Data struct {
				Card string `json:"card"`
				Tile string `json:"tile"`
			}
		}
	}
	if err := json.Unmarshal(e.must(200, e.do("GET", "/api/matches/"+id+"/story", "", "")).body, &story); err != nil {
		t.Fatal(err)
	}
	if len(story.Narrative) == 0 {
		t.Fatal("the story of a started match tells nothing")
	}
	for _, ev := range story.Narrative {
		for _, name := range []string{ev.Data.Card, ev.Data.Tile} {
			if name != "" && !slices.Contains(seen, name) {
				t.Fatalf("the story names %q (a %s event) before the table showed it (seen %v)", name, ev.Kind, seen)
			}
		}
		if ev.Kind == "piles" && !over {
			t.Fatal("the story tells the Land Surveyors piles before the end")
		}
	}
}

// The story exists once a match has started; an unknown match has none.
func TestStoryRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada"}`)).json(t)["id"].(string)
	if r := e.do("GET", "/api/matches/"+id+"/story", "", ""); r.status != http.StatusConflict || r.errCode() != codeNotStarted {
		t.Errorf("the story of an open match: %d %s", r.status, r.body)
	}
	if r := e.do("GET", "/api/matches/nosuchmatch/story", "", ""); r.status != http.StatusNotFound {
		t.Errorf("the story of an unknown match: %d", r.status)
	}
}
