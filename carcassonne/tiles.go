package carcassonne

import (
	"fmt"
	"strings"
)

// Kind is what a segment of a tile (and the feature it belongs to) is. The first three values double as
// edge kinds, which is why Field is zero: an edge is a field unless it carries a road or a city.
type Kind uint8

const (
	Field Kind = iota
	Road
	City
	Monastery
)

var kindNames = [...]string{"field", "road", "city", "monastery"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

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

// tileSpec is one row of the tile table. Segments lists the tile's segments in its canonical orientation,
// separated by "|": a kind, then the sides (city, road) or half-edges (field) it touches; a field lists the
// city segments it borders as ">side" (any side of that city segment).
type tileSpec struct {
	Letter    byte
	JCZ       string
	Count     int
	Edges     string
	Arms      bool
	Farmhouse farmhouse
	Segments  string
}

// tileTable is the base game (2nd edition), from shared/reference/carcassonne-data.md §2. The start tile is
// one of the four D tiles.
var tileTable = [...]tileSpec{
	{'A', "LR", 2, "FFRF", false, noFarmhouse, "monastery | road S | field Nw Ne En Es Se Sw Ws Wn"},
	{'B', "L", 4, "FFFF", false, noFarmhouse, "monastery | field Nw Ne En Es Se Sw Ws Wn"},
	{'C', "Cccc+", 1, "CCCC", true, noFarmhouse, "city N E S W"},
	{'D', "RCr", 4, "CRFR", false, noFarmhouse, "city N | road W E | field Wn En >N | field Es Se Sw Ws"},
	{'E', "C", 5, "CFFF", false, noFarmhouse, "city N | field En Es Se Sw Ws Wn >N"},
	{'F', "CFc+", 2, "FCFC", true, noFarmhouse, "city W E | field Nw Ne >W | field Se Sw >W"},
	{'G', "CFc.1", 1, "FCFC", false, noFarmhouse, "city W E | field Nw Ne >W | field Se Sw >W"},
	{'H', "CFC.2", 3, "CFCF", false, noFarmhouse, "city N | city S | field En Es Ws Wn >N >S"},
	{'I', "CC.2", 2, "CFFC", false, noFarmhouse, "city N | city W | field En Es Se Sw >N >W"},
	{'J', "CRr", 3, "CRRF", false, noFarmhouse, "city N | road E S | field En Sw Ws Wn >N | field Es Se"},
	{'K', "RrC", 3, "CFRR", false, hasFarmhouse, "city N | road S W | field Wn En Es Se >N | field Sw Ws"},
	{'L', "CRRR", 3, "CRRR", false, village, "city N | road E | road S | road W | field Wn En >N | field Es Se | field Sw Ws"},
	{'M', "Cc+", 2, "CFFC", true, noFarmhouse, "city N W | field En Es Se Sw >N"},
	{'N', "Cc.1", 3, "CFFC", false, noFarmhouse, "city N W | field En Es Se Sw >N"},
	{'O', "CcRr+", 2, "CRRC", true, noFarmhouse, "city N W | road E S | field En Sw >N | field Es Se"},
	{'P', "CcRr", 3, "CRRC", false, noFarmhouse, "city N W | road E S | field En Sw >N | field Es Se"},
	{'Q', "Ccc+", 1, "CCFC", true, noFarmhouse, "city N E W | field Se Sw >N"},
	{'R', "Ccc", 3, "CCFC", false, noFarmhouse, "city N E W | field Se Sw >N"},
	{'S', "CccR+", 2, "CCRC", true, noFarmhouse, "city N E W | road S | field Se >N | field Sw >N"},
	{'T', "CccR", 1, "CCRC", false, noFarmhouse, "city N E W | road S | field Se >N | field Sw >N"},
	{'U', "RFr", 8, "FRFR", false, noFarmhouse, "road W E | field Wn Nw Ne En | field Es Se Sw Ws"},
	{'V', "Rr", 9, "FFRR", false, noFarmhouse, "road S W | field Wn Nw Ne En Es Se | field Sw Ws"},
	{'W', "RRR", 4, "FRRR", false, village, "road E | road S | road W | field Wn Nw Ne En | field Es Se | field Sw Ws"},
	{'X', "RRRR", 1, "RRRR", false, village, "road N | road E | road S | road W | field Wn Nw | field Ne En | field Es Se | field Sw Ws"},
}

// archedCaps are the tile types whose caps the C2 art draws as arches (data note §4.5); the others are
// angular bulges (E, K) or almost straight bands (D, I). Only the "arched" caps option uses it.
const archedCaps = "HJL"

const (
	numTypes  = len(tileTable)
	maxSeg    = 8  // X has four roads and four fields
	numTiles  = 72 // start tile included
	startType = 3  // D
)

// segment is one compiled segment of a tile type in canonical orientation.
type segment struct {
	kind    Kind
	sides   uint8 // bit per side for city and road segments
	halves  uint8 // bit per half-edge for field segments
	borders uint8 // bit per city segment index a field borders
	nsides  int16 // open ends the segment brings to its feature
	cap     bool  // a city segment touching one side (Bad Neighbourhood)
}

// tileType is a compiled row of tileTable.
type tileType struct {
	letter    byte
	count     int
	arms      bool
	farmhouse farmhouse
	segs      []segment
	monastery int8 // segment index of the monastery, or -1
	hasCity   bool
	hasRoad   bool
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
	total := 0
	for i := range tileTable {
		tt, err := compileTile(&tileTable[i])
		if err != nil {
			panic(fmt.Sprintf("carcassonne: tile table row %c: %v", tileTable[i].Letter, err))
		}
		types[i] = tt
		total += tt.count
		for r := 0; r < 4; r++ {
			orients[i*4+r] = rotate(&types[i], &tileTable[i], r)
			turns[i] |= uint32(orients[i*4+r].edges) << (8 * r)
		}
	}
	if total != numTiles {
		panic(fmt.Sprintf("carcassonne: tile table holds %d tiles, want %d", total, numTiles))
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

// compileTile parses a row and checks that it is consistent: every city or road side belongs to exactly one
// segment of its kind, every half-edge beside a field or road belongs to exactly one field, and none beside
// a city does.
func compileTile(s *tileSpec) (tileType, error) {
	tt := tileType{letter: s.Letter, count: s.Count, arms: s.Arms, farmhouse: s.Farmhouse, monastery: -1}
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
		case "monastery":
			seg.kind = Monastery
			tt.monastery = int8(idx)
		case "road", "city":
			seg.kind = Road
			if words[0] == "city" {
				seg.kind = City
			}
			for _, w := range words[1:] {
				d := sideIndex(w)
				if d < 0 || sideOwner[d] >= 0 {
					return tt, fmt.Errorf("side %q of %s segment unknown or taken", w, words[0])
				}
				sideOwner[d] = idx
				seg.sides |= 1 << d
				seg.nsides++
			}
			seg.cap = seg.kind == City && seg.nsides == 1
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
	for _, b := range borders {
		c := sideOwner[b.side]
		if c < 0 || tt.segs[c].kind != City {
			return tt, fmt.Errorf("field borders side %s which is no city", sideNames[b.side])
		}
		tt.segs[b.seg].borders |= 1 << c
	}
	for d := 0; d < 4; d++ {
		var want Kind
		switch s.Edges[d] {
		case 'F':
			want = Field
		case 'R':
			want = Road
		case 'C':
			want = City
		default:
			return tt, fmt.Errorf("edge letter %q", s.Edges[d])
		}
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
	return tt, nil
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
		var k Kind
		switch s.Edges[d] {
		case 'R':
			k = Road
		case 'C':
			k = City
		}
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

// typeByLetter returns the index of the tile type with that letter, or -1.
func typeByLetter(l byte) int {
	for i := range types {
		if types[i].letter == l {
			return i
		}
	}
	return -1
}

// TileLetters lists the tile types by their usual A-X letter.
func TileLetters() string {
	var b strings.Builder
	for i := range types {
		b.WriteByte(types[i].letter)
	}
	return b.String()
}
