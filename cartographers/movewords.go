package cartographers

import (
	"encoding/json"
	"fmt"
	"strings"
)

// MoveWords names a move in English as the story names spaces, as printed on the sheet (row A-K,
// column 1-11): "village on A1 A2 A3 A4", "a hero on F6, its pattern turned a quarter clockwise",
// "a monster on K1 K2", "Gorgon Gaze destroys C4". A move the game cannot read is refused, with the reason.
func MoveWords(raw json.RawMessage) (string, error) {
	m, err := ParseMove(raw)
	if err != nil {
		return "", fmt.Errorf("cartographers move words: %w", err)
	}
	cells := strings.Join(cellNames(m.Cells), " ")
	switch m.Type {
	case DecideDraw:
		if m.Fallback {
			return fmt.Sprintf("%s on %s (the single space offered when no shape fits)", m.Terrain, cells), nil
		}
		return fmt.Sprintf("%s on %s", m.Terrain, cells), nil
	case DecideHero:
		s := "a hero on " + cells
		if turn := [4]string{"", "a quarter clockwise", "half round", "a quarter anticlockwise"}[m.Rotation&3]; turn != "" {
			s += ", its pattern turned " + turn
		}
		if m.Flip {
			s += ", flipped"
		}
		return s, nil
	case DecideAmbush:
		return "a monster on " + cells, nil
	case DecideGorgon:
		return "Gorgon Gaze destroys " + cells, nil
	case DecideTroll:
		return "Giant Troll Ravage destroys " + cells, nil
	}
	return m.Type.String() + " " + cells, nil
}
