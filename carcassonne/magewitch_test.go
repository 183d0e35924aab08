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

func magicOpts(surveyors bool, more Expansions) Options {
	o := DefaultOptions()
	o.Expansions = MageWitchExp | more
	o.Surveyors = surveyors
	return o
}

// stand puts the mage or the witch on a segment of a laid tile, as an earlier portal would have.
func (b *table) stand(f Figure, x, y int, seg string) {
	b.t.Helper()
	typ, rot, ok := b.g.tileOf(Pos{x, y}, Placement{X: 1 << 20})
	if !ok {
		b.t.Fatalf("no tile at (%d,%d)", x, y)
	}
	s, err := parseSeg(typ, rot, seg)
	if err != nil {
		b.t.Fatal(err)
	}
	cell, _ := cellOf(x, y)
	b.g.xs.mageWitch.at[f-Mage] = int16(node(int(b.g.board.tileAt(cell))-1, s) + 1)
}

// magic is the magic part moving f to segment seg of the tile at (x,y), for a move laying its tile as p
// (the tile being laid may be the one).
func (b *table) magic(f Figure, x, y int, seg string, p Placement) Magic {
	b.t.Helper()
	typ, rot, ok := b.g.tileOf(Pos{x, y}, p)
	if !ok {
		return Magic{Figure: f, At: Pos{x, y}}
	}
	s, err := parseSeg(typ, rot, seg)
	if err != nil {
		b.t.Fatal(err)
	}
	return Magic{Figure: f, At: Pos{x, y}, Seg: s}
}

// cast makes seat lay tile name at (x,y) turned rot with a magic part; a refusal changes nothing.
func (b *table) cast(name string, x, y, rot int, mg func(p Placement) Magic, seat int) error {
	b.t.Helper()
	force(b.g, name)
	p := Placement{X: x, Y: y, Rot: rot}
	m := Move{Placement: p, Meeple: NoMeeple}
	if mg != nil {
		m.Magic = mg(p)
	}
	return b.move(name, m, "", seat)
}

// on is where a neutral figure stands, "(x,y) segment", or "off".
func (b *table) on(f Figure) string {
	at, seg, ok := b.g.Neutral(f)
	if !ok {
		return "off"
	}
	typ, rot, _ := b.g.tileOf(at, Placement{X: 1 << 20})
	return fmt.Sprintf("(%d,%d) %s", at.X, at.Y, segName(typ, rot, seg))
}

// The published contents of the Mage & Witch (docs/carcassonne-tiles.md): 8 tiles, each with a magic
// portal, one of them with a garden; in the pile with the expansion only, and no figure for the seats.
func TestMageWitchTileCounts(t *testing.T) {
	tiles, portals, gardens := 0, 0, 0
	for _, tt := range types {
		if tt.set != mageWitchSet {
			if tt.portal {
				t.Errorf("%s shows a portal outside the Mage & Witch", tt.name)
			}
			continue
		}
		tiles += tt.count
		if tt.portal {
			portals += tt.count
		}
		if tt.garden >= 0 {
			gardens += tt.count
		}
	}
	if tiles != 8 || portals != 8 || gardens != 1 {
		t.Errorf("%d tiles, %d portals, %d gardens; want 8, 8, 1", tiles, portals, gardens)
	}
	for _, c := range []struct {
		opts Options
		pile int
	}{{DefaultOptions(), 71}, {magicOpts(false, 0), 79}, {magicOpts(true, RiverExp|AbbotExp|InnsCathedralsExp|TradersBuildersExp), 71 + 11 + 18 + 24 + 8}} {
		g, err := NewGame(c.opts, 2, 3)
		if err != nil {
			t.Fatal(err)
		}
		if g.ndeck != c.pile {
			t.Errorf("%v: %d tiles in the pile, want %d", c.opts.Expansions, g.ndeck, c.pile)
		}
		for f := Mage; f <= Witch; f++ {
			if g.FigureSupply(0, f) != 0 {
				t.Errorf("seat 0 holds a %s", f)
			}
		}
	}
	c, err := Definition{}.CanonicalOptions(json.RawMessage(`{"expansions":["mage_witch","river"]}`))
	if err != nil || !bytes.Contains(c, []byte(`"expansions":["river","mage_witch"]`)) {
		t.Errorf("canonical options %s (%v)", c, err)
	}
}

// portalBoard lays a straight road at (-1,0): the portal tile MW1 laid east of it joins the road and
// brings a city and two more roads.
func portalBoard(t *testing.T) *table {
	b := newTable(t, 2, magicOpts(false, 0))
	b.lay('U', -1, 0, 0, "", 0)
	return b
}

// A tile with a magic portal must place the mage or the witch on an unfinished road or city, the tile
// itself included; the view then shows it.
func TestPortalPlacesTheMageOrTheWitch(t *testing.T) {
	b := portalBoard(t)
	if err := b.cast("MW1", 0, 0, 0, nil, 0); !errors.Is(err, errMagicPortal) {
		t.Fatalf("a portal with no magic: %v", err)
	}
	force(b.g, "MW1")
	opts := b.g.MagicOptions(Placement{X: 0, Y: 0}, nil)
	// the road through U and the tile, the tile's city and its other two roads; for each figure
	if len(opts) != 8 || opts[0].Figure != Mage || opts[4].Figure != Witch {
		t.Errorf("magic options %+v", opts)
	}
	if err := b.cast("MW1", 0, 0, 0, func(p Placement) Magic { return b.magic(Mage, 0, 0, "city:N", p) }, 0); err != nil {
		t.Fatal(err)
	}
	if got := b.on(Mage); got != "(0,0) city:N" || b.on(Witch) != "off" {
		t.Errorf("the mage on %s, the witch %s", got, b.on(Witch))
	}
	v := b.g.View(0).(View)
	if len(v.Neutral) != 1 || v.Neutral[0] != (NeutralView{Figure: "mage", X: 0, Y: 0, Segment: "city:N"}) {
		t.Errorf("view neutral %+v", v.Neutral)
	}
}

// A figure on the board that moves must go to another road or city, and the mage and the witch never
// share one; either may be chosen, the one beside the board too.
func TestMovedFigureGoesElsewhereAndNeverShares(t *testing.T) {
	b := portalBoard(t)
	if err := b.cast("MW1", 0, 0, 0, func(p Placement) Magic { return b.magic(Mage, 0, 0, "city:N", p) }, 0); err != nil {
		t.Fatal(err)
	}
	if err := b.cast("MW1", 1, 0, 0, func(p Placement) Magic { return b.magic(Mage, 0, 0, "city:N", p) }, 1); !errors.Is(err, errMagicStay) {
		t.Errorf("the mage kept on its city: %v", err)
	}
	if err := b.cast("MW1", 1, 0, 0, func(p Placement) Magic { return b.magic(Witch, 0, 0, "city:N", p) }, 1); !errors.Is(err, errMagicShare) {
		t.Errorf("the witch on the mage's city: %v", err)
	}
	if err := b.cast("MW1", 1, 0, 0, func(p Placement) Magic { return b.magic(Witch, 1, 0, "road:S", p) }, 1); err != nil {
		t.Fatal(err)
	}
	if b.on(Mage) != "(0,0) city:N" || b.on(Witch) != "(1,0) road:S" {
		t.Errorf("mage %s, witch %s", b.on(Mage), b.on(Witch))
	}
	if err := b.cast("MW1", 2, 0, 0, func(p Placement) Magic { return b.magic(Mage, -1, 0, "road:W", p) }, 0); err != nil {
		t.Fatal(err)
	}
	if b.on(Mage) != "(-1,0) road:E" {
		t.Errorf("the mage moved to %s", b.on(Mage))
	}
}

// joinBoard has the mage on a city cap facing east at (-1,0), the witch on one facing west at (1,0), and
// an open road at (-1,1): R at (0,0) joins the two cities into one, still open to the north.
func joinBoard(t *testing.T) *table {
	b := newTable(t, 2, magicOpts(false, 0))
	b.lay('E', -1, 0, 1, "", 0)
	b.lay('E', 1, 0, 3, "", 0)
	b.lay('U', -1, 1, 0, "", 0)
	b.stand(Mage, -1, 0, "city:E")
	b.stand(Witch, 1, 0, "city:W")
	return b
}

// A tile without a portal that joins the mage's city to the witch's forces one of them to move to
// another unfinished road or city.
func TestJoiningTheirFeaturesForcesAMove(t *testing.T) {
	b := joinBoard(t)
	if err := b.cast("R", 0, 0, 0, nil, 0); !errors.Is(err, errMagicJoin) {
		t.Fatalf("a join with no magic: %v", err)
	}
	if err := b.cast("R", 0, 0, 0, func(p Placement) Magic { return b.magic(Mage, 0, 0, "city:N", p) }, 0); !errors.Is(err, errMagicStay) {
		t.Errorf("the mage kept in the joined city: %v", err)
	}
	if err := b.cast("R", 0, 0, 0, func(p Placement) Magic { return b.magic(Witch, -1, 1, "road:W", p) }, 0); err != nil {
		t.Fatal(err)
	}
	if b.on(Mage) != "(-1,0) city:E" || b.on(Witch) != "(-1,1) road:E" {
		t.Errorf("mage %s, witch %s", b.on(Mage), b.on(Witch))
	}
	// Without a join, a tile that is no portal moves nothing.
	if err := b.cast("U", 1, 1, 0, func(p Placement) Magic { return b.magic(Mage, 0, 0, "city:N", p) }, 1); !errors.Is(err, errMagicNotNow) {
		t.Errorf("magic on a plain tile: %v", err)
	}
}

// stuckBoard has the mage and the witch on the only unfinished cities, west and east of a monastery,
// and caps north and south of (0,2): MW5 laid there closes both its cities, so that no road or city is
// free for either figure.
func stuckBoard(t *testing.T) *table {
	b := newTable(t, 2, magicOpts(false, 0))
	b.lay('B', 0, 0, 0, "", 0)
	b.lay('E', 1, 0, 1, "", 0)
	b.lay('E', -1, 0, 3, "", 0)
	b.lay('E', 0, 1, 2, "", 0)
	b.lay('E', 0, 3, 0, "", 0)
	b.stand(Mage, 1, 0, "city:E")
	b.stand(Witch, -1, 0, "city:W")
	return b
}

// When neither figure can go anywhere, the player takes one of those on the board off it (their
// choice); with one on the board, that one; with none, the portal does nothing.
func TestNowhereToGoRemovesOne(t *testing.T) {
	b := stuckBoard(t)
	if err := b.cast("MW5", 0, 2, 0, nil, 0); !errors.Is(err, errMagicStuck) {
		t.Errorf("no magic while both stand: %v", err)
	}
	if err := b.cast("MW5", 0, 2, 0, func(p Placement) Magic { return b.magic(Witch, 1, 0, "city:E", p) }, 0); !errors.Is(err, errMagicStuck) {
		t.Errorf("a move with nowhere to go: %v", err)
	}
	force(b.g, "MW5")
	if opts := b.g.MagicOptions(Placement{X: 0, Y: 2}, nil); len(opts) != 2 || !opts[0].Remove || !opts[1].Remove {
		t.Errorf("options %+v, want both removals", opts)
	}
	if err := b.cast("MW5", 0, 2, 0, func(Placement) Magic { return Magic{Figure: Witch, Remove: true} }, 0); err != nil {
		t.Fatal(err)
	}
	if b.on(Mage) != "(1,0) city:E" || b.on(Witch) != "off" {
		t.Errorf("mage %s, witch %s", b.on(Mage), b.on(Witch))
	}
	// The witch's city closed, one more portal closing its own cities: the witch is off the board, the
	// mage must go.
	b.lay('E', -2, 0, 1, "", 0)
	b.lay('E', 2, 2, 2, "", 0)
	b.lay('E', 2, 4, 0, "", 0)
	if err := b.cast("MW5", 2, 3, 0, func(Placement) Magic { return Magic{Figure: Witch, Remove: true} }, 1); !errors.Is(err, errMagicOff) {
		t.Errorf("the witch removed again: %v", err)
	}
	if err := b.cast("MW5", 2, 3, 0, func(Placement) Magic { return Magic{Figure: Mage, Remove: true} }, 1); err != nil {
		t.Fatal(err)
	}
	b.lay('E', 2, 0, 3, "", 0) // the mage's city closed
	b.lay('E', 4, 2, 2, "", 0)
	b.lay('E', 4, 4, 0, "", 0)
	if err := b.cast("MW5", 4, 3, 0, func(Placement) Magic { return Magic{Figure: Mage, Remove: true} }, 0); !errors.Is(err, errMagicOff) {
		t.Errorf("a removal with both off the board: %v", err)
	}
	if err := b.cast("MW5", 4, 3, 0, nil, 0); err != nil {
		t.Errorf("a portal with nothing to do: %v", err)
	}
}

// Bad magic is refused with its reason, and changes nothing (cast checks it): a figure that is not the
// mage or the witch, a field, a finished city, no tile, a removal while a road is free, the witch joining
// the mage, the mage staying, magic on a tile without a portal, magic in a game without the expansion,
// the mage stood as a seat's figure.
func TestBadMagicRefused(t *testing.T) {
	cases := []struct {
		name string
		mg   func(b *table, p Placement) Magic
		want error
	}{
		{"a meeple", func(b *table, p Placement) Magic { m := b.magic(Mage, 0, 0, "road:E", p); m.Figure = Meeple; return m }, errMagicFigure},
		{"a pig", func(b *table, p Placement) Magic { m := b.magic(Mage, 0, 0, "city:N", p); m.Figure = Pig; return m }, errMagicFigure},
		{"a field", func(b *table, p Placement) Magic { return b.magic(Mage, 0, 0, "field:Es", p) }, errMagicKind},
		{"no tile", func(b *table, p Placement) Magic { return Magic{Figure: Witch, At: Pos{5, 5}} }, errMagicNoTile},
		{"no segment", func(b *table, p Placement) Magic { return Magic{Figure: Witch, At: Pos{0, 0}, Seg: 9} }, errNoSegment},
		{"a finished city", func(b *table, p Placement) Magic { return b.magic(Witch, -1, -3, "city:S", p) }, errMagicDone},
		{"a removal while free", func(b *table, p Placement) Magic { return Magic{Figure: Mage, Remove: true} }, errMagicRemove},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := portalBoard(t)
			b.lay('E', -1, -3, 2, "", 0)
			b.lay('E', -1, -2, 0, "", 0) // two caps: a finished city
			if err := b.cast("MW1", 0, 0, 0, func(p Placement) Magic { return c.mg(b, p) }, 0); !errors.Is(err, c.want) {
				t.Errorf("%v, want %v", err, c.want)
			}
		})
	}
	// With the mage on the road at (-1,0), which the portal tile extends: the witch may not join it, the
	// mage may not stay on it; a tile without a portal moves nothing.
	for _, c := range []struct {
		name, tile string
		mg         func(b *table, p Placement) Magic
		want       error
	}{
		{"sharing", "MW1", func(b *table, p Placement) Magic { return b.magic(Witch, 0, 0, "road:W", p) }, errMagicShare},
		{"staying", "MW1", func(b *table, p Placement) Magic { return b.magic(Mage, 0, 0, "road:W", p) }, errMagicStay},
		{"no portal", "U", func(b *table, p Placement) Magic { return b.magic(Witch, 0, 0, "road:W", p) }, errMagicNotNow},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := portalBoard(t)
			b.stand(Mage, -1, 0, "road:E")
			if err := b.cast(c.tile, 0, 0, 0, func(p Placement) Magic { return c.mg(b, p) }, 0); !errors.Is(err, c.want) {
				t.Errorf("%v, want %v", err, c.want)
			}
		})
	}
	base := newTable(t, 2, DefaultOptions())
	base.lay('U', -1, 0, 0, "", 0)
	if err := base.cast("U", 0, 0, 0, func(p Placement) Magic { return base.magic(Mage, -1, 0, "road:W", p) }, 0); !errors.Is(err, errNoMagic) {
		t.Errorf("magic in a base game: %v", err)
	}
	b := portalBoard(t)
	if err := b.play("MW1", 0, 0, 0, "city:N", Mage, 0); !errors.Is(err, errNoFigure) {
		t.Errorf("the mage stood as a meeple: %v", err)
	}
}

// The move form: a magic part names the figure and a segment of a tile (the one being laid included),
// or a removal; badly formed parts are refused as bad moves, and the form round-trips.
func TestMagicMoveForm(t *testing.T) {
	b := portalBoard(t)
	g := b.g
	force(g, "MW1")
	for _, raw := range []string{
		`{"type":"place","x":0,"y":0,"rotation":0,"magic":{"figure":"mage","x":0,"y":0,"segment":"city:N"}}`,
		`{"type":"place","x":0,"y":0,"rotation":90,"meeple":"city:E","magic":{"figure":"witch","x":-1,"y":0,"segment":"road:E"}}`,
		`{"type":"place","x":0,"y":0,"rotation":0,"magic":{"figure":"witch","remove":true}}`,
	} {
		m, err := g.DecodeMove(json.RawMessage(raw))
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if got := string(g.EncodeMove(m)); got != raw {
			t.Errorf("round trip:\n%s\n%s", raw, got)
		}
	}
	for _, raw := range []string{
		`{"type":"place","x":0,"y":0,"rotation":0,"magic":{"figure":"meeple","x":0,"y":0,"segment":"city:N"}}`,
		`{"type":"place","x":0,"y":0,"rotation":0,"magic":{"figure":"mage","x":0,"y":0}}`,
		`{"type":"place","x":0,"y":0,"rotation":0,"magic":{"figure":"mage","remove":true,"x":0,"y":0}}`,
		`{"type":"place","x":0,"y":0,"rotation":0,"magic":{"figure":"mage","x":0,"y":0,"segment":"city:N","spell":1}}`,
		`{"type":"place","x":0,"y":0,"rotation":0,"magic":{"figure":"mage","x":0,"y":0,"segment":"city"}}`,
		`{"type":"place","x":0,"y":0,"rotation":0,"magic":"mage"}`,
	} {
		if _, err := g.DecodeMove(json.RawMessage(raw)); !errors.Is(err, game.ErrBadMove) {
			t.Errorf("%s: %v, want a bad move", raw, err)
		}
	}
	if _, err := g.DecodeMove(json.RawMessage(`{"type":"place","x":0,"y":0,"rotation":0,"magic":{"figure":"mage","x":7,"y":7,"segment":"city:N"}}`)); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("a magic part to no tile: %v", err)
	}
}

// A figure whose road or city is completed leaves the board, whether anyone scored it or not.
func TestFigureLeavesWithItsCompletedFeature(t *testing.T) {
	b := newTable(t, 2, magicOpts(false, 0))
	b.lay('E', 0, -1, 2, "", 0)
	b.lay('U', 3, 0, 0, "road:W", 1)
	b.stand(Mage, 0, -1, "city:S")
	b.stand(Witch, 3, 0, "road:W")
	b.lay('E', 0, 0, 0, "", 0) // closes the mage's city: no one's, no scoring
	if b.on(Mage) != "off" || b.on(Witch) != "(3,0) road:E" {
		t.Errorf("the mage on its finished city: %s; the witch on her unfinished road: %s", b.on(Mage), b.on(Witch))
	}
	if len(b.g.Events()) != 0 {
		t.Errorf("scorings %+v", b.g.Events())
	}
}

// The page's example 4: under Bad Neighbourhood a city of 5 tiles, 3 of them caps alone, with a coat of
// arms, is worth (5 − 3 + 1) × 2 = 6; the mage adds 1 per tile of the true count: red scores 11.
func TestBadNeighbourhoodAndMageExample(t *testing.T) {
	b := newTable(t, 2, magicOpts(true, 0))
	b.activate("bad_neighbourhood")
	b.lay('E', -1, 0, 1, "city:E", 0)
	b.lay('F', 0, 0, 0, "", 1) // city W-E, a coat of arms
	b.lay('R', 1, 0, 0, "", 1) // city W, N, E
	b.lay('E', 1, -1, 2, "", 1)
	b.stand(Mage, 0, 0, "city:W")
	b.lay('E', 2, 0, 3, "", 1)
	b.scores(11, 0)
	if got := mods(b.lastEvent()); got != "bad_neighbourhood:-6 mage:5" {
		t.Errorf("modifiers %q", got)
	}
	if b.on(Mage) != "off" {
		t.Errorf("the mage stayed on its scored city: %s", b.on(Mage))
	}
}

// magicRoads are the roads of the page's examples 7 and 8 without an inn: red's of 3 tiles with the witch,
// blue's of 7 tiles with the mage, completed at once by a crossroads.
func magicRoads(b *table) {
	b.t.Helper()
	b.lay('W', -2, 0, 0, "", 0)
	b.lay('U', -1, 0, 0, "road:W", 0)
	b.lay('W', 0, 6, 2, "", 1)
	b.lay('U', 0, 5, 1, "road:N", 1)
	for y := 4; y >= 1; y-- {
		b.lay('U', 0, y, 1, "", 1)
	}
	b.stand(Witch, -1, 0, "road:E")
	b.stand(Mage, 0, 3, "road:S")
	b.lay('W', 0, 0, 0, "", 0)
}

// The page's example 8: under Highway red's road with the witch scores (5 × 1) / 2 rounded up = 3, and
// blue's road of 7 tiles with the mage 5 × 1 + 7 = 12: Highway does not change the mage's count.
func TestHighwayAndMageWitchExample(t *testing.T) {
	b := newTable(t, 2, magicOpts(true, 0))
	b.activate("highway")
	magicRoads(b)
	b.scores(3, 12)
	got := map[int]string{}
	for _, e := range b.g.Events() {
		got[len(e.Tiles)] = mods(e)
	}
	if got[3] != "highway:2 witch:-2" || got[7] != "highway:-2 mage:7" {
		t.Errorf("modifiers %v", got)
	}
	if b.on(Mage) != "off" || b.on(Witch) != "off" {
		t.Errorf("after scoring: mage %s, witch %s", b.on(Mage), b.on(Witch))
	}
}

// farmRoad is the road of the page's examples 9 to 11: 6 tiles, two with a farmhouse, red's meeple on it,
// the fourth tile an inn (IC2) or a plain road; the mage or the witch on it before the last tile.
func farmRoad(b *table, inn bool, f Figure) {
	b.t.Helper()
	b.lay('W', 0, 0, 0, "", 0)
	b.lay('K', 1, 0, 0, "road:W", 0)
	b.lay('K', 1, 1, 2, "", 0)
	if inn {
		b.playOK("IC2", 2, 1, 0, "", Meeple, 1)
	} else {
		b.lay('U', 2, 1, 0, "", 1)
	}
	b.lay('U', 3, 1, 0, "", 0)
	b.stand(f, 1, 1, "road:E")
	b.lay('W', 4, 1, 0, "", 0)
}

// The page's example 10: under Peasant Uprising a road of 6 tiles with two farmhouses is worth 6 − 2 = 4,
// and the mage adds its 6, farmhouses or not: red scores 10.
func TestPeasantUprisingAndMageExample(t *testing.T) {
	b := newTable(t, 2, magicOpts(true, 0))
	b.activate("peasant_uprising")
	farmRoad(b, false, Mage)
	b.scores(10, 0)
	if got := mods(b.lastEvent()); got != "peasant_uprising:-2 mage:6" {
		t.Errorf("modifiers %q", got)
	}
}

// The page's example 11: under Peasant Uprising a road of 6 tiles with an inn and two farmhouses is worth
// 6 × 2 − 2 = 10; the witch, after the inn and the scoring tile, halves it: red scores 5.
func TestPeasantUprisingInnAndWitchExample(t *testing.T) {
	b := newTable(t, 2, magicOpts(true, InnsCathedralsExp))
	b.activate("peasant_uprising")
	farmRoad(b, true, Witch)
	b.scores(5, 0)
	if got := mods(b.lastEvent()); got != "peasant_uprising:-2 inn:6 witch:-5" {
		t.Errorf("modifiers %q", got)
	}
}

// The page's rule for Wealth and Poverty: their points come after the witch. A city of 4 tiles (8 points)
// with the witch under Wealth scores 8 / 2 + 3 = 7 (not (8 + 3) / 2 rounded up, 6); under Poverty
// 8 / 2 − 3 = 1.
func TestWealthAndPovertyComeAfterTheWitch(t *testing.T) {
	for _, c := range []struct {
		tile string
		want int
	}{{"city_wealth", 7}, {"city_poverty", 1}} {
		b := newTable(t, 2, magicOpts(true, 0))
		b.activate(c.tile)
		b.lay('E', -1, 0, 1, "city:E", 0)
		b.lay('F', 0, 0, 0, "", 1) // a coat of arms: 3 tiles × 2 + 2 = 8
		b.stand(Witch, 0, 0, "city:W")
		b.lay('E', 1, 0, 3, "", 1)
		b.scores(c.want, 0)
	}
}

// At the end of the game an unfinished road or city counts its mage or witch: an unfinished road with an
// inn is worth nothing but its mage's point per tile (2 tiles: 2); an unfinished city of 2 tiles with a
// coat of arms (3 points) with the witch scores 2, rounded up.
func TestMageAndWitchAtTheEnd(t *testing.T) {
	b := newTable(t, 2, magicOpts(false, InnsCathedralsExp))
	b.lay('U', -1, 0, 0, "", 0)
	b.playOK("IC1", 0, 0, 0, "road:S", Meeple, 0) // inn road W-S, open at both ends
	b.lay('E', 5, -1, 2, "city:S", 1)
	b.lay('F', 5, 0, 1, "", 1) // city N-S, a coat of arms, open south
	b.stand(Mage, 0, 0, "road:S")
	b.stand(Witch, 5, 0, "city:N")
	b.g.finalScoring()
	b.scores(2, 2)
	want := map[string]string{"road": "inn:-2 mage:2", "city": "witch:-1"}
	for _, e := range b.g.Events() {
		if mods(e) != want[e.Feature] || !e.Final {
			t.Errorf("%s: modifiers %q, want %q", e.Feature, mods(e), want[e.Feature])
		}
	}
}

// The narrative tells where the mage and the witch went, and that a figure left with its finished road.
func TestNarrativeTellsTheMagic(t *testing.T) {
	b := portalBoard(t)
	if err := b.cast("MW1", 0, 0, 0, func(p Placement) Magic { return b.magic(Witch, 0, 0, "road:E", p) }, 0); err != nil {
		t.Fatal(err)
	}
	if err := b.cast("MW1", 1, 0, 0, func(p Placement) Magic { return b.magic(Witch, 1, 0, "city:N", p) }, 1); err != nil {
		t.Fatal(err)
	}
	b.lay('U', 2, 0, 0, "", 1)
	if err := b.cast("MW1", 3, 0, 0, func(p Placement) Magic { return b.magic(Mage, -1, 0, "road:E", p) }, 0); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, n := range b.g.notes {
		tellMagic(b.g, int(n.turn), func(kind string, data any, text string) {
			if kind != "magic" {
				t.Errorf("kind %q", kind)
			}
			lines = append(lines, text)
		})
	}
	got := strings.Join(lines, "\n")
	for _, w := range []string{"{seat 0} places the witch on the road on the start tile",
		"{seat 1} moves the witch to the city 1 east of the start tile (from the road on the start tile)",
		"{seat 0} places the mage on the road 1 west of the start tile"} {
		if !strings.Contains(got, w) {
			t.Errorf("narrative lacks %q:\n%s", w, got)
		}
	}
}

// Random games with the Mage & Witch and every combination of the other expansions, with and without the
// Land Surveyors, 2 to 6 seats, run to the end with their supply, tile-count and score invariants
// (playChecked), the two figures always on unfinished roads or cities and never on one; their records
// replay to the same view, byte for byte. The mage and the witch score along the way.
func TestRandomGamesWithMageWitch(t *testing.T) {
	n := 64
	if testing.Short() {
		n = 32
	}
	reg := game.NewRegistry(Definition{})
	reused := &Game{}
	seen := map[string]int{}
	for seed := uint64(0); seed < uint64(n); seed++ {
		opts := magicOpts(seed%2 == 1, Expansions(seed/2%16))
		players := 2 + int(seed%4)
		if opts.Expansions.Has(InnsCathedralsExp) && seed%5 == 0 {
			players = 6
		}
		g, _ := playChecked(t, reg, reused, opts, players, seed)
		for _, e := range g.Events() {
			for _, m := range e.Modifiers {
				if m.Name == "mage" || m.Name == "witch" {
					key := m.Name
					if e.Final {
						key += " final"
					}
					seen[key]++
				}
			}
		}
		for _, nt := range g.notes {
			if nt.x == mageWitchIndex {
				seen[fmt.Sprintf("note %d", nt.kind)]++
			}
		}
		replayedView(t, reg, g, seed)
	}
	for _, k := range []string{"mage", "witch", "mage final", "witch final", "note 0", "note 1", "note 2", "note 3"} {
		if seen[k] == 0 {
			t.Errorf("no %q in %d games (%v): the games did not play the Mage & Witch", k, n, seen)
		}
	}
}

// checkNeutral verifies that the mage and the witch stand on unfinished roads or cities, never on one.
func checkNeutral(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	var roots [2]int
	for i, at := range g.xs.mageWitch.at {
		roots[i] = -1 - i
		if at == 0 {
			continue
		}
		n := int(at) - 1
		if n/maxSeg >= g.board.ntiles {
			t.Fatalf("seed %d: figure %d on no tile", seed, i)
		}
		k := types[g.board.tiles[n/maxSeg].typ].segs[n%maxSeg].kind
		roots[i] = g.feat.find(n)
		if (k != Road && k != City) || (g.feat.open[roots[i]] == 0 && !g.over) {
			t.Fatalf("seed %d: figure %d on a %s with %d open ends", seed, i, k, g.feat.open[roots[i]])
		}
	}
	if roots[0] == roots[1] {
		t.Fatalf("seed %d: the mage and the witch share a feature", seed)
	}
}

// replayedView replays a finished game from its narrative's moves and compares the views byte for byte.
func replayedView(t *testing.T, reg game.Registry, g *Game, seed uint64) {
	t.Helper()
	h, err := NewGame(g.opts, g.players, seed)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewRandomPlayer(seed)
	for !h.Over() {
		m := rp.Move(h)
		if seed%5 == 0 {
			m = h.GreedyMove()
		}
		raw := h.EncodeMove(m)
		if err := h.Apply(game.Seat(h.toAct), raw); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, raw, err)
		}
	}
	a, _ := json.Marshal(g.View(game.Spectator))
	b, _ := json.Marshal(h.View(game.Spectator))
	if !bytes.Equal(a, b) {
		t.Fatalf("seed %d: the game replayed through its JSON moves shows another view", seed)
	}
	na, _ := json.Marshal(g.Narrative())
	nb, _ := json.Marshal(h.Narrative())
	if !bytes.Equal(na, nb) {
		t.Fatalf("seed %d: the replayed narrative differs", seed)
	}
}

// FeatureAt describes a road or city for bots: its kind, tiles, open ends and each seat's strength; false
// off the board or for a segment the tile lacks.
func TestFeatureAt(t *testing.T) {
	b := newTable(t, 3, magicOpts(false, InnsCathedralsExp))
	b.lay('U', -1, 0, 0, "road:E", 2)
	b.lay('U', 0, 0, 0, "", 1)
	b.playOK("V", 1, 0, 0, "field:Ne", LargeMeeple, 0) // road W-S
	got, ok := b.g.FeatureAt(Pos{0, 0}, 0)
	want := FeatureInfo{Kind: Road, Tiles: 3, Open: 2, Strength: [MaxSeats]int{0, 0, 1}}
	if field, ok := b.g.FeatureAt(Pos{1, 0}, 1); !ok || field.Kind != Field || field.Strength[0] != 2 {
		t.Errorf("the large meeple's field: %+v %v", field, ok)
	}
	if !ok || got != want {
		t.Errorf("FeatureAt: %+v %v, want %+v", got, ok, want)
	}
	if _, ok := b.g.FeatureAt(Pos{5, 5}, 0); ok {
		t.Error("a feature off the board")
	}
	if _, ok := b.g.FeatureAt(Pos{0, 0}, 7); ok {
		t.Error("a segment the tile lacks")
	}
}

// Places are told from the start tile in words, as the browser tells them: a board has no coordinates.
func TestWhereWords(t *testing.T) {
	for _, c := range []struct {
		x, y int
		want string
	}{{0, 0, "on the start tile"}, {0, -2, "2 north of the start tile"}, {3, 1, "1 south, 3 east of the start tile"}, {-1, 0, "1 west of the start tile"}} {
		if got := whereWords(c.x, c.y); got != c.want {
			t.Errorf("whereWords(%d,%d) = %q, want %q", c.x, c.y, got, c.want)
		}
	}
}
