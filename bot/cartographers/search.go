package cartographers

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"time"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// The master level is a determinized Monte Carlo search over the cards still hidden. The strong level's
// look-ahead ranks the draws; the best few are each played out over sampled orders of the hidden cards, to
// the end of the season and through the next, the fast level drawing every card that comes, and valued
// then by the stars scored on the way plus the evaluation. The samples are orders of what a player knows
// may come (hiddenPool), drawn from the bot's own generator, so the search never reads the real deck. The
// same samples serve every candidate, so that their difference is not noise of the sampling. The playout
// policy sees one card at a time like a player, so a sample does not let the search plan for cards it
// cannot know; only the choice at the root is made knowing the sample's order.

// SearchBudget bounds the master level's search of one decision.
type SearchBudget struct {
	// Samples is the number of sampled orders (0: DefaultSamples). It makes the choice repeatable:
	// the sims and the tests use it alone.
	Samples int
	// Time, when not zero, also stops the search once the next sample would not end within it (at least
	// one sample is played). The server's bot uses it; the choice then depends on the machine's speed.
	Time time.Duration
	// Width is the number of the strong level's best draws searched (0: DefaultWidth).
	Width int
	// Seasons is how many seasons after the current one the playouts go on (0: DefaultSeasons; negative:
	// none; at most to the game's end), each from a freshly shuffled deck; at the end the evaluation
	// values what is left to score.
	Seasons int
	// PruneFirst is the number of samples after which the candidates are first halved (0: pruneFirst).
	PruneFirst int
}

// The master level's budget in the sims and the tests. On 40 seeded solo games (seed 8000, not the
// measurement's) strong scored 114.3; the search 114-116 with 6-8 draws and 16-32 samples, 119.6-122.2 with
// 12-24 draws and 32-128 samples (within noise of each other), with playouts through the next season as
// good as to the game's end for half the time (docs/bots.md).
const (
	DefaultSamples = 64
	DefaultWidth   = 16
	DefaultSeasons = 1
	// ServerTime keeps a decision of the server's master bot, look-ahead included, under about a second
	// on one core: the search stops before a sample that would end after it.
	ServerTime = 850 * time.Millisecond
)

// ambushSlot stands in a sampled order for a hidden ambush, drawn from the ambushes not yet seen when the
// order is sampled.
const ambushSlot carto.CardID = 255

// seasonBreak ends a season in a playout's order of cards; noCard takes the place of an ambush when
// none is left to draw.
const (
	seasonBreak carto.CardID = 254
	noCard      carto.CardID = 253
)

// NewMaster returns a master bot, with MasterWeights, whose samples are drawn from seed: the same seed
// and the same public state give the same move.
func NewMaster(seed uint64, budget SearchBudget) *Bot {
	b := New(Master)
	b.seed, b.Search, b.Weights = seed, budget, MasterWeights
	return b
}

// NewClairvoyant returns the master search given the true order of the hidden cards: one playout per
// draw, on the cards that will really come. It reads hidden information, so it is a yardstick for the
// sims and the tests, never a bot to seat.
func NewClairvoyant(budget SearchBudget) *Bot {
	b := NewMaster(0, budget)
	b.clairvoyant = true
	return b
}

// search re-ranks the front of b.cands (ordered by the look-ahead) by their playouts' mean value. It
// returns the number of samples played (0: no search, the one-ply values stand) and how many candidates
// were searched.
func (b *Bot) search(g *carto.Game, ev *evaluator, pub deckInfo) (played, searched int) {
	thr, now := g.Threshold(), g.SeasonTime()
	later := b.Search.Seasons
	if later == 0 {
		later = DefaultSeasons
	}
	last := min(3, g.Season()+max(0, later))
	if (now >= thr || pub.hidden == 0) && last == g.Season() {
		return 0, 0 // the season ends with this card: the one-ply value is this season's exact outcome
	}
	width := b.Search.Width
	if width <= 0 {
		width = DefaultWidth
	}
	width = min(width, len(b.cands))
	if width <= 1 {
		return 0, 0
	}
	samples := b.Search.Samples
	if samples <= 0 {
		samples = DefaultSamples
	}
	if b.clairvoyant {
		b.order = trueOrder(g, last, b.order[:0])
		samples = 1
	} else {
		b.pool = b.hiddenPool(g, pub, b.pool[:0])
	}
	b.prepareSeasons(g, ev, last)
	for i := range width {
		b.cands[i].sum = 0
	}
	b.pcg.Seed(b.seed, publicHash(g, &b.cur))
	if b.rng == nil {
		b.rng = rand.New(&b.pcg)
	}
	solo := g.Solo()
	alive := width
	first := b.Search.PruneFirst
	if first <= 0 {
		first = pruneFirst
	}
	for n := 1; n <= samples; n++ {
		played = n
		if !b.clairvoyant {
			b.amb, b.ambUsed = append(b.amb[:0], b.unseen...), 0
			b.order = b.shuffled(b.order[:0], b.pool)
			for season := g.Season() + 1; season <= last; season++ {
				b.order = append(b.order, seasonBreak)
				b.order = b.shuffled(b.order, b.deck)
			}
		}
		for i := range alive {
			b.roll = b.cands[i].after
			b.cands[i].sum += b.playout(&b.roll, b.order, g.Season(), now, thr, solo)
		}
		// Successive halving: at 16, 32... samples the worse half is dropped, so that the samples go
		// to the draws still in contention. All have had the same samples, so their sums compare.
		if n >= first && n&(n-1) == 0 && alive > 2 {
			b.sortBySum(alive)
			alive = max(2, alive/2)
		}
		if b.Search.Time > 0 {
			// Stop when one more sample, as long as those so far on average, would overrun the budget.
			if el := time.Since(b.start); el+el/time.Duration(n) > b.Search.Time {
				break
			}
		}
	}
	b.sortBySum(alive)
	return played, width
}

// pruneFirst is the number of samples after which the search first halves its candidates. At 16 rather
// than 8, fewer good draws are dropped on the noise of their first samples: +1.11 ± 0.47 stars a game on
// 200 paired solo games of seed 8000, for about 1.5 times the time (docs/bots.md).
const pruneFirst = 16

// sortBySum orders the first n candidates by their playouts' sum, best first; stable, so that of equal
// sums the one the look-ahead preferred stays ahead.
func (b *Bot) sortBySum(n int) {
	slices.SortStableFunc(b.cands[:n], func(x, y candidate) int { return cmp.Compare(y.sum, x.sum) })
}

// hiddenPool lists the cards that may still come this season, as far as a player knows: every explore,
// rift and ruins card not yet revealed, and an ambushSlot for each ambush still in the deck. An ambush
// not revealed by the end of its season stays in the deck for the next, so there may be more than one;
// a hero still hidden is left out, as the playouts give it no value. It also lists in b.unseen the
// ambushes not yet revealed in the game, which the slots are drawn from.
func (b *Bot) hiddenPool(g *carto.Game, pub deckInfo, out []carto.CardID) []carto.CardID {
	out = append(out, pub.explore...)
	out = append(out, pub.ruinsIDs...)
	b.unseen = b.unseen[:0]
	ambushes := g.AmbushCards()
	revealed := 0
	for _, id := range ambushes {
		seen := false
		for sp := range g.Specials() {
			seen = seen || sp.Card == id
		}
		if seen {
			revealed++
		} else {
			b.unseen = append(b.unseen, id)
		}
	}
	// One ambush joined the deck each season so far, while the ambush deck lasted.
	hidden := min(g.Season()+1, len(ambushes)) - revealed
	for range min(hidden, len(b.unseen)) {
		out = append(out, ambushSlot)
	}
	return out
}

// publicHash mixes what the decision's public state shows into a stream number for the samples, so that
// the choice is a function of the seed and the position only, whatever the bot played before.
func publicHash(g *carto.Game, s *carto.Sheet) uint64 {
	f := s.Filled()
	h := uint64(g.Season())<<56 ^ uint64(g.NumRevealed())<<48 ^ uint64(s.Coins())<<40 ^ uint64(g.Current())<<32
	for _, w := range [...]uint64{f.Lo, f.Hi, s.Layer(carto.Forest).Lo, s.Layer(carto.Village).Lo, s.Layer(carto.Water).Hi} {
		h ^= w
		h *= 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	return h
}

// shuffled appends the cards of pool to out in a random order, each ambushSlot replaced by an ambush
// drawn from b.amb, without replacement: the ambushes a sample has used are moved to the front of b.amb
// and b.ambUsed counts them.
func (b *Bot) shuffled(out, pool []carto.CardID) []carto.CardID {
	n := len(out)
	out = append(out, pool...)
	tail := out[n:]
	b.rng.Shuffle(len(tail), func(i, j int) { tail[i], tail[j] = tail[j], tail[i] })
	for i, id := range tail {
		if id != ambushSlot {
			continue
		}
		if b.ambUsed >= len(b.amb) {
			tail[i] = noCard // no ambush left: a card the playout passes over
			continue
		}
		j := b.ambUsed + b.rng.IntN(len(b.amb)-b.ambUsed)
		b.amb[b.ambUsed], b.amb[j] = b.amb[j], b.amb[b.ambUsed]
		tail[i] = b.amb[b.ambUsed]
		b.ambUsed++
	}
	return out
}

// prepareSeasons sets up what the playouts need beyond the current season, up to season last: the
// evaluators and thresholds of the later seasons, the scoring of each season that ends, and (for the
// samples) the deck each later season is shuffled from.
func (b *Bot) prepareSeasons(g *carto.Game, ev *evaluator, last int) {
	season := g.Season()
	b.evs[season] = *ev
	b.thresholds[season] = g.Threshold()
	heroes := g.Options().Seasons == "heroes"
	w := b.Weights
	if w == (Weights{}) {
		w = DefaultWeights
	}
	cards := carto.ScoringCards()
	edicts := g.Edicts()
	for i, sc := range carto.Seasons() {
		b.scoring[i] = [2]func(*carto.Sheet) (int, carto.Bits){cards[edicts[sc.Edicts[0]]].Score, cards[edicts[sc.Edicts[1]]].Score}
		if i > season && i <= last {
			b.evs[i] = seasonEvaluator(i, edicts, w, true)
			b.thresholds[i] = sc.BaseThreshold
			if heroes {
				b.thresholds[i] = sc.HeroesThreshold
			}
		}
	}
	if last == season || b.clairvoyant {
		return
	}
	// A later season's deck is every explore card and the next ambush, which may be any not yet seen
	// (b.unseen, from hiddenPool). An ambush left in the deck at a season's end is not carried over.
	b.deck = append(b.deck[:0], g.ExploreCards()...)
	if len(b.unseen) > 0 {
		b.deck = append(b.deck, ambushSlot)
	}
}

// seasonScore is what sheet s scores at the end of a season: its two edicts, the coins, less the monster
// penalty.
func (b *Bot) seasonScore(s *carto.Sheet, season int) float64 {
	a, _ := b.scoring[season][0](s)
	c, _ := b.scoring[season][1](s)
	pen, _ := carto.MonsterPenalty(s)
	return float64(a + c + s.Coins() - pen)
}

// playout plays the cards of order on sheet s from the season's time t: the current season's until it
// ends, then, after each seasonBreak, the next season's. Each draw is the fast level's (one ply, by the
// season's evaluation). It returns the stars the seasons played out scored plus the evaluation of what
// is left to score.
func (b *Bot) playout(s *carto.Sheet, order []carto.CardID, season, t, thr int, solo bool) float64 {
	total := 0.0
	last := b.walkOrder(order, season, t, thr,
		func(season int) { total += b.seasonScore(s, season) },
		func(id carto.CardID, c carto.Card, season int, ruins bool) {
			if c.Type == carto.AmbushCard {
				b.ambushOn(s, id, &b.evs[season], solo)
			} else {
				b.drawBest(s, &c, ruins, &b.evs[season])
			}
		})
	return total + b.evs[last].value(s)
}

// walkOrder goes through the cards of order as the seasons' track does, from the season's time t: a
// card after the season's threshold is passed over, a seasonBreak ends the season (seasonEnd is called
// with it) and starts the next at time 0. Each explore, rift and ambush card that comes is given to card
// with the season and whether a ruins card came before it (the ruins demand, which an ambush does not
// meet). It returns the season the order ends in.
func (b *Bot) walkOrder(order []carto.CardID, season, t, thr int, seasonEnd func(season int),
	card func(id carto.CardID, c carto.Card, season int, ruins bool)) int {
	ruins := false
	for _, id := range order {
		if id == seasonBreak {
			seasonEnd(season)
			season++
			t, thr, ruins = 0, b.thresholds[season], false
			continue
		}
		if t >= thr || id == noCard {
			continue
		}
		c := id.Card()
		switch c.Type {
		case carto.RuinsCard:
			ruins = true
		case carto.ExploreCard, carto.RiftCard:
			t += c.Time
			card(id, c, season, ruins)
			ruins = false
		case carto.AmbushCard:
			card(id, c, season, ruins)
		}
	}
	return season
}

// fallbackTerrains are the 1x1's terrains in a playout when no shape fits (the options may allow fewer or
// more; a playout only needs the likely value).
var fallbackTerrains = []carto.Kind{carto.Forest, carto.Village, carto.Farm, carto.Water}

// drawBest draws card c on s where the evaluation is highest: covering an unfilled ruins space after a
// ruins card, when some shape can; else the 1x1 anywhere.
func (b *Bot) drawBest(s *carto.Sheet, c *carto.Card, ruins bool, ev *evaluator) {
	var must carto.Bits
	if ruins {
		must = s.Ruins().And(s.EmptySpaces())
	}
	found, bestVal := false, 0.0
	for opt := range c.Options {
		for p := range s.PlacementSet(c.Options[opt].Shape, must).All() {
			for _, k := range c.Terrains {
				t := &b.tmp
				*t = *s
				t.Draw(p.Cells, k)
				if c.Options[opt].Coin {
					t.AddCoins(1)
				}
				if v := ev.value(t); !found || v > bestVal {
					found, bestVal = true, v
					b.best = *t
				}
			}
		}
	}
	if !found {
		s.EmptySpaces().EachCell(func(cell carto.Cell) {
			for _, k := range fallbackTerrains {
				t := &b.tmp
				*t = *s
				t.Draw(carto.Single(cell), k)
				if v := ev.value(t); !found || v > bestVal {
					found, bestVal = true, v
					b.best = *t
				}
			}
		})
	}
	if found {
		*s = b.best
	}
}

// ambushOn draws ambush id's monster on s: where the solo walk puts it, or in multiplayer where it
// leaves the sheet's value lowest (a neighbour draws it), a 1x1 anywhere if the shape fits nowhere.
func (b *Bot) ambushOn(s *carto.Sheet, id carto.CardID, ev *evaluator, solo bool) {
	if solo {
		if cells, ok := carto.SoloAmbushPlacement(s, id); ok {
			s.Draw(cells, carto.Monster)
			s.DestroyHitMonsters()
		}
		return
	}
	found, worst := false, 0.0
	try := func(cells carto.Bits) {
		t := &b.tmp
		*t = *s
		t.Draw(cells, carto.Monster)
		t.DestroyHitMonsters()
		if v := ev.value(t); !found || v < worst {
			found, worst = true, v
			b.best = *t
		}
	}
	if set := s.PlacementSet(id.Card().Options[0].Shape, carto.Bits{}); set.Any() {
		for p := range set.All() {
			try(p.Cells)
		}
	} else {
		s.EmptySpaces().EachCell(func(c carto.Cell) { try(carto.Single(c)) })
	}
	if found {
		*s = b.best
	}
}

// trueOrder is the order in which the hidden cards will really come until the end of season last (each
// season closed by a seasonBreak but the last), found by playing a copy of the game on: only the
// clairvoyant yardstick may call it.
func trueOrder(g *carto.Game, last int, out []carto.CardID) []carto.CardID {
	c := g.Clone()
	season := c.Season()
	seenRev, seenSp := c.NumRevealed(), countSpecials(c)
	for steps := 0; !c.Over() && steps < 10000; steps++ {
		for _, s := range c.ToActSeats() {
			m, err := c.AutoMove(s)
			if err != nil {
				return out
			}
			if err := c.Play(s, m); err != nil {
				return out
			}
		}
		if c.Season() != season {
			if c.Season() > last {
				break
			}
			season = c.Season()
			out = append(out, seasonBreak)
			seenRev = 0
		}
		// An ambush revealed in this step came before the explore card revealed with it: in solo the
		// ambush is drawn at once and the next card turned over in the same step; in multiplayer a step
		// ends at the ambush, so it is alone in its step. (A ruins card may come before or after the
		// ambush: the ruins demand holds over an ambush, so the draw is the same either way.)
		j := 0
		for sp := range c.Specials() {
			if j >= seenSp {
				out = append(out, sp.Card)
			}
			j++
		}
		seenSp = j
		i := 0
		for id := range c.Revealed() {
			if i >= seenRev {
				out = append(out, id)
			}
			i++
		}
		seenRev = i
	}
	return out
}

func countSpecials(g *carto.Game) int {
	n := 0
	for range g.Specials() {
		n++
	}
	return n
}
