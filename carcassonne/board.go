package carcassonne

import "math/bits"

// Board cells are numbered on a virtual square grid wide enough for 72 tiles laid in a line from the start
// tile in any direction, so that a cell number is a position and placing a tile never re-indexes. The
// arrays indexed by cell are not that large (two of them would be 48 KB, most of a game's memory): they
// hold gridStore entries and a cell is stored at cell&gridMask. Distinct cells share an entry only when
// they are far apart: the cells the engine reads on a board of at most 72 connected tiles (the tiles, the
// frontier around them and the frontier's neighbours) lie within 75 columns and 75 rows of each other,
// and for every offset dx+gridW*dy with |dx|,|dy| <= 75, not both zero, the offset is not a multiple of
// gridStore (TestGridNoAliasing checks it). A cell named by a player may lie anywhere on the virtual grid,
// so lookups of such cells check that the entry belongs to that very cell (tileAt, onFrontier).
// Coordinates seen by players put the start tile at (0,0), x growing east and y growing south (the way
// the text board is printed).
const (
	gridW     = 156 // > 2*numTiles+3, and one of the widths for which gridStore has no aliasing within reach
	gridHalf  = gridW / 2
	gridStore = 8192
	gridMask  = gridStore - 1
	reach     = 75 // the largest row or column distance between two cells the engine reads in one game
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
	cell int16
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
	grid     [gridStore]uint8 // at cell&gridMask: 1 + index into tiles, 0 if empty
	fslot    [gridStore]uint8 // at cell&gridMask: 1 + index into frontier, 0 if not on it
	frontier [2*numTiles + 4]opening
	nfront   int
	tiles    [numTiles]placed
	ntiles   int
}

// opening is a frontier cell and what the tiles around it demand of a tile laid there: the edge kinds they
// show on each side (2 bits a side, as orient.edges) and a mask with 3 on each side that has a tile. Tiles
// never leave the board, so a side, once demanded, stays demanded: put only ever adds to both.
type opening struct {
	cell int16
	need uint8
	mask uint8
}

func (b *board) clear() {
	for i := 0; i < b.ntiles; i++ {
		b.grid[int(b.tiles[i].cell)&gridMask] = 0
	}
	for i := 0; i < b.nfront; i++ {
		b.fslot[int(b.frontier[i].cell)&gridMask] = 0
	}
	b.ntiles, b.nfront = 0, 0
}

// cell returns the grid entry of a cell within reach of the tiles: 1 + index into tiles, 0 if empty.
func (b *board) cell(cell int) uint8 { return b.grid[cell&gridMask] }

// tileAt is cell for any cell of the virtual grid, such as one a player names.
func (b *board) tileAt(cell int) uint8 {
	v := b.grid[cell&gridMask]
	if v != 0 && int(b.tiles[v-1].cell) != cell {
		return 0
	}
	return v
}

// opening returns the frontier entry of any cell of the virtual grid, or nil if it is not on the frontier.
func (b *board) opening(cell int) *opening {
	s := b.fslot[cell&gridMask]
	if s == 0 || int(b.frontier[s-1].cell) != cell {
		return nil
	}
	return &b.frontier[s-1]
}

// onFrontier reports whether any cell of the virtual grid is on the frontier.
func (b *board) onFrontier(cell int) bool { return b.opening(cell) != nil }

// fits reports whether orientation o may be laid on an empty cell.
func (b *board) fits(cell int, o int) bool {
	f := b.opening(cell)
	return f != nil && (orients[o].edges^f.need)&f.mask == 0
}

// put lays a tile that fits and updates the frontier and its demands.
func (b *board) put(typ, rot, cell int) int {
	idx := b.ntiles
	b.tiles[idx] = placed{typ: uint8(typ), rot: uint8(rot), cell: int16(cell)}
	b.ntiles++
	b.grid[cell&gridMask] = uint8(idx + 1)
	if s := b.fslot[cell&gridMask]; s != 0 {
		last := b.frontier[b.nfront-1]
		b.frontier[s-1] = last
		b.fslot[int(last.cell)&gridMask] = s
		b.nfront--
		b.fslot[cell&gridMask] = 0
	}
	edges := orients[typ*4+rot].edges
	for d := 0; d < 4; d++ {
		// 72 tiles cannot reach the virtual grid's edge from the centre, so n is always inside.
		n := (cell + step[d]) & gridMask
		if b.grid[n] != 0 {
			continue
		}
		s := b.fslot[n]
		if s == 0 {
			b.frontier[b.nfront] = opening{cell: int16(cell + step[d])}
			b.nfront++
			s = uint8(b.nfront)
			b.fslot[n] = s
		}
		// The neighbour's side facing this tile is the opposite one, and it must show what side d shows.
		od := 2 * ((d + 2) & 3)
		f := &b.frontier[s-1]
		f.need |= (edges >> (2 * d) & 3) << od
		f.mask |= 3 << od
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

// placements appends every legal placement of a tile type to buf.
func (b *board) placements(typ int, buf []Placement) []Placement {
	t := turns[typ]
	for i := 0; i < b.nfront; i++ {
		f := &b.frontier[i]
		fit := fitting(t, f.need, f.mask)
		if fit == 0 {
			continue
		}
		p := posOf(int(f.cell))
		for ; fit != 0; fit &= fit - 1 {
			buf = append(buf, Placement{X: p.X, Y: p.Y, Rot: bits.TrailingZeros32(fit) >> 3})
		}
	}
	return buf
}

// countPlacements is the number of placements placements would list, without listing them.
func (b *board) countPlacements(typ int) int {
	t := turns[typ]
	n := 0
	for i := 0; i < b.nfront; i++ {
		n += bits.OnesCount32(fitting(t, b.frontier[i].need, b.frontier[i].mask))
	}
	return n
}

// nthPlacement is the k-th placement placements would list (k < countPlacements), found without listing:
// a random player needs one placement, and building all of them cost it more than the rest of its move.
func (b *board) nthPlacement(typ, k int) Placement {
	t := turns[typ]
	for i := 0; i < b.nfront; i++ {
		f := &b.frontier[i]
		fit := fitting(t, f.need, f.mask)
		if n := bits.OnesCount32(fit); k >= n {
			k -= n
			continue
		}
		for ; k > 0; k-- {
			fit &= fit - 1
		}
		p := posOf(int(f.cell))
		return Placement{X: p.X, Y: p.Y, Rot: bits.TrailingZeros32(fit) >> 3}
	}
	panic("carcassonne: nthPlacement beyond the placements")
}

// canPlace reports whether a tile type has at least one legal placement.
func (b *board) canPlace(typ int) bool {
	t := turns[typ]
	for i := 0; i < b.nfront; i++ {
		if fitting(t, b.frontier[i].need, b.frontier[i].mask) != 0 {
			return true
		}
	}
	return false
}
