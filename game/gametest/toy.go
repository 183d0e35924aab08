// Package gametest holds Toy, a small game implementing the game contract with every feature a host must
// handle: simultaneous turns (or one seat at a time), a hidden shuffled deck, private choices while a round
// is open, undo and a final result. Hosts test against it before, and besides, the real engines.
//
// Rules. Each game has a deck of the cards 1..24 shuffled from the seed. A game lasts Rounds rounds; round r
// reveals card r of the deck. In a round every seat picks 1, 2 or 3 (all at once, or in seat order when
// Sequential is set); a pick stays private until the round closes. When every seat has picked, each seat
// whose pick no other seat chose scores pick × card; tied picks score nothing. Highest total wins.
package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/surveyor-game/surveyor/game"
)

// Name is the game's identifier in records and the API.
const Name = "toy"

// DeckSize is the number of cards in the deck (values 1..DeckSize).
const DeckSize = 24

// Options configure a Toy game.
type Options struct {
	// Rounds is the number of rounds, 1..20 (default 3).
	Rounds int `json:"rounds"`
	// Sequential makes seats pick one at a time in seat order instead of all at once.
	Sequential bool `json:"sequential"`
}

// Move is a seat's pick.
type Move struct {
	Pick int `json:"pick"`
}

// Definition implements game.Definition for Toy.
type Definition struct{}

var _ game.Definition = Definition{}

// Name implements game.Definition.
func (Definition) Name() string { return Name }

// SeatRange implements game.Definition.
func (Definition) SeatRange() (int, int) { return 1, 4 }

// DefaultOptions implements game.Definition.
func (Definition) DefaultOptions() json.RawMessage {
	return json.RawMessage(`{"rounds":3,"sequential":false}`)
}

// CanonicalOptions implements game.Definition.
func (Definition) CanonicalOptions(options json.RawMessage) (json.RawMessage, error) {
	o, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	return json.Marshal(o)
}

// New implements game.Definition.
func (d Definition) New(options json.RawMessage, seats int, seed uint64) (game.State, error) {
	opts, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	if lo, hi := d.SeatRange(); seats < lo || seats > hi {
		return nil, fmt.Errorf("toy: %d seats, want %d..%d: %w", seats, lo, hi, game.ErrBadOptions)
	}
	return newState(opts, seats, DeckOrder(seed)), nil
}

// ParseOptions decodes options, applying defaults; unknown fields and out-of-range values are refused.
func ParseOptions(raw json.RawMessage) (Options, error) {
	opts := Options{Rounds: 3}
	if t := bytes.TrimSpace(raw); len(t) > 0 && !bytes.Equal(t, []byte("null")) {
		if err := decodeStrict(t, &opts); err != nil {
			return Options{}, fmt.Errorf("toy options: %v: %w", err, game.ErrBadOptions)
		}
	}
	if opts.Rounds < 1 || opts.Rounds > 20 {
		return Options{}, fmt.Errorf("toy options: rounds %d, want 1..20: %w", opts.Rounds, game.ErrBadOptions)
	}
	return opts, nil
}

// DeckOrder is the deck a seed yields, from the first card revealed to the last. Hosts' tests use it to
// check that the hidden order never leaks.
func DeckOrder(seed uint64) []int {
	deck := make([]int, DeckSize)
	for i := range deck {
		deck[i] = i + 1
	}
	game.NewRNG(seed, 1).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

// State is a Toy game in progress.
type State struct {
	opts   Options
	deck   []int
	round  int
	picks  []int // this round's picks, 0 = not yet
	order  []int // seats in the order they picked this round (for sequential undo)
	scores []int
	last   *Round
	moves  int          // moves applied, for the narrative
	told   []game.Event // the narrative (game.Narrator)
}

// Round is a closed round as every seat sees it.
type Round struct {
	Card  int   `json:"card"`
	Picks []int `json:"picks"`
	Gains []int `json:"gains"`
}

func newState(opts Options, seats int, deck []int) *State {
	return &State{opts: opts, deck: deck, picks: make([]int, seats), scores: make([]int, seats)}
}

var (
	_ game.State    = (*State)(nil)
	_ game.Undoer   = (*State)(nil)
	_ game.Narrator = (*State)(nil)
)

// ToAct implements game.State.
func (s *State) ToAct() []game.Seat {
	if s.Over() {
		return nil
	}
	var out []game.Seat
	for seat, p := range s.picks {
		if p == 0 {
			out = append(out, game.Seat(seat))
			if s.opts.Sequential {
				break
			}
		}
	}
	return out
}

func (s *State) mustAct(seat game.Seat) bool {
	for _, t := range s.ToAct() {
		if t == seat {
			return true
		}
	}
	return false
}

// Apply implements game.State.
func (s *State) Apply(seat game.Seat, move json.RawMessage) error {
	if s.Over() {
		return fmt.Errorf("toy: %w", game.ErrGameOver)
	}
	m, err := parseMove(move)
	if err != nil {
		return err
	}
	if !s.mustAct(seat) {
		return fmt.Errorf("toy: seat %d need not act now: %w", seat, game.ErrNotYourTurn)
	}
	if m.Pick < 1 || m.Pick > 3 {
		return fmt.Errorf("toy: pick %d, want 1, 2 or 3: %w", m.Pick, game.ErrIllegalMove)
	}
	s.picks[seat] = m.Pick
	s.moves++
	s.order = append(s.order, int(seat))
	if len(s.order) == len(s.picks) {
		s.closeRound()
	}
	return nil
}

// parseMove reads a move. The form clients send, {"pick":N} with one digit, is read by hand: the load test
// measures a server's cost a move with this game, and a decoder's would be most of the game's.
func parseMove(move json.RawMessage) (Move, error) {
	if len(move) == 10 && string(move[:8]) == `{"pick":` && move[8] >= '0' && move[8] <= '9' && move[9] == '}' {
		return Move{Pick: int(move[8] - '0')}, nil
	}
	var m Move
	if err := decodeStrict(move, &m); err != nil {
		return Move{}, fmt.Errorf("toy move: %v: %w", err, game.ErrBadMove)
	}
	return m, nil
}

// decodeStrict decodes one JSON value into v, refusing unknown fields and anything after the value.
func decodeStrict(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data")
	}
	return nil
}

func (s *State) closeRound() {
	card := s.deck[s.round]
	r := &Round{Card: card, Picks: append([]int(nil), s.picks...), Gains: make([]int, len(s.picks))}
	for seat, p := range s.picks {
		unique := true
		for other, q := range s.picks {
			if other != seat && q == p {
				unique = false
			}
		}
		if unique {
			r.Gains[seat] = p * card
			s.scores[seat] += p * card
		}
	}
	s.last = r
	s.tellRound(r)
	s.round++
	for i := range s.picks {
		s.picks[i] = 0
	}
	s.order = s.order[:0]
}

// tellRound adds a closed round to the narrative and, after the last, the final scores.
func (s *State) tellRound(r *Round) {
	var b strings.Builder
	fmt.Fprintf(&b, "Round %d: card %d;", s.round+1, r.Card)
	for seat, p := range r.Picks {
		fmt.Fprintf(&b, " {seat %d} picked %d (+%d)", seat, p, r.Gains[seat])
	}
	data, _ := json.Marshal(r)
	s.told = append(s.told, game.Event{After: s.moves, Kind: "round", Text: b.String(), Data: data})
	if s.round+1 == s.opts.Rounds {
		b.Reset()
		b.WriteString("Final scores:")
		for seat, sc := range s.scores {
			fmt.Fprintf(&b, " {seat %d} %d", seat, sc)
		}
		data, _ := json.Marshal(map[string][]int{"scores": s.scores})
		s.told = append(s.told, game.Event{After: s.moves, Kind: "end", Text: b.String(), Data: data})
	}
}

// Narrative implements game.Narrator.
func (s *State) Narrative() []game.Event { return s.told }

var picks = []json.RawMessage{json.RawMessage(`{"pick":1}`), json.RawMessage(`{"pick":2}`), json.RawMessage(`{"pick":3}`)}

// LegalMoves implements game.State.
func (s *State) LegalMoves(seat game.Seat) []json.RawMessage {
	if !s.mustAct(seat) {
		return nil
	}
	return append([]json.RawMessage(nil), picks...)
}

// AutoMove implements game.State: seat k picks k mod 3 + 1, so that up to three seats never tie.
func (s *State) AutoMove(seat game.Seat) (json.RawMessage, error) {
	if s.Over() {
		return nil, fmt.Errorf("toy: %w", game.ErrGameOver)
	}
	if !s.mustAct(seat) {
		return nil, fmt.Errorf("toy: seat %d need not act now: %w", seat, game.ErrNotYourTurn)
	}
	return picks[int(seat)%3], nil
}

// Undoable implements game.Undoer: a pick may be taken back while its round is open and, when seats pick in
// order, until the next seat has picked.
func (s *State) Undoable(seat game.Seat) bool {
	if s.Over() || seat < 0 || int(seat) >= len(s.picks) || s.picks[seat] == 0 {
		return false
	}
	return !s.opts.Sequential || s.order[len(s.order)-1] == int(seat)
}

// View is what a seat or a spectator sees.
type View struct {
	Round  int         `json:"round"`
	Rounds int         `json:"rounds"`
	Card   int         `json:"card,omitempty"`
	Picked []bool      `json:"picked"`
	MyPick int         `json:"my_pick,omitempty"`
	Scores []int       `json:"scores"`
	ToAct  []game.Seat `json:"to_act"`
	Last   *Round      `json:"last,omitempty"`
	Over   bool        `json:"over"`
}

// View implements game.State.
func (s *State) View(seat game.Seat) any {
	v := View{Round: s.round, Rounds: s.opts.Rounds, Picked: make([]bool, len(s.picks)),
		Scores: append([]int(nil), s.scores...), ToAct: s.ToAct(), Last: s.last, Over: s.Over()}
	if !v.Over {
		v.Card = s.deck[s.round]
	}
	for i, p := range s.picks {
		v.Picked[i] = p != 0
	}
	if seat >= 0 && int(seat) < len(s.picks) {
		v.MyPick = s.picks[seat]
	}
	return v
}

var _ game.ViewAppender = (*State)(nil)

// AppendView implements game.ViewAppender: the bytes of json.Marshal(s.View(seat)), written without
// building the View. The load test measures a server's cost a move with this game, so its view must not
// cost what a real engine's would.
func (s *State) AppendView(b []byte, seat game.Seat) []byte {
	over := s.Over()
	b = append(b, `{"round":`...)
	b = strconv.AppendInt(b, int64(s.round), 10)
	b = append(b, `,"rounds":`...)
	b = strconv.AppendInt(b, int64(s.opts.Rounds), 10)
	if !over && s.deck[s.round] != 0 {
		b = append(b, `,"card":`...)
		b = strconv.AppendInt(b, int64(s.deck[s.round]), 10)
	}
	b = append(b, `,"picked":[`...)
	for i, p := range s.picks {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendBool(b, p != 0)
	}
	b = append(b, ']')
	if seat >= 0 && int(seat) < len(s.picks) && s.picks[seat] != 0 {
		b = append(b, `,"my_pick":`...)
		b = strconv.AppendInt(b, int64(s.picks[seat]), 10)
	}
	b = append(b, `,"scores":`...)
	b = appendInts(b, s.scores)
	b = append(b, `,"to_act":`...)
	if over {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		n := 0
		for seat, p := range s.picks {
			if p != 0 {
				continue
			}
			if n > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(seat), 10)
			if n++; s.opts.Sequential {
				break
			}
		}
		if n == 0 {
			b = append(b[:len(b)-1], "null"...) // ToAct's nil
		} else {
			b = append(b, ']')
		}
	}
	if r := s.last; r != nil {
		b = append(b, `,"last":{"card":`...)
		b = strconv.AppendInt(b, int64(r.Card), 10)
		b = append(b, `,"picks":`...)
		b = appendInts(b, r.Picks)
		b = append(b, `,"gains":`...)
		b = appendInts(b, r.Gains)
		b = append(b, '}')
	}
	b = append(b, `,"over":`...)
	b = strconv.AppendBool(b, over)
	return append(b, '}')
}

// appendInts writes a slice of ints as encoding/json does, an empty one as null: View's slices that may be
// empty are copies appended to nil (Gains, made with a length, never is: a game has a seat).
func appendInts(b []byte, xs []int) []byte {
	if len(xs) == 0 {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// Over implements game.State.
func (s *State) Over() bool { return s.round >= s.opts.Rounds }

// Result implements game.State. Ranks are standard competition ranks (1, 1, 3).
func (s *State) Result() game.Result {
	ranks := make([]int, len(s.scores))
	for i, a := range s.scores {
		ranks[i] = 1
		for _, b := range s.scores {
			if b > a {
				ranks[i]++
			}
		}
	}
	return game.Result{Scores: append([]int(nil), s.scores...), Ranks: ranks}
}

// Leaky is Toy with a deliberate flaw: its views carry the seed and the whole deck order. Hosts' hidden
// information tests run against it to prove that they notice a leak.
type Leaky struct{ Definition }

// LeakyName is Leaky's identifier.
const LeakyName = "toy-leaky"

// Name implements game.Definition.
func (Leaky) Name() string { return LeakyName }

// New implements game.Definition.
func (l Leaky) New(options json.RawMessage, seats int, seed uint64) (game.State, error) {
	st, err := l.Definition.New(options, seats, seed)
	if err != nil {
		return nil, err
	}
	return leakyState{State: st.(*State), seed: seed}, nil
}

type leakyState struct {
	*State
	seed uint64
}

// AppendView hides the embedded State's, which would write the view without the leak.
func (l leakyState) AppendView(b []byte, seat game.Seat) []byte {
	v, err := json.Marshal(l.View(seat))
	if err != nil {
		panic(err) // a View of ints and slices always marshals
	}
	return append(b, v...)
}

func (l leakyState) View(seat game.Seat) any {
	return struct {
		View
		Seed uint64 `json:"seed"`
		Deck []int  `json:"deck"`
	}{l.State.View(seat).(View), l.seed, l.deck}
}
