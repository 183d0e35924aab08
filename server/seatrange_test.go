package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// A match's seat range follows its options (game.SeatRangeFor): a Carcassonne match with Inns &
// Cathedrals opens with six seats, asked for or by default, and one without refuses six; the list of
// games offers six.
func TestSixthSeatWithInnsAndCathedrals(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) { c.Games = game.NewRegistry(carcassonne.Definition{}) })
	// The list of games offers the widest range: six seats, with Inns & Cathedrals.
	var list struct {
		Games []definitionInfo `json:"games"`
	}
	if err := json.Unmarshal(e.must(200, e.do("GET", "/api/games", "", "")).body, &list); err != nil || len(list.Games) != 1 {
		t.Fatalf("/api/games: %v %+v", err, list)
	}
	if g := list.Games[0]; g.MinSeats != 2 || g.MaxSeats != 6 {
		t.Errorf("/api/games offers Carcassonne with %d to %d seats, want 2 to 6", g.MinSeats, g.MaxSeats)
	}
	for _, body := range []string{
		`{"game":"carcassonne","options":{"expansions":["inns_cathedrals"]},"max_seats":6,"name":"Ada"}`,
		`{"game":"carcassonne","options":{"expansions":["inns_cathedrals"]},"name":"Ada"}`,
	} {
		id := e.must(201, e.do("POST", "/api/matches", "", body)).json(t)["id"].(string)
		if got := e.state(id, "").Match.MaxSeats; got != 6 {
			t.Errorf("%s: %d seats, want 6", body, got)
		}
	}
	r := e.must(400, e.do("POST", "/api/matches", "", `{"game":"carcassonne","options":{"surveyors":true},"max_seats":6,"name":"Ada"}`))
	if !strings.Contains(string(r.body), "2..5") {
		t.Errorf("six seats without Inns & Cathedrals: %s", r.body)
	}
	id := e.must(201, e.do("POST", "/api/matches", "", `{"game":"carcassonne","name":"Ada"}`)).json(t)["id"].(string)
	if got := e.state(id, "").Match.MaxSeats; got != 5 {
		t.Errorf("a base game opens with %d seats, want 5", got)
	}
	e.must(400, e.do("POST", "/api/matches", "", `{"game":"carcassonne","options":{"expansions":["towers"]},"name":"Ada"}`))
}
