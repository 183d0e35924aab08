package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/bot/sim"
)

func TestSimPrintsStatistics(t *testing.T) {
	out := runOK(t, "", "sim", "--game", "cartographers", "--games", "3", "--bots", "fast", "--seed", "4")
	for _, want := range []string{"cartographers: 3 games, 1 seats, seed 4", "games/s", "fast", "solo rating: mean", ", median ", "decisions     median        p99        max"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// With expansions the report names the options and each player's tallies a game.
func TestSimPrintsExpansionTallies(t *testing.T) {
	out := runOK(t, "", "sim", "--game", "carcassonne", "--games", "2", "--seats", "2", "--bots", "greedy+", "--options", `{"expansions":["river","abbot"]}`)
	for _, want := range []string{`options: {"expansions":["river","abbot"]}`, "greedy+     per game: abbot recalled "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// --json gives the report; --parallel changes the speed, never the games.
func TestSimJSONAndParallel(t *testing.T) {
	args := []string{"sim", "--game", "carcassonne", "--games", "4", "--seats", "2", "--bots", "greedy+,auto", "--json"}
	var one, many sim.Report
	if err := json.Unmarshal([]byte(runOK(t, "", args...)), &one); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(runOK(t, "", append(args, "--parallel")...)), &many); err != nil {
		t.Fatal(err)
	}
	if len(one.Players) != 2 || one.Players[0].Bot != "greedy+" || one.Games != 4 {
		t.Fatalf("report %+v", one)
	}
	for j := range one.Players {
		if one.Players[j] != many.Players[j] {
			t.Errorf("player %d: %+v, then %+v with --parallel", j, one.Players[j], many.Players[j])
		}
	}
}

func TestSimBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--game", "chess"},
		{"sim", "--game", "carcassonne", "--seats", "9"},
		{"sim", "--bots", "fast,strong", "--seats", "3"},
		{"sim", "--options", "{"},
		{"sim", "extra"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errb); code == 0 {
			t.Errorf("surveyor %v: exit 0", args)
		} else if errb.Len() == 0 {
			t.Errorf("surveyor %v: no message", args)
		}
	}
}

// Six seats with Inns & Cathedrals (its sixth colour); without it a sixth seat is refused in words that
// name the expansion.
func TestSimSixSeats(t *testing.T) {
	out := runOK(t, "", "sim", "--game", "carcassonne", "--games", "2", "--seats", "6", "--bots", "greedy+", "--options", `{"expansions":["inns_cathedrals"]}`)
	for _, want := range []string{"carcassonne: 2 games, 6 seats", "\n6       greedy+"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"sim", "--game", "carcassonne", "--games", "1", "--seats", "6", "--bots", "greedy+"}, strings.NewReader(""), &stdout, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), "sixth player needs Inns & Cathedrals") {
		t.Errorf("six seats without Inns & Cathedrals: exit %d, %q", code, stderr.String())
	}
}
