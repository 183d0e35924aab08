package cartographers

import (
	"encoding/json"
	"fmt"

	"github.com/surveyor-game/surveyor/game"
)

// Definition is Cartographers for the hosts (game.Definition): 1 to 100 seats, options as in Options.
type Definition struct{}

var _ game.Definition = Definition{}

// Name is the stable identifier of the game.
func (Definition) Name() string { return "cartographers" }

// SeatRange is 1 (solo rules) to 100 players (rulings 14).
func (Definition) SeatRange() (int, int) { return 1, MaxSeats }

// DefaultOptions is the base game preset.
func (Definition) DefaultOptions() json.RawMessage {
	return json.RawMessage(`{"preset":"cartographers"}`)
}

// CanonicalOptions spells out every content switch with the value the preset gives it, so that a stored
// game does not depend on the presets staying as they are.
func (Definition) CanonicalOptions(options json.RawMessage) (json.RawMessage, error) {
	o, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	c, err := o.Canonical()
	if err != nil {
		return nil, err
	}
	return json.Marshal(c)
}

// New sets a game up; bad options or seat counts wrap game.ErrBadOptions.
func (Definition) New(options json.RawMessage, seats int, seed uint64) (game.State, error) {
	o, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	g, err := NewGame(o, seats, seed)
	if err != nil {
		return nil, err
	}
	return &State{g: g}, nil
}

// NewTold is New for a game that tells its narrative (game.Teller), for records.
func (Definition) NewTold(options json.RawMessage, seats int, seed uint64) (game.State, error) {
	o, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	g, err := NewToldGame(o, seats, seed)
	if err != nil {
		return nil, err
	}
	return &State{g: g}, nil
}

// State is a game behind the JSON contract (game.State and game.Undoer).
type State struct{ g *Game }

// Game is the game behind the contract, for the typed API (bots read it and choose with it).
func (st *State) Game() *Game { return st.g }

var (
	_ game.State       = (*State)(nil)
	_ game.Undoer      = (*State)(nil)
	_ game.Narrator    = (*State)(nil)
	_ game.SplitViewer = (*State)(nil)
	_ game.Teller      = Definition{}
)

// PublicView and SeatView split View for hosts of large tables (game.SplitViewer).
func (st *State) PublicView() any { return st.g.PublicView() }

// SeatView is the part of a seat's view only it sees.
func (st *State) SeatView(seat game.Seat) any { return st.g.SeatPart(int(seat)) }

// Narrative is the game's narrative, if it is told (NewTold).
func (st *State) Narrative() []game.Event { return st.g.Narrative() }

// ToAct lists every seat with a decision pending.
func (st *State) ToAct() []game.Seat {
	seats := st.g.ToActSeats()
	out := make([]game.Seat, len(seats))
	for i, s := range seats {
		out[i] = game.Seat(s)
	}
	return out
}

// Apply plays one move in its JSON form; on error the state is unchanged.
func (st *State) Apply(seat game.Seat, raw json.RawMessage) error {
	if st.g.Over() {
		return fmt.Errorf("cartographers: %w", game.ErrGameOver)
	}
	m, err := ParseMove(raw)
	if err != nil {
		return err
	}
	if err := st.g.Play(int(seat), m); err != nil {
		return fmt.Errorf("cartographers seat %d: %w", seat, err)
	}
	return nil
}

// LegalMoves lists the seat's legal moves: every placement of every option and terrain for draws and
// monsters, every space and orientation for heroes, every target for Gorgon and Troll.
func (st *State) LegalMoves(seat game.Seat) []json.RawMessage {
	moves := st.g.LegalMoves(int(seat))
	out := make([]json.RawMessage, 0, len(moves))
	for _, m := range moves {
		b, err := json.Marshal(m)
		if err == nil {
			out = append(out, b)
		}
	}
	return out
}

// AutoMove is the simple policy's choice for the seat.
func (st *State) AutoMove(seat game.Seat) (json.RawMessage, error) {
	m, err := st.g.AutoMove(int(seat))
	if err != nil {
		return nil, err
	}
	return json.Marshal(m)
}

// View is what the seat may see.
func (st *State) View(seat game.Seat) any { return st.g.View(int(seat)) }

// Over reports whether winter has been scored.
func (st *State) Over() bool { return st.g.Over() }

// Result gives scores, ranks and the season breakdown (with the rating and title in solo).
func (st *State) Result() game.Result { return st.g.Result() }

// Undoable reports whether the seat may take its last move back (until the turn closes).
func (st *State) Undoable(seat game.Seat) bool { return st.g.Undoable(int(seat)) }

// ResultDetail is the game's own part of the result.
type ResultDetail struct {
	Seasons     [][4]SeasonScore `json:"seasons"`
	MonsterLoss []int            `json:"monster_loss"`
	Edicts      [4]string        `json:"edicts"`
	// Solo only: the rating (score minus the cards' solo values) and the title.
	Rating *int   `json:"rating,omitempty"`
	Title  string `json:"title,omitempty"`
}

// Result is the outcome; meaningful once the game is over.
func (g *Game) Result() game.Result {
	d := ResultDetail{}
	for i, e := range g.edicts {
		d.Edicts[i] = scoringCards[e].Name
	}
	for i := range g.players {
		d.Seasons = append(d.Seasons, g.players[i].seasons)
		d.MonsterLoss = append(d.MonsterLoss, g.players[i].monsterLoss)
	}
	if g.Solo() {
		r := g.SoloRating()
		d.Rating, d.Title = &r, SoloTitle(r)
	}
	return game.Result{Scores: g.Scores(), Ranks: g.Ranks(), Detail: d}
}
