package carcassonne

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/surveyor-game/surveyor/game"
)

// Narrative implements game.Narrator: the game told as its record keeps it. At the start, the Land
// Surveyors piles' order (told once the game is over: until then the piles below the next tile are
// hidden); then, move by move, the tile each seat drew (named in words by TileWords, its id in the data), the tiles set aside because they fit nowhere, and
// every scoring with its points and the Land Surveyors tile that changed them; at the end the final
// scores. It is built on demand from what the game keeps anyway, so that live play pays nothing for it.
func (g *Game) Narrative() []game.Event {
	var out []game.Event
	add := func(after, seat int, kind string, data any, format string, args ...any) {
		e := game.Event{After: after, Kind: kind, Text: fmt.Sprintf(format, args...)}
		if seat >= 0 {
			e.Seat = game.SeatRef(game.Seat(seat))
		}
		e.Data, _ = json.Marshal(data)
		out = append(out, e)
	}
	if g.over {
		for _, x := range g.exps {
			if x.tellSetup != nil {
				if data, text, ok := x.tellSetup(g); ok {
					add(0, -1, "piles", data, "%s", text)
				}
			}
		}
	}
	scorings := g.Events()
	next := 0 // the next scoring to tell
	tellScorings := func(turn int, final bool) {
		for ; next < len(scorings) && scorings[next].Final == final && (final || scorings[next].Turn == turn); next++ {
			se := scorings[next]
			after := se.Turn + 1
			if se.Final {
				after = g.turn
			}
			kind := "scoring"
			if se.Recall {
				kind = "recall" // the Abbot: a seat took its abbot back and scored its feature at once
			}
			add(after, -1, kind, se, "%s", scoringText(se))
		}
	}
	// Walk the deck as far as it was drawn: a set-aside tile is told where it was turned up, every other
	// tile is the one the next turn laid (the last, if the game goes on, is the tile now to lay).
	disc, turn, seat := 0, 0, g.players-1
	for pos := 0; pos < g.drawPos; pos++ {
		after := turn
		// The data keep the tile's id, for programs; the text names it by what it shows, for people.
		letter, tile := types[g.deck[pos]].name, TileWords(int(g.deck[pos]))
		if disc < g.ndisc && int(g.discPos[disc]) == pos {
			add(after, -1, "set_aside", map[string]string{"tile": letter}, "%s%s fits nowhere: set aside", strings.ToUpper(tile[:1]), tile[1:])
			disc++
			continue
		}
		if words, second := g.secondTile(turn); second {
			add(after, seat, "tile", map[string]any{"turn": turn + 1, "tile": letter, "second": true},
				"Turn %d: {seat %d} draws %s (%s)", turn+1, seat, tile, words)
		} else {
			seat = (seat + 1) % g.players
			add(after, seat, "tile", map[string]any{"turn": turn + 1, "tile": letter},
				"Turn %d: {seat %d} draws %s", turn+1, seat, tile)
		}
		if turn < g.turn {
			for _, x := range g.exps {
				if x.tellTurn != nil {
					x.tellTurn(g, turn, func(kind string, data any, text string) { add(turn+1, seat, kind, data, "%s", text) })
				}
			}
			tellScorings(turn, false)
		}
		turn++
	}
	if g.over {
		tellScorings(0, true)
		var parts []string
		for s := 0; s < g.players; s++ {
			parts = append(parts, fmt.Sprintf("{seat %d} %d", s, g.scores[s]))
		}
		add(g.turn, -1, "end", map[string][]int{"scores": g.scoresSlice()}, "Final scores: %s", strings.Join(parts, ", "))
	}
	return out
}

// scoringText tells one scoring: who scores how much for what, and what a Land Surveyors tile changed.
func scoringText(se ScoreEvent) string {
	var b strings.Builder
	if se.Final {
		b.WriteString("Final scoring: ")
	}
	if se.Recall {
		b.WriteString(recallWords)
	}
	switch se.Feature {
	case "goods":
		fmt.Fprintf(&b, "most %s", se.Goods)
	case "field":
		fmt.Fprintf(&b, "field next to %d completed cit%s", se.Cities, map[bool]string{true: "y", false: "ies"}[se.Cities == 1])
	default:
		fmt.Fprintf(&b, "%s of %d tile%s", se.Feature, len(se.Tiles), map[bool]string{true: "", false: "s"}[len(se.Tiles) == 1])
	}
	if len(se.Receivers) == 0 {
		b.WriteString(": no one scores")
	} else {
		var who []string
		for _, s := range se.Receivers {
			who = append(who, fmt.Sprintf("{seat %d}", s))
		}
		fmt.Fprintf(&b, ": %s %+d", strings.Join(who, " and "), se.Points)
	}
	mods := se.Modifiers
	if len(mods) == 0 && se.Surveyor != "" {
		// a scoring recorded before scorings had a list of modifiers
		mods = []Modifier{{Name: se.Surveyor, Delta: se.SurveyorDelta}}
	}
	for _, m := range mods {
		w := modifierWords(m.Name)
		if w == "" {
			w = m.Name
		}
		fmt.Fprintf(&b, " (%s: %+d)", w, m.Delta)
	}
	return b.String()
}
