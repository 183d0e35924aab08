package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/games"
)

func TestUnknownCommandFails(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"no-such-command"}, nil, &out, &errb); code != 2 {
		t.Fatalf("exit code %d, want 2", code)
	}
	if !strings.Contains(errb.String(), "unknown command") {
		t.Fatalf("stderr %q does not explain the error", errb.String())
	}
}

// An operator's first look, surveyor --help, lists the commands (not only serve's flags), and every
// command and game subcommand answers --help with its usage and exit status 0, never an error.
func TestHelpEverywhere(t *testing.T) {
	ctx := context.Background()
	for _, flag := range []string{"--help", "-h", "-help"} {
		var out, errb bytes.Buffer
		if code := run(ctx, []string{flag}, nil, &out, &errb); code != 0 {
			t.Fatalf("surveyor %s: exit %d, stderr %s", flag, code, errb.String())
		}
		for _, want := range []string{"backup", "restore", "user", "serve", "surveyor serve --help"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("surveyor %s does not mention %q:\n%s", flag, want, out.String())
			}
		}
	}
	// serve named, its own flags: the default command's help is not the binary's
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"serve", "--help"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String()+errb.String(), "-tls-cert") {
		t.Errorf("surveyor serve --help: exit %d, output:\n%s%s", code, out.String(), errb.String())
	}
	var invocations [][]string
	for name := range commands {
		invocations = append(invocations, []string{name, "--help"})
	}
	for _, g := range games.All() {
		for _, c := range g.Commands {
			invocations = append(invocations, []string{g.Name(), c.Name, "--help"})
		}
	}
	for _, args := range invocations {
		var out, errb bytes.Buffer
		code := run(ctx, args, nil, &out, &errb)
		all := out.String() + errb.String()
		if code != 0 || strings.Contains(all, "help requested") || !strings.Contains(strings.ToLower(all), "usage") {
			t.Errorf("surveyor %s: exit %d, output:\n%s", strings.Join(args, " "), code, all)
		}
	}
}
