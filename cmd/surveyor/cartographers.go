package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
)

// cartographersCommands are the subcommands of `surveyor cartographers`; each adds itself in its own file.
var cartographersCommands = map[string]command{}

func init() {
	commands["cartographers"] = command{
		summary: "Cartographers on the command line: score a map, play a game",
		run: func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
			names := make([]string, 0, len(cartographersCommands))
			for n := range cartographersCommands {
				names = append(names, n)
			}
			sort.Strings(names)
			if len(args) == 0 {
				return fmt.Errorf("usage: surveyor cartographers %s ...", strings.Join(names, "|"))
			}
			sub, ok := cartographersCommands[args[0]]
			if !ok {
				return fmt.Errorf("unknown subcommand %q (have %s)", args[0], strings.Join(names, ", "))
			}
			return sub.run(ctx, args[1:], stdin, stdout, stderr)
		},
	}
}
