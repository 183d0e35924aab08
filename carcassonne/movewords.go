package carcassonne

import (
	"encoding/json"
	"fmt"
	"strings"
)

// MoveWords names a move laying the tile now drawn in English, as the story and the replay name a
// placement: the tile by what it shows, where it goes from the start tile, how it is turned, then the
// figure and the segment it stands on, an abbot recalled, the mage or the witch moved ("a city cap with a
// straight road, 1 north, 2 east of the start tile, turned a quarter clockwise; a meeple on the city on
// the north side"). A move the game cannot read is refused, with the reason.
func (g *Game) MoveWords(raw json.RawMessage) (string, error) {
	if g.over {
		return "", fmt.Errorf("carcassonne move words: the game is over: no tile is drawn")
	}
	var mj MoveJSON
	if err := json.Unmarshal(raw, &mj); err != nil {
		return "", fmt.Errorf("carcassonne move words: %w", err)
	}
	if mj.X == nil || mj.Y == nil || mj.Rotation == nil {
		return "", fmt.Errorf("carcassonne move words: x, y and rotation are required")
	}
	parts := []string{TileWords(g.current) + ", " + whereWords(*mj.X, *mj.Y) + turnWords[(*mj.Rotation/90)&3]}
	if mj.Meeple != "" {
		fig := "meeple"
		if f, ok := figureByName(mj.Figure); ok {
			fig = figureWords[f]
		}
		parts = append(parts, "a "+fig+" on "+segmentWords(mj.Meeple))
	}
	if mj.Recall != nil {
		parts = append(parts, "the abbot recalled from "+whereWords(mj.Recall.X, mj.Recall.Y))
	}
	if mg := mj.Magic; mg != nil {
		switch {
		case mg.Remove:
			parts = append(parts, "the "+mg.Figure+" taken off the board")
		case mg.X != nil && mg.Y != nil:
			parts = append(parts, "the "+mg.Figure+" to "+segmentWords(mg.Segment)+" "+whereWords(*mg.X, *mg.Y))
		}
	}
	return strings.Join(parts, "; "), nil
}

// turnWords say how a tile is turned, by quarter turns clockwise, as the replay says it.
var turnWords = [4]string{"", ", turned a quarter clockwise", ", turned half round", ", turned a quarter anticlockwise"}

// segmentWords name a segment by its move form's name ("city:N", "field:Es", "monastery") in words: the
// feature and the side, or the corner of a field, it touches as laid.
func segmentWords(name string) string {
	kind, at, ok := strings.Cut(name, ":")
	if !ok {
		return "the " + kind
	}
	sides := map[string]string{"N": "north", "E": "east", "S": "south", "W": "west"}
	if side, ok := sides[at]; ok {
		return "the " + kind + " on the " + side + " side"
	}
	corners := map[string]string{"Nw": "north-west", "Wn": "north-west", "Ne": "north-east", "En": "north-east",
		"Es": "south-east", "Se": "south-east", "Sw": "south-west", "Ws": "south-west", "inner": "middle"}
	if c, ok := corners[at]; ok {
		return "the " + kind + " in the " + c
	}
	return "the " + name
}
