package social

import (
	"strings"
	"testing"
	"time"
)

// Every kind of note the gate lets through has its own words in each language, with no format left
// unfilled; a tournament's notes name the tournament and the round or the place.
func TestNoteWordsForEveryKind(t *testing.T) {
	next := time.Date(2026, 11, 29, 8, 11, 0, 0, time.UTC)
	d := NoteData{By: "Ada", Seat: 1, Tournament: "t1", Title: "Winter league", Round: 3, Place: 2, Deadline: &next}
	for lang := range noteLangs {
		fallback := map[string]bool{}
		_, turn := noteText(lang, NoteTurn, d, "Toy")
		for kind := range noteRules {
			_, body := noteText(lang, kind, d, "Toy")
			if strings.Contains(body, "%!") || body == "" {
				t.Errorf("%s %s: %q", lang, kind, body)
			}
			if kind != NoteTurn && body == turn {
				fallback[kind] = true
			}
		}
		if len(fallback) > 0 {
			t.Errorf("%s: kinds worded as a turn: %v", lang, fallback)
		}
		for kind, want := range map[string]string{NoteTournamentRound: "3", NoteTournamentEnd: "2", NoteTournamentCheckIn: "Winter league"} {
			if _, body := noteText(lang, kind, d, "Toy"); !strings.Contains(body, "Winter league") || !strings.Contains(body, want) {
				t.Errorf("%s %s: %q lacks the tournament or %s", lang, kind, body, want)
			}
		}
		// a break says the round to come and when it starts
		for _, want := range []string{"Winter league", "3", "2026-11-29 08:11:00 UTC"} {
			if _, body := noteText(lang, NoteTournamentBreak, d, "Toy"); !strings.Contains(body, want) {
				t.Errorf("%s %s: %q lacks %s", lang, NoteTournamentBreak, body, want)
			}
		}
	}
}
