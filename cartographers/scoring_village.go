package cartographers

import "math/bits"

// The village cards score clusters. Each settles the clusters of one and two spaces in bulk and floods
// the others (see smallClusters), giving the stars and counted spaces of visiting every cluster lowest
// cell first.

// wildholds: Earn eight reputation stars for each cluster of six or more village spaces.
func wildholds(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	single, pairs := smallClusters(v)
	n, counted := 0, Bits{}
	for rest := v.AndNot(single).AndNot(pairs); rest.Any(); {
		if c := nextCluster(v, &rest); c.Count() >= 6 {
			n++
			counted = counted.Or(c)
		}
	}
	return 8 * n, counted
}

// greatCity: Earn one reputation star for each village space in the largest cluster of village spaces
// that is not adjacent to a mountain space. No such cluster scores 0 (rulings 4). Counted: that cluster,
// the one with the lowest space when several are largest.
func greatCity(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	// One flood from every village space next to a mountain takes out all the clusters that cannot score.
	far := v.AndNot(v.Cluster(v.And(adjacent(s.layer[Mountain]))))
	single, pairs := smallClusters(far)
	var best Bits
	bestN := 0
	for rest := far.AndNot(single).AndNot(pairs); rest.Any(); {
		if c := nextCluster(far, &rest); c.Count() > bestN {
			best, bestN = c, c.Count()
		}
	}
	switch {
	case bestN > 0:
	case pairs.Any():
		best, bestN = firstPair(pairs), 2
	case single.Any():
		best, bestN = Single(single.First()), 1
	}
	return bestN, best
}

// greengoldPlains: Earn three reputation stars for each cluster of village spaces that is adjacent to
// three or more different terrain types. Terrain types are those of rulings 1 (hero included; wasteland,
// destroyed, empty, ruins and the edge are not).
func greengoldPlains(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	single, pairs := smallClusters(v)
	small := single.Or(pairs)
	n, counted := 0, Bits{}
	if small.Any() {
		// Count the types next to every small cluster up to three, one type at a time in saturating bit
		// planes over the cluster's cells; a pair is next to a type when either of its cells is. A
		// cluster is never next to a village space.
		var one, two, three Bits
		for _, k := range terrainKinds {
			if k == Village {
				continue
			}
			t := small.And(adjacent(s.layer[k]))
			if pairs.Any() {
				t = t.Or(partners(pairs, t.And(pairs)))
			}
			three = three.Or(two.And(t))
			two = two.Or(one.And(t))
			one = one.Or(t)
		}
		counted = small.And(three)
		n = counted.And(single).Count() + counted.And(pairs).Count()/2
	}
	for rest := v.AndNot(small); rest.Any(); {
		c := nextCluster(v, &rest)
		near, types := c.Neighbours(), 0
		for _, k := range terrainKinds {
			if k != Village && s.layer[k].Intersects(near) {
				if types++; types == 3 {
					break
				}
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
// 0 (rulings 4). Counted: visiting the clusters lowest cell first, the first of the largest of the
// clusters other than the first largest one (so the later of two equal largest ones).
func shieldgate(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	single, pairs := smallClusters(v)
	var first, second Bits
	firstN, secondN := 0, 0
	for rest := v.AndNot(single).AndNot(pairs); rest.Any(); {
		c := nextCluster(v, &rest)
		switch n := c.Count(); {
		case n > firstN:
			first, firstN, second, secondN = c, n, first, firstN
		case n > secondN:
			second, secondN = c, n
		}
	}
	// Fewer than two larger clusters: the small ones fill in, pairs before single spaces, lowest first.
	if secondN == 0 {
		if firstN == 0 {
			takeSmallest(&pairs, &single) // the first of the clusters is the lowest small one, not counted
		}
		second = takeSmallest(&pairs, &single)
		secondN = second.Count()
	}
	return 2 * secondN, second
}

// takeSmallest takes the lowest pair out of pairs or, when there is none, the lowest single space out of
// single, and returns it (nothing when both are empty).
func takeSmallest(pairs, single *Bits) Bits {
	var c Bits
	switch {
	case pairs.Any():
		c = firstPair(*pairs)
		*pairs = pairs.AndNot(c)
	case single.Any():
		c = Single(single.First())
		*single = single.AndNot(c)
	}
	return c
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
// cluster and its empty neighbours; of equal clusters, the one with the lowest space.
func outerEnclave(s *Sheet) (int, Bits) {
	v, empty := s.layer[Village], s.EmptySpaces()
	nearEmpty := adjacent(empty)
	single := lone(v)
	var best Bits
	bestN, bestFirst := 0, Cell(0)
	// Only the clusters next to an empty space can score, so only those are flooded, in the order of
	// their cells next to an empty space; the lowest space decides between equal ones.
	for rest := v.AndNot(single).And(nearEmpty); rest.Any(); {
		c := nextCluster(v, &rest)
		e := empty.And(c.Neighbours())
		if n, first := e.Count(), c.First(); n > bestN || n == bestN && first < bestFirst {
			best, bestN, bestFirst = c.Or(e), n, first
		}
	}
	if single = single.And(nearEmpty); single.Any() {
		// The single spaces with the most empty neighbours, the lowest of them.
		atLeast := neighbourCounts(empty)
		for i := len(atLeast) - 1; i >= 0 && i+1 >= bestN; i-- {
			cand := single.And(atLeast[i])
			if cand.Empty() {
				continue
			}
			if c := cand.First(); i+1 > bestN || c < bestFirst {
				best, bestN = Single(c).Grow().And(empty).With(c), i+1
			}
			break
		}
	}
	return bestN, best
}

// caravansary: Choose a cluster of village spaces and earn one reputation star for each row and column
// that contains a space from that cluster. The best cluster is chosen; none scores 0 (rulings 4).
// Counted: the chosen cluster; of equal clusters, the one with the lowest space.
func caravansary(s *Sheet) (int, Bits) {
	v := s.layer[Village]
	single, pairs := smallClusters(v)
	var best Bits
	bestN := 0
	for rest := v.AndNot(single).AndNot(pairs); rest.Any(); {
		c := nextCluster(v, &rest)
		// A cluster is connected: its rows run unbroken from its first cell's to its last cell's.
		n := int(cellRow[c.last()]) - int(cellRow[c.First()]) + 1 + bits.OnesCount(columns(c))
		if n > bestN {
			best, bestN = c, n
		}
	}
	// A cluster of three spaces or more scores at least 4, a pair 3, a single space 2.
	switch {
	case bestN > 0:
	case pairs.Any():
		best, bestN = firstPair(pairs), 3
	case single.Any():
		best, bestN = Single(single.First()), 2
	}
	return bestN, best
}
