package cartographers

// borderlands: Earn six reputation stars for each complete row or complete column of filled spaces.
func borderlands(s *Sheet) (int, Bits) {
	f := s.Filled()
	r, rc := completeLines(f, rowMasks[:], allCells)
	c, cc := completeLines(f, colMasks[:], allCells)
	return 6 * (r + c), rc.Or(cc)
}

// lostBarony: Earn three reputation stars for each space along one edge of the largest square of filled
// spaces (3 x its side; a single filled space is a 1x1 square). Counted: that square, the topmost-leftmost
// one when several tie.
func lostBarony(s *Sheet) (int, Bits) {
	// corners holds the top-left cells of filled squares of side n; a square of side n+1 starts where
	// squares of side n start at the cell, to its right, below it and diagonally.
	corners, n := s.Filled(), 0
	for next := corners; next.Any(); {
		corners, n = next, n+1
		right := corners.West()
		next = corners.And(right).And(corners.North()).And(right.North())
	}
	if n == 0 {
		return 0, Bits{}
	}
	top := corners.First()
	var sq Bits
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			sq = sq.With(top + Cell(r*Size+c))
		}
	}
	return 3 * n, sq
}

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
	f, m := s.Filled(), s.layer[Mountain]
	r, rc := completeLines(f, rowMasks[:], m)
	c, cc := completeLines(f, colMasks[:], m)
	return 7 * (r + c), rc.Or(cc)
}

// oddColumns are the columns printed 1, 3, ..., 11 (Silos); built with colMask because colMasks is only
// filled by an init function, after package variables.
var oddColumns = [...]Bits{colMask(0), colMask(2), colMask(4), colMask(6), colMask(8), colMask(10)}

// silos: Earn ten reputation stars for each complete odd-numbered column of filled spaces (printed
// columns 1, 3, ..., 11, that is columns 0, 2, ..., 10 here).
func silos(s *Sheet) (int, Bits) {
	n, cells := completeLines(s.Filled(), oddColumns[:], allCells)
	return 10 * n, cells
}

// bandedHills: Earn four reputation stars for each row of filled spaces that contains five or more
// different terrain types. A row need not be complete; its filled spaces count (rulings 3), and only the
// terrain types of rulings 1 do. Counted: the terrain spaces of those rows.
func bandedHills(s *Sheet) (int, Bits) {
	n, counted := 0, Bits{}
	for _, row := range rowMasks {
		types, cells := 0, Bits{}
		for _, k := range terrainKinds {
			if c := s.layer[k].And(row); c.Any() {
				types++
				cells = cells.Or(c)
			}
		}
		if types >= 5 {
			n++
			counted = counted.Or(cells)
		}
	}
	return 4 * n, counted
}

// starlitSigil: Earn four reputation stars for each cluster of exactly three empty spaces surrounded on
// all sides by filled spaces or the edge of the map (a whole empty cluster of three spaces).
func starlitSigil(s *Sheet) (int, Bits) {
	e := s.EmptySpaces()
	n, counted := 0, Bits{}
	for rest := e; rest.Any(); {
		if c := nextCluster(e, &rest); c.Count() == 3 {
			n++
			counted = counted.Or(c)
		}
	}
	return 4 * n, counted
}
