package cartographers

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/surveyor-game/surveyor/game"
)

// The narrative (game.Narrator) tells a game as a record keeps it: the edicts, every card revealed, each
// placement the engine made without a move (solo ambushes, forced Gorgon and Troll targets, zombie
// spreads, ambushes that fit nowhere), the coins gained and each season's scores. It is off by default:
// bots clone and play games by the million, and only hosts that keep records ask for it (Narrate).

// narrator collects the narrative of one game.
type narrator struct {
	events []game.Event
	moves  int   // moves played so far: an event's moment
	coins  []int // each sheet's coins when last told
	turn   int   // cards revealed this season, for "Spring, turn 3"
}

// NewToldGame is NewGame for a game that tells its narrative from the setup on (game.Narrator).
func NewToldGame(o Options, seats int, seed uint64) (*Game, error) {
	return newGame(o, seats, seed, true)
}

// tellSetup tells what the setup shows everyone: the map side and the edicts.
func (g *Game) tellSetup() {
	if g.narr == nil {
		return
	}
	names := make([]string, 4)
	for i, e := range g.edicts {
		names[i] = scoringCards[e].Name
	}
	g.tell(-1, "edicts", map[string]any{"edicts": names}, "Edicts: A %s, B %s, C %s, D %s", names[0], names[1], names[2], names[3])
}

// Narrative implements game.Narrator: every event told so far (none unless Narrate was called).
func (g *Game) Narrative() []game.Event {
	if g.narr == nil {
		return nil
	}
	return g.narr.events
}

// tell adds an event about sheet seat (-1: the whole table).
func (g *Game) tell(seat int, kind string, data any, format string, args ...any) {
	n := g.narr
	if n == nil {
		return
	}
	e := game.Event{After: n.moves, Kind: kind, Text: fmt.Sprintf(format, args...)}
	if seat >= 0 {
		e.Seat = game.SeatRef(game.Seat(seat))
	}
	if data != nil {
		e.Data, _ = json.Marshal(data)
	}
	n.events = append(n.events, e)
}

// tellCard tells a card just revealed.
func (g *Game) tellCard(id CardID) {
	if g.narr == nil {
		return
	}
	g.tellCoins() // coins the last placements earned come before the next card
	g.narr.turn++
	c := &cardTable[id]
	season := seasonCards[g.season].Name
	data := map[string]any{"season": season, "turn": g.narr.turn, "card": c.Name, "type": cardTypeNames[c.Type]}
	switch c.Type {
	case ExploreCard, RiftCard:
		data["time"] = c.Time
		g.tell(-1, "card", data, "%s, turn %d: %s (time %d) — drawn by all", season, g.narr.turn, c.Name, c.Time)
	case RuinsCard:
		g.tell(-1, "card", data, "%s, turn %d: %s — the next card must cover ruins", season, g.narr.turn, c.Name)
	case AmbushCard:
		g.tell(-1, "card", data, "%s, turn %d: %s (ambush)", season, g.narr.turn, c.Name)
	case HeroCard:
		g.tell(-1, "card", data, "%s, turn %d: %s (hero)", season, g.narr.turn, c.Name)
	}
}

// tellPlaced tells spaces the engine filled or destroyed on sheet i without a move.
func (g *Game) tellPlaced(i int, id CardID, what string, cells Bits) {
	if g.narr == nil {
		return
	}
	g.tell(i, "placement", map[string]any{"card": cardTable[id].Name, "action": what, "spaces": cellNames(cells)},
		"%s %s %s on {seat %d}'s sheet", cardTable[id].Name, what, strings.Join(cellNames(cells), " "), i)
}

// tellAmbush tells a monster a neighbour drew on sheet i (a move, told so that the story says whose
// sheet the monster went on).
func (g *Game) tellAmbush(i, by int, id CardID, cells Bits) {
	if g.narr == nil {
		return
	}
	g.tell(i, "placement", map[string]any{"card": cardTable[id].Name, "action": "is drawn on", "spaces": cellNames(cells), "by": by},
		"{seat %d} draws %s on {seat %d}'s sheet: %s", by, cardTable[id].Name, i, strings.Join(cellNames(cells), " "))
}

// tellIgnored tells an ambush that fits nowhere on sheet i.
func (g *Game) tellIgnored(i int, id CardID) {
	g.tell(i, "placement", map[string]any{"card": cardTable[id].Name, "action": "ignored"},
		"%s fits nowhere on {seat %d}'s sheet: ignored", cardTable[id].Name, i)
}

// tellCoins tells the coins each sheet gained since last told.
func (g *Game) tellCoins() {
	n := g.narr
	if n == nil {
		return
	}
	for i := range g.players {
		c := g.players[i].sheet.coins
		if d := c - n.coins[i]; d > 0 {
			g.tell(i, "coins", map[string]int{"gained": d, "coins": c}, "{seat %d} gains %d coin%s (%d in all)", i, d, plural(d), c)
		}
		n.coins[i] = c
	}
}

// tellSeason tells the season's score of every sheet.
func (g *Game) tellSeason() {
	if g.narr == nil {
		return
	}
	g.tellCoins() // coins earned by the season's last placements come before the score that counts them
	season := seasonCards[g.season].Name
	ed := seasonCards[g.season].Edicts
	for i := range g.players {
		p := &g.players[i]
		sc := p.seasons[g.season]
		g.tell(i, "season_score", map[string]any{"season": season, "score": sc, "total": p.score},
			"End of %s: {seat %d} scores %d (edict %s %d, edict %s %d, coins %d, monsters −%d), %d in all",
			strings.ToLower(season), i, sc.Total, edictNames[ed[0]], sc.Edicts[0], edictNames[ed[1]], sc.Edicts[1], sc.Coins, sc.Monsters, p.score)
	}
	g.narr.turn = 0
}

// tellEnd tells the final ranking (and the solo rating).
func (g *Game) tellEnd() {
	if g.narr == nil {
		return
	}
	ranks := g.Ranks()
	for i := range g.players {
		data := map[string]int{"score": g.players[i].score, "rank": ranks[i]}
		if g.Solo() {
			r := g.SoloRating()
			data["rating"] = r
			g.tell(i, "end", data, "Final: {seat %d} %d stars, rating %d: %s", i, g.players[i].score, r, SoloTitle(r))
			continue
		}
		g.tell(i, "end", data, "Final: {seat %d} %d stars, rank %d", i, g.players[i].score, ranks[i])
	}
}

// cellNames names spaces as printed on the sheet: a row letter A-K, then a column 1-11.
func cellNames(b Bits) []string {
	var out []string
	b.EachCell(func(c Cell) { out = append(out, fmt.Sprintf("%c%d", 'A'+c.Row(), c.Col()+1)) })
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
