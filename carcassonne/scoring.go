package carcassonne

import "math/bits"

// tally is a feature being scored, broken into the quantities the rules and the Land Surveyors tiles act
// on. The value is count×perTile + arms×perArm + extra (halved, rounded up, if halve) + bonus, which fixes
// the documented order of application: who scores first (jury), then the tile count (Highway, Bad
// Neighbourhood), then points per tile or symbol (Siege, Street Fair, Peasant Uprising, Hermit,
// Pilgrimage, an inn or cathedral), then the halving (the witch), then the flat bonuses last (Wealth,
// Poverty, the mage's point per tile).
type tally struct {
	kind       Kind
	root       int // the feature's root segment (a road, city or field)
	tiles      int // distinct tiles of the feature (monastery: itself and its neighbours present)
	capOnly    int // city tiles that bring only caps to the city
	arms       int
	farmhouses int // road tiles that show a farmhouse
	cityNbrs   int // monastery: surrounding tiles with a city segment
	roadNbrs   int // monastery: surrounding tiles with a road segment
	inns       int // road segments with an inn (Inns & Cathedrals)
	cathedrals int // city segments with a cathedral (Inns & Cathedrals)
	goods      [numGoods]int
	meeples    [maxPlayers]uint8 // the strength of each seat's figures (figureStrength)
	mode       scoreMode

	count   int
	perTile int
	perArm  int
	extra   int
	bonus   int
	jury    bool
	halve   bool
}

// mark counts a segment's inn, cathedral and goods symbols.
func (t *tally) mark(sg *segment) {
	if sg.inn {
		t.inns++
	}
	if sg.cathedral {
		t.cathedrals++
	}
	for i, n := range sg.goods {
		t.goods[i] += int(n)
	}
}

func (t *tally) value() int {
	v := t.count*t.perTile + t.arms*t.perArm + t.extra
	if t.halve {
		v = (v + 1) >> 1 // rounded up, below zero too (the shift floors)
	}
	return v + t.bonus
}

// receivers is the bit set of seats that score: those with the most meeples, or under Citizens' Jury
// everyone with one.
func (t *tally) receivers() uint8 {
	best := uint8(0)
	for _, m := range t.meeples {
		best = max(best, m)
	}
	var r uint8
	if best == 0 {
		return 0
	}
	for s, m := range t.meeples {
		if m == best || (t.jury && m > 0) {
			r |= 1 << s
		}
	}
	return r
}

// maxMods bounds the modifiers of one scoring (one an expansion at most).
const maxMods = 4

// modifier is what an expansion changed in a scoring: x is the expansion's index in the expansions list,
// id the expansion's own (expansion.modifier names it), delta the points it made.
type modifier struct {
	x     int8
	id    int8
	delta int16
}

// scoreMode says when a feature is scored: in play (after a tile completes it), at the end, or when its
// abbot is taken back (the Abbot: scored as at the end, at once).
type scoreMode uint8

const (
	inPlay scoreMode = iota
	atEnd
	onRecall
)

// event is one scoring, kept compact so that recording it does not allocate; ScoreEvent is its public form.
type event struct {
	turn      int16
	final     bool
	recall    bool
	kind      Kind
	tilesFrom int32
	tilesLen  int16
	cities    int8
	meeples   [maxPlayers]uint8
	majority  uint8 // receivers under the plain majority rule
	receivers uint8
	points    int16 // to each receiver
	base      int16 // what the feature was worth without the expansions' modifiers
	nmods     uint8
	mods      [maxMods]modifier
}

func (g *Game) newStamp() uint16 {
	g.stampN++
	if g.stampN == 0 {
		g.stamp = [numNodes]uint16{}
		g.stampN = 1
	}
	return g.stampN
}

// walk tallies a road, city or field from its root, and appends its distinct tiles to the event pool.
func (g *Game) walk(root int, k Kind, t *tally) {
	t.kind, t.root = k, root
	st := g.newStamp()
	var nonCap, arms [maxTiles]bool
	var seen [maxTiles]int16
	nseen := 0
	x := root
	for {
		tile, seg := x/maxSeg, x%maxSeg
		if o := g.feat.owner[x]; o != 0 {
			t.meeples[o-1] += figureStrength[g.feat.fig[x]]
		}
		// Tile stamps live in the first maxTiles entries of the stamp array; node stamps for the cities a
		// field borders are taken after a fresh stamp, so the two uses never mix.
		if g.stamp[tile] != st {
			g.stamp[tile] = st
			seen[nseen] = int16(tile)
			nseen++
			nonCap[tile], arms[tile] = false, false
		}
		typ := int(g.board.tiles[tile].typ)
		sg := &types[typ].segs[seg]
		if k == City && !g.opts.badCap(typ, sg) {
			nonCap[tile] = true
		}
		if k == City && sg.arms {
			arms[tile] = true
		}
		if sg.marked {
			t.mark(sg)
		}
		x = int(g.feat.next[x])
		if x == root {
			break
		}
	}
	t.tiles = nseen
	for i := 0; i < nseen; i++ {
		tile := int(seen[i])
		typ := int(g.board.tiles[tile].typ)
		if !g.quiet {
			g.evTiles = append(g.evTiles, int16(tile))
		}
		switch k {
		case City:
			// A tile's coat of arms counts for the city its segment is in, not for another city of the
			// tile (IC16's separate cap).
			if arms[tile] {
				t.arms++
			}
			if !nonCap[tile] {
				t.capOnly++
			}
		case Road:
			if g.opts.isFarmhouse(typ) {
				t.farmhouses++
			}
		}
	}
	if k == Field {
		t.count = g.bordered(root)
	} else {
		t.count = t.tiles
	}
}

// bordered counts the completed cities a field touches, each once.
func (g *Game) bordered(root int) int {
	st := g.newStamp()
	n := 0
	x := root
	for {
		tile, seg := x/maxSeg, x%maxSeg
		b := types[g.board.tiles[tile].typ].segs[seg].borders
		for c := 0; b != 0; c++ {
			if b&1 != 0 {
				r := g.feat.find(node(tile, c))
				if g.feat.open[r] == 0 && g.stamp[r] != st {
					g.stamp[r] = st
					n++
				}
			}
			b >>= 1
		}
		x = int(g.feat.next[x])
		if x == root {
			break
		}
	}
	return n
}

// scoreFeature scores a road or city (during the game when final is false) and returns whether anyone
// scored, which is what turns the Land Surveyors piles. Figures go home after a scoring during the game.
func (g *Game) scoreFeature(root int, k Kind, final bool) bool {
	if g.feat.meeples[root] == 0 {
		return false
	}
	from := len(g.evTiles)
	// The tally lives in the game: the surveyor tiles are called through function values, which would
	// move a local tally to the heap on every scoring.
	t := &g.tally
	*t = tally{}
	g.walk(root, k, t)
	switch {
	case k == City && !final:
		t.perTile, t.perArm = 2, 2
	case k == City:
		t.perTile, t.perArm = 1, 1
	case k == Field:
		t.perTile = 3
	default:
		t.perTile = 1
	}
	g.award(t, modeOf(final), from)
	if !final {
		x := root
		for {
			if o := g.feat.owner[x]; o != 0 {
				g.supply[o-1][g.feat.fig[x]]++
				g.feat.clearOwner(x)
			}
			x = int(g.feat.next[x])
			if x == root {
				break
			}
		}
		g.feat.meeples[root] = 0
	}
	return true
}

func modeOf(final bool) scoreMode {
	if final {
		return atEnd
	}
	return inPlay
}

// scoreCloister scores the monastery or garden segment seg of a placed tile if a figure stands on it: a
// point for it and each tile around it (9 once complete). A figure taken back by a recall or scored
// during the game goes home.
func (g *Game) scoreCloister(tile, seg int, mode scoreMode) bool {
	p := &g.board.tiles[tile]
	tt := &types[p.typ]
	n := node(tile, seg)
	o := g.feat.owner[n]
	if o == 0 {
		return false
	}
	from := len(g.evTiles)
	t := &g.tally
	*t = tally{kind: tt.segs[seg].kind, perTile: 1}
	t.meeples[o-1] = 1
	cell := int(p.cell)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			v := g.board.cell(cell + dy*gridW + dx)
			if v == 0 {
				continue
			}
			t.tiles++
			if !g.quiet {
				g.evTiles = append(g.evTiles, int16(v-1))
			}
			own := dx == 0 && dy == 0
			if own && !g.opts.MonasteryOwnTile {
				continue
			}
			nt := &types[g.board.tiles[v-1].typ]
			if nt.hasCity {
				t.cityNbrs++
			}
			if nt.hasRoad {
				t.roadNbrs++
			}
		}
	}
	t.count = t.tiles
	g.award(t, mode, from)
	if mode != atEnd {
		g.feat.clearOwner(n)
		g.feat.meeples[n] = 0
		g.supply[o-1][g.feat.fig[n]]++
		g.dropMonk(tile)
	}
	return true
}

// award lets the expansions change a feature's scoring (the Land Surveyors' active tile in play; an inn, a
// cathedral, the mage or the witch in any mode), adds the points and records the event.
func (g *Game) award(t *tally, mode scoreMode, from int) {
	t.mode = mode
	base := t.value()
	majority := t.receivers()
	var mods [maxMods]modifier
	nmods := g.expansionScoring(t, &mods)
	pts := t.value()
	recv := t.receivers()
	for s := 0; s < g.players; s++ {
		if recv&(1<<s) != 0 {
			g.scores[s] += pts
		}
	}
	if g.quiet {
		return
	}
	e := event{
		turn: int16(g.turn), final: mode == atEnd, recall: mode == onRecall, kind: t.kind,
		tilesFrom: int32(from), tilesLen: int16(len(g.evTiles) - from),
		meeples: t.meeples, majority: majority, receivers: recv,
		points: int16(pts), base: int16(base), nmods: uint8(nmods), mods: mods,
	}
	if t.kind == Field {
		e.cities = int8(t.count)
	}
	g.events = append(g.events, e)
}

// insertRoot adds r to the first nr roots, kept in increasing order without repeats, and returns their
// number.
func insertRoot(roots *[maxTiles]int16, nr, r int) int {
	j := nr
	for j > 0 && int(roots[j-1]) > r {
		j--
	}
	if j > 0 && int(roots[j-1]) == r {
		return nr
	}
	copy(roots[j+1:nr+1], roots[j:nr])
	roots[j] = int16(r)
	return nr + 1
}

// finalScoring scores, once the last tile is laid, every incomplete road, city, monastery and garden
// holding a figure, and every field holding a farmer: 3 points per completed city it borders; then the
// expansions' own final scorings.
func (g *Game) finalScoring() {
	// Only a feature holding a figure scores: its root is found from the figures' segments, and the
	// roots are scored in the order of their nodes, as a walk over every segment of the board would
	// meet them (that walk, with a find for each of some thousand segments, was a tenth of a game's
	// time with every expansion).
	var roots [maxTiles]int16 // a tile takes one figure at most, when it is laid
	nr := 0
	for wi, w := range g.feat.owned {
		for ; w != 0; w &= w - 1 {
			nr = insertRoot(&roots, nr, g.feat.find(wi*64+bits.TrailingZeros64(w)))
		}
	}
	for _, r := range roots[:nr] {
		n := int(r)
		tile, s := n/maxSeg, n%maxSeg
		switch k := types[g.board.tiles[tile].typ].segs[s].kind; {
		case k.cloister():
			g.scoreCloister(tile, s, atEnd)
		case k == River:
			// the River's water is no feature to score
		case k == Field:
			if g.feat.meeples[n] > 0 {
				g.scoreFeature(n, Field, true)
			}
		case g.feat.open[n] > 0:
			g.scoreFeature(n, k, true)
		}
	}
	for _, x := range g.exps {
		if x.finalScoring != nil {
			x.finalScoring(g)
		}
	}
}
