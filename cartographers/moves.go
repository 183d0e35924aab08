package cartographers

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/surveyor-game/surveyor/game"
)

// Move is one decision in the typed API. Its Type is the kind of decision it answers.
type Move struct {
	Type DecisionKind
	// Option is the index of the explore card's shape (draw moves).
	Option int
	// Fallback draws the 1x1 allowed when no offered shape fits or the ruins demand cannot be met.
	Fallback bool
	// Terrain is the terrain drawn (draw moves).
	Terrain Kind
	// Cells are the spaces drawn, or the one space destroyed (Gorgon, Troll).
	Cells Bits
	// Rotation (quarter turns clockwise) and Flip orient a hero's attack pattern, flip first.
	Rotation int
	Flip     bool
}

// moveJSON is the JSON form of every move (docs/records.md, "Cartographers moves").
type moveJSON struct {
	Type     string  `json:"type"`
	Option   *int    `json:"option,omitempty"`
	Fallback bool    `json:"fallback,omitempty"`
	Terrain  string  `json:"terrain,omitempty"`
	Cells    [][]int `json:"cells"`
	Rotation int     `json:"rotation,omitempty"`
	Flip     bool    `json:"flip,omitempty"`
}

// moveFields are the JSON keys of a move, exactly as written: encoding/json alone would also match
// "Type" or "CELLS", and keep the last of two equal keys.
var moveFields = []string{"type", "option", "fallback", "terrain", "cells", "rotation", "flip"}

// CellList lists a set's cells as [row, col] pairs in increasing order.
func CellList(b Bits) [][2]int {
	out := make([][2]int, 0, b.Count())
	b.EachCell(func(c Cell) { out = append(out, [2]int{c.Row(), c.Col()}) })
	return out
}

// MarshalJSON writes the move's JSON form.
func (m Move) MarshalJSON() ([]byte, error) {
	j := moveJSON{Type: m.Type.String(), Cells: make([][]int, 0, m.Cells.Count())}
	m.Cells.EachCell(func(c Cell) { j.Cells = append(j.Cells, []int{c.Row(), c.Col()}) })
	switch m.Type {
	case DecideDraw:
		j.Terrain = m.Terrain.String()
		if m.Fallback {
			j.Fallback = true
		} else {
			opt := m.Option
			j.Option = &opt
		}
	case DecideHero:
		j.Rotation, j.Flip = m.Rotation, m.Flip
	case NoDecision:
		return nil, fmt.Errorf("cartographers: a move needs a type")
	case DecideAmbush, DecideGorgon, DecideTroll:
	default:
		return nil, fmt.Errorf("cartographers: unknown move type %d", m.Type)
	}
	return json.Marshal(j)
}

func badMove(format string, a ...any) error {
	return fmt.Errorf("%w: %s", game.ErrBadMove, fmt.Sprintf(format, a...))
}

// ParseMove reads a move's JSON form. Unknown fields, unknown names, cells off the map or repeated, and
// fields that do not belong to the move's type are errors wrapping game.ErrBadMove.
func ParseMove(raw []byte) (Move, error) {
	var j moveJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return Move{}, badMove("cartographers move: %v", err)
	}
	if dec.More() {
		return Move{}, badMove("cartographers move: trailing data after the object")
	}
	if err := exactKeys(raw, moveFields); err != nil {
		return Move{}, badMove("cartographers move: %v", err)
	}
	var m Move
	switch j.Type {
	case "draw":
		m.Type = DecideDraw
	case "hero":
		m.Type = DecideHero
	case "ambush":
		m.Type = DecideAmbush
	case "gorgon":
		m.Type = DecideGorgon
	case "troll":
		m.Type = DecideTroll
	default:
		return Move{}, badMove("unknown move type %q (want draw, hero, ambush, gorgon or troll)", j.Type)
	}
	for _, rc := range j.Cells {
		if len(rc) != 2 {
			return Move{}, badMove("cell %v is not a [row, col] pair", rc)
		}
		if rc[0] < 0 || rc[0] >= Size || rc[1] < 0 || rc[1] >= Size {
			return Move{}, badMove("cell [%d,%d] is off the map (rows and columns are 0 to 10)", rc[0], rc[1])
		}
		c := CellAt(rc[0], rc[1])
		if m.Cells.Has(c) {
			return Move{}, badMove("cell [%d,%d] is listed twice", rc[0], rc[1])
		}
		m.Cells = m.Cells.With(c)
	}
	if m.Cells.Empty() {
		return Move{}, badMove("%s move without cells", j.Type)
	}
	if m.Type != DecideDraw && (j.Option != nil || j.Fallback || j.Terrain != "") {
		return Move{}, badMove("option, fallback and terrain belong to draw moves only")
	}
	if m.Type != DecideHero && (j.Rotation != 0 || j.Flip) {
		return Move{}, badMove("rotation and flip belong to hero moves only")
	}
	if m.Type == DecideDraw {
		switch {
		case j.Fallback && j.Option != nil:
			return Move{}, badMove("a draw is either an option or the fallback, not both")
		case j.Fallback:
			m.Fallback = true
		case j.Option == nil:
			return Move{}, badMove("draw move without option (or fallback)")
		default:
			m.Option = *j.Option
		}
		k, ok := TerrainByName(j.Terrain)
		if !ok {
			return Move{}, badMove("unknown terrain %q", j.Terrain)
		}
		m.Terrain = k
	}
	m.Rotation, m.Flip = j.Rotation, j.Flip
	return m, nil
}

// exactKeys checks that raw, a JSON value already decoded without error, names at its top level only
// keys among known (at most 64), spelled exactly and none twice. It scans the bytes rather than
// tokenising again, which would cost an allocation per token; a key written with escapes is refused.
func exactKeys(raw []byte, known []string) error {
	depth, inString, escaped, isKey, nextIsKey, start := 0, false, false, false, false, 0
	var seen uint64
	for i, ch := range raw {
		if inString {
			switch {
			case escaped:
				escaped = false
			case ch == '\\':
				escaped = true
			case ch == '"':
				inString = false
				if isKey {
					if err := checkKey(raw[start:i], known, &seen); err != nil {
						return err
					}
				}
			}
			continue
		}
		switch ch {
		case '"':
			inString, isKey, nextIsKey, start = true, nextIsKey, false, i+1
		case '{', '[':
			depth++
			nextIsKey = depth == 1 && ch == '{'
		case '}', ']':
			depth--
		case ',':
			nextIsKey = depth == 1
		}
	}
	return nil
}

// checkKey looks one key up in known and marks it seen.
func checkKey(key []byte, known []string, seen *uint64) error {
	for j, k := range known {
		if string(key) == k {
			if *seen&(1<<j) != 0 {
				return fmt.Errorf("field %q given twice", key)
			}
			*seen |= 1 << j
			return nil
		}
	}
	return fmt.Errorf("unknown field %q", key)
}

// TerrainByName reads a drawable terrain's name (forest, village, farm, water, monster, hero).
func TerrainByName(name string) (Kind, bool) {
	for k := Forest; k <= Hero; k++ {
		if k.String() == name {
			return k, true
		}
	}
	return Empty, false
}
