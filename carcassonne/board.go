package carcassonne

import "math/bits"

// Board cells are numbered on a virtual square grid wide enough for maxTiles tiles laid in a line from the
// start tile in any direction, so that a cell number is a position and placing a tile never re-indexes.
// The grid itself is not stored: a game keys only the cells of its tiles and of its frontier, in an
// open-addressing table of hashSize entries. A game of 83 tiles keys about 130 cells (a quarter of the
// table); the worst board, every tile in one line, 3×maxTiles+4 = 412 (80%: longer probes, still right).
// A direct-mapped array without aliasing would need about (maxTiles+8)²/2 entries for the largest game,
// most of a game's memory; the table is 3.5 KB, which a search bot's Trial copies back for each
// candidate. A cell, once keyed, stays keyed until Reset (a frontier cell becomes a tile cell), so the
// table needs no deletion.
// Coordinates seen by players put the start tile at (0,0), x growing east and y growing south (the way
// the text board is printed).
const (
	gridW    = 2*maxTiles + 8 // > 2*maxTiles+5: a line of tiles and its frontier never reach the outer ring
	gridHalf = gridW / 2
	hashBits = 9
	hashSize = 1 << hashBits // more than the 3×maxTiles+4 cells a game can key
)

// step[d] is the cell offset of the neighbour on side d.
var step = [4]int{-gridW, 1, gridW, -1}

// Pos is a board position.
type Pos struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func cellOf(x, y int) (int, bool) {
	cx, cy := x+gridHalf, y+gridHalf
	// The outermost ring stays empty so that neighbour lookups never leave the grid.
	if cx < 1 || cy < 1 || cx >= gridW-1 || cy >= gridW-1 {
		return 0, false
	}
	return cy*gridW + cx, true
}

func posOf(cell int) Pos { return Pos{cell%gridW - gridHalf, cell/gridW - gridHalf} }

// placed is a tile on the board.
type placed struct {
	typ  uint8
	rot  uint8
	cell int32
}

func (p *placed) orient() *orient { return &orients[int(p.typ)*4+int(p.rot)] }

// Placement is where and how a tile is laid: Rot counts quarter turns clockwise from the canonical
// orientation.
type Placement struct {
	X, Y int
	Rot  int
}

// board holds the tiles and the frontier: the empty cells next to at least one tile, the only candidates for
// a placement. Both are updated incrementally, the frontier together with what each of its cells demands,
// so that a placement query reads one entry per frontier cell instead of four neighbours.
type board struct {
	keys     [hashSize]int32  // the cells keyed, 0 for a free entry (cell 0 is on the outer ring, never keyed)
	tile     [hashSize]uint8  // for keys[h]: 1 + index into tiles, 0 if empty
	fslot    [hashSize]uint16 // for keys[h]: 1 + index into frontier, 0 if not on it
	frontier [2*maxTiles + 4]opening
	// fnbr are, for each frontier cell, the tiles on each side (1 + index into tiles, 0 if none); apart
	// from frontier, which the placement queries scan, so that it stays small.
	fnbr [2*maxTiles + 4][4]uint8
	// demand is, for each frontier cell, its demand class (opening), apart so that the scan for a drawn
	// tile's placements reads two bytes a cell.
	demand [2*maxTiles + 4]uint16
	nfront int
	tiles  [maxTiles]placed
	ntiles int
}

// opening is a frontier cell and what the tiles around it demand of a tile laid there: the edge kinds they
// show on each side (2 bits a side, as orient.edges) and a mask with 3 on each side that has a tile. Tiles
// never leave the board, so a side, once demanded, stays demanded: put only ever adds to both.
//
// board.demand holds the same as one number, the cell's demand class: a base-5 digit a side, 0 for no
// tile there, 1 + the edge kind shown otherwise (625 classes); fitsByDemand maps it to the rotations of a
// tile type that meet it, so that scanning the frontier for a drawn tile reads a table instead of
// comparing edges.
type opening struct {
	cell int32
	need uint8
	mask uint8
	slot uint16 // the cell's entry in the table (board.keys), so that moving it needs no probe
}

// numDemands is the number of demand classes (board.demand), rounded up to a power of two so that a
// class masked by numDemands-1 indexes a row without a bounds check.
const numDemands = 1024 // > 5*5*5*5

// pow5 is the weight of side d's digit in a demand class.
var pow5 = [4]uint16{1, 5, 25, 125}

// fitsByDemand is, for each tile type and demand class, the rotations that meet the demand (bit r for
// rotation r, as fitSet).
var fitsByDemand [numTypes][numDemands]uint8

// demandTable is fitsByDemand's row for a tile type whose four orientations' edges are t (turns).
func demandTable(t uint32) (row [numDemands]uint8) {
	for c := range 5 * 5 * 5 * 5 {
		var need, mask uint8
		for d, x := 0, c; d < 4; d, x = d+1, x/5 {
			if x%5 != 0 {
				need |= uint8(x%5-1) << (2 * d)
				mask |= 3 << (2 * d)
			}
		}
		row[c] = uint8(nibble(fitting(t, need, mask)))
	}
	return row
}

func (b *board) clear() {
	b.keys = [hashSize]int32{}
	b.tile = [hashSize]uint8{}
	b.fslot = [hashSize]uint16{}
	b.ntiles, b.nfront = 0, 0
}

// hashOf is the first table entry probed for a cell (Fibonacci hashing: neighbouring cells spread out).
func hashOf(cell int) int { return int((uint32(cell) * 0x9e3779b1) >> (32 - hashBits)) }

// slot is the table entry of a cell, or -1 if the cell is neither a tile nor on the frontier.
func (b *board) slot(cell int) int {
	for h := hashOf(cell); ; h = (h + 1) & (hashSize - 1) {
		switch int(b.keys[h]) {
		case cell:
			return h
		case 0:
			return -1
		}
	}
}

// key is the table entry of a cell, keyed if it was not.
func (b *board) key(cell int) int {
	for h := hashOf(cell); ; h = (h + 1) & (hashSize - 1) {
		switch int(b.keys[h]) {
		case cell:
			return h
		case 0:
			b.keys[h] = int32(cell)
			return h
		}
	}
}

// cell returns what lies on a cell: 1 + index into tiles, 0 if empty.
func (b *board) cell(cell int) uint8 {
	if h := b.slot(cell); h >= 0 {
		return b.tile[h]
	}
	return 0
}

// tileAt is cell for any cell of the virtual grid, such as one a player names.
func (b *board) tileAt(cell int) uint8 { return b.cell(cell) }

// opening returns the frontier entry of any cell of the virtual grid, or nil if it is not on the frontier.
func (b *board) opening(cell int) *opening {
	h := b.slot(cell)
	if h < 0 || b.fslot[h] == 0 {
		return nil
	}
	return &b.frontier[b.fslot[h]-1]
}

// onFrontier reports whether any cell of the virtual grid is on the frontier.
func (b *board) onFrontier(cell int) bool { return b.opening(cell) != nil }

// fits reports whether orientation o may be laid on an empty cell.
func (b *board) fits(cell int, o int) bool {
	f := b.opening(cell)
	return f != nil && (orients[o].edges^f.need)&f.mask == 0
}

// put lays a tile that fits and updates the frontier and its demands.
func (b *board) put(typ, rot, cell int) int { return b.putAt(typ, rot, cell, b.key(cell)) }

// putAt is put for a cell whose table entry (board.keys) h the caller knows: a frontier cell's
// (opening.slot), so that laying a tile whose links were worked out needs no probe for it.
func (b *board) putAt(typ, rot, cell, h int) int {
	idx := b.ntiles
	b.tiles[idx] = placed{typ: uint8(typ), rot: uint8(rot), cell: int32(cell)}
	b.ntiles++
	b.tile[h] = uint8(idx + 1)
	// The tiles around, as the frontier cell knew them: the other sides are empty (a cell off the
	// frontier touches no tile at all), so only they are looked up, and never hold a tile.
	var nbr [4]uint8
	if s := b.fslot[h]; s != 0 {
		nbr = b.fnbr[s-1]
		last := b.frontier[b.nfront-1]
		b.frontier[s-1] = last
		b.fnbr[s-1] = b.fnbr[b.nfront-1]
		b.demand[s-1] = b.demand[b.nfront-1]
		b.fslot[last.slot] = s
		b.nfront--
		b.fslot[h] = 0
	}
	edges := orients[typ*4+rot].edges
	for d := 0; d < 4; d++ {
		if nbr[d] != 0 {
			continue
		}
		// maxTiles tiles cannot reach the virtual grid's edge from the centre, so n is always inside.
		n := cell + step[d]
		hn := b.key(n)
		s := b.fslot[hn]
		if s == 0 {
			b.frontier[b.nfront] = opening{cell: int32(n), slot: uint16(hn)}
			b.fnbr[b.nfront] = [4]uint8{}
			b.demand[b.nfront] = 0
			b.nfront++
			s = uint16(b.nfront)
			b.fslot[hn] = s
		}
		// The neighbour's side facing this tile is the opposite one, and it must show what side d shows.
		od := 2 * ((d + 2) & 3)
		f := &b.frontier[s-1]
		kind := edges >> (2 * d) & 3
		f.need |= kind << od
		f.mask |= 3 << od
		b.demand[s-1] += (uint16(kind) + 1) * pow5[(d+2)&3]
		b.fnbr[s-1][(d+2)&3] = uint8(idx + 1)
	}
	return idx
}

// fitting returns, for a tile type's four orientations packed as in turns, the high bit of byte r set
// exactly when rotation r meets a cell's demands. The four comparisons are done at once: a rotation fits
// when its byte of (edges^need)&mask is zero, and the zero-byte test below is exact (no borrow crosses
// bytes since the low seven bits are added apart from the eighth).
func fitting(turns uint32, need, mask uint8) uint32 {
	const lo7 = 0x7f7f7f7f
	x := (turns ^ uint32(need)*0x01010101) & (uint32(mask) * 0x01010101)
	return ^((x&lo7 + lo7) | x | lo7)
}

// The queries below narrow the fits by the placement rule of rule's expansions when rule is not nil and
// one applies to the drawn tile (expansion.place); without one they test the edges alone, the rule
// checked once outside the loop.

// fitSet is, for one tile type, the rotations that may be laid on each frontier cell: four bits a cell
// (bit r for rotation r), the cells in frontier order, sixteen to a word; and how many placements that
// makes. Drawing a tile fills it once (fitAll); whether the tile fits anywhere, how many placements it
// has, the k-th of them and their list all read it, so that none scans the frontier again (a third of
// a random game's time went to such scans), and a word's placements are counted by one popcount.
type fitSet struct {
	w [(len(board{}.frontier)*4 + 63) / 64]uint64
	n int
	// typ and tiles are the tile type and the board (its tile count) the set was filled for, with the
	// placement rule when rule was set (ruled): a move's check reads the drawn tile's set when they still
	// hold, instead of looking the cell's demands and the rule up again.
	typ, tiles int
	ruled      bool
}

// holds reports whether fs is the set of the game's drawn tile on its board, the placement rule applied.
func (fs *fitSet) holds(g *Game) bool {
	return fs.ruled && fs.typ == g.current && fs.tiles == g.board.ntiles
}

// has reports whether bit i of fs (frontier cell i/4, rotation i%4) is set.
func (fs *fitSet) has(i int) bool { return fs.w[i>>6]&(1<<(i&63)) != 0 }

// nibble packs fitting's four flags (the high bit of byte r) into bit r.
func nibble(fit uint32) uint64 {
	return uint64(((fit >> 7) & 0x01010101 * 0x01020408) >> 24)
}

// fitAll fills fs for a tile type and returns how many placements it has: one scan of the frontier, then
// the placement rule applied to what fits (a drawn tile seldom has one: the River's), apart so that the
// scan stays a tight loop.
func (b *board) fitAll(typ int, rule *Game, fs *fitSet) int {
	fs.typ, fs.tiles, fs.ruled = typ, b.ntiles, rule != nil
	n := b.fitEdges(typ, fs)
	if rule == nil || rule.placeBy == nil || n == 0 {
		return n
	}
	n = 0
	for wi := 0; wi*16 < b.nfront; wi++ {
		fs.w[wi] = rule.allowedWord(typ, b.frontier[wi*16:], fs.w[wi])
		n += bits.OnesCount64(fs.w[wi])
	}
	fs.n = n
	return n
}

// fitEdges is fitAll by the edges alone: each word of sixteen cells is built from the last cell down,
// four bits shifted in at a time.
func (b *board) fitEdges(typ int, fs *fitSet) int {
	row := &fitsByDemand[typ]
	dem := b.demand[:b.nfront]
	n := 0
	for wi := 0; len(dem) > 0; wi++ {
		cells := dem[:min(16, len(dem))]
		dem = dem[len(cells):]
		// Two cells a step, so that the word's chain of shifts is half as long.
		var w uint64
		j := len(cells) - 1
		if j&1 == 0 {
			w = uint64(row[cells[j]&(numDemands-1)])
			j--
		}
		for ; j > 0; j -= 2 {
			w = w<<8 | uint64(row[cells[j]&(numDemands-1)])<<4 | uint64(row[cells[j-1]&(numDemands-1)])
		}
		fs.w[wi] = w
		n += bits.OnesCount64(w)
	}
	fs.n = n
	return n
}

// placementAt is the placement of bit i of fs (a cell's four bits, rotation r at bit r).
func (b *board) placementAt(i int) Placement {
	p := posOf(int(b.frontier[i>>2].cell))
	return Placement{X: p.X, Y: p.Y, Rot: i & 3}
}

// listFits appends the placements of fs to buf, in frontier order and rotations in order.
func (b *board) listFits(fs *fitSet, buf []Placement) []Placement {
	for wi := 0; wi*16 < b.nfront; wi++ {
		for w := fs.w[wi]; w != 0; w &= w - 1 {
			buf = append(buf, b.placementAt(wi*64+bits.TrailingZeros64(w)))
		}
	}
	return buf
}

// pickPlacement is the k-th placement of fs (k below fs.n), found without listing them: a random player
// needs one placement, and building all of them cost it more than the rest of its move.
func (b *board) pickPlacement(fs *fitSet, k int) Placement {
	return b.placementAt(b.pickIndex(fs, k))
}

// pickIndex is the bit of fs that pickPlacement reads: frontier cell i/4, rotation i%4.
func (b *board) pickIndex(fs *fitSet, k int) int { return nthSet(fs.w[:(b.nfront+15)/16], k) }

// nthSet is the index of the k-th set bit (from 0) of the words ws, bit i of word w being index 64w+i;
// k must be below their count. Words are skipped by their counts, and sixteen bits at a time within the
// word that holds it, so that the random player's draw never walks its choices one by one.
func nthSet(ws []uint64, k int) int {
	for wi, w := range ws {
		if c := bits.OnesCount64(w); k >= c {
			k -= c
			continue
		}
		return 64*wi + nthBit(w, k)
	}
	panic("carcassonne: nthSet beyond the set bits")
}

// nthBit is the index of the k-th set bit (from 0) of w, k below its count: the byte that holds it is
// found from the bytes' running counts all at once (broadword select: a byte's high bit marks a running
// count not above k), then the bit within the byte.
func nthBit(w uint64, k int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x := w - (w>>1)&0x5555555555555555
	x = x&0x3333333333333333 + (x>>2)&0x3333333333333333
	x = (x + x>>4) & 0x0f0f0f0f0f0f0f0f
	run := x * ones // byte i: the set bits in bytes 0 to i
	b := bits.OnesCount64((uint64(k)*ones | highs - run) & highs)
	k -= int((run << 8) >> (8 * b) & 0xff)
	return 8*b + int(selectInByte[w>>(8*b)&0xff][k&7])
}

// nth is the index of the k-th segment (from 0) of s, k below its count: two bytes, each a table read.
func (s segSet) nth(k int) int {
	lo := uint8(s)
	if c := bits.OnesCount8(lo); k >= c {
		return 8 + int(selectInByte[uint8(s>>8)][(k-c)&7])
	}
	return int(selectInByte[lo][k&7])
}

// selectInByte[x][k] is the index of the k-th set bit (from 0) of the byte x, for nthBit: a table read
// instead of clearing up to seven bits one by one, a loop whose length the processor cannot guess.
var selectInByte = func() (t [256][8]uint8) {
	for x := range 256 {
		k := 0
		for i := range 8 {
			if x&(1<<i) != 0 {
				t[x][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()

// placements appends every legal placement of a tile type to buf.
func (b *board) placements(typ int, rule *Game, buf []Placement) []Placement {
	var fs fitSet
	b.fitAll(typ, rule, &fs)
	return b.listFits(&fs, buf)
}

// countPlacements is the number of placements placements would list, without listing them.
func (b *board) countPlacements(typ int, rule *Game) int {
	var fs fitSet
	return b.fitAll(typ, rule, &fs)
}

// nthPlacement is the k-th placement placements would list (k < countPlacements), found without listing.
func (b *board) nthPlacement(typ, k int, rule *Game) Placement {
	var fs fitSet
	b.fitAll(typ, rule, &fs)
	return b.pickPlacement(&fs, k)
}

// canPlace reports whether a tile type has at least one legal placement.
func (b *board) canPlace(typ int, rule *Game) bool { return b.countPlacements(typ, rule) > 0 }

// allowedWord keeps, of the rotations that fit on up to sixteen frontier cells (a word of fitSet), those
// the placement rule of the expansion that restricts the drawn tile allows.
func (g *Game) allowedWord(typ int, cells []opening, w uint64) uint64 {
	for m := w; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if g.placeBy.place(g, typ, int(cells[i>>2].cell), i&3) != nil {
			w &^= 1 << i
		}
	}
	return w
}
