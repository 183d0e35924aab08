package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// refEnvelope is the envelope encoded by encoding/json from the envelope struct, the form documented in
// docs/api.md, which the hand-assembled encoding must match byte for byte.
func refEnvelope(t *testing.T, m *match, seat game.Seat) []byte {
	t.Helper()
	e := envelope{Type: "state", Seq: m.seq, Match: m.matchInfo()}
	if seat >= 0 {
		e.You = &you{Seat: seat}
	}
	if m.started {
		e.View = m.st.View(seat)
		if seat >= 0 {
			e.You.MustAct = slices.Contains(m.st.ToAct(), seat)
			u := m.st.(game.Undoer)
			e.You.Undoable = u.Undoable(seat) && m.lastMoveOf(seat) >= 0
		}
	}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestEnvelopeMatchesTheEnvelopeStruct(t *testing.T) {
	e := newEnv(t, nil, nil)
	check := func(id string, seats ...game.Seat) {
		t.Helper()
		m, err := e.srv.get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		defer m.mu.Unlock()
		for _, s := range seats {
			if got, want := m.envelope(s), refEnvelope(t, m, s); !bytes.Equal(got, want) {
				t.Errorf("seat %d at seq %d:\n got %s\nwant %s", s, m.seq, got, want)
			}
		}
	}
	// An open match: no view yet.
	open := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":2},"max_seats":2,"name":"a"}`)).json(t)["id"].(string)
	check(open, game.Spectator, 0)

	id, ps := e.newMatch("toy", `{"rounds":2,"sequential":true}`, 2, "")
	check(id, game.Spectator, 0, 1)
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ps[0].token, `{"move":{"pick":1}}`))
	check(id, game.Spectator, 0, 1) // seat 0 may take its move back, seat 1 must act
	// Seats see different views: the cache keeps one encoding per seat, not one for all.
	m, _ := e.srv.get(context.Background(), id)
	a, b, s := m.envelope(0), m.envelope(1), m.envelope(game.Spectator)
	m.mu.Unlock()
	if bytes.Equal(a, b) || bytes.Equal(a, s) {
		t.Errorf("seat 0's envelope equals another seat's:\n%s\n%s\n%s", a, b, s)
	}
}
