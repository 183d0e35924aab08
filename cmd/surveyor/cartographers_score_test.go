package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

const midgame = "../../cartographers/testdata/side-a-midgame.map"

func runScore(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), append([]string{"cartographers", "score"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

type scoreJSON struct {
	Cards          map[string]int `json:"cards"`
	MonsterPenalty int            `json:"monster_penalty"`
}

func TestScoreJSONAllCards(t *testing.T) {
	code, out, errs := runScore(t, "", "--json", midgame)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got scoreJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out)
	}
	// Hand-worked values from the fixture's comments (a few of them, with the penalty).
	want := map[string]int{"Sentinel Wood": 5, "Ulem's Wallow": 4, "The Broken Road": 3, "Starlit Sigil": 4, "Great City": 1, "Silos": 0}
	if len(got.Cards) != 32 {
		t.Errorf("%d cards scored, want 32", len(got.Cards))
	}
	for name, n := range want {
		if v, ok := got.Cards[name]; !ok || v != n {
			t.Errorf("%s = %d (present %v), want %d", name, v, ok, n)
		}
	}
	if got.MonsterPenalty != 5 {
		t.Errorf("monster_penalty = %d, want 5", got.MonsterPenalty)
	}
}

func TestScoreSelectedCardsFromStdin(t *testing.T) {
	m, err := os.ReadFile("../../cartographers/testdata/side-a.map")
	if err != nil {
		t.Fatal(err)
	}
	// Flags after the file, a typographic apostrophe and any case in the names.
	code, out, errs := runScore(t, string(m), "-", "--cards", "lost barony,The Cauldrons, Ulem\u2019s Wallow", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := `{"cards":{"Lost Barony":3,"The Cauldrons":0,"Ulem's Wallow":0},"monster_penalty":0}` + "\n"; out != want {
		t.Fatalf("output %q, want %q", out, want)
	}
}

func TestScoreText(t *testing.T) {
	code, out, errs := runScore(t, "", "--cards", "Shieldgate,Outer Enclave", midgame)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "Shieldgate             2\nOuter Enclave          5\nMonster penalty        5\n"
	if out != want {
		t.Fatalf("output\n%s\nwant\n%s", out, want)
	}
}

func TestScoreErrors(t *testing.T) {
	cases := []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"unknown card", "", []string{"--cards", "Sentinel Wood,Grand Canal", midgame}, `unknown scoring card "Grand Canal"`},
		{"malformed map", "...........\n..Z\n", []string{"-"}, "standard input: line 2, column 3"},
		{"missing file", "", []string{"no-such.map"}, "reading the map"},
		{"no file", "", nil, "want one map file"},
		{"two files", "", []string{midgame, midgame}, "want one map file"},
		{"bad flag", "", []string{"--colour", midgame}, "flag provided but not defined"},
	}
	for _, tc := range cases {
		code, out, errs := runScore(t, tc.stdin, tc.args...)
		if code == 0 || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want a failure saying %q", tc.name, code, out, errs, tc.want)
		}
	}
}
