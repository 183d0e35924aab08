package cartographers

// Kind is what a space of the map holds. The drawable terrains come first so that they index the sheet's
// layers (Sheet.Layer).
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

// terrainKinds are the kinds that are terrain types for the scoring cards (rulings 1): wasteland, destroyed
// and empty spaces are not.
var terrainKinds = [...]Kind{Forest, Village, Farm, Water, Monster, Mountain, Hero}

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
//
// Its state is read through methods (Layer, Ruins, Hits, Coins, CoinedMountains) and changed only by
// drawing on it (Draw, AddCoins, MarkHits, DestroyHitMonsters). A game's sheets are the engine's own:
// Game.Sheet returns a copy, which a bot may draw on to try a move. A new sheet comes from MapSide or
// ParseMap.
type Sheet struct {
	layer [numLayers]Bits
	// ruins are the ruins symbols printed on the map side; they stay ruins after being drawn on.
	ruins Bits
	// hits are hero attack markings; they do not fill a space (rulings 11).
	hits Bits
	// coins is the number of coins on the coin track (at most MaxCoins).
	coins int
	// coinedMountains are the mountains whose coin has been paid.
	coinedMountains Bits
}

// Layer is the set of spaces holding kind k (none for Empty or any kind that is not a layer).
func (s *Sheet) Layer(k Kind) Bits {
	if int(k) >= len(s.layer) {
		return Bits{}
	}
	return s.layer[k]
}

// Ruins are the ruins symbols printed on the map side; they stay ruins after being drawn on.
func (s *Sheet) Ruins() Bits { return s.ruins }

// Hits are the hero attack markings; they do not fill a space (rulings 11).
func (s *Sheet) Hits() Bits { return s.hits }

// Coins is the number of coins on the coin track (at most MaxCoins).
func (s *Sheet) Coins() int { return s.coins }

// CoinedMountains are the mountains whose coin has been paid.
func (s *Sheet) CoinedMountains() Bits { return s.coinedMountains }

// MaxCoins is the number of coin symbols on the track (rulings 7).
const MaxCoins = 14

// Filled is every filled space (rulings 2).
func (s *Sheet) Filled() Bits {
	var f Bits
	for _, l := range s.layer {
		f = f.Or(l)
	}
	return f
}

// EmptySpaces is every space that is not filled.
func (s *Sheet) EmptySpaces() Bits { return s.Filled().Not() }

// At returns the kind in one space.
func (s *Sheet) At(c Cell) Kind {
	for k, l := range s.layer {
		if l.Has(c) {
			return Kind(k)
		}
	}
	return Empty
}
