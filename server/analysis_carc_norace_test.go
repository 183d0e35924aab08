//go:build !race

// A whole Carcassonne game analysed through the API, built without the race detector: the analysis's
// searches are CPU-bound and take a minute under it (scripts/test runs norace files in a pass of their
// own); TestAnalysisOfAFinishedMatch covers the same routes under the detector.
package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// pacedStore is a store whose first progress above zero, once written, waits for the test to have read
// it through the API: the analysis is caught running, whatever the machine's speed.
type pacedStore struct {
	*sqlite.Store
	once    sync.Once
	written chan float64
	resume  chan struct{}
}

func (p *pacedStore) AnalysisProgress(ctx context.Context, id string, progress float64, now time.Time) error {
	err := p.Store.AnalysisProgress(ctx, id, progress, now)
	if progress > 0 {
		p.once.Do(func() { p.written <- progress; <-p.resume })
	}
	return err
}

// analysisState is the answer of GET and POST /api/matches/{id}/analysis.
type analysisState struct {
	Status   string             `json:"status"`
	Progress float64            `json:"progress"`
	Analysis *analysis.Analysis `json:"analysis"`
}

// A two-player Carcassonne game, a seeded player against the default bot, is analysed once over through
// the API: running with its progress, then done and stored with both lenses, every decision of both seats
// judged at a cost never negative, named in words, and a best move other than the one played wherever the
// played one cost something.
func TestAnalysisOfACarcassonneGame(t *testing.T) {
	t.Parallel()
	sq := openSQLite(t).(*sqlite.Store)
	ps := &pacedStore{Store: sq, written: make(chan float64), resume: make(chan struct{})}
	e := newEnv(t, ps, func(c *Config) {
		c.Games, c.Bots = games.Registry(), games.Bots()
		c.Analysis = analysis.Options{Samples: 1}
	})
	v := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", `{"game":"carcassonne","options":{"surveyors":true},"max_seats":2,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/bots", ada, `{"bot":"greedy+"}`))
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/start", ada, ""))
	moves := 0
	for ; ; moves++ {
		st := e.waitState(id, ada, func(s state) bool { return s.You.MustAct || s.Match.Status == statusFinished })
		if st.Match.Status == statusFinished {
			moves = st.Match.Moves
			break
		}
		if moves > 200 {
			t.Fatal("the game does not end")
		}
		body, _ := json.Marshal(moveReq{Move: e.autoMove(id, 0)})
		e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", ada, string(body)))
	}

	path := "/api/matches/" + id + "/analysis"
	var st analysisState
	r := e.do("POST", path, "", "")
	if r.status != http.StatusAccepted || json.Unmarshal(r.body, &st) != nil || st.Status != "running" {
		t.Fatalf("start: %d %s", r.status, r.body)
	}
	written := <-ps.written
	if err := json.Unmarshal(e.must(http.StatusOK, e.do("GET", path, "", "")).body, &st); err != nil {
		t.Fatal(err)
	}
	if st.Status != "running" || st.Progress != written || !(st.Progress > 0 && st.Progress < 1) || st.Analysis != nil {
		t.Fatalf("while it runs, progress %v written: %+v", written, st)
	}
	close(ps.resume)
	e.srv.analyses.Wait(id)

	if err := json.Unmarshal(e.must(http.StatusOK, e.do("GET", path, "", "")).body, &st); err != nil {
		t.Fatal(err)
	}
	a := st.Analysis
	if st.Status != "done" || st.Progress != 1 || a == nil || a.Fair == nil || a.Clairvoyant == nil || a.Game != "carcassonne" || a.Unit != "points" {
		t.Fatalf("done: %+v", st)
	}
	stored, err := e.store.(store.Analyses).Analysis(context.Background(), id)
	if err != nil || stored.Status != store.AnalysisDone || !json.Valid(stored.Result) {
		t.Fatalf("the stored analysis: %+v %v", stored, err)
	}
	for _, rep := range []*analysis.Report{a.Fair, a.Clairvoyant} {
		if len(rep.Decisions) != moves || len(rep.Players) != 2 {
			t.Fatalf("%s lens: %d decisions of %d moves, %d players", rep.Lens, len(rep.Decisions), moves, len(rep.Players))
		}
		costly := 0
		for _, d := range rep.Decisions {
			if d.Cost < 0 || !strings.Contains(d.PlayedWords, "start tile") || !strings.Contains(d.BestWords, "start tile") {
				t.Fatalf("%s lens, move %d: cost %v, %q / %q", rep.Lens, d.Move, d.Cost, d.PlayedWords, d.BestWords)
			}
			if d.Cost > 0 {
				costly++
				if string(d.Best) == string(d.Played) {
					t.Errorf("%s lens, move %d costs %v but its best move is the one played: %s", rep.Lens, d.Move, d.Cost, d.Best)
				}
			}
		}
		if costly == 0 {
			t.Errorf("%s lens: no decision of a player against a bot cost anything", rep.Lens)
		}
	}
	if a.Players[0] != "Ada" || a.Seats != 2 {
		t.Errorf("players %v, seats %d", a.Players, a.Seats)
	}
}
