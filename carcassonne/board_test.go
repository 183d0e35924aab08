package carcassonne

import (
	"errors"
	"math/bits"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/surveyor-game/surveyor/game"
)

// The cells of the largest board (maxTiles tiles laid in a line from the start tile, the longest reach)
// and its frontier are all on the virtual grid, and the table finds each of them, tile or frontier, as
// what it is: no two cells share an entry.
func TestGridNoAliasing(t *testing.T) {
	if hashSize <= 3*maxTiles+4 {
		t.Fatalf("a table of %d entries cannot key the %d cells of the longest board", hashSize, 3*maxTiles+4)
	}
	for _, p := range []Pos{{maxTiles + 1, 0}, {-maxTiles - 1, 0}, {0, maxTiles + 1}, {0, -maxTiles - 1}} {
		if _, ok := cellOf(p.X, p.Y); !ok {
			t.Errorf("%v is off the virtual grid", p)
		}
	}
	u := typeByLetter('U')
	for _, dir := range []Pos{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		var b board
		for i := 0; i < maxTiles; i++ {
			cell, _ := cellOf(i*dir.X, i*dir.Y)
			b.put(u, 0, cell)
		}
		for i := 0; i < b.ntiles; i++ {
			if v := b.tileAt(int(b.tiles[i].cell)); int(v) != i+1 {
				t.Fatalf("line %v: tile %d at %v reads as %d", dir, i, posOf(int(b.tiles[i].cell)), int(v)-1)
			}
		}
		if b.nfront != 2*maxTiles+2 {
			t.Fatalf("line %v: frontier of %d cells, want %d", dir, b.nfront, 2*maxTiles+2)
		}
		for i := 0; i < b.nfront; i++ {
			c := int(b.frontier[i].cell)
			if b.opening(c) != &b.frontier[i] || b.tileAt(c) != 0 {
				t.Fatalf("line %v: frontier cell %v not found as such", dir, posOf(c))
			}
		}
	}
}

// A far cell whose table entry is probed first for a frontier cell or the start tile is neither: a move
// there is refused as touching no tile.
func TestFarCellSharingAnEntryIsEmpty(t *testing.T) {
	g, err := NewGame(DefaultOptions(), 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	// alias finds a cell far from the start whose first probe is that of cell c.
	alias := func(c int) Pos {
		for y := -gridHalf + 1; y < gridHalf-1; y++ {
			for x := -gridHalf + 1; x < gridHalf-1; x++ {
				if far, _ := cellOf(x, y); far != c && hashOf(far) == hashOf(c) && (x*x+y*y) > 100 {
					return Pos{x, y}
				}
			}
		}
		t.Fatalf("no cell shares the first probe of %v", posOf(c))
		return Pos{}
	}
	start, _ := cellOf(0, 0)
	startAlias := alias(start)
	for _, p := range g.Placements(nil) {
		c, _ := cellOf(p.X, p.Y)
		a := alias(c)
		for _, far := range []Placement{{X: a.X, Y: a.Y, Rot: p.Rot}, {X: startAlias.X, Y: startAlias.Y, Rot: p.Rot}} {
			err := g.Play(Move{Placement: far, Meeple: NoMeeple})
			if !errors.Is(err, errDoesNotFit) || !strings.Contains(err.Error(), "touches no tile") {
				t.Fatalf("move to %+v, sharing an entry with a frontier cell or the start tile: %v, want errDoesNotFit (touches no tile)", far, err)
			}
			if got := g.MeepleOptions(far, nil); len(got) != 0 {
				t.Errorf("meeple options at %+v: %v, want none", far, got)
			}
		}
	}
	if g.TilesPlaced() != 1 {
		t.Errorf("%d tiles placed after refused moves, want 1", g.TilesPlaced())
	}
}

// A game in a server is mostly this struct: it must stay well under the 50 KB that a whole match may take.
func TestGameSize(t *testing.T) {
	if n := unsafe.Sizeof(Game{}); n > 32<<10 {
		t.Errorf("Game is %d bytes, want at most 32 KiB", n)
	}
}

// refNeed is the engine's former way of finding what an empty cell demands, kept as the reference for the
// frontier's incremental demands: read the four neighbours.
func (b *board) refNeed(cell int) (edges, mask uint8) {
	for d := 0; d < 4; d++ {
		v := b.cell(cell + step[d])
		if v == 0 {
			continue
		}
		t := &b.tiles[v-1]
		e := (t.orient().edges >> (2 * ((d + 2) & 3))) & 3
		edges |= e << (2 * d)
		mask |= 3 << (2 * d)
	}
	return edges, mask
}

// refPlacements is the engine's former placement query: every frontier cell's neighbours re-read, every
// rotation compared on its own.
func (b *board) refPlacements(typ int, buf []Placement) []Placement {
	base := typ * 4
	for i := 0; i < b.nfront; i++ {
		cell := int(b.frontier[i].cell)
		edges, mask := b.refNeed(cell)
		for r := 0; r < 4; r++ {
			if (orients[base+r].edges^edges)&mask == 0 {
				p := posOf(cell)
				buf = append(buf, Placement{X: p.X, Y: p.Y, Rot: r})
			}
		}
	}
	return buf
}

// fitting answers for all four rotations what comparing each rotation's edges would: for every tile type
// and every demand, and for arbitrary packed bytes (the zero-byte test must not depend on the tile set).
func TestFittingTestsEachRotation(t *testing.T) {
	check := func(packed uint32, need, mask uint8) {
		fit := fitting(packed, need, mask)
		want := uint32(0)
		for r := 0; r < 4; r++ {
			if (uint8(packed>>(8*r))^need)&mask == 0 {
				want |= 0x80 << (8 * r)
			}
		}
		if fit != want {
			t.Fatalf("fitting(%08x, %08b, %08b) = %08x, want %08x", packed, need, mask, fit, want)
		}
	}
	for typ := range types {
		for r := 0; r < 4; r++ {
			if got := uint8(turns[typ] >> (8 * r)); got != orients[typ*4+r].edges {
				t.Fatalf("tile %s rotation %d packed as %08b, orientation has %08b", types[typ].name, r, got, orients[typ*4+r].edges)
			}
		}
		for need := 0; need < 256; need++ {
			for mask := 0; mask < 256; mask++ {
				check(turns[typ], uint8(need), uint8(mask))
			}
		}
	}
	x := uint32(0x9e3779b9)
	for i := 0; i < 1<<16; i++ {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		check(x, uint8(bits.RotateLeft32(x, 7)), uint8(x>>11))
	}
}

// The random player picks without listing the very move it picked by listing the placements, so seeded
// games (the benchmarks', the tests', the bots') are the games they were.
func TestRandomPlayerPicksAsWhenListing(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		opts := DefaultOptions()
		opts.Surveyors = seed%2 == 1
		g, err := NewGame(opts, 2+int(seed%4), seed)
		if err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(seed)
		rng := game.NewRNG(seed, 7)
		for !g.Over() {
			ps := g.Placements(nil)
			want := Move{Placement: ps[rng.IntN(len(ps))], Meeple: NoMeeple}
			segs := g.MeepleOptions(want.Placement, nil)
			if i := rng.IntN(len(segs) + 1); i < len(segs) {
				want.Meeple = segs[i]
			}
			if got := rp.Move(g); got != want {
				t.Fatalf("seed %d turn %d: random player picks %+v, listing picks %+v", seed, g.turn, got, want)
			}
			if err := g.Play(want); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Copying a Game must not make the garbage collector scan it all: the fields with pointers come first.
func TestGamePointersComeFirst(t *testing.T) {
	rt := reflect.TypeOf(Game{})
	last := uintptr(0)
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if hasPointers(f.Type) {
			last = f.Offset + f.Type.Size()
		}
	}
	if last > 512 {
		t.Errorf("the last field with pointers ends at byte %d of %d", last, rt.Size())
	}
}

func hasPointers(rt reflect.Type) bool {
	switch rt.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.String, reflect.Interface, reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return rt.Len() > 0 && hasPointers(rt.Elem())
	case reflect.Struct:
		for i := 0; i < rt.NumField(); i++ {
			if hasPointers(rt.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// nthBit finds the k-th set bit as counting them one by one does, for words of every density.
func TestNthBitCountsTheBits(t *testing.T) {
	t.Parallel()
	rng := game.NewRNG(3, 0)
	for i := 0; i < 20000; i++ {
		w := rng.Uint64()
		for j := i % 4; j > 0; j-- {
			w &= rng.Uint64() // sparser words too
		}
		k := 0
		for b := 0; b < 64; b++ {
			if w&(1<<b) == 0 {
				continue
			}
			if got := nthBit(w, k); got != b {
				t.Fatalf("nthBit(%#x, %d) = %d, want %d", w, k, got, b)
			}
			if s := segSet(w); b < 16 {
				if got := s.nth(k); got != b {
					t.Fatalf("segSet(%#x).nth(%d) = %d, want %d", s, k, got, b)
				}
			}
			k++
		}
	}
}
