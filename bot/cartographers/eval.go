// Package cartographers is the Cartographers bot: it scores every legal answer to a decision with an
// evaluation of the sheet that follows (the edicts still to be scored, weighted by when they score, the
// coins, the monster penalty, the ruins left and the room left for future shapes) and, at the strong
// level, looks one card ahead over the explore cards that may still come this season.
//
// The bot reads only what the seat may see: the sheets, the edicts, the cards revealed this season, the
// deck sizes and the options. It never plays a move on a copy of the game, since advancing a copy would
// reveal the hidden next card; it draws on copies of sheets instead.
package cartographers

import (
	carto "github.com/surveyor-game/surveyor/cartographers"
)

// edictSeasons lists, per edict A-D, the seasons that score it (Seasons()[*].Edicts).
var edictSeasons = func() (out [4][]int) {
	for s, sc := range carto.Seasons() {
		for _, e := range sc.Edicts {
			out[e] = append(out[e], s)
		}
	}
	return out
}()

// Weights are the evaluation's tunable coefficients. A later season's scoring is worth less than the
// current one because the sheet will still change before it (for better, usually, but the bot cannot
// count on which shapes come); a monster penalty is likely to be reduced by later draws around it.
type Weights struct {
	// Later is the weight of an edict scoring in a later season relative to one this season.
	Later float64
	// PenaltyLater is the weight of the current monster penalty at each later season's scoring.
	PenaltyLater float64
	// Isolated is the cost of an empty space with no empty neighbour: only a 1x1 can fill it.
	Isolated float64
	// Ruins is the value of an unfilled ruins space still on the sheet while ruins cards may come.
	Ruins float64
	// Narrow is the cost of an empty space with exactly one empty neighbour: it fits few shapes.
	Narrow float64
	// Monsters is the share of the monster penalty the player sees: 1 for the bots, less for the levels
	// for people that overlook what the empty spaces around a monster will cost (levels.go).
	Monsters float64
}

// DefaultWeights were chosen by comparing mean solo scores over seeded games (docs/bots.md).
var DefaultWeights = Weights{Later: 0.9, PenaltyLater: 0.5, Isolated: 0.6, Ruins: 0.4, Narrow: 0.15, Monsters: 1}

// evaluator values a sheet for one game position: the weights resolved for the season and the edicts.
type evaluator struct {
	// edicts are the scoring functions of the edicts' cards.
	edicts [4]func(*carto.Sheet) (int, carto.Bits)
	// wEdict is the weighted number of scorings left per edict, wCoin those of a coin, wPen those of the
	// current monster penalty.
	wEdict             [4]float64
	wCoin, wPen        float64
	wIsolated, wNarrow float64
	wRuins             float64
}

// newEvaluator resolves the weights for the game's season. ruinsLeft is whether a ruins card may still be
// revealed this season.
func newEvaluator(g *carto.Game, w Weights, ruinsLeft bool) evaluator {
	return seasonEvaluator(g.Season(), g.Edicts(), w, ruinsLeft)
}

// seasonEvaluator resolves the weights for a season (0-3) and the edicts' scoring cards (indices in
// ScoringCards).
func seasonEvaluator(season int, edicts [4]int, w Weights, ruinsLeft bool) evaluator {
	var e evaluator
	cauldrons := false
	cards := carto.ScoringCards()
	for i, idx := range edicts {
		e.edicts[i] = cards[idx].Score
		for _, s := range edictSeasons[i] {
			switch {
			case s == season:
				e.wEdict[i]++
			case s > season:
				e.wEdict[i] += w.Later
			}
		}
		// These cards pay for enclosed empty spaces, so an isolated space is not a loss under them.
		if n := cards[idx].Name; (n == "The Cauldrons" || n == "Starlit Sigil") && e.wEdict[i] > 0 {
			cauldrons = true
		}
	}
	left := float64(3 - season)
	e.wCoin = 1 + left
	e.wPen = w.Monsters * (1 + w.PenaltyLater*left)
	if !cauldrons {
		// The cost of a hard-to-fill space is paid in the seasons still to come, not at the final scoring.
		e.wIsolated = w.Isolated * (0.25 + left/3)
		e.wNarrow = w.Narrow * (0.25 + left/3)
	}
	if ruinsLeft {
		e.wRuins = w.Ruins
	}
	return e
}

// value is the sheet's worth in expected stars to come.
func (e *evaluator) value(s *carto.Sheet) float64 {
	v := e.wCoin * float64(s.Coins())
	for i, score := range e.edicts {
		if e.wEdict[i] == 0 {
			continue
		}
		stars, _ := score(s)
		v += e.wEdict[i] * float64(stars)
	}
	pen, _ := carto.MonsterPenalty(s)
	v -= e.wPen * float64(pen)
	empty := s.EmptySpaces()
	if e.wIsolated != 0 || e.wNarrow != 0 {
		n, so, ea, we := empty.North(), empty.South(), empty.East(), empty.West()
		// Cells with at least one, and with at least two, empty neighbours, by bitwise counting.
		one := n.Or(so).Or(ea).Or(we)
		two := n.And(so).Or(n.And(ea)).Or(n.And(we)).Or(so.And(ea)).Or(so.And(we)).Or(ea.And(we))
		v -= e.wIsolated * float64(empty.AndNot(one).Count())
		v -= e.wNarrow * float64(empty.And(one).AndNot(two).Count())
	}
	if e.wRuins != 0 {
		v += e.wRuins * float64(s.Ruins().And(empty).Count())
	}
	return v
}
