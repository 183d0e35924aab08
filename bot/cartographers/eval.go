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
	// Lines values a line an edict pays for when complete (a row or column of Borderlands, a diagonal
	// of The Broken Road...) and not complete yet: its stars times Lines to the power of its empty spaces,
	// up to three.
	Lines float64
	// Clusters values village clusters on their way to what an edict pays for: a cluster of 3-5 for
	// Wildholds (its stars times Clusters to the power of the spaces missing), a cluster next to two
	// terrain types with room to grow for Greengold Plains (its stars times Clusters).
	Clusters float64
}

// DefaultWeights were chosen by comparing mean solo scores over seeded games (docs/bots.md).
var DefaultWeights = Weights{Later: 0.9, PenaltyLater: 0.5, Isolated: 0.6, Ruins: 0.4, Narrow: 0.15, Monsters: 1}

// MasterWeights are the master level's: the default weights and the potentials of the edicts that pay
// for complete lines and village clusters (docs/bots.md).
var MasterWeights = func() Weights {
	w := DefaultWeights
	w.Lines, w.Clusters = 0.35, 0.5
	return w
}()

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
	// lines are the lines edict i pays lineStars[i] for when complete (potential), weighted by wEdict.
	lines     [4][]carto.Bits
	lineStars [4]float64
	// clusterPot[i] is the kind of village potential edict i has (0: none), clusterStars its weighted
	// stars.
	clusterPot   [4]int
	clusterStars [4]float64
	clusterPow   [4]float64
	// linePow[e] is Weights.Lines to the power e, for a line with e empty spaces.
	linePow [4]float64
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
		if w.Lines > 0 && e.wEdict[i] > 0 {
			if l, stars := edictLines(cards[idx].Name); l != nil {
				e.lines[i], e.lineStars[i] = l, stars*e.wEdict[i]
			}
		}
		if w.Clusters > 0 && e.wEdict[i] > 0 {
			switch cards[idx].Name {
			case "Wildholds":
				e.clusterPot[i], e.clusterStars[i] = potWildholds, 8*e.wEdict[i]
			case "Greengold Plains":
				e.clusterPot[i], e.clusterStars[i] = potGreengold, 3*e.wEdict[i]
			}
		}
		// These cards pay for enclosed empty spaces, so an isolated space is not a loss under them.
		if n := cards[idx].Name; (n == "The Cauldrons" || n == "Starlit Sigil") && e.wEdict[i] > 0 {
			cauldrons = true
		}
	}
	e.linePow = [4]float64{0, w.Lines, w.Lines * w.Lines, w.Lines * w.Lines * w.Lines}
	e.clusterPow = [4]float64{1, w.Clusters, w.Clusters * w.Clusters, w.Clusters * w.Clusters * w.Clusters}
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
	for i, lines := range e.lines {
		for _, l := range lines {
			if n := l.And(empty).Count(); n > 0 && n < len(e.linePow) {
				v += e.lineStars[i] * e.linePow[n]
			}
		}
	}
	for i, kind := range e.clusterPot {
		if kind != 0 {
			v += e.clusterStars[i] * e.villagePotential(s, empty, kind)
		}
	}
	if e.wRuins != 0 {
		v += e.wRuins * float64(s.Ruins().And(empty).Count())
	}
	return v
}

// Lines of the sheet for the edicts that pay for complete lines.
var rowsCols, diagonalLines, oddCols = func() (rc, d, odd []carto.Bits) {
	for i := range carto.Size {
		var r, c, dg carto.Bits
		for j := range carto.Size {
			r = r.With(carto.CellAt(i, j))
			c = c.With(carto.CellAt(j, i))
			if i+j < carto.Size {
				dg = dg.With(carto.CellAt(i+j, j))
			}
		}
		rc = append(rc, r, c)
		d = append(d, dg)
		if i%2 == 0 {
			odd = append(odd, c)
		}
	}
	return
}()

// edictLines are the lines an edict pays for when complete, and the stars of one.
func edictLines(name string) ([]carto.Bits, float64) {
	switch name {
	case "Borderlands":
		return rowsCols, 6
	case "The Broken Road":
		return diagonalLines, 3
	case "Silos":
		return oddCols, 10
	}
	return nil, 0
}

const (
	potWildholds = 1 + iota
	potGreengold
)

// villagePotential is the share of an edict's stars that the village clusters not yet paid for are
// worth (Weights.Clusters).
func (e *evaluator) villagePotential(s *carto.Sheet, empty carto.Bits, kind int) float64 {
	v := s.Layer(carto.Village)
	rest := v
	if kind == potWildholds {
		// A cluster of three or more holds a space with two village neighbours: the singles and pairs
		// are left out at once.
		n, so, ea, we := v.North(), v.South(), v.East(), v.West()
		rest = v.And(n.And(so).Or(n.And(ea)).Or(n.And(we)).Or(so.And(ea)).Or(so.And(we)).Or(ea.And(we)))
	}
	total := 0.0
	for rest.Any() {
		c := v.Cluster(carto.Single(rest.First()))
		rest = rest.AndNot(c)
		size := c.Count()
		if kind == potWildholds && size >= 6 {
			continue
		}
		near := c.Neighbours().AndNot(c)
		if !near.Intersects(empty) {
			continue
		}
		switch kind {
		case potWildholds:
			total += e.clusterPow[6-size]
		case potGreengold:
			types := 0
			for _, k := range villageNeighbours {
				if s.Layer(k).Intersects(near) {
					types++
				}
			}
			if types == 2 {
				total += e.clusterPow[1]
			}
		}
	}
	return total
}

// villageNeighbours are the terrain types Greengold Plains counts next to a village cluster.
var villageNeighbours = []carto.Kind{carto.Forest, carto.Farm, carto.Water, carto.Monster, carto.Hero, carto.Mountain}
