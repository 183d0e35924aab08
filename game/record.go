package game

import (
	"encoding/json"
	"fmt"
	"io"
)

// Record is everything needed to reproduce a game: which game, its options, its seed, its seat count and
// the moves in the order the host accepted them. Its JSON form is documented in docs/records.md.
type Record struct {
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	Seed    uint64          `json:"seed"`
	Seats   int             `json:"seats"`
	Moves   []RecordedMove  `json:"moves"`
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
func (r Registry) Replay(rec Record) (State, error) {
	def, ok := r[rec.Game]
	if !ok {
		return nil, fmt.Errorf("replay: unknown game %q", rec.Game)
	}
	st, err := def.New(rec.Options, rec.Seats, rec.Seed)
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
