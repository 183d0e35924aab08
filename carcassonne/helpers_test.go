package carcassonne

import (
	"testing"
)

// table is a hand-built board: tiles are laid where the test says, checked against their neighbours'
// edges, without the draw pile or turn order.
type table struct {
	t *testing.T
	g *Game
}

func newTable(t *testing.T, players int, opts Options) *table {
	t.Helper()
	g, err := NewGame(opts, players, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.board.clear()
	g.events = g.events[:0]
	return &table{t: t, g: g}
}

// lay puts tile letter at (x,y) turned rot quarter turns, with a meeple of seat on the named segment
// ("" for none), and scores what it completes.
func (b *table) lay(letter byte, x, y, rot int, meeple string, seat int) {
	b.t.Helper()
	if err := b.try(letter, x, y, rot, meeple, seat); err != nil {
		b.t.Fatalf("lay %c at (%d,%d) turned %d: %v", letter, x, y, rot, err)
	}
}

func (b *table) try(letter byte, x, y, rot int, meeple string, seat int) error {
	return b.tryPut(string(letter), x, y, rot, meeple, Meeple, seat)
}

// tryPut lays any tile type (by name) at (x,y) turned rot with figure fig of seat on the named segment
// ("" for none), checked against its neighbours' edges and the segment's feature, and scores what it
// completes.
func (b *table) tryPut(name string, x, y, rot int, meeple string, fig Figure, seat int) error {
	g := b.g
	typ := typeByName(name)
	cell, ok := cellOf(x, y)
	if typ < 0 || !ok {
		b.t.Fatalf("bad tile %s or position (%d,%d)", name, x, y)
	}
	if g.board.tileAt(cell) != 0 {
		return errDoesNotFit
	}
	edges, mask := g.board.refNeed(cell)
	if (orients[typ*4+rot].edges^edges)&mask != 0 {
		return errDoesNotFit
	}
	seg := NoMeeple
	if meeple != "" {
		s, err := parseSeg(typ, rot, meeple)
		if err != nil {
			return err
		}
		if g.supply[seat][fig] == 0 {
			return errNoSupply
		}
		if g.standAt(cell, typ*4+rot); g.stand.free&(1<<s) == 0 {
			return errOccupied
		}
		seg = s
	}
	g.lay(typ, cell, &Move{Placement: Placement{X: x, Y: y, Rot: rot}, Meeple: seg, Figure: fig}, seat)
	g.turn++
	return nil
}

// activate makes a Land Surveyors tile the active one of its pile.
func (b *table) activate(id string) {
	b.t.Helper()
	for i, st := range surveyorTiles {
		if st.id != id {
			continue
		}
		p := &b.g.xs.surveyors.piles[pileOf(st.pile)]
		for j := 0; j < p.n; j++ {
			if int(p.tiles[j]) == i {
				p.active = j
				return
			}
		}
	}
	b.t.Fatalf("surveyor tile %s is not in the piles", id)
}

func (b *table) scores(want ...int) {
	b.t.Helper()
	for s, w := range want {
		if got := b.g.scores[s]; got != w {
			b.t.Errorf("seat %d scores %d, want %d (all: %v)", s, got, w, b.g.scores[:b.g.players])
		}
	}
}

func (b *table) supply(want ...int) {
	b.t.Helper()
	for s, w := range want {
		if got := b.g.supply[s][Meeple]; got != w {
			b.t.Errorf("seat %d has %d meeples in supply, want %d", s, got, w)
		}
	}
}

func (b *table) lastEvent() ScoreEvent {
	b.t.Helper()
	ev := b.g.Events()
	if len(ev) == 0 {
		b.t.Fatal("no scoring event")
	}
	return ev[len(ev)-1]
}

func surveyorOpts() Options {
	o := DefaultOptions()
	o.Surveyors = true
	return o
}

// neighbours counts the tiles around a cell by looking at the board, for the reference scorings (the
// engine keeps the count for the monasteries and gardens that hold a figure: Game.monkNbrs).
func (g *Game) neighbours(cell int) int {
	n := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && g.board.cell(cell+dy*gridW+dx) != 0 {
				n++
			}
		}
	}
	return n
}
