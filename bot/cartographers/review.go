package cartographers

import (
	"fmt"

	carto "github.com/surveyor-game/surveyor/cartographers"
)

// Review is one decision valued after the game by the master search (or, with NewClairvoyant, by the
// clairvoyant search), for the post-game analysis (package analysis).
type Review struct {
	// Best is the answer the search values highest, Played the answer given; their values are the stars
	// the sheet is expected to bring from this decision on (the seasons still to score), the same measure
	// for both: every answer searched met the same samples.
	Best, Played       carto.Move
	BestValue, PlValue float64
	// Samples is the number of sampled orders played (1 for the clairvoyant search; 0 when the decision
	// was valued one ply: a hero, a Gorgon's or Troll's target, or a draw that ends the game).
	Samples int
}

// Review values the seat's pending decision and the answer played to it. The master's look-ahead ranks
// the answers, the played one is put among the Width searched if it is not already, and every one of
// them is played out over all the samples (no halving), so that the played answer's value is as well
// measured as the best's. The best is the highest value of those searched, the played answer included,
// so the best is never valued below the played one. A decision about a neighbour's sheet (a monster of
// an ambush) is refused: it does not change the seat's own stars.
func (b *Bot) Review(g *carto.Game, seat int, played carto.Move) (Review, error) {
	if g.Over() {
		return Review{}, fmt.Errorf("cartographers review: the game is over")
	}
	d, sheet, ev, pub, err := b.answers(g, seat)
	if err != nil {
		return Review{}, err
	}
	if sheet != seat {
		return Review{}, fmt.Errorf("cartographers review: seat %d decides on sheet %d, not its own", seat, sheet)
	}
	if b.find(played) < 0 {
		return Review{}, fmt.Errorf("cartographers review: %v is not an answer to seat %d's %s decision", played, seat, d.Kind())
	}
	r := Review{Played: played}
	if d.Kind() == carto.DecideDraw {
		b.lookAhead(g, &ev, pub)
		width := b.Search.Width
		if width <= 0 {
			width = DefaultWidth
		}
		width = min(width, len(b.cands))
		// The played answer takes the last searched place, the others keeping their order.
		if i := b.find(played); i >= width {
			c := b.cands[i]
			copy(b.cands[width:i+1], b.cands[width-1:i])
			b.cands[width-1] = c
		}
		keep := b.Search
		b.Search.Width = width
		b.Search.PruneFirst = 1 << 30
		n, searched := b.search(g, &ev, pub)
		b.Search = keep
		if n > 0 {
			r.Samples = n
			for i := range b.cands[:searched] {
				c := &b.cands[i]
				if v := c.sum / float64(n); i == 0 || v > r.BestValue {
					r.Best, r.BestValue = c.m, v
				}
				if c.m == played {
					r.PlValue = c.sum / float64(n)
				}
			}
			return r, nil
		}
	}
	// Valued one ply: every answer's value is known, the best first (b.cands is sorted by it, or by the
	// look-ahead's value within its beam, so the best is looked for). A draw that ends the last season is
	// valued by the stars that season then scores, exactly.
	season := g.Season()
	if d.Kind() == carto.DecideDraw && season == len(carto.Seasons())-1 && (g.SeasonTime() >= g.Threshold() || pub.hidden == 0) {
		b.prepareSeasons(g, &ev, season)
		for i := range b.cands {
			b.cands[i].value = b.seasonScore(&b.cands[i].after, season)
		}
	}
	for i := range b.cands {
		c := &b.cands[i]
		if i == 0 || c.value > r.BestValue {
			r.Best, r.BestValue = c.m, c.value
		}
		if c.m == played {
			r.PlValue = c.value
		}
	}
	return r, nil
}

// find is the index of move m in b.cands, -1 if it is not there.
func (b *Bot) find(m carto.Move) int {
	for i := range b.cands {
		if b.cands[i].m == m {
			return i
		}
	}
	return -1
}

// PlanStars is the final score of the clairvoyant beam's plan, of the given width (0: the sim's), for a
// solo game without heroes from its pending draw: a score that a player who knew the order of the cards
// could reach, exactly (the plan holds to the end: TestBeamFollowsItsPlan). ok is false for a game the beam
// does not plan (more than one seat, heroes in play, no draw pending).
func PlanStars(g *carto.Game, width int) (stars float64, ok bool, err error) {
	if !g.Solo() || g.HeroesInPlay() || g.Over() {
		return 0, false, nil
	}
	if d, _ := g.DecisionOf(0); d.Kind() != carto.DecideDraw {
		return 0, false, nil
	}
	b := NewClairvoyantBeam(width)
	if _, err := b.Choose(g, 0); err != nil {
		return 0, false, err
	}
	if b.beam == nil {
		return 0, false, nil
	}
	return float64(g.Score(0)) + b.beam.predicted, true, nil
}
