package carcassonne

import (
	"github.com/surveyor-game/surveyor/game"
)

// ScoreEvent is one scoring as shown to players.
type ScoreEvent struct {
	// Turn is the number of tiles laid before this scoring's tile (0 for the first turn); Final marks the
	// scoring after the last tile.
	Turn    int    `json:"turn"`
	Final   bool   `json:"final"`
	Feature string `json:"feature"`
	Tiles   []Pos  `json:"tiles"`
	// Meeples is the strength of each seat's figures in the feature (farmers for a field): a meeple 1, a
	// large meeple 2.
	Meeples []int `json:"meeples"`
	// Cities is, for a field, the number of completed cities it borders.
	Cities    int   `json:"cities,omitempty"`
	Receivers []int `json:"receivers"`
	// Points go to each receiver. BasePoints is the value without the active Land Surveyors tile, which
	// Surveyor names; SurveyorDelta is Points − BasePoints, and ExtraReceivers are the seats Citizens' Jury
	// let score beside the majority.
	Points         int    `json:"points"`
	BasePoints     int    `json:"base_points"`
	Surveyor       string `json:"surveyor,omitempty"`
	SurveyorDelta  int    `json:"surveyor_delta,omitempty"`
	ExtraReceivers []int  `json:"extra_receivers,omitempty"`
	// Modifiers are what the expansions changed, in the order they applied (Points − BasePoints in all);
	// omitted in a base game, whose scorings keep the form above.
	Modifiers []Modifier `json:"modifiers,omitempty"`
	// Goods names the kind of a goods scoring (Feature "goods": the most tokens of a kind at the end,
	// Traders & Builders).
	Goods string `json:"goods,omitempty"`
	// Recall marks the scoring of a feature whose abbot its owner took back (the Abbot).
	Recall bool `json:"recall,omitempty"`
}

// Modifier is one change an expansion made to a scoring: its id (a Land Surveyors tile's, "inn"...) and
// the points it made.
type Modifier struct {
	Name  string `json:"name"`
	Delta int    `json:"delta"`
}

// modifierWords are the words that name a modifier id for people ("highway" is "Highway"), "" if no
// expansion knows it.
func modifierWords(name string) string {
	for _, x := range expansions {
		if x.modifier == nil {
			continue
		}
		for id := int8(0); id < 127; id++ {
			n, w := x.modifier(id)
			if n == "" {
				break
			}
			if n == name {
				return w
			}
		}
	}
	return ""
}

func seatsOf(mask uint8) []int {
	out := []int{}
	for s := 0; s < maxPlayers; s++ {
		if mask&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// Events lists every scoring so far in order.
func (g *Game) Events() []ScoreEvent {
	out := make([]ScoreEvent, 0, len(g.events))
	for _, e := range g.events {
		se := ScoreEvent{
			Turn: int(e.turn), Final: e.final, Feature: e.kind.String(), Cities: int(e.cities),
			Receivers: seatsOf(e.receivers), Points: int(e.points), BasePoints: int(e.base), Recall: e.recall,
		}
		if e.kind == Goods {
			se.Goods, se.Cities = goodsNames[e.cities], 0
		}
		for _, t := range g.evTiles[e.tilesFrom : e.tilesFrom+int32(e.tilesLen)] {
			se.Tiles = append(se.Tiles, posOf(int(g.board.tiles[t].cell)))
		}
		for s := 0; s < g.players; s++ {
			se.Meeples = append(se.Meeples, int(e.meeples[s]))
		}
		for _, m := range e.mods[:e.nmods] {
			x := expansions[m.x]
			// A game of the base game (with or without the Land Surveyors) tells its scorings as it
			// always did, so that the records of such games replay to the same narrative.
			if g.opts.Expansions != 0 {
				name, _ := x.modifier(m.id)
				se.Modifiers = append(se.Modifiers, Modifier{Name: name, Delta: int(m.delta)})
			}
			if x.eventView != nil {
				x.eventView(g, m, &e, &se)
			}
		}
		out = append(out, se)
	}
	return out
}

// TileView is a laid tile.
type TileView struct {
	X        int          `json:"x"`
	Y        int          `json:"y"`
	Tile     string       `json:"tile"`
	Rotation int          `json:"rotation"`
	Meeples  []MeepleView `json:"meeples,omitempty"`
}

// MeepleView is a figure standing on a segment, named as in the move form; Figure is omitted for a meeple.
type MeepleView struct {
	Seat    int    `json:"seat"`
	Segment string `json:"segment"`
	Figure  string `json:"figure,omitempty"`
}

// SurveyorView is one Land Surveyors pile: its active tile and the face-up tile on top of the pile.
type SurveyorView struct {
	Active string `json:"active"`
	Name   string `json:"name"`
	Next   string `json:"next"`
	Size   int    `json:"size"`
}

// View is what anyone at the table sees. The draw pile shows only its size: the order of the tiles and the
// seed stay hidden; the tile just drawn is public.
type View struct {
	Seat      int        `json:"seat"`
	Players   int        `json:"players"`
	ToAct     int        `json:"to_act"`
	Turn      int        `json:"turn"`
	Tile      string     `json:"tile,omitempty"`
	DrawPile  int        `json:"draw_pile"`
	Discarded []string   `json:"discarded"`
	Board     []TileView `json:"board"`
	Scores    []int      `json:"scores"`
	Supply    []int      `json:"supply"`
	// Supplies are each seat's figures in hand by kind, for the kinds the game plays with.
	Supplies  []map[string]int        `json:"supplies"`
	Surveyors map[string]SurveyorView `json:"surveyors,omitempty"`
	// Goods are each seat's goods tokens by kind ({"wine":2,"grain":0,"cloth":1}), with Traders &
	// Builders only; DoubleTurn marks the tile to lay as the builder's second tile of the seat to act.
	Goods      []map[string]int `json:"goods,omitempty"`
	DoubleTurn bool             `json:"double_turn,omitempty"`
	// Neutral are the figures of no seat on the board: the mage and the witch (the Mage & Witch).
	Neutral []NeutralView `json:"neutral,omitempty"`
	Events  []ScoreEvent  `json:"events"`
	Over    bool          `json:"over"`
}

// View is the same for every seat: Carcassonne has no private information besides the draw order.
func (g *Game) View(seat game.Seat) any {
	v := View{
		Seat: int(seat), Players: g.players, ToAct: g.ToActSeat(), Turn: g.turn, DrawPile: g.DrawPileSize(),
		Discarded: []string{}, Scores: g.scoresSlice(), Events: g.Events(), Over: g.over,
	}
	if !g.over {
		v.Tile = types[g.current].name
	}
	for i := 0; i < g.ndisc; i++ {
		v.Discarded = append(v.Discarded, types[g.discarded[i]].name)
	}
	kinds := g.figureKinds()
	for s := 0; s < g.players; s++ {
		v.Supply = append(v.Supply, g.supply[s][Meeple])
		m := map[string]int{}
		for f := Figure(0); f < numFigures; f++ {
			if kinds&(1<<f) != 0 {
				m[f.String()] = g.supply[s][f]
			}
		}
		v.Supplies = append(v.Supplies, m)
	}
	for i := 0; i < g.board.ntiles; i++ {
		p := &g.board.tiles[i]
		pos := posOf(int(p.cell))
		tv := TileView{X: pos.X, Y: pos.Y, Tile: types[p.typ].name, Rotation: 90 * int(p.rot)}
		for s := range types[p.typ].segs {
			if o := g.feat.owner[node(i, s)]; o != 0 {
				mv := MeepleView{Seat: int(o - 1), Segment: segName(int(p.typ), int(p.rot), s)}
				if f := g.feat.fig[node(i, s)]; f != Meeple {
					mv.Figure = f.String()
				}
				tv.Meeples = append(tv.Meeples, mv)
			}
		}
		v.Board = append(v.Board, tv)
	}
	g.expansionView(&v)
	return v
}

func (g *Game) scoresSlice() []int {
	out := make([]int, g.players)
	copy(out, g.scores[:g.players])
	return out
}

// figureKinds is the set of figure kinds the seats of this game have (bit per Figure).
func (g *Game) figureKinds() uint16 {
	kinds := uint16(1) << Meeple
	for _, x := range g.exps {
		for f, n := range x.figures {
			if n > 0 {
				kinds |= 1 << f
			}
		}
	}
	return kinds
}
