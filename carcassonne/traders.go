package carcassonne

import (
	"errors"
	"fmt"
	"strings"
)

// Traders & Builders (second edition): 24 tiles (tiles_traders.go), some of whose city segments show a
// goods symbol (wine, grain, cloth); each player has a builder and a pig besides their meeples.
//
//   - Goods: whoever lays the tile that completes a city takes a token for each goods symbol in it,
//     whether or not they (or anyone) have a figure there. At the end, for each kind, the player with the
//     most tokens scores 10; tied players each score 10.
//   - The builder: instead of a follower, stood on a road or city segment of the tile just laid whose
//     road or city already holds one of the player's followers. When the player later lays a tile that
//     extends that road or city, they lay a second tile at once (a double turn); the second tile never
//     brings a third. It goes home when its road or city is completed and scored. It is no follower: it
//     counts for no majority and does not occupy a feature.
//   - The pig: instead of a follower, stood on a field of the tile just laid whose field holds one of the
//     player's farmers. At the end, if that player wins the field, they score 4 instead of 3 per completed
//     city. It is no follower either.
//
// With the Land Surveyors the piles turn at the end of each tile of a double turn that scored (turnEnd
// runs after each tile): 0, 1 or 2 changes in one player's turn.

var (
	errBuilderThere = fmt.Errorf("%w: a builder stands only on a road or a city", errFigureThere)
	errPigThere     = fmt.Errorf("%w: a pig stands only on a field", errFigureThere)
	errNoFollower   = errors.New("the builder or pig must join a road, city or field holding one of your followers")
)

// goodsTaken is one city's goods going to the seat that completed it, for the narrative.
type goodsTaken struct {
	turn int16
	seat int8
	n    [numGoods]uint8
}

// tradersState is each seat's goods and where the builder's double turn stands.
type tradersState struct {
	goods [maxPlayers][numGoods]uint8
	// earned: the tile just laid extended its layer's builder; second: the tile now drawn is that
	// seat's second tile of the turn.
	earned, second bool
	// builderAt is where each seat's builder stands: 1 + its node, 0 in hand.
	builderAt [maxPlayers]int16
	taken     [len(tradersTiles)]goodsTaken // at most one per goods symbol
	ntaken    int
}

// The scoring ids of Traders & Builders' modifiers.
const pigModifier int8 = 0

var traders = expansion{
	name:    "Traders & Builders",
	on:      func(o Options) bool { return o.Expansions.Has(TradersBuildersExp) },
	figures: [numFigures]int{Builder: 1, Pig: 1},
	deck:    deckOf(tradersSet),
	stands:  [numFigures]*figureRule{Builder: &builderRule, Pig: &pigRule},
	playMove: func(g *Game, m *Move, seat int) {
		st := &g.xs.traders
		if m.Meeple != NoMeeple && m.Figure == Builder {
			st.builderAt[seat] = int16(node(g.board.ntiles-1, m.Meeple) + 1)
		}
		st.earned = !st.second && g.extendsBuilder(seat)
	},
	completed: func(g *Game, root int, k Kind, seat int) {
		builderHome(g, root)
		takeGoods(g, root, k, seat)
	},
	playsAgain: builderDoubleTurn,
	againWords: "a second tile: the builder's road or city was extended",
	notAgain:   "no second tile: it comes only when a tile extends your builder's road or city, and never a third",
	scoring:    pigScoring,
	modifier: func(id int8) (string, string) {
		if id == pigModifier {
			return "pig", "Pig"
		}
		return "", ""
	},
	finalScoring: goodsMajority,
	view:         tradersView,
	tellTurn:     tellGoods,
}

// tradersIndex is Traders & Builders' index in the expansions list, which its pig's scoring records
// (set at init: the hook reading traders itself would make an initialization cycle).
var tradersIndex int8

func init() { tradersIndex = indexOf(&traders) }

// builderRule and pigRule: the builder stands on a road or city, the pig on a field, of the tile just
// laid, joining a feature that holds one of the seat's followers.
var (
	builderRule = figureRule{
		kinds:   1<<Road | 1<<City,
		refuse:  [numSegKinds]error{Field: errBuilderThere, River: errBuilderThere, Monastery: errBuilderThere, Garden: errBuilderThere},
		joinOwn: true,
	}
	pigRule = figureRule{
		kinds:   1 << Field,
		refuse:  [numSegKinds]error{Road: errPigThere, City: errPigThere, River: errPigThere, Monastery: errPigThere, Garden: errPigThere},
		joinOwn: true,
	}
)

// holds reports whether the feature of root holds a figure of seat: its builder, or else a follower;
// figures on tile skip are not counted (-1: none skipped).
func (g *Game) holds(root, seat int, builder bool, skip int) bool {
	x := root
	for {
		if int(g.feat.owner[x]) == seat+1 && x/maxSeg != skip {
			f := g.feat.fig[x]
			if (builder && f == Builder) || (!builder && figureStrength[f] > 0) {
				return true
			}
		}
		x = int(g.feat.next[x])
		if x == root {
			return false
		}
	}
}

// extendsBuilder reports whether the tile just laid extends a road or city holding seat's builder,
// stood there on an earlier tile.
func (g *Game) extendsBuilder(seat int) bool {
	at := int(g.xs.traders.builderAt[seat]) - 1
	idx := g.board.ntiles - 1
	if at < 0 || at/maxSeg == idx {
		return false // the builder is in hand, or was stood on this very tile
	}
	r := g.feat.find(at)
	tt := &types[g.board.tiles[idx].typ]
	// A road or city of the tile is in the builder's only if the tile joined it across a side, along one
	// of g.stand's links (by which the tile was laid): that link's feature is now the builder's. A segment
	// of the tile in it through a loop joined it along such a link too.
	l := &g.stand.l
	for i := 0; i < l.n; i++ {
		if l.side&(1<<i) != 0 && tt.segs[l.seg[i]].kind.roadOrCity() && g.feat.find(int(l.root[i])) == r {
			return true
		}
	}
	return false
}

// builderHome notes that a builder whose road or city is completed goes home (the scoring that follows
// gives it back to the supply).
func builderHome(g *Game, root int) {
	st := &g.xs.traders
	for seat, at := range st.builderAt {
		if at != 0 && g.feat.find(int(at)-1) == root {
			st.builderAt[seat] = 0
		}
	}
}

// builderDoubleTurn gives the seat that just laid a tile a second one when that tile extended its
// builder's road or city; the second tile never gives a third.
func builderDoubleTurn(g *Game) bool {
	st := &g.xs.traders
	st.second = st.earned
	st.earned = false
	return st.second
}

// takeGoods gives the goods of a city completed by a tile to the seat that laid it.
func takeGoods(g *Game, root int, k Kind, seat int) {
	if k != City {
		return
	}
	var n [numGoods]uint8
	some := false
	x := root
	for {
		sg := &types[g.board.tiles[x/maxSeg].typ].segs[x%maxSeg]
		for i, c := range sg.goods {
			n[i] += c
			some = some || c > 0
		}
		x = int(g.feat.next[x])
		if x == root {
			break
		}
	}
	if !some {
		return
	}
	st := &g.xs.traders
	for i := range n {
		st.goods[seat][i] += n[i]
	}
	if st.ntaken < len(st.taken) {
		st.taken[st.ntaken] = goodsTaken{turn: int16(g.turn), seat: int8(seat), n: n}
		st.ntaken++
	}
}

// pigScoring: a field won by a player whose pig stands in it scores 4 instead of 3 per completed city
// for that player. When the winners tie and only some have their pig there, the others keep 3: the pig
// seats' extra point per city is then a scoring of its own.
func pigScoring(g *Game, t *tally) int8 {
	if t.kind != Field {
		return -1
	}
	recv := t.receivers()
	var pigs uint8
	x := t.root
	for {
		if o := g.feat.owner[x]; o != 0 && g.feat.fig[x] == Pig {
			pigs |= 1 << (o - 1)
		}
		x = int(g.feat.next[x])
		if x == t.root {
			break
		}
	}
	switch {
	case recv&pigs == 0 || t.count == 0:
		return -1
	case recv&^pigs == 0:
		t.perTile++
		return pigModifier
	}
	g.bonusScoring(Field, int8(t.count), recv&pigs, t.count, t.mode == atEnd, tradersIndex, pigModifier)
	return -1
}

// goodsMajority scores 10 to the seats with the most tokens of each kind, every tied seat included.
func goodsMajority(g *Game) {
	st := &g.xs.traders
	for i := 0; i < int(numGoods); i++ {
		best := uint8(0)
		for s := 0; s < g.players; s++ {
			best = max(best, st.goods[s][i])
		}
		if best == 0 {
			continue
		}
		var recv uint8
		for s := 0; s < g.players; s++ {
			if st.goods[s][i] == best {
				recv |= 1 << s
			}
		}
		g.bonusScoring(Goods, int8(i), recv, 10, true, -1, 0)
	}
}

// bonusScoring gives points to some seats outside a feature's scoring (the most goods of a kind, a pig's
// extra in a tied field) and records it as a scoring: aux is the goods kind or the field's cities; a
// modifier of expansion x (if x >= 0) says the points came from it.
func (g *Game) bonusScoring(k Kind, aux int8, recv uint8, pts int, final bool, x, id int8) {
	for s := 0; s < g.players; s++ {
		if recv&(1<<s) != 0 {
			g.scores[s] += pts
		}
	}
	if g.quiet {
		return
	}
	e := event{turn: int16(g.turn), final: final, kind: k, tilesFrom: int32(len(g.evTiles)), cities: aux,
		majority: recv, receivers: recv, points: int16(pts)}
	if x >= 0 {
		e.nmods = 1
		e.mods[0] = modifier{x: x, id: id, delta: int16(pts)}
	} else {
		e.base = int16(pts)
	}
	g.events = append(g.events, e)
}

// Goods is the tokens a seat holds by kind (wine, grain, cloth; zeros for a seat not in the game).
func (g *Game) Goods(seat int) [3]int {
	var out [3]int
	if seat < 0 || seat >= g.players {
		return out
	}
	for i, n := range g.xs.traders.goods[seat] {
		out[i] = int(n)
	}
	return out
}

// DoubleTurn reports whether the tile to lay is the builder's second tile of the seat to act.
func (g *Game) DoubleTurn() bool { return !g.over && g.xs.traders.second }

// tradersView shows each seat's goods and whether the tile to lay is a builder's second tile.
func tradersView(g *Game, v *View) {
	v.DoubleTurn = g.DoubleTurn()
	for s := 0; s < g.players; s++ {
		m := map[string]int{}
		for i, n := range g.xs.traders.goods[s] {
			m[goodsNames[i]] = int(n)
		}
		v.Goods = append(v.Goods, m)
	}
}

// tellGoods tells the goods each city completed on that turn gave.
func tellGoods(g *Game, turn int, tell func(kind string, data any, text string)) {
	st := &g.xs.traders
	for _, tk := range st.taken[:st.ntaken] {
		if int(tk.turn) != turn {
			continue
		}
		data := map[string]int{"seat": int(tk.seat)}
		var parts []string
		for i, n := range tk.n {
			data[goodsNames[i]] = int(n)
			if n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, goodsNames[i]))
			}
		}
		tell("goods", data, fmt.Sprintf("{seat %d} completes a city and takes its goods: %s", tk.seat, strings.Join(parts, ", ")))
	}
}
