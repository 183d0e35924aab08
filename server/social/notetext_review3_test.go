package social

import (
	"strings"
	"testing"
)

// A round note without a game (a bye, a league game its opponent's withdrawal left unplayed: Seat -1) is
// said as the page says it, you sit this round out: the pushes and mails said "your game starts" of a
// game that did not exist.
func TestReview3RoundNoteOfABye(t *testing.T) {
	bye := NoteData{Seat: -1, Tournament: "t1", Title: "Winter league", Round: 3}
	game := NoteData{Seat: 0, Tournament: "t1", Title: "Winter league", Round: 3}
	for lang := range noteLangs {
		_, sitOut := noteText(lang, NoteTournamentRound, bye, "Toy")
		_, play := noteText(lang, NoteTournamentRound, game, "Toy")
		if sitOut == play || strings.Contains(sitOut, "Toy") || !strings.Contains(sitOut, "Winter league") || !strings.Contains(sitOut, "3") || strings.Contains(sitOut, "%!") {
			t.Errorf("%s: a bye is said %q (a game: %q)", lang, sitOut, play)
		}
	}
}
