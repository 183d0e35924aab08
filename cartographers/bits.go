package cartographers

import "math/bits"

// The map sheet is 11x11. Cell (row, col) is bit row*Size+col of a 128-bit set held in two words, so a
// placement test, a neighbourhood or a cluster is a handful of word operations.
const (
	Size  = 11
	Cells = Size * Size
)

// Cell is a cell index, row*Size+col.
type Cell uint8

// CellAt returns the cell at (row, col); both must be in 0..10.
func CellAt(row, col int) Cell { return Cell(row*Size + col) }

// Row and Col give a cell's coordinates.
func (c Cell) Row() int { return int(c) / Size }
func (c Cell) Col() int { return int(c) % Size }

// Bits is a set of cells. The zero value is the empty set. Bits beyond cell 120 are always zero.
type Bits struct{ Lo, Hi uint64 }

var (
	// allCells is every cell of the map.
	allCells = Bits{^uint64(0), (1 << (Cells - 64)) - 1}
	// notCol0 and notCol10 drop the cells that a one-column shift would wrap onto the next row.
	notCol0  = colMask(0).Not()
	notCol10 = colMask(Size - 1).Not()
	// edgeCells is every cell touching the map edge.
	edgeCells = rowMask(0).Or(rowMask(Size - 1)).Or(colMask(0)).Or(colMask(Size - 1))
)

// Single is the set holding one cell.
func Single(c Cell) Bits {
	if c < 64 {
		return Bits{Lo: 1 << c}
	}
	return Bits{Hi: 1 << (c - 64)}
}

func rowMask(r int) Bits {
	var b Bits
	for c := 0; c < Size; c++ {
		b = b.With(CellAt(r, c))
	}
	return b
}

func colMask(c int) Bits {
	var b Bits
	for r := 0; r < Size; r++ {
		b = b.With(CellAt(r, c))
	}
	return b
}

// rowMasks and colMasks are the cells of one row or one column.
var (
	rowMasks [Size]Bits
	colMasks [Size]Bits
)

func init() {
	for i := 0; i < Size; i++ {
		rowMasks[i] = rowMask(i)
		colMasks[i] = colMask(i)
	}
}

func (b Bits) And(o Bits) Bits    { return Bits{b.Lo & o.Lo, b.Hi & o.Hi} }
func (b Bits) Or(o Bits) Bits     { return Bits{b.Lo | o.Lo, b.Hi | o.Hi} }
func (b Bits) AndNot(o Bits) Bits { return Bits{b.Lo &^ o.Lo, b.Hi &^ o.Hi} }
func (b Bits) Not() Bits          { return Bits{^b.Lo & allCells.Lo, ^b.Hi & allCells.Hi} }
func (b Bits) Empty() bool        { return b.Lo|b.Hi == 0 }
func (b Bits) Any() bool          { return b.Lo|b.Hi != 0 }
func (b Bits) Count() int         { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }
func (b Bits) Intersects(o Bits) bool {
	return b.Lo&o.Lo|b.Hi&o.Hi != 0
}

// Has reports whether the cell is in the set.
func (b Bits) Has(c Cell) bool {
	if c < 64 {
		return b.Lo>>c&1 != 0
	}
	return b.Hi>>(c-64)&1 != 0
}

// With returns the set plus one cell; Without the set minus one cell.
func (b Bits) With(c Cell) Bits    { return b.Or(Single(c)) }
func (b Bits) Without(c Cell) Bits { return b.AndNot(Single(c)) }

// First returns the lowest cell of a non-empty set.
func (b Bits) First() Cell {
	if b.Lo != 0 {
		return Cell(bits.TrailingZeros64(b.Lo))
	}
	return Cell(64 + bits.TrailingZeros64(b.Hi))
}

// Shl moves every cell n indices up (n in 0..127), dropping what leaves the map.
func (b Bits) Shl(n uint) Bits {
	var r Bits
	switch {
	case n == 0:
		return b
	case n < 64:
		r = Bits{b.Lo << n, b.Hi<<n | b.Lo>>(64-n)}
	default:
		r = Bits{0, b.Lo << (n - 64)}
	}
	r.Hi &= allCells.Hi
	return r
}

// Shr moves every cell n indices down (n in 0..127).
func (b Bits) Shr(n uint) Bits {
	switch {
	case n == 0:
		return b
	case n < 64:
		return Bits{b.Lo>>n | b.Hi<<(64-n), b.Hi >> n}
	default:
		return Bits{b.Hi >> (n - 64), 0}
	}
}

// Moves by one cell in each direction, without wrapping across rows.
func (b Bits) North() Bits { return b.Shr(Size) }
func (b Bits) South() Bits { return b.Shl(Size) }
func (b Bits) East() Bits  { return b.And(notCol10).Shl(1) }
func (b Bits) West() Bits  { return b.And(notCol0).Shr(1) }

// Neighbours is every cell orthogonally adjacent to a cell of the set, the set itself excluded.
func (b Bits) Neighbours() Bits {
	return b.North().Or(b.South()).Or(b.East()).Or(b.West()).AndNot(b)
}

// Grow is the set plus its orthogonal neighbours.
func (b Bits) Grow() Bits { return b.Or(b.Neighbours()) }

// Cluster is the orthogonally connected part of set that contains the cells of seed.
func (set Bits) Cluster(seed Bits) Bits {
	cur := seed.And(set)
	for {
		next := cur.Grow().And(set)
		if next == cur {
			return cur
		}
		cur = next
	}
}

// EachCluster calls f with every orthogonally connected cluster of the set, lowest cell first.
func (set Bits) EachCluster(f func(cluster Bits)) {
	for rest := set; rest.Any(); {
		c := set.Cluster(Single(rest.First()))
		f(c)
		rest = rest.AndNot(c)
	}
}

// EachCell calls f with every cell of the set in increasing order.
func (b Bits) EachCell(f func(Cell)) {
	for w := b.Lo; w != 0; w &= w - 1 {
		f(Cell(bits.TrailingZeros64(w)))
	}
	for w := b.Hi; w != 0; w &= w - 1 {
		f(Cell(64 + bits.TrailingZeros64(w)))
	}
}
