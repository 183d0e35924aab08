package cartographers

// sentinelWood: Earn one reputation star for each forest space adjacent to the edge of the map (a corner
// space counts once).
func sentinelWood(s *Sheet) (int, Bits) {
	f := s.layer[Forest].And(edgeCells)
	return f.Count(), f
}

// greenbough: Earn one reputation star for each row and column with at least one forest space. The same
// forest space may be scored in a row and a column.
func greenbough(s *Sheet) (int, Bits) {
	f := s.layer[Forest]
	rows, cols := rowsAndCols(f)
	return rows + cols, f
}

// treetower: Earn one reputation star for each forest space surrounded on all four sides by filled spaces
// or the edge of the map.
func treetower(s *Sheet) (int, Bits) {
	f := enclosed(s.layer[Forest], s.Filled())
	return f.Count(), f
}

// stonesideForest: Earn three reputation stars for each mountain space connected to another mountain
// space by a cluster of forest spaces. A mountain scores at most once, however many clusters link it.
// Counted: the scoring mountains and the forest clusters that link them.
func stonesideForest(s *Sheet) (int, Bits) {
	forest, mountains := s.layer[Forest], s.layer[Mountain]
	var scoring, links Bits
	for rest := forest.And(adjacent(mountains)); rest.Any(); {
		c := nextCluster(forest, &rest)
		if m := mountains.And(adjacent(c)); m.Count() >= 2 {
			scoring = scoring.Or(m)
			links = links.Or(c)
		}
	}
	return 3 * scoring.Count(), scoring.Or(links)
}

// faunlostThicket: Earn two reputation stars for each forest space in the longest unbroken column of
// forest spaces (a vertical run). Counted: that run, the topmost-leftmost one when several tie.
func faunlostThicket(s *Sheet) (int, Bits) {
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

// deepwood: Earn six reputation stars for each cluster of five or more forest spaces that is not adjacent
// to any village spaces.
func deepwood(s *Sheet) (int, Bits) {
	forest := s.layer[Forest]
	// One flood from every forest space next to a village takes out all the clusters that cannot score.
	far := forest.AndNot(forest.Cluster(forest.And(adjacent(s.layer[Village]))))
	single, pairs := smallClusters(far)
	n, counted := 0, Bits{}
	for rest := far.AndNot(single).AndNot(pairs); rest.Any(); {
		if c := nextCluster(far, &rest); c.Count() >= 5 {
			n++
			counted = counted.Or(c)
		}
	}
	return 6 * n, counted
}

// heartOfTheForest: Earn two reputation stars for each forest space surrounded on all four sides by forest
// spaces or the edge of the map.
func heartOfTheForest(s *Sheet) (int, Bits) {
	f := enclosed(s.layer[Forest], s.layer[Forest])
	return 2 * f.Count(), f
}

// sleepyValley: Earn four reputation stars for each row that contains three or more forest spaces.
// Counted: the forest spaces of those rows.
func sleepyValley(s *Sheet) (int, Bits) {
	n, counted := 0, Bits{}
	for _, row := range rowMasks {
		if f := s.layer[Forest].And(row); f.Count() >= 3 {
			n++
			counted = counted.Or(f)
		}
	}
	return 4 * n, counted
}
