package server

import (
	"context"
	"net/http"
	"testing"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// On a server with accounts, who asks for an analysis is read for its limit per requester: a wrong API
// token is refused (401) and starts nothing; a visitor without credentials is a requester by address.
func TestAnalysisRequesterCredentials(t *testing.T) {
	e, _, _ := accEnv(t, func(c *Config) {
		c.Games = game.NewRegistry(cartographers.Definition{})
		c.Analysis = analysis.Options{Samples: 1, Lenses: []game.Lens{game.LensFair}}
	})
	id, ps := e.newMatch("cartographers", `null`, 1, "")
	e.playOut(id, ps, 200)
	path := "/api/matches/" + id + "/analysis"
	if r := e.do("POST", path, "sv_madeup", ""); r.status != http.StatusUnauthorized || r.errCode() != "unauthorized" {
		t.Fatalf("a wrong API token: %d %s", r.status, r.body)
	}
	if _, err := e.store.(store.Analyses).Analysis(context.Background(), id); err != store.ErrNotFound {
		t.Fatalf("a refused request started an analysis: %v", err)
	}
	if r := e.do("POST", path, "", ""); r.status != http.StatusAccepted && r.status != http.StatusOK {
		t.Fatalf("a visitor: %d %s", r.status, r.body)
	}
	// The analysis itself, to its end, is TestAnalysisOfAFinishedMatch's: this one is left running, and
	// the server's close at the test's end cancels it (a whole analysis costs 6 s of CPU under the race
	// detector).
}
