package cartographers

// ambushIndex is an ambush card's index in player.monsters.
func ambushIndex(id CardID) int { return int(id - firstBaseAmbush) }

// Neighbour is the seat that draws the monster on seat v's sheet for an ambush with direction dir
// (rulings 9): clockwise passes the sheet to the next seat, counterclockwise to the previous one. With
// two players both neighbours are the other player.
func Neighbour(v, seats int, dir Direction) int {
	if dir == Clockwise {
		return (v + 1) % seats
	}
	return (v - 1 + seats) % seats
}

// startAmbush resolves an ambush: solo by the corner-and-ring walk, multiplayer by asking each
// neighbour. Ongoing effects are registered in reveal order (rulings 12).
func (g *Game) startAmbush(id CardID) {
	c := &cardTable[id]
	if hasSeasonEffect(id) {
		g.effects = append(g.effects, id)
	}
	if g.Solo() {
		s := &g.players[0].sheet
		if cells, ok := SoloAmbushPlacement(s, id); ok {
			g.tellPlaced(0, id, "is drawn on", cells)
			g.placeMonster(0, 0, id, cells)
		} else {
			g.tellIgnored(0, id)
		}
		// No legal spot anywhere: the ambush is ignored (no 1x1 in solo, §3.3).
		return
	}
	for v := range g.players {
		s := &g.players[v].sheet
		if s.EmptySpaces().Empty() {
			continue
		}
		mode := DrawFree
		if !c.Options[0].table.CanPlace(s, Bits{}) {
			mode = DrawFallback
		}
		dir := c.Direction
		if g.cfg.opts.ClockwiseToPrevious {
			dir ^= 1
		}
		g.setPending(v, Decision{kind: DecideAmbush, actor: Neighbour(v, len(g.players), dir), mode: mode, card: id})
	}
}

// playAmbush validates and plays a monster drawn by the neighbour on sheet i.
func (g *Game) playAmbush(i int, d Decision, m Move) error {
	c := &cardTable[d.card]
	orients := c.Options[0].orientations
	if d.mode == DrawFallback {
		orients = oneByOneOrientations
	}
	if !matchesShape(m.Cells, orients) {
		if d.mode == DrawFallback {
			return illegal("%s does not fit anywhere: draw a 1x1 monster", c.Name)
		}
		return illegal("the cells are not the shape of %s in any rotation or flip", c.Name)
	}
	if !g.players[i].sheet.CanDraw(m.Cells) {
		return illegal("the monster overlaps a filled space")
	}
	g.clearPending(i)
	g.tellAmbush(i, d.actor, d.card, m.Cells)
	g.placeMonster(i, d.actor, d.card, m.Cells)
	g.stepDone(d.actor)
	return nil
}

// placeMonster draws an ambush's monster on sheet i; the Gorgon then asks its drawer for a target.
func (g *Game) placeMonster(i, drawer int, id CardID, cells Bits) {
	p := &g.players[i]
	p.monsters[ambushIndex(id)] = p.monsters[ambushIndex(id)].Or(cells)
	g.fill(i, cells, Monster)
	if e := cardTable[id].Effect; int(e) < len(monsterRules) && monsterRules[e].drawn != nil {
		monsterRules[e].drawn(g, i, drawer, id)
	}
}

// SoloAmbushPlacement finds where the solo rules draw an ambush (rulings 10): the first legal placement
// in the card's walk order; ok is false when the shape fits nowhere.
func SoloAmbushPlacement(s *Sheet, id CardID) (Bits, bool) {
	filled := s.Filled()
	for _, p := range cardTable[id].soloWalk {
		if !p.Intersects(filled) {
			return p, true
		}
	}
	return Bits{}, false
}

// ringWalk lists the cells of ring k (the square at distance k from the edge) starting at a corner and
// going in a direction: clockwise from the top-left corner is right along the top edge.
func ringWalk(k int, corner Corner, dir Direction) []Cell {
	lo, hi := k, Size-1-k
	var cw []Cell // clockwise from the top-left corner
	if lo == hi {
		return []Cell{CellAt(lo, lo)}
	}
	for c := lo; c < hi; c++ {
		cw = append(cw, CellAt(lo, c))
	}
	for r := lo; r < hi; r++ {
		cw = append(cw, CellAt(r, hi))
	}
	for c := hi; c > lo; c-- {
		cw = append(cw, CellAt(hi, c))
	}
	for r := hi; r > lo; r-- {
		cw = append(cw, CellAt(r, lo))
	}
	side := hi - lo
	start := int(corner) * side // the corners sit at 0, side, 2*side, 3*side of the clockwise cycle
	n := len(cw)
	out := make([]Cell, n)
	for j := range out {
		if dir == Clockwise {
			out[j] = cw[(start+j)%n]
		} else {
			out[j] = cw[(start-j+n)%n]
		}
	}
	return out
}

// soloWalk lists the placements of an ambush shape in the order the solo rules try them (rulings 10):
// rings from the edge inwards; on each ring, its cells from the card's corner in the arrow's direction;
// at each cell, the placements of the unrotated shape that cover it with each of the shape's cells in
// reading order (top row first, left to right), kept only if they stay within rows and columns k..10-k.
// A placement reached again later is listed once, at its first position.
func soloWalk(sh Shape, corner Corner, dir Direction) []Bits {
	var out []Bits
	seen := map[Bits]bool{}
	var shapeCells []Cell
	sh.Bits.EachCell(func(c Cell) { shapeCells = append(shapeCells, c) })
	for k := 0; k <= Size/2; k++ {
		lo, hi := k, Size-1-k
		for _, cell := range ringWalk(k, corner, dir) {
			for _, sc := range shapeCells {
				r, c := cell.Row()-sc.Row(), cell.Col()-sc.Col()
				if r < lo || c < lo || r+sh.H-1 > hi || c+sh.W-1 > hi {
					continue
				}
				b, _ := sh.At(r, c)
				if !seen[b] {
					seen[b] = true
					out = append(out, b)
				}
			}
		}
	}
	return out
}
