// Package carcassonne is the Carcassonne bot: a greedy player that tries every legal move and values the
// result by the points scored (its own against the best opponent's), what a meeple left standing may still
// bring (its feature, how far the game has gone, a monastery's neighbours), the cost of a meeple taken
// from a short supply, and farmers only once the end is near.
//
// It sees only what every player sees: the board, the tile drawn, the scores, supplies and the size of the
// draw pile. Each candidate is played on a copy of the game to read the points it scores; what the copy
// then draws is never looked at.
package carcassonne

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	carc "github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// Weights are the evaluation's coefficients, in points.
type Weights struct {
	// City, Road are what a meeple left on an open city or road is expected to bring.
	City, Road float64
	// Farmer is what a farmer brings when laid with FarmLate tiles or fewer left; earlier it is
	// FarmEarly (negative: a farmer never comes back).
	Farmer, FarmEarly float64
	FarmLate          int
	// MeepleCost is the value of a meeple kept in the supply when supply and tiles left are average;
	// it grows as the supply shrinks.
	MeepleCost float64
	// Opponent weighs the points the move gives the best-placed opponent.
	Opponent float64
	// PerOpen is the share of a city or road meeple's hope lost for each open side of its segment beyond
	// the first.
	PerOpen float64
}

// DefaultWeights were chosen by head-to-head games against the engine's GreedyMove (docs/bots.md).
var DefaultWeights = Weights{City: 4.5, Road: 2, Farmer: 3, FarmEarly: -4, FarmLate: 20, MeepleCost: 3, Opponent: 1, PerOpen: 0.15}

// Bot is the Carcassonne bot. Not safe for concurrent use: it keeps scratch space.
type Bot struct {
	Weights Weights

	scratch *carc.Game
	ps      []carc.Placement
	segs    []int
	moves   []carc.Move
	recalls []carc.Pos
	// kinds caches the kind of each segment of each tile type (carc.TileName), read from the move form
	// once.
	kinds [carc.NumTileTypes][carc.MaxSegments]string
	// sides caches, per tile type and rotation, the segment on each side (-1 for a field side), read
	// from the move form once; known marks the entries filled.
	sides [carc.NumTileTypes][4][4]int8
	known [carc.NumTileTypes][4]bool
	// occupied is the set of board cells holding a tile, rebuilt from the public view each decision.
	occupied map[[2]int]bool

	// A level for people (levels.go): its name, its softmax temperature (0: always the best move) and
	// the random source of its choices; cands holds the moves valued this decision.
	level       string
	temperature float64
	rng         *rand.Rand
	cands       []candidate
	// mc chooses the mage's or witch's move of a placement (magic.go).
	mc magicChooser
}

// New returns a bot with the default weights.
func New() *Bot { return &Bot{Weights: DefaultWeights} }

// Name is the bot's name in the registry and the sim.
func (b *Bot) Name() string {
	if b.level != "" {
		return b.level
	}
	return "greedy+"
}

// Move is the game.State form of Choose: st must be a *carcassonne.Game.
func (b *Bot) Move(st game.State, seat game.Seat) (json.RawMessage, error) {
	g, ok := st.(*carc.Game)
	if !ok {
		return nil, fmt.Errorf("carcassonne bot: state is %T, not a Carcassonne game", st)
	}
	if g.Over() {
		return nil, fmt.Errorf("carcassonne bot: %w", game.ErrGameOver)
	}
	if int(seat) != g.ToActSeat() {
		return nil, fmt.Errorf("carcassonne bot: %w: seat %d to play, not seat %d", game.ErrNotYourTurn, g.ToActSeat(), seat)
	}
	m, err := b.Choose(g)
	if err != nil {
		return nil, err
	}
	return g.EncodeMove(m), nil
}

// Choose picks the move of the seat to act. Ties go to the first move found, so the choice is
// deterministic for a position.
func (b *Bot) Choose(g *carc.Game) (carc.Move, error) {
	if g.Over() {
		return carc.Move{}, fmt.Errorf("carcassonne bot: %w", game.ErrGameOver)
	}
	w := b.Weights
	if w == (Weights{}) {
		w = DefaultWeights
	}
	if b.scratch == nil {
		b.scratch = new(carc.Game)
	}
	b.readBoard(g)
	me, n, left := g.ToActSeat(), g.Players(), g.DrawPileSize()
	b.ps = g.Placements(b.ps[:0])
	if len(b.ps) == 0 {
		return carc.Move{}, fmt.Errorf("carcassonne bot: tile %s fits nowhere", g.Current())
	}
	supply := g.Supply(me)
	// A meeple's worth in the supply: more when few are left and many turns remain to use them.
	cost := w.MeepleCost * float64(left) / 36 * 4 / float64(max(supply, 1))
	best, bestVal, first := carc.Move{}, 0.0, true
	b.cands = b.cands[:0]
	b.recalls = g.RecallOptions(b.recalls[:0])
	try := func(m carc.Move) *carc.Game {
		*b.scratch = *g
		if b.scratch.Play(m) != nil {
			return nil
		}
		return b.scratch
	}
	gain := func(after *carc.Game) float64 { return gainOf(g, after, me, n, w) }
	for _, p := range b.ps {
		b.moves = b.moves[:0]
		b.segs = append(g.MeepleOptions(p, b.segs[:0]), carc.NoMeeple)
		for _, s := range b.segs {
			b.moves = append(b.moves, carc.Move{Placement: p, Meeple: s})
		}
		b.moves, b.segs = figureMoves(g, p, b.recalls, b.segs, b.moves)
		mg := b.mc.best(g, p, w, try, gain)
		for _, m := range b.moves {
			m.Magic = mg
			if try(m) == nil {
				continue
			}
			v := gain(b.scratch)
			switch {
			case m.Recall:
				v += recallValue(b.scratch, m.RecallAt, left, w)
			case m.Meeple == carc.NoMeeple:
			case m.Figure == carc.Meeple:
				if b.scratch.Supply(me) < supply {
					// The meeple still stands: its feature is open (or a field).
					v += b.hope(g, m, left, w) - cost
				}
			case b.scratch.FigureSupply(me, m.Figure) < g.FigureSupply(me, m.Figure):
				v += figureHope(m.Figure, b.hope(g, m, left, w)) - figureCost(m.Figure, left, cost, w)
			}
			if b.temperature > 0 {
				b.cands = append(b.cands, candidate{m: m, v: v})
			}
			if first || v > bestVal {
				best, bestVal, first = m, v, false
			}
		}
	}
	if b.temperature > 0 && len(b.cands) > 0 {
		return b.softmax(b.cands), nil
	}
	return best, nil
}

// gainOf is the points a move scores for the seat, from g to after, less the most any opponent scores by
// it.
func gainOf(g, after *carc.Game, me, n int, w Weights) float64 {
	v := float64(after.Score(me) - g.Score(me))
	worst := 0
	for seat := 0; seat < n; seat++ {
		if seat != me {
			worst = max(worst, after.Score(seat)-g.Score(seat))
		}
	}
	return v - w.Opponent*float64(worst)
}

// hope is what a meeple left standing on its segment is expected to bring.
func (b *Bot) hope(g *carc.Game, m carc.Move, left int, w Weights) float64 {
	// With few tiles left an open feature is unlikely to be completed: it scores at the end at half rate.
	late := min(1, float64(left)/20)
	switch b.kind(g, m.Meeple) {
	case "monastery", "garden":
		around := 0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if (dx != 0 || dy != 0) && b.occupied[[2]int{m.X + dx, m.Y + dy}] {
					around++
				}
			}
		}
		// Each missing neighbour is filled with a chance that falls as the pile runs out.
		fill := min(0.95, float64(left)/50)
		return float64(1+around) + float64(8-around)*fill
	case "city":
		return w.City * (0.5 + 0.5*late) * b.openFactor(g, m, w)
	case "road":
		return w.Road * (0.5 + 0.5*late) * b.openFactor(g, m, w)
	case "field":
		if left <= w.FarmLate {
			return w.Farmer
		}
		return w.FarmEarly
	}
	return 0
}

// kind names the kind of a segment of the drawn tile, read from the move form (the tile table is the
// engine's own) and cached per tile type.
func (b *Bot) kind(g *carc.Game, seg int) string {
	typ := g.CurrentType()
	if typ < 0 || seg < 0 || seg >= carc.MaxSegments {
		return ""
	}
	k := &b.kinds[typ][seg]
	if *k == "" {
		var mj carc.MoveJSON
		if err := json.Unmarshal(g.EncodeMove(carc.Move{Meeple: seg}), &mj); err == nil {
			name, _, _ := strings.Cut(mj.Meeple, ":")
			*k = name
		}
	}
	return *k
}

// readBoard rebuilds the set of occupied cells from the public view.
func (b *Bot) readBoard(g *carc.Game) {
	v, ok := g.View(game.Seat(g.ToActSeat())).(carc.View)
	if b.occupied == nil {
		b.occupied = make(map[[2]int]bool, 80)
	}
	clear(b.occupied)
	if !ok {
		return
	}
	for _, t := range v.Board {
		b.occupied[[2]int{t.X, t.Y}] = true
	}
}

// sideNames are the sides in the move form, clockwise from north, with the step to the neighbour there.
var sideNames = [4]struct {
	name   string
	dx, dy int
}{{"N", 0, -1}, {"E", 1, 0}, {"S", 0, 1}, {"W", -1, 0}}

// openFactor scales a city or road meeple's hope by how many sides of its segment face an empty cell once
// the tile is laid: each open side is another tile the feature needs.
func (b *Bot) openFactor(g *carc.Game, m carc.Move, w Weights) float64 {
	t, r := g.CurrentType(), m.Rot
	if t < 0 || r < 0 || r > 3 {
		return 1
	}
	if !b.known[t][r] {
		for d, sd := range sideNames {
			b.sides[t][r][d] = -1
			for _, kind := range [2]string{"city", "road"} {
				raw := fmt.Sprintf(`{"type":"place","x":0,"y":0,"rotation":%d,"meeple":"%s:%s"}`, 90*r, kind, sd.name)
				if dm, err := g.DecodeMove(json.RawMessage(raw)); err == nil {
					b.sides[t][r][d] = int8(dm.Meeple)
				}
			}
		}
		b.known[t][r] = true
	}
	open := 0
	for d, sd := range sideNames {
		if int(b.sides[t][r][d]) == m.Meeple && !b.occupied[[2]int{m.X + sd.dx, m.Y + sd.dy}] {
			open++
		}
	}
	return 1 - w.PerOpen*float64(max(open-1, 0))
}
