package cartographers

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"time"

	carto "github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// Level is how hard the bot thinks.
type Level int

const (
	// Fast scores each legal answer by the sheet it leaves (one ply).
	Fast Level = iota
	// Strong also looks one explore card ahead: the best few answers are re-ranked by the expected value
	// of the best draw of each explore card still possible this season.
	Strong
	// Master searches: the strong level's best few draws are played out over sampled orders of the
	// hidden cards, through the next season (search.go).
	Master
)

// Bot is a Cartographers bot. Its zero value is a usable fast bot; it is not safe for concurrent use
// (it keeps scratch buffers), so give each goroutine its own.
type Bot struct {
	Level   Level
	Weights Weights
	// Beam is the number of best one-ply answers the strong level looks ahead from (0: defaultBeam).
	Beam int

	cands []candidate
	// tmp is the sheet being tried. Scoring cards are called through function values, so a sheet on the
	// stack whose address they get would escape: one sheet kept here spares an allocation per try. cur is
	// the copy of the sheet the decision is about, for the same reason.
	tmp, cur carto.Sheet

	// A level for people (levels.go): its name, its softmax temperature (0: always the best answer) and
	// the random source of its choices.
	level       string
	temperature float64
	rng         *rand.Rand
	// vary is the seat's own seed for this decision (Vary; 0: none), by which a bot that always plays its
	// best picks among answers within varyMargin of it.
	vary uint64

	// The master level's search (search.go): its budgets, its seed and its scratch space.
	Search SearchBudget
	seed   uint64
	// clairvoyant reads the true order of the hidden cards instead of sampling it: a bound on what the
	// search could gain, for the sim and the tests only (it reads what a player may not).
	clairvoyant bool
	// beamWidth, when not zero, makes the clairvoyant plan a solo game's whole rest with a beam of that
	// width (beam.go); beam is its plan and scratch space.
	beamWidth    int
	beam         *beamState
	pool, order  []carto.CardID
	deck, unseen []carto.CardID
	// amb holds the unseen ambushes while a sample draws them, the first ambUsed of them drawn.
	amb        []carto.CardID
	ambUsed    int
	pcg        rand.PCG
	start      time.Time
	roll, best carto.Sheet
	// evs, thresholds and scoring are per season, for the playouts that go beyond the current one.
	evs        [4]evaluator
	thresholds [4]int
	scoring    [4][2]func(*carto.Sheet) (int, carto.Bits)
}

// defaultBeam is the strong level's beam: wider beams gained little over 12 in seeded solo games
// (docs/bots.md) and cost time linearly.
const defaultBeam = 12

// New returns a bot of a level with the default weights.
func New(level Level) *Bot {
	return &Bot{Level: level, Weights: DefaultWeights, Beam: defaultBeam}
}

// Name is the bot's name in the registry and the sim.
func (b *Bot) Name() string {
	switch {
	case b.level != "":
		return b.level
	case b.clairvoyant && b.beamWidth > 0:
		return "clairvoyant-beam"
	case b.clairvoyant:
		return "clairvoyant"
	case b.Level == Master:
		return "master"
	case b.Level == Strong:
		return "strong"
	}
	return "fast"
}

// Move is the game.State form of Choose: st must be a *cartographers.State.
func (b *Bot) Move(st game.State, seat game.Seat) (json.RawMessage, error) {
	cs, ok := st.(*carto.State)
	if !ok {
		return nil, fmt.Errorf("cartographers bot: state is %T, not a Cartographers game", st)
	}
	m, err := b.Choose(cs.Game(), int(seat))
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("cartographers bot: encode move: %w", err)
	}
	return raw, nil
}

type candidate struct {
	m     carto.Move
	value float64
	// ahead is the value after the next card (strong and master levels, the beam only), sum the total of
	// the master search's playouts.
	ahead, sum float64
	after      carto.Sheet
}

// Choose picks the seat's move for its pending decision.
func (b *Bot) Choose(g *carto.Game, seat int) (carto.Move, error) {
	if g.Over() {
		return carto.Move{}, fmt.Errorf("cartographers bot: %w", game.ErrGameOver)
	}
	if b.Level == Master && b.Search.Time > 0 {
		b.start = time.Now() // the wall-clock budget counts the whole decision
	}
	d, sheet, ev, pub, err := b.answers(g, seat)
	if err != nil {
		return carto.Move{}, err
	}
	ranked, varies := 0, b.vary != 0 && b.temperature == 0
	if b.beamWidth > 0 && g.Solo() && d.Kind() == carto.DecideDraw {
		b.beamChoose(g, &ev)
		varies = false
	} else if b.Level >= Strong && d.Kind() == carto.DecideDraw && sheet == seat {
		ranked = b.lookAhead(g, &ev, pub)
		if b.Level == Master {
			b.search(g, &ev, pub)
			varies = false
		}
	}
	if b.temperature > 0 {
		b.softmax()
	} else if varies {
		b.character(ranked)
	}
	return b.cands[0].m, nil
}

// answers lists in b.cands every answer to the seat's pending decision, best first by the one-ply value,
// and returns the decision, the sheet it is about and what valued them.
func (b *Bot) answers(g *carto.Game, seat int) (carto.Decision, int, evaluator, deckInfo, error) {
	d, sheet := g.DecisionOf(seat)
	if sheet < 0 {
		return d, sheet, evaluator{}, deckInfo{}, fmt.Errorf("cartographers bot: %w: seat %d has no decision pending", game.ErrNotYourTurn, seat)
	}
	w := b.Weights
	// The zero Bot is a fast bot with the default weights; a level's weights are its own, even all zero.
	if w == (Weights{}) && b.level == "" {
		w = DefaultWeights
	}
	pub := publicDeck(g)
	ev := newEvaluator(g, w, pub.ruinsLeft())
	b.cur = g.Sheet(sheet)
	s := &b.cur
	// A decision about a neighbour's sheet is answered to hurt it most: the owner's value is minimised.
	sign := 1.0
	if sheet != seat {
		sign = -1
	}
	b.cands = b.cands[:0]
	switch d.Kind() {
	case carto.DecideDraw, carto.DecideAmbush:
		b.draws(g, d, sheet, s, &ev, sign)
	case carto.DecideHero:
		b.heroes(g, d, s, &ev)
	case carto.DecideGorgon, carto.DecideTroll:
		d.Targets().EachCell(func(c carto.Cell) {
			t := &b.tmp
			*t = *s
			t.Draw(carto.Single(c), carto.Destroyed)
			b.cands = append(b.cands, candidate{m: carto.Move{Type: d.Kind(), Cells: carto.Single(c)}, value: sign * ev.value(t), after: *t})
		})
	}
	if len(b.cands) == 0 {
		return d, sheet, ev, pub, fmt.Errorf("cartographers bot: seat %d has no legal move for its %s decision", seat, d.Kind())
	}
	// Stable order keeps the first of equal answers, so the choice does not depend on the sort's internals.
	sort.SliceStable(b.cands, func(i, j int) bool { return b.cands[i].value > b.cands[j].value })
	return d, sheet, ev, pub, nil
}

// draws lists every placement of every option and terrain of a draw, or of the monster of an ambush.
func (b *Bot) draws(g *carto.Game, d carto.Decision, sheet int, s *carto.Sheet, ev *evaluator, sign float64) {
	c := d.Card().Card()
	options := len(c.Options)
	terrains := g.Terrains(d)
	if d.Mode() == carto.DrawFallback {
		options = 1
	}
	if d.Kind() == carto.DecideAmbush {
		terrains = monsterOnly
	}
	for opt := 0; opt < options; opt++ {
		coin := d.Kind() == carto.DecideDraw && d.Mode() != carto.DrawFallback && c.Options[opt].Coin
		for p := range g.LegalDrawSet(sheet, d, opt).All() {
			for _, k := range terrains {
				t := &b.tmp
				*t = *s
				t.Draw(p.Cells, k)
				if k == carto.Monster {
					// A monster drawn onto a hero's hit is destroyed at once (rulings 11).
					t.DestroyHitMonsters()
				}
				if coin {
					t.AddCoins(1)
				}
				m := carto.Move{Type: d.Kind(), Cells: p.Cells}
				if d.Kind() == carto.DecideDraw {
					m.Option, m.Terrain, m.Fallback = opt, k, d.Mode() == carto.DrawFallback
				}
				b.cands = append(b.cands, candidate{m: m, value: sign * ev.value(t), after: *t})
			}
		}
	}
}

var monsterOnly = []carto.Kind{carto.Monster}

// heroes lists every space and orientation of a hero.
func (b *Bot) heroes(g *carto.Game, d carto.Decision, s *carto.Sheet, ev *evaluator) {
	rotations, flips := 4, 2
	if g.Options().FixedHeroPattern {
		rotations, flips = 1, 1
	}
	s.EmptySpaces().EachCell(func(c carto.Cell) {
		for f := 0; f < flips; f++ {
			for r := 0; r < rotations; r++ {
				t := &b.tmp
				*t = *s
				t.Draw(carto.Single(c), carto.Hero)
				t.MarkHits(carto.HeroHits(d.Card(), c, r, f == 1))
				m := carto.Move{Type: carto.DecideHero, Cells: carto.Single(c), Rotation: r, Flip: f == 1}
				b.cands = append(b.cands, candidate{m: m, value: ev.value(t), after: *t})
			}
		}
	})
}

// lookAhead re-ranks the best few draws by the expected value after the next card: each hidden card is
// equally likely to come next; an explore card still unrevealed this season is drawn at its best
// placement, the season's ambush (if still hidden) lands where the solo walk puts it or, in multiplayer,
// where it hurts most; a ruins card or a hero leaves the value as it is. When the season ends
// with this card, the next card belongs to a reshuffled deck and the one-ply ranking stands.
func (b *Bot) lookAhead(g *carto.Game, ev *evaluator, pub deckInfo) (ranked int) {
	if g.SeasonTime() >= g.Threshold() || pub.hidden == 0 {
		return 0
	}
	beam := b.Beam
	if beam <= 0 {
		beam = defaultBeam
	}
	beam = min(beam, len(b.cands))
	if beam <= 1 {
		return 0
	}
	for i := 0; i < beam; i++ {
		c := &b.cands[i]
		rest := float64(pub.hidden-len(pub.explore)) - pub.ambushChance
		total := rest * c.value
		for _, id := range pub.explore {
			total += b.bestDraw(&c.after, id, ev, c.value)
		}
		if pub.ambushChance > 0 {
			total += pub.ambushChance * b.ambushValue(&c.after, pub.ambushes, ev, g.Solo())
		}
		c.ahead = total / float64(pub.hidden)
	}
	// Stable, so that the first of equal answers stays first; the master level searches the beam in
	// this order.
	slices.SortStableFunc(b.cands[:beam], func(x, y candidate) int { return cmp.Compare(y.ahead, x.ahead) })
	return beam
}

// bestDraw is the best value a free draw of card id can give sheet s (base if it fits nowhere).
func (b *Bot) bestDraw(s *carto.Sheet, id carto.CardID, ev *evaluator, base float64) float64 {
	c := id.Card()
	best, found := 0.0, false
	for opt := range c.Options {
		for p := range s.PlacementSet(c.Options[opt].Shape, carto.Bits{}).All() {
			for _, k := range c.Terrains {
				t := &b.tmp
				*t = *s
				t.Draw(p.Cells, k)
				if c.Options[opt].Coin {
					t.AddCoins(1)
				}
				if v := ev.value(t); !found || v > best {
					best, found = v, true
				}
			}
		}
	}
	if !found {
		return base
	}
	return best
}

// ambushValue is the sheet's expected value once the hidden ambush, equally likely any of ids, has drawn
// its monster: at the solo walk's spot, or at the spot worst for the sheet when a neighbour chooses.
func (b *Bot) ambushValue(s *carto.Sheet, ids []carto.CardID, ev *evaluator, solo bool) float64 {
	total := 0.0
	for _, id := range ids {
		if solo {
			t := &b.tmp
			*t = *s
			if cells, ok := carto.SoloAmbushPlacement(s, id); ok {
				t.Draw(cells, carto.Monster)
				t.DestroyHitMonsters()
			}
			total += ev.value(t)
			continue
		}
		worst, found := 0.0, false
		try := func(cells carto.Bits) {
			t := &b.tmp
			*t = *s
			t.Draw(cells, carto.Monster)
			t.DestroyHitMonsters()
			if v := ev.value(t); !found || v < worst {
				worst, found = v, true
			}
		}
		if set := s.PlacementSet(id.Card().Options[0].Shape, carto.Bits{}); set.Any() {
			for p := range set.All() {
				try(p.Cells)
			}
		} else {
			// No room for the shape: the neighbour draws a 1x1 monster anywhere.
			s.EmptySpaces().EachCell(func(c carto.Cell) { try(carto.Single(c)) })
		}
		if !found {
			worst = ev.value(s)
		}
		total += worst
	}
	return total / float64(len(ids))
}

// varyMargin is how close to the best answer's value another must be for a varied bot to pick it: a
// hundredth of a star, far below what a bot can tell apart, yet enough to split the many placements of a
// shape that its evaluation values alike.
const varyMargin = 0.01

// Vary gives the bot a seat's seed for its next decision (game.Varied): two bots of one level at a table
// see the same cards and, without it, draw the same maps. A level that draws its choices reseeds them.
func (b *Bot) Vary(seed uint64) {
	b.vary = seed | 1
	if b.rng != nil {
		b.Reseed(seed)
	}
}

// character moves to the front one of the answers within varyMargin of the best, picked by the seed: by
// their value after the look-ahead among the ranked first ones if there was one, else by their own.
func (b *Bot) character(ranked int) {
	key, n := func(c *candidate) float64 { return c.value }, len(b.cands)
	if ranked > 0 {
		key, n = func(c *candidate) float64 { return c.ahead }, ranked
	}
	near := 1
	for near < n && key(&b.cands[near]) >= key(&b.cands[0])-varyMargin {
		near++
	}
	if k := int(b.vary % uint64(near)); k > 0 {
		b.cands[0], b.cands[k] = b.cands[k], b.cands[0]
	}
}
