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
