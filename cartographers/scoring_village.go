package cartographers

// wildholds: Earn eight reputation stars for each cluster of six or more village spaces.
func wildholds(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	n, counted := 0, Bits{}
	for rest := v; rest.Any(); {
		if c := nextCluster(v, &rest); c.Count() >= 6 {
			n++
			counted = counted.Or(c)
		}
	}
	return 8 * n, counted
}

// greatCity: Earn one reputation star for each village space in the largest cluster of village spaces
// that is not adjacent to a mountain space. No such cluster scores 0 (rulings 4).
func greatCity(s *Sheet) (int, Bits) {
	v, nearMountain := s.layer[Village], adjacent(s.layer[Mountain])
	var best Bits
	bestN := 0
	for rest := v; rest.Any(); {
		c := nextCluster(v, &rest)
		if n := c.Count(); n > bestN && !c.Intersects(nearMountain) {
			best, bestN = c, n
		}
	}
	return bestN, best
}

// greengoldPlains: Earn three reputation stars for each cluster of village spaces that is adjacent to
// three or more different terrain types. Terrain types are those of rulings 1 (hero included; wasteland,
// destroyed, empty, ruins and the edge are not).
func greengoldPlains(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	n, counted := 0, Bits{}
	for rest := v; rest.Any(); {
		c := nextCluster(v, &rest)
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

// shieldgate: Earn two reputation stars for each village space in the second largest cluster of village
// spaces. If there are multiple largest clusters, score one of the largest. Fewer than two clusters score
// 0 (rulings 4).
func shieldgate(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	var first, second Bits
	firstN, secondN := 0, 0
	for rest := v; rest.Any(); {
		c := nextCluster(v, &rest)
		switch n := c.Count(); {
		case n > firstN:
			first, firstN, second, secondN = c, n, first, firstN
		case n > secondN:
			second, secondN = c, n
		}
	}
	return 2 * secondN, second
}

// trayloMonastery: Earn seven reputation stars for each cluster of village spaces that contains four
// spaces in a 4x1 or 1x4 rectangle.
func trayloMonastery(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	// Cells that start four in a row rightwards, and four in a column downwards.
	h := v.And(v.West())
	h = h.And(h.West().West())
	d := v.And(v.North())
	d = d.And(d.North().North())
	return clustersHolding(v, h.Or(d), 7)
}

// gnomishColony: Earn six reputation stars for each cluster of village spaces that contains four village
// spaces in a 2x2 square.
func gnomishColony(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	h := v.And(v.West())
	return clustersHolding(v, h.And(h.North()), 6)
}

// clustersHolding scores each cluster of set that holds a cell of marks.
func clustersHolding(set, marks Bits, each int) (int, Bits) {
	n, counted := 0, Bits{}
	for rest := marks; rest.Any(); {
		c := nextCluster(set, &rest)
		n++
		counted = counted.Or(c)
	}
	return each * n, counted
}

// outerEnclave: Choose a cluster of village spaces and earn one reputation star for each empty space
// adjacent to that cluster. The best cluster is chosen; none scores 0 (rulings 4). Counted: the chosen
// cluster and its empty neighbours.
func outerEnclave(s *Sheet) (int, Bits) {
	v, empty := s.layer[Village], s.EmptySpaces()
	var best Bits
	bestN := 0
	for rest := v; rest.Any(); {
		c := nextCluster(v, &rest)
		e := empty.And(c.Neighbours())
		if n := e.Count(); n > bestN {
			best, bestN = c.Or(e), n
		}
	}
	return bestN, best
}

// caravansary: Choose a cluster of village spaces and earn one reputation star for each row and column
// that contains a space from that cluster. The best cluster is chosen; none scores 0 (rulings 4).
func caravansary(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	var best Bits
	bestN := 0
	for rest := v; rest.Any(); {
		c := nextCluster(v, &rest)
		if r, k := rowsAndCols(c); r+k > bestN {
			best, bestN = c, r+k
		}
	}
	return bestN, best
}
