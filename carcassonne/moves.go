package carcassonne

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/surveyor-game/surveyor/game"
)

// MoveJSON is the JSON form of a turn: {"type":"place","x":1,"y":0,"rotation":90,"meeple":"city:N"}.
// Rotation is in degrees clockwise (0, 90, 180, 270). Meeple is omitted for none, or names the segment of
// the laid tile by its kind and one side ("city:N", "road:E") or half-edge ("field:Nw") it touches as laid,
// or "monastery" or "garden". Figure names the figure stood there ("abbot"...), omitted for a meeple.
// Recall, instead of a figure, takes the player's abbot back from the tile at that position (the Abbot).
// Magic moves the mage or the witch (the Mage & Witch): {"figure":"mage","x":2,"y":-1,"segment":"city:N"}
// puts it on that segment of the tile there (the tile being laid included, named as laid), and
// {"figure":"witch","remove":true} takes it off the board.
type MoveJSON struct {
	Type     string     `json:"type"`
	X        *int       `json:"x"`
	Y        *int       `json:"y"`
	Rotation *int       `json:"rotation"`
	Meeple   string     `json:"meeple,omitempty"`
	Figure   string     `json:"figure,omitempty"`
	Recall   *Pos       `json:"recall,omitempty"`
	Magic    *MagicJSON `json:"magic,omitempty"`
}

// MagicJSON is a move's magic part: the figure ("mage" or "witch") and where it goes, or Remove.
type MagicJSON struct {
	Figure  string `json:"figure"`
	X       *int   `json:"x,omitempty"`
	Y       *int   `json:"y,omitempty"`
	Segment string `json:"segment,omitempty"`
	Remove  bool   `json:"remove,omitempty"`
}

// segName is the canonical name of a segment of a tile laid with rotation rot: its kind and the first side
// or half-edge it touches, clockwise from north.
func segName(typ, rot, seg int) string {
	s := types[typ].segs[seg]
	switch s.kind {
	case Monastery, Garden:
		return s.kind.String()
	case Field:
		m := rotHalves(s.halves, rot)
		for h := 0; h < 8; h++ {
			if m&(1<<h) != 0 {
				return "field:" + halfNames[h]
			}
		}
		return innerFieldName
	default:
		m := rotSides(s.sides, rot)
		for d := 0; d < 4; d++ {
			if m&(1<<d) != 0 {
				return s.kind.String() + ":" + sideNames[d]
			}
		}
	}
	return s.kind.String()
}

// innerFieldName names a field that touches no side of its tile (the field closed in by the city caps of an
// Inns & Cathedrals or Traders & Builders tile): it has no half-edge to be named by.
const innerFieldName = "field:inner"

// innerField is the segment of a tile's field that touches no side, or -1.
func innerField(tt *tileType) int8 {
	for i, s := range tt.segs {
		if s.kind == Field && s.halves == 0 {
			return int8(i)
		}
	}
	return -1
}

// parseSeg finds the segment a name designates on a tile laid with rotation rot. Any side or half-edge
// of the segment names it.
func parseSeg(typ, rot int, name string) (int, error) {
	o := &orients[typ*4+rot]
	if name == "monastery" || name == "garden" {
		at := types[typ].monastery
		if name == "garden" {
			at = types[typ].garden
		}
		if at < 0 {
			return 0, fmt.Errorf("%w: tile %s has no %s", game.ErrIllegalMove, types[typ].name, name)
		}
		return int(at), nil
	}
	kind, where, ok := strings.Cut(name, ":")
	var seg int8 = -1
	switch {
	case !ok:
		return 0, fmt.Errorf("%w: meeple %q is not kind:side", game.ErrBadMove, name)
	case kind == "field" && halfIndex(where) >= 0:
		seg = o.halfSeg[halfIndex(where)]
	case name == innerFieldName:
		seg = innerField(&types[typ])
	case (kind == "city" || kind == "road" || kind == "river") && sideIndex(where) >= 0:
		seg = o.sideSeg[sideIndex(where)]
		if seg >= 0 && types[typ].segs[seg].kind.String() != kind {
			seg = -1
		}
	default:
		return 0, fmt.Errorf("%w: meeple %q: want city:N|E|S|W, road:N|E|S|W, field:Nw|Ne|En|Es|Se|Sw|Ws|Wn, field:inner, monastery or garden", game.ErrBadMove, name)
	}
	if seg < 0 {
		return 0, fmt.Errorf("%w: tile %s turned %d° has no %s on %s", game.ErrIllegalMove, types[typ].name, 90*rot, kind, where)
	}
	return int(seg), nil
}

// DecodeMove reads a move's JSON form for the tile now drawn. It checks the form only, not legality.
func (g *Game) DecodeMove(raw json.RawMessage) (Move, error) {
	var mj MoveJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&mj); err != nil {
		return Move{}, fmt.Errorf("carcassonne move: %w: %v", game.ErrBadMove, err)
	}
	if dec.More() {
		return Move{}, fmt.Errorf("carcassonne move: %w: trailing data", game.ErrBadMove)
	}
	if mj.Type != "place" {
		return Move{}, fmt.Errorf("carcassonne move: %w: type %q, want \"place\"", game.ErrBadMove, mj.Type)
	}
	if mj.X == nil || mj.Y == nil || mj.Rotation == nil {
		return Move{}, fmt.Errorf("carcassonne move: %w: x, y and rotation are required", game.ErrBadMove)
	}
	r := *mj.Rotation
	if r < 0 || r > 270 || r%90 != 0 {
		return Move{}, fmt.Errorf("carcassonne move: %w: rotation %d, want 0, 90, 180 or 270", game.ErrBadMove, r)
	}
	m := Move{Placement: Placement{X: *mj.X, Y: *mj.Y, Rot: r / 90}, Meeple: NoMeeple}
	if mj.Meeple != "" {
		if g.over {
			return Move{}, fmt.Errorf("carcassonne move: %w", game.ErrGameOver)
		}
		s, err := parseSeg(g.current, m.Rot, mj.Meeple)
		if err != nil {
			return Move{}, fmt.Errorf("carcassonne move: %w", err)
		}
		m.Meeple = s
	}
	if mj.Figure != "" {
		f, ok := figureByName(mj.Figure)
		if !ok {
			return Move{}, fmt.Errorf("carcassonne move: %w: figure %q, want one of %s", game.ErrBadMove, mj.Figure, strings.Join(figureNames[:], ", "))
		}
		if mj.Meeple == "" {
			return Move{}, fmt.Errorf("carcassonne move: %w: figure %q names no segment (meeple)", game.ErrBadMove, mj.Figure)
		}
		m.Figure = f
	}
	if mj.Recall != nil {
		m.Recall, m.RecallAt = true, *mj.Recall
	}
	if mj.Magic != nil {
		mg, err := g.decodeMagic(mj.Magic, m.Placement)
		if err != nil {
			return Move{}, fmt.Errorf("carcassonne move: magic: %w", err)
		}
		m.Magic = mg
	}
	return m, nil
}

// decodeMagic reads a move's magic part; the segment is named on the tile at its position as laid, the
// tile of the move (laid as p) included.
func (g *Game) decodeMagic(mj *MagicJSON, p Placement) (Magic, error) {
	f, ok := figureByName(mj.Figure)
	if !ok || (f != Mage && f != Witch) {
		return Magic{}, fmt.Errorf("%w: figure %q, want \"mage\" or \"witch\"", game.ErrBadMove, mj.Figure)
	}
	if mj.Remove {
		if mj.X != nil || mj.Y != nil || mj.Segment != "" {
			return Magic{}, fmt.Errorf("%w: a removal names no x, y or segment", game.ErrBadMove)
		}
		return Magic{Figure: f, Remove: true}, nil
	}
	if mj.X == nil || mj.Y == nil || mj.Segment == "" {
		return Magic{}, fmt.Errorf("%w: x, y and segment are required (or \"remove\": true)", game.ErrBadMove)
	}
	if g.over {
		return Magic{}, game.ErrGameOver
	}
	at := Pos{X: *mj.X, Y: *mj.Y}
	typ, rot, ok := g.tileOf(at, p)
	if !ok {
		return Magic{}, fmt.Errorf("%w: %w at (%d,%d)", game.ErrIllegalMove, errMagicNoTile, at.X, at.Y)
	}
	s, err := parseSeg(typ, rot, mj.Segment)
	if err != nil {
		return Magic{}, err
	}
	return Magic{Figure: f, At: at, Seg: s}, nil
}

// tileOf is the type and rotation of the tile at a position: the drawn tile if the move lays it there
// (as p), else the board's; false if none lies there.
func (g *Game) tileOf(at Pos, p Placement) (typ, rot int, ok bool) {
	if at == (Pos{p.X, p.Y}) && !g.over && p.Rot >= 0 && p.Rot <= 3 {
		return g.current, p.Rot, true
	}
	cell, in := cellOf(at.X, at.Y)
	if !in {
		return 0, 0, false
	}
	v := g.board.tileAt(cell)
	if v == 0 {
		return 0, 0, false
	}
	t := &g.board.tiles[v-1]
	return int(t.typ), int(t.rot), true
}

// EncodeMove is the JSON form of a move of the tile now drawn.
func (g *Game) EncodeMove(m Move) json.RawMessage {
	mj := MoveJSON{Type: "place", X: &m.X, Y: &m.Y}
	deg := m.Rot * 90
	mj.Rotation = &deg
	if m.Meeple != NoMeeple && !g.over {
		if m.Meeple < 0 || m.Meeple >= len(types[g.current].segs) || m.Rot < 0 || m.Rot > 3 {
			// Not a segment of the drawn tile: a name the decoder refuses, rather than a panic.
			mj.Meeple = fmt.Sprintf("segment:%d", m.Meeple)
		} else {
			mj.Meeple = segName(g.current, m.Rot, m.Meeple)
		}
		if m.Figure != Meeple {
			mj.Figure = m.Figure.String()
		}
	}
	if m.Recall {
		at := m.RecallAt
		mj.Recall = &at
	}
	if m.Magic != (Magic{}) {
		mj.Magic = g.encodeMagic(m.Magic, m.Placement)
	}
	b, err := json.Marshal(mj)
	if err != nil {
		// A struct of ints and strings always marshals.
		panic(fmt.Sprintf("carcassonne: marshal move: %v", err))
	}
	return b
}

// encodeMagic is the JSON form of a magic part of a move laying the drawn tile as p.
func (g *Game) encodeMagic(mg Magic, p Placement) *MagicJSON {
	out := &MagicJSON{Figure: mg.Figure.String(), Remove: mg.Remove}
	if mg.Remove {
		return out
	}
	x, y := mg.At.X, mg.At.Y
	out.X, out.Y = &x, &y
	typ, rot, ok := g.tileOf(mg.At, p)
	if !ok || mg.Seg < 0 || mg.Seg >= len(types[typ].segs) {
		// No segment of a tile there: a name the decoder refuses, rather than a panic.
		out.Segment = fmt.Sprintf("segment:%d", mg.Seg)
	} else {
		out.Segment = segName(typ, rot, mg.Seg)
	}
	return out
}
