package cartographers

import "math/bits"

// A cluster is a group of spaces of one kind connected orthogonally (rulebook). Half of the scoring cards
// score clusters, and a sheet holds many small ones, so finding them is most of the cost of scoring.

// Cluster is the orthogonally connected part of set that contains the cells of seed (of every cluster
// holding one of them, when they lie in several).
//
// The flood goes along rows in parallel: one 128-bit addition carries it east through every run of the
// set it has reached, whatever the runs' length, and one shift per round adds the cells north, south
// and west of what it holds. A cluster is done in about as many rounds as it has rows, where growing by
// one cell per round takes as many as its longest path.
//
// The addition adds the flood to run, the set without column 10: in each run of the set, the flood's
// lowest cell carries through the rest of the run, and the carry stops at the first cell not in run,
// which is either the cell after the run (not in the set) or the run's own cell in column 10, so it
// never wraps onto the next row. The bits the carry flipped are the cells east of the flood; the
// flood's own cells past the first in a run flip twice and are kept by the Or.
func (set Bits) Cluster(seed Bits) Bits {
	// The words are spelled out rather than built from Bits' methods: this loop is most of the cost of
	// scoring, and the compiler keeps the spelled-out form in registers.
	runLo, runHi := set.Lo&^col10Lo, set.Hi&^col10Hi
	lo, hi := seed.Lo&set.Lo, seed.Hi&set.Hi
	for {
		// East along the runs.
		sumLo, carry := bits.Add64(runLo, lo&runLo, 0)
		sumHi, _ := bits.Add64(runHi, hi&runHi, carry)
		lo |= (sumLo ^ runLo) & set.Lo
		hi |= (sumHi ^ runHi) & set.Hi
		// One step north (11 down), south (11 up) and west (1 down, not from column 0).
		wLo, wHi := lo&^col0Lo, hi&^col0Hi
		nextLo := (lo | lo>>Size | hi<<(64-Size) | lo<<Size | wLo>>1 | wHi<<63) & set.Lo
		nextHi := (hi | hi>>Size | hi<<Size | lo>>(64-Size) | wHi>>1) & set.Hi
		if nextLo == lo && nextHi == hi {
			return Bits{lo, hi}
		}
		lo, hi = nextLo, nextHi
	}
}

// EachCluster calls f with every orthogonally connected cluster of the set, lowest cell first.
func (set Bits) EachCluster(f func(cluster Bits)) {
	for rest := set; rest.Any(); {
		f(nextCluster(set, &rest))
	}
}

// nextCluster takes the cluster of set that holds the lowest cell of *rest out of *rest. Looping while
// rest is not empty visits every cluster once, lowest cell first, with no closure on the hot path.
func nextCluster(set Bits, rest *Bits) Bits {
	// The lowest cell of rest, without First's branches: x & -x keeps a word's lowest bit.
	seed := Bits{rest.Lo & -rest.Lo, rest.Hi & -rest.Hi}
	if seed.Lo != 0 {
		seed.Hi = 0
	}
	c := set.Cluster(seed)
	*rest = rest.AndNot(c)
	return c
}

// Most clusters of a full sheet are one or two spaces. A card settles all of these at once with a few
// operations on the whole sheet, and floods only the rest, set.AndNot(lone).AndNot(pairs), which are whole
// clusters, so it still visits them lowest cell first. Where a card picks one cluster, a larger one
// always wins over these, and the lowest of equal ones is the first of its kind in cell order.

// lone is the cells of set with no orthogonal neighbour in it: its clusters of one space.
func lone(set Bits) Bits { return set.AndNot(adjacent(set)) }

// smallClusters returns the clusters of one space of set (lone) and the cells of its clusters of two
// (pairs): the cells with exactly one neighbour in set, whose neighbour has exactly one too.
func smallClusters(set Bits) (lone, pairs Bits) {
	n, s, e, w := set.North(), set.South(), set.East(), set.West()
	one := n.Or(s).Or(e).Or(w)
	two := n.And(s).Or(e.And(w)).Or(n.Or(s).And(e.Or(w)))
	lone = set.AndNot(one)
	if single := set.And(one).AndNot(two); single.Any() {
		pairs = single.And(adjacent(single))
	}
	return lone, pairs
}

// partners is the cells of pairs whose partner, the other space of their pair, is in x (a subset of
// pairs). A cell of a pair has no other neighbour in the set, so being next to a cell of x is being next
// to its partner.
func partners(pairs, x Bits) Bits { return pairs.And(adjacent(x)) }

// firstPair is the pair holding the lowest cell of pairs (pairs not empty).
func firstPair(pairs Bits) Bits {
	c := Single(pairs.First())
	return c.Or(partners(pairs, c))
}

// neighbourCounts counts, for every cell, its orthogonal neighbours in b: atLeast[i] holds the cells
// with more than i of them, from the north-south and east-west pairs of neighbours.
func neighbourCounts(b Bits) (atLeast [4]Bits) {
	n, s, e, w := b.North(), b.South(), b.East(), b.West()
	ns, ew := n.And(s), e.And(w)
	nos, eow := n.Or(s), e.Or(w)
	atLeast[0] = nos.Or(eow)
	atLeast[1] = ns.Or(ew).Or(nos.And(eow))
	atLeast[2] = ns.And(eow).Or(ew.And(nos))
	atLeast[3] = ns.And(ew)
	return atLeast
}
