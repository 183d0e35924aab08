package carcassonne

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// randomGame plays a seeded game with random players and returns it with its moves in JSON form.
func randomGame(t testing.TB, opts Options, players int, seed uint64) (*Game, []game.RecordedMove) {
	t.Helper()
	g, err := NewGame(opts, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewRandomPlayer(seed)
	var moves []game.RecordedMove
	for !g.Over() {
		m := rp.Move(g)
		moves = append(moves, game.RecordedMove{Seat: game.Seat(g.toAct), Move: g.EncodeMove(m)})
		if err := g.Play(m); err != nil {
			t.Fatalf("seed %d: random legal move refused: %v", seed, err)
		}
	}
	return g, moves
}

// fingerprint sums up a finished game for comparisons.
func fingerprint(g *Game) string {
	return fmt.Sprintf("%v %d %d %v", g.scores[:g.players], g.board.ntiles, g.ndisc, g.events)
}

// checkInvariants verifies the bookkeeping of a finished game: every tile is laid or set aside, every
// meeple is in supply or on the board (other figures: checkFigures), and the scores are the sum of the scoring events.
func checkInvariants(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	if g.board.ntiles+g.ndisc != g.ndeck+1 {
		t.Errorf("seed %d: %d laid + %d discarded, want %d", seed, g.board.ntiles, g.ndisc, g.ndeck+1)
	}
	var onBoard [maxPlayers]int
	for tile := 0; tile < g.board.ntiles; tile++ {
		for s := range types[g.board.tiles[tile].typ].segs {
			if o := g.feat.owner[node(tile, s)]; o != 0 && g.feat.fig[node(tile, s)] == Meeple {
				onBoard[o-1]++
			}
		}
	}
	var fromEvents [maxPlayers]int
	for _, e := range g.Events() {
		for _, r := range e.Receivers {
			fromEvents[r] += e.Points
		}
	}
	for s := 0; s < g.players; s++ {
		if g.supply[s][Meeple]+onBoard[s] != meeplesEach {
			t.Errorf("seed %d seat %d: %d in supply + %d on board", seed, s, g.supply[s][Meeple], onBoard[s])
		}
		if fromEvents[s] != g.scores[s] {
			t.Errorf("seed %d seat %d: score %d, events add up to %d", seed, s, g.scores[s], fromEvents[s])
		}
	}
}

func TestSeedsGiveDifferentDeals(t *testing.T) {
	a, _ := NewGame(DefaultOptions(), 2, 1)
	b, _ := NewGame(DefaultOptions(), 2, 2)
	if a.deck == b.deck {
		t.Error("seeds 1 and 2 deal the same tiles")
	}
}

func TestReplayFromJSONRecord(t *testing.T) {
	reg := game.NewRegistry(Definition{})
	for seed := uint64(0); seed < 20; seed++ {
		opts := DefaultOptions()
		opts.Surveyors = seed%2 == 0
		g, moves := randomGame(t, opts, 2+int(seed%4), seed)
		raw, _ := json.Marshal(opts)
		rec := game.Record{Game: "carcassonne", Options: raw, Seed: seed, Seats: g.players, Moves: moves}
		var buf bytes.Buffer
		if err := json.NewEncoder(&buf).Encode(rec); err != nil {
			t.Fatal(err)
		}
		back, err := game.ReadRecord(&buf)
		if err != nil {
			t.Fatal(err)
		}
		st, err := reg.Replay(back)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !st.Over() {
			t.Fatalf("seed %d: replayed game is not over", seed)
		}
		want, _ := json.Marshal(g.Result())
		got, _ := json.Marshal(st.Result())
		if !bytes.Equal(want, got) {
			t.Fatalf("seed %d: replay result differs:\n%s\n%s", seed, want, got)
		}
	}
}

func TestGreedyPolicyPlaysLegalDeterministicGames(t *testing.T) {
	play := func() string {
		st, err := Definition{}.New(json.RawMessage(`{"surveyors":true}`), 3, 42)
		if err != nil {
			t.Fatal(err)
		}
		var log strings.Builder
		for !st.Over() {
			seat := st.ToAct()[0]
			m, err := st.AutoMove(seat)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Apply(seat, m); err != nil {
				t.Fatalf("auto move %s refused: %v", m, err)
			}
			log.Write(m)
		}
		return log.String() + fmt.Sprint(st.Result().Scores)
	}
	if a, b := play(), play(); a != b {
		t.Error("the greedy policy is not deterministic")
	}
}

func TestOptions(t *testing.T) {
	def := Definition{}
	if _, err := def.New(nil, 2, 1); err != nil {
		t.Errorf("no options: %v", err)
	}
	if _, err := def.New(def.DefaultOptions(), 5, 1); err != nil {
		t.Errorf("default options, 5 seats: %v", err)
	}
	for _, c := range []struct {
		opts  string
		seats int
	}{
		{`{"surveyor":true}`, 2},
		{`{"surveyors":"yes"}`, 2},
		{`{"road_bonus":"plenty"}`, 2},
		{`{"monastery_bonus":""}`, 2},
		{`{"farmhouses":"KL"}`, 2},
		{`[]`, 2},
		{`{} {}`, 2},
		{`{}`, 1},
		{`{}`, 6},
	} {
		if _, err := def.New(json.RawMessage(c.opts), c.seats, 1); !errors.Is(err, game.ErrBadOptions) {
			t.Errorf("options %s with %d seats: %v, want ErrBadOptions", c.opts, c.seats, err)
		}
	}
	o, err := ParseOptions(json.RawMessage(`{"surveyors":true,"farmhouses":"KLWX"}`))
	if err != nil || !o.Surveyors || o.Farmhouses != "KLWX" || o.RoadBonus != "poverty" || o.MonasteryBonus != "wealth" {
		t.Errorf("parsed %+v, %v", o, err)
	}
}

func snapshot(t testing.TB, st game.State) string {
	t.Helper()
	v, err := json.Marshal(st.View(game.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for s := 0; s < 5; s++ {
		for _, m := range st.LegalMoves(game.Seat(s)) {
			moves = append(moves, string(m))
		}
	}
	return string(v) + strings.Join(moves, ",")
}

func TestIllegalMovesChangeNothing(t *testing.T) {
	st, err := Definition{}.New(json.RawMessage(`{"surveyors":true}`), 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	g := st.(*Game)
	before := snapshot(t, st)
	legal := g.LegalMoves(0)
	if len(legal) == 0 {
		t.Fatal("no legal move at the start")
	}
	cases := []struct {
		seat game.Seat
		move string
		want error
	}{
		{1, string(legal[0]), game.ErrNotYourTurn},
		{0, `{"type":"place"}`, game.ErrBadMove},
		{0, `{"type":"pass","x":0,"y":0,"rotation":0}`, game.ErrBadMove},
		{0, `{"type":"place","x":1,"y":0,"rotation":45}`, game.ErrBadMove},
		{0, `{"type":"place","x":1,"y":0,"rotation":0,"colour":"red"}`, game.ErrBadMove},
		{0, `not json`, game.ErrBadMove},
		{0, `{"type":"place","x":0,"y":0,"rotation":0}`, game.ErrIllegalMove},
		{0, `{"type":"place","x":5,"y":5,"rotation":0}`, game.ErrIllegalMove},
		{0, `{"type":"place","x":100000,"y":0,"rotation":0}`, game.ErrIllegalMove},
		{0, `{"type":"place","x":1,"y":0,"rotation":0,"meeple":"tower"}`, game.ErrBadMove},
		{0, `{"type":"place","x":1,"y":0,"rotation":0,"meeple":"city:Q"}`, game.ErrBadMove},
	}
	for _, c := range cases {
		err := st.Apply(c.seat, json.RawMessage(c.move))
		if !errors.Is(err, c.want) {
			t.Errorf("seat %d %s: %v, want %v", c.seat, c.move, err, c.want)
		}
		if after := snapshot(t, st); after != before {
			t.Fatalf("%s changed the state", c.move)
		}
	}
	// A placement that does not fit names the side: find one by trying every rotation at a legal spot.
	var mj MoveJSON
	if err := json.Unmarshal(legal[0], &mj); err != nil {
		t.Fatal(err)
	}
	for r := 0; r < 360; r += 90 {
		raw := fmt.Sprintf(`{"type":"place","x":%d,"y":%d,"rotation":%d}`, *mj.X, *mj.Y, r)
		if err := st.Apply(0, json.RawMessage(raw)); err != nil {
			if !errors.Is(err, game.ErrIllegalMove) || !strings.Contains(err.Error(), "side") {
				t.Errorf("%s: %v", raw, err)
			}
			if snapshot(t, st) != before {
				t.Fatal("a misfit changed the state")
			}
		} else {
			break
		}
	}
}

func TestGameOverRefusesMoves(t *testing.T) {
	g, _ := randomGame(t, DefaultOptions(), 2, 3)
	if err := g.Apply(0, json.RawMessage(`{"type":"place","x":0,"y":0,"rotation":0}`)); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("move after the end: %v", err)
	}
	if len(g.ToAct()) != 0 || len(g.LegalMoves(0)) != 0 {
		t.Error("finished game still expects a move")
	}
	r := g.Result()
	if len(r.Scores) != 2 || len(r.Ranks) != 2 {
		t.Fatalf("result %+v", r)
	}
	if (r.Scores[0] > r.Scores[1]) != (r.Ranks[0] == 1 && r.Ranks[1] == 2) {
		t.Errorf("ranks %v for scores %v", r.Ranks, r.Scores)
	}
}

func TestRanksShareTies(t *testing.T) {
	g, _ := NewGame(DefaultOptions(), 3, 1)
	g.scores = [maxPlayers]int{10, 12, 10}
	if r := g.Result(); fmt.Sprint(r.Ranks) != "[2 1 2]" {
		t.Errorf("ranks %v, want [2 1 2]", r.Ranks)
	}
}

func TestViewHidesTheDrawOrder(t *testing.T) {
	g, _ := NewGame(surveyorOpts(), 2, 123456789)
	raw, err := json.Marshal(g.View(game.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	if strings.Contains(s, "123456789") || strings.Contains(s, "seed") || strings.Contains(s, "deck") {
		t.Errorf("view reveals the seed or deck: %s", s)
	}
	var v View
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if v.DrawPile != 70 || v.Tile != g.Current() || len(v.Board) != 1 || v.Board[0].Tile != "D" {
		t.Errorf("view %+v", v)
	}
	if len(v.Surveyors) != 3 || v.Surveyors["road"].Size != 4 {
		t.Errorf("surveyors %+v", v.Surveyors)
	}
}

func TestUnplaceableTilesAreSetAside(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('X', 0, 0, 0, "", 0) // roads on all four sides: an all-city or all-field tile fits nowhere
	g := b.g
	n := g.ndeck
	g.deck[n-3], g.deck[n-2], g.deck[n-1] = uint8(typeByLetter('C')), uint8(typeByLetter('B')), uint8(typeByLetter('U'))
	g.drawPos = n - 3
	g.draw()
	if g.Current() != "U" || g.ndisc != 2 || g.discarded[0] != uint8(typeByLetter('C')) || g.discarded[1] != uint8(typeByLetter('B')) {
		t.Errorf("drew %s with %d set aside", g.Current(), g.ndisc)
	}
	g.deck[n-1] = uint8(typeByLetter('B'))
	g.drawPos = n - 1
	g.draw()
	if !g.Over() {
		t.Error("the game goes on with no placeable tile left")
	}
}

func TestLegalMovesAreAllAccepted(t *testing.T) {
	st, _ := Definition{}.New(json.RawMessage(`{"surveyors":true}`), 2, 11)
	g := st.(*Game)
	rp := NewRandomPlayer(5)
	for i := 0; i < 30 && !g.Over(); i++ {
		if err := g.Play(rp.Move(g)); err != nil {
			t.Fatal(err)
		}
	}
	moves := g.LegalMoves(game.Seat(g.toAct))
	if len(moves) == 0 {
		t.Fatal("no legal moves")
	}
	seen := map[string]bool{}
	for _, m := range moves {
		c := *g
		c.events = append([]event(nil), g.events...)
		c.evTiles = append([]int16(nil), g.evTiles...)
		if err := c.Apply(game.Seat(g.toAct), m); err != nil {
			t.Errorf("listed move %s refused: %v", m, err)
		}
		if seen[string(m)] {
			t.Errorf("move %s listed twice", m)
		}
		seen[string(m)] = true
	}
}

func TestTextBoard(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('D', 0, 0, 0, "city:N", 1) // city north, road west-east, field south; Blue's knight north
	b.lay('B', 0, 1, 0, "monastery", 0)
	want := "x 0..0 (west to east), y 0..1 (north to south)\n" +
		" 2\nrDr\n .\n .\n.1.\n .\n"
	if got := b.g.Text(); got != want {
		t.Errorf("board:\n%s\nwant:\n%s", got, want)
	}
}

func TestResetRefusesBadInputAndKeepsTheGame(t *testing.T) {
	g, _ := randomGame(t, DefaultOptions(), 2, 4)
	want := fingerprint(g)
	bad := DefaultOptions()
	bad.Farmhouses = "Z"
	if err := g.Reset(bad, 2, 1); !errors.Is(err, game.ErrBadOptions) {
		t.Errorf("bad options: %v", err)
	}
	if err := g.Reset(DefaultOptions(), 9, 1); !errors.Is(err, game.ErrBadOptions) {
		t.Errorf("9 players: %v", err)
	}
	if fingerprint(g) != want {
		t.Error("a refused Reset changed the game")
	}
}

func TestTypedAPIAfterTheEnd(t *testing.T) {
	g, _ := randomGame(t, DefaultOptions(), 2, 8)
	if err := g.Play(g.GreedyMove()); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("greedy move after the end: %v", err)
	}
	if err := g.Play(NewRandomPlayer(1).Move(g)); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("random move after the end: %v", err)
	}
	g2, _ := NewGame(DefaultOptions(), 2, 8)
	if got := g2.MeepleOptions(Placement{X: 1, Y: 0, Rot: 9}, nil); len(got) != 0 {
		t.Errorf("meeple options for rotation 9: %v", got)
	}
	if err := g2.Play(Move{Placement: Placement{X: 1, Y: 0, Rot: 9}, Meeple: NoMeeple}); !errors.Is(err, errRotation) {
		t.Errorf("rotation 9: %v", err)
	}
}

// The greedy policy should beat random play nearly always; a sign error in its evaluation would not.
func TestGreedyBeatsRandom(t *testing.T) {
	wins := 0
	for seed := uint64(0); seed < 20; seed++ {
		g, _ := NewGame(surveyorOpts(), 2, seed)
		rp := NewRandomPlayer(seed)
		greedy := int(seed % 2)
		for !g.Over() {
			m := rp.Move(g)
			if g.toAct == greedy {
				m = g.GreedyMove()
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if g.scores[greedy] > g.scores[1-greedy] {
			wins++
		}
	}
	if wins < 16 {
		t.Errorf("greedy won %d of 20 games against random play", wins)
	}
}

// MeepleOptions promises an answer for any placement: one that does not fit has no meeple spot. A tile with
// a road on its south side laid north of the start tile (city north) used to look up the start tile's
// segment on a side where it has none, and panicked.
func TestMeepleOptionsForAPlacementThatDoesNotFit(t *testing.T) {
	g, err := NewGame(DefaultOptions(), 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	g.current = typeByLetter('V') // road S-W as drawn
	for r := 0; r < 4; r++ {
		for _, p := range []Placement{{X: 0, Y: -1, Rot: r}, {X: 0, Y: 1, Rot: r}, {X: 1, Y: 0, Rot: r}, {X: -1, Y: 0, Rot: r}} {
			cell, _ := cellOf(p.X, p.Y)
			fits := g.board.fits(cell, g.current*4+r)
			got := g.MeepleOptions(p, nil)
			if !fits && len(got) != 0 {
				t.Errorf("%+v does not fit but offers meeples on %v", p, got)
			}
			if fits && len(got) == 0 {
				t.Errorf("%+v fits but offers no meeple", p)
			}
		}
	}
}

// docs/records.md lists the default options; they must be what a record without options plays with.
func TestRecordsDocListsTheDefaultOptions(t *testing.T) {
	raw, err := os.ReadFile("../docs/records.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	i := strings.Index(doc, "## Carcassonne moves")
	if i < 0 {
		t.Fatal("no Carcassonne section in docs/records.md")
	}
	doc = doc[i:]
	start := strings.Index(doc, "`{\"surveyors\"")
	end := strings.Index(doc[start+1:], "`")
	if start < 0 || end < 0 {
		t.Fatal("no options example in the Carcassonne section of docs/records.md")
	}
	example := strings.ReplaceAll(doc[start+1:start+1+end], "\n", " ")
	var got Options
	if err := json.Unmarshal([]byte(example), &got); err != nil {
		t.Fatalf("options example %s: %v", example, err)
	}
	if got != DefaultOptions() {
		t.Errorf("docs/records.md gives the defaults as %+v, the engine uses %+v", got, DefaultOptions())
	}
}

// A refused move says what is wrong with it: the position off the board, the segment whose feature is taken.
func TestIllegalMoveErrorsNameTheirCause(t *testing.T) {
	b := newTable(t, 2, DefaultOptions())
	b.lay('D', 0, 0, 0, "city:N", 0) // the start tile with a knight in its city
	g := b.g
	g.current = typeByLetter('E')
	// E turned 180° has its city south, on top of the knight's city.
	err := g.Play(Move{Placement: Placement{X: 0, Y: -1, Rot: 2}, Meeple: 0})
	if !errors.Is(err, errOccupied) || !strings.Contains(err.Error(), "city:S") {
		t.Errorf("knight on an occupied city: %v, want errOccupied naming city:S", err)
	}
	err = g.Play(Move{Placement: Placement{X: 100000, Y: -3}, Meeple: NoMeeple})
	if !errors.Is(err, errOffBoard) || !strings.Contains(err.Error(), "(100000,-3)") {
		t.Errorf("far away: %v, want errOffBoard naming (100000,-3)", err)
	}
}

// The seat accessors answer 0 for a seat that is not in the game rather than panic.
func TestSeatAccessorsOutsideTheGame(t *testing.T) {
	g, err := NewGame(DefaultOptions(), 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.scores[0] = 4
	for _, seat := range []int{-1, 3, 5, 1 << 20} {
		if g.Score(seat) != 0 || g.Supply(seat) != 0 {
			t.Errorf("seat %d: score %d supply %d, want 0 0", seat, g.Score(seat), g.Supply(seat))
		}
	}
	if g.Score(0) != 4 || g.Supply(2) != meeplesEach {
		t.Errorf("seat 0 scores %d, seat 2 holds %d meeples", g.Score(0), g.Supply(2))
	}
}

func TestCanonicalOptionsSpellOutTheDefaults(t *testing.T) {
	// The defaults of docs/carcassonne.md, written out by hand.
	got, err := Definition{}.CanonicalOptions(json.RawMessage(`{"surveyors":true}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"surveyors":true,"road_bonus":"poverty","monastery_bonus":"wealth","farmhouses":"K","monastery_own_tile":true,"caps":"all"}`
	if string(got) != want {
		t.Fatalf("canonical options\n got %s\nwant %s", got, want)
	}
	if _, err := (Definition{}).CanonicalOptions(json.RawMessage(`{"caps":"round"}`)); !errors.Is(err, game.ErrBadOptions) {
		t.Fatalf("bad caps value: %v, want ErrBadOptions", err)
	}
}

// The engine keeps, for each monastery or garden with a figure, which cells around it hold a tile
// (monkNbrs) instead of looking at the board when a tile is laid: after every move of random games with
// every expansion, each entry agrees with the board.
func TestMonkNeighboursFollowTheBoard(t *testing.T) {
	t.Parallel()
	opts := DefaultOptions()
	opts.Surveyors, opts.Expansions = true, RiverExp|AbbotExp|InnsCathedralsExp|TradersBuildersExp|MageWitchExp
	g := &Game{}
	rp := NewRandomPlayer(5)
	checked := 0
	for seed := uint64(0); seed < 40; seed++ {
		if err := g.Reset(opts, 2, seed); err != nil {
			t.Fatal(err)
		}
		for !g.over {
			if err := g.Play(rp.Move(g)); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < g.nmonks; i++ {
				cell := int(g.board.tiles[g.monks[i]].cell)
				if got, want := bits.OnesCount16(g.monkNbrs[i])-1, g.neighbours(cell); got != want || g.monkNbrs[i]&(1<<4) == 0 {
					t.Fatalf("seed %d turn %d: monk at %v: %d neighbours kept (%09b), the board has %d", seed, g.turn, posOf(cell), got, g.monkNbrs[i], want)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d monk entries checked", checked)
	}
}
