package carcassonne

import (
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// put is tryPut that must succeed.
func (b *table) put(name string, x, y, rot int, seg string, fig Figure, seat int) {
	b.t.Helper()
	if err := b.tryPut(name, x, y, rot, seg, fig, seat); err != nil {
		b.t.Fatalf("%s at (%d,%d) turned %d: %v", name, x, y, rot, err)
	}
}

// IC16 (Inns & Cathedrals C2 P) shows its coat of arms in its two-sided city N+W; its separate cap S is
// another city (JCloisterZone's CCc+: pennant on "N W" only). A city made of that cap and an E tile is two
// tiles without a coat of arms: 2 × 2 = 4. The N+W city, closed by two E tiles, holds the coat of arms:
// 3 × 2 + 2 = 8.
func TestReview3CoatOfArmsBelongsToItsCitySegment(t *testing.T) {
	b := newTable(t, 2, innsOpts(false))
	b.put("IC16", 0, 0, 0, "city:S", Meeple, 0)
	b.put("E", 0, 1, 0, "", Meeple, 0) // city N meets the cap S: closed
	b.scores(4, 0)
	b.put("E", 0, -1, 2, "", Meeple, 1)       // city S meets IC16's N
	b.put("E", -1, 0, 1, "city:E", Meeple, 1) // city E meets IC16's W: closed
	b.scores(4, 8)
}

// The witch halves what the scoring tile made (the page: the scoring tiles that change the points per tile
// act first, "tout modificateur ou bonus sera appliqué par la suite"). A road of 3 tiles under Street Fair
// is worth 3 × 2 = 6, halved by the witch: 3 (halving first would give 2 × 2 = 4).
func TestReview3StreetFairThenTheWitch(t *testing.T) {
	b := newTable(t, 2, magicOpts(true, 0))
	b.activate("street_fair")
	b.lay('W', 0, 0, 0, "", 0)
	b.lay('U', 1, 0, 0, "road:W", 0)
	b.stand(Witch, 1, 0, "road:E")
	b.lay('W', 2, 0, 0, "", 0)
	b.scores(3, 0)
}

// Siege acts on the points per coat of arms before the witch halves: a city of 4 tiles with 2 coats of
// arms is 4 × 2 + 2 × 3 = 14 under Siege, 7 with the witch (halving first, then +1 per coat of arms, 8).
func TestReview3SiegeThenTheWitch(t *testing.T) {
	b := newTable(t, 2, magicOpts(true, 0))
	b.activate("siege")
	b.lay('E', -1, 0, 1, "city:E", 0)
	b.lay('F', 0, 0, 0, "", 1)
	b.lay('F', 1, 0, 0, "", 1)
	b.stand(Witch, 0, 0, "city:W")
	b.lay('E', 2, 0, 3, "", 1)
	b.scores(7, 0)
}

// Citizens' Jury decides who scores first; the witch then halves the city for every one of them: the
// page's example 1 city (14) with the witch gives Red and Blue 7 each.
func TestReview3CitizensJuryAndTheWitch(t *testing.T) {
	b := newTable(t, 2, magicOpts(true, 0))
	b.activate("citizens_jury")
	b.lay('E', 0, 0, 2, "city:S", 0)
	b.lay('F', 0, 2, 1, "city:N", 1)
	b.lay('E', 0, 4, 0, "city:N", 0)
	b.lay('F', 0, 1, 1, "", 1)
	b.stand(Witch, 0, 1, "city:N")
	b.lay('G', 0, 3, 1, "", 1)
	b.scores(7, 7)
}

// Wealth on a road with an inn is a flat +3 on top ("Richesse / Pauvreté : offrent un bonus ... en plus
// du nombre de points habituel", applied alongside the other bonuses), never doubled by the inn: a road of
// 3 tiles with an inn is 3 × 2 + 3 = 9.
func TestReview3WealthOnAnInnRoad(t *testing.T) {
	o := innsOpts(true)
	o.RoadBonus = "wealth"
	b := newTable(t, 2, o)
	b.activate("road_wealth")
	b.lay('W', 0, 0, 0, "", 0)
	b.put("IC2", 1, 0, 0, "road:W", Meeple, 0) // inn, road W-E
	b.lay('W', 2, 0, 0, "", 0)
	b.scores(9, 0)
}

// Poverty on a city with a cathedral: 5 tiles × 3 − 3 = 12.
func TestReview3PovertyOnACathedralCity(t *testing.T) {
	b := newTable(t, 2, innsOpts(true))
	b.activate("city_poverty")
	b.put("IC11", 0, 0, 0, "city:N", Meeple, 0)
	b.lay('E', 0, -1, 2, "", 1)
	b.lay('E', 1, 0, 3, "", 1)
	b.lay('E', 0, 1, 0, "", 1)
	b.scores(0, 0)
	b.lay('E', -1, 0, 1, "", 1)
	b.scores(12, 0)
}

// Pilgrimage Route counts each of the 9 tiles of the scoring with a road, the monastery's own tile
// included (the page: "chacune des 9 tuiles"): Inns & Cathedrals' IC4 (a monastery on a road W-E) and
// Traders & Builders' TB10 (a monastery where roads E, S, W end) count themselves. IC4 between two road
// tiles, five plain monasteries around: 9 + 3 = 12 (11 with the eight neighbours only). TB10 with three
// road tiles: 9 + 4 = 13 (12).
func TestReview3PilgrimageCountsAnExpansionMonasterysOwnRoad(t *testing.T) {
	for _, c := range []struct {
		name   string
		mon    string
		exp    Expansions
		roads  [][3]int // x, y, rotation of U road tiles
		own    bool
		points int
	}{
		{"IC4", "IC4", InnsCathedralsExp, [][3]int{{1, 0, 0}, {-1, 0, 0}}, true, 12},
		{"IC4 eight", "IC4", InnsCathedralsExp, [][3]int{{1, 0, 0}, {-1, 0, 0}}, false, 11},
		{"TB10", "TB10", TradersBuildersExp, [][3]int{{1, 0, 0}, {-1, 0, 0}, {0, 1, 1}}, true, 13},
		{"TB10 eight", "TB10", TradersBuildersExp, [][3]int{{1, 0, 0}, {-1, 0, 0}, {0, 1, 1}}, false, 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := surveyorOpts()
			o.Expansions = c.exp
			o.MonasteryOwnTile = c.own
			b := newTable(t, 2, o)
			b.activate("pilgrimage_route")
			b.put(c.mon, 0, 0, 0, "monastery", Meeple, 0)
			road := map[[2]int]bool{}
			for _, r := range c.roads {
				b.lay('U', r[0], r[1], r[2], "", 1)
				road[[2]int{r[0], r[1]}] = true
			}
			for _, p := range [][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {0, 1}, {1, 1}} {
				if !road[p] {
					b.lay('B', p[0], p[1], 0, "", 1)
				}
			}
			b.scores(c.points, 0)
		})
	}
}

// Goods are no points: a city completed with no figure in it, whose goods go to the seat that completed
// it, scores for nobody, and the Land Surveyors' tiles stay ("Si vous complétez une zone mais qu'aucun
// point n'est marqué ... les tuiles d'évaluation restent").
func TestReview3GoodsTakenFromAnEmptyCityDoNotTurnThePiles(t *testing.T) {
	b := newTable(t, 2, tradersOpts(true))
	start := activeIDs(b.g)
	b.put("TB17", 0, 0, 0, "", Meeple, 0) // city W-E, wine
	b.lay('E', -1, 0, 1, "", 0)
	b.lay('E', 1, 0, 3, "", 1)
	if got := b.g.Goods(1); got != [3]int{1, 0, 0} {
		t.Errorf("seat 1's goods %v, want one wine", got)
	}
	if got := activeIDs(b.g); got != start {
		t.Errorf("the piles turned after goods alone: %v -> %v", start, got)
	}
}

// Under the "arched" caps switch Bad Neighbourhood leaves out the caps of H, J and L, the tiles whose caps
// the C2 art draws as arches; the Abbot's Hg is an H tile with a garden, its caps drawn the same. A city of
// two caps, Hg's (arched: no points) and E's (angular: 2), scores 2 under Bad Neighbourhood, as it does
// with a plain H.
func TestReview3ArchedCapsOfAGardenVariant(t *testing.T) {
	for _, name := range []string{"H", "Hg"} {
		t.Run(name, func(t *testing.T) {
			o := abbotOpts(true)
			o.Caps = "arched"
			b := newTable(t, 2, o)
			b.activate("bad_neighbourhood")
			b.put(name, 0, 0, 0, "city:N", Meeple, 0)
			b.lay('E', 0, -1, 2, "", 1) // city S meets the cap N: closed
			b.scores(2, 0)
		})
	}
}

// Bad Neighbourhood changes the tile count, not the majority (the page's note 1: meeples on the tiles left
// out still count for the majority). Red's knight on one cap, Blue's on the other, a coat-of-arms tile
// between: (3 − 2) × 2 + 2 = 4 each, a tie.
func TestReview3BadNeighbourhoodCapsKeepTheirKnights(t *testing.T) {
	b := newTable(t, 2, surveyorOpts())
	b.activate("bad_neighbourhood")
	b.lay('E', 0, 0, 2, "city:S", 0)
	b.lay('E', 0, 2, 0, "city:N", 1)
	b.lay('F', 0, 1, 1, "", 0) // city N-S with a coat of arms: closes
	b.scores(4, 4)
	b.supply(7, 7)
}

// At the end of the game an unfinished city made of IC16's cap S alone is 1 tile and no coat of arms: 1
// point (IC16's coat of arms is in its other city).
func TestReview3UnfinishedCapCityOfIC16HasNoCoatOfArms(t *testing.T) {
	b := newTable(t, 2, innsOpts(false))
	b.put("IC16", 0, 0, 0, "city:S", Meeple, 0)
	b.g.finalScoring()
	b.scores(1, 0)
}

// At the end a field's majority counts the large meeple as two (Inns & Cathedrals) and the pig as nothing
// (Traders & Builders), and a winner with a pig in the field scores 4 per completed city instead of 3:
// Red's large farmer against Blue's two farmers and pig, one completed city beside the field: a tie,
// Red 3, Blue 4.
func TestReview3LargeFarmerAgainstTwoFarmersAndAPig(t *testing.T) {
	o := DefaultOptions()
	o.Expansions = InnsCathedralsExp | TradersBuildersExp
	b := newTable(t, 2, o)
	b.put("E", 0, 0, 0, "field:Es", LargeMeeple, 0)
	b.lay('E', 0, -1, 2, "", 0) // closes the city: no knight, no points
	b.put("B", 2, 0, 0, "field:Ne", Meeple, 1)
	b.put("B", 4, 0, 0, "field:Ne", Meeple, 1)
	if err := b.play("B", 3, 0, 0, "field:Ne", Pig, 1); err != nil {
		t.Fatal(err)
	}
	b.put("B", 1, 0, 0, "", Meeple, 0) // joins Red's field to Blue's
	b.scores(0, 0)
	b.g.finalScoring()
	b.scores(3, 4)
}

// Street Fair doubles the road's points per tile; the mage's point per tile is a bonus applied after, not
// doubled (the page: "Tout modificateur ou bonus sera appliqué par la suite comme d'habitude"): a road of 3
// tiles with the mage is 3 × 2 + 3 = 9.
func TestReview3StreetFairDoesNotDoubleTheMage(t *testing.T) {
	b := newTable(t, 2, magicOpts(true, 0))
	b.activate("street_fair")
	b.lay('W', 0, 0, 0, "", 0)
	b.lay('U', 1, 0, 0, "road:W", 0)
	b.stand(Mage, 1, 0, "road:E")
	b.lay('W', 2, 0, 0, "", 0)
	b.scores(9, 0)
}

// IC3's inn stands between its east and west roads (docs/carcassonne-tiles.md, doubt 1): its south road
// has no inn. The south road, a straight tile and a crossroads: 3 tiles × 1 = 3; the east road to the next
// crossroads: 2 tiles with the inn × 2 = 4.
func TestReview3IC3SouthRoadHasNoInn(t *testing.T) {
	b := newTable(t, 2, innsOpts(false))
	b.put("IC3", 0, 0, 0, "", Meeple, 0)
	b.lay('U', 0, 1, 1, "road:N", 0)
	b.lay('W', 0, 2, 2, "", 0) // roads W, N, E: its north road closes the south road
	b.scores(3, 0)
	b.lay('W', 1, 0, 0, "road:W", 1) // roads E, S, W: its west road closes the east road
	b.scores(3, 4)
}

// IC8's enclosed field borders its four separate caps: with each cap closed by an E tile (four completed
// cities, no knight), a farmer there scores 4 × 3 = 12 at the end; the E tiles' own fields border one city
// each and hold no farmer.
func TestReview3FarmerInIC8sEnclosedField(t *testing.T) {
	b := newTable(t, 2, innsOpts(false))
	b.put("IC8", 0, 0, 0, "field:inner", Meeple, 1)
	b.lay('E', 0, -1, 2, "", 0)
	b.lay('E', 1, 0, 3, "", 0)
	b.lay('E', 0, 1, 0, "", 0)
	b.lay('E', -1, 0, 1, "", 0)
	b.scores(0, 0)
	b.g.finalScoring()
	b.scores(0, 12)
}

// The builder works on a city as on a road: seat 0's knight and builder in a city, seat 1 playing
// elsewhere, then seat 0 extending the city lays a second tile at once.
func TestReview3BuilderInACityGivesASecondTile(t *testing.T) {
	b := newTable(t, 2, tradersOpts(false))
	b.lay('E', 0, 0, 2, "city:S", 0)
	b.playOK("F", 0, 1, 1, "city:N", Builder, 0)
	b.playOK("B", 1, 0, 0, "", Meeple, 1)
	if b.g.DoubleTurn() {
		t.Fatal("seat 1's tile elsewhere gave a second tile")
	}
	b.playOK("G", 0, 2, 1, "", Meeple, 0) // extends the city
	if !b.g.DoubleTurn() || b.g.ToActSeat() != 0 {
		t.Fatalf("after extending its builder's city: double turn %v, seat to act %d; want true, 0", b.g.DoubleTurn(), b.g.ToActSeat())
	}
}

// The Land Surveyors' piles turn after a turn that scored a road, a city or a monastery, the three kinds of
// zone the expansion has tiles for ("Pour chacune des trois types de zone (villes, routes et abbayes)";
// its Traders & Builders rule: "in which at least a road, a city or a monastic building was scored"). A
// garden is no monastic building (the page: "Les cathédrales d'Allemagne et les jardins ne sont pas pris
// en compte"): an abbot's garden completed alone scores its 9 and leaves the piles as they were.
func TestReview3GardenScoringDoesNotTurnThePiles(t *testing.T) {
	b := newTable(t, 2, abbotOpts(true))
	ring := gardenRing(b)
	piles := b.g.xs.surveyors.piles
	ring()
	b.scores(9, 0)
	if b.g.xs.surveyors.piles != piles {
		t.Errorf("a garden's scoring turned the piles: %v -> %v", piles, b.g.xs.surveyors.piles)
	}
}

// The roads, cities and fields of games with every expansion (the River, the Abbot, Inns & Cathedrals,
// Traders & Builders, the Mage & Witch, the Land Surveyors) match flood fills after every move, as the
// base game's do (TestFeaturesMatchAFloodFill): the expansion tiles' segments join as their edges say,
// enclosed fields stay on their own, and builders, pigs and large meeples stand where they are counted.
func TestReview3FeaturesMatchAFloodFillWithEveryExpansion(t *testing.T) {
	o := everyExpansion()
	games := 20
	if testing.Short() {
		games = 3
	}
	floodFilledGames(t, o, games, 5, true)
}

// A look-ahead copy takes a turn that scored only a garden for no turn of the piles: after it the city
// pile's third tile is still unseen, and the copies' samples do not all keep it where it is.
func TestReview3DeterminizeAfterAGardenKeepsThePilesHidden(t *testing.T) {
	b := newTable(t, 2, abbotOpts(true))
	ring := gardenRing(b)
	ring()
	if e := b.lastEvent(); e.Feature != "garden" || e.Final {
		t.Fatalf("last scoring %+v, want the garden's", e)
	}
	real := b.g.xs.surveyors.piles
	moved := false
	for seed := uint64(1); seed <= 20 && !moved; seed++ {
		// The hand-built board has no draw pile to sample: only the piles are reshuffled here.
		b.g.determinizePiles(game.NewRNG(seed, 9))
		moved = b.g.xs.surveyors.piles[0].tiles[2] != real[0].tiles[2]
		b.g.xs.surveyors.piles = real
	}
	if !moved {
		t.Error("20 samples all kept the unseen third city tile in place: the garden counted as a turn of the piles")
	}
}

// The meeple rule with every expansion, against flood fills after every placement of random games: a
// meeple joins only a feature without figures (builders, pigs and large meeples included), never a garden
// nor the River's water.
func TestReview3MeepleOptionsMatchAFloodFillWithEveryExpansion(t *testing.T) {
	o := everyExpansion()
	games := 6
	if testing.Short() {
		games = 2
	}
	meepleOptionsGames(t, o, games, 5)
}

// everyExpansion are the options of a game with the Land Surveyors and every expansion.
func everyExpansion() Options {
	o := DefaultOptions()
	o.Surveyors = true
	o.Expansions = RiverExp | AbbotExp | InnsCathedralsExp | TradersBuildersExp | MageWitchExp
	return o
}
