package carcassonne

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/surveyor-game/surveyor/game"
)

// The Mage & the Witch (mini-expansion 5, second edition): eight tiles with a magic portal
// (tiles_magewitch.go) and two neutral figures, which belong to no player, count for no majority and
// never keep a meeple out of a feature.
//
//   - A player who lays a tile with a magic portal must then place the mage or the witch (either, from
//     beside the board or from where it stands) on an unfinished road or city anywhere on the board, the
//     tile just laid included. A figure already on the board must go to another road or city, and the two
//     never share one. If neither can go anywhere, the player takes one of those on the board off it.
//   - A tile that joins the mage's road or city and the witch's into one forces the same choice without a
//     portal: one of the two moves to another unfinished road or city (or, with nowhere to go, leaves).
//     The move comes before the scorings, so what the tile completes scores with the figures as moved.
//   - A road or city scored with the mage gains a point per tile (its true count: the Land Surveyors'
//     Highway and Bad Neighbourhood do not change it, Peasant Uprising takes nothing from it, example 4, 8
//     and 10 of the page); with the witch it scores half, rounded up, after the scoring tile and an inn or
//     cathedral, and before Wealth or Poverty (examples 8 and 11, and the page's rule on Wealth and Poverty).
//     The final scoring counts them too: an unfinished road with an inn and the mage scores its mage's
//     point per tile.
//   - When its road or city is completed the figure leaves the board, whether anyone scored it or not
//     (our ruling, docs/carcassonne.md: it may stand only on unfinished features).

// Magic is the part of a move that places, moves or removes a neutral figure: Figure (Mage or Witch) goes
// to segment Seg of the tile at At (the tile being laid included), or leaves the board (Remove). The zero
// value is no magic.
type Magic struct {
	Figure Figure
	At     Pos
	Seg    int
	Remove bool
}

// mageWitchState is where the two figures stand: 1 + the node (tile×maxSeg + segment) of the mage and of
// the witch, 0 off the board (the zero value: both beside the board, as at the start).
type mageWitchState struct {
	at [2]int16
	// leaving marks (a bit per figure) those whose road or city the tile being laid completed: they
	// leave the board at the end of its turn, after the scoring (magicLeaves).
	leaving uint8
}

// The modifiers the Mage & Witch records on a scoring, by id.
const (
	modMage int8 = iota
	modWitch
)

// The notes it tells the narrative, by kind.
const (
	noteMagicMove int8 = iota
	noteMagicLeave
)

var (
	errMagicNotNow  = errors.New("neither the mage nor the witch moves this turn: only a tile with a magic portal, or one that joins the mage's road or city to the witch's, moves one")
	errMagicPortal  = errors.New("the tile shows a magic portal: the move must place or move the mage or the witch (\"magic\")")
	errMagicJoin    = errors.New("the tile joins the mage's road or city to the witch's: the move must move one of them elsewhere (\"magic\")")
	errMagicStuck   = errors.New("neither the mage nor the witch can go to an unfinished road or city: the move must take one of them off the board (\"magic\" with \"remove\": true)")
	errMagicFigure  = errors.New("only the mage or the witch moves by magic")
	errMagicRemove  = errors.New("a figure leaves the board only when neither can go to an unfinished road or city")
	errMagicOff     = errors.New("that figure is not on the board")
	errMagicNoTile  = errors.New("no tile lies there")
	errMagicKind    = errors.New("the mage and the witch stand only on a road or a city")
	errMagicDone    = errors.New("that road or city is finished, or is finished by this tile")
	errMagicShare   = errors.New("the mage and the witch never stand on one road or city")
	errMagicStay    = errors.New("a figure that moves must go to another road or city")
	errMagicNoWhere = errors.New("no unfinished road or city is free for the mage or the witch")
)

var mageWitch = expansion{
	name:      "Mage & Witch",
	on:        func(o Options) bool { return o.Expansions.Has(MageWitchExp) },
	deck:      deckOf(mageWitchSet),
	checkMove: checkMagic,
	magic:     true,
	playMove:  playMagic,
	scoring:   magicScoring,
	modifier: func(id int8) (string, string) {
		switch id {
		case modMage:
			return "mage", "the mage"
		case modWitch:
			return "witch", "the witch"
		}
		return "", ""
	},
	completed: magicCompleted,
	turnEnd:   magicLeaves,
	view:      magicView,
	tellTurn:  tellMagic,
}

// mageWitchIndex is the expansion's index in the list, which its notes record.
var mageWitchIndex int8

func init() { mageWitchIndex = indexOf(&mageWitch) }

// afterLay is how the roads and cities would stand once the drawn tile is laid on a cell, worked out
// without laying it (a move is judged before anything changes): the board's features it joins (links)
// and how many of its sides meet a neighbour's road or city.
type afterLay struct {
	l     links
	idx   int // the index the tile will take on the board
	typ   int
	at    Pos
	meets [maxSeg]int8 // per segment of the tile, the sides on which it meets a neighbour
}

// layout works out a for the drawn tile laid as p; false if it may not be laid there.
func (g *Game) layout(p Placement, a *afterLay) bool {
	if !g.standFor(p) {
		return false
	}
	g.layoutHere(p, a)
	return true
}

// layoutHere is layout for the placement p that g.stand holds (standFor or check said it is legal).
func (g *Game) layoutHere(p Placement, a *afterLay) {
	a.l = g.stand.l
	a.idx, a.typ, a.at = g.board.ntiles, g.current, Pos{p.X, p.Y}
	a.meets = [maxSeg]int8{}
	o := &orients[g.stand.oi]
	nbr := &g.board.fnbr[g.stand.l.front] // standAt found the cell on the frontier
	for d := 0; d < 4; d++ {
		if nbr[d] != 0 && o.sideSeg[d] >= 0 {
			a.meets[o.sideSeg[d]]++
		}
	}
}

// groupOf is the set of the tile's segments that would end up in one feature with segment s.
func (a *afterLay) groupOf(s int) segSet {
	for i := 0; i < a.l.n; i++ {
		if a.l.group[i]&(1<<s) != 0 {
			return a.l.group[i]
		}
	}
	return 1 << s
}

// key names the road or city node n would belong to once the tile is laid: the root of a feature the
// tile does not join, else the node of the tile's lowest segment in it.
func (g *Game) key(a *afterLay, n int) int {
	var grp segSet
	if n/maxSeg == a.idx {
		grp = a.groupOf(n % maxSeg)
	} else {
		r := g.feat.find(n)
		for i := 0; i < a.l.n && grp == 0; i++ {
			if int(a.l.root[i]) == r {
				grp = a.l.group[i]
			}
		}
		if grp == 0 {
			return r
		}
	}
	return node(a.idx, bits.TrailingZeros16(uint16(grp)))
}

// openAfter is the number of open ends the feature of a key would have once the tile is laid: those of
// the features it joins and of its own segments there, less two for each side where they meet.
func (g *Game) openAfter(a *afterLay, key int) int {
	if key/maxSeg != a.idx {
		return int(g.feat.open[key])
	}
	grp := a.groupOf(key % maxSeg)
	open := 0
	for i := 0; i < a.l.n; i++ {
		if a.l.group[i] != grp {
			continue
		}
		dup := false
		for j := 0; j < i; j++ {
			dup = dup || (a.l.root[j] == a.l.root[i] && a.l.group[j] == grp)
		}
		if !dup {
			open += int(g.feat.open[a.l.root[i]])
		}
	}
	tt := &types[a.typ]
	for m := grp; m != 0; m &= m - 1 {
		s := bits.TrailingZeros16(uint16(m))
		open += int(tt.segs[s].nsides) - 2*int(a.meets[s])
	}
	return open
}

// magicKeys are the keys of the features the mage and the witch would stand in once the tile is laid,
// -1 for a figure off the board.
func (g *Game) magicKeys(a *afterLay) (k [2]int) {
	for i, at := range g.xs.mageWitch.at {
		k[i] = -1
		if at != 0 {
			k[i] = g.key(a, int(at)-1)
		}
	}
	return k
}

// magicDue reports whether the tile laid as a moves the mage or the witch: it shows a portal, or it joins
// the mage's road or city to the witch's.
func (g *Game) magicDue(a *afterLay) bool {
	if !g.magicMaybe(a.typ) {
		return false
	}
	if types[a.typ].portal {
		return true
	}
	k := g.magicKeys(a)
	return k[0] == k[1]
}

// magicMaybe reports whether a tile of type typ may move the mage or the witch, wherever it is laid: it
// shows a portal, or both stand on the board (it might join their features). Telling needs no layout.
func (g *Game) magicMaybe(typ int) bool {
	st := &g.xs.mageWitch
	return g.opts.Expansions.Has(MageWitchExp) && (types[typ].portal || (st.at[0] != 0 && st.at[1] != 0))
}

// magicSkipHere tells, without a layout, that the drawn tile laid as g.stand holds moves neither the mage
// nor the witch, for a tile that may (magicMaybe): it shows no portal, and it reaches the features of
// the two figures (both on the board) not both, so that it cannot join them (magicDue). Most tiles are
// told so once both figures stand on the board, which is most of a game.
func (g *Game) magicSkipHere() bool {
	if types[g.current].portal {
		return false
	}
	st, l := &g.xs.mageWitch, &g.stand.l
	rm, rw := g.feat.find(int(st.at[0])-1), g.feat.find(int(st.at[1])-1)
	var met uint8
	for i := 0; i < l.n; i++ {
		switch int(l.root[i]) {
		case rm:
			met |= 1
		case rw:
			met |= 2
		}
	}
	return met != 3
}

// target is a road or city the mage or the witch may go to: a tile (its board index, the one the tile
// being laid will take for it) and one of its segments.
type target struct{ tile, seg int }

// forTargets calls visit with one segment of each road or city that would be unfinished once the tile
// is laid and holds neither the mage nor the witch: first the board's features the tile does not join,
// by their roots in board order (boardTargets), then the tile's own, each by its lowest segment
// (tileTargets); it stops when visit returns false. It allocates nothing (visit does not escape).
func (g *Game) forTargets(a *afterLay, visit func(target) bool) {
	excl := g.magicKeys(a)
	var ws targetWords
	nw := g.boardTargets(a, excl, &ws)
	for w := 0; w < nw; w++ {
		for m := ws[w]; m != 0; m &= m - 1 {
			n := w*64 + bits.TrailingZeros64(m)
			if !visit(target{n / maxSeg, n % maxSeg}) {
				return
			}
		}
	}
	var own [maxSeg]int8
	for _, s := range own[:g.tileTargets(a, excl, &own)] {
		if !visit(target{a.idx, int(s)}) {
			return
		}
	}
}

// targetWords are roots of roads and cities, a bit per node as features.openRC.
type targetWords [len(features{}.openRC)]uint64

// boardTargets fills ws with the roots of the board's roads and cities the mage or the witch may go to
// once the tile is laid, and returns how many words it filled: the unfinished ones (openRC), less those
// the tile joins (they are the tile's own then) and those holding either figure (excl, their keys). As
// words they are counted by popcounts and the k-th is found without visiting the others.
func (g *Game) boardTargets(a *afterLay, excl [2]int, ws *targetWords) int {
	lim := a.idx * maxSeg
	nw := (lim + 63) / 64
	copy(ws[:nw], g.feat.openRC[:nw])
	if lim&63 != 0 {
		ws[nw-1] &= 1<<(lim&63) - 1 // the bits past the board may be an earlier game's (addTile)
	}
	drop := func(n int) {
		if n >= 0 && n < lim {
			ws[n>>6] &^= 1 << (n & 63)
		}
	}
	for i := 0; i < a.l.n; i++ {
		drop(int(a.l.root[i]))
	}
	drop(excl[0])
	drop(excl[1])
	return nw
}

// tileTargets lists into own the segments of the tile being laid that stand for a road or city the mage
// or the witch may go to (the lowest segment of each group that would stay unfinished and holds neither
// figure), and returns how many.
func (g *Game) tileTargets(a *afterLay, excl [2]int, own *[maxSeg]int8) int {
	tt := &types[a.typ]
	var done segSet
	n := 0
	for s := range tt.segs {
		if k := tt.segs[s].kind; (k != Road && k != City) || done&(1<<s) != 0 {
			continue
		}
		done |= a.groupOf(s)
		key := node(a.idx, s) // s is the lowest segment of its group: the lower ones are done
		if key == excl[0] || key == excl[1] || g.openAfter(a, key) == 0 {
			continue
		}
		own[n] = int8(s)
		n++
	}
	return n
}

// countTargets is the number of roads and cities the mage or the witch may go to.
func (g *Game) countTargets(a *afterLay) int {
	n := 0
	g.forTargets(a, func(target) bool { n++; return true })
	return n
}

// anyTarget reports whether the mage or the witch may go to some road or city: the first one found ends
// the search, which a move's check needs and a count would take a whole scan of the board for.
func (g *Game) anyTarget(a *afterLay) bool {
	found := false
	g.forTargets(a, func(target) bool { found = true; return false })
	return found
}

// posOfTile is where a tile lies, the tile being laid included.
func (g *Game) posOfTile(a *afterLay, tile int) Pos {
	if tile == a.idx {
		return a.at
	}
	return posOf(int(g.board.tiles[tile].cell))
}

// checkMagic refuses a move whose magic part the rules do not allow: missing when the tile calls for
// one, present when it does not, a figure that is not the mage or the witch, a target that is no
// unfinished road or city, that holds the other figure or the figure itself, or a removal while a
// target is free.
func checkMagic(g *Game, m *Move) error {
	mg := &m.Magic
	if !g.magicMaybe(g.current) {
		if *mg != (Magic{}) {
			return errMagicNotNow
		}
		return nil
	}
	// check has refused an illegal placement before asking.
	cell, _ := cellOf(m.X, m.Y)
	g.standHere(cell, g.current*4+m.Rot)
	if g.stand.magic == magicUnknown && g.magicSkipHere() {
		g.stand.magic = magicNone
	}
	var a afterLay
	if g.stand.magic != magicNone {
		g.layoutHere(m.Placement, &a)
		g.magicFreeHere(&a)
	}
	if g.stand.magic == magicNone {
		if *mg != (Magic{}) {
			return errMagicNotNow
		}
		return nil
	}
	free := g.stand.magic == magicFree
	st := &g.xs.mageWitch
	if *mg == (Magic{}) {
		switch {
		case free && types[a.typ].portal:
			return errMagicPortal
		case free:
			return errMagicJoin
		case st.at[0] != 0 || st.at[1] != 0:
			return errMagicStuck
		}
		return nil // nowhere to go and nothing to take off: the portal does nothing
	}
	if mg.Figure != Mage && mg.Figure != Witch {
		return fmt.Errorf("%w, not the %s", errMagicFigure, mg.Figure)
	}
	fi := int(mg.Figure - Mage)
	name := figureWords[mg.Figure]
	if mg.Remove {
		switch {
		case free:
			return fmt.Errorf("%w: %d are free", errMagicRemove, g.countTargets(&a))
		case st.at[fi] == 0:
			return fmt.Errorf("%w: the %s", errMagicOff, name)
		}
		return nil
	}
	if !free {
		return errMagicStuck
	}
	tile := a.idx
	if mg.At != a.at {
		cell, ok := cellOf(mg.At.X, mg.At.Y)
		v := uint8(0)
		if ok {
			v = g.board.tileAt(cell)
		}
		if v == 0 {
			return fmt.Errorf("%w: the %s to (%d,%d)", errMagicNoTile, name, mg.At.X, mg.At.Y)
		}
		tile = int(v - 1)
	}
	typ := a.typ
	if tile != a.idx {
		typ = int(g.board.tiles[tile].typ)
	}
	if mg.Seg < 0 || mg.Seg >= len(types[typ].segs) {
		return fmt.Errorf("%w: tile %s has no segment %d", errNoSegment, types[typ].name, mg.Seg)
	}
	if k := types[typ].segs[mg.Seg].kind; k != Road && k != City {
		return fmt.Errorf("%w, not on a %s", errMagicKind, k)
	}
	key := g.key(&a, node(tile, mg.Seg))
	excl := g.magicKeys(&a)
	switch {
	case g.openAfter(&a, key) == 0:
		return fmt.Errorf("%w: the %s to (%d,%d)", errMagicDone, name, mg.At.X, mg.At.Y)
	case key == excl[fi]:
		return fmt.Errorf("%w: the %s stands on that one", errMagicStay, name)
	case key == excl[1-fi]:
		return fmt.Errorf("%w: the %s stands on that one", errMagicShare, figureWords[Mage+Figure(1-fi)])
	}
	return nil
}

// magicFreeHere reports whether the tile laid as a (the placement g.stand holds) moves the mage or the
// witch and some road or city is free for it, and keeps the answer in g.stand.magic: the random player
// asked it before the move's check does.
func (g *Game) magicFreeHere(a *afterLay) bool {
	st := &g.stand
	if st.magic == magicUnknown {
		st.magic = magicNone
		if g.magicDue(a) {
			st.magic = magicStuck
			if g.anyTarget(a) {
				st.magic = magicFree
			}
		}
	}
	return st.magic == magicFree
}

// playMagic places, moves or removes the figure of the move's magic part, after the tile is laid and
// before what it completes is scored.
func playMagic(g *Game, m *Move, seat int) {
	mg := &m.Magic
	if mg.Figure != Mage && mg.Figure != Witch {
		return
	}
	st := &g.xs.mageWitch
	fi := int(mg.Figure - Mage)
	from, to := st.at[fi], int16(0)
	if !mg.Remove {
		cell, _ := cellOf(mg.At.X, mg.At.Y)
		to = int16(node(int(g.board.tileAt(cell))-1, mg.Seg) + 1)
	}
	st.at[fi] = to
	g.tellNote(mageWitchIndex, seat, noteMagicMove+int8(2*fi), int32(to), int32(from))
}

// magicCompleted marks the figure standing on a road or city the tile just laid completed (before its
// scoring): it leaves at the end of the turn. A figure never stands on a finished one, so that only the
// features this tile completes need a look, not both figures' after every tile.
func magicCompleted(g *Game, root int, _ Kind, _ int) {
	st := &g.xs.mageWitch
	for fi, at := range st.at {
		if at != 0 && g.feat.find(int(at)-1) == root {
			st.leaving |= 1 << fi
		}
	}
}

// magicLeaves takes off the board a figure whose road or city the tile just laid completed (it was
// scored with it, if anyone had a figure there).
func magicLeaves(g *Game, _ bool) {
	st := &g.xs.mageWitch
	if st.leaving == 0 {
		return
	}
	for fi, at := range st.at {
		if st.leaving&(1<<fi) != 0 {
			st.at[fi] = 0
			g.tellNote(mageWitchIndex, g.toAct, noteMagicLeave+int8(2*fi), 0, int32(at))
		}
	}
	st.leaving = 0
}

// magicScoring applies the mage or the witch to the road or city being scored, in play or at the end:
// the mage adds a point per tile of the feature, after every scoring tile and an inn or cathedral (its
// hook runs last); the witch halves what those made, Wealth and Poverty added after.
func magicScoring(g *Game, t *tally) int8 {
	if t.kind != Road && t.kind != City {
		return -1
	}
	st := &g.xs.mageWitch
	switch {
	case st.at[0] != 0 && g.feat.find(int(st.at[0])-1) == t.root:
		t.bonus += t.tiles
		return modMage
	case st.at[1] != 0 && g.feat.find(int(st.at[1])-1) == t.root:
		t.halve = true
		return modWitch
	}
	return -1
}

// NeutralView is the mage or the witch on the board: the tile's position and the segment, named as in
// the move form.
type NeutralView struct {
	Figure  string `json:"figure"`
	X       int    `json:"x"`
	Y       int    `json:"y"`
	Segment string `json:"segment"`
}

// nodeView is where a node lies, in the view's terms.
func (g *Game) nodeView(n int) (Pos, string) {
	p := &g.board.tiles[n/maxSeg]
	return posOf(int(p.cell)), segName(int(p.typ), int(p.rot), n%maxSeg)
}

// magicView shows the mage and the witch that stand on the board.
func magicView(g *Game, v *View) {
	for fi, at := range g.xs.mageWitch.at {
		if at != 0 {
			p, seg := g.nodeView(int(at) - 1)
			v.Neutral = append(v.Neutral, NeutralView{Figure: (Mage + Figure(fi)).String(), X: p.X, Y: p.Y, Segment: seg})
		}
	}
}

// Neutral is where the mage (Mage) or the witch (Witch) stands: the tile's position and the segment
// index of its type, false if it is off the board (or f is another figure).
func (g *Game) Neutral(f Figure) (Pos, int, bool) {
	if f != Mage && f != Witch || g.xs.mageWitch.at[f-Mage] == 0 {
		return Pos{}, 0, false
	}
	n := int(g.xs.mageWitch.at[f-Mage]) - 1
	return posOf(int(g.board.tiles[n/maxSeg].cell)), n % maxSeg, true
}

// whereWords says where a cell lies from the start tile, as the client does ("2 north, 1 east of the
// start tile", "on the start tile"): the board has no printed coordinates.
func whereWords(x, y int) string {
	var steps []string
	switch {
	case y < 0:
		steps = append(steps, strconv.Itoa(-y)+" north")
	case y > 0:
		steps = append(steps, strconv.Itoa(y)+" south")
	}
	switch {
	case x < 0:
		steps = append(steps, strconv.Itoa(-x)+" west")
	case x > 0:
		steps = append(steps, strconv.Itoa(x)+" east")
	}
	if len(steps) == 0 {
		return "on the start tile"
	}
	return strings.Join(steps, ", ") + " of the start tile"
}

// tellMagic tells where the mage and the witch went on that turn, and which left the board.
func tellMagic(g *Game, turn int, tell func(kind string, data any, text string)) {
	for _, n := range g.notes {
		if int(n.turn) != turn || n.x != mageWitchIndex {
			continue
		}
		fig := Mage + Figure(n.kind/2)
		name := figureWords[fig]
		data := map[string]any{"figure": fig.String()}
		where := func(key string, at int32) string {
			p, seg := g.nodeView(int(at) - 1)
			data[key] = map[string]any{"x": p.X, "y": p.Y, "segment": seg}
			return "the " + types[g.board.tiles[(at-1)/maxSeg].typ].segs[(at-1)%maxSeg].kind.String() + " " + whereWords(p.X, p.Y)
		}
		var text string
		switch {
		case n.kind%2 == noteMagicLeave:
			data["action"] = "leave"
			text = fmt.Sprintf("the %s leaves the board: %s is finished", name, where("from", n.b))
		case n.a == 0:
			data["action"] = "remove"
			text = fmt.Sprintf("{seat %d} takes the %s off the board from %s: no unfinished road or city is free", n.seat, name, where("from", n.b))
		case n.b == 0:
			data["action"] = "place"
			text = fmt.Sprintf("{seat %d} places the %s on %s", n.seat, name, where("to", n.a))
		default:
			data["action"] = "move"
			from := where("from", n.b)
			text = fmt.Sprintf("{seat %d} moves the %s to %s (from %s)", n.seat, name, where("to", n.a), from)
		}
		tell("magic", data, text)
	}
}

// MagicOptions appends the magic parts one of which a move laying the drawn tile as p must carry: every
// road or city the mage may go to, then the witch's (the same ones), or, when neither may go anywhere,
// the removal of each of them that stands on the board. None when the tile calls for no magic (or p is
// not a legal placement). The magic part of a move is independent of its figure part: any of them may
// go with any figure the placement allows.
func (g *Game) MagicOptions(p Placement, buf []Magic) []Magic {
	var a afterLay
	if !g.layout(p, &a) || !g.magicDue(&a) {
		return buf
	}
	n0 := len(buf)
	for _, f := range [2]Figure{Mage, Witch} {
		g.forTargets(&a, func(t target) bool {
			buf = append(buf, Magic{Figure: f, At: g.posOfTile(&a, t.tile), Seg: t.seg})
			return true
		})
	}
	if len(buf) == n0 {
		for fi, at := range g.xs.mageWitch.at {
			if at != 0 {
				buf = append(buf, Magic{Figure: Mage + Figure(fi), Remove: true})
			}
		}
	}
	return buf
}

// drawMagicHere draws a magic part uniformly among MagicOptions(p) into mg, the zero Magic, which it
// leaves as it is when p calls for none, for the placement p that g.stand holds; it draws from rng only
// then, so that games without a portal play as they always did. It writes in place: a Magic returned by
// value was stored field by field and then copied whole, and the processor stalls on such a copy. The roads and cities are counted (boardTargets, tileTargets) and only
// the one drawn is looked for, in the order MagicOptions lists them.
func (g *Game) drawMagicHere(p *Placement, rng *game.RNG, mg *Magic) {
	if !g.magicMaybe(g.current) {
		return
	}
	if g.magicSkipHere() {
		g.stand.magic = magicNone
		return
	}
	var a afterLay
	if g.layoutHere(*p, &a); !g.magicDue(&a) {
		g.stand.magic = magicNone
		return
	}
	excl := g.magicKeys(&a)
	var ws targetWords
	var own [maxSeg]int8
	nw := g.boardTargets(&a, excl, &ws)
	nb := 0
	for _, w := range ws[:nw] {
		nb += bits.OnesCount64(w)
	}
	n := nb + g.tileTargets(&a, excl, &own)
	g.stand.magic = magicStuck
	if n > 0 {
		g.stand.magic = magicFree
	}
	if n == 0 {
		st := &g.xs.mageWitch
		switch {
		case st.at[0] != 0 && st.at[1] != 0:
			mg.Figure, mg.Remove = Mage+Figure(rng.IntN(2)), true
		case st.at[0] != 0:
			mg.Figure, mg.Remove = Mage, true
		case st.at[1] != 0:
			mg.Figure, mg.Remove = Witch, true
		}
		return
	}
	k := rng.IntN(2 * n)
	t := target{a.idx, 0}
	if i := k % n; i >= nb {
		t.seg = int(own[i-nb])
	} else {
		node := nthSet(ws[:nw], i)
		t = target{node / maxSeg, node % maxSeg}
	}
	mg.Figure, mg.At, mg.Seg = Mage+Figure(k/n), g.posOfTile(&a, t.tile), t.seg
}

// magicHope values for seat me where the mage and the witch stand (the greedy policy's look at a magic
// part, in its tenths of a point): the mage's point per tile is worth having on a road or city me would
// win and giving to nobody else; the witch's halving the other way round. The feature's segments stand
// for its tiles, close enough to rank the choices.
func (g *Game) magicHope(me int) int {
	v := 0
	for fi, at := range g.xs.mageWitch.at {
		if at == 0 {
			continue
		}
		root := g.feat.find(int(at) - 1)
		var t tally
		x := root
		for {
			if o := g.feat.owner[x]; o != 0 {
				t.meeples[o-1] += figureStrength[g.feat.fig[x]]
			}
			x = int(g.feat.next[x])
			if x == root {
				break
			}
		}
		recv := t.receivers()
		w := 5 * int(g.feat.size[root])
		if fi == 1 {
			w = -w // half of about two points a tile in a city, one on a road: about one a segment
		}
		if recv&(1<<me) != 0 {
			v += w
		}
		if others := bits.OnesCount8(recv &^ (1 << me)); others > 0 {
			v -= w * others / max(1, g.players-1)
		}
	}
	return v
}

// MaxSeats bounds the seats of a game (six with Inns & Cathedrals): the length of FeatureInfo.Strength.
const MaxSeats = maxPlayers

// FeatureInfo describes a road or city of the board for bots: its kind, its tiles and open ends so far,
// and each seat's strength in it (figureStrength: a meeple 1, a large meeple 2).
type FeatureInfo struct {
	Kind     Kind
	Tiles    int
	Open     int
	Strength [MaxSeats]int
}

// FeatureAt describes the feature of segment seg of the tile at a position; false if no tile lies there
// or it has no such segment. It reads the board only (what every player sees) and changes nothing.
func (g *Game) FeatureAt(at Pos, seg int) (FeatureInfo, bool) {
	cell, ok := cellOf(at.X, at.Y)
	if !ok || g.board.tileAt(cell) == 0 {
		return FeatureInfo{}, false
	}
	tile := int(g.board.tileAt(cell)) - 1
	tt := &types[g.board.tiles[tile].typ]
	if seg < 0 || seg >= len(tt.segs) {
		return FeatureInfo{}, false
	}
	root := g.feat.find(node(tile, seg))
	fi := FeatureInfo{Kind: tt.segs[seg].kind, Open: int(g.feat.open[root])}
	var seen [maxTiles/64 + 1]uint64
	x := root
	for {
		if t := x / maxSeg; seen[t/64]&(1<<(t%64)) == 0 {
			seen[t/64] |= 1 << (t % 64)
			fi.Tiles++
		}
		if o := g.feat.owner[x]; o != 0 {
			fi.Strength[o-1] += int(figureStrength[g.feat.fig[x]])
		}
		x = int(g.feat.next[x])
		if x == root {
			break
		}
	}
	return fi, true
}
