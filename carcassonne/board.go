package carcassonne

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
// a placement. Both are updated incrementally.
type board struct {
	grid     [gridStore]uint8 // at cell&gridMask: 1 + index into tiles, 0 if empty
	fslot    [gridStore]uint8 // at cell&gridMask: 1 + index into frontier, 0 if not on it
	frontier [2*numTiles + 4]int16
	nfront   int
	tiles    [numTiles]placed
	ntiles   int
}

func (b *board) clear() {
	for i := 0; i < b.ntiles; i++ {
		b.grid[int(b.tiles[i].cell)&gridMask] = 0
	}
	for i := 0; i < b.nfront; i++ {
		b.fslot[int(b.frontier[i])&gridMask] = 0
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

// onFrontier reports whether any cell of the virtual grid is on the frontier.
func (b *board) onFrontier(cell int) bool {
	s := b.fslot[cell&gridMask]
	return s != 0 && int(b.frontier[s-1]) == cell
}

// need computes what the neighbours of an empty cell demand: the edge kinds on each side (2 bits a side)
// and a mask of the sides that have a neighbour.
func (b *board) need(cell int) (edges, mask uint8) {
	for d := 0; d < 4; d++ {
		v := b.grid[(cell+step[d])&gridMask]
		if v == 0 {
			continue
		}
		t := &b.tiles[v-1]
		e := (t.orient().edges >> (2 * ((d + 2) & 3))) & 3
		edges |= e << (2 * d)
		mask |= 3 << (2 * d)
	}
	return edges, mask
}

// fits reports whether orientation o may be laid on an empty cell.
func (b *board) fits(cell int, o int) bool {
	if !b.onFrontier(cell) {
		return false
	}
	edges, mask := b.need(cell)
	return (orients[o].edges^edges)&mask == 0
}

// put lays a tile that fits and updates the frontier.
func (b *board) put(typ, rot, cell int) int {
	idx := b.ntiles
	b.tiles[idx] = placed{typ: uint8(typ), rot: uint8(rot), cell: int16(cell)}
	b.ntiles++
	b.grid[cell&gridMask] = uint8(idx + 1)
	if s := b.fslot[cell&gridMask]; s != 0 {
		last := b.frontier[b.nfront-1]
		b.frontier[s-1] = last
		b.fslot[int(last)&gridMask] = s
		b.nfront--
		b.fslot[cell&gridMask] = 0
	}
	for d := 0; d < 4; d++ {
		// 72 tiles cannot reach the virtual grid's edge from the centre, so n is always inside.
		n := (cell + step[d]) & gridMask
		if b.grid[n] == 0 && b.fslot[n] == 0 {
			b.frontier[b.nfront] = int16(cell + step[d])
			b.nfront++
			b.fslot[n] = uint8(b.nfront)
		}
	}
	return idx
}

// placements appends every legal placement of a tile type to buf.
func (b *board) placements(typ int, buf []Placement) []Placement {
	base := typ * 4
	for i := 0; i < b.nfront; i++ {
		cell := int(b.frontier[i])
		edges, mask := b.need(cell)
		for r := 0; r < 4; r++ {
			if (orients[base+r].edges^edges)&mask == 0 {
				p := posOf(cell)
				buf = append(buf, Placement{X: p.X, Y: p.Y, Rot: r})
			}
		}
	}
	return buf
}

// canPlace reports whether a tile type has at least one legal placement.
func (b *board) canPlace(typ int) bool {
	base := typ * 4
	for i := 0; i < b.nfront; i++ {
		edges, mask := b.need(int(b.frontier[i]))
		for r := 0; r < 4; r++ {
			if (orients[base+r].edges^edges)&mask == 0 {
				return true
			}
		}
	}
	return false
}
