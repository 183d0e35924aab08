package cartographers

// startHero asks every player with an empty space to draw the hero (rulings 11). A hero, like an ambush,
// passes a pending ruins demand on to the next explore card (rulings 15).
func (g *Game) startHero(id CardID) {
	for i := range g.players {
		if g.players[i].sheet.EmptySpaces().Empty() {
			continue
		}
		g.setPending(i, Decision{kind: DecideHero, actor: i, card: id})
	}
}

// TransformOffset applies a flip (mirror left to right) then quarter turns clockwise to an attack offset,
// the same order as Shape.Transform.
func TransformOffset(o Offset, rotation int, flip bool) Offset {
	if flip {
		o.DCol = -o.DCol
	}
	for range rotation & 3 {
		o = Offset{DRow: o.DCol, DCol: -o.DRow}
	}
	return o
}

// HeroHits is the set of spaces a hero on cell attacks with its pattern turned; hits off the map are
// ignored (rulings 11).
func HeroHits(id CardID, cell Cell, rotation int, flip bool) Bits {
	var hits Bits
	for _, o := range cardTable[id].Attack {
		t := TransformOffset(o, rotation, flip)
		r, c := cell.Row()+t.DRow, cell.Col()+t.DCol
		if r >= 0 && r < Size && c >= 0 && c < Size {
			hits = hits.With(CellAt(r, c))
		}
	}
	return hits
}

// playHero validates and plays a hero: its space, then its hits; monsters hit are destroyed at once.
func (g *Game) playHero(i int, d Decision, m Move) error {
	if m.Cells.Count() != 1 {
		return illegal("a hero is drawn on exactly one space, got %d", m.Cells.Count())
	}
	if m.Rotation < 0 || m.Rotation > 3 {
		return illegal("rotation %d: want 0 to 3 quarter turns", m.Rotation)
	}
	if !g.cfg.rotateHero && (m.Rotation != 0 || m.Flip) {
		return illegal("the attack pattern may not be rotated or flipped in this game")
	}
	s := &g.players[i].sheet
	if !s.CanDraw(m.Cells) {
		return illegal("the hero's space is already filled")
	}
	g.clearPending(i)
	s.Draw(m.Cells, Hero)
	s.MarkHits(HeroHits(d.card, m.Cells.First(), m.Rotation, m.Flip))
	g.checkDragon(i)
	g.stepDone(d.actor)
	return nil
}

// MarkHits marks hero attacks on the spaces of hits and destroys the monsters on them at once, as a hero's
// attack does (rulings 11).
func (s *Sheet) MarkHits(hits Bits) {
	s.hits = s.hits.Or(hits)
	s.DestroyHitMonsters()
}

// DestroyHitMonsters destroys every monster space under a hit marking (rulings 11): those on the spaces
// a hero just attacked, and a monster drawn later onto a hit space.
func (s *Sheet) DestroyHitMonsters() {
	if hit := s.layer[Monster].And(s.hits); hit.Any() {
		s.Draw(hit, Destroyed)
	}
}
