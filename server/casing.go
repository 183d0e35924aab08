package server

import (
	"bytes"
	"encoding/json"
)

// The API spells every field in snake_case. Before it did, the server wrote maxSeats, minSeats, toAct,
// mustAct, bankMs and defaultOptions; matches stored then keep maxSeats in their config and lobby summary,
// and clients written then send maxSeats. These readers accept the old name wherever it could arrive, so
// that no stored match and no existing client breaks.

// legacyMaxSeats is the old spelling of max_seats, read only.
type legacyMaxSeats struct {
	Old int `json:"maxSeats"`
}

func (c *config) UnmarshalJSON(b []byte) error {
	type plain config
	var v struct {
		plain
		legacyMaxSeats
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*c = config(v.plain)
	if c.MaxSeats == 0 {
		c.MaxSeats = v.Old
	}
	return nil
}

func (s *lobbySummary) UnmarshalJSON(b []byte) error {
	type plain lobbySummary
	var v struct {
		plain
		legacyMaxSeats
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*s = lobbySummary(v.plain)
	if s.MaxSeats == 0 {
		s.MaxSeats = v.Old
	}
	return nil
}

// currentSummary rewrites a lobby summary stored in the old spelling; current ones pass untouched.
func currentSummary(raw json.RawMessage) json.RawMessage {
	if !bytes.Contains(raw, []byte(`"maxSeats"`)) {
		return raw
	}
	var s lobbySummary
	if json.Unmarshal(raw, &s) != nil {
		return raw
	}
	return mustJSON(s)
}
