package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/loadtest"
)

// With --spawn the server runs in a process of its own, whose CPU time and memory the report gives; with
// --ws-moves each seat sends its moves on its WebSocket; --noise runs a CPU-heavy process beside.
func TestLoadtestSpawnedServerOverWebSockets(t *testing.T) {
	defer func(f func(context.Context, ...string) (*exec.Cmd, error)) { loadtest.SelfCommand = f }(loadtest.SelfCommand)
	var spawned []string
	loadtest.SelfCommand = func(ctx context.Context, args ...string) (*exec.Cmd, error) {
		spawned = append(spawned, args[0])
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "SURVEYOR_TEST_CHILD="+strings.Join(args, "\x1f"))
		return cmd, nil
	}
	var out bytes.Buffer
	err := loadtest.Run(context.Background(), []string{"--spawn", "--ws-moves", "--noise", "--games", "3", "--seats", "2", "--rounds", "3"}, &out, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	// 3 games × 2 seats × 3 rounds, the first round a warm-up.
	for _, want := range []string{"server process of its own", "moves on WebSockets", "beside a CPU-heavy process",
		"moves:        12 measured, 18 played in", "server CPU:", "clients CPU:", "µs per move", "MB resident after setup"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	if !slices.Equal(spawned, []string{"sim", "serve"}) {
		t.Errorf("spawned %q, want the noise (sim) and the server (serve)", spawned)
	}
	// Idle correspondence games beside the busy ones, some of them watched: the unwatched ones sleep and
	// come back from their logs as they were.
	out.Reset()
	err = loadtest.Run(context.Background(), []string{"--spawn", "--idle", "6", "--conns", "4", "--idle-after", "200ms", "--games", "2", "--rounds", "2"}, &out, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{"idle games:   6 in play", "KB per game", "connections:  4 WebSockets (both seats of 2 idle games",
		"KB per connection", "woken:        4 sleeping games read back from their logs after the busy games, 4 as they were"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	// The network floor: its clients in a child, every move's read and writes made.
	out.Reset()
	spawned = nil
	if err := loadtest.Run(context.Background(), []string{"--floor", "--games", "4", "--seats", "3", "--rounds", "5"}, &out, &out); err != nil {
		t.Fatalf("floor: %v\n%s", err, out.String())
	}
	for _, want := range []string{"floor: 60 moves (a 32-byte read, then a 160-byte write to each of 3 seats)", "µs per move"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("floor output lacks %q:\n%s", want, out.String())
		}
	}
	if !slices.Equal(spawned, []string{"loadtest"}) {
		t.Errorf("floor spawned %q, want its clients (loadtest --floor-client)", spawned)
	}
	for _, bad := range [][]string{{"--spawn", "--server", "http://127.0.0.1:1"}, {"--ws-moves", "--game", "cartographers"},
		{"--idle", "5"}, {"--spawn", "--idle", "2", "--conns", "5"}, {"--floor", "--spawn"}, {"--floor", "--games", "0"}} {
		if err := loadtest.Run(context.Background(), bad, &out, &out); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
