package cartographers

// Kind is what a space of the map holds. The drawable terrains come first so that they index Sheet.Layer.
type Kind uint8

const (
	Forest Kind = iota
	Village
	Farm
	Water
	Monster
	Hero
	Mountain
	Wasteland
	Destroyed
	numLayers
	// Empty is a space holding nothing (an unfilled ruins space included).
	Empty Kind = 255
)

// TerrainTypes are the kinds that are terrain types for the scoring cards (rulings 1): wasteland, destroyed
// and empty spaces are not.
var TerrainTypes = [...]Kind{Forest, Village, Farm, Water, Monster, Mountain, Hero}

// Drawable reports whether a player may draw this kind with a shape or a 1x1.
func (k Kind) Drawable() bool { return k <= Hero }

var kindNames = [...]string{"forest", "village", "farm", "water", "monster", "hero", "mountain", "wasteland", "destroyed"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	if k == Empty {
		return "empty"
	}
	return "kind?"
}

// Sheet is one player's map: one bit set per kind, the fixed ruins positions, the hero hit markings and
// the coins. Every space is in at most one layer; a space in no layer is empty.
type Sheet struct {
	Layer [numLayers]Bits
	// Ruins are the ruins symbols printed on the map side; they stay ruins after being drawn on.
	Ruins Bits
	// Hits are hero attack markings; they do not fill a space (rulings 11).
	Hits Bits
	// Coins is the number of coins on the coin track (at most MaxCoins).
	Coins int
	// CoinedMountains are the mountains whose coin has been paid.
	CoinedMountains Bits
}

// MaxCoins is the number of coin symbols on the track (rulings 7).
const MaxCoins = 14

// Filled is every filled space (rulings 2).
func (s *Sheet) Filled() Bits {
	var f Bits
	for _, l := range s.Layer {
		f = f.Or(l)
	}
	return f
}

// EmptySpaces is every space that is not filled.
func (s *Sheet) EmptySpaces() Bits { return s.Filled().Not() }

// At returns the kind in one space.
func (s *Sheet) At(c Cell) Kind {
	for k, l := range s.Layer {
		if l.Has(c) {
			return Kind(k)
		}
	}
	return Empty
}
