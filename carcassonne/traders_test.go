package carcassonne

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

func tradersOpts(surveyors bool) Options {
	o := DefaultOptions()
	o.Expansions = TradersBuildersExp
	o.Surveyors = surveyors
	return o
}

// The deck with Traders & Builders holds its 24 tiles, one of each TB1..TB24, besides the base game's:
// 9 wine, 6 grain and 5 cloth symbols, and two printed gardens (TB11, TB21), as docs/carcassonne-tiles.md
// counts them from Wikicarpedia.
func TestTradersDeck(t *testing.T) {
	g, err := NewGame(tradersOpts(false), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.ndeck != 71+24 {
		t.Errorf("%d tiles in the pile, want 95", g.ndeck)
	}
	per := map[string]int{}
	for i := 0; i < g.ndeck; i++ {
		per[types[g.deck[i]].name]++
	}
	goods := map[string]int{}
	var gardens []string
	for i := 1; i <= 24; i++ {
		name := fmt.Sprintf("TB%d", i)
		if per[name] != 1 {
			t.Errorf("%s: %d in the pile, want 1", name, per[name])
		}
		tt := &types[typeByName(name)]
		for _, s := range tt.segs {
			for k, n := range s.goods {
				goods[goodsNames[k]] += int(n)
			}
		}
		if tt.garden >= 0 {
			gardens = append(gardens, name)
		}
	}
	if goods["wine"] != 9 || goods["grain"] != 6 || goods["cloth"] != 5 {
		t.Errorf("goods %v, want 9 wine, 6 grain, 5 cloth", goods)
	}
	if strings.Join(gardens, " ") != "TB11 TB21" {
		t.Errorf("gardens on %v, want TB11 and TB21", gardens)
	}
	base, err := NewGame(DefaultOptions(), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if base.ndeck != 71 {
		t.Errorf("the base game's pile has %d tiles", base.ndeck)
	}
}

// Whoever lays the tile that completes a city takes its goods, with no figure in it: seat 1 closes seat
// 0's city on TB7 (one grain), seat 0 scores the city, seat 1 takes the grain.
func TestGoodsGoToWhoeverCompletes(t *testing.T) {
	b := newTable(t, 2, tradersOpts(false))
	b.lay('E', 0, -1, 2, "city:S", 0)
	if err := b.play("TB7", 0, 0, 0, "", Meeple, 1); err != nil {
		t.Fatal(err)
	}
	if b.g.Goods(1) != [3]int{} {
		t.Fatal("goods taken before the city is complete")
	}
	if err := b.play("E", -1, 0, 1, "", Meeple, 1); err != nil {
		t.Fatal(err)
	}
	b.scores(6, 0)
	if got := b.g.Goods(1); got != [3]int{0, 1, 0} {
		t.Errorf("seat 1 holds %v, want 1 grain", got)
	}
	if got := b.g.Goods(0); got != [3]int{} {
		t.Errorf("seat 0 holds %v, want none", got)
	}
	v := b.g.View(game.Spectator).(View)
	if len(v.Goods) != 2 || v.Goods[1]["grain"] != 1 || v.Goods[0]["grain"] != 0 || len(v.Goods[0]) != 3 {
		t.Errorf("view goods %v", v.Goods)
	}
}

// At the end each kind's most tokens score 10, each tied seat 10: wine 2-2-0 gives seats 0 and 1 ten
// each, no grain gives nothing, cloth 1-0-3 gives seat 2 ten. Each is a "goods" scoring.
func TestGoodsMajorityTiesScoreInFull(t *testing.T) {
	b := newTable(t, 3, tradersOpts(false))
	b.g.xs.traders.goods = [maxPlayers][numGoods]uint8{{2, 0, 1}, {2, 0, 0}, {0, 0, 3}}
	goodsMajority(b.g)
	b.scores(10, 10, 10)
	ev := b.g.Events()
	if len(ev) != 2 || ev[0].Feature != "goods" || ev[0].Goods != "wine" || len(ev[0].Receivers) != 2 ||
		ev[1].Goods != "cloth" || ev[1].Receivers[0] != 2 || ev[1].Points != 10 || !ev[1].Final {
		t.Fatalf("goods scorings %+v", ev)
	}
	if got := scoringText(ev[0]); got != "Final scoring: most wine: {seat 0} and {seat 1} +10" {
		t.Errorf("told %q", got)
	}
}

// roadWithBuilder lays a road west to east: a road end (A, turned so that its road leaves east) at (-1,0),
// seat 0's meeple on U at (0,0), and seat 0's builder on U at (1,0).
func roadWithBuilder(t *testing.T, surveyors bool) *table {
	b := newTable(t, 2, tradersOpts(surveyors))
	b.lay('A', -1, 0, 3, "", 1)
	b.lay('U', 0, 0, 0, "road:W", 0)
	if err := b.play("U", 1, 0, 0, "road:W", Builder, 0); err != nil {
		t.Fatal(err)
	}
	if b.g.ToActSeat() != 1 || b.g.DoubleTurn() {
		t.Fatal("standing the builder gave a second tile")
	}
	return b
}

// A tile that extends the road of one's builder gives a second tile at once (the seat stays to act, the
// view says double_turn); the second tile, extending it again, gives no third.
func TestBuilderGivesASecondTileNeverAThird(t *testing.T) {
	b := roadWithBuilder(t, false)
	// seat 1 extending seat 0's road gives nobody anything
	if err := b.play("U", 2, 0, 0, "", Meeple, 1); err != nil {
		t.Fatal(err)
	}
	if b.g.ToActSeat() != 0 || b.g.DoubleTurn() {
		t.Fatal("seat 1 extending seat 0's builder road gave a second tile")
	}
	if err := b.play("U", 3, 0, 0, "", Meeple, 0); err != nil {
		t.Fatal(err)
	}
	if b.g.ToActSeat() != 0 || !b.g.DoubleTurn() {
		t.Fatalf("no second tile: seat %d to act", b.g.ToActSeat())
	}
	raw, _ := json.Marshal(b.g.View(game.Spectator))
	if !bytes.Contains(raw, []byte(`"double_turn":true`)) {
		t.Errorf("the view does not tell the second tile: %s", raw)
	}
	if err := b.play("U", 4, 0, 0, "", Meeple, 0); err != nil {
		t.Fatal(err)
	}
	if b.g.ToActSeat() != 1 || b.g.DoubleTurn() {
		t.Fatal("the second tile gave a third")
	}
	// Seat 0 may not lay another: a precise refusal, nothing changes.
	before := snapshot(t, b.g)
	err := b.g.Apply(0, b.g.EncodeMove(Move{Placement: Placement{X: 5, Y: 0}, Meeple: NoMeeple}))
	if !errors.Is(err, game.ErrNotYourTurn) || !strings.Contains(err.Error(), "no second tile") {
		t.Errorf("second tile not earned: %v", err)
	}
	if snapshot(t, b.g) != before {
		t.Error("the refused move changed the game")
	}
}

// The tile that completes the builder's road extends it too: the road scores, the builder and the meeple
// go home, and the seat lays a second tile. With the Land Surveyors the piles turn after each tile of the
// double turn that scored: here both, two changes in one turn; a second tile scoring nothing turns none.
func TestBuilderDoubleTurnTurnsThePilesTwice(t *testing.T) {
	for _, secondScores := range []bool{true, false} {
		b := roadWithBuilder(t, true)
		b.lay('E', 0, -1, 0, "city:N", 0)
		p0 := b.g.xs.surveyors.piles
		if err := b.play("A", 2, 0, 1, "", Meeple, 0); err != nil {
			t.Fatal(err)
		}
		p1 := b.g.xs.surveyors.piles
		if p1 == p0 {
			t.Error("completing the road did not turn the piles")
		}
		if b.g.ToActSeat() != 0 || !b.g.DoubleTurn() {
			t.Fatal("completing the builder's road gave no second tile")
		}
		if b.g.FigureSupply(0, Builder) != 1 || b.g.Supply(0) != 6 {
			t.Errorf("builder %d, meeples %d in hand after the road scored", b.g.FigureSupply(0, Builder), b.g.Supply(0))
		}
		name, x, y, rot := "E", 0, -2, 2 // closes seat 0's city
		if !secondScores {
			name, x, y, rot = "B", 1, -1, 0 // a monastery no one stands on
		}
		if err := b.play(name, x, y, rot, "", Meeple, 0); err != nil {
			t.Fatal(err)
		}
		if p2 := b.g.xs.surveyors.piles; (p2 != p1) != secondScores {
			t.Errorf("second tile scoring %v: piles turned %v", secondScores, p2 != p1)
		}
		if b.g.ToActSeat() != 1 {
			t.Error("the turn did not pass after the second tile")
		}
	}
}

// A builder stands only on a road or city joining a follower of its seat, a pig only on a field joining
// one of its farmers, and only while in hand: each refusal says why and changes nothing.
func TestBuilderAndPigRefusals(t *testing.T) {
	b := newTable(t, 2, tradersOpts(false))
	b.lay('U', 0, 0, 0, "road:W", 1)
	b.lay('E', 0, -1, 0, "field:En", 0)
	cases := []struct {
		tile, seg string
		fig       Figure
		x, y, rot int
		want      error
	}{
		{"U", "road:W", Builder, 1, 0, 0, errNoFollower},     // the road holds seat 1's meeple only
		{"U", "field:Nw", Builder, 1, 0, 0, errBuilderThere}, // a builder on a field
		{"U", "road:W", Pig, 1, 0, 0, errPigThere},           // a pig on a road
		{"U", "field:Es", Pig, 1, 0, 0, errNoFollower},       // the south field holds no farmer
		{"E", "city:N", Builder, 1, -1, 0, errNoFollower},    // a new city: no follower in it
	}
	for _, c := range cases {
		if err := b.play(c.tile, c.x, c.y, c.rot, c.seg, c.fig, 0); !errors.Is(err, c.want) {
			t.Errorf("%s on %s: %v, want %v", c.fig, c.seg, err, c.want)
		}
	}
	// The pig on the north field of U, which joins seat 0's farmer on E: allowed.
	if err := b.play("U", 1, 0, 0, "field:Nw", Pig, 0); err != nil {
		t.Fatalf("pig by a farmer refused: %v", err)
	}
	// No pig left.
	if err := b.play("U", 2, 0, 0, "field:Nw", Pig, 0); !errors.Is(err, errNoSupply) {
		t.Errorf("second pig: %v", err)
	}
	// Neither figure makes a feature occupied nor counts in a majority: figureStrength says 0.
	if figureStrength[Builder] != 0 || figureStrength[Pig] != 0 {
		t.Error("the builder or the pig counts in a majority")
	}
}

// A field won by a seat with its pig there scores 4 per completed city for that seat; a seat tied with it
// and without a pig keeps 3.
func TestPigScoresFourPerCity(t *testing.T) {
	for _, tie := range []bool{false, true} {
		b := newTable(t, 2, tradersOpts(false))
		b.lay('E', 0, 0, 0, "field:En", 0)
		b.lay('E', 0, -1, 2, "", 1) // completes the city
		if tie {
			b.lay('U', -1, 1, 0, "field:Nw", 1)
		}
		if err := b.play("U", 0, 1, 0, "field:Nw", Pig, 0); err != nil {
			t.Fatal(err)
		}
		b.g.finalScoring()
		if tie {
			b.scores(4, 3)
		} else {
			b.scores(4, 0)
		}
		total := [2]int{}
		for _, e := range b.g.Events() {
			for _, r := range e.Receivers {
				total[r] += e.Points
			}
		}
		if total[0] != b.g.scores[0] || total[1] != b.g.scores[1] {
			t.Errorf("tie %v: scorings sum to %v, scores %v", tie, total, b.g.scores[:2])
		}
		if e := b.g.Events()[len(b.g.Events())-1]; !tie && (len(e.Modifiers) != 1 || e.Modifiers[0] != Modifier{Name: "pig", Delta: 1}) {
			t.Errorf("pig scoring %+v", e)
		}
	}
}

// checkGoods: the seats hold exactly the goods symbols of the completed cities on the board.
func checkGoods(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	var want, held [numGoods]int
	all := 0
	for tile := 0; tile < g.board.ntiles; tile++ {
		for s, sg := range types[g.board.tiles[tile].typ].segs {
			for k, n := range sg.goods {
				all += int(n)
				if g.feat.open[g.feat.find(node(tile, s))] == 0 {
					want[k] += int(n)
				}
			}
		}
	}
	for s := 0; s < g.players; s++ {
		for k, n := range g.Goods(s) {
			held[k] += n
		}
	}
	if held != want {
		t.Fatalf("seed %d: seats hold %v goods, the completed cities show %v", seed, held, want)
	}
	if all == 20 && want == [numGoods]int{9, 6, 5} && held[0]+held[1]+held[2] != 20 {
		t.Fatalf("seed %d: every goods city complete but %v held", seed, held)
	}
}

// checkNarrativeSeats: the narrative names for each tile the seat that laid it, second tiles included,
// and tells the second tiles in words.
func checkNarrativeSeats(t *testing.T, g *Game, moves []game.RecordedMove, seed uint64) {
	t.Helper()
	i := 0
	for _, e := range g.Narrative() {
		if e.Kind != "tile" || i >= len(moves) {
			continue
		}
		if e.Seat == nil || *e.Seat != moves[i].Seat {
			t.Fatalf("seed %d: the narrative gives tile %d to %v, seat %d laid it", seed, i+1, e.Seat, moves[i].Seat)
		}
		if i > 0 && moves[i].Seat == moves[i-1].Seat && !strings.Contains(e.Text, "second tile") {
			t.Fatalf("seed %d: second tile told as %q", seed, e.Text)
		}
		i++
	}
}
