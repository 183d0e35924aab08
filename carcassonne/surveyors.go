package carcassonne

import (
	"slices"
	"strings"

	"github.com/surveyor-game/surveyor/game"
)

// The Land Surveyors: twelve scoring tiles in three face-up piles (city, road, monastery). The top tile of
// each pile is active and changes how a feature of its type scores during the game; after a turn in which
// someone scored, every active tile goes under its pile and the next one becomes active.

// surveyorTile is one Land Surveyors scoring tile.
type surveyorTile struct {
	id    string
	name  string
	pile  Kind
	apply func(*tally)
}

var surveyorTiles = [...]surveyorTile{
	{"citizens_jury", "Citizens' Jury", City, citizensJury},
	{"bad_neighbourhood", "Bad Neighbourhood", City, badNeighbourhood},
	{"siege", "Siege", City, siege},
	{"city_wealth", "Wealth", City, wealth},
	{"city_poverty", "Poverty", City, poverty},
	{"street_fair", "Street Fair", Road, streetFair},
	{"highway", "Highway", Road, highway},
	{"peasant_uprising", "Peasant Uprising", Road, peasantUprising},
	{"road_wealth", "Wealth", Road, wealth},
	{"road_poverty", "Poverty", Road, poverty},
	{"hermit_monastery", "Hermit Monastery", Monastery, hermitMonastery},
	{"pilgrimage_route", "Pilgrimage Route", Monastery, pilgrimageRoute},
	{"monastery_wealth", "Wealth", Monastery, wealth},
	{"monastery_poverty", "Poverty", Monastery, poverty},
}

// citizensJury: when a city is scored the majority rule does not apply; every player with at least one
// meeple in the city scores it.
func citizensJury(t *tally) { t.jury = true }

// badNeighbourhood: the semicircular segments that complete a city are left out of its scoring; a tile that
// brings only such caps to the city adds no tile points (its coat of arms, if any, still counts).
func badNeighbourhood(t *tally) { t.count -= t.capOnly }

// siege: each coat of arms in the scored city is worth one more point.
func siege(t *tally) { t.perArm++ }

// wealth: the scored city, road or monastery is worth 3 more points.
func wealth(t *tally) { t.bonus += 3 }

// poverty: the scored city, road or monastery is worth 3 points less, possibly below zero.
func poverty(t *tally) { t.bonus -= 3 }

// streetFair: the scored road is worth twice its points.
func streetFair(t *tally) { t.perTile *= 2 }

// highway: the scored road counts as 5 tiles, whatever its length.
func highway(t *tally) { t.count = 5 }

// peasantUprising: each tile of the scored road showing a farmhouse gives one point less; stables do not
// count.
func peasantUprising(t *tally) { t.extra -= t.farmhouses }

// hermitMonastery: the scored monastery gives one point less for each surrounding tile with a city segment.
func hermitMonastery(t *tally) { t.extra -= t.cityNbrs }

// pilgrimageRoute: the scored monastery gives one point more for each surrounding tile with a road segment.
func pilgrimageRoute(t *tally) { t.extra += t.roadNbrs }

// landSurveyors is the expansion's entry (expansions.go): its piles shuffled at the setup, the active
// tile applied to every road, city and monastery scored during the game, the piles turned after a turn
// in which someone scored, the piles in the view and, once the game is over, their order in the story.
var landSurveyors = expansion{
	name:  "Land Surveyors",
	on:    func(o Options) bool { return o.Surveyors },
	setup: (*Game).setupPiles,
	scoring: func(g *Game, t *tally) int8 {
		// The scoring tiles act on roads, cities and monasteries scored in play, not at the end (the page's
		// "Évaluation finale") nor on an abbot taken back; the monastery pile's tiles apply to monasteries,
		// not to the Abbot's gardens (the page's "Monastic buildings").
		if t.mode != inPlay || pileOf(t.kind) < 0 {
			return -1
		}
		sv := g.active(t.kind)
		surveyorTiles[sv].apply(t)
		return sv
	},
	modifier: func(id int8) (string, string) {
		if id < 0 || int(id) >= len(surveyorTiles) {
			return "", ""
		}
		return surveyorTiles[id].id, surveyorTiles[id].name
	},
	eventView: func(g *Game, m modifier, e *event, se *ScoreEvent) {
		// The fields the client read before scorings had a list of modifiers.
		se.Surveyor = surveyorTiles[m.id].id
		se.SurveyorDelta = int(m.delta)
		if extra := e.receivers &^ e.majority; extra != 0 {
			se.ExtraReceivers = seatsOf(extra)
		}
	},
	turnEnd: func(g *Game, scored bool) {
		if scored {
			g.cyclePiles()
		}
	},
	determinize: (*Game).determinizePiles,
	view:        surveyorsView,
	tellSetup:   tellPiles,
}

// surveyorsState is what a game with the Land Surveyors keeps.
type surveyorsState struct {
	piles [3]pile
}

var pileNames = [3]string{"city", "road", "monastery"}

// surveyorsView shows each pile's active tile and the face-up tile under it.
func surveyorsView(g *Game, v *View) {
	v.Surveyors = map[string]SurveyorView{}
	for i, name := range pileNames {
		p := &g.xs.surveyors.piles[i]
		a := surveyorTiles[p.tiles[p.active]]
		v.Surveyors[name] = SurveyorView{
			Active: a.id, Name: a.name, Size: p.n,
			Next: surveyorTiles[p.tiles[(p.active+1)%p.n]].id,
		}
	}
}

// tellPiles tells the piles' order at the start (the narrative asks once the game is over: until then the
// tiles below the next one are hidden).
func tellPiles(g *Game) (any, string, bool) {
	order := map[string][]string{}
	var parts []string
	for i, name := range pileNames {
		p := &g.xs.surveyors.piles[i]
		var names []string
		for _, t := range p.tiles[:p.n] {
			order[name] = append(order[name], surveyorTiles[t].id)
			names = append(names, surveyorTiles[t].name)
		}
		parts = append(parts, name+": "+strings.Join(names, ", "))
	}
	return order, "Land Surveyors piles, top first — " + strings.Join(parts, "; "), true
}

// pile is one of the three piles: the tiles in the order they turn active, cycling.
type pile struct {
	tiles  [5]int8
	n      int
	active int
}

// pileOf is the pile of the scoring tiles that apply to a feature kind, -1 for none.
func pileOf(k Kind) int {
	switch k {
	case City:
		return 0
	case Road:
		return 1
	case Monastery:
		return 2
	}
	return -1
}

// setupPiles builds the three piles from the options' ±3 switches and shuffles each, city first.
func (g *Game) setupPiles(rng *game.RNG) {
	piles := &g.xs.surveyors.piles
	for i := range piles {
		piles[i] = pile{}
	}
	for i, st := range surveyorTiles {
		switch st.id {
		case "road_wealth", "road_poverty":
			if st.id != "road_"+g.opts.RoadBonus {
				continue
			}
		case "monastery_wealth", "monastery_poverty":
			if st.id != "monastery_"+g.opts.MonasteryBonus {
				continue
			}
		}
		p := &piles[pileOf(st.pile)]
		p.tiles[p.n] = int8(i)
		p.n++
	}
	for i := range piles {
		p := &piles[i]
		rng.Shuffle(p.n, func(a, b int) { p.tiles[a], p.tiles[b] = p.tiles[b], p.tiles[a] })
	}
}

// active is the index in surveyorTiles of the active tile for a feature kind.
func (g *Game) active(k Kind) int8 {
	p := &g.xs.surveyors.piles[pileOf(k)]
	return p.tiles[p.active]
}

// cyclePiles puts every active tile under its pile and turns the next one up.
func (g *Game) cyclePiles() {
	for i := range g.xs.surveyors.piles {
		p := &g.xs.surveyors.piles[i]
		p.active = (p.active + 1) % p.n
	}
}

// determinizePiles reshuffles, in each Land Surveyors pile, the tiles no one has seen. The piles turn
// together, and a tile is seen once it has been active or on top of its pile: after k turns of the piles,
// the first k+2 of each. k is read from the scoring events (the piles turn after each turn that scored a
// road, a city or a monastery; a garden's scoring and an abbot taken back turn nothing); a copy records none, so after moves played on a copy k is undercounted, which hides more than needed
// and never less, since the active tile and the one on top are always kept.
func (g *Game) determinizePiles(rng *game.RNG) {
	k, last := 0, -1
	for _, e := range g.events {
		if !e.final && !e.recall && e.kind != Garden && int(e.turn) != last {
			k++
			last = int(e.turn)
		}
	}
	for i := range g.xs.surveyors.piles {
		p := &g.xs.surveyors.piles[i]
		var hidden [5]int
		var tiles [5]int8
		nh := 0
		for j := 0; j < p.n; j++ {
			if j <= k+1 || j == p.active || j == (p.active+1)%p.n {
				continue
			}
			hidden[nh], tiles[nh] = j, p.tiles[j]
			nh++
		}
		slices.Sort(tiles[:nh])
		rng.Shuffle(nh, func(a, b int) { tiles[a], tiles[b] = tiles[b], tiles[a] })
		for j := 0; j < nh; j++ {
			p.tiles[hidden[j]] = tiles[j]
		}
	}
}
