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
	// A cluster with a cell on the edge or next to other is out; clusters are whole, so testing the
	// cluster against these blocked cells is enough.
	blocked := edgeCells.Or(adjacent(other))
	n, counted := 0, Bits{}
	for rest := set; rest.Any(); {
		if c := nextCluster(set, &rest); !c.Intersects(blocked) {
			n++
			counted = counted.Or(c)
		}
	}
	return n, counted
}

// craylund: Earn seven reputation stars for each cluster of farm spaces adjacent to three or more water
// spaces (distinct water spaces). Counted: those farm clusters and their adjacent water spaces.
func craylund(s *Sheet) (int, Bits) {
	farm, water := s.layer[Farm], s.layer[Water]
	n, counted := 0, Bits{}
	for rest := farm.And(adjacent(water)); rest.Any(); {
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
	var scoring, links Bits
	for rest := water.And(adjacent(s.layer[Farm])); rest.Any(); {
		c := nextCluster(water, &rest)
		if m := mountains.And(adjacent(c)); m.Any() {
			scoring = scoring.Or(m)
			links = links.Or(c)
		}
	}
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
