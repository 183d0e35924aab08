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
func (b Bits) Xor(o Bits) Bits    { return Bits{b.Lo ^ o.Lo, b.Hi ^ o.Hi} }
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

// last returns the highest cell of a non-empty set.
func (b Bits) last() Cell {
	if b.Hi != 0 {
		return Cell(127 - bits.LeadingZeros64(b.Hi))
	}
	return Cell(63 - bits.LeadingZeros64(b.Lo))
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

// The words of columns 0 and 10, and the cells of the high word, as constants: the moves below are the
// innermost operations of scoring, and spelled out with immediate masks they stay small enough to be
// inlined into their callers.
const (
	col0Lo  = 1 | 1<<11 | 1<<22 | 1<<33 | 1<<44 | 1<<55
	col0Hi  = 1<<2 | 1<<13 | 1<<24 | 1<<35 | 1<<46
	col10Lo = 1<<10 | 1<<21 | 1<<32 | 1<<43 | 1<<54
	col10Hi = 1<<1 | 1<<12 | 1<<23 | 1<<34 | 1<<45 | 1<<56
	hiCells = 1<<(Cells-64) - 1
)

// Moves by one cell in each direction, without wrapping across rows.
func (b Bits) North() Bits { return Bits{b.Lo>>Size | b.Hi<<(64-Size), b.Hi >> Size} }
func (b Bits) South() Bits { return Bits{b.Lo << Size, (b.Hi<<Size | b.Lo>>(64-Size)) & hiCells} }
func (b Bits) East() Bits {
	lo, hi := b.Lo&^col10Lo, b.Hi&^col10Hi
	return Bits{lo << 1, hi<<1 | lo>>63}
}
func (b Bits) West() Bits {
	lo, hi := b.Lo&^col0Lo, b.Hi&^col0Hi
	return Bits{lo>>1 | hi<<63, hi >> 1}
}

// Neighbours is every cell orthogonally adjacent to a cell of the set, the set itself excluded.
func (b Bits) Neighbours() Bits {
	return b.North().Or(b.South()).Or(b.East()).Or(b.West()).AndNot(b)
}

// Grow is the set plus its orthogonal neighbours.
func (b Bits) Grow() Bits { return b.Or(b.Neighbours()) }

// EachCell calls f with every cell of the set in increasing order.
func (b Bits) EachCell(f func(Cell)) {
	for w := b.Lo; w != 0; w &= w - 1 {
		f(Cell(bits.TrailingZeros64(w)))
	}
	for w := b.Hi; w != 0; w &= w - 1 {
		f(Cell(64 + bits.TrailingZeros64(w)))
	}
}

// Nth returns the n-th cell (0-based, in increasing order) of a set with more than n cells. Halving the
// word by population counts finds it in a few steps, where clearing the lowest cell n times would take
// up to 120, so a random pick from a set costs the same wherever it lands.
func (b Bits) Nth(n int) Cell {
	w, base := b.Lo, 0
	if c := bits.OnesCount64(w); n >= c {
		w, base, n = b.Hi, 64, n-c
	}
	if c := bits.OnesCount32(uint32(w)); n >= c {
		w, base, n = w>>32, base+32, n-c
	}
	if c := bits.OnesCount16(uint16(w)); n >= c {
		w, base, n = w>>16, base+16, n-c
	}
	if c := bits.OnesCount8(uint8(w)); n >= c {
		w, base, n = w>>8, base+8, n-c
	}
	for ; n > 0; n-- {
		w &= w - 1
	}
	return Cell(base + bits.TrailingZeros64(w))
}
