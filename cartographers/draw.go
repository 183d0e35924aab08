package cartographers

// startDraw asks every player with an empty space left to draw the revealed explore or rift card.
func (g *Game) startDraw(id CardID) {
	for i := range g.players {
		s := &g.players[i].sheet
		empty := s.EmptySpaces()
		if empty.Empty() {
			continue // a full sheet draws nothing (rulings 15)
		}
		mode, targets := g.drawMode(s, &cardTable[id], empty)
		g.setPending(i, Decision{kind: DecideDraw, actor: i, mode: mode, card: id, targets: targets, ruinsDemand: g.ruinsPending})
	}
}

// anyFits reports whether some offered shape can be drawn covering mustCover (empty = anywhere).
func anyFits(s *Sheet, c *Card, mustCover Bits) bool {
	for j := range c.Options {
		if c.Options[j].table.CanPlace(s, mustCover) {
			return true
		}
	}
	return false
}

// optionShape returns the shape option a draw move names: the card's own, or the 1x1 of the fallback.
func optionShape(c *Card, d Decision, m Move) (ShapeOption, bool) {
	if d.mode == DrawFallback {
		return ShapeOption{Shape: oneByOne, orientations: oneByOneOrientations}, m.Fallback
	}
	if m.Fallback || m.Option < 0 || m.Option >= len(c.Options) {
		return ShapeOption{}, false
	}
	return c.Options[m.Option], true
}

var oneByOneOrientations = []Shape{oneByOne}

// terrainAllowed reports whether k is among the terrains a draw decision offers.
func (g *Game) terrainAllowed(d Decision, k Kind) bool {
	for _, t := range g.Terrains(d) {
		if t == k {
			return true
		}
	}
	return false
}

// Terrains lists the terrains a draw decision offers: the card's, or those of the fallback in force
// (Options.FallbackTerrains), which differ after a ruins demand in the base rulebooks.
func (g *Game) Terrains(d Decision) []Kind {
	if d.mode == DrawFallback {
		if fb := g.FallbackTerrains(d.ruinsDemand); fb != nil {
			return fb
		}
	}
	return cardTable[d.card].Terrains
}

// FallbackTerrains are the terrains the 1x1 fallback offers when no shape can be drawn, or when a ruins
// demand cannot be met (Options.FallbackTerrains); nil means the card's own terrains.
func (g *Game) FallbackTerrains(ruins bool) []Kind {
	if ruins {
		return g.cfg.ruinsFallback
	}
	return g.cfg.fallback
}

// matchesShape reports whether cells are the shape in one of its orientations, anywhere on the map.
func matchesShape(cells Bits, orientations []Shape) bool {
	n := cells.Count()
	if n == 0 || n != orientations[0].Size() {
		return false
	}
	minR, minC := cells.First().Row(), 0
	for !cells.Intersects(colMasks[minC]) {
		minC++
	}
	// Every cell is at or right of minC, so the shift never wraps a cell onto the previous row.
	norm := cells.Shr(uint(minR*Size + minC))
	for _, o := range orientations {
		if o.Bits == norm {
			return true
		}
	}
	return false
}

// playDraw validates and plays a draw on sheet i.
func (g *Game) playDraw(i int, d Decision, m Move) error {
	c := &cardTable[d.card]
	opt, ok := optionShape(c, d, m)
	if !ok {
		if d.mode == DrawFallback {
			return illegal("no offered shape can be drawn (or the ruins demand cannot be met): draw the 1x1 fallback")
		}
		if m.Fallback {
			return illegal("the 1x1 fallback is only allowed when no offered shape can be drawn")
		}
		return illegal("%s has no shape option %d", c.Name, m.Option)
	}
	if !g.terrainAllowed(d, m.Terrain) {
		return illegal("%s cannot be drawn with %s", m.Terrain, c.Name)
	}
	if !matchesShape(m.Cells, opt.orientations) {
		return illegal("the cells are not the shape %s in any rotation or flip", opt.Shape)
	}
	s := &g.players[i].sheet
	if !s.CanDraw(m.Cells) {
		return illegal("the shape overlaps a filled space")
	}
	if d.mode == DrawRuins && !m.Cells.Intersects(d.targets) {
		return illegal("the shape must cover an unfilled ruins space")
	}
	g.clearPending(i)
	g.fill(i, m.Cells, m.Terrain)
	if opt.Coin && d.mode != DrawFallback {
		s.AddCoins(1) // capped at the track's 14 symbols (rulings 7)
	}
	g.stepDone(d.actor)
	return nil
}

// fill draws cells with terrain k on sheet i and applies what follows from it: mountain coins (in
// Sheet.Draw), monsters on hero hits destroyed (rulings 11), the Dragon's reward.
func (g *Game) fill(i int, cells Bits, k Kind) {
	s := &g.players[i].sheet
	s.Draw(cells, k)
	if k == Monster {
		s.DestroyHitMonsters()
	}
	g.checkDragon(i)
}

// LegalDraws appends every legal placement of option opt for a draw or ambush decision (opt is ignored
// in fallback mode, where the placements are the single empty spaces). It does not allocate when out
// has room.
func (g *Game) LegalDraws(i int, d Decision, opt int, out []Placement) []Placement {
	return g.LegalDrawSet(i, d, opt).AppendTo(out)
}

// LegalDrawSet is LegalDraws unlisted: the same placements in the same order (PlacementSet.At(k) is
// LegalDraws' k-th), as a set of corners per orientation. An option the card does not have has none.
func (g *Game) LegalDrawSet(i int, d Decision, opt int) PlacementSet {
	s := &g.players[i].sheet
	if d.mode == DrawFallback {
		// The 1x1's one orientation has every empty space as its corner, which are the fallback's
		// placements exactly.
		return oneByOneTable.Set(s, Bits{})
	}
	c := &cardTable[d.card]
	if opt < 0 || opt >= len(c.Options) {
		return PlacementSet{}
	}
	var must Bits
	if d.mode == DrawRuins {
		must = d.targets
	}
	return c.Options[opt].table.Set(s, must)
}

var oneByOneTable = PlacementTableOf(oneByOne)

// ShapeMatches reports whether cells are shape option opt of card id, in some rotation or flip.
func ShapeMatches(id CardID, opt int, cells Bits) bool {
	if id >= numCards || opt < 0 || opt >= len(cardTable[id].Options) {
		return false
	}
	return matchesShape(cells, cardTable[id].Options[opt].orientations)
}
