package cartographers

import (
	"fmt"
	"strings"
)

// The map text format (shared/formats/cartographers-map.md): 11 rows of 11 cells, spaces and tabs inside
// a row ignored, blank lines and lines starting with ';' ignored.

// cellChar is the character of each layer; a drawn ruins space uses the lower-case form from ruinsChar.
var cellChar = [numLayers]byte{
	Forest: 'F', Village: 'V', Farm: 'A', Water: 'W', Monster: 'X', Hero: 'H',
	Mountain: 'M', Wasteland: '#', Destroyed: '*',
}

var ruinsChar = [numLayers]byte{
	Forest: 'f', Village: 'v', Farm: 'a', Water: 'w', Monster: 'x', Hero: 'h', Destroyed: '+',
}

// charCell decodes one cell character: the kind in it (Empty for none) and whether it is a ruins space.
func charCell(ch rune) (k Kind, ruins, ok bool) {
	switch ch {
	case '.':
		return Empty, false, true
	case 'r':
		return Empty, true, true
	}
	for k := range numLayers {
		if rune(cellChar[k]) == ch {
			return k, false, true
		}
		if ruinsChar[k] != 0 && rune(ruinsChar[k]) == ch {
			return k, true, true
		}
	}
	return Empty, false, false
}

// ParseMap reads a sheet in the map text format. Errors name the line and column (both from 1; the
// column counts characters). A trailing carriage return is accepted so that maps saved on Windows read.
// Coins are not part of the format: the sheet has none, and its surrounded mountains count as paid.
func ParseMap(text string) (Sheet, error) {
	var s Sheet
	row := 0
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		line = strings.TrimSuffix(line, "\r")
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed == "" || trimmed[0] == ';' {
			continue
		}
		if row == Size {
			return Sheet{}, fmt.Errorf("line %d, column %d: the map already has %d rows", i+1, 1+runeCount(line)-runeCount(trimmed), Size)
		}
		col, pos := 0, 0
		for _, ch := range line {
			pos++
			if ch == ' ' || ch == '\t' {
				continue
			}
			k, ruins, ok := charCell(ch)
			if !ok {
				return Sheet{}, fmt.Errorf("line %d, column %d: %q is not a map cell (want one of .FVAWXHM#*r fvawxh+)", i+1, pos, ch)
			}
			if col == Size {
				return Sheet{}, fmt.Errorf("line %d, column %d: row %d has more than %d cells", i+1, pos, row+1, Size)
			}
			c := CellAt(row, col)
			if k != Empty {
				s.layer[k] = s.layer[k].With(c)
			}
			if ruins {
				s.ruins = s.ruins.With(c)
			}
			col++
		}
		if col < Size {
			return Sheet{}, fmt.Errorf("line %d, column %d: row %d has %d of %d cells", i+1, pos+1, row+1, col, Size)
		}
		row++
	}
	if row < Size {
		return Sheet{}, fmt.Errorf("line %d, column 1: the map ends after %d rows, want %d", len(lines)+1, row, Size)
	}
	s.coinedMountains = s.layer[Mountain].AndNot(s.EmptySpaces().Neighbours())
	return s, nil
}

func runeCount(s string) int { return len([]rune(s)) }

// MapText writes the sheet in the map text format: 11 lines of 11 characters, no comment. Hit markings
// and coins are not part of the format and are left out.
func (s *Sheet) MapText() string {
	var sb strings.Builder
	sb.Grow(Size * (Size + 1))
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			sb.WriteByte(s.cellText(CellAt(r, c)))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func (s *Sheet) cellText(c Cell) byte {
	k, ruins := s.At(c), s.ruins.Has(c)
	switch {
	case k == Empty && ruins:
		return 'r'
	case k == Empty:
		return '.'
	case ruins && ruinsChar[k] != 0:
		return ruinsChar[k]
	default:
		return cellChar[k]
	}
}
