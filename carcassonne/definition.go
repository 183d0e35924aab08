package carcassonne

// The adapter to the game contract (package game): the Definition hosts know Carcassonne by, and the
// methods by which a *Game is a game.State. The rules themselves live in the files named for their
// concepts (board.go, features.go, scoring.go, surveyors.go...).

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/surveyor-game/surveyor/game"
)

// Definition is Carcassonne for the hosts (game.Definition).
type Definition struct{}

var (
	_ game.Definition = Definition{}
	_ game.State      = (*Game)(nil)
	_ game.Narrator   = (*Game)(nil)
	_ game.SeatRanger = Definition{}
)

// Name is the game's name in records and the API.
func (Definition) Name() string { return "carcassonne" }

// SeatRange is the widest range any options allow: 2 to 6 players while Inns & Cathedrals (its sixth
// colour) is playable, so that the list of games and the simulator offer the sixth seat; SeatRangeFor
// narrows it to a match's options (2 to 5 without Inns & Cathedrals).
func (Definition) SeatRange() (int, int) {
	o := DefaultOptions()
	o.Expansions = playable
	return minPlayers, o.maxSeats()
}

// SeatRangeFor is 2 to 6 players with Inns & Cathedrals (its sixth colour), 2 to 5 otherwise
// (game.SeatRanger).
func (Definition) SeatRangeFor(options json.RawMessage) (int, int, error) {
	o, err := ParseOptions(options)
	if err != nil {
		return 0, 0, err
	}
	return minPlayers, o.maxSeats(), nil
}

// DefaultOptions is the JSON of DefaultOptions().
func (Definition) DefaultOptions() json.RawMessage {
	b, err := json.Marshal(DefaultOptions())
	if err != nil {
		panic(fmt.Sprintf("carcassonne: marshal default options: %v", err))
	}
	return b
}

// CanonicalOptions spells out every option; Options has no omitted field, so its JSON form is complete.
func (Definition) CanonicalOptions(options json.RawMessage) (json.RawMessage, error) {
	o, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	return json.Marshal(o)
}

// New sets a game up behind the JSON contract; bad options or seat counts wrap game.ErrBadOptions.
func (Definition) New(options json.RawMessage, seats int, seed uint64) (game.State, error) {
	opts, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	g, err := NewGame(opts, seats, seed)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Apply plays a move given in its JSON form.
func (g *Game) Apply(seat game.Seat, raw json.RawMessage) error {
	if g.over {
		return fmt.Errorf("carcassonne: %w", game.ErrGameOver)
	}
	if int(seat) != g.toAct {
		return fmt.Errorf("carcassonne: %w: seat %d to play, not seat %d%s", game.ErrNotYourTurn, g.toAct, seat, g.notAgain(int(seat)))
	}
	m, err := g.DecodeMove(raw)
	if err != nil {
		return err
	}
	if err := g.Play(m); err != nil {
		return fmt.Errorf("carcassonne: %w: %w", game.ErrIllegalMove, err)
	}
	return nil
}

// ToAct lists the seat to play.
func (g *Game) ToAct() []game.Seat {
	if g.over {
		return nil
	}
	return []game.Seat{game.Seat(g.toAct)}
}

// LegalMoves lists every legal move of the seat to act, sorted by position and rotation, each placement
// first without a figure, then with each possible meeple, then with the other figures and the abbot
// taken back. A tile that moves the mage or the witch lists its magic parts apart from its figures,
// since any of them goes with any figure: the moves above carry the first magic part, and the move
// without a figure comes once more with each of the others (every magic part once, not every pairing).
func (g *Game) LegalMoves(seat game.Seat) []json.RawMessage {
	if g.over || int(seat) != g.toAct {
		return nil
	}
	ps := g.Placements(nil)
	sort.Slice(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.Y != b.Y {
			return a.Y < b.Y
		}
		if a.X != b.X {
			return a.X < b.X
		}
		return a.Rot < b.Rot
	})
	var out []json.RawMessage
	var segs []int
	var others []Move
	var magic []Magic
	for _, p := range ps {
		magic = g.MagicOptions(p, magic[:0])
		var first Magic
		if len(magic) > 0 {
			first = magic[0]
		}
		out = append(out, g.EncodeMove(Move{Placement: p, Meeple: NoMeeple, Magic: first}))
		segs = g.MeepleOptions(p, segs[:0])
		for _, s := range segs {
			out = append(out, g.EncodeMove(Move{Placement: p, Meeple: s, Magic: first}))
		}
		for _, m := range g.otherFigureMoves(p, others[:0]) {
			m.Magic = first
			out = append(out, g.EncodeMove(m))
		}
		for i := 1; i < len(magic); i++ {
			out = append(out, g.EncodeMove(Move{Placement: p, Meeple: NoMeeple, Magic: magic[i]}))
		}
	}
	return out
}

// AutoMove picks a move by the greedy policy of policy.go.
func (g *Game) AutoMove(seat game.Seat) (json.RawMessage, error) {
	if g.over {
		return nil, fmt.Errorf("carcassonne: %w", game.ErrGameOver)
	}
	if int(seat) != g.toAct {
		return nil, fmt.Errorf("carcassonne: %w: seat %d to play, not seat %d", game.ErrNotYourTurn, g.toAct, seat)
	}
	return g.EncodeMove(g.GreedyMove()), nil
}

// ResultDetail is Result.Detail.
type ResultDetail struct {
	TilesPlaced int          `json:"tiles_placed"`
	Discarded   []string     `json:"discarded"`
	Events      []ScoreEvent `json:"events"`
}

// Result ranks the seats by score; the rules name no tie-breaker, so equal scores share a rank.
func (g *Game) Result() game.Result {
	r := game.Result{Scores: g.scoresSlice(), Ranks: make([]int, g.players)}
	for s := range r.Ranks {
		r.Ranks[s] = 1
		for o := range r.Scores {
			if r.Scores[o] > r.Scores[s] {
				r.Ranks[s]++
			}
		}
	}
	d := ResultDetail{TilesPlaced: g.board.ntiles, Discarded: []string{}, Events: g.Events()}
	for i := 0; i < g.ndisc; i++ {
		d.Discarded = append(d.Discarded, types[g.discarded[i]].name)
	}
	r.Detail = d
	return r
}
