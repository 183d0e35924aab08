package carcassonne

import (
	"fmt"
	"strings"
)

// Kind is what a segment of a tile (and the feature it belongs to) is. The first four values double as
// edge kinds (2 bits a side), which is why Field is zero: an edge is a field unless it carries a road, a
// city or the River's water.
type Kind uint8

const (
	Field Kind = iota
	Road
	City
	River
	Monastery
	Garden
	// Goods is no feature: it names the scoring of the most goods of a kind at the end (Traders &
	// Builders).
	Goods
)

// numSegKinds is the number of kinds a segment may be (Field to Garden).
const numSegKinds = int(Garden) + 1

var kindNames = [...]string{"field", "road", "city", "river", "monastery", "garden", "goods"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// cloister reports whether a feature of this kind is scored by the tiles around it (a monastery, an
// Abbot's garden) rather than by its own tiles.
func (k Kind) cloister() bool { return k == Monastery || k == Garden }

func (k Kind) roadOrCity() bool { return k == Road || k == City }

// Sides are numbered clockwise from the top, as in the data note; half-edges likewise from the west half of
// the north side (Nw Ne En Es Se Sw Ws Wn), so a quarter turn adds 1 to a side and 2 to a half-edge.
var (
	sideNames = [4]string{"N", "E", "S", "W"}
	halfNames = [8]string{"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"}
)

// farmhouse says whether a tile's art shows a farmhouse for Peasant Uprising. The crossroads villages are
// ambiguous in the sources, so they count only under the "KLWX" data switch.
type farmhouse uint8

const (
	noFarmhouse farmhouse = iota
	hasFarmhouse
	village
)

// Goods are Traders & Builders' goods symbols on city segments, in the order of the segment words.
const (
	Wine = iota
	Grain
	Cloth
	numGoods
)

var goodsNames = [numGoods]string{"wine", "grain", "cloth"}

// tileSpec is one row of a tile table (docs/carcassonne.md, "Tile rows"). Segments lists the tile's
// segments in its canonical orientation, separated by "|": a kind, then the sides (city, road, river) or
// half-edges (field) it touches; a field lists the city segments it borders as ">side" (any side of that
// city segment); "monastery" and "garden" touch no side. Words after the sides mark a city segment with a
// cathedral or goods symbols (wine, grain, cloth, once per symbol) and a road segment with an inn.
// Edges are N E S W: F field, R road, C city, W the River's water.
type tileSpec struct {
	Name      string
	JCZ       string
	Count     int
	Edges     string
	Arms      bool
	Farmhouse farmhouse
	Segments  string
	Portal    bool // a Mage & Witch magic portal
	Garden    bool // the art shows an Abbot's garden (the tile has a garden segment)
}

// tileTable is the base game (2nd edition), from shared/reference/carcassonne-data.md §2. The start tile is
// one of the four D tiles.
var tileTable = [...]tileSpec{
	{Name: "A", JCZ: "LR", Count: 2, Edges: "FFRF", Arms: false, Farmhouse: noFarmhouse, Segments: "monastery | road S | field Nw Ne En Es Se Sw Ws Wn"},
	{Name: "B", JCZ: "L", Count: 4, Edges: "FFFF", Arms: false, Farmhouse: noFarmhouse, Segments: "monastery | field Nw Ne En Es Se Sw Ws Wn"},
	{Name: "C", JCZ: "Cccc+", Count: 1, Edges: "CCCC", Arms: true, Farmhouse: noFarmhouse, Segments: "city N E S W"},
	{Name: "D", JCZ: "RCr", Count: 4, Edges: "CRFR", Arms: false, Farmhouse: noFarmhouse, Segments: "city N | road W E | field Wn En >N | field Es Se Sw Ws"},
	{Name: "E", JCZ: "C", Count: 5, Edges: "CFFF", Arms: false, Farmhouse: noFarmhouse, Segments: "city N | field En Es Se Sw Ws Wn >N"},
	{Name: "F", JCZ: "CFc+", Count: 2, Edges: "FCFC", Arms: true, Farmhouse: noFarmhouse, Segments: "city W E | field Nw Ne >W | field Se Sw >W"},
	{Name: "G", JCZ: "CFc.1", Count: 1, Edges: "FCFC", Arms: false, Farmhouse: noFarmhouse, Segments: "city W E | field Nw Ne >W | field Se Sw >W"},
	{Name: "H", JCZ: "CFC.2", Count: 3, Edges: "CFCF", Arms: false, Farmhouse: noFarmhouse, Segments: "city N | city S | field En Es Ws Wn >N >S"},
	{Name: "I", JCZ: "CC.2", Count: 2, Edges: "CFFC", Arms: false, Farmhouse: noFarmhouse, Segments: "city N | city W | field En Es Se Sw >N >W"},
	{Name: "J", JCZ: "CRr", Count: 3, Edges: "CRRF", Arms: false, Farmhouse: noFarmhouse, Segments: "city N | road E S | field En Sw Ws Wn >N | field Es Se"},
	{Name: "K", JCZ: "RrC", Count: 3, Edges: "CFRR", Arms: false, Farmhouse: hasFarmhouse, Segments: "city N | road S W | field Wn En Es Se >N | field Sw Ws"},
	{Name: "L", JCZ: "CRRR", Count: 3, Edges: "CRRR", Arms: false, Farmhouse: village, Segments: "city N | road E | road S | road W | field Wn En >N | field Es Se | field Sw Ws"},
	{Name: "M", JCZ: "Cc+", Count: 2, Edges: "CFFC", Arms: true, Farmhouse: noFarmhouse, Segments: "city N W | field En Es Se Sw >N"},
	{Name: "N", JCZ: "Cc.1", Count: 3, Edges: "CFFC", Arms: false, Farmhouse: noFarmhouse, Segments: "city N W | field En Es Se Sw >N"},
	{Name: "O", JCZ: "CcRr+", Count: 2, Edges: "CRRC", Arms: true, Farmhouse: noFarmhouse, Segments: "city N W | road E S | field En Sw >N | field Es Se"},
	{Name: "P", JCZ: "CcRr", Count: 3, Edges: "CRRC", Arms: false, Farmhouse: noFarmhouse, Segments: "city N W | road E S | field En Sw >N | field Es Se"},
	{Name: "Q", JCZ: "Ccc+", Count: 1, Edges: "CCFC", Arms: true, Farmhouse: noFarmhouse, Segments: "city N E W | field Se Sw >N"},
	{Name: "R", JCZ: "Ccc", Count: 3, Edges: "CCFC", Arms: false, Farmhouse: noFarmhouse, Segments: "city N E W | field Se Sw >N"},
	{Name: "S", JCZ: "CccR+", Count: 2, Edges: "CCRC", Arms: true, Farmhouse: noFarmhouse, Segments: "city N E W | road S | field Se >N | field Sw >N"},
	{Name: "T", JCZ: "CccR", Count: 1, Edges: "CCRC", Arms: false, Farmhouse: noFarmhouse, Segments: "city N E W | road S | field Se >N | field Sw >N"},
	{Name: "U", JCZ: "RFr", Count: 8, Edges: "FRFR", Arms: false, Farmhouse: noFarmhouse, Segments: "road W E | field Wn Nw Ne En | field Es Se Sw Ws"},
	{Name: "V", JCZ: "Rr", Count: 9, Edges: "FFRR", Arms: false, Farmhouse: noFarmhouse, Segments: "road S W | field Wn Nw Ne En Es Se | field Sw Ws"},
	{Name: "W", JCZ: "RRR", Count: 4, Edges: "FRRR", Arms: false, Farmhouse: village, Segments: "road E | road S | road W | field Wn Nw Ne En | field Es Se | field Sw Ws"},
	{Name: "X", JCZ: "RRRR", Count: 1, Edges: "RRRR", Arms: false, Farmhouse: village, Segments: "road N | road E | road S | road W | field Wn Nw | field Ne En | field Es Se | field Sw Ws"},
}

// archedCaps are the tile types whose caps the C2 art draws as arches (data note §4.5); the others are
// angular bulges (E, K) or almost straight bands (D, I). Only the "arched" caps option uses it.
const archedCaps = "HJL"

// tileSets are the tile tables, the base game's first; a type's set is its index here. Which sets a
// game's deck draws from is up to its expansions (expansion.deck). An expansion's table is one more
// line here and its length one more term of numTypes.
var tileSets = [...][]tileSpec{
	tileTable[:],
	gardenTiles[:],
	riverTiles[:],
	innsTiles[:],
	tradersTiles[:],
	mageWitchTiles[:],
}

// The sets by index in tileSets.
const (
	baseSet = iota
	gardenSet
	riverSet
	innsSet
	tradersSet
	mageWitchSet
)

const (
	// numTypes is the number of tile types of every set.
	numTypes = len(tileTable) + len(gardenTiles) + len(riverTiles) + len(innsTiles) + len(tradersTiles) + len(mageWitchTiles)
	// maxTiles bounds the tiles of one game, start tile included: the base game's 72 and every
	// expansion's (River 12, Inns & Cathedrals 18, Traders & Builders 24, Mage & Witch 8), with room
	// to spare. The board, the features and the deck are sized by it.
	maxTiles = 136
	// maxSeg bounds the segments of a tile (X has four roads and four fields; an expansion tile may
	// add a garden or more).
	maxSeg    = 10
	baseTiles = 72 // the base game's tiles, start tile included
	// maxMonks bounds the tiles with a monastery or a garden in one game (monks lists them).
	maxMonks  = 32
	startType = 3 // D
)

// segSet is a set of segments of one tile, a bit per segment index.
type segSet uint16

// segment is one compiled segment of a tile type in canonical orientation.
type segment struct {
	kind      Kind
	sides     uint8  // bit per side for city, road and river segments
	halves    uint8  // bit per half-edge for field segments
	borders   segSet // bit per city segment index a field borders
	nsides    int16  // open ends the segment brings to its feature
	cap       bool   // a city segment touching one side (Bad Neighbourhood)
	inn       bool   // a road with an inn (Inns & Cathedrals)
	cathedral bool   // a city with a cathedral (Inns & Cathedrals)
	arms      bool   // the city segment showing the tile's coat of arms (armsSegment)
	goods     [numGoods]uint8
	marked    bool // inn, cathedral or goods: walk counts them
}

// tileType is a compiled row of a tile table.
type tileType struct {
	name      string
	set       int // index into tileSets
	count     int
	arms      bool
	farmhouse farmhouse
	portal    bool
	segs      []segment
	monastery int8 // segment index of the monastery, or -1
	garden    int8 // segment index of the Abbot's garden, or -1
	hasCity   bool
	hasRoad   bool
	river     uint8  // the sides the River's water touches (bit per side), 0 for a land tile
	openRC    segSet // the road and city segments, open when laid (features.openRC)
	// kindSegs are the segments of each kind; figSegs those where each kind of figure may stand by the
	// kind alone (figureRule.segsOf, worked out once).
	kindSegs [numSegKinds]segSet
	figSegs  [numFigures]segSet
}

// orient is a tile type in one rotation: what lies on each side and half-edge, as segment indices.
type orient struct {
	edges   uint8 // 2 bits per side, Kind of the edge
	sideSeg [4]int8
	halfSeg [8]int8
}

var (
	types   [numTypes]tileType
	orients [numTypes * 4]orient
	// turns packs each type's four orientations' edges, rotation r in byte r, so that a frontier cell is
	// tested against all four at once (board.fitting).
	turns [numTypes]uint32
)

func init() {
	i := 0
	for set, rows := range tileSets {
		total := 0
		for r := range rows {
			tt, err := compileTile(&rows[r])
			if err != nil {
				panic(fmt.Sprintf("carcassonne: tile table row %s: %v", rows[r].Name, err))
			}
			if typeByName(tt.name) >= 0 {
				panic(fmt.Sprintf("carcassonne: tile name %s twice", tt.name))
			}
			tt.set = set
			types[i] = tt
			total += tt.count
			for rot := 0; rot < 4; rot++ {
				orients[i*4+rot] = rotate(&types[i], &rows[r], rot)
				turns[i] |= uint32(orients[i*4+rot].edges) << (8 * rot)
			}
			fitsByDemand[i] = demandTable(turns[i])
			for f, r := range figureRules {
				if r != nil {
					types[i].figSegs[f] = r.segsOf(&types[i])
				}
			}
			i++
		}
		if set == 0 && total != baseTiles {
			panic(fmt.Sprintf("carcassonne: the base tile table holds %d tiles, want %d", total, baseTiles))
		}
	}
	all := 0
	for t := range types {
		// The Abbot's garden variants take the place of base tiles (gardenDeck): they add none.
		if types[t].set != gardenSet {
			all += types[t].count
		}
	}
	if cl := cloisterTiles(); cl > maxMonks {
		panic(fmt.Sprintf("carcassonne: %d tiles with a monastery or garden, more than maxMonks %d", cl, maxMonks))
	}
	if all > maxTiles {
		panic(fmt.Sprintf("carcassonne: the tile tables hold %d tiles, more than maxTiles %d", all, maxTiles))
	}
}

func sideIndex(s string) int {
	for i, n := range sideNames {
		if n == s {
			return i
		}
	}
	return -1
}

func halfIndex(s string) int {
	for i, n := range halfNames {
		if n == s {
			return i
		}
	}
	return -1
}

// edgeKinds are the edge letters of a row's Edges, by Kind.
const edgeKinds = "FRCW"

// compileTile parses a row and checks that it is consistent: every city, road or river side belongs to
// exactly one segment of its kind, every half-edge beside a field, road or river belongs to exactly one
// field, and none beside a city does.
func compileTile(s *tileSpec) (tileType, error) {
	tt := tileType{name: s.Name, count: s.Count, arms: s.Arms, farmhouse: s.Farmhouse, portal: s.Portal,
		monastery: -1, garden: -1}
	if s.Name == "" || strings.ContainsAny(s.Name, " \t\"") {
		return tt, fmt.Errorf("name %q", s.Name)
	}
	if len(s.Edges) != 4 {
		return tt, fmt.Errorf("edges %q", s.Edges)
	}
	var sideOwner [4]int
	var halfOwner [8]int
	for i := range sideOwner {
		sideOwner[i] = -1
	}
	for i := range halfOwner {
		halfOwner[i] = -1
	}
	parts := strings.Split(s.Segments, "|")
	type pendingBorder struct{ seg, side int }
	var borders []pendingBorder
	for _, p := range parts {
		words := strings.Fields(p)
		if len(words) == 0 {
			return tt, fmt.Errorf("empty segment in %q", s.Segments)
		}
		idx := len(tt.segs)
		var seg segment
		switch words[0] {
		case "monastery", "garden":
			if len(words) > 1 {
				return tt, fmt.Errorf("%s touches no side: %q", words[0], p)
			}
			at := &tt.monastery
			seg.kind = Monastery
			if words[0] == "garden" {
				seg.kind, at = Garden, &tt.garden
			}
			if *at >= 0 {
				return tt, fmt.Errorf("two %ss", words[0])
			}
			*at = int8(idx)
		case "road", "city", "river":
			seg.kind = map[string]Kind{"road": Road, "city": City, "river": River}[words[0]]
			for _, w := range words[1:] {
				if d := sideIndex(w); d >= 0 {
					if sideOwner[d] >= 0 {
						return tt, fmt.Errorf("side %s of %s segment taken", w, words[0])
					}
					sideOwner[d] = idx
					seg.sides |= 1 << d
					seg.nsides++
					continue
				}
				switch {
				case w == "inn" && seg.kind == Road:
					seg.inn = true
				case w == "cathedral" && seg.kind == City:
					seg.cathedral = true
				case seg.kind == City && goodsIndex(w) >= 0:
					seg.goods[goodsIndex(w)]++
				default:
					return tt, fmt.Errorf("word %q of %s segment", w, words[0])
				}
			}
			if seg.nsides == 0 {
				return tt, fmt.Errorf("%s segment touches no side", words[0])
			}
			seg.cap = seg.kind == City && seg.nsides == 1
			seg.marked = seg.inn || seg.cathedral || seg.goods != [numGoods]uint8{}
			if seg.kind == River {
				tt.river |= seg.sides
			}
		case "field":
			seg.kind = Field
			for _, w := range words[1:] {
				if strings.HasPrefix(w, ">") {
					d := sideIndex(w[1:])
					if d < 0 {
						return tt, fmt.Errorf("border %q", w)
					}
					borders = append(borders, pendingBorder{idx, d})
					continue
				}
				h := halfIndex(w)
				if h < 0 || halfOwner[h] >= 0 {
					return tt, fmt.Errorf("half-edge %q unknown or taken", w)
				}
				halfOwner[h] = idx
				seg.halves |= 1 << h
			}
		default:
			return tt, fmt.Errorf("segment kind %q", words[0])
		}
		tt.segs = append(tt.segs, seg)
	}
	if len(tt.segs) > maxSeg {
		return tt, fmt.Errorf("%d segments, at most %d", len(tt.segs), maxSeg)
	}
	inner := 0
	for _, sg := range tt.segs {
		if sg.kind == Field && sg.halves == 0 {
			inner++
		}
	}
	if inner > 1 {
		return tt, fmt.Errorf("%d fields touch no side: the move form could not tell them apart", inner)
	}
	if s.Arms {
		a, err := armsSegment(tt.segs)
		if err != nil {
			return tt, err
		}
		tt.segs[a].arms = true
	}
	if s.Garden != (tt.garden >= 0) {
		return tt, fmt.Errorf("Garden %v but garden segment %v", s.Garden, tt.garden >= 0)
	}
	for _, b := range borders {
		c := sideOwner[b.side]
		if c < 0 || tt.segs[c].kind != City {
			return tt, fmt.Errorf("field borders side %s which is no city", sideNames[b.side])
		}
		tt.segs[b.seg].borders |= 1 << c
	}
	for d := 0; d < 4; d++ {
		k := strings.IndexByte(edgeKinds, s.Edges[d])
		if k < 0 {
			return tt, fmt.Errorf("edge letter %q", s.Edges[d])
		}
		want := Kind(k)
		if want == Field {
			if sideOwner[d] >= 0 {
				return tt, fmt.Errorf("field side %s has a %s segment", sideNames[d], tt.segs[sideOwner[d]].kind)
			}
		} else if sideOwner[d] < 0 || tt.segs[sideOwner[d]].kind != want {
			return tt, fmt.Errorf("side %s: no %s segment", sideNames[d], want)
		}
		for h := 2 * d; h < 2*d+2; h++ {
			if (want == City) != (halfOwner[h] < 0) {
				return tt, fmt.Errorf("half-edge %s does not fit a %s side", halfNames[h], want)
			}
		}
		if want == City {
			tt.hasCity = true
		}
		if want == Road {
			tt.hasRoad = true
		}
	}
	for i, sg := range tt.segs {
		if sg.kind.roadOrCity() && sg.nsides > 0 {
			tt.openRC |= 1 << i
		}
		tt.kindSegs[sg.kind] |= 1 << i
	}
	return tt, nil
}

// armsSegment is the city segment a row's coat of arms belongs to: its widest city segment. A coat of
// arms belongs to one city, not to every city of its tile: IC16 (JCloisterZone's CCc+, pennant on "N W")
// shows it in its two-sided city, and its separate cap S is another city without one. A row whose
// widest city segment is not the only one of its width would need the segment named.
func armsSegment(segs []segment) (int, error) {
	best, tie := -1, false
	for i, sg := range segs {
		if sg.kind != City {
			continue
		}
		switch {
		case best < 0 || sg.nsides > segs[best].nsides:
			best, tie = i, false
		case sg.nsides == segs[best].nsides:
			tie = true
		}
	}
	if best < 0 || tie {
		return 0, fmt.Errorf("a coat of arms needs one widest city segment")
	}
	return best, nil
}

func goodsIndex(w string) int {
	for i, n := range goodsNames {
		if n == w {
			return i
		}
	}
	return -1
}

// rotate builds the orientation of a type turned r quarter turns clockwise.
func rotate(tt *tileType, s *tileSpec, r int) orient {
	var o orient
	for i := range o.sideSeg {
		o.sideSeg[i] = -1
	}
	for i := range o.halfSeg {
		o.halfSeg[i] = -1
	}
	for i, seg := range tt.segs {
		for d := 0; d < 4; d++ {
			if seg.sides&(1<<d) != 0 {
				o.sideSeg[(d+r)&3] = int8(i)
			}
		}
		for h := 0; h < 8; h++ {
			if seg.halves&(1<<h) != 0 {
				o.halfSeg[(h+2*r)&7] = int8(i)
			}
		}
	}
	for d := 0; d < 4; d++ {
		k := strings.IndexByte(edgeKinds, s.Edges[d])
		o.edges |= uint8(k) << (2 * ((d + r) & 3))
	}
	return o
}

// rotSides turns a side mask r quarter turns clockwise.
func rotSides(m uint8, r int) uint8 {
	return ((m << r) | (m >> (4 - r))) & 0xf
}

// rotHalves turns a half-edge mask r quarter turns clockwise.
func rotHalves(m uint8, r int) uint8 {
	s := 2 * r
	return (m << s) | (m >> (8 - s))
}

// oppHalf is the half-edge of the neighbouring tile that touches half-edge h (Nw touches Sw, Ne touches Se,
// En touches Wn, Es touches Ws).
func oppHalf(h int) int {
	if h&1 == 0 {
		return (h + 5) & 7
	}
	return (h + 3) & 7
}

// typeByName returns the index of the tile type with that name, or -1.
func typeByName(name string) int {
	for i := range types {
		if types[i].name == name {
			return i
		}
	}
	return -1
}

// typeByLetter is typeByName for a base tile's letter.
func typeByLetter(l byte) int { return typeByName(string(l)) }

// TileName is the id of a tile type (its index in RemainingTiles' counts), "" out of range.
func TileName(typ int) string {
	if typ < 0 || typ >= numTypes {
		return ""
	}
	return types[typ].name
}

// TileLetters lists the base game's tile types by their usual A-X letter.
func TileLetters() string {
	var b strings.Builder
	for i := range types {
		if types[i].set == 0 {
			b.WriteString(types[i].name)
		}
	}
	return b.String()
}

// cloisterTiles counts the tiles of every set that have a monastery or a garden.
func cloisterTiles() int {
	n := 0
	for t := range types {
		if types[t].monastery >= 0 || types[t].garden >= 0 {
			n += types[t].count
		}
	}
	return n
}
