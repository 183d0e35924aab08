package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/games"
)

// Each game with commands of its own is a command of the binary: surveyor GAME COMMAND [ARGS].
func init() {
	for _, g := range games.All() {
		if len(g.Commands) == 0 {
			continue
		}
		names := make([]string, len(g.Commands))
		for i, c := range g.Commands {
			names[i] = c.Name
		}
		commands[g.Name()] = command{
			summary: g.Name() + " on the command line: " + strings.Join(names, ", "),
			run: func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
				return runGameCommand(ctx, g.Name(), g.Commands, args, stdin, stdout, stderr)
			},
		}
	}
}

func runGameCommand(ctx context.Context, gameName string, cmds []game.Command, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.Name
	}
	if len(args) == 0 {
		return fmt.Errorf("usage: surveyor %s %s ...", gameName, strings.Join(names, "|"))
	}
	if isHelp(args[0]) || args[0] == "help" {
		fmt.Fprintf(stdout, "usage: surveyor %s %s ...\n(surveyor %s COMMAND --help: that command's flags)\n",
			gameName, strings.Join(names, "|"), gameName)
		return nil
	}
	for _, c := range cmds {
		if c.Name == args[0] {
			return c.Run(ctx, args[1:], stdin, stdout, stderr)
		}
	}
	return fmt.Errorf("unknown subcommand %q (have %s)", args[0], strings.Join(names, ", "))
}
