package games

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pkgInfo is what go list says of one package of the module.
type pkgInfo struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
}

func modulePackages(t *testing.T) (module string, pkgs []pkgInfo) {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "../...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p pkgInfo
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	mod, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	return strings.TrimSpace(string(mod)), pkgs
}

// ownerOf is the game a package belongs to: the game whose name is one of its path elements.
func ownerOf(module, path string) string {
	for _, el := range strings.Split(strings.TrimPrefix(path, module+"/"), "/") {
		if slices.Contains(Names(), el) {
			return el
		}
	}
	return ""
}

// TestOnlyGamePackagesNameAGame is the plug-in boundary: outside a game's own packages (those with its
// name as a path element) and this list, no package imports a game's package, and no string in its code
// (comments aside) names a game.
func TestOnlyGamePackagesNameAGame(t *testing.T) {
	module, pkgs := modulePackages(t)
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	word := regexp.MustCompile(`(?i)\b(` + strings.Join(Names(), "|") + `)\b`)
	checked := 0
	for _, p := range pkgs {
		if ownerOf(module, p.ImportPath) != "" || p.ImportPath == module+"/games" {
			continue
		}
		checked++
		for _, imp := range p.Imports {
			if g := ownerOf(module, imp); g != "" && strings.HasPrefix(imp, module+"/") {
				t.Errorf("%s imports %s, a package of %s", p.ImportPath, imp, g)
			}
		}
		for _, f := range p.GoFiles {
			path := filepath.Join(p.Dir, f)
			file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				if s, err := strconv.Unquote(lit.Value); err == nil && word.MatchString(s) {
					t.Errorf("%s names a game in %q", path, s)
				}
				return true
			})
		}
	}
	if checked < 8 {
		t.Fatalf("only %d packages checked", checked)
	}
}

// TestTheList checks the entries every host relies on: names unique, bots with a default first and a
// maker that makes the bot of that name, commands and benchmarks named.
func TestTheList(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range All() {
		if seen[g.Name()] {
			t.Errorf("%s listed twice", g.Name())
		}
		seen[g.Name()] = true
		if got, ok := Lookup(g.Name()); !ok || got.Name() != g.Name() {
			t.Errorf("Lookup(%q) = %v, %v", g.Name(), got.Name(), ok)
		}
		if _, ok := Registry()[g.Name()]; !ok {
			t.Errorf("%s is not in the registry", g.Name())
		}
		for _, b := range g.Bots {
			if got := b.New().Name(); got != b.Name {
				t.Errorf("%s: bot %q makes a bot called %q", g.Name(), b.Name, got)
			}
		}
		if def, err := g.Bot(""); err != nil || def.Name != g.Bots[0].Name {
			t.Errorf("%s: default bot %v, %v", g.Name(), def.Name, err)
		}
		if _, err := g.Bot("no-such-bot"); err == nil {
			t.Errorf("%s: an unknown bot name is accepted", g.Name())
		}
		for _, c := range g.Commands {
			if c.Name == "" || c.Summary == "" || c.Run == nil {
				t.Errorf("%s: command %+v", g.Name(), c)
			}
		}
		for _, b := range g.Benchmarks {
			if !strings.Contains(b.Name, g.Name()) || b.Op == "" {
				t.Errorf("%s: benchmark %q (op %q) does not name its game or its op", g.Name(), b.Name, b.Op)
			}
		}
	}
	if _, ok := Lookup("chess"); ok {
		t.Error("Lookup found a game that is not in the list")
	}
	if len(seen) != 2 {
		t.Errorf("%d games listed, want the two this binary serves", len(seen))
	}
}

// Every bot has a measured rating, so that any bot the lobby offers may sit at a rated table (the lobby
// offers the Rated choice with bots on that ground).
func TestEveryBotIsRated(t *testing.T) {
	for _, g := range All() {
		for _, b := range g.Bots {
			if !b.Rating.Rated() || b.Rating.Mu <= 0 || b.Rating.Sigma > 25.0/3 {
				t.Errorf("%s's bot %s has rating %+v: measure it with surveyor sim --calibrate", g.Name(), b.Name, b.Rating)
			}
		}
	}
}

// A player only the sim may seat (the clairvoyant bound reads the deck's order) is never one of a game's
// bots, which tables seat and the lobby offers; and the sim does seat it.
func TestSimOnlyPlayersAreNoBots(t *testing.T) {
	g, ok := Lookup("cartographers")
	if !ok || !slices.Contains(g.SimOnly, "clairvoyant") {
		t.Fatalf("cartographers' sim-only players: %v", g.SimOnly)
	}
	for _, g := range All() {
		for _, n := range g.SimOnly {
			if slices.Contains(g.BotNames(), n) {
				t.Errorf("%s offers its sim-only player %s as a bot", g.Name(), n)
			}
			if _, err := g.Bot(n); err == nil {
				t.Errorf("%s seats its sim-only player %s at a table", g.Name(), n)
			}
		}
	}
	mk, err := g.Sim(nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := mk()(1, []string{"clairvoyant"}); err != nil || len(out.Think) != 1 || len(out.Think[0]) == 0 {
		t.Fatalf("the sim's clairvoyant: %+v, %v", out, err)
	}
}
