package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// A player downloads their finished games as records, one a line; a game in play (its seed still
// secret) and another account's games are left out; no credential or a wrong one gets nothing.
func TestExportGames(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea, shared := twoPlayers(t, e, `,"options":{"rounds":1,"sequential":true}`)
	ada.must(ada.do("POST", "/api/matches/"+shared+"/start", ""), 200)
	ada.must(ada.do("POST", "/api/matches/"+shared+"/moves", `{"move":{"pick":1}}`), 200)
	bea.must(bea.do("POST", "/api/matches/"+shared+"/moves", `{"move":{"pick":2}}`), 200)
	solo := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":2},"max_seats":1,"name":"Ada"}`), 201).json(t)["id"].(string)
	ada.must(ada.do("POST", "/api/matches/"+solo+"/start", ""), 200)
	ada.must(ada.do("POST", "/api/matches/"+solo+"/moves", `{"move":{"pick":3}}`), 200) // one round of two: in play
	beas := bea.must(bea.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":1},"max_seats":1,"name":"Bea"}`), 201).json(t)["id"].(string)
	bea.must(bea.do("POST", "/api/matches/"+beas+"/start", ""), 200)
	bea.must(bea.do("POST", "/api/matches/"+beas+"/moves", `{"move":{"pick":1}}`), 200)

	r := ada.must(ada.do("GET", "/api/account/export", ""), 200)
	if ct := r.header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Errorf("Content-Type %q", ct)
	}
	// The file is named after the server's day (its clock, which tests pin), not the machine's.
	if cd := r.header.Get("Content-Disposition"); cd != `attachment; filename="surveyor-games-2026-05-01.jsonl"` {
		t.Errorf("Content-Disposition %q, want the file named after the server's day, 2026-05-01", cd)
	}
	lines := bytes.Split(bytes.TrimSpace(r.body), []byte("\n"))
	if len(lines) != 1 {
		t.Fatalf("%d records, want the one finished game of Ada's:\n%s", len(lines), r.body)
	}
	var rec game.Record
	if err := json.Unmarshal(lines[0], &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Game != "toy" || len(rec.Moves) != 2 || len(rec.Players) != 2 || rec.Players[0] != "Ada" || rec.Players[1] != "Bea" || rec.Seed == 0 {
		t.Fatalf("record %+v, want the finished two-player toy game with its seed and both names", rec)
	}
	if _, err := testGames.Replay(rec); err != nil {
		t.Fatalf("the exported record does not replay: %v", err)
	}
	if r := e.do("GET", "/api/account/export", "", ""); r.status != http.StatusUnauthorized {
		t.Errorf("without a credential: %d", r.status)
	}
	if r := e.do("GET", "/api/account/export", "sv_wrong", ""); r.status != http.StatusUnauthorized {
		t.Errorf("with a wrong token: %d", r.status)
	}
}
