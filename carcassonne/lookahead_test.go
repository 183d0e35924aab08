package carcassonne

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// pileCounts is the histogram of the tiles face down in the pile, read from the pile itself.
func pileCounts(g *Game) [NumTileTypes]int {
	var n [NumTileTypes]int
	for _, t := range g.deck[g.drawPos:g.ndeck] {
		n[t]++
	}
	return n
}

// A look-ahead copy plays as the game does but records nothing: the original's story is untouched.
func TestLookAheadRecordsNothing(t *testing.T) {
	g, err := NewGame(surveyorOpts(), 2, 11)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30; i++ {
		if err := g.Play(g.GreedyMove()); err != nil {
			t.Fatal(err)
		}
	}
	before, err := json.Marshal(g.Events())
	if err != nil {
		t.Fatal(err)
	}
	var c Game
	g.LookAhead(&c)
	real := *g
	real.events = append([]event(nil), g.events...)
	real.evTiles = append([]int16(nil), g.evTiles...)
	for !c.Over() {
		m := c.GreedyMove()
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		if err := real.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for s := 0; s < 2; s++ {
		if c.Score(s) != real.Score(s) {
			t.Errorf("seat %d: look-ahead copy scored %d, a real copy %d", s, c.Score(s), real.Score(s))
		}
	}
	if len(c.events) != len(g.events) || len(real.events) <= len(g.events) {
		t.Errorf("events: copy %d, original %d, real copy %d", len(c.events), len(g.events), len(real.events))
	}
	after, err := json.Marshal(g.Events())
	if err != nil {
		t.Fatal(err)
	}
	if string(before) != string(after) {
		t.Error("playing on a look-ahead copy changed the original's events")
	}
}

func TestDeterminizeRefusesARealGame(t *testing.T) {
	g, err := NewGame(DefaultOptions(), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	deck := g.deck
	if err := g.Determinize(5); !errors.Is(err, errNotLookAhead) {
		t.Errorf("Determinize on a real game: %v", err)
	}
	if err := g.EndNow(); !errors.Is(err, errNotLookAhead) {
		t.Errorf("EndNow on a real game: %v", err)
	}
	if deck != g.deck || g.Over() {
		t.Error("a refused call changed the game")
	}
}

// Determinize keeps the tiles, what is public (the board, the drawn tile, the order so far) and changes
// only the order of the face-down tiles, to one that does not depend on the real order.
func TestDeterminizeHidesTheOrder(t *testing.T) {
	g, err := NewGame(DefaultOptions(), 2, 21)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		if err := g.Play(g.GreedyMove()); err != nil {
			t.Fatal(err)
		}
	}
	// other is the same position with the face-down tiles in the reverse order.
	other := *g
	tail := other.deck[other.drawPos:other.ndeck]
	for i, j := 0, len(tail)-1; i < j; i, j = i+1, j-1 {
		tail[i], tail[j] = tail[j], tail[i]
	}
	if other.deck == g.deck {
		t.Fatal("reversing the pile left it as it was")
	}
	var a, b Game
	changed := 0
	for seed := uint64(1); seed <= 10; seed++ {
		g.LookAhead(&a)
		other.LookAhead(&b)
		if err := a.Determinize(seed); err != nil {
			t.Fatal(err)
		}
		if err := b.Determinize(seed); err != nil {
			t.Fatal(err)
		}
		if a.deck != b.deck {
			t.Fatalf("seed %d: two real orders gave two samples", seed)
		}
		if pileCounts(&a) != pileCounts(g) || a.Current() != g.Current() || a.drawPos != g.drawPos {
			t.Fatalf("seed %d: the sample changed the tiles or the drawn one", seed)
		}
		if !slices.Equal(a.deck[:a.drawPos], g.deck[:g.drawPos]) {
			t.Fatalf("seed %d: the sample changed the tiles already drawn", seed)
		}
		if a.deck != g.deck {
			changed++
		}
	}
	if changed < 9 {
		t.Errorf("only %d of 10 samples differ from the real order", changed)
	}
	// Two seeds give two samples.
	g.LookAhead(&a)
	g.LookAhead(&b)
	if err := a.Determinize(1); err != nil {
		t.Fatal(err)
	}
	if err := b.Determinize(2); err != nil {
		t.Fatal(err)
	}
	if a.deck == b.deck {
		t.Error("seeds 1 and 2 gave the same sample")
	}
}

func sortedTiles(p *pile) [5]int8 {
	t := p.tiles
	slices.Sort(t[:p.n])
	return t
}

func pileIDs(p *pile) string {
	var ids []string
	for _, t := range p.tiles[:p.n] {
		ids = append(ids, surveyorTiles[t].id)
	}
	return strings.Join(ids, ",")
}

// The Land Surveyors tiles seen (active now or before, or on top of their pile) keep their places; the
// others are reshuffled independently of their real order.
func TestDeterminizeHidesThePiles(t *testing.T) {
	g, err := NewGame(surveyorOpts(), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	// At the start only positions 0 and 1 are seen; the city pile has 5 tiles, so 3 are hidden.
	city := g.xs.surveyors.piles[0]
	swapped := *g
	swapped.xs.surveyors.piles[0].tiles[2], swapped.xs.surveyors.piles[0].tiles[4] = swapped.xs.surveyors.piles[0].tiles[4], swapped.xs.surveyors.piles[0].tiles[2]
	var x, y Game
	differs := false
	for seed := uint64(1); seed <= 20; seed++ {
		g.LookAhead(&x)
		swapped.LookAhead(&y)
		if err := x.Determinize(seed); err != nil {
			t.Fatal(err)
		}
		if err := y.Determinize(seed); err != nil {
			t.Fatal(err)
		}
		if x.xs.surveyors.piles != y.xs.surveyors.piles {
			t.Fatalf("seed %d: two hidden pile orders gave two samples: %s and %s", seed, pileIDs(&x.xs.surveyors.piles[0]), pileIDs(&y.xs.surveyors.piles[0]))
		}
		p := &x.xs.surveyors.piles[0]
		if p.tiles[0] != city.tiles[0] || p.tiles[1] != city.tiles[1] {
			t.Fatalf("seed %d: the seen tiles moved: %s, was %s", seed, pileIDs(p), pileIDs(&city))
		}
		if sortedTiles(p) != sortedTiles(&city) {
			t.Fatalf("seed %d: the pile changed its tiles: %s, was %s", seed, pileIDs(p), pileIDs(&city))
		}
		if p.tiles != city.tiles {
			differs = true
		}
	}
	if !differs {
		t.Error("20 samples all kept the real order of the hidden city tiles")
	}
	// Once the piles have turned 4 times every tile has been seen, though the city pile shows only its
	// 5th and 1st tiles now.
	cycles := 0
	for turn := 0; cycles < 4 && !g.Over(); turn++ {
		k := len(g.events)
		if err := g.Play(g.GreedyMove()); err != nil {
			t.Fatal(err)
		}
		if len(g.events) > k {
			cycles++
		}
	}
	if cycles < 4 {
		t.Fatal("the game scored fewer than 4 times")
	}
	for seed := uint64(1); seed <= 5; seed++ {
		g.LookAhead(&x)
		if err := x.Determinize(seed); err != nil {
			t.Fatal(err)
		}
		if x.xs.surveyors.piles != g.xs.surveyors.piles {
			t.Fatalf("seed %d: after 4 turns of the piles every tile is seen, yet %s became %s", seed, pileIDs(&g.xs.surveyors.piles[0]), pileIDs(&x.xs.surveyors.piles[0]))
		}
	}
}

// EndNow gives the scores the engine itself gives when the pile runs out.
func TestEndNowIsTheFinalScoring(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		opts := DefaultOptions()
		opts.Surveyors = seed%2 == 1
		g, err := NewGame(opts, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 10+4*int(seed); i++ {
			if err := g.Play(g.GreedyMove()); err != nil {
				t.Fatal(err)
			}
		}
		m := g.GreedyMove()
		// real: the same move with the pile emptied behind the drawn tile, so that the engine ends the game.
		real := *g
		real.events = append([]event(nil), g.events...)
		real.evTiles = append([]int16(nil), g.evTiles...)
		real.drawPos = real.ndeck
		if err := real.Play(m); err != nil {
			t.Fatal(err)
		}
		if !real.Over() {
			t.Fatal("the game went on with an empty pile")
		}
		var c Game
		g.LookAhead(&c)
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		if err := c.EndNow(); err != nil {
			t.Fatal(err)
		}
		finals := 0
		for _, e := range real.Events() {
			if e.Final {
				finals++
			}
		}
		if finals == 0 {
			t.Errorf("seed %d: nothing to score at the end; the test compares nothing", seed)
		}
		for s := 0; s < 2; s++ {
			if c.Score(s) != real.Score(s) {
				t.Errorf("seed %d seat %d: EndNow %d, the engine's end %d", seed, s, c.Score(s), real.Score(s))
			}
		}
		if !c.Over() || c.DrawPileSize() != 0 {
			t.Errorf("seed %d: EndNow left the game going", seed)
		}
	}
}

// The segment accessors agree with the move form's names (the engine's tile table read another way).
func TestSegmentAccessors(t *testing.T) {
	g, err := NewGame(DefaultOptions(), 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Occupied(0, 0) || g.Occupied(0, 1) || g.Occupied(500, 0) {
		t.Error("Occupied: the start tile alone is at (0,0)")
	}
	checked := 0
	for !g.Over() {
		for seg := 0; seg < 8; seg++ {
			k, ok := g.SegmentKind(seg)
			for rot := 0; rot < 4; rot++ {
				var mj MoveJSON
				if err := json.Unmarshal(g.EncodeMove(Move{Placement: Placement{Rot: rot}, Meeple: seg}), &mj); err != nil {
					t.Fatal(err)
				}
				name, where, _ := strings.Cut(mj.Meeple, ":")
				if !ok {
					if name != "segment" {
						t.Fatalf("tile %s segment %d: no kind, but the move form names %q", g.Current(), seg, mj.Meeple)
					}
					continue
				}
				if name != k.String() {
					t.Fatalf("tile %s segment %d: kind %s, the move form names %q", g.Current(), seg, k, mj.Meeple)
				}
				sides := g.SegmentSides(seg, rot)
				if (k == City || k == Road) != (sides != 0) {
					t.Fatalf("tile %s segment %d (%s) rot %d: sides %b", g.Current(), seg, k, rot, sides)
				}
				// The move form names the first side clockwise from north.
				if sides != 0 && sideNames[firstBit(sides)] != where {
					t.Fatalf("tile %s segment %d rot %d: sides %04b, the move form names %q", g.Current(), seg, rot, sides, mj.Meeple)
				}
				checked++
			}
		}
		m := g.GreedyMove()
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if !g.Occupied(m.X, m.Y) {
			t.Fatalf("Occupied(%d,%d) after a tile was laid there", m.X, m.Y)
		}
	}
	if checked < 100 {
		t.Errorf("%d segments checked", checked)
	}
}

func firstBit(m uint8) int {
	for d := 0; d < 8; d++ {
		if m&(1<<d) != 0 {
			return d
		}
	}
	return -1
}

// Trial.restore copies the Game's fields one by one: a field added to Game must be added there too (or
// here, if a move never changes it or it is scratch that a move sets before reading).
func TestTrialKnowsEveryField(t *testing.T) {
	known := map[string]bool{
		"opts": true, "players": true, "seed": true, "board": true, "feat": true, "deck": true, "drawPos": true,
		"current": true, "fits": true, "discarded": true, "discPos": true, "ndisc": true, "toAct": true, "turn": true,
		"scores": true, "supply": true, "over": true, "exps": true, "hooks": true, "expRNG": true, "xs": true,
		"inPlay": true, "ndeck": true, "placeBy": true, "monks": true, "nmonks": true, "monkNbrs": true,
		"events": true, "evTiles": true, "notes": true, "stand": true, "move": true, "again": true, "stamp": true, "stampN": true, "tally": true, "quiet": true,
	}
	rt := reflect.TypeOf(Game{})
	for i := 0; i < rt.NumField(); i++ {
		if !known[rt.Field(i).Name] {
			t.Errorf("Game has a field %s that Trial.restore does not put back", rt.Field(i).Name)
		}
	}
}

// The expansions' states are cloned by copying a Game (LookAhead, Trial): they must hold no pointer, slice
// or map, which a copy would share.
func TestExpansionStatesArePlainValues(t *testing.T) {
	var plain func(rt reflect.Type, path string)
	plain = func(rt reflect.Type, path string) {
		switch rt.Kind() {
		case reflect.Struct:
			for i := 0; i < rt.NumField(); i++ {
				plain(rt.Field(i).Type, path+"."+rt.Field(i).Name)
			}
		case reflect.Array:
			plain(rt.Elem(), path+"[]")
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Func, reflect.Chan, reflect.Interface, reflect.String, reflect.UnsafePointer:
			t.Errorf("%s is a %s: a copy of the game would share it", path, rt.Kind())
		}
	}
	plain(reflect.TypeOf(expansionStates{}), "expansionStates")
}
