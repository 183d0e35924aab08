package cartographers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mustMap parses a fixture map or stops the test.
func mustMap(t testing.TB, text string) Sheet {
	t.Helper()
	s, err := ParseMap(text)
	if err != nil {
		t.Fatalf("fixture map: %v", err)
	}
	return s
}

// sideAText is the example of the format document: side A of the base game, untouched.
const sideAText = `; side A (wilderness)
...........
...M.r.....
.r......Mr.
...........
...........
.....M.....
...........
...........
.rM......r.
.....r.M...
...........
`

func TestMapSideAMatchesFormatExample(t *testing.T) {
	t.Parallel()
	a, err := MapSide("A")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.SplitN(sideAText, "\n", 2)[1]
	if got := a.MapText(); got != want {
		t.Fatalf("side A:\n%s\nwant:\n%s", got, want)
	}
	parsed := mustMap(t, sideAText)
	if parsed != a {
		t.Fatalf("parsed example differs from MapSide(A)")
	}
}

func TestMapSidesContent(t *testing.T) {
	t.Parallel()
	// Counts from cartographers-data.md §6: five mountains and six ruins on every side; a 7-space
	// wasteland on B and on D; no mountain on the edge.
	wastes := map[string]int{"A": 0, "B": 7, "C": 0, "D": 7}
	for _, side := range mapSideNames {
		s, err := MapSide(side)
		if err != nil {
			t.Fatal(err)
		}
		if n := s.layer[Mountain].Count(); n != 5 {
			t.Errorf("side %s: %d mountains", side, n)
		}
		if n := s.ruins.Count(); n != 6 {
			t.Errorf("side %s: %d ruins", side, n)
		}
		if n := s.layer[Wasteland].Count(); n != wastes[side] {
			t.Errorf("side %s: %d wastelands, want %d", side, n, wastes[side])
		}
		if s.layer[Mountain].Intersects(edgeCells) || s.ruins.Intersects(s.Filled()) {
			t.Errorf("side %s: a mountain on the edge or a ruins space under a filled space", side)
		}
	}
	// Side B from §6.2, row E reads ". . . . W W R . . . .".
	b, _ := MapSide("b")
	if got := strings.Split(b.MapText(), "\n")[4]; got != "....##r...." {
		t.Errorf("side B row E = %q", got)
	}
	if SideIsSingleSource("A") || SideIsSingleSource("B") || !SideIsSingleSource("C") || !SideIsSingleSource("D") {
		t.Error("single-source sides are C and D (rulings 13)")
	}
	if _, err := MapSide("E"); err == nil {
		t.Error("side E accepted")
	}
}

func TestParseMapCells(t *testing.T) {
	t.Parallel()
	s := mustMap(t, `
	; every cell character, spaced out on the first row
	. F V A W X H M # * r
	f v a w x h + . . . .
	...........
	...........
	...........
	...........
	...........
	...........
	...........
	...........
	...........
	`)
	want := []Kind{Empty, Forest, Village, Farm, Water, Monster, Hero, Mountain, Wasteland, Destroyed, Empty,
		Forest, Village, Farm, Water, Monster, Hero, Destroyed}
	for i, k := range want {
		if got := s.At(Cell(i)); got != k {
			t.Errorf("cell %d = %v, want %v", i, got, k)
		}
	}
	ruins := Single(10)
	for c := Cell(11); c < 18; c++ {
		ruins = ruins.With(c)
	}
	if s.ruins != ruins {
		t.Errorf("ruins = %v, want %v", s.ruins, ruins)
	}
	if got := strings.Split(s.MapText(), "\n")[:2]; got[0] != ".FVAWXHM#*r" || got[1] != "fvawxh+...." {
		t.Errorf("written back as %q", got)
	}
}

func TestParseMapErrors(t *testing.T) {
	t.Parallel()
	row := "...........\n"
	cases := []struct{ name, text, want string }{
		{"bad char", "; c\n" + row + "..Q........\n" + strings.Repeat(row, 9), "line 3, column 3:"},
		{"bad char after spaces", row + ". . Z\n", "line 2, column 5:"},
		{"short row", row + "....\n" + strings.Repeat(row, 9), "line 2, column 5: row 2 has 4 of 11 cells"},
		{"long row", row + "............\n", "line 2, column 12: row 2 has more than 11 cells"},
		{"too many rows", strings.Repeat(row, 11) + "\n  .\n", "line 13, column 3: the map already has 11 rows"},
		{"too few rows", strings.Repeat(row, 3), "line 5, column 1: the map ends after 3 rows"},
		{"empty", "", "the map ends after 0 rows"},
		{"comment inside a row", row + ".......... ; x\n", "line 2, column 12:"},
		{"multibyte", "é\n", "line 1, column 1:"},
	}
	for _, tc := range cases {
		_, err := ParseMap(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

func TestParseMapCRLFAndCoinedMountains(t *testing.T) {
	t.Parallel()
	text := strings.ReplaceAll(`...........
.....F.....
....FMF....
.....F.....
...........
...........
...........
...........
...........
...........
.........M.
`, "\n", "\r\n")
	s := mustMap(t, text)
	// The mountain at (2,5) is surrounded: its coin counts as paid; the one at (10,9) is not.
	if s.coinedMountains != Single(CellAt(2, 5)) || s.coins != 0 {
		t.Fatalf("coined %v coins %d", s.coinedMountains, s.coins)
	}
}

func FuzzParseMap(f *testing.F) {
	f.Add(sideAText)
	f.Add(strings.Repeat("F.V.A.W.X.H\n", 11))
	f.Add(strings.Repeat("r f v a w x h + M # *\n", 11))
	f.Add("; only a comment\n\n")
	f.Add(strings.Repeat("...........\r\n", 11) + "\t\n")
	fixtures, _ := filepath.Glob("testdata/*.map")
	for _, name := range fixtures {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseMap(text)
		if err != nil {
			return
		}
		back, err := ParseMap(s.MapText())
		if err != nil {
			t.Fatalf("written map does not parse: %v\n%s", err, s.MapText())
		}
		if back != s {
			t.Fatalf("round trip changed the sheet:\n%s", s.MapText())
		}
	})
}
