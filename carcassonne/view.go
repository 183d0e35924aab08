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
	// Meeples counts the meeples (farmers for a field) of each seat in the feature.
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
			Receivers: seatsOf(e.receivers), Points: int(e.points), BasePoints: int(e.base),
		}
		for _, t := range g.evTiles[e.tilesFrom : e.tilesFrom+int32(e.tilesLen)] {
			se.Tiles = append(se.Tiles, posOf(int(g.board.tiles[t].cell)))
		}
		for s := 0; s < g.players; s++ {
			se.Meeples = append(se.Meeples, int(e.meeples[s]))
		}
		if e.surveyor >= 0 {
			se.Surveyor = surveyorTiles[e.surveyor].id
			se.SurveyorDelta = int(e.points - e.base)
			if extra := e.receivers &^ e.majority; extra != 0 {
				se.ExtraReceivers = seatsOf(extra)
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

// MeepleView is a meeple standing on a segment, named as in the move form.
type MeepleView struct {
	Seat    int    `json:"seat"`
	Segment string `json:"segment"`
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
	Seat      int                     `json:"seat"`
	Players   int                     `json:"players"`
	ToAct     int                     `json:"to_act"`
	Turn      int                     `json:"turn"`
	Tile      string                  `json:"tile,omitempty"`
	DrawPile  int                     `json:"draw_pile"`
	Discarded []string                `json:"discarded"`
	Board     []TileView              `json:"board"`
	Scores    []int                   `json:"scores"`
	Supply    []int                   `json:"supply"`
	Surveyors map[string]SurveyorView `json:"surveyors,omitempty"`
	Events    []ScoreEvent            `json:"events"`
	Over      bool                    `json:"over"`
}

// View is the same for every seat: Carcassonne has no private information besides the draw order.
func (g *Game) View(seat game.Seat) any {
	v := View{
		Seat: int(seat), Players: g.players, ToAct: g.ToActSeat(), Turn: g.turn, DrawPile: g.DrawPileSize(),
		Discarded: []string{}, Scores: g.scoresSlice(), Events: g.Events(), Over: g.over,
	}
	if !g.over {
		v.Tile = string(types[g.current].letter)
	}
	for i := 0; i < g.ndisc; i++ {
		v.Discarded = append(v.Discarded, string(types[g.discarded[i]].letter))
	}
	for s := 0; s < g.players; s++ {
		v.Supply = append(v.Supply, g.supply[s])
	}
	for i := 0; i < g.board.ntiles; i++ {
		p := &g.board.tiles[i]
		pos := posOf(int(p.cell))
		tv := TileView{X: pos.X, Y: pos.Y, Tile: string(types[p.typ].letter), Rotation: 90 * int(p.rot)}
		for s := range types[p.typ].segs {
			if o := g.feat.owner[node(i, s)]; o != 0 {
				tv.Meeples = append(tv.Meeples, MeepleView{Seat: int(o - 1), Segment: segName(int(p.typ), int(p.rot), s)})
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
