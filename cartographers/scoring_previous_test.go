package cartographers

import (
	"math/rand/v2"
	"testing"
)

// This file keeps the scoring cards as they were before the cluster cards were made to flood rows at once
// and to settle clusters of one space in bulk (issue 14): the code below is the previous scoring.go and
// scoring_*.go, renamed with a prev prefix, with the previous cluster search (one cell further per round).
// TestScoringAgreesWithPrevious holds the current cards to exactly these stars and counted spaces.

// prevCluster is the previous Bits.Cluster: it grows the seed by one cell in every direction per round.
func prevCluster(set, seed Bits) Bits {
	cur := seed.And(set)
	for {
		next := cur.Grow().And(set)
		if next == cur {
			return cur
		}
		cur = next
	}
}

// prevScoringCards are the previous cards' scoring functions, in ScoringCards order.
var prevScoringCards = [len(scoringCards)]func(*Sheet) (int, Bits){
	prevSentinelWood,
	prevGreenbough,
	prevTreetower,
	prevStonesideForest,
	prevCanalLake,
	prevMagesValley,
	prevTheGoldenGranary,
	prevShoresideExpanse,
	prevWildholds,
	prevGreatCity,
	prevGreengoldPlains,
	prevShieldgate,
	prevBorderlands,
	prevLostBarony,
	prevTheBrokenRoad,
	prevTheCauldrons,
	prevFaunlostThicket,
	prevDeepwood,
	prevHeartOfTheForest,
	prevSleepyValley,
	prevCraylund,
	prevUlemsWallow,
	prevClawsgravePeaks,
	prevJorekburg,
	prevTrayloMonastery,
	prevOuterEnclave,
	prevGnomishColony,
	prevCaravansary,
	prevDwarvenholds,
	prevSilos,
	prevBandedHills,
	prevStarlitSigil,
}

// prevAdjacent is every cell orthogonally next to a cell of b. Unlike Neighbours it keeps the cells of b that
// are next to another cell of b, so "x adjacent to b" is x.And(adjacent(b)) even where x and b overlap.
func prevAdjacent(b Bits) Bits {
	return b.North().Or(b.South()).Or(b.East()).Or(b.West())
}

// prevEnclosed is the cells of x whose four sides are all in sides or off the map.
func prevEnclosed(x, sides Bits) Bits {
	return x.AndNot(prevAdjacent(sides.Not()))
}

// prevNextCluster takes the cluster of set that holds the lowest cell of *rest out of *rest. Looping while
// rest is not empty visits every cluster once, with no closure on the hot path.
func prevNextCluster(set Bits, rest *Bits) Bits {
	c := prevCluster(set, Single(rest.First()))
	*rest = rest.AndNot(c)
	return c
}

// prevRowsAndCols counts the rows and the columns that hold at least one cell of b.
func prevRowsAndCols(b Bits) (rows, cols int) {
	for i := 0; i < Size; i++ {
		if b.Intersects(rowMasks[i]) {
			rows++
		}
		if b.Intersects(colMasks[i]) {
			cols++
		}
	}
	return rows, cols
}

// prevCompleteLines returns how many of the lines are complete lines of filled spaces that meet need (pass
// allCells to need nothing more), and their cells.
func prevCompleteLines(filled Bits, lines []Bits, need Bits) (n int, cells Bits) {
	for _, l := range lines {
		if filled.And(l) == l && l.Intersects(need) {
			n++
			cells = cells.Or(l)
		}
	}
	return n, cells
}

// prevSentinelWood: Earn one reputation star for each forest space adjacent to the edge of the map (a corner
// space counts once).
func prevSentinelWood(s *Sheet) (int, Bits) {
	f := s.layer[Forest].And(edgeCells)
	return f.Count(), f
}

// prevGreenbough: Earn one reputation star for each row and column with at least one forest space. The same
// forest space may be scored in a row and a column.
func prevGreenbough(s *Sheet) (int, Bits) {
	f := s.layer[Forest]
	rows, cols := prevRowsAndCols(f)
	return rows + cols, f
}

// prevTreetower: Earn one reputation star for each forest space surrounded on all four sides by filled spaces
// or the edge of the map.
func prevTreetower(s *Sheet) (int, Bits) {
	f := prevEnclosed(s.layer[Forest], s.Filled())
	return f.Count(), f
}

// prevStonesideForest: Earn three reputation stars for each mountain space connected to another mountain
// space by a cluster of forest spaces. A mountain scores at most once, however many clusters link it.
// Counted: the scoring mountains and the forest clusters that link them.
func prevStonesideForest(s *Sheet) (int, Bits) {
	forest, mountains := s.layer[Forest], s.layer[Mountain]
	var scoring, links Bits
	for rest := forest.And(prevAdjacent(mountains)); rest.Any(); {
		c := prevNextCluster(forest, &rest)
		if m := mountains.And(prevAdjacent(c)); m.Count() >= 2 {
			scoring = scoring.Or(m)
			links = links.Or(c)
		}
	}
	return 3 * scoring.Count(), scoring.Or(links)
}

// prevFaunlostThicket: Earn two reputation stars for each forest space in the longest unbroken column of
// forest spaces (a vertical run). Counted: that run, the topmost-leftmost one when several tie.
func prevFaunlostThicket(s *Sheet) (int, Bits) {
	// tops holds the cells that start a downward run of at least n forest spaces.
	tops, n := s.layer[Forest], 0
	for next := tops; next.Any(); next = tops.And(tops.North()) {
		tops, n = next, n+1
	}
	if n == 0 {
		return 0, Bits{}
	}
	var run Bits
	for c, i := tops.First(), 0; i < n; i++ {
		run = run.With(c + Cell(i*Size))
	}
	return 2 * n, run
}

// prevDeepwood: Earn six reputation stars for each cluster of five or more forest spaces that is not adjacent
// to any village spaces.
func prevDeepwood(s *Sheet) (int, Bits) {
	forest, nearVillage := s.layer[Forest], prevAdjacent(s.layer[Village])
	n, counted := 0, Bits{}
	for rest := forest; rest.Any(); {
		if c := prevNextCluster(forest, &rest); c.Count() >= 5 && !c.Intersects(nearVillage) {
			n++
			counted = counted.Or(c)
		}
	}
	return 6 * n, counted
}

// prevHeartOfTheForest: Earn two reputation stars for each forest space surrounded on all four sides by forest
// spaces or the edge of the map.
func prevHeartOfTheForest(s *Sheet) (int, Bits) {
	f := prevEnclosed(s.layer[Forest], s.layer[Forest])
	return 2 * f.Count(), f
}

// prevSleepyValley: Earn four reputation stars for each row that contains three or more forest spaces.
// Counted: the forest spaces of those rows.
func prevSleepyValley(s *Sheet) (int, Bits) {
	n, counted := 0, Bits{}
	for _, row := range rowMasks {
		if f := s.layer[Forest].And(row); f.Count() >= 3 {
			n++
			counted = counted.Or(f)
		}
	}
	return 4 * n, counted
}

// prevCanalLake: Earn one reputation star for each water space adjacent to at least one farm space. Earn one
// reputation star for each farm space adjacent to at least one water space. Each space counts once.
func prevCanalLake(s *Sheet) (int, Bits) {
	farm, water := s.layer[Farm], s.layer[Water]
	c := water.And(prevAdjacent(farm)).Or(farm.And(prevAdjacent(water)))
	return c.Count(), c
}

// prevMagesValley: Earn two reputation stars for each water space adjacent to a mountain space. Earn one
// reputation star for each farm space adjacent to a mountain space.
func prevMagesValley(s *Sheet) (int, Bits) {
	near := prevAdjacent(s.layer[Mountain])
	w, f := s.layer[Water].And(near), s.layer[Farm].And(near)
	return 2*w.Count() + f.Count(), w.Or(f)
}

// prevTheGoldenGranary: Earn one reputation star for each water space adjacent to a ruins space. Earn three
// reputation stars for each farm space on a ruins space. A ruins space stays one after it is drawn on
// (rulings 2); water on a ruins space is not adjacent to that one.
func prevTheGoldenGranary(s *Sheet) (int, Bits) {
	w := s.layer[Water].And(prevAdjacent(s.ruins))
	f := s.layer[Farm].And(s.ruins)
	return w.Count() + 3*f.Count(), w.Or(f)
}

// prevShoresideExpanse: Earn three reputation stars for each cluster of farm spaces not adjacent to a water
// space or the edge of the map. Earn three reputation stars for each cluster of water spaces not adjacent
// to a farm space or the edge of the map.
func prevShoresideExpanse(s *Sheet) (int, Bits) {
	nf, cf := prevIsolatedClusters(s.layer[Farm], s.layer[Water])
	nw, cw := prevIsolatedClusters(s.layer[Water], s.layer[Farm])
	return 3 * (nf + nw), cf.Or(cw)
}

// prevIsolatedClusters counts the clusters of set that touch neither the map edge nor a cell of other.
func prevIsolatedClusters(set, other Bits) (int, Bits) {
	// A cluster with a cell on the edge or next to other is out; clusters are whole, so testing the
	// cluster against these blocked cells is enough.
	blocked := edgeCells.Or(prevAdjacent(other))
	n, counted := 0, Bits{}
	for rest := set; rest.Any(); {
		if c := prevNextCluster(set, &rest); !c.Intersects(blocked) {
			n++
			counted = counted.Or(c)
		}
	}
	return n, counted
}

// prevCraylund: Earn seven reputation stars for each cluster of farm spaces adjacent to three or more water
// spaces (distinct water spaces). Counted: those farm clusters and their adjacent water spaces.
func prevCraylund(s *Sheet) (int, Bits) {
	farm, water := s.layer[Farm], s.layer[Water]
	n, counted := 0, Bits{}
	for rest := farm.And(prevAdjacent(water)); rest.Any(); {
		c := prevNextCluster(farm, &rest)
		if w := water.And(prevAdjacent(c)); w.Count() >= 3 {
			n++
			counted = counted.Or(c).Or(w)
		}
	}
	return 7 * n, counted
}

// prevUlemsWallow: Earn four reputation stars for each water space adjacent to two or more farm spaces.
func prevUlemsWallow(s *Sheet) (int, Bits) {
	f := s.layer[Farm]
	// Count the farm neighbours of every cell up to two, one direction at a time, as a two-bit counter.
	var one, two Bits
	for _, d := range [4]Bits{f.North(), f.South(), f.East(), f.West()} {
		two = two.Or(one.And(d))
		one = one.Or(d)
	}
	w := s.layer[Water].And(two)
	return 4 * w.Count(), w
}

// prevClawsgravePeaks: Earn five reputation stars for each mountain space connected to a farm space by a
// cluster of water spaces (the mountain touches a water cluster that touches a farm space); each mountain
// scores once. Counted: the scoring mountains and the linking water clusters.
func prevClawsgravePeaks(s *Sheet) (int, Bits) {
	water, mountains := s.layer[Water], s.layer[Mountain]
	var scoring, links Bits
	for rest := water.And(prevAdjacent(s.layer[Farm])); rest.Any(); {
		c := prevNextCluster(water, &rest)
		if m := mountains.And(prevAdjacent(c)); m.Any() {
			scoring = scoring.Or(m)
			links = links.Or(c)
		}
	}
	return 5 * scoring.Count(), scoring.Or(links)
}

// prevJorekburg: Earn four reputation stars for each column that contains an equal number of farm spaces and
// water spaces. There must be at least one of each. Counted: the farm and water spaces of those columns.
func prevJorekburg(s *Sheet) (int, Bits) {
	n, counted := 0, Bits{}
	for _, col := range colMasks {
		f, w := s.layer[Farm].And(col), s.layer[Water].And(col)
		if fc := f.Count(); fc > 0 && fc == w.Count() {
			n++
			counted = counted.Or(f).Or(w)
		}
	}
	return 4 * n, counted
}

// prevWildholds: Earn eight reputation stars for each cluster of six or more village spaces.
func prevWildholds(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	n, counted := 0, Bits{}
	for rest := v; rest.Any(); {
		if c := prevNextCluster(v, &rest); c.Count() >= 6 {
			n++
			counted = counted.Or(c)
		}
	}
	return 8 * n, counted
}

// prevGreatCity: Earn one reputation star for each village space in the largest cluster of village spaces
// that is not adjacent to a mountain space. No such cluster scores 0 (rulings 4).
func prevGreatCity(s *Sheet) (int, Bits) {
	v, nearMountain := s.layer[Village], prevAdjacent(s.layer[Mountain])
	var best Bits
	bestN := 0
	for rest := v; rest.Any(); {
		c := prevNextCluster(v, &rest)
		if n := c.Count(); n > bestN && !c.Intersects(nearMountain) {
			best, bestN = c, n
		}
	}
	return bestN, best
}

// prevGreengoldPlains: Earn three reputation stars for each cluster of village spaces that is adjacent to
// three or more different terrain types. Terrain types are those of rulings 1 (hero included; wasteland,
// destroyed, empty, ruins and the edge are not).
func prevGreengoldPlains(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	n, counted := 0, Bits{}
	for rest := v; rest.Any(); {
		c := prevNextCluster(v, &rest)
		near, types := c.Neighbours(), 0
		for _, k := range terrainKinds {
			if s.layer[k].Intersects(near) {
				types++
			}
		}
		if types >= 3 {
			n++
			counted = counted.Or(c)
		}
	}
	return 3 * n, counted
}

// prevShieldgate: Earn two reputation stars for each village space in the second largest cluster of village
// spaces. If there are multiple largest clusters, score one of the largest. Fewer than two clusters score
// 0 (rulings 4).
func prevShieldgate(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	var first, second Bits
	firstN, secondN := 0, 0
	for rest := v; rest.Any(); {
		c := prevNextCluster(v, &rest)
		switch n := c.Count(); {
		case n > firstN:
			first, firstN, second, secondN = c, n, first, firstN
		case n > secondN:
			second, secondN = c, n
		}
	}
	return 2 * secondN, second
}

// prevTrayloMonastery: Earn seven reputation stars for each cluster of village spaces that contains four
// spaces in a 4x1 or 1x4 rectangle.
func prevTrayloMonastery(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	// Cells that start four in a row rightwards, and four in a column downwards.
	h := v.And(v.West())
	h = h.And(h.West().West())
	d := v.And(v.North())
	d = d.And(d.North().North())
	return prevClustersHolding(v, h.Or(d), 7)
}

// prevGnomishColony: Earn six reputation stars for each cluster of village spaces that contains four village
// spaces in a 2x2 square.
func prevGnomishColony(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	h := v.And(v.West())
	return prevClustersHolding(v, h.And(h.North()), 6)
}

// prevClustersHolding scores each cluster of set that holds a cell of marks.
func prevClustersHolding(set, marks Bits, each int) (int, Bits) {
	n, counted := 0, Bits{}
	for rest := marks; rest.Any(); {
		c := prevNextCluster(set, &rest)
		n++
		counted = counted.Or(c)
	}
	return each * n, counted
}

// prevOuterEnclave: Choose a cluster of village spaces and earn one reputation star for each empty space
// prevAdjacent to that cluster. The best cluster is chosen; none scores 0 (rulings 4). Counted: the chosen
// cluster and its empty neighbours.
func prevOuterEnclave(s *Sheet) (int, Bits) {
	v, empty := s.layer[Village], s.EmptySpaces()
	var best Bits
	bestN := 0
	for rest := v; rest.Any(); {
		c := prevNextCluster(v, &rest)
		e := empty.And(c.Neighbours())
		if n := e.Count(); n > bestN {
			best, bestN = c.Or(e), n
		}
	}
	return bestN, best
}

// prevCaravansary: Choose a cluster of village spaces and earn one reputation star for each row and column
// that contains a space from that cluster. The best cluster is chosen; none scores 0 (rulings 4).
func prevCaravansary(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	var best Bits
	bestN := 0
	for rest := v; rest.Any(); {
		c := prevNextCluster(v, &rest)
		if r, k := prevRowsAndCols(c); r+k > bestN {
			best, bestN = c, r+k
		}
	}
	return bestN, best
}

// prevBorderlands: Earn six reputation stars for each complete row or complete column of filled spaces.
func prevBorderlands(s *Sheet) (int, Bits) {
	f := s.Filled()
	r, rc := prevCompleteLines(f, rowMasks[:], allCells)
	c, cc := prevCompleteLines(f, colMasks[:], allCells)
	return 6 * (r + c), rc.Or(cc)
}

// prevLostBarony: Earn three reputation stars for each space along one edge of the largest square of filled
// spaces (3 x its side; a single filled space is a 1x1 square). Counted: that square, the topmost-leftmost
// one when several tie.
func prevLostBarony(s *Sheet) (int, Bits) {
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

// prevDiagonals are the 11 lines of The Broken Road (rulings 5): diagonal k runs down-right from (k, 0) to
// the bottom edge, so the corner (10, 0) alone is one of them.
var prevDiagonals = func() (d [Size]Bits) {
	for k := 0; k < Size; k++ {
		for i := 0; k+i < Size; i++ {
			d[k] = d[k].With(CellAt(k+i, i))
		}
	}
	return d
}()

// prevTheBrokenRoad: Earn three reputation stars for each complete diagonal line of filled spaces that touches
// the left and bottom edges of the map.
func prevTheBrokenRoad(s *Sheet) (int, Bits) {
	n, cells := prevCompleteLines(s.Filled(), prevDiagonals[:], allCells)
	return 3 * n, cells
}

// prevTheCauldrons: Earn one reputation star for each empty space surrounded on all four sides by filled
// spaces or the edge of the map.
func prevTheCauldrons(s *Sheet) (int, Bits) {
	e := prevEnclosed(s.EmptySpaces(), s.Filled())
	return e.Count(), e
}

// prevDwarvenholds: Earn seven reputation stars for each complete row or complete column of filled spaces
// that contains a mountain space.
func prevDwarvenholds(s *Sheet) (int, Bits) {
	f, m := s.Filled(), s.layer[Mountain]
	r, rc := prevCompleteLines(f, rowMasks[:], m)
	c, cc := prevCompleteLines(f, colMasks[:], m)
	return 7 * (r + c), rc.Or(cc)
}

// prevOddColumns are the columns printed 1, 3, ..., 11 (Silos); built with colMask because colMasks is only
// filled by an init function, after package variables.
var prevOddColumns = [...]Bits{colMask(0), colMask(2), colMask(4), colMask(6), colMask(8), colMask(10)}

// prevSilos: Earn ten reputation stars for each complete odd-numbered column of filled spaces (printed
// columns 1, 3, ..., 11, that is columns 0, 2, ..., 10 here).
func prevSilos(s *Sheet) (int, Bits) {
	n, cells := prevCompleteLines(s.Filled(), prevOddColumns[:], allCells)
	return 10 * n, cells
}

// prevBandedHills: Earn four reputation stars for each row of filled spaces that contains five or more
// different terrain types. A row need not be complete; its filled spaces count (rulings 3), and only the
// terrain types of rulings 1 do. Counted: the terrain spaces of those rows.
func prevBandedHills(s *Sheet) (int, Bits) {
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

// prevStarlitSigil: Earn four reputation stars for each cluster of exactly three empty spaces surrounded on
// all sides by filled spaces or the edge of the map (a whole empty cluster of three spaces).
func prevStarlitSigil(s *Sheet) (int, Bits) {
	e := s.EmptySpaces()
	n, counted := 0, Bits{}
	for rest := e; rest.Any(); {
		if c := prevNextCluster(e, &rest); c.Count() == 3 {
			n++
			counted = counted.Or(c)
		}
	}
	return 4 * n, counted
}

// previousAgrees fails the test when a card's stars or counted spaces differ from the previous code's.
func previousAgrees(t *testing.T, s *Sheet, where string) {
	t.Helper()
	for i := range scoringCards {
		stars, counted := scoringCards[i].Score(s)
		wantStars, wantCounted := prevScoringCards[i](s)
		if stars != wantStars || counted != wantCounted {
			t.Fatalf("%s: %s = %d stars counting %v, previously %d counting %v\n%s", where, scoringCards[i].Name,
				stars, cellList(counted), wantStars, cellList(wantCounted), s.MapText())
		}
	}
}

// TestScoringAgreesWithPrevious compares every card, stars and counted spaces, with the previous code on
// sheets of every texture: single random spaces (many clusters of one), drawn shapes (larger clusters),
// blocks of one terrain, and the sheets of random games at every turn.
func TestScoringAgreesWithPrevious(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := 0; trial < 3000; trial++ {
		var s Sheet
		switch trial % 4 {
		case 0:
			s = randomSheet(rng, rng.Float64())
		case 1:
			s = shapedSheet(rng, rng.Float64())
		case 2:
			s = blockSheet(rng)
		default:
			// Few kinds make long, winding clusters that need many rounds of the flood.
			s, _ = MapSide(mapSideNames[rng.IntN(len(mapSideNames))])
			density := rng.Float64()
			for c := Cell(0); c < Cells; c++ {
				if s.At(c) == Empty && rng.Float64() < density {
					s.Draw(Single(c), Kind(rng.IntN(2)))
				}
			}
		}
		previousAgrees(t, &s, "trial "+itoa(trial))
	}
	for _, fs := range fullSheets() {
		previousAgrees(t, &fs.sheet, fs.name)
	}
	for _, hs := range halfFilledSheets() {
		previousAgrees(t, &hs.sheet, hs.name)
	}
}

// blockSheet fills a random side with rectangles of one kind, of random sizes, so that clusters touch
// along whole edges and a kind's clusters can merge into rings around others.
func blockSheet(rng *rand.Rand) Sheet {
	s, _ := MapSide(mapSideNames[rng.IntN(len(mapSideNames))])
	for tries := rng.IntN(30); tries >= 0; tries-- {
		r, c := rng.IntN(Size), rng.IntN(Size)
		h, w := 1+rng.IntN(Size-r), 1+rng.IntN(Size-c)
		var b Bits
		for i := 0; i < h && i < 4; i++ {
			for j := 0; j < w && j < 5; j++ {
				b = b.With(CellAt(r+i, c+j))
			}
		}
		s.Draw(b.AndNot(s.layer[Mountain]), Kind(rng.IntN(int(Monster)+1)))
	}
	return s
}

// FuzzScoringAgreesWithPrevious reads a sheet from the fuzzer's bytes, one kind per space (the low four
// bits, 9 and above empty), on top of a side, and compares every card with the previous code.
func FuzzScoringAgreesWithPrevious(f *testing.F) {
	f.Add([]byte{0}, uint8(0))
	f.Add([]byte("\x01\x01\x01\x02\x01\x01\x03\x01\x01\x01\x01\x01"), uint8(1))
	f.Add(make([]byte, Cells), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, side uint8) {
		s, _ := MapSide(mapSideNames[int(side)%len(mapSideNames)])
		for c := Cell(0); c < Cells && int(c) < len(data); c++ {
			if k := Kind(data[c] & 15); k < numLayers && s.At(c) != Mountain {
				s.Draw(Single(c), k)
			}
		}
		previousAgrees(t, &s, "fuzz")
	})
}
