package game

import (
	"encoding/json"
	"fmt"
	"io"
)

// RecordFormat is the version of the record format this code writes. Format 1 (the field absent) is options,
// seed and moves; format 2 adds the players' names and the narrative.
const RecordFormat = 2

// Record is everything needed to reproduce a game: which game, its options, its seed, its seat count and
// the moves in the order the host accepted them; and, from format 2, the game told (its narrative). Its
// JSON form is documented in docs/records.md.
type Record struct {
	Format  int             `json:"format,omitempty"`
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	Seed    uint64          `json:"seed"`
	Seats   int             `json:"seats"`
	// Players are the names by seat, for readers of the narrative; absent when the host has none.
	Players []string       `json:"players,omitempty"`
	Moves   []RecordedMove `json:"moves"`
	// Narrative is every event of the game in order (Narrator); absent for games that tell none.
	Narrative []Event `json:"narrative,omitempty"`
}

// Tell completes a record from the state its moves produced (a State, or an engine's own typed game): the
// current format and, if the game tells one, its narrative.
func (r *Record) Tell(st any) {
	r.Format = RecordFormat
	if n, ok := st.(Narrator); ok {
		r.Narrative = append([]Event(nil), n.Narrative()...)
	}
}

// RecordedMove is one accepted move.
type RecordedMove struct {
	Seat Seat            `json:"seat"`
	Move json.RawMessage `json:"move"`
}

// Registry maps game names to their definitions.
type Registry map[string]Definition

// NewRegistry builds a registry from definitions.
func NewRegistry(defs ...Definition) Registry {
	r := make(Registry, len(defs))
	for _, d := range defs {
		r[d.Name()] = d
	}
	return r
}

// Replay rebuilds the state a record describes. It stops at the first move the engine refuses.
func (r Registry) Replay(rec Record) (State, error) { return r.replay(rec, false) }

// ReplayTold is Replay with the game told (Teller), where the game can tell it.
func (r Registry) ReplayTold(rec Record) (State, error) { return r.replay(rec, true) }

func (r Registry) replay(rec Record, told bool) (State, error) {
	def, ok := r[rec.Game]
	if !ok {
		return nil, fmt.Errorf("replay: unknown game %q", rec.Game)
	}
	newState := def.New
	if t, ok := def.(Teller); ok && told {
		newState = t.NewTold
	}
	st, err := newState(rec.Options, rec.Seats, rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", rec.Game, err)
	}
	for i, m := range rec.Moves {
		if err := st.Apply(m.Seat, m.Move); err != nil {
			return nil, fmt.Errorf("replay %s: move %d (seat %d): %w", rec.Game, i, m.Seat, err)
		}
	}
	return st, nil
}

// Verify replays a record and checks its narrative against the replay's: a record that tells its game
// (format 2 with a narrative) must tell exactly what its moves produce, and the error of one that does not
// is a *NarrativeMismatch naming the first event that differs. Records without a narrative (format 1)
// are replayed only.
func (r Registry) Verify(rec Record) (State, error) {
	if rec.Format > RecordFormat {
		return nil, fmt.Errorf("replay: record format %d is newer than this program reads (%d)", rec.Format, RecordFormat)
	}
	st, err := r.ReplayTold(rec)
	if err != nil {
		return nil, err
	}
	if len(rec.Narrative) == 0 {
		return st, nil
	}
	n, ok := st.(Narrator)
	if !ok {
		return nil, fmt.Errorf("replay: the record tells a narrative but %s tells none", rec.Game)
	}
	if err := CheckNarrative(rec.Narrative, n.Narrative()); err != nil {
		return st, fmt.Errorf("replay %s: the record does not tell what its moves play: %w", rec.Game, err)
	}
	return st, nil
}

// ReadRecord decodes one record, refusing unknown fields so that a typo is not silently ignored.
func ReadRecord(rd io.Reader) (Record, error) {
	var rec Record
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return Record{}, fmt.Errorf("read record: %w", err)
	}
	return rec, nil
}
