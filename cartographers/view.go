package cartographers

import "github.com/surveyor-game/surveyor/game"

// View is what one seat (or a spectator) sees, ready to marshal as JSON. It never holds the seed nor the
// order of a hidden deck, only their sizes.
type View struct {
	Seat             int       `json:"seat"`
	Options          Options   `json:"options"`
	Side             string    `json:"side"`
	SideSingleSource bool      `json:"side_single_source"`
	Season           int       `json:"season"`
	SeasonName       string    `json:"season_name"`
	Time             int       `json:"time"`
	Threshold        int       `json:"threshold"`
	Revealed         []string  `json:"revealed"`
	Current          *CardView `json:"current,omitempty"`
	RuinsPending     bool      `json:"ruins_pending"`
	// Specials are the ambush and hero cards revealed so far, oldest first.
	Specials []SpecialView `json:"specials"`
	Decks    DeckView      `json:"decks"`
	Edicts   [4]EdictView  `json:"edicts"`
	Sheets   []SheetView   `json:"sheets"`
	Decision *DecisionView `json:"decision,omitempty"`
	ToAct    []int         `json:"to_act"`
	// Penalty is the viewer's monster penalty if the season ended now, with the spaces it counts.
	Penalty *Projection  `json:"penalty,omitempty"`
	Over    bool         `json:"over"`
	Result  *game.Result `json:"result,omitempty"`
}

// SpecialView is an ambush or hero card revealed during the game, with the season (0-3) and turn count
// at which it was revealed.
type SpecialView struct {
	Card   *CardView `json:"card"`
	Season int       `json:"season"`
	Turn   int       `json:"turn"`
}

// DeckView gives the sizes of the hidden decks.
type DeckView struct {
	Explore int `json:"explore"`
	Ambush  int `json:"ambush"`
	Heroes  int `json:"heroes"`
}

// CardView shows one card.
type CardView struct {
	Name     string      `json:"name"`
	Type     string      `json:"type"`
	Time     int         `json:"time"`
	Terrains []string    `json:"terrains,omitempty"`
	Shapes   []ShapeView `json:"shapes,omitempty"`
	// Ambushes: arrow and solo corner; heroes: the attack pattern as [d_row, d_col] offsets.
	Direction string   `json:"direction,omitempty"`
	Corner    string   `json:"corner,omitempty"`
	Attack    [][2]int `json:"attack,omitempty"`
}

// ShapeView is a shape in the data notation and as cells from its top-left corner.
type ShapeView struct {
	Grid  string   `json:"grid"`
	Cells [][2]int `json:"cells"`
	Coin  bool     `json:"coin,omitempty"`
}

// EdictView is one edict with its scoring card and the viewer's projected stars.
type EdictView struct {
	Letter string `json:"letter"`
	Card   string `json:"card"`
	Rule   string `json:"rule"`
	Stack  string `json:"stack"`
	Solo   int    `json:"solo"`
	// Projected is what the card would give the viewer's sheet now (absent for spectators).
	Projected *Projection `json:"projected,omitempty"`
}

// Projection is a number of stars and the spaces behind it (for the client's highlight).
type Projection struct {
	Stars   int      `json:"stars"`
	Counted [][2]int `json:"counted"`
}

// SheetView is one player's sheet as everyone sees it.
type SheetView struct {
	Seat        int           `json:"seat"`
	Map         string        `json:"map"`
	Hits        [][2]int      `json:"hits"`
	Coins       int           `json:"coins"`
	Score       int           `json:"score"`
	MonsterLoss int           `json:"monster_loss"`
	Seasons     []SeasonScore `json:"seasons"`
	// Waiting names the decision still pending about this sheet ("" when none).
	Waiting string `json:"waiting,omitempty"`
	// Monsters are the monster spaces still on the sheet of each Heroes monster with an ability (the
	// Dragon, the zombies, the Troll, the Gorgon), so that a client can mark whose each space is: the map
	// text says only "monster".
	Monsters []MonsterMark `json:"monsters,omitempty"`
}

// MonsterMark is one monster card's surviving spaces on a sheet.
type MonsterMark struct {
	Card  string   `json:"card"`
	Cells [][2]int `json:"cells"`
}

// DecisionView is the viewer's own pending decision, with what the client needs to show it.
type DecisionView struct {
	Kind string `json:"kind"`
	// Sheet is the seat whose sheet the decision is about (a neighbour's during a multiplayer ambush).
	Sheet    int       `json:"sheet"`
	Mode     string    `json:"mode"`
	Card     *CardView `json:"card"`
	Terrains []string  `json:"terrains,omitempty"`
	// Targets are the unfilled ruins to cover (mode "ruins") or the spaces to choose from (gorgon, troll).
	Targets   [][2]int `json:"targets,omitempty"`
	MayRotate bool     `json:"may_rotate"`
	// Nowhere lists the card's shape options that fit nowhere on the sheet now (a draw decision's), so that
	// a client can mark them rather than offer them like the others.
	Nowhere []int `json:"nowhere,omitempty"`
}

var cardTypeNames = [...]string{"explore", "ruins", "rift", "ambush", "hero"}

func cardView(id CardID) *CardView {
	c := &cardTable[id]
	v := &CardView{Name: c.Name, Type: cardTypeNames[c.Type], Time: c.Time}
	for _, k := range c.Terrains {
		v.Terrains = append(v.Terrains, k.String())
	}
	for _, o := range c.Options {
		v.Shapes = append(v.Shapes, ShapeView{Grid: o.Shape.String(), Cells: CellList(o.Shape.Bits), Coin: o.Coin})
	}
	if c.Type == AmbushCard {
		v.Direction, v.Corner = c.Direction.String(), c.Corner.String()
	}
	for _, a := range c.Attack {
		v.Attack = append(v.Attack, [2]int{a.DRow, a.DCol})
	}
	return v
}

func projection(stars int, counted Bits) *Projection {
	return &Projection{Stars: stars, Counted: CellList(counted)}
}

// View builds what a seat sees (game.Spectator or any seat out of range: the public part only).
func (g *Game) View(seat int) View {
	v := g.PublicView()
	v.Seat = seat
	if seat >= 0 && seat < len(g.players) {
		p := g.SeatPart(seat)
		v.Edicts, v.Penalty, v.Decision = *p.Edicts, p.Penalty, p.Decision
	}
	return v
}

// SeatPart is what a seat's View adds to PublicView: the seat, the edicts with the projections of its
// sheet, its monster penalty now and its decision. Its JSON fields replace PublicView's of the same name,
// so that a host builds the public part once for a table of a hundred and only this part per seat.
type SeatPart struct {
	Seat     int           `json:"seat"`
	Edicts   *[4]EdictView `json:"edicts,omitempty"`
	Penalty  *Projection   `json:"penalty,omitempty"`
	Decision *DecisionView `json:"decision,omitempty"`
}

// SeatPart is the part of View(seat) that only the seat sees (just the seat for a spectator).
func (g *Game) SeatPart(seat int) SeatPart {
	part := SeatPart{Seat: seat}
	if seat < 0 || seat >= len(g.players) {
		return part
	}
	edicts := g.edictViews()
	for i, e := range g.edicts {
		edicts[i].Projected = projection(scoringCards[e].Score(&g.players[seat].sheet))
	}
	part.Edicts = &edicts
	part.Penalty = projection(MonsterPenalty(&g.players[seat].sheet))
	if d, i := g.DecisionOf(seat); i >= 0 {
		dv := &DecisionView{Kind: d.kind.String(), Sheet: i, Mode: d.mode.String(), Card: cardView(d.card),
			Targets: CellList(d.targets), MayRotate: d.kind != DecideAmbush || !g.Solo()}
		if d.kind == DecideHero {
			dv.MayRotate = g.cfg.rotateHero
		}
		if d.kind == DecideDraw {
			for _, k := range g.Terrains(d) {
				dv.Terrains = append(dv.Terrains, k.String())
			}
			dv.Nowhere = g.shapesFittingNowhere(i, d)
		}
		part.Decision = dv
	}
	return part
}

func (g *Game) edictViews() [4]EdictView {
	var out [4]EdictView
	for i, e := range g.edicts {
		sc := &scoringCards[e]
		out[i] = EdictView{Letter: edictNames[i], Card: sc.Name, Rule: sc.Rule, Stack: sc.Stack.String(), Solo: sc.Solo}
	}
	return out
}

// PublicView is what every seat and spectator sees alike (View(Spectator), the seat aside).
func (g *Game) PublicView() View {
	v := View{
		Seat: -1, Options: g.cfg.opts, Side: g.cfg.side, SideSingleSource: SideIsSingleSource(g.cfg.side),
		Season: g.season, SeasonName: seasonCards[g.season].Name, Time: g.SeasonTime(), Threshold: g.Threshold(),
		RuinsPending: g.ruinsPending, Over: g.Over(), ToAct: g.ToActSeats(), Revealed: []string{},
		Edicts: g.edictViews(),
	}
	for _, id := range g.revealed {
		v.Revealed = append(v.Revealed, cardTable[id].Name)
	}
	if g.turn > 0 || g.phase != phaseReveal {
		v.Current = cardView(g.current)
	}
	v.Specials = make([]SpecialView, g.numSpecials)
	for i, sp := range g.specials[:g.numSpecials] {
		v.Specials[i] = SpecialView{Card: cardView(sp.Card), Season: sp.Season, Turn: sp.Turn}
	}
	v.Decks.Explore, v.Decks.Ambush, v.Decks.Heroes = g.DeckCounts()
	v.Sheets = make([]SheetView, 0, len(g.players))
	for i := range g.players {
		p := &g.players[i]
		sv := SheetView{Seat: i, Map: p.sheet.MapText(), Hits: CellList(p.sheet.hits), Coins: p.sheet.coins,
			Score: p.score, MonsterLoss: p.monsterLoss, Seasons: append([]SeasonScore(nil), p.seasons[:g.scoredSeasons()]...)}
		if p.pending.kind != NoDecision {
			sv.Waiting = p.pending.kind.String()
		}
		for id := firstHeroesAmbush; id < firstHero; id++ {
			if cardTable[id].Effect == NoEffect {
				continue
			}
			if _, alive := g.monsterCells(i, id); !alive.Empty() {
				sv.Monsters = append(sv.Monsters, MonsterMark{Card: cardTable[id].Name, Cells: CellList(alive)})
			}
		}
		v.Sheets = append(v.Sheets, sv)
	}
	if g.Over() {
		r := g.Result()
		v.Result = &r
	}
	return v
}

// scoredSeasons is the number of seasons already scored.
func (g *Game) scoredSeasons() int {
	if g.phase == phaseOver || g.phase == phaseEffects {
		return g.season + 1
	}
	return g.season
}

// shapesFittingNowhere lists the shape options of a draw decision that fit nowhere on sheet i, given
// its demand (a ruins space to cover); none in the fallback, which draws a single space.
func (g *Game) shapesFittingNowhere(i int, d Decision) []int {
	if d.mode == DrawFallback {
		return nil
	}
	var must Bits
	if d.mode == DrawRuins {
		must = d.targets
	}
	var out []int
	for opt := range cardTable[d.card].Options {
		if !cardTable[d.card].Options[opt].table.CanPlace(&g.players[i].sheet, must) {
			out = append(out, opt)
		}
	}
	return out
}
