package carcassonne

// Features (roads, cities, fields) are sets of tile segments kept in a union-find forest: each segment of a
// placed tile is a node, and laying a tile unites its segments with the ones they touch. The roots carry
// what completion and the meeple rule need, so that neither ever walks a feature; scoring walks it once,
// through a circular list of members that two unions splice in constant time.
const numNodes = maxTiles * maxSeg

type features struct {
	parent  [numNodes]int16
	size    [numNodes]int16
	next    [numNodes]int16  // circular list of the segments of a feature
	open    [numNodes]int16  // on roots: city or road sides of the feature not yet matched by a neighbour
	meeples [numNodes]uint8  // on roots: meeples standing in the feature
	owner   [numNodes]int8   // 1 + seat of the figure on this very segment, 0 if none
	fig     [numNodes]Figure // the kind of that figure
	// openRC has a bit per node that is the root of an unfinished road or city, for the mage's and the
	// witch's moves, which look for them all (magewitch.go forTargets): walking the set bits in order
	// visits them in board order without reading every segment of every tile.
	openRC [(numNodes + 63) / 64]uint64
	// owned has a bit per node with a figure on it (owner not 0), for the final scoring, which starts
	// from the figures: walking the set bits visits them in node order without reading every segment.
	// Reset clears it; setOwner and clearOwner keep it with owner.
	owned [(numNodes + 63) / 64]uint64
}

// setOwner stands a figure of seat on node n.
func (f *features) setOwner(n, seat int) {
	f.owner[n] = int8(seat + 1)
	f.owned[n>>6] |= 1 << (n & 63)
}

// clearOwner takes the figure off node n.
func (f *features) clearOwner(n int) {
	f.owner[n] = 0
	f.owned[n>>6] &^= 1 << (n & 63)
}

// closeRC clears node n's bit in openRC.
func (f *features) closeRC(n int) { f.openRC[n>>6] &^= 1 << (n & 63) }

func node(tile, seg int) int { return tile*maxSeg + seg }

// addTile makes one singleton feature per segment of a newly placed tile.
func (f *features) addTile(tile int, tt *tileType) {
	// The tile's maxSeg bits at once (a node past its segments may keep an earlier game's bit: cleared);
	// they straddle two words when the tile's first node is near a word's end.
	first := node(tile, 0)
	w, sh := first>>6, uint(first&63)
	const all = 1<<maxSeg - 1
	f.openRC[w] = f.openRC[w]&^(all<<sh) | uint64(tt.openRC)<<sh
	if sh > 64-maxSeg {
		f.openRC[w+1] = f.openRC[w+1]&^(all>>(64-sh)) | uint64(tt.openRC)>>(64-sh)
	}
	for s := range tt.segs {
		n := node(tile, s)
		f.parent[n] = int16(n)
		f.size[n] = 1
		f.next[n] = int16(n)
		f.open[n] = tt.segs[s].nsides
		f.meeples[n] = 0
		f.owner[n] = 0
		f.fig[n] = Meeple
	}
}

func (f *features) find(x int) int {
	for int(f.parent[x]) != x {
		p := f.parent[f.parent[x]]
		f.parent[x] = p
		x = int(p)
	}
	return x
}

// union joins the features of two segments and returns the root.
func (f *features) union(a, b int) int {
	ra, rb := f.find(a), f.find(b)
	if ra == rb {
		return ra
	}
	if f.size[ra] < f.size[rb] {
		ra, rb = rb, ra
	}
	f.parent[rb] = int16(ra)
	f.closeRC(rb) // no root any more; ra's bit stands for the joined feature
	f.size[ra] += f.size[rb]
	f.open[ra] += f.open[rb]
	f.meeples[ra] += f.meeples[rb]
	f.next[ra], f.next[rb] = f.next[rb], f.next[ra]
	return ra
}

// connect unites the segments of the tile just placed with those of its neighbours, along the links
// worked out before it was laid (standing.l: segmentLinks, in the order of the sides and half-edges). A
// city or road side that meets its neighbour closes two open ends, also when both already belong to one
// feature (a loop).
func (g *Game) connect(tile int, l *links) {
	for i := 0; i < l.n; i++ {
		r := g.feat.union(node(tile, int(l.seg[i])), int(l.root[i]))
		if l.side&(1<<i) != 0 {
			g.feat.open[r] -= 2
			if g.feat.open[r] == 0 {
				g.feat.closeRC(r)
			}
		}
	}
}
