package cartographers

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// bfsCluster is the plain reference for Cluster: a breadth-first search over (row, col) cells from every
// cell of seed that is in set.
func bfsCluster(set, seed Bits) Bits {
	var out Bits
	var queue []Cell
	seed.And(set).EachCell(func(c Cell) { queue = append(queue, c) })
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if out.Has(c) {
			continue
		}
		out = out.With(c)
		r, k := c.Row(), c.Col()
		for _, d := range refDirs {
			if nr, nc := r+d[0], k+d[1]; refOn(nr, nc) && set.Has(CellAt(nr, nc)) {
				queue = append(queue, CellAt(nr, nc))
			}
		}
	}
	return out
}

// clusterTestSets are sets of every texture: random at every density, long winding paths (a spiral and
// a serpentine, which need a round per bend), runs across the word boundary (cells 55 to 65 are row 5),
// whole rows and columns, and the full map.
func clusterTestSets(rng *rand.Rand) []Bits {
	var spiral, serpent, boundary Bits
	r0, c0, r1, c1 := 0, 0, Size-1, Size-1
	for r0 <= r1 && c0 <= c1 {
		for c := c0; c <= c1; c++ {
			spiral = spiral.With(CellAt(r0, c))
		}
		for r := r0; r <= r1; r++ {
			spiral = spiral.With(CellAt(r, c1))
		}
		for c := c0; c <= c1; c++ {
			spiral = spiral.With(CellAt(r1, c))
		}
		for r := r0 + 2; r <= r1; r++ {
			spiral = spiral.With(CellAt(r, c0))
		}
		r0, c0, r1, c1 = r0+2, c0+2, r1-2, c1-2
		if r0 <= r1 {
			spiral = spiral.With(CellAt(r0, c0-1))
		}
	}
	for r := 0; r < Size; r++ {
		if r%2 == 0 {
			serpent = serpent.Or(rowMasks[r])
		} else {
			serpent = serpent.With(CellAt(r, (1-r/2%2)*(Size-1)))
		}
	}
	for c := Cell(50); c < 75; c++ {
		if c%3 != 0 {
			boundary = boundary.With(c)
		}
	}
	sets := []Bits{spiral, serpent, boundary, allCells, rowMasks[5], colMasks[0], colMasks[Size-1], edgeCells, {}}
	for i := 0; i < 2000; i++ {
		sets = append(sets, randomCells(rng, rng.Float64()))
	}
	return sets
}

func TestClusterAgreesWithSearch(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 32))
	for _, set := range clusterTestSets(rng) {
		// Every cluster from its lowest cell, as nextCluster floods it, and from a random one.
		for rest := set; rest.Any(); {
			seed := Single(rest.First())
			want := bfsCluster(set, seed)
			if got := set.Cluster(seed); got != want {
				t.Fatalf("cluster of %v in %v = %v, want %v", cellList(seed), cellList(set), cellList(got), cellList(want))
			}
			if got := prevCluster(set, seed); got != want {
				t.Fatalf("the previous cluster search disagrees with the reference on %v", cellList(set))
			}
			other := Single(want.Nth(rng.IntN(want.Count())))
			if got := set.Cluster(other); got != want {
				t.Fatalf("cluster of %v in %v = %v, want %v", cellList(other), cellList(set), cellList(got), cellList(want))
			}
			if got := nextCluster(set, &rest); got != want {
				t.Fatalf("nextCluster = %v, want %v", cellList(got), cellList(want))
			}
		}
		// Several seeds, some outside the set.
		seeds := randomCells(rng, 0.05)
		if got, want := set.Cluster(seeds), bfsCluster(set, seeds); got != want {
			t.Fatalf("cluster of %v in %v = %v, want %v", cellList(seeds), cellList(set), cellList(got), cellList(want))
		}
	}
}

func TestSmallClusters(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(33, 34))
	for _, set := range clusterTestSets(rng) {
		var wantLone, wantPairs Bits
		set.EachCluster(func(c Bits) {
			switch c.Count() {
			case 1:
				wantLone = wantLone.Or(c)
			case 2:
				wantPairs = wantPairs.Or(c)
			}
		})
		single, pairs := smallClusters(set)
		if single != wantLone || pairs != wantPairs || lone(set) != wantLone {
			t.Fatalf("small clusters of %v: lone %v pairs %v, want %v and %v", cellList(set),
				cellList(single), cellList(pairs), cellList(wantLone), cellList(wantPairs))
		}
		// partners swaps the two spaces of every pair; firstPair is the pair of the lowest cell.
		pick := randomCells(rng, 0.5).And(pairs)
		var want Bits
		pick.EachCell(func(c Cell) { want = want.Or(set.Cluster(Single(c)).Without(c)) })
		if got := partners(pairs, pick); got != want {
			t.Fatalf("partners of %v among %v = %v, want %v", cellList(pick), cellList(pairs), cellList(got), cellList(want))
		}
		if pairs.Any() && firstPair(pairs) != set.Cluster(Single(pairs.First())) {
			t.Fatalf("firstPair of %v = %v", cellList(pairs), cellList(firstPair(pairs)))
		}
	}
}

func TestNeighbourCounts(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(35, 36))
	for _, set := range clusterTestSets(rng) {
		atLeast := neighbourCounts(set)
		for c := Cell(0); c < Cells; c++ {
			n := Single(c).Neighbours().And(set).Count()
			for i := range atLeast {
				if atLeast[i].Has(c) != (n > i) {
					t.Fatalf("cell %v has %d neighbours in %v, but atLeast[%d] says %v", c, n, cellList(set), i, atLeast[i].Has(c))
				}
			}
		}
	}
}

// TestRowsAndColumns checks the folds that find a set's rows and columns against one mask per line.
func TestRowsAndColumns(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(37, 38))
	for _, set := range clusterTestSets(rng) {
		var marks Bits
		var cols uint
		rows, ncols := 0, 0
		for i := 0; i < Size; i++ {
			if set.Intersects(rowMasks[i]) {
				marks = marks.With(CellAt(i, 0))
				rows++
			}
			if set.Intersects(colMasks[i]) {
				cols |= 1 << i
				ncols++
			}
		}
		if got := rowMarks(set); got != marks {
			t.Fatalf("rowMarks(%v) = %v, want %v", cellList(set), cellList(got), cellList(marks))
		}
		if got := columns(set); got != cols {
			t.Fatalf("columns(%v) = %b, want %b", cellList(set), got, cols)
		}
		if r, c := rowsAndCols(set); r != rows || c != ncols {
			t.Fatalf("rowsAndCols(%v) = %d, %d, want %d, %d", cellList(set), r, c, rows, ncols)
		}
		var whole, wholeCols Bits
		marks.EachCell(func(c Cell) { whole = whole.Or(rowMasks[c.Row()]) })
		if got := wholeRows(marks); got != whole {
			t.Fatalf("wholeRows(%v) = %v, want %v", cellList(marks), cellList(got), cellList(whole))
		}
		for i := 0; i < Size; i++ {
			if cols>>i&1 != 0 {
				wholeCols = wholeCols.Or(colMasks[i])
			}
		}
		if got := wholeColumns(cols); got != wholeCols {
			t.Fatalf("wholeColumns(%b) = %v, want %v", cols, cellList(got), cellList(wholeCols))
		}
		if set.Any() {
			last := Cell(0)
			set.EachCell(func(c Cell) { last = c })
			if set.last() != last {
				t.Fatalf("last of %v = %v, want %v", cellList(set), set.last(), last)
			}
		}
	}
}

func TestNth(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(39, 40))
	for _, set := range clusterTestSets(rng) {
		i := 0
		set.EachCell(func(c Cell) {
			if got := set.Nth(i); got != c {
				t.Fatalf("Nth(%d) of %v = %v, want %v", i, cellList(set), got, c)
			}
			i++
		})
	}
}

// FuzzCluster compares Cluster with the breadth-first search on any set and seed.
func FuzzCluster(f *testing.F) {
	f.Add(uint64(0xffff_0000_ffff), uint64(0x3ff), uint8(3))
	f.Add(^uint64(0), ^uint64(0), uint8(120))
	f.Fuzz(func(t *testing.T, lo, hi uint64, seed uint8) {
		set := Bits{lo, hi}.And(allCells)
		s := Single(Cell(seed % Cells))
		if got, want := set.Cluster(s), bfsCluster(set, s); got != want {
			t.Fatalf("cluster of %v in %v = %v, want %v", cellList(s), cellList(set), cellList(got), cellList(want))
		}
		if bits.OnesCount64(lo)%2 == 0 {
			s = Bits{hi, lo}.And(allCells)
			if got, want := set.Cluster(s), bfsCluster(set, s); got != want {
				t.Fatalf("cluster of %v in %v = %v, want %v", cellList(s), cellList(set), cellList(got), cellList(want))
			}
		}
	})
}
