package game_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/game/gametest"
)

// toyRecord plays a two-round, two-seat toy game (seat 0 picks 1, seat 1 picks 2) and records it.
func toyRecord(t *testing.T) game.Record {
	t.Helper()
	st, err := gametest.Definition{}.New(json.RawMessage(`{"rounds":2}`), 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	rec := game.Record{Game: gametest.Name, Options: json.RawMessage(`{"rounds":2}`), Seed: 7, Seats: 2, Players: []string{"Ada", "Bea"}}
	for !st.Over() {
		for _, seat := range st.ToAct() {
			m := json.RawMessage(`{"pick":` + string(rune('1'+seat)) + `}`)
			if err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
			rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: m})
		}
	}
	rec.Tell(st)
	return rec
}

func TestRecordTellsAndVerifies(t *testing.T) {
	reg := game.NewRegistry(gametest.Definition{})
	rec := toyRecord(t)
	deck := gametest.DeckOrder(7)
	if rec.Format != game.RecordFormat || len(rec.Narrative) != 3 {
		t.Fatalf("format %d, narrative %+v", rec.Format, rec.Narrative)
	}
	// Round 1 reveals the deck's first card; seat 0 picked 1 and seat 1 picked 2, so they gain card and 2×card.
	first := rec.Narrative[0]
	if first.After != 2 || first.Kind != "round" || !strings.Contains(first.Text, "card "+itoa(deck[0])) {
		t.Fatalf("first event %+v, deck starts %d", first, deck[0])
	}
	if got, want := first.Tell(rec.Players), "Round 1: card "+itoa(deck[0])+"; Ada picked 1 (+"+itoa(deck[0])+") Bea picked 2 (+"+itoa(2*deck[0])+")"; got != want {
		t.Fatalf("told %q, want %q", got, want)
	}
	if end := rec.Narrative[2]; end.Kind != "end" || end.After != 4 {
		t.Fatalf("last event %+v", end)
	}
	// Through JSON and back, as a file would.
	raw, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := game.ReadRecord(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Verify(back); err != nil {
		t.Fatalf("an honest record: %v", err)
	}
}

func TestVerifyNamesTheFirstDifference(t *testing.T) {
	reg := game.NewRegistry(gametest.Definition{})
	tamper := map[string]func(r *game.Record){
		"card in the data": func(r *game.Record) {
			r.Narrative[1].Data = json.RawMessage(strings.Replace(string(r.Narrative[1].Data), `"card":`, `"card":1`, 1))
		},
		"event removed": func(r *game.Record) { r.Narrative = append(r.Narrative[:1], r.Narrative[2:]...) },
		"event added":   func(r *game.Record) { r.Narrative = append(r.Narrative, r.Narrative[0]) },
		"moment moved":  func(r *game.Record) { r.Narrative[1].After-- },
		"seat added":    func(r *game.Record) { r.Narrative[1].Seat = game.SeatRef(1) },
	}
	want := map[string]int{"card in the data": 1, "event removed": 1, "event added": 3, "moment moved": 1, "seat added": 1}
	for name, f := range tamper {
		rec := toyRecord(t)
		f(&rec)
		_, err := reg.Verify(rec)
		var m *game.NarrativeMismatch
		if !errors.As(err, &m) || m.Index != want[name] {
			t.Errorf("%s: %v, want a mismatch at event %d", name, err, want[name])
		}
	}
}

// A record whose narrative tells the same facts in other words (an older release's wording: tiles named
// by letter) replays: the facts are checked, and what is told is the replay's own words.
func TestRecordInOlderWordsReplays(t *testing.T) {
	reg := game.NewRegistry(gametest.Definition{})
	rec := toyRecord(t)
	want := rec.Narrative[1].Text
	rec.Narrative[1].Text = "said otherwise by an older release"
	st, err := reg.Verify(rec)
	if err != nil {
		t.Fatalf("a record in older words: %v", err)
	}
	if got := st.(game.Narrator).Narrative()[1].Text; got != want {
		t.Fatalf("the replay tells %q, want its own words %q", got, want)
	}
}

// A record written before the narrative (format 1: no format, no players, no narrative) still replays.
func TestOldRecordStillReplays(t *testing.T) {
	old := `{"game":"toy","options":{"rounds":2},"seed":7,"seats":2,"moves":[{"seat":0,"move":{"pick":1}},{"seat":1,"move":{"pick":2}},{"seat":0,"move":{"pick":1}},{"seat":1,"move":{"pick":2}}]}`
	rec, err := game.ReadRecord(strings.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	st, err := game.NewRegistry(gametest.Definition{}).Verify(rec)
	if err != nil || !st.Over() {
		t.Fatalf("old record: %v", err)
	}
	newer := strings.Replace(old, `{"game"`, `{"format":3,"game"`, 1)
	rec, _ = game.ReadRecord(strings.NewReader(newer))
	if _, err := game.NewRegistry(gametest.Definition{}).Verify(rec); err == nil || !strings.Contains(err.Error(), "format 3") {
		t.Fatalf("a record of a future format: %v", err)
	}
}

func TestTellKeepsUnknownSeats(t *testing.T) {
	e := game.Event{Text: "{seat 0} and {seat 2} and {seat x} and {seat 1"}
	if got := e.Tell([]string{"Ada", "Bea"}); got != "Ada and {seat 2} and {seat x} and {seat 1" {
		t.Fatalf("told %q", got)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
