package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
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

// A game not over, an unknown lens and a missing file are refused with a clear message and exit status 1.
func TestAnalyseRefuses(t *testing.T) {
	raw, err := os.ReadFile("../../docs/examples/cartographers-record.json")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.ReadRecord(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	rec.Moves, rec.Narrative = rec.Moves[:5], nil
	unfinished, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{string(unfinished), []string{"analyse", "-"}, "the game is not over"},
		{"", []string{"analyse", "--lens", "psychic", "x.json"}, `unknown lens "psychic"`},
		{"", []string{"analyse", "no-such-record.json"}, "open record"},
		{"", []string{"analyse"}, "usage: surveyor analyse"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), c.args, strings.NewReader(c.stdin), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), c.want) || out.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 1 and %q", c.args, code, errb.String(), out.String(), c.want)
		}
	}
}
