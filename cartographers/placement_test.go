package cartographers

import (
	"math/rand/v2"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// naivePlacements is the reference the fast search must agree with: every orientation, every corner,
// built cell by cell with Shape.At and checked against the filled spaces one by one.
func naivePlacements(s *Sheet, sh Shape, mustCover Bits) []Placement {
	var out []Placement
	for i, o := range sh.Orientations() {
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				b, ok := o.At(r, c)
				if !ok {
					continue
				}
				free := true
				b.EachCell(func(x Cell) {
					if s.At(x) != Empty {
						free = false
					}
				})
				if !free || (mustCover.Any() && !b.Intersects(mustCover)) {
					continue
				}
				out = append(out, Placement{Cells: b, Orientation: uint8(i), Row: uint8(r), Col: uint8(c)})
			}
		}
	}
	return out
}

// randomSheet fills about density of the map with random kinds, on top of a map side.
func randomSheet(rng *rand.Rand, density float64) Sheet {
	s, _ := MapSide(mapSideNames[rng.IntN(len(mapSideNames))])
	for c := Cell(0); c < Cells; c++ {
		if s.At(c) == Empty && rng.Float64() < density {
			k := rng.IntN(int(Destroyed) + 1)
			s.layer[k] = s.layer[k].With(c)
		}
	}
	return s
}

// testShapes cover connected and disconnected shapes and every symmetry class.
var testShapes = []string{
	"#", "##", "###", "#./##", "####", "##/##", "#./##/.#", ".#./###/.#.", "..##/###.",
	"#.#/.#./#.#", "#../.#./..#", "###/#../#..", "#.#", "#####", "#./#./##/.#",
}

func TestPlacementsAgreeWithNaive(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		s := randomSheet(rng, rng.Float64())
		var must Bits
		if trial%3 == 0 {
			must = s.ruins.AndNot(s.Filled())
		}
		for _, g := range testShapes {
			sh := MustShape(g)
			got := s.Placements(sh, must, nil)
			want := naivePlacements(&s, sh, must)
			if len(got) != len(want) {
				t.Fatalf("trial %d shape %s: %d placements, want %d", trial, g, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("trial %d shape %s: placement %d = %+v, want %+v", trial, g, i, got[i], want[i])
				}
			}
			if s.CanPlace(sh, must) != (len(want) > 0) {
				t.Fatalf("trial %d shape %s: CanPlace disagrees with %d placements", trial, g, len(want))
			}
			if n := PlacementTableOf(sh).Count(&s, must); n != len(want) {
				t.Fatalf("trial %d shape %s: Count %d, want %d", trial, g, n, len(want))
			}
		}
	}
}

func TestPlacementNeverOverlapsAndStaysOnMap(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		s := randomSheet(rng, rng.Float64())
		sh := MustShape(testShapes[rng.IntN(len(testShapes))])
		for _, p := range s.Placements(sh, Bits{}, nil) {
			if p.Cells.Intersects(s.Filled()) {
				t.Fatalf("placement %+v overlaps a filled space", p)
			}
			if p.Cells.AndNot(allCells).Any() || p.Cells.Count() != sh.Size() {
				t.Fatalf("placement %+v leaves the map or loses cells", p)
			}
			if !s.CanDraw(p.Cells) {
				t.Fatalf("CanDraw refuses legal placement %+v", p)
			}
		}
	}
}

func TestPlacementsOnEmptyAndFullSheets(t *testing.T) {
	t.Parallel()
	var s Sheet
	// A 1x1 fits on every one of the 121 spaces; a 2x1 domino has 2 orientations of 110 positions each.
	if n := len(s.Placements(MustShape("#"), Bits{}, nil)); n != 121 {
		t.Errorf("1x1 on an empty sheet: %d placements, want 121", n)
	}
	if n := len(s.Placements(MustShape("##"), Bits{}, nil)); n != 220 {
		t.Errorf("domino on an empty sheet: %d placements, want 220", n)
	}
	// The ruins demand on side A: the six ruins spaces are the only places for a 1x1.
	a, _ := MapSide("A")
	if n := len(a.Placements(MustShape("#"), a.ruins, nil)); n != 6 {
		t.Errorf("1x1 on side A's ruins: %d placements, want 6", n)
	}
	s.layer[Forest] = allCells
	if s.CanPlace(MustShape("#"), Bits{}) || len(s.Placements(MustShape("#"), Bits{}, nil)) != 0 {
		t.Error("a full sheet accepts a 1x1")
	}
	if (&Sheet{}).CanPlace(Shape{}, Bits{}) {
		t.Error("the empty shape has a placement")
	}
}

func TestDrawPaysSurroundedMountainOnce(t *testing.T) {
	t.Parallel()
	s, _ := MapSide("A")
	// The mountain at (5,5): fill three neighbours, then the fourth pays one coin.
	three := Single(CellAt(4, 5)).With(CellAt(6, 5)).With(CellAt(5, 4))
	if got := s.Draw(three, Forest); got != 0 {
		t.Fatalf("three neighbours paid %d coins", got)
	}
	if got := s.Draw(Single(CellAt(5, 6)), Monster); got != 1 || s.coins != 1 {
		t.Fatalf("fourth neighbour (a monster) paid %d, coins %d; want 1, 1", got, s.coins)
	}
	// Redrawing a neighbour as destroyed does not pay again.
	if got := s.Draw(Single(CellAt(5, 6)), Destroyed); got != 0 || s.coins != 1 {
		t.Fatalf("second surrounding paid %d, coins %d", got, s.coins)
	}
	if s.At(CellAt(5, 6)) != Destroyed || s.layer[Monster].Any() {
		t.Fatal("Draw did not replace the monster by a destroyed space")
	}
}

func TestDrawCapsCoins(t *testing.T) {
	t.Parallel()
	s, _ := MapSide("A")
	s.coins = MaxCoins
	around := Single(CellAt(5, 5)).Neighbours()
	if got := s.Draw(around, Village); got != 0 || s.coins != MaxCoins {
		t.Fatalf("full track: paid %d, coins %d", got, s.coins)
	}
	if !s.coinedMountains.Has(CellAt(5, 5)) {
		t.Fatal("the mountain's coin is not marked as spent")
	}
	if s.CanDraw(around) || s.CanDraw(Bits{}) {
		t.Fatal("CanDraw accepts filled or no cells")
	}
	if got := s.AddCoins(-3); got != 0 || s.coins != MaxCoins {
		t.Fatalf("AddCoins(-3) = %d", got)
	}
}

// halfFilledSheets are the benchmark sheets with about half of their 121 spaces filled: "rows", side A
// with its top five rows and half the sixth drawn (the open half leaves the most placements to list), and
// "scattered", random spaces filled on a random side (few placements, many partial fits).
func halfFilledSheets() []struct {
	name  string
	sheet Sheet
} {
	rows, _ := MapSide("A")
	for r := 0; r < 5; r++ {
		rows.Draw(rowMasks[r].AndNot(rows.Filled()), Kind(r%4))
	}
	for c := 0; c < 6; c++ {
		if rows.At(CellAt(5, c)) == Empty {
			rows.Draw(Single(CellAt(5, c)), Farm)
		}
	}
	return []struct {
		name  string
		sheet Sheet
	}{
		{"rows", rows},
		{"scattered", randomSheet(rand.New(rand.NewPCG(7, 7)), 0.45)},
	}
}

// BenchmarkPlacements lists every legal placement of both options of an explore card (Hamlet: a 4-cell L
// and a 5-cell shape; 4 and 8 orientations), all orientations and positions, on half-filled sheets.
func BenchmarkPlacements(b *testing.B) {
	for _, hs := range halfFilledSheets() {
		b.Run(hs.name, func(b *testing.B) {
			s := hs.sheet
			ta, tb := PlacementTableOf(MustShape("#./##/.#")), PlacementTableOf(MustShape("..##/###."))
			out := make([]Placement, 0, 2*8*Cells)
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				out = ta.Placements(&s, Bits{}, out[:0])
				out = tb.Placements(&s, Bits{}, out)
				n = len(out)
			}
			b.ReportMetric(float64(n), "placements")
			b.ReportMetric(float64(s.Filled().Count()), "filled")
		})
	}
}

// BenchmarkSheetPlacements goes through the shared table cache, as the engine does.
func BenchmarkSheetPlacements(b *testing.B) {
	s := halfFilledSheets()[0].sheet
	sa, sb := MustShape("#./##/.#"), MustShape("..##/###.")
	out := make([]Placement, 0, 2*8*Cells)
	b.ReportAllocs()
	for b.Loop() {
		out = s.Placements(sa, Bits{}, out[:0])
		out = s.Placements(sb, Bits{}, out)
	}
}

func BenchmarkCanPlace(b *testing.B) {
	s := halfFilledSheets()[1].sheet
	sh := MustShape("..##/###.")
	b.ReportAllocs()
	for b.Loop() {
		s.CanPlace(sh, s.ruins)
	}
}

// TestCoinsNeverExceedTrack draws random legal placements on random sides until the sheets are full,
// paying shape coins as well, and checks the track never passes MaxCoins and each mountain pays once.
func TestCoinsNeverExceedTrack(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 100; trial++ {
		s, _ := MapSide(mapSideNames[trial%len(mapSideNames)])
		paid := 0
		for {
			sh := MustShape(testShapes[rng.IntN(len(testShapes))])
			ps := s.Placements(sh, Bits{}, nil)
			if len(ps) == 0 {
				if !s.CanPlace(MustShape("#"), Bits{}) {
					break
				}
				continue
			}
			before := s.coins
			got := s.Draw(ps[rng.IntN(len(ps))].Cells, Kind(rng.IntN(int(Monster)+1)))
			if s.coins-before != got {
				t.Fatalf("Draw reported %d coins, the track moved %d", got, s.coins-before)
			}
			paid += got
			s.AddCoins(rng.IntN(2))
			if s.coins > MaxCoins || s.coins < 0 {
				t.Fatalf("coins %d", s.coins)
			}
		}
		// Full sheet: every mountain is surrounded and marked as paid, and no more than 5 coins came
		// from them.
		if s.coinedMountains != s.layer[Mountain] || paid > 5 {
			t.Fatalf("side %s full: coined %v of %v, %d mountain coins", mapSideNames[trial%4], cellList(s.coinedMountains), cellList(s.layer[Mountain]), paid)
		}
	}
}

// BenchmarkPlacementSet finds the same placements as BenchmarkPlacements (both options of Hamlet) in the
// compact form, with the count a random player needs: this is the cost of "listing" one card now.
func BenchmarkPlacementSet(b *testing.B) {
	for _, hs := range halfFilledSheets() {
		b.Run(hs.name, func(b *testing.B) {
			s := hs.sheet
			ta, tb := PlacementTableOf(MustShape("#./##/.#")), PlacementTableOf(MustShape("..##/###."))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				pa, pb := ta.Set(&s, Bits{}), tb.Set(&s, Bits{})
				n = pa.Len() + pb.Len()
			}
			b.ReportMetric(float64(n), "placements")
		})
	}
}

// bigShapes have more distinct cell offsets over their orientations than the search keeps on the stack,
// so PlacementTable.Set searches them one orientation at a time.
var bigShapes = []string{"#####/#...#/#...#/#####", "######/.#..../..#.../...###", "#........#/.#......#./..######.."}

// setAgrees fails the test unless the placement set holds exactly want, in the same order, through every
// accessor.
func setAgrees(t *testing.T, where string, set PlacementSet, want []Placement) {
	t.Helper()
	if set.Len() != len(want) || set.Any() != (len(want) > 0) {
		t.Fatalf("%s: Len %d, Any %v, want %d placements", where, set.Len(), set.Any(), len(want))
	}
	var covered Bits
	var corners [maxOrientations]Bits
	for k, p := range want {
		if got := set.At(k); got != p {
			t.Fatalf("%s: At(%d) = %+v, want %+v", where, k, got, p)
		}
		covered = covered.Or(p.Cells)
		corners[p.Orientation] = corners[p.Orientation].With(CellAt(int(p.Row), int(p.Col)))
	}
	k := 0
	for p := range set.All() {
		if k >= len(want) || p != want[k] {
			t.Fatalf("%s: All yields %+v as placement %d", where, p, k)
		}
		k++
	}
	if k != len(want) {
		t.Fatalf("%s: All yields %d placements, want %d", where, k, len(want))
	}
	got := set.AppendTo(make([]Placement, 1, 4))
	if len(got) != 1+len(want) {
		t.Fatalf("%s: AppendTo appends %d placements, want %d", where, len(got)-1, len(want))
	}
	for i := range want {
		if got[1+i] != want[i] {
			t.Fatalf("%s: AppendTo placement %d = %+v, want %+v", where, i, got[1+i], want[i])
		}
	}
	for o := 0; o < maxOrientations; o++ {
		if o < set.Orientations() && set.Corners(o) != corners[o] || o >= set.Orientations() && set.corners[o].Any() {
			t.Fatalf("%s: orientation %d corners %v, want %v", where, o, cellList(set.corners[o]), cellList(corners[o]))
		}
	}
	if set.Covered() != covered {
		t.Fatalf("%s: Covered %v, want %v", where, cellList(set.Covered()), cellList(covered))
	}
}

// TestPlacementSetAgreesWithNaive holds the compact form to the naive search on random sheets, with and
// without a ruins demand, for the test shapes, every card's shapes and shapes too big for the stack.
func TestPlacementSetAgreesWithNaive(t *testing.T) {
	t.Parallel()
	shapes := append(append([]string{}, testShapes...), bigShapes...)
	for _, c := range cardTable {
		for _, o := range c.Options {
			shapes = append(shapes, o.Shape.String())
		}
	}
	for _, c := range cardTable {
		for _, o := range c.Options {
			if len(o.table.shifts) > maxShifts {
				t.Errorf("%s's shape %s has %d offsets: its search leaves the fast path", c.Name, o.Shape, len(o.table.shifts))
			}
		}
	}
	big := 0
	for _, g := range bigShapes {
		if len(PlacementTableOf(MustShape(g)).shifts) > maxShifts {
			big++
		}
	}
	if big == 0 {
		t.Fatal("no test shape takes the one-orientation-at-a-time path")
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for trial := 0; trial < 300; trial++ {
		s := randomSheet(rng, rng.Float64()*rng.Float64())
		var must Bits
		if trial%3 == 0 {
			must = s.ruins.AndNot(s.Filled())
		}
		if trial%3 == 1 {
			must = randomCells(rng, 0.1)
		}
		for _, g := range shapes {
			sh := MustShape(g)
			setAgrees(t, "trial "+itoa(trial)+" shape "+g, s.PlacementSet(sh, must), naivePlacements(&s, sh, must))
		}
	}
	setAgrees(t, "the zero set", PlacementSet{}, nil)
	setAgrees(t, "the empty shape", (&Sheet{}).PlacementSet(Shape{}, Bits{}), nil)
}

func TestPlacementSetAtOutOfRange(t *testing.T) {
	t.Parallel()
	set := (&Sheet{}).PlacementSet(MustShape("##"), Bits{})
	for _, k := range []int{-1, 220, 1 << 20} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("At(%d) of 220 placements did not panic", k)
				}
			}()
			set.At(k)
		}()
	}
}

// FuzzPlacementSet compares the compact form with the naive search on a sheet read from the fuzzer's
// bytes (a bit per space: filled or not), for one of the test shapes and an optional demand.
func FuzzPlacementSet(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint8(0), uint64(0))
	f.Add(uint64(0x5555_5555_5555_5555), uint64(0x0f0f_0f0f), uint8(8), uint64(1<<60))
	f.Fuzz(func(t *testing.T, lo, hi uint64, shape uint8, must uint64) {
		var s Sheet
		s.layer[Forest] = Bits{lo, hi}.And(allCells)
		sh := MustShape(testShapes[int(shape)%len(testShapes)])
		cover := Bits{must, must >> 7}.And(allCells)
		if shape&0x80 != 0 {
			cover = Bits{}
		}
		setAgrees(t, "fuzz", s.PlacementSet(sh, cover), naivePlacements(&s, sh, cover))
	})
}

// TestPlacementSetDoesNotAllocate keeps the compact form's hot path free of allocations: searching,
// counting, picking the k-th and ranging over All.
func TestPlacementSetDoesNotAllocate(t *testing.T) {
	s := halfFilledSheets()[0].sheet
	tb := PlacementTableOf(MustShape("..##/###."))
	n := 0
	if a := testing.AllocsPerRun(20, func() {
		set := tb.Set(&s, Bits{})
		p := set.At(set.Len() / 2)
		for q := range set.All() {
			n += int(q.Row)
		}
		n += int(p.Col) + set.Covered().Count()
		if set.Any() {
			n++
		}
	}); a != 0 {
		t.Fatalf("the placement set allocates %v times per run", a)
	}
}

// BenchmarkRandomPlacement is what a random player pays for one card: both options' sets, then one
// placement picked by its index.
func BenchmarkRandomPlacement(b *testing.B) {
	s := halfFilledSheets()[0].sheet
	ta, tb := PlacementTableOf(MustShape("#./##/.#")), PlacementTableOf(MustShape("..##/###."))
	rng := game.NewRNG(1, 2)
	b.ReportAllocs()
	var p Placement
	for b.Loop() {
		set := ta.Set(&s, Bits{})
		if rng.IntN(2) == 1 {
			set = tb.Set(&s, Bits{})
		}
		p = set.At(rng.IntN(set.Len()))
	}
	_ = p
}
