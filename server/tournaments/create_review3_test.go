package tournaments

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// A Swiss at tables fits its seats to the game as its options make it, not as any options could: without
// Inns & Cathedrals (its sixth colour) Carcassonne seats five at most, so a table of six could never be
// made and the tournament waited for that game for ever (its match refused at each repair). With the
// expansion, six fit.
func TestReview3TableSeatsFitTheOptions(t *testing.T) {
	now := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	room := New(Host{Games: game.NewRegistry(carcassonne.Definition{}), Now: func() time.Time { return now }})
	req := func(options string) *createRequest {
		return &createRequest{settings: settings{Name: "Tables", Game: "carcassonne", Options: json.RawMessage(options), Format: Tables, Clock: &Clock{Mode: "game", Seconds: 600},
			Rounds: 3, Seats: seatsJSON{Min: 3, Max: 6}}, StartsAt: now.Add(time.Hour)}
	}
	def := carcassonne.Definition{}
	if _, err := def.New(def.DefaultOptions(), 6, 1); err == nil {
		t.Fatal("Carcassonne's default options seat six: the check below proves nothing")
	}
	if err := room.check(req(`{}`), now); err == nil {
		t.Fatal("tables of six for Carcassonne without Inns & Cathedrals are taken")
	}
	if err := room.check(req(`{"expansions":["inns_cathedrals"]}`), now); err != nil {
		t.Fatalf("tables of six with Inns & Cathedrals: %v", err)
	}
}
