package cartographers

// The four Heroes monster abilities (rulings 12), one table entry and one function each. Each is keyed to
// the spaces that monster's card drew on a sheet (player.monsters); a monster acts only while at least one
// of its spaces survives.

// DragonReward is the number of coins the Dragon Inferno pays.
const DragonReward = 3

// monsterCells returns the spaces drawn for an ambush card on sheet i and those still monsters.
func (g *Game) monsterCells(i int, id CardID) (drawn, surviving Bits) {
	p := &g.players[i]
	drawn = p.monsters[ambushIndex(id)]
	return drawn, drawn.And(p.sheet.layer[Monster])
}

// monsterRule is a Heroes monster's ability: when it acts and what it does. Each monster is one entry of
// monsterRules, its rule the doc comment of its function, found by the monster's name.
type monsterRule struct {
	name string
	// drawn acts once, when the monster is drawn on sheet i by drawer (the Gorgon).
	drawn func(g *Game, i, drawer int, id CardID)
	// afterSeason acts after each season's scoring while a space survives (the zombies, the troll).
	afterSeason func(g *Game, i int, id CardID, alive Bits)
	// filled is checked whenever spaces of sheet i are filled or destroyed (the Dragon's reward).
	filled func(g *Game, i int)
}

// monsterRules are the four Heroes monsters (rulings 12), by effect. They are set in init because the
// rules fill spaces, and filling checks the rules: a cycle Go's variable initialisation refuses.
var monsterRules [GorgonEffect + 1]monsterRule

func init() {
	monsterRules = [...]monsterRule{
		DragonEffect: {name: "Dragon Inferno", filled: (*Game).dragonInferno},
		ZombieEffect: {name: "Zombie Plague", afterSeason: (*Game).zombiePlague},
		TrollEffect:  {name: "Giant Troll Ravage", afterSeason: (*Game).giantTrollRavage},
		GorgonEffect: {name: "Gorgon Gaze", drawn: (*Game).gorgonGaze},
	}
}

// dragonInferno: when every space of the Dragon is surrounded (each of its sides filled or the edge of
// the map) or destroyed, a wholly destroyed Dragon included, its sheet gains 3 coins, once.
func (g *Game) dragonInferno(i int) {
	p := &g.players[i]
	dragon := p.monsters[dragonIndex]
	if p.dragonPaid || dragon.Empty() {
		return
	}
	s := &p.sheet
	empty := s.EmptySpaces()
	nextToEmpty := empty.North().Or(empty.South()).Or(empty.East()).Or(empty.West())
	if dragon.AndNot(s.layer[Destroyed]).Intersects(nextToEmpty) {
		return
	}
	p.dragonPaid = true
	s.AddCoins(DragonReward)
}

// zombiePlague: after each season's scoring, the zombies spread one step: every empty space next to a
// surviving zombie space becomes a zombie space, all at once (the new ones are zombies themselves).
func (g *Game) zombiePlague(i int, id CardID, alive Bits) {
	spread := alive.Neighbours().And(g.players[i].sheet.EmptySpaces())
	if spread.Any() {
		g.tellPlaced(i, id, "spreads to", spread)
		g.players[i].monsters[ambushIndex(id)] = g.players[i].monsters[ambushIndex(id)].Or(spread)
		g.fill(i, spread, Monster)
	}
}

// giantTrollRavage: after each season's scoring, the sheet's owner destroys one empty space next to a
// surviving troll space.
func (g *Game) giantTrollRavage(i int, id CardID, alive Bits) {
	g.askDestroy(i, i, DecideTroll, id, alive.Neighbours().And(g.players[i].sheet.EmptySpaces()))
}

// gorgonGaze: once, when the Gorgon is drawn, the player who drew it (the sheet's owner with the
// gorgon_by_owner option) destroys one space next to a surviving Gorgon space that is not mountain,
// wasteland or already destroyed (rulings 15).
func (g *Game) gorgonGaze(i, drawer int, id CardID) {
	if g.cfg.opts.GorgonByOwner {
		drawer = i
	}
	g.askDestroy(i, drawer, DecideGorgon, id, g.gorgonTargets(i, id))
}

var (
	dragonID, _ = CardByName("Dragon Inferno")
	zombieID, _ = CardByName("Zombie Plague")
	trollID, _  = CardByName("Giant Troll Ravage")
	dragonIndex = ambushIndex(dragonID)
)

// checkDragon runs the Dragon's check after spaces of sheet i were filled or destroyed.
func (g *Game) checkDragon(i int) { monsterRules[DragonEffect].filled(g, i) }

// hasSeasonEffect reports whether a monster acts after each season's scoring.
func hasSeasonEffect(id CardID) bool {
	e := cardTable[id].Effect
	return int(e) < len(monsterRules) && monsterRules[e].afterSeason != nil
}

// seasonEffect resolves one ongoing effect on every sheet after a season's scoring.
func (g *Game) seasonEffect(id CardID) {
	rule := monsterRules[cardTable[id].Effect]
	for i := range g.players {
		if _, alive := g.monsterCells(i, id); alive.Any() {
			rule.afterSeason(g, i, id, alive)
		}
	}
}

// gorgonTargets are the spaces the Gorgon on sheet i may destroy: adjacent to it, neither mountain,
// wasteland nor already destroyed (rulings 15). Only its surviving spaces gaze: a space drawn onto a
// hero's hit is destroyed as it is drawn (rulings 11) and a destroyed space is no Gorgon, so a Gorgon
// wholly destroyed gazes at nothing.
func (g *Game) gorgonTargets(i int, id CardID) Bits {
	_, alive := g.monsterCells(i, id)
	s := &g.players[i].sheet
	return alive.Neighbours().AndNot(s.layer[Mountain]).AndNot(s.layer[Wasteland]).AndNot(s.layer[Destroyed])
}

// askDestroy asks actor to choose a space to destroy among targets on sheet i. A single target needs no
// choice and is destroyed at once; with none the effect does nothing.
func (g *Game) askDestroy(i, actor int, kind DecisionKind, id CardID, targets Bits) {
	switch targets.Count() {
	case 0:
		g.tell(i, "placement", map[string]any{"card": cardTable[id].Name, "action": "nothing"},
			"%s finds nothing to destroy on {seat %d}'s sheet", cardTable[id].Name, i)
	case 1:
		g.tellPlaced(i, id, "destroys", targets)
		g.destroy(i, targets)
	default:
		g.setPending(i, Decision{kind: kind, actor: actor, card: id, targets: targets})
	}
}

// playDestroy validates and plays a Gorgon or Troll target.
func (g *Game) playDestroy(i int, d Decision, m Move) error {
	if m.Cells.Count() != 1 {
		return illegal("choose exactly one space to destroy, got %d", m.Cells.Count())
	}
	if !m.Cells.Intersects(d.targets) {
		if d.kind == DecideTroll {
			return illegal("the Giant Troll destroys an empty space adjacent to it")
		}
		return illegal("the Gorgon destroys an adjacent space that is not mountain, wasteland or already destroyed")
	}
	g.clearPending(i)
	g.destroy(i, m.Cells)
	g.stepDone(d.actor)
	return nil
}

// destroy turns spaces into destroyed spaces. Filling an empty space may surround a mountain (rulings 15).
func (g *Game) destroy(i int, cells Bits) {
	g.players[i].sheet.Draw(cells, Destroyed)
	g.checkDragon(i)
}
