package cartographers

import (
	"fmt"
	"iter"
	"strings"
)

// CardID indexes the card table (Cards). The order is fixed (records and views name cards by name, but the engine's
// decks hold ids): base explore, Heroes explore, base ambush, Heroes ambush, heroes.
type CardID uint8

// CardType is what revealing a card does.
type CardType uint8

const (
	// ExploreCard offers one or two shapes and one or two terrains.
	ExploreCard CardType = iota
	// RuinsCard makes the next explore card demand a ruins space (rulings 8).
	RuinsCard
	// RiftCard offers a 1x1 of any of five terrains (Rift Lands, Kethra's Gates).
	RiftCard
	// AmbushCard is a monster drawn by the neighbour (multiplayer) or by the corner-and-ring walk (solo).
	AmbushCard
	// HeroCard is a 1x1 hero space with an attack pattern (rulings 11).
	HeroCard
)

// Direction is an ambush card's arrow.
type Direction uint8

const (
	// Clockwise passes the sheet to the next seat (seat+1); in solo it walks the map edge clockwise.
	Clockwise Direction = iota
	// CounterClockwise passes the sheet to the previous seat (seat-1).
	CounterClockwise
)

func (d Direction) String() string {
	if d == Clockwise {
		return "clockwise"
	}
	return "counterclockwise"
}

// Corner is the map corner an ambush shows for the solo walk.
type Corner uint8

const (
	TopLeft Corner = iota
	TopRight
	BottomRight
	BottomLeft
)

var cornerNames = [...]string{"top-left", "top-right", "bottom-right", "bottom-left"}

func (c Corner) String() string { return cornerNames[c&3] }

// Effect is a Heroes monster's ability (rulings 12).
type Effect uint8

const (
	NoEffect Effect = iota
	// DragonEffect pays 3 coins once when every dragon space is surrounded or destroyed.
	DragonEffect
	// ZombieEffect spreads the zombie to every adjacent empty space after each season's scoring.
	ZombieEffect
	// TrollEffect destroys one empty space next to the troll after each season's scoring (owner chooses).
	TrollEffect
	// GorgonEffect destroys one adjacent non-mountain space once, when drawn (the drawer chooses).
	GorgonEffect
)

// ShapeOption is one shape an explore card offers.
type ShapeOption struct {
	Shape Shape
	// Coin is true for the shape printed with a coin.
	Coin bool
	// orientations are the distinct rotations and flips of Shape, in Shape.Orientations order.
	orientations []Shape
	// table is the shape's placement table, looked up once rather than on every search.
	table *PlacementTable
}

// Offset is a hero's attack relative to the hero space.
type Offset struct{ DRow, DCol int }

// Card is one explore, ruins, ambush or hero card (cartographers-data.md §2-4).
type Card struct {
	Name string
	Type CardType
	// Heroes is true for the cards of the Cartographers Heroes box.
	Heroes bool
	// Number is the printed card number of base cards (0 for Heroes cards, which the data does not number).
	Number int
	Time   int
	// Terrains are the terrain choices of explore and rift cards.
	Terrains []Kind
	// Options are the shapes offered (one 1x1 for rift cards, the printed monster for ambushes).
	Options []ShapeOption
	// Ambush fields: pass direction and solo walk (the same arrow), solo start corner, ability.
	Direction Direction
	Corner    Corner
	Effect    Effect
	// Attack is a hero's attack pattern as printed.
	Attack []Offset
	// soloWalk lists the solo placements of an ambush in the order they are tried (rulings 10).
	soloWalk []Bits
}

var (
	riftTerrains = []Kind{Forest, Village, Farm, Water, Monster}
	oneByOne     = MustShape("#")
)

func explore(num int, name string, time int, terrains []Kind, shapes ...string) Card {
	c := Card{Name: name, Type: ExploreCard, Number: num, Time: time, Terrains: terrains}
	for i, s := range shapes {
		// Cards with two shapes print the coin on the first (smaller) one.
		c.Options = append(c.Options, ShapeOption{Shape: MustShape(s), Coin: len(shapes) == 2 && i == 0})
	}
	return c
}

func heroesExplore(name string, time int, terrains []Kind, shapes ...string) Card {
	c := explore(0, name, time, terrains, shapes...)
	c.Heroes = true
	return c
}

func ambush(num int, name string, shape string, dir Direction, corner Corner, eff Effect) Card {
	return Card{Name: name, Type: AmbushCard, Number: num, Heroes: num == 0, Terrains: []Kind{Monster},
		Options: []ShapeOption{{Shape: MustShape(shape)}}, Direction: dir, Corner: corner, Effect: eff}
}

func hero(name string, attack ...Offset) Card {
	return Card{Name: name, Type: HeroCard, Heroes: true, Terrains: []Kind{Hero},
		Options: []ShapeOption{{Shape: oneByOne}}, Attack: attack}
}

func k(ks ...Kind) []Kind { return ks }

// cardTable is every card of both boxes except the scoring cards (cartographers-data.md §2, §3, §4), read
// through Cards and CardID.Card.
var cardTable = [...]Card{
	// Base explore cards 05-17 (§2.1).
	{Name: "Temple Ruins", Type: RuinsCard, Number: 5},
	{Name: "Outpost Ruins", Type: RuinsCard, Number: 6},
	explore(7, "Great River", 1, k(Water), "#/#/#", "..#/.##/##."),
	explore(8, "Farmland", 1, k(Farm), "#/#", ".#./###/.#."),
	explore(9, "Hamlet", 1, k(Village), "#./##", "###/##."),
	explore(10, "Forgotten Forest", 1, k(Forest), "#./.#", "#./##/.#"),
	explore(11, "Hinterland Stream", 2, k(Farm, Water), "###/#../#.."),
	explore(12, "Homestead", 2, k(Village, Farm), "#./##/#."),
	explore(13, "Orchard", 2, k(Forest, Farm), "###/..#"),
	explore(14, "Treetop Village", 2, k(Forest, Village), "..##/###."),
	explore(15, "Marshlands", 2, k(Forest, Water), "#../###/#.."),
	explore(16, "Fishing Village", 2, k(Village, Water), "####"),
	{Name: "Rift Lands", Type: RiftCard, Number: 17, Terrains: riftTerrains, Options: []ShapeOption{{Shape: oneByOne}}},
	// Heroes explore cards (§2.2); Mangrove Swamp is the U-pentomino (§11 conflict 2).
	heroesExplore("Lagoon", 1, k(Water), ".#/#.", "###/.#."),
	heroesExplore("Pasture", 1, k(Farm), "#.#", ".##/##."),
	heroesExplore("Settlement", 1, k(Village), "#/#", "..#/.##/##."),
	heroesExplore("Timber Grove", 1, k(Forest), "#./##", "#.#/#.#"),
	heroesExplore("Hillside Terrace", 2, k(Farm, Water), "##/##"),
	heroesExplore("Frontier Dwelling", 2, k(Village, Farm), "###/.#./.#."),
	heroesExplore("Wildwood Garden", 2, k(Forest, Farm), ".##/#.."),
	heroesExplore("Woodland Crossroads", 2, k(Forest, Village), ".#./###/.#."),
	heroesExplore("Coastal Encampment", 2, k(Village, Water), "###/#.."),
	heroesExplore("Mangrove Swamp", 2, k(Forest, Water), "###/#.#"),
	{Name: "Kethra's Gates", Type: RiftCard, Heroes: true, Terrains: riftTerrains, Options: []ShapeOption{{Shape: oneByOne}}},
	// Base ambushes 01-04 (§3.1).
	ambush(1, "Goblin Attack", "#../.#./..#", CounterClockwise, BottomRight, NoEffect),
	ambush(2, "Bugbear Assault", "#.#/#.#", Clockwise, TopRight, NoEffect),
	ambush(3, "Kobold Onslaught", "#./##/#.", Clockwise, BottomLeft, NoEffect),
	ambush(4, "Gnoll Raid", "##/#./##", CounterClockwise, TopLeft, NoEffect),
	// Heroes ambushes (§3.2; solo corners single-source).
	ambush(0, "Dragon Inferno", "..#/###/#..", CounterClockwise, BottomLeft, DragonEffect),
	ambush(0, "Zombie Plague", "#", CounterClockwise, TopLeft, ZombieEffect),
	ambush(0, "Giant Troll Ravage", "###/.#.", Clockwise, TopRight, TrollEffect),
	ambush(0, "Gorgon Gaze", "#.#/.#.", Clockwise, BottomRight, GorgonEffect),
	// Heroes (§4).
	hero("Dobrik of Lorkheim", Offset{-1, 0}, Offset{0, -1}, Offset{0, 1}, Offset{1, 0}),
	hero("Wren the Lioness", Offset{-1, 2}, Offset{0, 2}, Offset{1, 2}),
	hero("Freyla the True", Offset{0, 1}, Offset{0, 2}, Offset{0, 3}),
	hero("Dal of Jolev", Offset{-1, -1}, Offset{-1, 1}, Offset{1, -1}, Offset{1, 1}),
}

// Ranges of Cards by content set.
const (
	firstBaseExplore   CardID = 0
	firstHeroesExplore CardID = 13
	firstBaseAmbush    CardID = 24
	firstHeroesAmbush  CardID = 28
	firstHero          CardID = 32
	numCards           CardID = 36
)

// Card returns the card data of an id. Its slices are the table's own: read them, do not change them.
func (id CardID) Card() Card { return cardTable[id] }

func (id CardID) String() string {
	if id < numCards {
		return cardTable[id].Name
	}
	return fmt.Sprintf("card#%d", uint8(id))
}

// CardByName finds a card by its English name (case-insensitive, plain apostrophe accepted).
func CardByName(name string) (CardID, bool) {
	n := cardNameKey(name)
	for i := range cardTable {
		if cardNameKey(cardTable[i].Name) == n {
			return CardID(i), true
		}
	}
	return 0, false
}

func cardRange(from, to CardID) []CardID {
	out := make([]CardID, 0, to-from)
	for id := from; id < to; id++ {
		out = append(out, id)
	}
	return out
}

// SeasonCard is one of the four season cards.
type SeasonCard struct {
	Name string
	// Edicts are the two edicts scored at the end of the season (0 = A .. 3 = D).
	Edicts [2]int
	// Threshold is the time value that ends the season, base and Heroes.
	BaseThreshold, HeroesThreshold int
}

// seasonCards are the season cards in order (cartographers-data.md §5).
var seasonCards = [4]SeasonCard{
	{"Spring", [2]int{0, 1}, 8, 8},
	{"Summer", [2]int{1, 2}, 8, 7},
	{"Fall", [2]int{2, 3}, 7, 7},
	{"Winter", [2]int{3, 0}, 6, 6},
}

// edictNames are the letters of the four edicts.
var edictNames = [4]string{"A", "B", "C", "D"}

// Seasons are the season cards in order (cartographers-data.md §5).
func Seasons() [4]SeasonCard { return seasonCards }

// EdictNames are the letters of the four edicts.
func EdictNames() [4]string { return edictNames }

// Cards yields every card of both boxes except the scoring cards, with its id, in id order
// (cartographers-data.md §2, §3, §4). The cards' slices are the table's own: read them, do not change them.
func Cards() iter.Seq2[CardID, Card] {
	return func(yield func(CardID, Card) bool) {
		for id := range cardTable {
			if !yield(CardID(id), cardTable[id]) {
				return
			}
		}
	}
}

func init() {
	for i := range cardTable {
		c := &cardTable[i]
		for j := range c.Options {
			c.Options[j].orientations = c.Options[j].Shape.Orientations()
			c.Options[j].table = PlacementTableOf(c.Options[j].Shape)
		}
		if c.Type == AmbushCard {
			c.soloWalk = soloWalk(c.Options[0].Shape, c.Corner, c.Direction)
		}
	}
}

// cardNameKey folds a card name for matching: case, typographic apostrophes and surrounding blanks.
func cardNameKey(s string) string {
	return strings.ToLower(strings.TrimSpace(strings.ReplaceAll(s, "’", "'")))
}
