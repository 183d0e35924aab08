package server

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/game/gametest"
	"github.com/surveyor-game/surveyor/store"
)

// A solo Cartographers game played through the API is analysed once it is over: refused while it runs,
// started by a POST, done with the analysis of every move, stored once (a later POST computes nothing
// and changes nothing), and refused for an unknown or malformed match and for a game without analysis.
func TestAnalysisOfAFinishedMatch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *Config) {
		c.Games = game.NewRegistry(cartographers.Definition{}, gametest.Definition{})
		c.Analysis = analysis.Options{Samples: 1, Lenses: []game.Lens{game.LensFair}}
	})
	id, ps := e.newMatch("cartographers", `null`, 1, "")
	path := "/api/matches/" + id + "/analysis"
	for _, m := range []string{"POST", "GET"} {
		if r := e.do(m, path, "", ""); r.status != http.StatusConflict || r.errCode() != "not_finished" {
			t.Fatalf("%s the analysis of a running game: %d %s", m, r.status, r.body)
		}
	}
	if _, err := e.store.(store.Analyses).Analysis(context.Background(), id); err != store.ErrNotFound {
		t.Fatalf("a refused analysis stored something: %v", err)
	}
	moves := e.playOut(id, ps, 200)
	var st struct {
		Status   string             `json:"status"`
		Progress float64            `json:"progress"`
		Analysis *analysis.Analysis `json:"analysis"`
	}
	if err := json.Unmarshal(e.must(http.StatusOK, e.do("GET", path, "", "")).body, &st); err != nil || st.Status != "none" {
		t.Fatalf("before it is asked: %+v %v", st, err)
	}
	r := e.do("POST", path, "", "")
	if r.status != http.StatusAccepted && r.status != http.StatusOK {
		t.Fatalf("start: %d %s", r.status, r.body)
	}
	e.srv.analyses.Wait(id)
	if err := json.Unmarshal(e.must(http.StatusOK, e.do("GET", path, "", "")).body, &st); err != nil {
		t.Fatal(err)
	}
	if st.Status != "done" || st.Progress != 1 || st.Analysis == nil || st.Analysis.Fair == nil ||
		len(st.Analysis.Fair.Decisions) != moves || st.Analysis.Players[0] != "p0" {
		t.Fatalf("done: %+v", st)
	}
	before, err := e.store.(store.Analyses).Analysis(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(time.Hour)
	again := e.must(http.StatusOK, e.do("POST", path, "", ""))
	e.srv.analyses.Wait(id)
	after, err := e.store.(store.Analyses).Analysis(context.Background(), id)
	if err != nil || !after.Updated.Equal(before.Updated) || string(after.Result) != string(before.Result) {
		t.Fatalf("a second start changed the stored analysis: %v", err)
	}
	if !json.Valid(again.body) || len(again.body) < len(before.Result) {
		t.Fatalf("a second start answers %.200s", again.body)
	}

	for _, bad := range []string{"/api/matches/zzzzzzzzzzzz/analysis", "/api/matches/..%2f/analysis", "/api/matches/" + id + "x/analysis"} {
		if r := e.do("POST", bad, "", ""); r.status != http.StatusNotFound {
			t.Errorf("POST %s: %d %s", bad, r.status, r.body)
		}
	}
	toy, tps := e.newMatch("toy", `{"rounds":1}`, 1, "")
	e.playOut(toy, tps, 50)
	if r := e.do("POST", "/api/matches/"+toy+"/analysis", "", ""); r.status != http.StatusConflict || r.errCode() != "no_analysis" {
		t.Errorf("a game without analysis: %d %s", r.status, r.body)
	}
}
