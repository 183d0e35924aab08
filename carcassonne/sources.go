package carcassonne

// Points by source: where each seat's points came from, for the simulator's per-expansion statistics
// (`surveyor sim`). Every point a seat scores is a scoring event's (award, bonusScoring), and each event's
// points split exactly into its base value and its modifiers' deltas (expansionScoring records each
// hook's change of the value), so the sources below always add up to the score:
//
//   - "points: city", "points: road", "points: field", "points: monastery", "points: garden": the base
//     value of those scorings, in play and at the end;
//   - "points: goods": the goods majorities (Traders & Builders);
//   - "points: abbot recall": a monastery or garden scored when its abbot was taken back (the Abbot);
//   - "points: inn", "points: cathedral", "points: pig", "points: mage", "points: witch": what those
//     changed (a witch's halving is negative; a pig's extra in a tied field is its own scoring);
//   - "points: surveyors": what the Land Surveyors' tiles changed, and the whole scoring of a seat that
//     scored only by Citizens' Jury (it was not in the majority).
//
// PointsOnSecondTiles is not a source but a part of the others: the points scored in play on the
// builder's second tiles (Traders & Builders), which would not have been laid then without it.
const (
	PointsPrefix        = "points: "
	PointsOnSecondTiles = "points on builder's second tiles"
)

// PointsBySource is each seat's points so far by source (names above, each with PointsPrefix but the
// second tiles' share), only the sources that scored. It reads the scoring events, which a look-ahead copy
// (quiet) does not record: on such a copy it tells only what the original had recorded.
func (g *Game) PointsBySource() map[string][]int {
	out := map[string][]int{}
	add := func(name string, seat, pts int) {
		if pts == 0 {
			return
		}
		if out[name] == nil {
			out[name] = make([]int, g.players)
		}
		out[name][seat] += pts
	}
	for i := range g.events {
		e := &g.events[i]
		base := PointsPrefix + e.kind.String()
		if e.recall {
			base = PointsPrefix + "abbot recall"
		}
		for s := 0; s < g.players; s++ {
			if e.receivers&(1<<s) == 0 {
				continue
			}
			if !e.final && !e.recall {
				if _, again := g.secondTile(int(e.turn)); again {
					add(PointsOnSecondTiles, s, int(e.points))
				}
			}
			if e.majority&(1<<s) == 0 {
				// Only Citizens' Jury let this seat score.
				add(PointsPrefix+"surveyors", s, int(e.points))
				continue
			}
			add(base, s, int(e.base))
			for _, m := range e.mods[:e.nmods] {
				x := expansions[m.x]
				name := "surveyors"
				if x != &landSurveyors {
					name, _ = x.modifier(m.id)
				}
				add(PointsPrefix+name, s, int(m.delta))
			}
		}
	}
	return out
}
