package main

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/games"
)

// Every flag of surveyor serve is documented (README.md or docs/), and every --flag the documentation names
// is one that a surveyor command has, or one of the other programs it shows (pg_dump, caddy, chromium,
// the example bot): an operator following the docs never meets a flag that is not there, and a flag added
// to serve is written up.
func TestFlagsDocumented(t *testing.T) {
	files, _ := filepath.Glob("../../docs/*.md")
	var docs strings.Builder
	for _, f := range append(files, "../../README.md") {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs.Write(b)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile(`--([a-z][a-z0-9-]*)`).FindAllStringSubmatch(docs.String(), -1) {
		documented[m[1]] = true
	}

	// help is each command's usage: its flags as -name lines, and subcommands' flags named in its text
	help := func(args ...string) string {
		var out, errb bytes.Buffer
		if code := run(context.Background(), append(args, "--help"), nil, &out, &errb); code != 0 {
			t.Fatalf("surveyor %v --help: exit %d", args, code)
		}
		return out.String() + errb.String()
	}
	flagLine := regexp.MustCompile(`(?m)^\s+-([a-z][a-z0-9-]*)`)
	flagsOf := func(usage string) []string {
		var names []string
		for _, m := range flagLine.FindAllStringSubmatch(usage, -1) {
			names = append(names, m[1])
		}
		return names
	}
	for _, f := range flagsOf(help("serve")) {
		if !documented[f] {
			t.Errorf("serve --%s is in no page of the documentation (README.md, docs/)", f)
		}
	}

	exists := map[string]bool{"help": true}
	var all strings.Builder
	for name := range commands {
		all.WriteString(help(name))
	}
	for _, g := range games.All() {
		for _, c := range g.Commands {
			all.WriteString(help(g.Name(), c.Name))
		}
	}
	for _, f := range flagsOf(all.String()) {
		exists[f] = true
	}
	for _, m := range regexp.MustCompile(`--([a-z][a-z0-9-]*)`).FindAllStringSubmatch(all.String(), -1) {
		exists[m[1]] = true // a subcommand's own flag, as user reset-password --remove-passkeys
	}
	others := []string{
		"format", "schema", "file", "dbname", "no-owner", "exit-on-error", // pg_dump, pg_restore
		"from", "to", // caddy reverse-proxy
		"headless", "screenshot", "window-size", // chromium
		"token", "server", "games", // the example bot of docs/bots.md
	}
	for f := range documented {
		if exists[f] || slices.Contains(others, f) {
			continue
		}
		if strings.HasSuffix(f, "-") && slices.ContainsFunc(slices.Collect(maps.Keys(exists)), func(e string) bool { return strings.HasPrefix(e, f) }) {
			continue // --acme-*
		}
		t.Errorf("the documentation names --%s, which no surveyor command has", f)
	}
}
