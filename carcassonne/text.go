package carcassonne

import (
	"fmt"
	"strings"
)

// Text draws the board for a terminal. Each tile is 3×3 characters: its letter in the middle (textMark),
// its sides as 'c' (city), 'r' (road), 'w' (the River's water) or '.' (field), corners blank. A meeple shows as its seat number (1-based) on the
// side, corner (field) or middle (monastery) of the segment it stands on.
func (g *Game) Text() string {
	if g.board.ntiles == 0 {
		return ""
	}
	minX, minY, maxX, maxY := 1<<30, 1<<30, -(1 << 30), -(1 << 30)
	for i := 0; i < g.board.ntiles; i++ {
		p := posOf(int(g.board.tiles[i].cell))
		minX, maxX = min(minX, p.X), max(maxX, p.X)
		minY, maxY = min(minY, p.Y), max(maxY, p.Y)
	}
	w, h := maxX-minX+1, maxY-minY+1
	rows := make([][]byte, 3*h)
	for r := range rows {
		rows[r] = []byte(strings.Repeat(" ", 3*w))
	}
	// Where a side or a half-edge is drawn within the 3×3 block, as (row, column).
	sideAt := [4][2]int{{0, 1}, {1, 2}, {2, 1}, {1, 0}}
	halfAt := [8][2]int{{0, 0}, {0, 2}, {0, 2}, {2, 2}, {2, 2}, {2, 0}, {2, 0}, {0, 0}}
	for i := 0; i < g.board.ntiles; i++ {
		t := &g.board.tiles[i]
		p := posOf(int(t.cell))
		r0, c0 := 3*(p.Y-minY), 3*(p.X-minX)
		o := t.orient()
		for d := 0; d < 4; d++ {
			rows[r0+sideAt[d][0]][c0+sideAt[d][1]] = ".rcw"[(o.edges>>(2*d))&3]
		}
		rows[r0+1][c0+1] = textMark(&types[t.typ])
		for s, seg := range types[t.typ].segs {
			own := g.feat.owner[node(i, s)]
			if own == 0 {
				continue
			}
			mark := byte('0' + own)
			switch seg.kind {
			case Monastery:
				rows[r0+1][c0+1] = mark
			case Field:
				m := rotHalves(seg.halves, int(t.rot))
				for hh := 0; hh < 8; hh++ {
					if m&(1<<hh) != 0 {
						rows[r0+halfAt[hh][0]][c0+halfAt[hh][1]] = mark
						break
					}
				}
			default:
				m := rotSides(seg.sides, int(t.rot))
				for d := 0; d < 4; d++ {
					if m&(1<<d) != 0 {
						rows[r0+sideAt[d][0]][c0+sideAt[d][1]] = mark
						break
					}
				}
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "x %d..%d (west to east), y %d..%d (north to south)\n", minX, maxX, minY, maxY)
	for _, r := range rows {
		b.WriteString(strings.TrimRight(string(r), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// textMark is the character a tile shows in the middle on the text board: a base tile's letter, the
// letter in lower case for its garden variant ("Vg" is 'v'), '~' for a river tile and '+' for any other.
func textMark(tt *tileType) byte {
	switch {
	case len(tt.name) == 1:
		return tt.name[0]
	case tt.river != 0:
		return '~'
	case len(tt.name) == 2 && tt.name[1] == 'g':
		return tt.name[0] - 'A' + 'a'
	}
	return '+'
}

// TileWords names a tile type in English by what it shows ("a city cap with a straight road", "a river
// bend with a garden"), as the browser client's words.js does: people know a tile by its picture, not by
// the engine's id ("D", "RV6"). The main feature comes first (the river's course, the monastery, the
// cities, else the roads), then what else the tile holds. The records' data keep the id.
func TileWords(typ int) string {
	if typ < 0 || typ >= numTypes {
		return fmt.Sprintf("tile type %d", typ)
	}
	tt := &types[typ]
	var cities, roads []uint8
	var river uint8
	cathedral, inns, threeSided := false, 0, false
	var goods []string
	for _, s := range tt.segs {
		switch s.kind {
		case City:
			cities = append(cities, s.sides)
			threeSided = threeSided || popSides(s.sides) == 3
			cathedral = cathedral || s.cathedral
			for gd, n := range s.goods {
				for ; n > 0; n-- {
					goods = append(goods, goodsNames[gd])
				}
			}
		case Road:
			roads = append(roads, s.sides)
			if s.inn {
				inns++
			}
		case River:
			river = s.sides
		}
	}
	monastery := tt.monastery >= 0
	var head, rest []string
	if river != 0 {
		switch {
		case popSides(river) == 1 && typ == riverLake:
			head = append(head, "the river's lake")
		case popSides(river) == 1:
			head = append(head, "the river's spring")
		case oppositeSides(river):
			head = append(head, "a straight stretch of river")
		default:
			head = append(head, "a river bend")
		}
	}
	// putMain puts a phrase at the head if nothing is there yet, else with the rest.
	putMain := func(s string) {
		if len(head) == 0 {
			head = append(head, s)
		} else {
			rest = append(rest, s)
		}
	}
	if monastery {
		putMain("a monastery")
	}
	if len(cities) > 0 {
		putMain(citiesWords(cities))
	}
	roadParts := roadsWords(roads, !monastery && !threeSided, monastery)
	if len(head) > 0 {
		rest = append(rest, roadParts...)
	} else {
		head = append(head, andWords(roadParts))
	}
	if tt.arms {
		rest = append(rest, "a coat of arms")
	}
	if cathedral {
		rest = append(rest, "a cathedral")
	}
	rest = append(rest, oneOrTwo(inns, "an inn", "two inns")...)
	rest = append(rest, goods...)
	if tt.garden >= 0 {
		rest = append(rest, "a garden")
	}
	if tt.portal {
		rest = append(rest, "a magic portal")
	}
	if len(rest) > 0 {
		return head[0] + " with " + andWords(rest)
	}
	return head[0]
}

func popSides(m uint8) int { return int(m&1 + m>>1&1 + m>>2&1 + m>>3&1) }

// oppositeSides reports whether a two-sided segment runs across the tile (north-south or east-west).
func oppositeSides(m uint8) bool { return m == 0b0101 || m == 0b1010 }

// numberWords are the counts the tile words spell out.
var numberWords = [...]string{"", "a", "two", "three", "four"}

// citiesWords names the tile's cities, the biggest first, alike ones counted ("a city corner and two city
// caps").
func citiesWords(cities []uint8) string {
	shape := func(m uint8) string {
		switch popSides(m) {
		case 1:
			return "cap"
		case 2:
			if oppositeSides(m) {
				return "across"
			}
			return "corner"
		case 3:
			return "3"
		}
		return "4"
	}
	var parts []string
	for _, want := range []string{"4", "3", "across", "corner", "cap"} {
		n := 0
		for _, c := range cities {
			if shape(c) == want {
				n++
			}
		}
		switch {
		case n == 0:
		case want == "4":
			parts = append(parts, "a city on all four sides")
		case want == "3":
			parts = append(parts, "a three-sided city")
		case want == "across":
			parts = append(parts, "a city across the tile")
		case n == 1:
			parts = append(parts, "a city "+want)
		default:
			parts = append(parts, numberWords[min(n, 4)]+" city "+want+"s")
		}
	}
	return andWords(parts)
}

// roadsWords names the roads: three or four road ends meeting in the middle are a crossroads (not on a
// monastery, nor beside a three-sided city); those leaving a monastery are roads; a road between two
// sides is straight or a bend.
func roadsWords(roads []uint8, crossroads, monastery bool) []string {
	ends, straight, bends := 0, 0, 0
	for _, r := range roads {
		switch {
		case popSides(r) == 1:
			ends++
		case oppositeSides(r):
			straight++
		default:
			bends++
		}
	}
	var parts []string
	switch {
	case crossroads && ends >= 3:
		parts = append(parts, fmt.Sprintf("a %s-way crossroads", numberWords[min(ends, 4)]))
	case ends == 1 && monastery:
		parts = append(parts, "a road")
	case ends == 1:
		parts = append(parts, "a road end")
	case ends > 1 && monastery:
		parts = append(parts, numberWords[min(ends, 4)]+" roads")
	case ends > 1:
		parts = append(parts, numberWords[min(ends, 4)]+" road ends")
	}
	switch {
	case straight == 1:
		parts = append(parts, "a straight road")
	case straight > 1:
		parts = append(parts, "two crossing roads")
	}
	return append(parts, oneOrTwo(bends, "a road bend", "two road bends")...)
}

// oneOrTwo is nothing, one or two of a thing in words (no tile holds more than two inns or road bends).
func oneOrTwo(n int, one, two string) []string {
	switch n {
	case 0:
		return nil
	case 1:
		return []string{one}
	}
	return []string{two}
}

// andWords joins phrases: "a, b and c".
func andWords(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
