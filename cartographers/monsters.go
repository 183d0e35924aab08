package cartographers

// The four Heroes monster abilities (rulings 12). Each is keyed to the spaces that monster's card drew
// on a sheet (Player.Monsters); a monster acts only while at least one of its spaces survives.

// DragonReward is the number of coins the Dragon Inferno pays.
const DragonReward = 3

// monsterCells returns the spaces drawn for an ambush card on sheet i and those still monsters.
func (g *Game) monsterCells(i int, id CardID) (drawn, surviving Bits) {
	p := &g.Players[i]
	drawn = p.Monsters[ambushIndex(id)]
	return drawn, drawn.And(p.Sheet.Layer[Monster])
}

// checkDragon pays the Dragon's 3 coins, once, at the moment every dragon space is surrounded (each of
// its sides filled or the edge) or destroyed — a wholly destroyed dragon included.
func (g *Game) checkDragon(i int) {
	p := &g.Players[i]
	dragon := p.Monsters[dragonIndex]
	if p.DragonPaid || dragon.Empty() {
		return
	}
	s := &p.Sheet
	empty := s.EmptySpaces()
	nextToEmpty := empty.North().Or(empty.South()).Or(empty.East()).Or(empty.West())
	if dragon.AndNot(s.Layer[Destroyed]).Intersects(nextToEmpty) {
		return
	}
	p.DragonPaid = true
	s.AddCoins(DragonReward)
}

var (
	dragonID, _ = CardByName("Dragon Inferno")
	zombieID, _ = CardByName("Zombie Plague")
	trollID, _  = CardByName("Giant Troll Ravage")
	dragonIndex = ambushIndex(dragonID)
)

// seasonEffect resolves one ongoing effect on every sheet after a season's scoring.
func (g *Game) seasonEffect(id CardID) {
	for i := range g.Players {
		_, alive := g.monsterCells(i, id)
		if alive.Empty() {
			continue
		}
		s := &g.Players[i].Sheet
		switch Cards[id].Effect {
		case ZombieEffect:
			// One step, all at once; the new zombie spaces are zombies themselves.
			spread := alive.Neighbours().And(s.EmptySpaces())
			if spread.Any() {
				g.tellPlaced(i, id, "spreads to", spread)
				g.Players[i].Monsters[ambushIndex(id)] = g.Players[i].Monsters[ambushIndex(id)].Or(spread)
				g.fill(i, spread, Monster)
			}
		case TrollEffect:
			targets := alive.Neighbours().And(s.EmptySpaces())
			g.askDestroy(i, i, DecideTroll, id, targets)
		}
	}
}

// gorgonTargets are the spaces the Gorgon on sheet i may destroy: adjacent to it, neither mountain,
// wasteland nor already destroyed (rulings 15). Only its surviving spaces gaze: a space drawn onto a
// hero's hit is destroyed as it is drawn (rulings 11) and a destroyed space is no Gorgon, so a Gorgon
// wholly destroyed gazes at nothing.
func (g *Game) gorgonTargets(i int, id CardID) Bits {
	_, alive := g.monsterCells(i, id)
	s := &g.Players[i].Sheet
	return alive.Neighbours().AndNot(s.Layer[Mountain]).AndNot(s.Layer[Wasteland]).AndNot(s.Layer[Destroyed])
}

func (g *Game) startGorgon(i, drawer int, id CardID) {
	g.askDestroy(i, drawer, DecideGorgon, id, g.gorgonTargets(i, id))
}

// askDestroy asks actor to choose a space to destroy among targets on sheet i. A single target needs no
// choice and is destroyed at once; with none the effect does nothing.
func (g *Game) askDestroy(i, actor int, kind DecisionKind, id CardID, targets Bits) {
	switch targets.Count() {
	case 0:
		g.tell(i, "placement", map[string]any{"card": Cards[id].Name, "action": "nothing"},
			"%s finds nothing to destroy on {seat %d}'s sheet", Cards[id].Name, i)
	case 1:
		g.tellPlaced(i, id, "destroys", targets)
		g.destroy(i, targets)
	default:
		g.setPending(i, Decision{Kind: kind, Actor: actor, Card: id, Targets: targets})
	}
}

// playDestroy validates and plays a Gorgon or Troll target.
func (g *Game) playDestroy(i int, d Decision, m Move) error {
	if m.Cells.Count() != 1 {
		return illegal("choose exactly one space to destroy, got %d", m.Cells.Count())
	}
	if !m.Cells.Intersects(d.Targets) {
		if d.Kind == DecideTroll {
			return illegal("the Giant Troll destroys an empty space adjacent to it")
		}
		return illegal("the Gorgon destroys an adjacent space that is not mountain, wasteland or already destroyed")
	}
	g.clearPending(i)
	g.destroy(i, m.Cells)
	g.stepDone(d.Actor)
	return nil
}

// destroy turns spaces into destroyed spaces. Filling an empty space may surround a mountain (rulings 15).
func (g *Game) destroy(i int, cells Bits) {
	g.Players[i].Sheet.Draw(cells, Destroyed)
	g.checkDragon(i)
}
