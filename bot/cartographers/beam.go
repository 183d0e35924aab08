package cartographers

import (
	"cmp"
	"slices"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// The clairvoyant beam is a second, tighter yardstick than the clairvoyant search: told the order of every
// card still to come in a solo game, it searches the whole rest of the game at once, keeping at each card
// the best BeamWidth sheets by the stars scored so far plus the evaluation, and follows the best line to
// the end. Where the clairvoyant search plays each candidate out with the one-ply policy, the beam plans
// every draw knowing all the cards, so its score comes nearer what a player who knew the deck could reach:
// how far the bots are from the limit of the game, not only from the limit of their own search.
//
// In a solo game the cards that come do not depend on the player's draws (the deck is shuffled once a
// season, the ambushes are drawn by the solo walk), so one plan holds for the whole game; it is made at
// the first decision and followed, and made again from where the game is if a sheet ever differs from the
// plan's (a card the plan's rules drew otherwise than the engine: TestBeamFollowsItsPlan requires none).

// NewClairvoyantBeam returns the clairvoyant beam of the given width (0: defaultBeamWidth). Like the
// clairvoyant search it reads hidden information: the sim alone seats it. In a game of more than one seat
// it plays as the clairvoyant search does (the neighbours' ambushes depend on their choices).
func NewClairvoyantBeam(width int) *Bot {
	b := NewClairvoyant(SearchBudget{})
	if width <= 0 {
		width = defaultBeamWidth
	}
	b.beamWidth = width
	return b
}

// defaultBeamWidth is the sim's clairvoyant beam: about 2.5 s a solo game on one core (docs/bots.md).
const defaultBeamWidth = 1024

// beamNode is a sheet of the beam after a card: the sheet right after its draw (what the candidate of the
// real decision leaves) and after whatever followed it before the next draw (an ambush), the stars of the
// seasons scored on the way, and the node it came from one draw earlier.
type beamNode struct {
	drawn, cur carto.Sheet
	total      float64
	// parent is the node's index one level up.
	parent int32
}

// beamChild is a draw from a node, valued but not yet kept: only the best are drawn again into nodes.
type beamChild struct {
	value   float64
	parent  int32
	cells   carto.Bits
	terrain carto.Kind
	coin    bool
}

// beamState is the beam's scratch space and its plan, kept between the decisions of a game.
type beamState struct {
	levels   [][]beamNode
	children []beamChild
	seen     map[carto.Sheet]struct{}
	// plan holds the sheets the plan's draws leave, in order; next is the one the next decision should
	// leave. replans counts the plans made again because the game left the plan.
	plan    []carto.Sheet
	next    int
	replans int
	// predicted is the stars the plan's line scores from the decision it was made at to the game's end.
	predicted float64
}

// BeamReplans is the number of times the clairvoyant beam made its plan again because the game's sheet
// left it (0 when its rules of drawing are the engine's).
func (b *Bot) BeamReplans() int {
	if b.beam == nil {
		return 0
	}
	return b.beam.replans
}

// beamChoose puts first among b.cands (every legal draw of a solo decision, each with the sheet it leaves)
// the one the plan draws, planning first if there is no plan or the game has left it.
func (b *Bot) beamChoose(g *carto.Game, ev *evaluator) {
	if b.beam == nil {
		b.beam = &beamState{seen: map[carto.Sheet]struct{}{}}
	}
	bs := b.beam
	if b.followPlan() {
		return
	}
	if len(bs.plan) > 0 && bs.next > 0 && bs.next < len(bs.plan) {
		bs.replans++
	}
	b.order = trueOrder(g, 3, b.order[:0])
	b.prepareSeasons(g, ev, 3)
	b.makePlan(g)
	if !b.followPlan() {
		bs.replans++ // cannot happen: the plan's first level is the decision's own candidates
	}
}

// followPlan moves the candidate whose sheet is the plan's next to the front.
func (b *Bot) followPlan() bool {
	bs := b.beam
	if bs.next >= len(bs.plan) {
		return false
	}
	want := &bs.plan[bs.next]
	for i := range b.cands {
		if b.cands[i].after == *want {
			b.cands[0], b.cands[i] = b.cands[i], b.cands[0]
			bs.next++
			return true
		}
	}
	return false
}

// makePlan searches from the decision's candidates (the beam's first level) through b.order to the end
// of the game and keeps in b.beam.plan the sheets of the best line's draws.
func (b *Bot) makePlan(g *carto.Game) {
	bs := b.beam
	level := b.beamLevel(0)
	for i := range b.cands {
		c := &b.cands[i]
		level = append(level, beamNode{drawn: c.after, cur: c.after, parent: int32(i)})
	}
	bs.levels[0] = level
	fb, ruinsFb := g.FallbackTerrains(false), g.FallbackTerrains(true)
	depth, season := b.beamRun(b.order, g.Season(), g.SeasonTime(), g.Threshold(), b.beamWidth, fb, ruinsFb, true)
	last := bs.levels[depth]
	best, bestTotal := 0, 0.0
	for i := range last {
		// The order ends with the game: what is left is winter's scoring, exactly.
		t := last[i].total + b.seasonScore(&last[i].cur, season)
		if i == 0 || t > bestTotal {
			best, bestTotal = i, t
		}
	}
	bs.predicted = bestTotal
	// The plan is the best line's draws, read back from its last node.
	bs.plan = slices.Grow(bs.plan[:0], depth+1)[:depth+1]
	for d, i := depth, best; d >= 0; d-- {
		n := &bs.levels[d][i]
		bs.plan[d] = n.drawn
		i = int(n.parent)
	}
	bs.next = 0
}

// beamRun plays the cards of order on the beam's first level from the season's time t (walkOrder),
// keeping after each draw the width best sheets by the stars scored so far plus the season's evaluation,
// each sheet once. It returns the last level's index and the season the order ends in.
func (b *Bot) beamRun(order []carto.CardID, season, t, thr, width int, fb, ruinsFb []carto.Kind, solo bool) (depth, last int) {
	bs := b.beam
	last = b.walkOrder(order, season, t, thr,
		func(season int) {
			cur := bs.levels[depth]
			for i := range cur {
				cur[i].total += b.seasonScore(&cur[i].cur, season)
			}
		},
		func(id carto.CardID, c carto.Card, season int, ruins bool) {
			cur := bs.levels[depth]
			ev := &b.evs[season]
			if c.Type == carto.AmbushCard {
				for i := range cur {
					b.ambushOn(&cur[i].cur, id, ev, solo)
				}
				return
			}
			depth++
			bs.levels[depth] = b.beamNext(cur, b.beamLevel(depth), &c, ruins, width, fb, ruinsFb, ev)
		})
	return depth, last
}

// beamNext fills next with the best width sheets of every draw of card c from every node of cur, each
// sheet once; full sheets draw nothing (rulings 15), so if no node can draw, the nodes stay as they are.
func (b *Bot) beamNext(cur, next []beamNode, c *carto.Card, ruins bool, width int, fb, ruinsFb []carto.Kind, ev *evaluator) []beamNode {
	bs := b.beam
	bs.children = bs.children[:0]
	for p := range cur {
		b.beamExpand(&cur[p], int32(p), c, ruins, fb, ruinsFb, ev)
	}
	// Only the best few children are wanted: they are moved to the front and sorted, the rest only if
	// the duplicates among those leave the level short.
	kids := bs.children
	front := min(len(kids), 2*width)
	selectBest(kids, front)
	slices.SortFunc(kids[:front], byValue)
	clear(bs.seen)
	for k := range kids {
		if len(next) >= width {
			break
		}
		if k == front {
			slices.SortFunc(kids[front:], byValue)
		}
		ch := &kids[k]
		from := &cur[ch.parent]
		n := beamNode{cur: from.cur, total: from.total, parent: ch.parent}
		drawOn(&n.cur, ch.cells, ch.terrain, ch.coin)
		if _, dup := bs.seen[n.cur]; dup {
			continue
		}
		bs.seen[n.cur] = struct{}{}
		n.drawn = n.cur
		next = append(next, n)
	}
	if len(next) == 0 {
		for i := range cur {
			n := cur[i]
			n.parent = int32(i)
			next = append(next, n)
		}
	}
	return next
}

// byValue orders children best first.
func byValue(x, y beamChild) int { return cmp.Compare(y.value, x.value) }

// selectBest moves the k best children of kids to its front, in no order (Hoare's selection: linear on
// average, where sorting all of them took a sixth of the beam's time).
func selectBest(kids []beamChild, k int) {
	lo, hi := 0, len(kids)-1
	for lo < hi && k > lo && k <= hi {
		pivot := kids[lo+(hi-lo)/2].value
		i, j := lo, hi
		for i <= j {
			for kids[i].value > pivot {
				i++
			}
			for kids[j].value < pivot {
				j--
			}
			if i <= j {
				kids[i], kids[j] = kids[j], kids[i]
				i++
				j--
			}
		}
		// Now kids[lo..j] >= pivot >= kids[i..hi]; the k-th boundary lies in one side.
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// beamLevel returns level d's slice, emptied, growing the list of levels as needed.
func (b *Bot) beamLevel(d int) []beamNode {
	bs := b.beam
	for len(bs.levels) <= d {
		bs.levels = append(bs.levels, nil)
	}
	return bs.levels[d][:0]
}

// beamExpand values every draw of card c on node n's sheet, as the engine offers them: after a ruins card,
// the shapes covering an unfilled ruins space, or the 1x1 anywhere in the ruins fallback's terrains when
// none can; otherwise every shape, or the 1x1 in the fallback's terrains (the card's when nil).
func (b *Bot) beamExpand(n *beamNode, parent int32, c *carto.Card, ruins bool, fb, ruinsFb []carto.Kind, ev *evaluator) {
	s := &n.cur
	empty := s.EmptySpaces()
	if empty.Empty() {
		return
	}
	var must carto.Bits
	fallback := fb
	if ruins {
		must = s.Ruins().And(empty)
		fallback = ruinsFb
	}
	if fallback == nil {
		fallback = c.Terrains
	}
	bs := b.beam
	add := func(cells carto.Bits, k carto.Kind, coin bool) {
		t := &b.tmp
		*t = *s
		drawOn(t, cells, k, coin)
		bs.children = append(bs.children, beamChild{value: n.total + ev.value(t), parent: parent, cells: cells, terrain: k, coin: coin})
	}
	found := false
	if !ruins || must.Any() {
		for opt := range c.Options {
			for p := range s.PlacementSet(c.Options[opt].Shape, must).All() {
				found = true
				for _, k := range c.Terrains {
					add(p.Cells, k, c.Options[opt].Coin)
				}
			}
		}
	}
	if !found {
		empty.EachCell(func(cell carto.Cell) {
			for _, k := range fallback {
				add(carto.Single(cell), k, false)
			}
		})
	}
}

// drawOn draws cells in terrain k as the engine fills a sheet, with the shape's coin if it has one.
func drawOn(s *carto.Sheet, cells carto.Bits, k carto.Kind, coin bool) {
	s.Draw(cells, k)
	if k == carto.Monster {
		s.DestroyHitMonsters()
	}
	if coin {
		s.AddCoins(1)
	}
}
