package carcassonne

import (
	"errors"
	"strings"
	"testing"
)

func abbotOpts(surveyors bool) Options {
	o := DefaultOptions()
	o.Expansions = AbbotExp
	o.Surveyors = surveyors
	return o
}

// play makes seat lay tile name at (x,y) turned rot through Play, with figure fig on the named segment
// ("" for none); a refusal must change nothing.
func (b *table) play(name string, x, y, rot int, meeple string, fig Figure, seat int) error {
	b.t.Helper()
	return b.move(name, Move{Placement: Placement{X: x, Y: y, Rot: rot}, Meeple: NoMeeple, Figure: fig}, meeple, seat)
}

// recall makes seat lay tile name at (x,y) turned rot and take its abbot back from at.
func (b *table) recall(name string, x, y, rot int, at Pos, seat int) error {
	b.t.Helper()
	return b.move(name, Move{Placement: Placement{X: x, Y: y, Rot: rot}, Meeple: NoMeeple, Recall: true, RecallAt: at}, "", seat)
}

func (b *table) move(name string, m Move, meeple string, seat int) error {
	b.t.Helper()
	g := b.g
	g.toAct = seat
	force(g, name)
	if meeple != "" {
		s, err := parseSeg(g.current, m.Rot, meeple)
		if err != nil {
			return err
		}
		m.Meeple = s
	}
	before := snapshot(b.t, g)
	err := g.Play(m)
	if err != nil && snapshot(b.t, g) != before {
		b.t.Fatalf("refused move %+v changed the game", m)
	}
	return err
}

// gardenRing lays a garden tile (Vg: road south and west) at (0,0) with seat 0's abbot on its garden,
// the tile north of it first; ring lays the seven others, the last completing the garden.
func gardenRing(b *table) (ring func()) {
	b.t.Helper()
	b.lay('B', 0, -1, 0, "", 1)
	if err := b.play("Vg", 0, 0, 0, "garden", Abbot, 0); err != nil {
		b.t.Fatal(err)
	}
	return func() {
		b.lay('B', 1, 0, 0, "", 1)
		b.lay('U', 0, 1, 1, "", 1)
		b.lay('U', -1, 0, 0, "", 1)
		b.lay('B', -1, -1, 0, "", 1)
		b.lay('B', 1, -1, 0, "", 1)
		b.lay('B', -1, 1, 0, "", 1)
		b.lay('B', 1, 1, 0, "", 1)
	}
}

// Each player has one abbot, which stands on a monastery or a garden, never elsewhere; a second abbot is
// refused for want of one.
func TestAbbotStandsOnMonasteryOrGarden(t *testing.T) {
	b := newTable(t, 2, abbotOpts(false))
	if got := b.g.FigureSupply(0, Abbot); got != 1 {
		t.Fatalf("abbots in hand %d, want 1", got)
	}
	b.lay('B', 0, -1, 0, "", 1)
	err := b.play("V", 0, 0, 0, "road:S", Abbot, 0)
	if !errors.Is(err, errFigureThere) || !strings.Contains(err.Error(), "only on a monastery or a garden") {
		t.Fatalf("abbot on a road: %v", err)
	}
	if err := b.play("Vg", 0, 0, 0, "garden", Abbot, 0); err != nil {
		t.Fatalf("abbot on a garden: %v", err)
	}
	if b.g.FigureSupply(0, Abbot) != 0 || b.g.Supply(0) != 7 {
		t.Fatalf("after the abbot: %d abbots, %d meeples in hand", b.g.FigureSupply(0, Abbot), b.g.Supply(0))
	}
	v := b.g.View(0).(View)
	found := false
	for _, tv := range v.Board {
		for _, mv := range tv.Meeples {
			found = found || (tv.Tile == "Vg" && mv.Figure == "abbot" && mv.Segment == "garden" && mv.Seat == 0)
		}
	}
	if !found || v.Supplies[0]["abbot"] != 0 || v.Supplies[1]["abbot"] != 1 || v.Supplies[0]["meeple"] != 7 {
		t.Errorf("view: board %+v supplies %v", v.Board, v.Supplies)
	}
	err = b.play("A", 1, -1, 0, "monastery", Abbot, 0)
	if !errors.Is(err, errNoSupply) || !strings.Contains(err.Error(), "no abbot left") {
		t.Fatalf("a second abbot: %v", err)
	}
	if err := b.play("A", 1, -1, 0, "monastery", Abbot, 1); err != nil {
		t.Fatalf("seat 1's abbot on a monastery: %v", err)
	}
}

// A plain meeple never stands on a garden; the garden tile's other features take meeples as usual, and
// without the Abbot no garden tile is in the deck.
func TestMeepleNotOnGarden(t *testing.T) {
	b := newTable(t, 2, abbotOpts(false))
	b.lay('B', 0, -1, 0, "", 1)
	err := b.play("Vg", 0, 0, 0, "garden", Meeple, 0)
	if !errors.Is(err, errFigureThere) || !strings.Contains(err.Error(), "only an abbot") {
		t.Fatalf("meeple on a garden: %v", err)
	}
	force(b.g, "Vg")
	segs := b.g.MeepleOptions(Placement{X: 0, Y: 0}, nil)
	for _, s := range segs {
		if types[b.g.current].segs[s].kind == Garden {
			t.Fatal("a meeple is offered the garden")
		}
	}
	if abbots := b.g.FigureOptions(Placement{X: 0, Y: 0}, Abbot, nil); len(abbots) != 1 || types[b.g.current].segs[abbots[0]].kind != Garden {
		t.Fatalf("abbot options %v, want the garden", abbots)
	}
	for seed := uint64(0); seed < 5; seed++ {
		g, _ := NewGame(DefaultOptions(), 2, seed)
		for i := 0; i < g.ndeck; i++ {
			if types[g.deck[i]].set != baseSet {
				t.Fatalf("base game deals %s", types[g.deck[i]].name)
			}
		}
	}
}

// With the Abbot the eight garden tiles replace one copy each of E, H, I, M, N, R, U and V: still 72.
func TestGardenTilesReplaceBaseCopies(t *testing.T) {
	g, err := NewGame(abbotOpts(false), 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	per := map[string]int{}
	for i := 0; i < g.ndeck; i++ {
		per[types[g.deck[i]].name]++
	}
	want := map[string]int{"E": 4, "Eg": 1, "H": 2, "Hg": 1, "I": 1, "Ig": 1, "M": 1, "Mg": 1, "N": 2, "Ng": 1,
		"R": 2, "Rg": 1, "U": 7, "Ug": 1, "V": 8, "Vg": 1, "D": 3, "A": 2, "B": 4}
	for n, w := range want {
		if per[n] != w {
			t.Errorf("%s: %d in the pile, want %d", n, per[n], w)
		}
	}
	if g.ndeck != 71 {
		t.Errorf("%d tiles in the pile, want 71", g.ndeck)
	}
	gardens := 0
	for i := range types {
		// the later expansions' printed gardens are their own tiles, counted by their tests
		if types[i].garden >= 0 && types[i].set <= riverSet {
			gardens += types[i].count
		}
	}
	if gardens != 9 {
		t.Errorf("%d tiles show a garden, want 9 (8 base, 1 river)", gardens)
	}
}

// A completed garden scores 9 like a monastery; the Land Surveyors' monastery pile does not apply to it.
func TestCompletedGardenScoresNine(t *testing.T) {
	b := newTable(t, 2, abbotOpts(true))
	b.activate("monastery_wealth")
	ring := gardenRing(b)
	ring()
	b.scores(9, 0)
	e := b.lastEvent()
	if e.Feature != "garden" || e.Points != 9 || e.Surveyor != "" || len(e.Modifiers) != 0 {
		t.Errorf("garden scoring %+v", e)
	}
	if b.g.FigureSupply(0, Abbot) != 1 {
		t.Error("the abbot did not come home")
	}
}

// An abbot's completed monastery is a monastery scoring: the Land Surveyors' active tile applies.
func TestAbbotsCompletedMonasteryIsAMonasteryScoring(t *testing.T) {
	b := newTable(t, 2, abbotOpts(true))
	b.activate("monastery_wealth")
	b.lay('E', 0, -1, 0, "", 1)
	if err := b.play("A", 0, 0, 0, "monastery", Abbot, 0); err != nil {
		t.Fatal(err)
	}
	b.lay('V', 1, -1, 3, "", 1)
	b.lay('V', 1, 0, 2, "", 1)
	b.lay('U', 0, 1, 1, "", 1)
	for _, p := range [][2]int{{-1, -1}, {-1, 0}, {-1, 1}} {
		b.lay('B', p[0], p[1], 0, "", 1)
	}
	b.scores(0, 0)
	b.lay('B', 1, 1, 0, "", 1)
	b.scores(12, 0)
	if e := b.lastEvent(); e.Surveyor != "monastery_wealth" || e.SurveyorDelta != 3 || e.Recall {
		t.Errorf("monastery scoring %+v", e)
	}
}

// Instead of standing a figure a player may take their abbot back and score its garden at once, as at the
// end of the game: the tiles laid so far around it, the tile just laid included. The Land Surveyors do
// not touch it, and it does not turn their piles.
func TestRecallScoresAtOnce(t *testing.T) {
	b := newTable(t, 2, abbotOpts(true))
	b.activate("monastery_wealth")
	gardenRing(b)
	b.lay('B', 1, 0, 0, "", 1)
	b.lay('U', 0, 1, 1, "", 1)
	piles := b.g.xs.surveyors.piles
	// Seat 0 lays a tile next to the garden and takes the abbot back: the garden, the tile north of it,
	// the two just laid and this one: 5.
	if err := b.recall("B", 1, -1, 0, Pos{0, 0}, 0); err != nil {
		t.Fatal(err)
	}
	b.scores(5, 0)
	e := b.lastEvent()
	if !e.Recall || e.Final || e.Feature != "garden" || e.Points != 5 || e.Surveyor != "" || len(e.Modifiers) != 0 {
		t.Errorf("recall scoring %+v", e)
	}
	if b.g.xs.surveyors.piles != piles {
		t.Error("a recall turned the Land Surveyors piles")
	}
	if b.g.FigureSupply(0, Abbot) != 1 {
		t.Error("the abbot is not back in hand")
	}
	if got := scoringText(e); got != "Abbot taken back: garden of 5 tiles: {seat 0} +5" {
		t.Errorf("told %q", got)
	}
}

// A monastery's abbot taken back is not affected by the monastery pile's tiles (Wealth, Poverty, Hermit
// Monastery, Pilgrimage Route): the rules page's Abbot ruling.
func TestRecallFromMonasteryIgnoresTheSurveyors(t *testing.T) {
	for _, id := range []string{"monastery_wealth", "hermit_monastery", "pilgrimage_route"} {
		b := newTable(t, 2, abbotOpts(true))
		b.activate(id)
		b.lay('E', 0, -1, 0, "", 1)
		if err := b.play("A", 0, 0, 0, "monastery", Abbot, 0); err != nil {
			t.Fatal(err)
		}
		b.lay('V', 1, -1, 3, "", 1)
		if err := b.recall("U", 0, 1, 1, Pos{0, 0}, 0); err != nil {
			t.Fatal(err)
		}
		// The monastery, the city tile north, the road tile north-east, the road tile south: 4.
		b.scores(4, 0)
		if e := b.lastEvent(); e.Points != 4 || e.BasePoints != 4 || e.Surveyor != "" {
			t.Errorf("%s: recall %+v", id, e)
		}
	}
}

// A recall is refused, in words and changing nothing, when no tile lies there, when no abbot stands on the
// tile, when the abbot is someone else's, and together with a figure.
func TestRecallRefusals(t *testing.T) {
	b := newTable(t, 2, abbotOpts(false))
	gardenRing(b)
	if err := b.play("A", 1, -1, 0, "monastery", Abbot, 1); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    Move
		seat int
		want error
		says string
	}{
		{Move{Recall: true, RecallAt: Pos{5, 5}}, 0, errRecallNoTile, "no tile"},
		{Move{Recall: true, RecallAt: Pos{0, -1}}, 0, errRecallNoAbbot, "no abbot"},
		{Move{Recall: true, RecallAt: Pos{1, -1}}, 0, errRecallNotYours, "seat 1"},
		{Move{Recall: true, RecallAt: Pos{0, 0}}, 1, errRecallNotYours, "seat 0"},
		{Move{Recall: true, RecallAt: Pos{0, 0}, Meeple: 1}, 0, errRecallAndFigure, "not both"},
	} {
		m := c.m
		m.Placement = Placement{X: -1, Y: 0, Rot: 0}
		if m.Meeple == 0 {
			m.Meeple = NoMeeple
		}
		err := b.move("U", m, "", c.seat)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%+v by seat %d: %v, want %v saying %q", c.m, c.seat, err, c.want, c.says)
		}
	}
	// Without the Abbot no recall exists.
	nb := newTable(t, 2, DefaultOptions())
	nb.lay('B', 0, -1, 0, "", 1)
	err := nb.move("U", Move{Placement: Placement{X: 0, Y: 0, Rot: 0}, Meeple: NoMeeple, Recall: true, RecallAt: Pos{0, -1}}, "", 0)
	if !errors.Is(err, errNoRecall) {
		t.Errorf("recall without the Abbot: %v", err)
	}
}

// At the end a garden with an abbot scores as a monastery: a point for it and each tile around.
func TestFinalScoringCountsGardens(t *testing.T) {
	b := newTable(t, 2, abbotOpts(false))
	gardenRing(b)
	b.lay('B', 1, 0, 0, "", 1)
	b.g.finalScoring()
	b.scores(3, 0)
	if e := b.lastEvent(); !e.Final || e.Feature != "garden" || e.Points != 3 {
		t.Errorf("final garden %+v", e)
	}
}

// The move form names the abbot and the recall; they decode to what they encode.
func TestAbbotMoveForm(t *testing.T) {
	g, err := NewGame(abbotOpts(false), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	force(g, "Vg")
	for _, raw := range []string{
		`{"type":"place","x":1,"y":0,"rotation":0,"meeple":"garden","figure":"abbot"}`,
		`{"type":"place","x":1,"y":0,"rotation":0,"recall":{"x":0,"y":0}}`,
	} {
		m, err := g.DecodeMove([]byte(raw))
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if got := string(g.EncodeMove(m)); got != raw {
			t.Errorf("encoded %s, want %s", got, raw)
		}
	}
	for raw, says := range map[string]string{
		`{"type":"place","x":1,"y":0,"rotation":0,"meeple":"garden","figure":"bishop"}`: "figure \"bishop\"",
		`{"type":"place","x":1,"y":0,"rotation":0,"figure":"abbot"}`:                    "names no segment",
		`{"type":"place","x":1,"y":0,"rotation":0,"recall":{"x":"a"}}`:                  "malformed",
	} {
		if _, err := g.DecodeMove([]byte(raw)); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v, want an error saying %q", raw, err, says)
		}
	}
}

// The narrative tells an abbot taken back as its own kind of event, in words.
func TestNarrativeTellsARecall(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		g, _ := randomGame(t, abbotOpts(seed%2 == 0), 2, seed)
		for _, e := range g.Narrative() {
			if e.Kind == "recall" {
				if !strings.HasPrefix(e.Text, "Abbot taken back: ") || !strings.Contains(e.Text, "{seat ") {
					t.Fatalf("recall told %q", e.Text)
				}
				return
			}
		}
	}
	t.Fatal("no recall told in 40 random games with the Abbot")
}
