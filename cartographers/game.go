package cartographers

import (
	"fmt"
	"iter"
	"slices"

	"github.com/surveyor-game/surveyor/game"
)

// Game is one game of Cartographers: its configuration, its seed and everything the moves played so far
// have done. It is a value: New with the same options and seed, then the same moves, gives the same state.
// The typed API (Play, DecisionOf, LegalMoves, AutoMove, RandomMove) is what bots, benchmarks and `play --auto` use; State wraps it
// in the JSON contract of package game.
//
// Its state is unexported: it is read through methods (Season, Turn, Current, Revealed, Specials, Edicts,
// Sheet, Score...) and changed only by the moves (Play).
type Game struct {
	cfg   *config
	seed  uint64
	rng   game.RNG
	phase phase
	// edicts are the indices in ScoringCards of the scoring cards under edicts A-D.
	edicts [4]int
	// season is 0 (spring) .. 3 (winter).
	season int
	// turn counts the turns played, over the whole game.
	turn int
	// current is the card being resolved (explore, rift, ambush or hero).
	current CardID
	// revealed are the explore and ruins cards revealed this season, in order; their times add up.
	revealed []CardID
	// Monsters and heroes revealed so far, in order (at most one ambush and one hero join the deck per
	// season). They are public, and the client names them when their spaces appear, which a solo ambush
	// does between two explore cards. A fixed array keeps Clone free of allocation.
	specials    [8]SpecialCard
	numSpecials int
	// ruinsPending is set by a ruins card until the next explore card is resolved (rulings 8).
	ruinsPending bool
	// players are the sheets and scores, in seat order.
	players []player
	// deck is the explore deck, top card last; ambushDeck and heroDeck likewise.
	deck, ambushDeck, heroDeck []CardID
	// effects are the revealed ambushes with an effect after each season's scoring, in reveal order.
	effects    []CardID
	effectStep int
	// waiting counts the decisions pending.
	waiting int
	// narr tells the game as it goes (nil: not told; clones are never told).
	narr *narrator
}

// Edicts are the indices in ScoringCards of the scoring cards under edicts A-D.
func (g *Game) Edicts() [4]int { return g.edicts }

// Season is 0 (spring) .. 3 (winter).
func (g *Game) Season() int { return g.season }

// Turn counts the turns played, over the whole game.
func (g *Game) Turn() int { return g.turn }

// Current is the card being resolved (explore, rift, ambush or hero).
func (g *Game) Current() CardID { return g.current }

// RuinsPending reports whether a ruins card makes the next explore card demand a ruins space (rulings 8).
func (g *Game) RuinsPending() bool { return g.ruinsPending }

// Revealed yields the explore and ruins cards revealed this season, in order; their times add up
// (SeasonTime). It does not allocate.
func (g *Game) Revealed() iter.Seq[CardID] {
	return func(yield func(CardID) bool) {
		for _, id := range g.revealed {
			if !yield(id) {
				return
			}
		}
	}
}

// NumRevealed is the number of cards Revealed yields.
func (g *Game) NumRevealed() int { return len(g.revealed) }

// Specials yields the ambush and hero cards revealed so far, oldest first, with when each was revealed.
// They are public. It does not allocate.
func (g *Game) Specials() iter.Seq[SpecialCard] {
	return func(yield func(SpecialCard) bool) {
		for _, sp := range g.specials[:g.numSpecials] {
			if !yield(sp) {
				return
			}
		}
	}
}

// Players is the number of seats.
func (g *Game) Players() int { return len(g.players) }

// Sheet returns a copy of a seat's sheet (the zero Sheet for a seat not in the game): drawing on the
// copy leaves the game as it is.
func (g *Game) Sheet(seat int) Sheet {
	if seat < 0 || seat >= len(g.players) {
		return Sheet{}
	}
	return g.players[seat].sheet
}

// Score is a seat's score so far, the sum of its season totals (0 for a seat not in the game).
func (g *Game) Score(seat int) int {
	if seat < 0 || seat >= len(g.players) {
		return 0
	}
	return g.players[seat].score
}

// MonsterLoss is the number of stars a seat has lost to monsters so far (0 for a seat not in the game).
func (g *Game) MonsterLoss(seat int) int {
	if seat < 0 || seat >= len(g.players) {
		return 0
	}
	return g.players[seat].monsterLoss
}

// SeasonScores are a seat's season scores so far, spring first (zero for the seasons not scored yet).
func (g *Game) SeasonScores(seat int) [4]SeasonScore {
	if seat < 0 || seat >= len(g.players) {
		return [4]SeasonScore{}
	}
	return g.players[seat].seasons
}

// Pending is the decision still to be made about a sheet (by its Actor, who is the owner or, during a
// multiplayer ambush, a neighbour); its Kind is NoDecision if none.
func (g *Game) Pending(sheet int) Decision {
	if sheet < 0 || sheet >= len(g.players) {
		return Decision{}
	}
	return g.players[sheet].pending
}

type phase uint8

const (
	phaseReveal  phase = iota // reveal the next card
	phaseTurn                 // players resolve the revealed card
	phaseCheck                // the turn is closed: does the season end?
	phaseEffects              // season scored: ongoing effects, then the next season
	phaseOver
)

// player is one seat's sheet, its pending decision and its scores.
type player struct {
	sheet Sheet
	// pending is the decision about this sheet still to be made (by pending.Actor), if any.
	pending Decision
	// seasons are the season scores so far.
	seasons [4]SeasonScore
	// score is the sum of the season totals so far; monsterLoss the stars lost to monsters so far.
	score, monsterLoss int
	// monsters are the spaces drawn for each ambush card on this sheet (index: card - first ambush).
	monsters [firstHero - firstBaseAmbush]Bits
	// dragonPaid is set once the Dragon Inferno has paid its 3 coins.
	dragonPaid bool
	// moved is set when this seat has played a move in the step still open (for undo).
	moved bool
}

// SeasonScore is one season's line of the score box.
type SeasonScore struct {
	Edicts   [2]int `json:"edicts"`
	Coins    int    `json:"coins"`
	Monsters int    `json:"monsters"`
	Total    int    `json:"total"`
}

// DecisionKind is what a pending decision asks for.
type DecisionKind uint8

const (
	NoDecision DecisionKind = iota
	// DecideDraw: draw the revealed explore or rift card (or the 1x1 fallback).
	DecideDraw
	// DecideHero: draw the hero's space and orient its attack pattern.
	DecideHero
	// DecideAmbush: draw the monster on this sheet (multiplayer: the neighbour decides).
	DecideAmbush
	// DecideGorgon: choose the space the Gorgon destroys.
	DecideGorgon
	// DecideTroll: choose the empty space the Giant Troll destroys.
	DecideTroll
)

var decisionNames = [...]string{"none", "draw", "hero", "ambush", "gorgon", "troll"}

func (k DecisionKind) String() string {
	if int(k) < len(decisionNames) {
		return decisionNames[k]
	}
	return fmt.Sprintf("decision#%d", uint8(k))
}

// DrawMode says how a draw or ambush decision may be met.
type DrawMode uint8

const (
	// DrawFree: any offered shape anywhere legal.
	DrawFree DrawMode = iota
	// DrawRuins: an offered shape covering one of Decision.Targets (the unfilled ruins).
	DrawRuins
	// DrawFallback: no offered shape fits (or the ruins demand cannot be met): a 1x1 anywhere.
	DrawFallback
)

var modeNames = [...]string{"free", "ruins", "fallback"}

func (m DrawMode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("mode#%d", uint8(m))
}

// Decision is one decision pending about a sheet, as the engine made it: DecisionOf and Pending return it,
// and Terrains and LegalDraws take it back. Its fields are read through methods.
type Decision struct {
	kind DecisionKind
	// actor is the seat that decides (the owner, or the neighbour placing a monster).
	actor int
	mode  DrawMode
	card  CardID
	// targets are the spaces that must be covered (ruins demand) or chosen from (Gorgon, Troll).
	targets Bits
	// ruinsDemand is set on a draw made while a ruins demand is pending (rulings 8): a fallback then
	// offers the terrains of the ruins fallback.
	ruinsDemand bool
}

// Kind is what the decision asks for (NoDecision for none).
func (d Decision) Kind() DecisionKind { return d.kind }

// Actor is the seat that decides (the owner, or the neighbour placing a monster).
func (d Decision) Actor() int { return d.actor }

// Mode says how a draw or ambush decision may be met.
func (d Decision) Mode() DrawMode { return d.mode }

// Card is the card the decision is about (the revealed explore, rift, ambush or hero card).
func (d Decision) Card() CardID { return d.card }

// Targets are the spaces that must be covered (ruins demand) or chosen from (Gorgon, Troll).
func (d Decision) Targets() Bits { return d.targets }

// RuinsDemand reports whether the draw is made while a ruins demand is pending (rulings 8): a fallback
// then offers the terrains of the ruins fallback.
func (d Decision) RuinsDemand() bool { return d.ruinsDemand }

// NewGame sets a game up from options, a seat count (1 = solo rules) and a seed.
func NewGame(o Options, seats int, seed uint64) (*Game, error) { return newGame(o, seats, seed, false) }

func newGame(o Options, seats int, seed uint64, told bool) (*Game, error) {
	cfg, err := o.resolve()
	if err != nil {
		return nil, err
	}
	if seats < 1 || seats > MaxSeats {
		return nil, fmt.Errorf("%w: cartographers: %d seats, want 1 to %d", game.ErrBadOptions, seats, MaxSeats)
	}
	side, err := MapSide(cfg.side)
	if err != nil {
		return nil, fmt.Errorf("%w: cartographers: %v", game.ErrBadOptions, err)
	}
	g := &Game{cfg: cfg, seed: seed, rng: *game.NewRNG(seed, 0)}
	g.players = make([]player, seats)
	for i := range g.players {
		g.players[i].sheet = side
	}
	if told {
		g.narr = &narrator{coins: make([]int, seats)}
	}
	g.setup()
	g.tellSetup()
	g.advance()
	g.tellCoins()
	return g, nil
}

// MaxSeats is the largest number of players in one game (rulings 14).
const MaxSeats = 100

// setup draws the scoring cards and builds the decks for spring.
func (g *Game) setup() {
	if g.cfg.edicts != nil {
		copy(g.edicts[:], g.cfg.edicts)
	} else {
		for i, pool := range g.cfg.pools {
			g.edicts[i] = pool[g.rng.IntN(len(pool))]
		}
		g.rng.Shuffle(4, func(i, j int) { g.edicts[i], g.edicts[j] = g.edicts[j], g.edicts[i] })
	}
	g.ambushDeck = append([]CardID(nil), g.cfg.ambushes...)
	g.shuffle(g.ambushDeck)
	if g.cfg.heroes {
		g.heroDeck = cardRange(firstHero, numCards)
		g.shuffle(g.heroDeck)
	}
	g.deck = append(make([]CardID, 0, len(g.cfg.explore)+8), g.cfg.explore...)
	g.addSeasonCards()
}

func (g *Game) shuffle(d []CardID) {
	g.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// addSeasonCards shuffles the next ambush (and hero) into the explore deck.
func (g *Game) addSeasonCards() {
	if n := len(g.ambushDeck); n > 0 {
		g.deck = append(g.deck, g.ambushDeck[n-1])
		g.ambushDeck = g.ambushDeck[:n-1]
	}
	if n := len(g.heroDeck); n > 0 {
		g.deck = append(g.deck, g.heroDeck[n-1])
		g.heroDeck = g.heroDeck[:n-1]
	}
	g.shuffle(g.deck)
}

// ExploreCards lists the explore, ruins and rift cards the game plays with, in card order. The content
// is public (the options say it); only the order of the deck is hidden.
func (g *Game) ExploreCards() []CardID { return slices.Clone(g.cfg.explore) }

// AmbushCards lists the ambush cards the game's ambush deck is made of, in card order.
func (g *Game) AmbushCards() []CardID { return slices.Clone(g.cfg.ambushes) }

// HeroesInPlay reports whether a hero card joins the explore deck each season.
func (g *Game) HeroesInPlay() bool { return g.cfg.heroes }

// Solo reports whether the solo rules apply.
func (g *Game) Solo() bool { return len(g.players) == 1 }

// Over reports whether winter has been scored.
func (g *Game) Over() bool { return g.phase == phaseOver }

// SeasonTime is the sum of the time values revealed this season.
func (g *Game) SeasonTime() int {
	t := 0
	for _, id := range g.revealed {
		t += cardTable[id].Time
	}
	return t
}

// Threshold is the current season's time threshold.
func (g *Game) Threshold() int { return g.cfg.thresholds[g.season] }

// DeckCounts are the sizes of the hidden decks (what a player may know).
func (g *Game) DeckCounts() (explore, ambush, heroes int) {
	return len(g.deck), len(g.ambushDeck), len(g.heroDeck)
}

// Options returns the options the game was created with, with the preset resolved.
func (g *Game) Options() Options { return g.cfg.opts }

// Seed is the game's seed.
func (g *Game) Seed() uint64 { return g.seed }

// DecisionOf returns the decision a seat must make now and the sheet it is about (-1 if none).
func (g *Game) DecisionOf(seat int) (Decision, int) {
	if seat < 0 || seat >= len(g.players) {
		return Decision{}, -1
	}
	// The owner's own sheet is the usual case; during a multiplayer ambush the seat acts on a neighbour's.
	if d := g.players[seat].pending; d.kind != NoDecision && d.actor == seat {
		return d, seat
	}
	for i := range g.players {
		if d := g.players[i].pending; d.kind != NoDecision && d.actor == seat {
			return d, i
		}
	}
	return Decision{}, -1
}

// ToActSeats lists the seats with a decision pending, in seat order.
func (g *Game) ToActSeats() []int {
	if g.waiting == 0 {
		return nil
	}
	acts := make([]bool, len(g.players))
	for i := range g.players {
		if d := g.players[i].pending; d.kind != NoDecision {
			acts[d.actor] = true
		}
	}
	var out []int
	for s, a := range acts {
		if a {
			out = append(out, s)
		}
	}
	return out
}

// setPending records a decision about sheet i.
func (g *Game) setPending(i int, d Decision) {
	g.players[i].pending = d
	g.waiting++
}

// clearPending removes sheet i's decision once the move answering it has been validated. A move may set
// a new decision about the sheet (the Gorgon's target after its monster), so clearing comes first.
func (g *Game) clearPending(i int) {
	g.players[i].pending = Decision{}
	g.waiting--
}

// stepDone records seat actor's move and moves the game on once the step closes (no decision left).
func (g *Game) stepDone(actor int) {
	g.players[actor].moved = true
	if g.waiting == 0 {
		for j := range g.players {
			g.players[j].moved = false
		}
		g.advance()
	}
}

// Undoable reports whether the seat's last move belongs to a step still open.
func (g *Game) Undoable(seat int) bool {
	return seat >= 0 && seat < len(g.players) && g.players[seat].moved
}

// advance runs the game until a decision is needed or the game is over.
func (g *Game) advance() {
	for g.waiting == 0 {
		switch g.phase {
		case phaseReveal:
			g.reveal()
		case phaseTurn:
			g.turn++
			g.phase = phaseCheck
		case phaseCheck:
			if g.SeasonTime() >= g.Threshold() || len(g.deck) == 0 {
				g.scoreSeason()
				g.tellSeason()
				g.phase = phaseEffects
				g.effectStep = 0
			} else {
				g.phase = phaseReveal
			}
		case phaseEffects:
			// After winter the effects can no longer change a score, so the game ends at once.
			if g.season == 3 {
				g.phase = phaseOver
				g.tellEnd()
				return
			}
			if g.effectStep < len(g.effects) {
				id := g.effects[g.effectStep]
				g.effectStep++
				g.seasonEffect(id)
				continue
			}
			g.nextSeason()
		case phaseOver:
			return
		}
	}
}

// reveal turns over cards until one needs resolving: ruins chain on (rulings 8).
func (g *Game) reveal() {
	for {
		n := len(g.deck)
		if n == 0 {
			// Cannot happen with the printed decks (16 time per deck), but a season must still end.
			g.phase = phaseCheck
			return
		}
		id := g.deck[n-1]
		g.deck = g.deck[:n-1]
		g.current = id
		g.phase = phaseTurn
		g.tellCard(id)
		switch cardTable[id].Type {
		case RuinsCard:
			g.revealed = append(g.revealed, id)
			g.ruinsPending = true
			continue
		case ExploreCard, RiftCard:
			g.revealed = append(g.revealed, id)
			g.startDraw(id)
			g.ruinsPending = false
		case AmbushCard:
			g.noteSpecial(id)
			g.startAmbush(id)
		case HeroCard:
			g.noteSpecial(id)
			g.startHero(id)
		}
		return
	}
}

// SpecialCard records when an ambush or hero card was revealed.
type SpecialCard struct {
	Card   CardID
	Season int
	Turn   int
}

func (g *Game) noteSpecial(id CardID) {
	if g.numSpecials < len(g.specials) {
		g.specials[g.numSpecials] = SpecialCard{Card: id, Season: g.season, Turn: g.turn}
		g.numSpecials++
	}
}

// nextSeason reshuffles every explore card with the next ambush (and hero) and turns the season card.
func (g *Game) nextSeason() {
	g.season++
	g.deck = append(g.deck, g.revealed...)
	g.revealed = g.revealed[:0]
	g.ruinsPending = false
	g.addSeasonCards()
	g.phase = phaseReveal
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.narr = nil
	c.revealed = cloneSlice(g.revealed)
	c.players = cloneSlice(g.players)
	c.deck = cloneSlice(g.deck)
	c.ambushDeck = cloneSlice(g.ambushDeck)
	c.heroDeck = cloneSlice(g.heroDeck)
	c.effects = cloneSlice(g.effects)
	return &c
}

// cloneSlice copies a slice, keeping a nil slice nil so that a clone compares equal to its original.
func cloneSlice[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// Play validates and plays one move of a seat. On error nothing changes.
func (g *Game) Play(seat int, m Move) error {
	if g.narr == nil {
		return g.play(seat, m)
	}
	// The move's consequences (the next card, a season's end) are told as happening after it.
	g.narr.moves++
	if err := g.play(seat, m); err != nil {
		g.narr.moves--
		return err
	}
	g.tellCoins()
	return nil
}

func (g *Game) play(seat int, m Move) error {
	if g.phase == phaseOver {
		return game.ErrGameOver
	}
	if seat < 0 || seat >= len(g.players) {
		return fmt.Errorf("%w: no seat %d in a %d-player game", game.ErrNotYourTurn, seat, len(g.players))
	}
	if m.Cells.AndNot(allCells).Any() {
		// Bits past cell 120 name no space; ParseMove cannot produce them, the typed API can.
		return fmt.Errorf("%w: a cell is off the map (rows and columns are 0 to 10)", game.ErrBadMove)
	}
	d, i := g.DecisionOf(seat)
	if i < 0 {
		return fmt.Errorf("%w: seat %d has no decision pending", game.ErrNotYourTurn, seat)
	}
	if m.Type != d.kind {
		return fmt.Errorf("%w: seat %d must make a %s move, not %s", game.ErrIllegalMove, seat, d.kind, m.Type)
	}
	switch d.kind {
	case DecideDraw:
		return g.playDraw(i, d, m)
	case DecideHero:
		return g.playHero(i, d, m)
	case DecideAmbush:
		return g.playAmbush(i, d, m)
	case DecideGorgon, DecideTroll:
		return g.playDestroy(i, d, m)
	}
	return fmt.Errorf("%w: unknown decision", game.ErrIllegalMove)
}

// illegal builds an ErrIllegalMove error.
func illegal(format string, a ...any) error {
	return fmt.Errorf("%w: %s", game.ErrIllegalMove, fmt.Sprintf(format, a...))
}
