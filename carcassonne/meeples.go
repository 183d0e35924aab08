package carcassonne

// Meeples: each player has seven. One may stand on a segment of the tile just laid (a road, a city, the
// monastery or a field) if the feature that segment joins holds no meeple yet, however far away; meeples
// come home when their road, city or monastery is scored during the game, farmers never do.

// MeepleOptions appends the segments of the drawn tile, laid as p, on which the player may stand a meeple;
// none for a placement that is not legal.
func (g *Game) MeepleOptions(p Placement, buf []int) []int {
	if g.over || g.supply[g.toAct] == 0 || p.Rot < 0 || p.Rot > 3 {
		return buf
	}
	cell, ok := cellOf(p.X, p.Y)
	if !ok {
		return buf
	}
	oi := g.current*4 + p.Rot
	// meepleFree reads the neighbours' segments across each side, which only exist where the edges match.
	if !g.board.fits(cell, oi) {
		return buf
	}
	for s := range types[g.current].segs {
		if g.meepleFree(cell, oi, s) {
			buf = append(buf, s)
		}
	}
	return buf
}

// meepleFree reports whether a segment of a tile not yet laid would join a feature without meeples. The
// new tile can merge features through its other segments too (a road that runs round the tile and comes
// back), so the check follows those links until nothing new is reached.
func (g *Game) meepleFree(cell, oi, seg int) bool {
	o := &orients[oi]
	type link struct {
		seg  int8
		root int16
	}
	var links [12]link
	n := 0
	for d := 0; d < 4; d++ {
		v := g.board.cell(cell + step[d])
		if v == 0 {
			continue
		}
		nt := int(v - 1)
		no := g.board.tiles[nt].orient()
		if s := o.sideSeg[d]; s >= 0 {
			links[n] = link{s, int16(g.feat.find(node(nt, int(no.sideSeg[(d+2)&3]))))}
			n++
		}
		for h := 2 * d; h < 2*d+2; h++ {
			if s := o.halfSeg[h]; s >= 0 {
				links[n] = link{s, int16(g.feat.find(node(nt, int(no.halfSeg[oppHalf(h)]))))}
				n++
			}
		}
	}
	segs := uint8(1) << seg
	var reached [12]bool
	for changed := true; changed; {
		changed = false
		for i := 0; i < n; i++ {
			if reached[i] {
				continue
			}
			hit := segs&(1<<links[i].seg) != 0
			for j := 0; j < n && !hit; j++ {
				hit = reached[j] && links[j].root == links[i].root
			}
			if hit {
				reached[i] = true
				segs |= 1 << links[i].seg
				changed = true
			}
		}
	}
	for i := 0; i < n; i++ {
		if reached[i] && g.feat.meeples[links[i].root] > 0 {
			return false
		}
	}
	return true
}
