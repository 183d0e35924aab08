package cartographers

import "testing"

func TestShiftsDoNotWrap(t *testing.T) {
	t.Parallel()
	// The east neighbour of the last column and the west neighbour of the first column are off the map.
	if got := Single(CellAt(3, 10)).East(); got.Any() {
		t.Errorf("east of (3,10) = %v, want nothing", got)
	}
	if got := Single(CellAt(4, 0)).West(); got.Any() {
		t.Errorf("west of (4,0) = %v, want nothing", got)
	}
	if got := Single(CellAt(10, 5)).South(); got.Any() {
		t.Errorf("south of (10,5) = %v, want nothing", got)
	}
	if got := Single(CellAt(0, 5)).North(); got.Any() {
		t.Errorf("north of (0,5) = %v, want nothing", got)
	}
	// Across the word boundary (cell 63 is (5,8), cell 64 is (5,9)).
	if got, want := Single(CellAt(5, 8)).East(), Single(CellAt(5, 9)); got != want {
		t.Errorf("east of (5,8) = %v, want %v", got, want)
	}
	if got, want := Single(CellAt(5, 9)).North(), Single(CellAt(4, 9)); got != want {
		t.Errorf("north of (5,9) = %v, want %v", got, want)
	}
	if got, want := Single(CellAt(0, 0)).Neighbours().Count(), 2; got != want {
		t.Errorf("corner has %d neighbours, want %d", got, want)
	}
	if got, want := Single(CellAt(5, 5)).Neighbours().Count(), 4; got != want {
		t.Errorf("centre has %d neighbours, want %d", got, want)
	}
}

func TestMasks(t *testing.T) {
	t.Parallel()
	if allCells.Count() != 121 {
		t.Fatalf("All has %d cells", allCells.Count())
	}
	if edgeCells.Count() != 40 {
		t.Fatalf("Edge has %d cells, want 40", edgeCells.Count())
	}
	if allCells.Not().Any() {
		t.Fatal("Not(All) is not empty")
	}
	if colMasks[0] != (Bits{col0Lo, col0Hi}) || colMasks[Size-1] != (Bits{col10Lo, col10Hi}) || allCells.Hi != hiCells {
		t.Fatal("the column constants are not columns 0 and 10")
	}
	var even Bits
	for r := 0; r < Size; r += 2 {
		even = even.Or(rowMasks[r])
	}
	if even != (Bits{evenRowsLo, evenRowsHi}) || even.Not() != (Bits{oddRowsLo, oddRowsHi}) {
		t.Fatal("the row constants are not the even and odd rows")
	}
}

func TestClusters(t *testing.T) {
	t.Parallel()
	// Two clusters: an L in the top-left corner and a single cell far away.
	set := Bits{}.With(CellAt(0, 0)).With(CellAt(1, 0)).With(CellAt(1, 1)).With(CellAt(7, 7))
	var sizes []int
	set.EachCluster(func(c Bits) { sizes = append(sizes, c.Count()) })
	if len(sizes) != 2 || sizes[0] != 3 || sizes[1] != 1 {
		t.Fatalf("cluster sizes %v, want [3 1]", sizes)
	}
	// Diagonal cells are not connected.
	diag := Bits{}.With(CellAt(2, 2)).With(CellAt(3, 3))
	if got := diag.Cluster(Single(CellAt(2, 2))).Count(); got != 1 {
		t.Fatalf("diagonal cluster has %d cells, want 1", got)
	}
}
