package carcassonne

import (
	carc "github.com/surveyor-game/surveyor/carcassonne"
)

// The mage and the witch (the Mage & Witch). A tile with a magic portal, or one that joins the mage's
// road or city to the witch's, must move one of them; the move's magic part is chosen once per placement,
// and every figure move of that placement carries it (the two parts are independent).
//
// What a magic part does this turn depends only on which figure it moves (or takes off): its destination
// is an unfinished road or city, which nothing scores this turn. So each figure's moves are played once,
// to read the points scored (the mage leaving a city the tile completes costs its owner the mage's
// points), and each destination is valued on that game by what the figure will do to the feature's
// score (magicWorth): the mage is worth its point per tile to the players who hold the road or city, the
// witch costs them half its points, both counted for the seat that moves as for its points (its own
// against the opponents', by the weight Opponent), and for less as the pile runs out.

// magicChooser keeps the scratch of the choice.
type magicChooser struct {
	opts []carc.Magic
}

// best is the magic part of placement p with the best value for the seat to act, none if the tile
// calls for none. try plays a move on a scratch copy of g and returns it (nil if refused); the copy is
// read before the next try. gain is greedy+'s points of the move (bot.go).
func (mc *magicChooser) best(g *carc.Game, p carc.Placement, w Weights, try func(carc.Move) *carc.Game,
	gain func(after *carc.Game) float64) carc.Magic {
	mc.opts = g.MagicOptions(p, mc.opts[:0])
	if len(mc.opts) <= 1 {
		if len(mc.opts) == 1 {
			return mc.opts[0]
		}
		return carc.Magic{}
	}
	me, left := g.ToActSeat(), g.DrawPileSize()
	best, bestVal, first := mc.opts[0], 0.0, true
	for _, f := range [2]carc.Figure{carc.Mage, carc.Witch} {
		var after *carc.Game
		for _, o := range mc.opts {
			if o.Figure != f {
				continue
			}
			if after == nil {
				if after = try(carc.Move{Placement: p, Meeple: carc.NoMeeple, Magic: o}); after == nil {
					break
				}
			}
			// The other figure stays where it is; this one goes to o (or off the board).
			v := gain(after) + standingWorth(after, other(f), me, left, w)
			if !o.Remove {
				if fi, ok := after.FeatureAt(o.At, o.Seg); ok {
					v += magicWorth(f, fi, me, left, w)
				}
			}
			if first || v > bestVal {
				best, bestVal, first = o, v, false
			}
		}
	}
	return best
}

func other(f carc.Figure) carc.Figure {
	if f == carc.Mage {
		return carc.Witch
	}
	return carc.Mage
}

// standingWorth is magicWorth of the figure where it stands in g (nothing off the board).
func standingWorth(g *carc.Game, f carc.Figure, me, left int, w Weights) float64 {
	at, seg, ok := g.Neutral(f)
	if !ok {
		return 0
	}
	fi, ok := g.FeatureAt(at, seg)
	if !ok {
		return 0
	}
	return magicWorth(f, fi, me, left, w)
}

// magicWorth is what the mage or the witch on a feature is worth to seat me: the points it adds (the
// mage: a point per tile) or takes (the witch: half of two points a city tile, one a road tile) when the
// feature scores, grown by half a tile for each open end, for the seats that would win it; counted for me
// if I would, against me (by the weight Opponent) if another would. A feature no one holds yet is worth
// nothing either way. With few tiles left a feature is less likely to be completed, and both count less.
func magicWorth(f carc.Figure, fi carc.FeatureInfo, me, left int, w Weights) float64 {
	best := 0
	for _, s := range fi.Strength {
		best = max(best, s)
	}
	if best == 0 {
		return 0
	}
	size := float64(fi.Tiles) + 0.5*float64(fi.Open)
	d := size
	if f == carc.Witch {
		per := 1.0
		if fi.Kind == carc.City {
			per = 2
		}
		d = -per * size / 2
	}
	v := 0.0
	if me < len(fi.Strength) && fi.Strength[me] == best {
		v += d
	}
	for s, st := range fi.Strength {
		if s != me && st == best {
			v -= w.Opponent * d
			break
		}
	}
	return v * (0.5 + 0.5*min(1, float64(left)/20))
}
