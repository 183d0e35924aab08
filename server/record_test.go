package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// A finished match's record tells the game: the players' names, the current format and the engine's
// narrative, which a replay of its moves reproduces exactly.
func TestRecordTellsTheGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, "")
	for range 2 {
		for _, p := range ps {
			e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", p.token, `{"move":{"pick":`+itoa(p.seat+1)+`}}`))
		}
	}
	var rec game.Record
	if err := json.Unmarshal(e.must(http.StatusOK, e.do("GET", "/api/matches/"+id+"/record", "", "")).body, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Format != game.RecordFormat || strings.Join(rec.Players, ",") != "p0,p1" || len(rec.Narrative) != 3 {
		t.Fatalf("record format %d, players %q, narrative %+v", rec.Format, rec.Players, rec.Narrative)
	}
	if got := rec.Narrative[0].Tell(rec.Players); !strings.HasPrefix(got, "Round 1: card ") || !strings.Contains(got, "p0 picked 1") {
		t.Fatalf("first event told %q", got)
	}
	if _, err := testGames.Verify(rec); err != nil {
		t.Fatalf("the server's record does not verify: %v", err)
	}
}

// Each replay step carries the narrative so far, told with the players' names.
func TestReplayStepTellsTheGameSoFar(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 2, "")
	for range 2 {
		for _, p := range ps {
			e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/moves", p.token, `{"move":{"pick":`+itoa(p.seat+1)+`}}`))
		}
	}
	var step struct {
		Narrative []struct {
			After int
			Kind  string
			Text  string
		}
	}
	json.Unmarshal(e.must(http.StatusOK, e.do("GET", "/api/matches/"+id+"/replay/1", "", "")).body, &step)
	if step.Narrative == nil || len(step.Narrative) != 0 {
		t.Fatalf("after one pick the narrative is %+v, want empty", step.Narrative)
	}
	json.Unmarshal(e.must(http.StatusOK, e.do("GET", "/api/matches/"+id+"/replay/2", "", "")).body, &step)
	if len(step.Narrative) != 1 || step.Narrative[0].After != 2 || !strings.Contains(step.Narrative[0].Text, "p0 picked 1") ||
		!strings.Contains(step.Narrative[0].Text, "p1 picked 2") {
		t.Fatalf("after the first round the narrative is %+v", step.Narrative)
	}
}
