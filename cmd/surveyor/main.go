// Command surveyor is the one binary of the project: it serves games (the default), and plays, scores and
// replays them on the command line.
//
// Each subcommand lives in its own file and adds itself to the commands table in an init function, so
// that the games and the server can grow their commands without touching this file.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one subcommand. run gets the arguments after the subcommand's name.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

// defaultCommand runs when the binary is started with no subcommand (or with only flags).
const defaultCommand = "serve"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand and returns the process exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name, named := defaultCommand, false
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args, named = args[0], args[1:], true
	}
	// surveyor --help is an operator's first look: the commands, not only serve's flags.
	if name == "help" || !named && len(args) == 1 && isHelp(args[0]) {
		usage(stdout)
		fmt.Fprintln(stdout, "\nsurveyor serve --help lists the server's flags; surveyor COMMAND --help those of each command.")
		return 0
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "surveyor: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	if err := cmd.run(ctx, args, stdin, stdout, stderr); errors.Is(err, flag.ErrHelp) {
		return 0 // the command printed its usage, as asked
	} else if err != nil {
		fmt.Fprintf(stderr, "surveyor %s: %v\n", name, err)
		return 1
	}
	return 0
}

// isHelp reports whether arg asks for help, as the flag package reads it.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--h", "--help":
		return true
	}
	return false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: surveyor [command] [flags]   (no command: serve)")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-14s %s\n", n, commands[n].summary)
	}
}
