package cartographers

import "math/bits"

// borderlands: Earn six reputation stars for each complete row or complete column of filled spaces.
func borderlands(s *Sheet) (int, Bits) {
	rows, cols := completeRowsAndCols(s)
	return 6 * (rows.Count() + bits.OnesCount(cols)), wholeRows(rows).Or(wholeColumns(cols))
}

// lostBarony: Earn three reputation stars for each space along one edge of the largest square of filled
// spaces (3 x its side; a single filled space is a 1x1 square). Counted: that square, the topmost-leftmost
// one when several tie.
func lostBarony(s *Sheet) (int, Bits) {
	// corners holds the top-left cells of the filled squares of side n. The side is found by doubling,
	// then adding halves while squares remain: 6 steps instead of one per side, 11 on a full sheet.
	corners, n := s.Filled(), 1
	if corners.Empty() {
		return 0, Bits{}
	}
	for k := 1; k < 8; k *= 2 {
		next := largerSquares(corners, k)
		if next.Empty() {
			break
		}
		corners, n = next, n+k
	}
	for k := n / 2; k >= 1; k /= 2 {
		if next := largerSquares(corners, k); next.Any() {
			corners, n = next, n+k
		}
	}
	return 3 * n, squares[n].Shl(uint(corners.First()))
}

// largerSquares turns the corners of the filled squares of side n into those of side n+k, for k <= n:
// the larger square is covered by four squares of side n, at its corner, k cells right, k cells down and
// both. A corner whose square would cross the east edge is dropped rather than wrapped.
func largerSquares(corners Bits, k int) Bits {
	right := corners.Shr(uint(k)).And(fitsRight[k])
	return corners.And(right).And(corners.Shr(uint(k * Size))).And(right.Shr(uint(k * Size)))
}

// fitsRight[k] is the cells with k more cells to their right on the row; squares[n] is the square of
// side n at the top-left corner.
var fitsRight, squares = func() (f [Size]Bits, sq [Size + 1]Bits) {
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			for k := 0; c+k < Size; k++ {
				f[k] = f[k].With(CellAt(r, c))
			}
			for n := max(r, c) + 1; n <= Size; n++ {
				sq[n] = sq[n].With(CellAt(r, c))
			}
		}
	}
	return f, sq
}()

// diagonals are the 11 lines of The Broken Road (rulings 5): diagonal k runs down-right from (k, 0) to
// the bottom edge, so the corner (10, 0) alone is one of them.
var diagonals = func() (d [Size]Bits) {
	for k := 0; k < Size; k++ {
		for i := 0; k+i < Size; i++ {
			d[k] = d[k].With(CellAt(k+i, i))
		}
	}
	return d
}()

// theBrokenRoad: Earn three reputation stars for each complete diagonal line of filled spaces that touches
// the left and bottom edges of the map.
func theBrokenRoad(s *Sheet) (int, Bits) {
	n, cells := completeLines(s.Filled(), diagonals[:], allCells)
	return 3 * n, cells
}

// theCauldrons: Earn one reputation star for each empty space surrounded on all four sides by filled
// spaces or the edge of the map.
func theCauldrons(s *Sheet) (int, Bits) {
	e := enclosed(s.EmptySpaces(), s.Filled())
	return e.Count(), e
}

// dwarvenholds: Earn seven reputation stars for each complete row or complete column of filled spaces
// that contains a mountain space.
func dwarvenholds(s *Sheet) (int, Bits) {
	rows, cols := completeRowsAndCols(s)
	m := s.layer[Mountain]
	rows, cols = rows.And(rowMarks(m)), cols&columns(m)
	return 7 * (rows.Count() + bits.OnesCount(cols)), wholeRows(rows).Or(wholeColumns(cols))
}

// oddColumns are the columns printed 1, 3, ..., 11 (Silos), as bits of columns.
const oddColumns = 0b101_0101_0101

// silos: Earn ten reputation stars for each complete odd-numbered column of filled spaces (printed
// columns 1, 3, ..., 11, that is columns 0, 2, ..., 10 here).
func silos(s *Sheet) (int, Bits) {
	cols := ^columns(s.EmptySpaces()) & oddColumns
	return 10 * bits.OnesCount(cols), wholeColumns(cols)
}

// bandedHills: Earn four reputation stars for each row of filled spaces that contains five or more
// different terrain types. A row need not be complete; its filled spaces count (rulings 3), and only the
// terrain types of rulings 1 do. Counted: the terrain spaces of those rows.
func bandedHills(s *Sheet) (int, Bits) {
	// Count the terrain types of every row at once, in three bit planes of the rows' column 0 cells.
	var one, two, four, terrain Bits
	for _, k := range terrainKinds {
		t := rowMarks(s.layer[k])
		c1 := one.And(t)
		one = one.Xor(t)
		c2 := two.And(c1)
		two = two.Xor(c1)
		four = four.Or(c2)
		terrain = terrain.Or(s.layer[k])
	}
	rows := four.And(one.Or(two)) // 5, 6 or 7 types
	return 4 * rows.Count(), wholeRows(rows).And(terrain)
}

// starlitSigil: Earn four reputation stars for each cluster of exactly three empty spaces surrounded on
// all sides by filled spaces or the edge of the map (a whole empty cluster of three spaces).
func starlitSigil(s *Sheet) (int, Bits) {
	// Three connected spaces are a path: a middle space with two neighbours in the cluster, each of
	// which has only the middle one. Conversely such a middle space and its two neighbours are a whole
	// cluster of three, so the clusters are found without a flood: middles are the spaces with exactly
	// two empty neighbours and no empty neighbour that has another.
	e := s.EmptySpaces()
	if e.Empty() {
		return 0, Bits{}
	}
	deg := neighbourCounts(e)
	one := e.And(deg[0]).AndNot(deg[1])
	middles := e.And(deg[1]).AndNot(deg[2]).AndNot(adjacent(e.AndNot(one)))
	return 4 * middles.Count(), middles.Or(e.And(adjacent(middles)))
}
