package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// A record tells its game as well as reproducing it: besides the seed and the moves (the authority), it
// carries the narrative, every event the engine reports in the order it happened: the cards revealed,
// what the engine did without a move, the scores. A reader needs no engine to follow the game, another
// program can check it, and a replay compares the narrative it rebuilds with the record's, so a tampered
// or corrupted record is reported where it first differs.

// Event is one line of a game's narrative.
type Event struct {
	// After is the number of moves played when it happened: 0 at setup, before any move.
	After int `json:"after"`
	// Kind names what happened, in the engine's words ("card", "season_end", "tile", "score"...).
	Kind string `json:"kind"`
	// Seat is the seat it concerns; absent when it concerns the table.
	Seat *Seat `json:"seat,omitempty"`
	// Text tells it in English. It refers to seats as {seat N} (0-based), which readers replace by the
	// players' names (Tell).
	Text string `json:"text"`
	// Data holds the facts in fields of the engine's own, for programs.
	Data json.RawMessage `json:"data,omitempty"`
}

// Narrator is implemented by games that tell what happens. Narrative returns every event since the
// start, in order; the slice is the engine's and must not be changed.
type Narrator interface {
	Narrative() []Event
}

// Teller is implemented by definitions whose games can tell their narrative. Telling costs time and
// memory that live play does not need, so a host plays with New and replays with NewTold what it records.
type Teller interface {
	NewTold(options json.RawMessage, seats int, seed uint64) (State, error)
}

// SeatRef returns a pointer to a seat, for Event.Seat.
func SeatRef(s Seat) *Seat { return &s }

// Tell renders an event's text with the players' names in place of {seat N}; seats without a name keep
// "seat N+1".
func (e Event) Tell(names []string) string {
	if !strings.Contains(e.Text, "{seat ") {
		return e.Text
	}
	var b strings.Builder
	rest := e.Text
	for {
		i := strings.Index(rest, "{seat ")
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:i])
		var n int
		if _, err := fmt.Sscanf(rest[i+len("{seat "):i+j], "%d", &n); err == nil && n >= 0 && n < len(names) && names[n] != "" {
			b.WriteString(names[n])
		} else {
			b.WriteString(rest[i : i+j+1])
		}
		rest = rest[i+j+1:]
	}
}

// same reports whether two events tell the same facts: when, what, whose, and their data (compared as
// JSON values, so that spacing and field order do not matter). Not the English text: its wording is the
// release's that made the record, and a later release may say the same facts better (tiles named in
// words rather than by letter) without making older records unreadable.
func (e Event) same(o Event) bool {
	if e.After != o.After || e.Kind != o.Kind || (e.Seat == nil) != (o.Seat == nil) ||
		(e.Seat != nil && *e.Seat != *o.Seat) {
		return false
	}
	return sameJSON(e.Data, o.Data)
}

func sameJSON(a, b json.RawMessage) bool {
	if len(bytes.TrimSpace(a)) == 0 || len(bytes.TrimSpace(b)) == 0 {
		return len(bytes.TrimSpace(a)) == len(bytes.TrimSpace(b))
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

// NarrativeMismatch is the error of a record whose narrative is not what its moves produce.
type NarrativeMismatch struct {
	// Index is the position of the first event that differs (or is missing or extra).
	Index int
	// Record and Replay are the record's and the replay's events there; nil where one has none.
	Record, Replay *Event
}

func (m *NarrativeMismatch) Error() string {
	switch {
	case m.Record == nil:
		return fmt.Sprintf("narrative event %d (after move %d) is missing from the record: the replay says %q", m.Index, m.Replay.After, m.Replay.Text)
	case m.Replay == nil:
		return fmt.Sprintf("narrative event %d (after move %d) is not in the replay: the record says %q", m.Index, m.Record.After, m.Record.Text)
	}
	return fmt.Sprintf("narrative event %d (after move %d) differs: the record says %q %s, the replay says %q %s",
		m.Index, m.Replay.After, m.Record.Text, m.Record.Data, m.Replay.Text, m.Replay.Data)
}

// CheckNarrative compares a record's narrative with the one a replay produced and returns a
// *NarrativeMismatch at the first difference, or nil.
func CheckNarrative(record, replay []Event) error {
	for i := 0; i < max(len(record), len(replay)); i++ {
		var r, p *Event
		if i < len(record) {
			r = &record[i]
		}
		if i < len(replay) {
			p = &replay[i]
		}
		if r == nil || p == nil || !r.same(*p) {
			return &NarrativeMismatch{Index: i, Record: r, Replay: p}
		}
	}
	return nil
}
