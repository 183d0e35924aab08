package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
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
	t.Parallel()
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

// appendFn is a game.ViewAppender from a function, for appendView's edge cases.
type appendFn func(b []byte, seat game.Seat) []byte

func (f appendFn) AppendView(b []byte, seat game.Seat) []byte { return f(b, seat) }

// appendView writes the game's view after its key; a view that is null is left out, as omitempty leaves
// it, and so is one whose game panics halfway through writing it, with nothing of it left behind.
func TestAppendViewContainsAGamesFaults(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		f    appendFn
		want string
	}{
		{"view", func(b []byte, seat game.Seat) []byte { return append(b, `{"seat":`+strconv.Itoa(int(seat))+`}`...) }, `{"x":1,"view":{"seat":2}`},
		{"null", func(b []byte, _ game.Seat) []byte { return append(b, "null"...) }, `{"x":1`},
		{"panic", func(b []byte, _ game.Seat) []byte { panic("a bug in the game after " + string(append(b, `{"half`...))) }, `{"x":1`},
	} {
		if got := string(appendView([]byte(`{"x":1`), tc.f, 2)); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}
