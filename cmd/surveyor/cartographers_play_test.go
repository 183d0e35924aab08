package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/games"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

func runPlay(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(context.Background(), append([]string{"cartographers", "play"}, args...), strings.NewReader(stdin), &out, &errb); code != 0 {
		return out.String(), errors.New(errb.String())
	}
	return out.String(), nil
}

func TestPlayAutoIsDeterministicAndReplays(t *testing.T) {
	for _, preset := range []string{"cartographers", "heroes", "both"} {
		args := []string{"--auto", "--seed", "42", "--preset", preset, "--json"}
		a, err := runPlay(t, "", args...)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := runPlay(t, "", args...)
		if a != b {
			t.Fatalf("%s: the same seed printed two different games", preset)
		}
		var res struct {
			Score, Rating int
			Title, Map    string
			Seasons       []struct{ Total int }
			Record        game.Record
		}
		if err := json.Unmarshal([]byte(a), &res); err != nil {
			t.Fatalf("%s: output is not JSON: %v", preset, err)
		}
		if len(res.Seasons) != 4 || res.Title == "" {
			t.Fatalf("%s: output %s lacks seasons or title", preset, a)
		}
		sum := 0
		for _, s := range res.Seasons {
			sum += s.Total
		}
		if sum != res.Score {
			t.Fatalf("%s: seasons add to %d, score %d", preset, sum, res.Score)
		}
		if _, err := cartographers.ParseMap(res.Map); err != nil {
			t.Fatalf("%s: the printed map does not read back: %v", preset, err)
		}
		st, err := games.Registry().Replay(res.Record)
		if err != nil {
			t.Fatalf("%s: replay: %v", preset, err)
		}
		r := st.Result()
		if !st.Over() || r.Scores[0] != res.Score || *r.Detail.(cartographers.ResultDetail).Rating != res.Rating {
			t.Fatalf("%s: replayed score %v, printed %d", preset, r.Scores, res.Score)
		}
	}
	text, err := runPlay(t, "", "--auto", "--seed", "7", "--side", "B")
	if err != nil || !strings.Contains(text, "side B") || !strings.Contains(text, "title:") {
		t.Fatalf("text output %q, %v", text, err)
	}
}

func TestPlayInteractive(t *testing.T) {
	// Play the policy's game through the terminal syntax: the result must be the same game.
	g, _ := cartographers.NewGame(cartographers.Options{}, 1, 9)
	var input strings.Builder
	input.WriteString("help\nforest Z99\nmoves\n")
	for !g.Over() {
		m, err := g.AutoMove(0)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, rc := range cartographers.CellList(m.Cells) {
			names = append(names, fmt.Sprintf("%c%d", 'A'+rc[0], rc[1]+1))
		}
		switch m.Type {
		case cartographers.DecideDraw:
			fmt.Fprintf(&input, "%s %s\n", m.Terrain, strings.Join(names, " "))
		case cartographers.DecideHero:
			fmt.Fprintf(&input, "%s %d%s\n", names[0], m.Rotation, map[bool]string{true: " flip"}[m.Flip])
		default:
			fmt.Fprintf(&input, "%s\n", names[0])
		}
		if err := g.Play(0, m); err != nil {
			t.Fatal(err)
		}
	}
	out, err := runPlay(t, input.String(), "--seed", "9")
	if err != nil {
		t.Fatalf("interactive game: %v\n%s", err, out)
	}
	if !strings.Contains(out, "not allowed") || !strings.Contains(out, "legal moves") {
		t.Fatal("the bad line was not refused with a reprompt, or moves did not list")
	}
	if want := fmt.Sprintf("Score %d,", g.Score(0)); !strings.Contains(out, want) {
		t.Fatalf("interactive game does not end with %q:\n%s", want, out[max(0, len(out)-600):])
	}
	if out, _ := runPlay(t, "quit\n", "--seed", "1"); !strings.Contains(out, "abandoned") {
		t.Fatal("quit not honoured")
	}
	if _, err := runPlay(t, "", "--seed", "1"); err == nil {
		t.Fatal("input ending mid-game is not an error")
	}
	if _, err := runPlay(t, "", "--preset", "nope", "--auto"); err == nil {
		t.Fatal("bad preset accepted")
	}
}
