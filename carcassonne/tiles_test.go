package carcassonne

import (
	"sort"
	"strings"
	"testing"
)

// connectivity describes a tile type as drawn in carcassonne-data.md §2, written independently of the
// table's mini-language: the groups of sides each city and road joins, the groups of half-edges each field
// joins, and the caps.
type connectivity struct {
	edges  string
	cities []string
	roads  []string
	fields []string
	caps   int
	arms   bool
	mon    bool
}

var wantConnectivity = map[byte]connectivity{
	'A': {"FFRF", nil, []string{"S"}, []string{"NwNeEnEsSeSwWsWn"}, 0, false, true},
	'B': {"FFFF", nil, nil, []string{"NwNeEnEsSeSwWsWn"}, 0, false, true},
	'C': {"CCCC", []string{"NESW"}, nil, nil, 0, true, false},
	'D': {"CRFR", []string{"N"}, []string{"EW"}, []string{"EnWn", "EsSeSwWs"}, 1, false, false},
	'E': {"CFFF", []string{"N"}, nil, []string{"EnEsSeSwWsWn"}, 1, false, false},
	'F': {"FCFC", []string{"EW"}, nil, []string{"NwNe", "SeSw"}, 0, true, false},
	'G': {"FCFC", []string{"EW"}, nil, []string{"NwNe", "SeSw"}, 0, false, false},
	'H': {"CFCF", []string{"N", "S"}, nil, []string{"EnEsWsWn"}, 2, false, false},
	'I': {"CFFC", []string{"N", "W"}, nil, []string{"EnEsSeSw"}, 2, false, false},
	'J': {"CRRF", []string{"N"}, []string{"ES"}, []string{"EnSwWsWn", "EsSe"}, 1, false, false},
	'K': {"CFRR", []string{"N"}, []string{"SW"}, []string{"EnEsSeWn", "SwWs"}, 1, false, false},
	'L': {"CRRR", []string{"N"}, []string{"E", "S", "W"}, []string{"EnWn", "EsSe", "SwWs"}, 1, false, false},
	'M': {"CFFC", []string{"NW"}, nil, []string{"EnEsSeSw"}, 0, true, false},
	'N': {"CFFC", []string{"NW"}, nil, []string{"EnEsSeSw"}, 0, false, false},
	'O': {"CRRC", []string{"NW"}, []string{"ES"}, []string{"EnSw", "EsSe"}, 0, true, false},
	'P': {"CRRC", []string{"NW"}, []string{"ES"}, []string{"EnSw", "EsSe"}, 0, false, false},
	'Q': {"CCFC", []string{"NEW"}, nil, []string{"SeSw"}, 0, true, false},
	'R': {"CCFC", []string{"NEW"}, nil, []string{"SeSw"}, 0, false, false},
	'S': {"CCRC", []string{"NEW"}, []string{"S"}, []string{"Se", "Sw"}, 0, true, false},
	'T': {"CCRC", []string{"NEW"}, []string{"S"}, []string{"Se", "Sw"}, 0, false, false},
	'U': {"FRFR", nil, []string{"EW"}, []string{"NwNeEnWn", "EsSeSwWs"}, 0, false, false},
	'V': {"FFRR", nil, []string{"SW"}, []string{"NwNeEnEsSeWn", "SwWs"}, 0, false, false},
	'W': {"FRRR", nil, []string{"E", "S", "W"}, []string{"NwNeEnWn", "EsSe", "SwWs"}, 0, false, false},
	'X': {"RRRR", nil, []string{"N", "E", "S", "W"}, []string{"NwWn", "NeEn", "EsSe", "SwWs"}, 0, false, false},
}

func sidesString(m uint8) string {
	var b strings.Builder
	for d := 0; d < 4; d++ {
		if m&(1<<d) != 0 {
			b.WriteString(sideNames[d])
		}
	}
	return b.String()
}

func halvesString(m uint8) string {
	var b strings.Builder
	for h := 0; h < 8; h++ {
		if m&(1<<h) != 0 {
			b.WriteString(halfNames[h])
		}
	}
	return b.String()
}

func sortedGroup(gs []string) []string {
	out := append([]string(nil), gs...)
	sort.Strings(out)
	return out
}

func TestTileConnectivity(t *testing.T) {
	for i := range types {
		tt := &types[i]
		if tt.set != 0 {
			continue
		}
		want, ok := wantConnectivity[tt.name[0]]
		if !ok {
			t.Fatalf("no expectation for tile %s", tt.name)
		}
		t.Run(string(tt.name), func(t *testing.T) {
			edges := ""
			for d := 0; d < 4; d++ {
				edges += string("FRC"[(orients[i*4].edges>>(2*d))&3])
			}
			if edges != want.edges {
				t.Errorf("edges %s, want %s", edges, want.edges)
			}
			var cities, roads, fields []string
			caps := 0
			for _, s := range tt.segs {
				switch s.kind {
				case City:
					cities = append(cities, sidesString(s.sides))
					if s.cap {
						caps++
					}
				case Road:
					roads = append(roads, sidesString(s.sides))
				case Field:
					fields = append(fields, halvesString(s.halves))
				}
			}
			for _, c := range []struct {
				name      string
				got, want []string
			}{{"cities", cities, want.cities}, {"roads", roads, want.roads}, {"fields", fields, want.fields}} {
				if strings.Join(sortedGroup(c.got), " ") != strings.Join(sortedGroup(c.want), " ") {
					t.Errorf("%s %v, want %v", c.name, c.got, c.want)
				}
			}
			if caps != want.caps || tt.arms != want.arms || (tt.monastery >= 0) != want.mon {
				t.Errorf("caps %d arms %v monastery %v, want %d %v %v", caps, tt.arms, tt.monastery >= 0, want.caps, want.arms, want.mon)
			}
		})
	}
}

// TestTileTotals checks the counts the data note derives from the published distribution (§2 "Checks").
func TestTileTotals(t *testing.T) {
	total, arms, mons, capTiles := 0, 0, 0, 0
	edgeTotals := map[byte]int{}
	touching := map[byte]int{}
	for i, tt := range types {
		if tt.set != 0 {
			continue
		}
		total += tt.count
		if tt.arms {
			arms += tt.count
		}
		if tt.monastery >= 0 {
			mons += tt.count
		}
		hasCap := false
		for _, s := range tt.segs {
			hasCap = hasCap || s.cap
		}
		if hasCap {
			capTiles += tt.count
		}
		seen := map[byte]bool{}
		for d := 0; d < 4; d++ {
			e := tileTable[i].Edges[d]
			edgeTotals[e] += tt.count
			if !seen[e] {
				seen[e] = true
				touching[e] += tt.count
			}
		}
	}
	if total != 72 || arms != 10 || mons != 6 || capTiles != 23 {
		t.Errorf("tiles %d arms %d monasteries %d cap tiles %d, want 72 10 6 23", total, arms, mons, capTiles)
	}
	if edgeTotals['F'] != 115 || edgeTotals['R'] != 94 || edgeTotals['C'] != 79 {
		t.Errorf("edge totals %v, want F115 R94 C79", edgeTotals)
	}
	if touching['F'] != 59 || touching['R'] != 45 || touching['C'] != 44 {
		t.Errorf("tiles touching %v, want F59 R45 C44", touching)
	}
}

func TestRotation(t *testing.T) {
	d := typeByLetter('D')
	// D is city N, road E-W, field S; a quarter turn clockwise puts the city east and the road north-south.
	wants := []string{"CRFR", "RCRF", "FRCR", "RFRC"}
	for r, want := range wants {
		got := ""
		for s := 0; s < 4; s++ {
			got += string("FRC"[(orients[d*4+r].edges>>(2*s))&3])
		}
		if got != want {
			t.Errorf("D turned %d: edges %s, want %s", r, got, want)
		}
	}
	// The field south of the road on D (Es Se Sw Ws) lies west after a quarter turn (Sw Ws Wn Nw).
	o := &orients[d*4+1]
	southField := types[d].segs[o.halfSeg[6]]
	if got := halvesString(rotHalves(southField.halves, 1)); got != "NwSwWsWn" {
		t.Errorf("D's south field turned: %s, want NwSwWsWn", got)
	}
	for h := 0; h < 8; h++ {
		if oppHalf(oppHalf(h)) != h {
			t.Errorf("oppHalf is not an involution at %s", halfNames[h])
		}
	}
	if halfNames[oppHalf(2)] != "Wn" || halfNames[oppHalf(0)] != "Sw" {
		t.Errorf("En meets %s and Nw meets %s, want Wn and Sw", halfNames[oppHalf(2)], halfNames[oppHalf(0)])
	}
}

func TestTileTableErrors(t *testing.T) {
	bad := []tileSpec{
		{Name: "Z", Count: 1, Edges: "CRFR", Farmhouse: noFarmhouse, Segments: "city N | road W | field Wn En >N | field Es Se Sw Ws"},
		{Name: "Z", Count: 1, Edges: "CRFR", Farmhouse: noFarmhouse, Segments: "city N | road W E | field Wn En Ne >N | field Es Se Sw Ws"},
		{Name: "Z", Count: 1, Edges: "FRFR", Farmhouse: noFarmhouse, Segments: "road W E | field Wn Nw Ne En >N | field Es Se Sw Ws"},
		{Name: "Z", Count: 1, Edges: "FRF", Farmhouse: noFarmhouse, Segments: "road W E"},
		{Name: "Z", Count: 1, Edges: "FRFR", Farmhouse: noFarmhouse, Segments: "tower N"},
	}
	for i, s := range bad {
		if _, err := compileTile(&s); err == nil {
			t.Errorf("row %d: inconsistent row accepted", i)
		}
	}
}

// TestTileCountsBordersAndFarmhouses checks, per type, what TestTileTotals only sums and TestTileConnectivity
// leaves out: the number of copies, the cities each field borders (needed by farm scoring) and the farmhouse
// flags of Peasant Uprising, as given by carcassonne-data.md §2 and §4.4 and ruling 6.
func TestTileCountsBordersAndFarmhouses(t *testing.T) {
	want := map[byte]struct {
		count   int
		borders []string // each field as its half-edges, ">", then the sides of the city segments it borders
		house   string   // "" none, "K" always a farmhouse, "KLWX" only under the KLWX switch
	}{
		'A': {2, []string{"NwNeEnEsSeSwWsWn>"}, ""},
		'B': {4, []string{"NwNeEnEsSeSwWsWn>"}, ""},
		'C': {1, nil, ""},
		'D': {4, []string{"EnWn>N", "EsSeSwWs>"}, ""},
		'E': {5, []string{"EnEsSeSwWsWn>N"}, ""},
		'F': {2, []string{"NwNe>EW", "SeSw>EW"}, ""},
		'G': {1, []string{"NwNe>EW", "SeSw>EW"}, ""},
		'H': {3, []string{"EnEsWsWn>N S"}, ""},
		'I': {2, []string{"EnEsSeSw>N W"}, ""},
		'J': {3, []string{"EnSwWsWn>N", "EsSe>"}, ""},
		'K': {3, []string{"EnEsSeWn>N", "SwWs>"}, "K"},
		'L': {3, []string{"EnWn>N", "EsSe>", "SwWs>"}, "KLWX"},
		'M': {2, []string{"EnEsSeSw>NW"}, ""},
		'N': {3, []string{"EnEsSeSw>NW"}, ""},
		'O': {2, []string{"EnSw>NW", "EsSe>"}, ""},
		'P': {3, []string{"EnSw>NW", "EsSe>"}, ""},
		'Q': {1, []string{"SeSw>NEW"}, ""},
		'R': {3, []string{"SeSw>NEW"}, ""},
		'S': {2, []string{"Se>NEW", "Sw>NEW"}, ""},
		'T': {1, []string{"Se>NEW", "Sw>NEW"}, ""},
		'U': {8, []string{"NwNeEnWn>", "EsSeSwWs>"}, ""},
		'V': {9, []string{"NwNeEnEsSeWn>", "SwWs>"}, ""},
		'W': {4, []string{"NwNeEnWn>", "EsSe>", "SwWs>"}, "KLWX"},
		'X': {1, []string{"NwWn>", "NeEn>", "EsSe>", "SwWs>"}, "KLWX"},
	}
	k, klwx := DefaultOptions(), DefaultOptions()
	klwx.Farmhouses = "KLWX"
	for i := range types {
		tt := &types[i]
		if tt.set != 0 {
			continue
		}
		w := want[tt.name[0]]
		if tt.count != w.count {
			t.Errorf("%s: %d copies, want %d", tt.name, tt.count, w.count)
		}
		var got []string
		for _, s := range tt.segs {
			if s.kind != Field {
				continue
			}
			var cities []string
			for c, cs := range tt.segs {
				if s.borders&(1<<c) != 0 {
					cities = append(cities, sidesString(cs.sides))
				}
			}
			sort.Strings(cities)
			got = append(got, halvesString(s.halves)+">"+strings.Join(cities, " "))
		}
		if strings.Join(sortedGroup(got), " | ") != strings.Join(sortedGroup(w.borders), " | ") {
			t.Errorf("%s: fields %v, want %v", tt.name, got, w.borders)
		}
		if k.isFarmhouse(i) != (w.house == "K") || klwx.isFarmhouse(i) != (w.house != "") {
			t.Errorf("%s: farmhouse %v under K, %v under KLWX; want %q", tt.name, k.isFarmhouse(i), klwx.isFarmhouse(i), w.house)
		}
	}
}

// The start tile is one of the four D tiles, laid at (0,0) as drawn (city north, road west-east); the
// other 71 tiles, three D among them, make the draw pile.
func TestStartTileAndDrawPile(t *testing.T) {
	g, err := NewGame(DefaultOptions(), 2, 42)
	if err != nil {
		t.Fatal(err)
	}
	start := g.board.tiles[0]
	if g.board.ntiles != 1 || types[start.typ].name != "D" || start.rot != 0 || posOf(int(start.cell)) != (Pos{0, 0}) {
		t.Errorf("start tile %s turned %d at %v", types[start.typ].name, start.rot, posOf(int(start.cell)))
	}
	perType := map[byte]int{}
	for _, typ := range g.deck[:g.ndeck] {
		perType[types[typ].name[0]]++
	}
	if g.ndeck != 71 || perType['D'] != 3 || perType['U'] != 8 || perType['V'] != 9 || perType['C'] != 1 {
		t.Errorf("draw pile of %d tiles: %v", g.ndeck, perType)
	}
}

// A row's words for the expansions parse into the segment's and the tile's flags: inn, cathedral, goods
// (once per symbol), river, garden, portal; a word that does not belong to its kind is refused.
func TestTileRowWords(t *testing.T) {
	tt, err := compileTile(&tileSpec{Name: "Z1", Count: 1, Edges: "CWRW", Portal: true, Garden: true,
		Segments: "city N cathedral wine wine cloth | road S inn | river W E | field En Wn >N | field Es Se Sw Ws | garden"})
	if err != nil {
		t.Fatal(err)
	}
	city, road, river := tt.segs[0], tt.segs[1], tt.segs[2]
	if !city.cathedral || city.goods != [numGoods]uint8{Wine: 2, Cloth: 1} || !city.marked || !road.inn || !road.marked {
		t.Errorf("city %+v road %+v", city, road)
	}
	if river.kind != River || tt.river != 0b1010 || !tt.portal || tt.garden != 5 || tt.segs[5].kind != Garden {
		t.Errorf("river %+v sides %04b portal %v garden %d", river, tt.river, tt.portal, tt.garden)
	}
	for _, bad := range []tileSpec{
		{Name: "Z2", Count: 1, Edges: "CFFF", Segments: "city N inn | field En Es Se Sw Ws Wn >N"},
		{Name: "Z3", Count: 1, Edges: "FRFR", Segments: "road W E wine | field Wn Nw Ne En | field Es Se Sw Ws"},
		{Name: "Z4", Count: 1, Edges: "FFFF", Segments: "field Nw Ne En Es Se Sw Ws Wn | garden N"},
		{Name: "Z5", Count: 1, Edges: "FFFF", Garden: true, Segments: "field Nw Ne En Es Se Sw Ws Wn"},
		{Name: "Z6", Count: 1, Edges: "WFFF", Segments: "road N | field Nw Ne En Es Se Sw Ws Wn"},
	} {
		if _, err := compileTile(&bad); err == nil {
			t.Errorf("row %s accepted: %s", bad.Name, bad.Segments)
		}
	}
}

// Walking a feature counts its inns, cathedrals and goods, and each seat's strength.
func TestTallyCountsMarksAndStrength(t *testing.T) {
	var tl tally
	tl.mark(&segment{inn: true})
	tl.mark(&segment{cathedral: true, goods: [numGoods]uint8{Grain: 1}})
	tl.mark(&segment{goods: [numGoods]uint8{Grain: 2, Wine: 1}})
	if tl.inns != 1 || tl.cathedrals != 1 || tl.goods != [numGoods]int{Wine: 1, Grain: 3} {
		t.Errorf("tally %+v", tl)
	}
	if figureStrength[Meeple] != 1 || figureStrength[LargeMeeple] != 2 || figureStrength[Abbot] != 1 || figureStrength[Builder] != 0 || figureStrength[Pig] != 0 {
		t.Errorf("strengths %v", figureStrength)
	}
}

// A field closed in by city caps touches no side (Inns & Cathedrals' four-cap tile): it parses, borders
// its cities, and the move form names it "field:inner"; two such fields on a tile are refused.
func TestInnerField(t *testing.T) {
	tt, err := compileTile(&tileSpec{Name: "Z7", Count: 1, Edges: "CCCC",
		Segments: "city N | city E | city S | city W | field >N >E >S >W"})
	if err != nil {
		t.Fatal(err)
	}
	if f := innerField(&tt); f != 4 || tt.segs[4].borders != 0b1111 || tt.segs[4].halves != 0 {
		t.Errorf("inner field %d: %+v", f, tt.segs)
	}
	if _, err := compileTile(&tileSpec{Name: "Z8", Count: 1, Edges: "CCCC",
		Segments: "city N | city E | city S | city W | field >N >E | field >S >W"}); err == nil {
		t.Error("two inner fields accepted")
	}
	if f := innerField(&types[typeByLetter('U')]); f != -1 {
		t.Errorf("U has an inner field %d", f)
	}
}
