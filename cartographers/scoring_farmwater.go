package cartographers

// canalLake: Earn one reputation star for each water space adjacent to at least one farm space. Earn one
// reputation star for each farm space adjacent to at least one water space. Each space counts once.
func canalLake(s *Sheet) (int, Bits) {
	farm, water := s.layer[Farm], s.layer[Water]
	c := water.And(adjacent(farm)).Or(farm.And(adjacent(water)))
	return c.Count(), c
}

// magesValley: Earn two reputation stars for each water space adjacent to a mountain space. Earn one
// reputation star for each farm space adjacent to a mountain space.
func magesValley(s *Sheet) (int, Bits) {
	near := adjacent(s.layer[Mountain])
	w, f := s.layer[Water].And(near), s.layer[Farm].And(near)
	return 2*w.Count() + f.Count(), w.Or(f)
}

// theGoldenGranary: Earn one reputation star for each water space adjacent to a ruins space. Earn three
// reputation stars for each farm space on a ruins space. A ruins space stays one after it is drawn on
// (rulings 2); water on a ruins space is not adjacent to that one.
func theGoldenGranary(s *Sheet) (int, Bits) {
	w := s.layer[Water].And(adjacent(s.ruins))
	f := s.layer[Farm].And(s.ruins)
	return w.Count() + 3*f.Count(), w.Or(f)
}

// shoresideExpanse: Earn three reputation stars for each cluster of farm spaces not adjacent to a water
// space or the edge of the map. Earn three reputation stars for each cluster of water spaces not adjacent
// to a farm space or the edge of the map.
func shoresideExpanse(s *Sheet) (int, Bits) {
	nf, cf := isolatedClusters(s.layer[Farm], s.layer[Water])
	nw, cw := isolatedClusters(s.layer[Water], s.layer[Farm])
	return 3 * (nf + nw), cf.Or(cw)
}

// isolatedClusters counts the clusters of set that touch neither the map edge nor a cell of other.
func isolatedClusters(set, other Bits) (int, Bits) {
	// One flood from every cell on the edge or next to other takes out the clusters that cannot score;
	// what is left is counted, its single spaces and pairs at once.
	free := set.AndNot(set.Cluster(set.And(edgeCells.Or(adjacent(other)))))
	single, pairs := smallClusters(free)
	n := single.Count() + pairs.Count()/2
	for rest := free.AndNot(single).AndNot(pairs); rest.Any(); {
		nextCluster(free, &rest)
		n++
	}
	return n, free
}

// craylund: Earn seven reputation stars for each cluster of farm spaces adjacent to three or more water
// spaces (distinct water spaces). Counted: those farm clusters and their adjacent water spaces.
func craylund(s *Sheet) (int, Bits) {
	farm, water := s.layer[Farm], s.layer[Water]
	nearWater := adjacent(water)
	single, pairs := smallClusters(farm)
	n, counted := 0, Bits{}
	if single.Or(pairs).Intersects(nearWater) {
		// A single farm space scores with three water neighbours. The two spaces of a pair never share a
		// neighbour, so a pair scores when one space has three, or one has two and the other at least one.
		w := neighbourCounts(water)
		scoring := pairs.And(w[2]).Or(pairs.And(w[1]).And(partners(pairs, pairs.And(w[0]))))
		scoring = scoring.Or(partners(pairs, scoring))
		n = scoring.Count() / 2
		scoring = scoring.Or(single.And(w[2]))
		n += scoring.And(single).Count()
		counted = scoring.Or(water.And(adjacent(scoring)))
	}
	for rest := farm.AndNot(single).AndNot(pairs).And(nearWater); rest.Any(); {
		c := nextCluster(farm, &rest)
		if w := water.And(adjacent(c)); w.Count() >= 3 {
			n++
			counted = counted.Or(c).Or(w)
		}
	}
	return 7 * n, counted
}

// ulemsWallow: Earn four reputation stars for each water space adjacent to two or more farm spaces.
func ulemsWallow(s *Sheet) (int, Bits) {
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

// clawsgravePeaks: Earn five reputation stars for each mountain space connected to a farm space by a
// cluster of water spaces (the mountain touches a water cluster that touches a farm space); each mountain
// scores once. Counted: the scoring mountains and the linking water clusters.
func clawsgravePeaks(s *Sheet) (int, Bits) {
	water, mountains := s.layer[Water], s.layer[Mountain]
	// Both conditions are about touching, so two floods from many seeds at once do it: the water
	// clusters touching a farm, then those of them touching a mountain.
	wet := water.Cluster(water.And(adjacent(s.layer[Farm])))
	links := wet.Cluster(wet.And(adjacent(mountains)))
	scoring := mountains.And(adjacent(links))
	return 5 * scoring.Count(), scoring.Or(links)
}

// jorekburg: Earn four reputation stars for each column that contains an equal number of farm spaces and
// water spaces. There must be at least one of each. Counted: the farm and water spaces of those columns.
func jorekburg(s *Sheet) (int, Bits) {
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
