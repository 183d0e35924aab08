package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

// playRecord plays a game on the command line and returns its record.
func playRecord(t *testing.T, args ...string) game.Record {
	t.Helper()
	var res struct{ Record game.Record }
	if err := json.Unmarshal([]byte(runOK(t, "", args...)), &res); err != nil {
		t.Fatal(err)
	}
	return res.Record
}

func writeRecord(t *testing.T, rec any) string {
	t.Helper()
	raw, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "record.json")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func replayCode(path string, flags ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(context.Background(), append(append([]string{"replay"}, path), flags...), nil, &out, &errb)
	return code, out.String(), errb.String()
}

// A record tells its game; replay checks the narrative and prints it, with the flags after the file too.
func TestReplayChecksTheNarrative(t *testing.T) {
	for _, args := range [][]string{
		{"cartographers", "play", "--auto", "--seed", "11", "--preset", "both", "--json"},
		{"carcassonne", "play", "--auto", "--seed", "11", "--players", "3", "--surveyors", "--json"},
	} {
		rec := playRecord(t, args...)
		if rec.Format != game.RecordFormat || len(rec.Narrative) < 20 {
			t.Fatalf("%s: record format %d with %d events", args[0], rec.Format, len(rec.Narrative))
		}
		path := writeRecord(t, rec)
		code, out, errs := replayCode(path, "--json")
		var rep struct {
			Checked   bool
			Over      bool
			Narrative []game.Event
		}
		if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || !rep.Checked || !rep.Over || len(rep.Narrative) != len(rec.Narrative) {
			t.Fatalf("%s: replay FILE --json: exit %d, %s %s", args[0], code, out, errs)
		}
		if code, out, _ := replayCode(path); code != 0 || !strings.Contains(out, "narrative events match the replay") || !strings.Contains(out, "Turn ") && !strings.Contains(out, "Spring, turn 1: ") {
			t.Fatalf("%s: text replay: exit %d\n%s", args[0], code, out)
		}
	}
}

// One card name changed in a record's narrative: replay refuses it and names the turn where it differs.
func TestReplayNamesTheTamperedTurn(t *testing.T) {
	rec := playRecord(t, "cartographers", "play", "--auto", "--seed", "11", "--json")
	var i int
	for i = range rec.Narrative {
		if e := rec.Narrative[i]; e.Kind == "card" && strings.HasPrefix(e.Text, "Summer, turn 2: ") {
			break
		}
	}
	e := &rec.Narrative[i]
	var data map[string]any
	json.Unmarshal(e.Data, &data)
	real := data["card"].(string)
	data["card"] = "Hamlet"
	if real == "Hamlet" {
		data["card"] = "Orchard"
	}
	e.Data, _ = json.Marshal(data)
	e.Text = strings.Replace(e.Text, real, data["card"].(string), 1)
	code, _, errs := replayCode(writeRecord(t, rec))
	if code != 1 || !strings.Contains(errs, "Summer, turn 2: "+real) || !strings.Contains(errs, "narrative event "+strconv.Itoa(i)) {
		t.Fatalf("tampered record: exit %d, %s", code, errs)
	}
}

// Records written before the narrative (format 1) still replay, unchecked.
func TestReplayOldRecord(t *testing.T) {
	rec := playRecord(t, "carcassonne", "play", "--auto", "--seed", "3", "--json")
	old := map[string]any{"game": rec.Game, "options": rec.Options, "seed": rec.Seed, "seats": rec.Seats, "moves": rec.Moves}
	code, out, errs := replayCode(writeRecord(t, old), "--quiet")
	if code != 0 || !strings.Contains(out, "record format 1") || !strings.Contains(out, "no narrative in the record to check") {
		t.Fatalf("old record: exit %d\n%s%s", code, out, errs)
	}
}

// The example records of docs/records.md replay and tell what their moves play, and every field the code
// writes is in the published schema.
func TestDocumentedRecords(t *testing.T) {
	for _, name := range []string{"cartographers-record.json", "carcassonne-record.json"} {
		code, out, errs := replayCode(filepath.Join("..", "..", "docs", "examples", name), "--quiet")
		if code != 0 || !strings.Contains(out, "narrative events match the replay") {
			t.Errorf("%s: exit %d\n%s%s", name, code, out, errs)
		}
	}
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "record.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Properties map[string]struct {
			Items struct {
				Properties map[string]any
			}
		}
	}
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	seat := game.Seat(0)
	full := game.Record{Format: 2, Players: []string{"a"}, Options: json.RawMessage(`{}`), Moves: []game.RecordedMove{{}},
		Narrative: []game.Event{{Seat: &seat, Data: json.RawMessage(`{}`)}}}
	var fields map[string]json.RawMessage
	b, _ := json.Marshal(full)
	json.Unmarshal(b, &fields)
	for k := range fields {
		if _, ok := schema.Properties[k]; !ok {
			t.Errorf("the record's field %q is not in the schema", k)
		}
	}
	for k, sub := range map[string]any{"moves": full.Moves[0], "narrative": full.Narrative[0]} {
		var item map[string]json.RawMessage
		b, _ := json.Marshal(sub)
		json.Unmarshal(b, &item)
		for f := range item {
			if _, ok := schema.Properties[k].Items.Properties[f]; !ok {
				t.Errorf("the field %q of %s is not in the schema", f, k)
			}
		}
	}
}

// Records written by the version before the narrative (testdata/format1-*, made by `play --auto --json`
// at commit 1f7268a) replay whole, to the end of the game, with this version.
func TestFormat1RecordsFromBefore(t *testing.T) {
	for name, want := range map[string]string{"format1-cartographers.json": "cartographers", "format1-carcassonne.json": "carcassonne"} {
		code, out, errs := replayCode(filepath.Join("testdata", name), "--json")
		var rep struct {
			Game, Format any
			Over         bool
			Checked      bool
		}
		if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Game != want || rep.Format != 1.0 || !rep.Over || rep.Checked {
			t.Errorf("%s: exit %d, %s%s", name, code, out, errs)
		}
	}
}
