package carcassonne

import "math/bits"

// Meeples: each player has seven. One may stand on a segment of the tile just laid (a road, a city, the
// monastery or a field) if the feature that segment joins holds no figure yet, however far away; meeples
// come home when their road, city or monastery is scored during the game, farmers never do. Other
// figures follow their expansion's rule (figures.go).

// MeepleOptions appends the segments of the drawn tile, laid as p, on which the player may stand a meeple;
// none for a placement that is not legal.
func (g *Game) MeepleOptions(p Placement, buf []int) []int { return g.FigureOptions(p, Meeple, buf) }

// FigureOptions appends the segments of the drawn tile, laid as p, on which the player may stand a figure
// of kind f; none for a placement that is not legal or a figure the player has none of.
func (g *Game) FigureOptions(p Placement, f Figure, buf []int) []int {
	if f >= numFigures || g.over || g.supply[g.toAct][f] == 0 || !g.standFor(p) {
		return buf
	}
	return g.figureOptionsHere(f, buf)
}

// figureOptionsHere is FigureOptions for the placement g.stand holds (standFor said it is legal).
func (g *Game) figureOptionsHere(f Figure, buf []int) []int {
	for m := g.figureMaskHere(f); m != 0; m &= m - 1 {
		buf = append(buf, bits.TrailingZeros16(uint16(m)))
	}
	return buf
}

// figureMaskHere is the set of figureOptionsHere's segments. A seat has figures of a kind only when one
// of the game's expansions brings it (Reset), so the supply says whether its rule applies here.
func (g *Game) figureMaskHere(f Figure) segSet {
	if g.supply[g.toAct][f] == 0 || figureRules[f] == nil {
		return 0
	}
	return g.ruleMask(figureRules[f], types[g.current].figSegs[f])
}

// ruleMask is, of the segments m a rule allows by their kind, those where its figure may stand on the
// placement g.stand holds.
func (g *Game) ruleMask(rule *figureRule, m segSet) segSet {
	if rule.joinOwn {
		return g.ownHere(m)
	}
	return m & g.stand.free
}

// standFor sets g.stand to the drawn tile laid as p, if that is a legal placement (false if not).
func (g *Game) standFor(p Placement) bool {
	if g.over || p.Rot < 0 || p.Rot > 3 {
		return false
	}
	cell, ok := cellOf(p.X, p.Y)
	if !ok {
		return false
	}
	oi := g.current*4 + p.Rot
	// segmentLinks reads the neighbours' segments across each side, which only exist where the edges match.
	if !g.board.fits(cell, oi) || g.placeRule(g.current, cell, p.Rot) != nil {
		return false
	}
	g.standHere(cell, oi)
	return true
}

// standHere is standAt unless g.stand already holds that cell and orientation on this board: the
// player's listing of the move (the random player's) worked it out, and the move's check asks again.
func (g *Game) standHere(cell, oi int) { g.standHereFront(cell, oi, -1) }

// standHereFront is standHere for a cell that the caller may know the frontier index of (front, -1 if
// not): the random player drew it from the fit set, and so needs no probe of the board's table.
func (g *Game) standHereFront(cell, oi, front int) {
	if st := &g.stand; st.cell != cell || st.oi != oi || st.tiles != g.board.ntiles {
		g.standAtFront(cell, oi, front)
	}
}

// standAt works out, once for a tile not yet laid on cell in orientation oi, what the figure rules and
// the mage's and witch's moves ask of the features it would join (g.stand): listing a placement's moves
// asked it once per figure and per segment, and that was a quarter of a game's time with the expansions.
func (g *Game) standAt(cell, oi int) { g.standAtFront(cell, oi, -1) }

// standAtFront is standAt with the cell's frontier index if known (front, -1 if not).
func (g *Game) standAtFront(cell, oi, front int) {
	st := &g.stand
	st.cell, st.oi, st.tiles, st.magic, st.ownKnown = cell, oi, g.board.ntiles, magicUnknown, false
	st.free = ^segSet(0)
	st.linked = g.segmentLinks(cell, oi, front, &st.l)
	if !st.linked {
		// not a cell a tile may be laid on: no neighbour to join
		return
	}
	for i := 0; i < st.l.n; i++ {
		if g.feat.meeples[st.l.root[i]] > 0 {
			st.free &^= st.l.group[i]
		}
	}
}

// links are the features a tile not yet laid would join: for each link across a side, the neighbour's
// feature (root) and the segments of the new tile that would end up in it (group).
//
// seg is the new tile's segment on each link and side marks (a bit per link) those across a side, where
// a road's or city's two open ends meet: laying the tile joins them in this order (connect).
type links struct {
	root  [12]int16
	group [12]segSet
	seg   [12]int8
	side  uint16
	n     int
	front int // the cell's index in the frontier (board.frontier), for the drawn tile's fitSet
}

// segmentLinks finds the links of a tile not yet laid on cell in orientation oi; false if the cell is
// not one a tile may be laid on; front is the cell's frontier index if the caller knows it, -1 if not. The new tile can merge features through its other segments too (a road
// that runs round the tile and comes back), so segments touching one feature across any side are grouped
// until no group meets another; the neighbours are read once for all the segments.
func (g *Game) segmentLinks(cell, oi, front int, l *links) bool {
	o := &orients[oi]
	var seg [12]segSet // bit of the segment of the new tile on each link
	n := 0
	l.n, l.side = 0, 0
	if front < 0 || front >= g.board.nfront || int(g.board.frontier[front].cell) != cell {
		h := g.board.slot(cell)
		if h < 0 || g.board.fslot[h] == 0 {
			return false
		}
		front = int(g.board.fslot[h]) - 1
	}
	root := &l.root
	l.front = front
	nbr := &g.board.fnbr[l.front]
	for d := 0; d < 4; d++ {
		v := nbr[d]
		if v == 0 {
			continue
		}
		nt := int(v - 1)
		no := g.board.tiles[nt].orient()
		if s := o.sideSeg[d]; s >= 0 {
			root[n], seg[n], l.seg[n] = int16(g.feat.find(node(nt, int(no.sideSeg[(d+2)&3])))), 1<<s, s
			l.side |= 1 << n
			n++
		}
		for h := 2 * d; h < 2*d+2; h++ {
			if s := o.halfSeg[h]; s >= 0 {
				root[n], seg[n], l.seg[n] = int16(g.feat.find(node(nt, int(no.halfSeg[oppHalf(h)])))), 1<<s, s
				n++
			}
		}
	}
	// The distinct features met (at most n), each with the segments that touch it; then two features
	// sharing a segment of the new tile merge (it will join them), until none do; group[i] is the
	// segments of link i's merged feature.
	var fr [12]int16
	var fs [12]segSet
	var at [12]int8
	m := 0
	for i := 0; i < n; i++ {
		j := 0
		for j < m && fr[j] != root[i] {
			j++
		}
		if j == m {
			fr[m], fs[m] = root[i], 0
			m++
		}
		fs[j] |= seg[i]
		at[i] = int8(j)
	}
	// Most tiles meet each feature through segments of their own: then no two share one, and there is
	// nothing to merge.
	var all segSet
	disjoint := true
	for j := 0; j < m; j++ {
		disjoint = disjoint && all&fs[j] == 0
		all |= fs[j]
	}
	for changed := !disjoint; changed; {
		changed = false
		for a := 1; a < m; a++ {
			for b := 0; b < a; b++ {
				if fs[a]&fs[b] != 0 && fs[a] != fs[b] {
					fs[a] |= fs[b]
					fs[b] = fs[a]
					changed = true
				}
			}
		}
	}
	group := &l.group
	for i := 0; i < n; i++ {
		group[i] = fs[at[i]]
	}
	l.n = n
	return true
}
