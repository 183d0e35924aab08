package cartographers

import (
	"fmt"
	"strings"
)

// Shape is a set of cells drawn together, normalised so that its smallest row and column are 0. A shape
// need not be connected (Goblin Attack, Pasture A...).
type Shape struct {
	// Bits holds the cells placed with the shape's top-left corner on cell (0, 0).
	Bits Bits
	// H and W are the height and width of the bounding box.
	H, W int
}

// ParseShape reads a shape in the data documents' notation: rows top first separated by '/', '#' a cell of
// the shape and '.' a gap, for example "..#/.##/##.".
func ParseShape(grid string) (Shape, error) {
	var cells [][2]int
	for r, row := range strings.Split(grid, "/") {
		row = strings.TrimSpace(row)
		for c, ch := range row {
			switch ch {
			case '#':
				cells = append(cells, [2]int{r, c})
			case '.':
			default:
				return Shape{}, fmt.Errorf("shape %q: unexpected %q in row %d", grid, ch, r)
			}
		}
	}
	if len(cells) == 0 {
		return Shape{}, fmt.Errorf("shape %q has no cell", grid)
	}
	return shapeOf(cells)
}

// MustShape is ParseShape for the built-in card data.
func MustShape(grid string) Shape {
	s, err := ParseShape(grid)
	if err != nil {
		panic(err)
	}
	return s
}

// shapeOf normalises a list of (row, col) cells into a Shape.
func shapeOf(cells [][2]int) (Shape, error) {
	minR, minC, maxR, maxC := cells[0][0], cells[0][1], cells[0][0], cells[0][1]
	for _, p := range cells {
		minR, minC = min(minR, p[0]), min(minC, p[1])
		maxR, maxC = max(maxR, p[0]), max(maxC, p[1])
	}
	if maxR-minR >= Size || maxC-minC >= Size {
		return Shape{}, fmt.Errorf("shape larger than the map")
	}
	var s Shape
	for _, p := range cells {
		s.Bits = s.Bits.With(CellAt(p[0]-minR, p[1]-minC))
	}
	s.H, s.W = maxR-minR+1, maxC-minC+1
	return s, nil
}

// cells lists the shape's cells as (row, col) pairs.
func (s Shape) cells() [][2]int {
	var out [][2]int
	s.Bits.EachCell(func(c Cell) { out = append(out, [2]int{c.Row(), c.Col()}) })
	return out
}

// Size is the number of cells.
func (s Shape) Size() int { return s.Bits.Count() }

// Rotate turns the shape a quarter turn clockwise.
func (s Shape) Rotate() Shape {
	cs := s.cells()
	for i, p := range cs {
		cs[i] = [2]int{p[1], s.H - 1 - p[0]}
	}
	r, _ := shapeOf(cs)
	return r
}

// Flip mirrors the shape left to right.
func (s Shape) Flip() Shape {
	cs := s.cells()
	for i, p := range cs {
		cs[i] = [2]int{p[0], s.W - 1 - p[1]}
	}
	r, _ := shapeOf(cs)
	return r
}

// Transform applies rotation quarter turns clockwise (0..3) after an optional left-right flip.
func (s Shape) Transform(rotation int, flip bool) Shape {
	if flip {
		s = s.Flip()
	}
	for i := 0; i < rotation&3; i++ {
		s = s.Rotate()
	}
	return s
}

// Orientations lists the distinct shapes reachable by rotating and flipping, in a fixed order:
// rotations 0..3 unflipped, then rotations 0..3 flipped, duplicates dropped.
func (s Shape) Orientations() []Shape {
	out := make([]Shape, 0, 8)
	for _, flip := range []bool{false, true} {
		for rot := 0; rot < 4; rot++ {
			o := s.Transform(rot, flip)
			dup := false
			for _, p := range out {
				if p == o {
					dup = true
					break
				}
			}
			if !dup {
				out = append(out, o)
			}
		}
	}
	return out
}

// At places the shape with its top-left corner on (row, col); ok is false when it would leave the map.
func (s Shape) At(row, col int) (b Bits, ok bool) {
	if row < 0 || col < 0 || row+s.H > Size || col+s.W > Size {
		return Bits{}, false
	}
	return s.Bits.Shl(uint(row*Size + col)), true
}

// String draws the shape in the same notation ParseShape reads.
func (s Shape) String() string {
	var sb strings.Builder
	for r := 0; r < s.H; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := 0; c < s.W; c++ {
			if s.Bits.Has(CellAt(r, c)) {
				sb.WriteByte('#')
			} else {
				sb.WriteByte('.')
			}
		}
	}
	return sb.String()
}
