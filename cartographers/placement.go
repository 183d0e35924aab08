package cartographers

import (
	"math/bits"
	"sync"
)

// CanDraw reports whether cells may be drawn: at least one cell, none of them filled. Cells outside the
// map cannot be expressed in Bits, so staying on the map is given by the type.
func (s *Sheet) CanDraw(cells Bits) bool {
	return cells.Any() && !cells.Intersects(s.Filled())
}

// Draw fills cells with kind k and pays the coin of every mountain that this drawing surrounded (all four
// neighbours filled, whatever filled the last one: rulings 15), once per mountain. It returns the coins
// actually added, which is less than the mountains surrounded when the track is full (rulings 7).
//
// Draw does not check legality (CanDraw does): it also serves to turn filled spaces into another kind, so
// the cells are first taken out of every other layer. A k that is not a layer (Empty) only clears them.
func (s *Sheet) Draw(cells Bits, k Kind) (mountainCoins int) {
	for i := range s.layer {
		s.layer[i] = s.layer[i].AndNot(cells)
	}
	if int(k) < len(s.layer) {
		s.layer[k] = s.layer[k].Or(cells)
	}
	// A mountain is surrounded when no neighbour is empty; only mountains next to the new cells can
	// have just become surrounded, so a mountain surrounded before (or by hand-made fixtures) is not paid.
	surrounded := s.layer[Mountain].AndNot(s.EmptySpaces().Neighbours())
	paid := surrounded.And(cells.Neighbours()).AndNot(s.coinedMountains)
	s.coinedMountains = s.coinedMountains.Or(paid)
	return s.AddCoins(paid.Count())
}

// AddCoins adds n coins up to MaxCoins and returns how many were added.
func (s *Sheet) AddCoins(n int) int {
	n = max(0, min(n, MaxCoins-s.coins))
	s.coins += n
	return n
}

// Placement is one legal position of a shape: the cells it covers, the index of the orientation in
// Shape.Orientations() order, and the top-left corner of the orientation's bounding box.
type Placement struct {
	Cells       Bits
	Orientation uint8
	Row, Col    uint8
}

// PlacementTable holds what the placement search needs about one shape, computed once: each distinct
// orientation, the offsets of its cells from its top-left corner, and the corners where it stays on the
// map. A legal corner is then the intersection of the empty set shifted back by each offset.
type PlacementTable struct {
	orients []tableOrientation
}

type tableOrientation struct {
	bits    Bits
	offsets []uint
	corners Bits
}

// NewPlacementTable builds the table of a shape. A shape with no cell has no placement.
func NewPlacementTable(sh Shape) *PlacementTable {
	t := &PlacementTable{}
	if sh.Bits.Empty() || sh.H < 1 || sh.W < 1 || sh.H > Size || sh.W > Size {
		return t
	}
	for _, o := range sh.Orientations() {
		to := tableOrientation{bits: o.Bits}
		o.Bits.EachCell(func(c Cell) { to.offsets = append(to.offsets, uint(c)) })
		for r := 0; r+o.H <= Size; r++ {
			for c := 0; c+o.W <= Size; c++ {
				to.corners = to.corners.With(CellAt(r, c))
			}
		}
		t.orients = append(t.orients, to)
	}
	return t
}

// placementTables caches one table per shape; the shapes are the few printed on the cards, so the cache
// stays small and reads never allocate.
var placementTables = struct {
	sync.RWMutex
	m map[Shape]*PlacementTable
}{m: map[Shape]*PlacementTable{}}

// PlacementTableOf returns the cached table of a shape, building it on first use. Safe for concurrent use.
func PlacementTableOf(sh Shape) *PlacementTable {
	placementTables.RLock()
	t := placementTables.m[sh]
	placementTables.RUnlock()
	if t != nil {
		return t
	}
	t = NewPlacementTable(sh)
	placementTables.Lock()
	if old := placementTables.m[sh]; old != nil {
		t = old
	} else {
		placementTables.m[sh] = t
	}
	placementTables.Unlock()
	return t
}

// fit is the set of top-left corners where orientation o fits on the empty spaces and, when
// mustCover is not empty, covers at least one of its cells.
func (o *tableOrientation) fit(empty, mustCover Bits) Bits {
	ok := o.corners
	var cover Bits
	for _, d := range o.offsets {
		ok = ok.And(empty.Shr(d))
		cover = cover.Or(mustCover.Shr(d))
	}
	if mustCover.Any() {
		ok = ok.And(cover)
	}
	return ok
}

// Placements appends every legal placement of every orientation to out: orientations in
// Shape.Orientations() order, then corners row by row. With mustCover not empty, only the placements that
// cover one of its cells (the ruins demand). It does not allocate when out has room.
func (t *PlacementTable) Placements(s *Sheet, mustCover Bits, out []Placement) []Placement {
	empty := s.EmptySpaces()
	for i := range t.orients {
		o := &t.orients[i]
		ok := o.fit(empty, mustCover)
		out = o.appendWord(out, uint8(i), ok.Lo, 0)
		out = o.appendWord(out, uint8(i), ok.Hi, 64)
	}
	return out
}

// appendWord appends the placements at the corners set in one word of a corner set.
func (o *tableOrientation) appendWord(out []Placement, i uint8, w uint64, base int) []Placement {
	for ; w != 0; w &= w - 1 {
		c := base + bits.TrailingZeros64(w)
		out = append(out, Placement{
			Cells:       o.bits.Shl(uint(c)),
			Orientation: i,
			Row:         cellRow[c],
			Col:         cellCol[c],
		})
	}
	return out
}

// cellRow and cellCol spare the hot loop two divisions per placement.
var cellRow, cellCol = func() (r, c [Cells]uint8) {
	for i := range Cells {
		r[i], c[i] = uint8(i/Size), uint8(i%Size)
	}
	return
}()

// CanPlace reports whether the shape has at least one legal placement, stopping at the first
// orientation that has one.
func (t *PlacementTable) CanPlace(s *Sheet, mustCover Bits) bool {
	empty := s.EmptySpaces()
	for i := range t.orients {
		if t.orients[i].fit(empty, mustCover).Any() {
			return true
		}
	}
	return false
}

// Count is the number of legal placements, without listing them.
func (t *PlacementTable) Count(s *Sheet, mustCover Bits) int {
	empty := s.EmptySpaces()
	n := 0
	for i := range t.orients {
		n += t.orients[i].fit(empty, mustCover).Count()
	}
	return n
}

// Placements appends every legal placement of sh (see PlacementTable.Placements).
func (s *Sheet) Placements(sh Shape, mustCover Bits, out []Placement) []Placement {
	return PlacementTableOf(sh).Placements(s, mustCover, out)
}

// CanPlace reports whether sh fits anywhere, covering mustCover when it is not empty.
func (s *Sheet) CanPlace(sh Shape, mustCover Bits) bool {
	return PlacementTableOf(sh).CanPlace(s, mustCover)
}
