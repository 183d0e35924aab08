//go:build !race

// The analyse command's whole analyses of the documented records, built without the race detector: the
// command runs on one goroutine, where the detector has nothing to find, and its searches were the
// package's longest tests under it (scripts/test runs norace files in a pass of their own).
// TestAnalyseRefuses keeps the command's refusals under the detector; the server's analyses, which do run
// beside matches, stay under it in server's TestAnalysisOfAFinishedMatch.
package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// analyse reviews the documented example record: its JSON names each decision's played and best moves and
// a cost never negative, the summary reads per lens and player, and the same seed gives the same JSON.
func TestAnalyseCommand(t *testing.T) {
	path := "../../docs/examples/cartographers-record.json"
	out := runOK(t, "", "analyse", "--json", "--samples", "1", path)
	var a struct {
		Game, Unit  string
		Fair        *struct{ Decisions []map[string]json.RawMessage }
		Clairvoyant *struct{ Decisions []map[string]json.RawMessage }
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	if a.Game != "cartographers" || a.Unit != "stars" || a.Fair == nil || a.Clairvoyant == nil {
		t.Fatalf("analysis %.300s", out)
	}
	if len(a.Fair.Decisions) != 19 {
		t.Errorf("%d decisions in the fair lens, the record has 19 moves", len(a.Fair.Decisions))
	}
	for _, d := range append(a.Fair.Decisions, a.Clairvoyant.Decisions...) {
		var cost float64
		if err := json.Unmarshal(d["cost"], &cost); err != nil || cost < 0 || len(d["played"]) < 10 || len(d["best"]) < 10 {
			t.Fatalf("decision %v", d)
		}
	}
	if again := runOK(t, "", "analyse", "--json", "--samples", "1", path); again != out {
		t.Error("one record and seed gave two analyses")
	}
	text := runOK(t, "", "analyse", "--lens", "clairvoyant", path)
	for _, want := range []string{"clairvoyant lens: with the deck known", "seat 0 (Ada):", "accuracy", "lost by phase: Spring", "costliest 1: move"} {
		if !strings.Contains(text, want) {
			t.Errorf("the summary has no %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "fair lens") {
		t.Error("--lens clairvoyant printed the fair lens")
	}
}

// A Carcassonne record's costliest decisions read as a person says them: the tile by its picture and where
// it goes from the start tile, never the move form's fields; the JSON keeps both.
func TestAnalyseNamesMovesInWords(t *testing.T) {
	path := "../../docs/examples/carcassonne-record.json"
	text := runOK(t, "", "analyse", "--lens", "fair", "--samples", "1", path)
	for _, want := range []string{"    played: a ", " of the start tile", "    best:   a "} {
		if !strings.Contains(text, want) {
			t.Errorf("the summary has no %q:\n%s", want, text)
		}
	}
	for _, raw := range []string{`"type"`, `"rotation"`, `"x":`} {
		if strings.Contains(text, raw) {
			t.Errorf("the summary shows the move form's %s:\n%s", raw, text)
		}
	}
	var a struct {
		Fair struct {
			Decisions []struct {
				Played      json.RawMessage
				PlayedWords string `json:"played_words"`
				BestWords   string `json:"best_words"`
			}
		}
	}
	if err := json.Unmarshal([]byte(runOK(t, "", "analyse", "--json", "--lens", "fair", "--samples", "1", path)), &a); err != nil {
		t.Fatal(err)
	}
	for _, d := range a.Fair.Decisions {
		if !strings.Contains(string(d.Played), `"type":"place"`) || !strings.Contains(d.PlayedWords, "start tile") || !strings.Contains(d.BestWords, "start tile") {
			t.Fatalf("a decision's moves: %s / %q / %q", d.Played, d.PlayedWords, d.BestWords)
		}
	}
}
