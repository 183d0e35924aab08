package carcassonne

import (
	carc "github.com/surveyor-game/surveyor/carcassonne"
)

// The figures other than the meeple, and the abbot taken back. Both evaluations (greedy+'s in bot.go and
// the search's copy in search.go) value them here, by the figure's kind and strength rather than one rule
// per expansion, so that a figure an expansion adds is played as soon as the engine offers it:
//   - a follower (strength > 0) stood on a segment hopes for what a meeple there would, a little more for
//     each point of strength beyond one (a majority is more often won), and costs what it is worth in hand;
//   - the abbot is worth little in hand, and less as the pile runs out: it stands only on a monastery or a
//     garden, and comes back whenever its owner wants;
//   - a figure that counts for no majority (the builder, the pig) hopes for half a meeple's hope there;
//   - taking the abbot back scores its monastery or garden now (the points are read from the move played,
//     like any other), gives up what the tiles still missing around it would have brought by the end
//     (each filled with the chance a monastery's neighbour gets), and puts the abbot back in hand.

// figureMoves appends the moves of placement p that stand a figure other than a meeple, then those that
// take an abbot back (recalls, from RecallOptions, are the same for every placement); segs is scratch.
func figureMoves(g *carc.Game, p carc.Placement, recalls []carc.Pos, segs []int, buf []carc.Move) ([]carc.Move, []int) {
	me := g.ToActSeat()
	for f := carc.LargeMeeple; f <= carc.Witch; f++ {
		if g.FigureSupply(me, f) == 0 {
			continue
		}
		segs = g.FigureOptions(p, f, segs[:0])
		for _, s := range segs {
			buf = append(buf, carc.Move{Placement: p, Meeple: s, Figure: f})
		}
	}
	for _, at := range recalls {
		buf = append(buf, carc.Move{Placement: p, Meeple: carc.NoMeeple, Recall: true, RecallAt: at})
	}
	return buf, segs
}

// figureHope is what a figure other than a meeple, left standing, is expected to bring, given what a
// meeple there would (meepleHope).
func figureHope(f carc.Figure, meepleHope float64) float64 {
	if s := f.Strength(); s > 0 {
		return meepleHope * (1 + 0.25*float64(s-1))
	}
	return meepleHope / 2
}

// figureCost is the worth in hand of a figure other than a meeple; meepleCost is a meeple's now.
func figureCost(f carc.Figure, left int, meepleCost float64, w Weights) float64 {
	switch f {
	case carc.LargeMeeple:
		return meepleCost
	case carc.Abbot:
		return abbotInHand(left, w)
	}
	return w.MeepleCost / 3 * min(1, float64(left)/30)
}

// abbotInHand is what the abbot in hand is worth: a share of a meeple's worth while many tiles remain to
// bring it a monastery or a garden, nothing once none will.
func abbotInHand(left int, w Weights) float64 {
	return 0.8 * w.MeepleCost * min(1, float64(left)/30)
}

// recallValue is the worth of taking the abbot back from the tile at `at`, beyond the points the recall
// scores: the abbot back in hand, less what the missing neighbours would have added by the end. after is
// the game once the move is played (the tile laid this turn may be one of the neighbours).
func recallValue(after *carc.Game, at carc.Pos, left int, w Weights) float64 {
	around := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && after.Occupied(at.X+dx, at.Y+dy) {
				around++
			}
		}
	}
	fill := min(0.95, float64(left)/50)
	return abbotInHand(left, w) - float64(8-around)*fill
}

// handWorth is what the search counts, in meeples' worth, for a figure still in hand at the end of a
// look-ahead: a follower its strength (the abbot, which stands on few tiles, half), another figure half.
func handWorth(f carc.Figure) float64 {
	if f == carc.Abbot || f.Strength() == 0 {
		return 0.5
	}
	return float64(f.Strength())
}
