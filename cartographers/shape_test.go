package cartographers

import "testing"

func TestShapeTransforms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		grid         string
		orientations int
		rotated      string
		flipped      string
	}{
		// L-tromino: 4 rotations, its mirror images coincide with rotations.
		{"#./##", 4, "##/#.", ".#/##"},
		// S-tetromino (Forgotten Forest B): 2 rotations x 2 mirror images.
		{"#./##/.#", 4, ".##/##.", ".#/##/#."},
		// 1x4 line: 2 orientations.
		{"####", 2, "#/#/#/#", "####"},
		// plus: 1 orientation.
		{".#./###/.#.", 1, ".#./###/.#.", ".#./###/.#."},
		// N-pentomino (Treetop Village): 8 orientations.
		{"..##/###.", 8, "#./#./##/.#", "##../.###"},
	}
	for _, tc := range cases {
		s := MustShape(tc.grid)
		if got := len(s.Orientations()); got != tc.orientations {
			t.Errorf("%s: %d orientations, want %d", tc.grid, got, tc.orientations)
		}
		if got := s.Rotate().String(); got != tc.rotated {
			t.Errorf("%s rotated = %s, want %s", tc.grid, got, tc.rotated)
		}
		if got := s.Flip().String(); got != tc.flipped {
			t.Errorf("%s flipped = %s, want %s", tc.grid, got, tc.flipped)
		}
	}
}

func TestShapeAt(t *testing.T) {
	t.Parallel()
	s := MustShape("##/.#")
	b, ok := s.At(9, 9)
	if !ok || !b.Has(CellAt(9, 9)) || !b.Has(CellAt(9, 10)) || !b.Has(CellAt(10, 10)) || b.Count() != 3 {
		t.Fatalf("At(9,9) = %v %v", b, ok)
	}
	if _, ok := s.At(9, 10); ok {
		t.Fatal("At(9,10) leaves the map but was accepted")
	}
	if _, err := ParseShape("#x"); err == nil {
		t.Fatal("ParseShape accepted a stray character")
	}
}
