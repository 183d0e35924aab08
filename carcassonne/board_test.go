package carcassonne

import (
	"errors"
	"strings"
	"testing"
	"unsafe"
)

// Two cells the engine reads in one game never share a grid entry: their offset dx+gridW*dy, with dx and
// dy within reach, is never a multiple of gridStore.
func TestGridNoAliasing(t *testing.T) {
	// 72 connected tiles span at most 71 columns; the frontier adds one on each side, and the neighbours
	// of a frontier cell one more.
	if want := (numTiles - 1) + 4; reach < want {
		t.Fatalf("reach %d, but cells read in one game can be %d apart", reach, want)
	}
	for dy := -reach; dy <= reach; dy++ {
		for dx := -reach; dx <= reach; dx++ {
			if (dx != 0 || dy != 0) && (dx+gridW*dy)&gridMask == 0 {
				t.Fatalf("cells %d columns and %d rows apart share a grid entry", dx, dy)
			}
		}
	}
	// Every position a line of 72 tiles (and its frontier) can reach is a cell of the virtual grid.
	for _, p := range []Pos{{numTiles + 1, 0}, {-numTiles - 1, 0}, {0, numTiles + 1}, {0, -numTiles - 1}} {
		if _, ok := cellOf(p.X, p.Y); !ok {
			t.Errorf("%v is off the virtual grid", p)
		}
	}
}

// A far cell that shares a grid entry with a tile or a frontier cell is neither: a move there is refused
// as touching no tile. With gridW 156 and gridStore 8192, (x-76, y+53) shares the entry of (x, y), since
// -76 + 53*156 = 8192.
func TestFarCellSharingAnEntryIsEmpty(t *testing.T) {
	if -76+53*gridW != gridStore {
		t.Fatalf("the offsets below assume gridW 156 and gridStore 8192")
	}
	g, err := NewGame(DefaultOptions(), 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range g.Placements(nil) {
		// (p.X, p.Y) is on the frontier; its alias is not, and neither is the start tile's alias a tile.
		for _, far := range []Placement{{X: p.X - 76, Y: p.Y + 53, Rot: p.Rot}, {X: -76, Y: 53, Rot: p.Rot}} {
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
