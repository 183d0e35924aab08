package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

func runOK(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, strings.NewReader(stdin), &out, &errb); code != 0 {
		t.Fatalf("surveyor %v: exit %d: %s", args, code, errb.String())
	}
	return out.String()
}

func TestCarcassonneAutoPlayReplays(t *testing.T) {
	args := []string{"carcassonne", "play", "--auto", "--seed", "5", "--players", "3", "--surveyors", "--json"}
	first := runOK(t, "", args...)
	if again := runOK(t, "", args...); again != first {
		t.Fatal("the same seed gave two different games")
	}
	var res struct {
		Scores      []int       `json:"scores"`
		Ranks       []int       `json:"ranks"`
		TilesPlaced int         `json:"tiles_placed"`
		Record      game.Record `json:"record"`
	}
	if err := json.Unmarshal([]byte(first), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Scores) != 3 || res.TilesPlaced < 60 || res.TilesPlaced > 72 || len(res.Record.Moves) != res.TilesPlaced-1 {
		t.Fatalf("result %+v", res)
	}
	path := filepath.Join(t.TempDir(), "game.json")
	raw, err := json.Marshal(res.Record)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Over   bool `json:"over"`
		Result struct {
			Scores []int `json:"scores"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "", "replay", "--json", path)), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Over || fmt.Sprint(rep.Result.Scores) != fmt.Sprint(res.Scores) {
		t.Errorf("replay gives %v (over %v), play gave %v", rep.Result.Scores, rep.Over, res.Scores)
	}

	// The same moves typed at the hot-seat prompt, after a refused one and a request for the move list,
	// give the same final scores.
	var in strings.Builder
	in.WriteString("0 0 0\nmoves\n")
	for _, m := range res.Record.Moves {
		in.Write(m.Move)
		in.WriteByte('\n')
	}
	out := runOK(t, in.String(), "carcassonne", "play", "--seed", "5", "--players", "3", "--surveyors")
	if !strings.Contains(out, "refused:") {
		t.Error("the illegal move was not reported")
	}
	for s, sc := range res.Scores {
		if want := fmt.Sprintf("seat %d: %d points", s+1, sc); !strings.Contains(out, want) {
			t.Errorf("hot-seat output lacks %q", want)
		}
	}
}

func TestCarcassonnePlayErrors(t *testing.T) {
	for _, args := range [][]string{
		{"carcassonne"},
		{"carcassonne", "play", "--players", "6", "--auto"},
		{"carcassonne", "play", "--options", `{"colour":1}`, "--auto"},
		{"carcassonne", "play", "--expansions", "river,tower", "--auto"},
		{"carcassonne", "play"}, // hot-seat with no input
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errb); code == 0 || errb.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// --expansions plays with the River and the Abbot: the spring and eleven river tiles are laid besides the
// land tiles, and the record replays to the same scores.
func TestCarcassonnePlayExpansions(t *testing.T) {
	var res struct {
		Scores      []int       `json:"scores"`
		TilesPlaced int         `json:"tiles_placed"`
		Record      game.Record `json:"record"`
	}
	out := runOK(t, "", "carcassonne", "play", "--auto", "--seed", "3", "--expansions", "abbot,river", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(res.Record.Options), `"expansions":["river","abbot"]`) || res.TilesPlaced < 75 {
		t.Fatalf("options %s, %d tiles placed", res.Record.Options, res.TilesPlaced)
	}
	path := filepath.Join(t.TempDir(), "game.json")
	raw, _ := json.Marshal(res.Record)
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Result struct {
			Scores []int `json:"scores"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(runOK(t, "", "replay", "--json", path)), &rep); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(rep.Result.Scores) != fmt.Sprint(res.Scores) {
		t.Errorf("replay gives %v, play gave %v", rep.Result.Scores, res.Scores)
	}
}

// A game with Traders & Builders replays, and the replay tells in words the goods a seat takes and the
// builder's second tiles (the built-in policy stands builders; seed 2 gives both).
func TestCarcassonneTradersReplayTellsGoodsAndSecondTiles(t *testing.T) {
	replayTells(t, "traders_builders", "completes a city and takes its goods: 1 ", "(a second tile: the builder's road or city was extended)", "Final scoring: most ")
}

// A game with the Mage & Witch replays, and the replay tells in words where the mage and the witch went
// and the points they changed.
func TestCarcassonneMageWitchReplayTellsTheMagic(t *testing.T) {
	replayTells(t, "mage_witch", " the mage on the ", " the witch ", "(the mage: +")
}

// replayTells plays seed 2 with an expansion by the built-in policy, replays its record and looks for
// each of wants in what the replay tells.
func replayTells(t *testing.T, expansion string, wants ...string) {
	t.Helper()
	rec := playRecord(t, "carcassonne", "play", "--auto", "--seed", "2", "--expansions", expansion, "--json")
	if !strings.Contains(string(rec.Options), `"expansions":["`+expansion+`"]`) {
		t.Fatalf("options %s", rec.Options)
	}
	code, out, errs := replayCode(writeRecord(t, rec))
	if code != 0 {
		t.Fatalf("replay exit %d: %s", code, errs)
	}
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("the replay does not tell %q:\n%s", want, out)
		}
	}
}
