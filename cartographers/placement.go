package cartographers

import (
	"iter"
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
	// shifts are the distinct cell offsets of all orientations. Orientations share most offsets (every
	// one has a cell near its corner), so the full search shifts the empty set once per distinct offset
	// instead of once per cell of every orientation, then each orientation ANDs the shifted sets it needs.
	shifts []uint
}

type tableOrientation struct {
	bits    Bits
	offsets []uint
	// uses are the indices in PlacementTable.shifts of offsets.
	uses    []uint8
	corners Bits
}

// maxShifts bounds the distinct offsets the full search keeps on the stack; the card shapes have at
// most 12, and a larger shape is searched one orientation at a time instead.
const maxShifts = 16

// maxOrientations is the number of rotations and flips of a shape, 4 times 2.
const maxOrientations = 8

// NewPlacementTable builds the table of a shape. A shape with no cell has no placement.
func NewPlacementTable(sh Shape) *PlacementTable {
	t := &PlacementTable{}
	if sh.Bits.Empty() || sh.H < 1 || sh.W < 1 || sh.H > Size || sh.W > Size {
		return t
	}
	index := map[uint]uint8{}
	for _, o := range sh.Orientations() {
		to := tableOrientation{bits: o.Bits}
		o.Bits.EachCell(func(c Cell) {
			d := uint(c)
			if _, ok := index[d]; !ok {
				index[d] = uint8(len(t.shifts))
				t.shifts = append(t.shifts, d)
			}
			to.offsets = append(to.offsets, d)
			to.uses = append(to.uses, index[d])
		})
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
// mustCover is not empty, covers at least one of its cells. It serves CanPlace, which can stop at the
// first orientation that fits; PlacementTable.Set searches all orientations at once.
func (o *tableOrientation) fit(empty, mustCover Bits) Bits {
	ok := o.corners
	for _, d := range o.offsets {
		ok = ok.And(empty.Shr(d))
	}
	if mustCover.Any() && ok.Any() {
		var cover Bits
		for _, d := range o.offsets {
			cover = cover.Or(mustCover.Shr(d))
		}
		ok = ok.And(cover)
	}
	return ok
}

// PlacementSet is every legal placement of one shape on one sheet, held as the legal top-left corners of
// each orientation: 128 bytes however many placements there are, found by the search alone. A caller
// that wants how many there are, one picked at random or the first that suits it pays nothing for the
// others; AppendTo and All still give them one by one in the order of PlacementTable.Placements.
//
// The zero PlacementSet holds no placement. A set stays valid after the sheet changes (it is a copy).
type PlacementSet struct {
	table   *PlacementTable
	corners [maxOrientations]Bits
}

// Set searches every legal placement of the table's shape on the sheet (covering one of mustCover's cells
// when it is not empty) without listing them. It does not allocate.
func (t *PlacementTable) Set(s *Sheet, mustCover Bits) PlacementSet {
	p := PlacementSet{table: t}
	empty := s.EmptySpaces()
	if len(t.shifts) > maxShifts {
		for i := range t.orients {
			p.corners[i] = t.orients[i].fit(empty, mustCover)
		}
		return p
	}
	var shifted [maxShifts]Bits
	for j, d := range t.shifts {
		shifted[j] = empty.Shr(d)
	}
	for i := range t.orients {
		o := &t.orients[i]
		ok := o.corners
		for _, j := range o.uses {
			ok = ok.And(shifted[j&(maxShifts-1)])
		}
		p.corners[i] = ok
	}
	if mustCover.Any() {
		for j, d := range t.shifts {
			shifted[j] = mustCover.Shr(d)
		}
		for i := range t.orients {
			var cover Bits
			for _, j := range t.orients[i].uses {
				cover = cover.Or(shifted[j&(maxShifts-1)])
			}
			p.corners[i] = p.corners[i].And(cover)
		}
	}
	return p
}

// Orientations is the number of distinct orientations of the shape, the range of Placement.Orientation.
func (p PlacementSet) Orientations() int {
	if p.table == nil {
		return 0
	}
	return len(p.table.orients)
}

// Corners is the set of top-left corners where orientation o (in Shape.Orientations order) is legal.
func (p PlacementSet) Corners(o int) Bits { return p.corners[o] }

// Len is the number of legal placements.
func (p PlacementSet) Len() int {
	n := 0
	for i := range p.corners {
		n += p.corners[i].Count()
	}
	return n
}

// Any reports whether there is at least one legal placement.
func (p PlacementSet) Any() bool {
	var all Bits
	for i := range p.corners {
		all = all.Or(p.corners[i])
	}
	return all.Any()
}

// Covered is every cell that some legal placement covers.
func (p PlacementSet) Covered() Bits {
	var all Bits
	for i := 0; i < p.Orientations(); i++ {
		o := &p.table.orients[i]
		for _, d := range o.offsets {
			all = all.Or(p.corners[i].Shl(d))
		}
	}
	return all
}

// At is placement k (0 <= k < Len) in the order of PlacementTable.Placements, found without listing the
// ones before it; a random player picks At(rng.IntN(Len())). It panics when k is out of range.
func (p PlacementSet) At(k int) Placement {
	if k >= 0 {
		for i := 0; i < p.Orientations(); i++ {
			n := p.corners[i].Count()
			if k < n {
				return p.placement(i, p.corners[i].Nth(k))
			}
			k -= n
		}
	}
	panic("cartographers: placement index out of range")
}

// placement builds the placement of orientation i at a legal corner.
func (p PlacementSet) placement(i int, c Cell) Placement {
	return Placement{
		Cells:       p.table.orients[i].bits.Shl(uint(c)),
		Orientation: uint8(i),
		Row:         cellRow[c],
		Col:         cellCol[c],
	}
}

// All yields every placement in the order of PlacementTable.Placements. It does not allocate.
func (p PlacementSet) All() iter.Seq[Placement] {
	return func(yield func(Placement) bool) {
		for i := 0; i < p.Orientations(); i++ {
			for w := p.corners[i].Lo; w != 0; w &= w - 1 {
				if !yield(p.placement(i, Cell(bits.TrailingZeros64(w)))) {
					return
				}
			}
			for w := p.corners[i].Hi; w != 0; w &= w - 1 {
				if !yield(p.placement(i, Cell(64+bits.TrailingZeros64(w)))) {
					return
				}
			}
		}
	}
}

// AppendTo appends every placement to out, in the order of PlacementTable.Placements. It does not
// allocate when out has room.
func (p PlacementSet) AppendTo(out []Placement) []Placement {
	for i := 0; i < p.Orientations(); i++ {
		o := &p.table.orients[i]
		out = o.appendWord(out, uint8(i), p.corners[i].Lo, 0)
		out = o.appendWord(out, uint8(i), p.corners[i].Hi, 64)
	}
	return out
}

// Placements appends every legal placement of every orientation to out: orientations in
// Shape.Orientations() order, then corners row by row. With mustCover not empty, only the placements that
// cover one of its cells (the ruins demand). It does not allocate when out has room. Set gives the same
// placements without building them.
func (t *PlacementTable) Placements(s *Sheet, mustCover Bits, out []Placement) []Placement {
	return t.Set(s, mustCover).AppendTo(out)
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
	return t.Set(s, mustCover).Len()
}

// Placements appends every legal placement of sh (see PlacementTable.Placements).
func (s *Sheet) Placements(sh Shape, mustCover Bits, out []Placement) []Placement {
	return PlacementTableOf(sh).Placements(s, mustCover, out)
}

// PlacementSet is every legal placement of sh, unlisted (see PlacementTable.Set).
func (s *Sheet) PlacementSet(sh Shape, mustCover Bits) PlacementSet {
	return PlacementTableOf(sh).Set(s, mustCover)
}

// CanPlace reports whether sh fits anywhere, covering mustCover when it is not empty.
func (s *Sheet) CanPlace(sh Shape, mustCover Bits) bool {
	return PlacementTableOf(sh).CanPlace(s, mustCover)
}
