package web

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
)

func TestFSHasIndexAtRoot(t *testing.T) {
	b, err := fs.ReadFile(FS(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<title>Surveyor`, `src="/js/main.js"`, `href="/app.css"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if _, err := fs.Stat(FS(), "static"); err == nil {
		t.Fatal("FS is not rooted at the static directory")
	}
}

var (
	importRe = regexp.MustCompile(`(?m)^\s*import\s[^;]*?from\s+"([^"]+)"`)
	assetRe  = regexp.MustCompile(`(?:src|href)="(/[^"]*)"`)
	remoteRe = regexp.MustCompile(`(?:src|href)\s*=\s*"https?:|@import\s+url\(\s*["']?https?:|from\s+"https?:|fetch\(\s*"https?:`)
)

// TestEveryReferenceResolves checks that each module import and each asset the page names is embedded,
// and that nothing is loaded from the internet (no CDN scripts, styles or fonts).
func TestEveryReferenceResolves(t *testing.T) {
	files := 0
	err := fs.WalkDir(FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		b, err := fs.ReadFile(FS(), p)
		if err != nil {
			return err
		}
		if m := remoteRe.Find(b); m != nil {
			t.Errorf("%s loads %q from the internet", p, m)
		}
		var refs []string
		if strings.HasSuffix(p, ".js") {
			for _, m := range importRe.FindAllSubmatch(b, -1) {
				refs = append(refs, path.Join(path.Dir(p), string(m[1])))
			}
		}
		if strings.HasSuffix(p, ".html") {
			for _, m := range assetRe.FindAllSubmatch(b, -1) {
				refs = append(refs, strings.TrimPrefix(string(m[1]), "/"))
			}
		}
		for _, r := range refs {
			if _, err := fs.Stat(FS(), r); err != nil {
				t.Errorf("%s refers to %s, which is not embedded", p, r)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 5 {
		t.Fatalf("only %d files embedded", files)
	}
}

// TestRemoteCheckCatchesCDN makes sure the internet check above can fail.
func TestRemoteCheckCatchesCDN(t *testing.T) {
	for _, s := range []string{`<script src="https://cdn.example/x.js">`, `import x from "https://esm.sh/y"`,
		`@import url("https://fonts.example/css")`} {
		if !remoteRe.MatchString(s) {
			t.Errorf("%s not caught", s)
		}
	}
	if remoteRe.MatchString(`<a href="/api/matches/x/record">`) {
		t.Error("a local link taken for a remote one")
	}
}

// gameFolders are the client's per-game folders: the directories under js/.
func gameFolders(t *testing.T) []string {
	t.Helper()
	entries, err := fs.ReadDir(FS(), "js")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestClientBoundary is the client's plug-in boundary (docs/client.md): only games.js, the list of games,
// imports a game's folder; a game's folder imports its own files and the shell's, never another game's;
// every folder has the index.js the list imports.
func TestClientBoundary(t *testing.T) {
	folders := gameFolders(t)
	if len(folders) < 2 {
		t.Fatalf("game folders %v", folders)
	}
	list, err := fs.ReadFile(FS(), "js/games.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range folders {
		if !strings.Contains(string(list), `from "./`+g+`/index.js"`) {
			t.Errorf("games.js does not list the folder %s", g)
		}
	}
	for _, v := range boundaryViolations(t) {
		t.Error(v)
	}
}

// boundaryViolations lists the imports that cross the boundary.
func boundaryViolations(t *testing.T) []string {
	var out []string
	err := fs.WalkDir(FS(), "js", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		b, err := fs.ReadFile(FS(), p)
		if err != nil {
			return err
		}
		out = append(out, crossings(p, b)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// crossings lists the imports of file p (its source b) that cross the boundary.
func crossings(p string, b []byte) []string {
	var out []string
	own := strings.Split(strings.TrimPrefix(p, "js/"), "/")[0]
	if !strings.Contains(strings.TrimPrefix(p, "js/"), "/") {
		own = "" // a shell module
	}
	for _, m := range importRe.FindAllSubmatch(b, -1) {
		target := strings.Split(strings.TrimPrefix(path.Join(path.Dir(p), string(m[1])), "js/"), "/")
		if len(target) < 2 {
			continue // a shell module: anyone may use it
		}
		switch {
		case own == "" && p != "js/games.js":
			out = append(out, p+" (the shell) imports "+string(m[1])+", a game's file: go through games.js")
		case own != "" && target[0] != own:
			out = append(out, p+" imports "+string(m[1])+", another game's file")
		}
	}
	return out
}

// The boundary check catches both crossings.
func TestClientBoundaryCatchesCrossings(t *testing.T) {
	if v := crossings("js/match.js", []byte(`import { x } from "./alpha/table.js";`)); len(v) != 1 {
		t.Errorf("the shell importing a game's table: %v", v)
	}
	if v := crossings("js/alpha/table.js", []byte(`import { y } from "../beta/board.js";`)); len(v) != 1 {
		t.Errorf("a game importing another's file: %v", v)
	}
	if v := crossings("js/alpha/table.js", []byte("import { h } from \"../dom.js\";\nimport { b } from \"./board.js\";")); len(v) != 0 {
		t.Errorf("a game importing the shell and its own file: %v", v)
	}
}

// TestShippedWithoutComments: a script's comment lines and a stylesheet's comments are left out as the
// client is shipped, each leaving its line breaks; a comment after code, a line of a template literal that
// reads like a comment and a string that holds a backquote stay as they are.
func TestShippedWithoutComments(t *testing.T) {
	script := "// why\nconst a = 1; // kept\n  // indented\nconst s = `x\n// the template's text\n${a}`;\nconst q = \"`\";\n// after a quoted backquote\nx();"
	want := "\nconst a = 1; // kept\n\nconst s = `x\n// the template's text\n${a}`;\nconst q = \"`\";\n\nx();"
	if got := string(Shipped("js/x.js", []byte(script))); got != want {
		t.Errorf("the script ships as\n%s\nwant\n%s", got, want)
	}
	style := "/* a\n   b */\na { color: red; } /* c */\nb {}\n/* unclosed"
	if got, want := string(Shipped("app.css", []byte(style))), "\n\na { color: red; } \nb {}\n/* unclosed"; got != want {
		t.Errorf("the stylesheet ships as %q, want %q", got, want)
	}
	if got := string(Shipped("index.html", []byte("<!-- kept -->"))); got != "<!-- kept -->" {
		t.Errorf("the page ships as %q", got)
	}
}

// TestShippedKeepsTheCode: every shipped script and the stylesheet have their source's lines, each as it
// is or emptied of a comment (a script's line that was one; a stylesheet's that held one), and the
// stylesheet writes no comment mark in a string; the shipped files say their size, and are smaller.
func TestShippedKeepsTheCode(t *testing.T) {
	src, err := fs.Sub(static, "static")
	if err != nil {
		t.Fatal(err)
	}
	n, shippedBytes, sourceBytes := 0, 0, 0
	err = fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || (path.Ext(p) != ".js" && path.Ext(p) != ".css") {
			return err
		}
		n++
		orig, err := fs.ReadFile(src, p)
		if err != nil {
			return err
		}
		got, err := fs.ReadFile(FS(), p)
		if err != nil {
			return err
		}
		ol, gl := strings.Split(string(orig), "\n"), strings.Split(string(got), "\n")
		if len(ol) != len(gl) {
			t.Errorf("%s ships %d lines, its source has %d", p, len(gl), len(ol))
			return nil
		}
		for i := range ol {
			comment := strings.HasPrefix(strings.TrimSpace(ol[i]), "//")
			if path.Ext(p) == ".css" {
				comment = strings.Contains(ol[i], "/*") || strings.Contains(ol[i], "*/") || gl[i] == ""
			}
			if gl[i] != ol[i] && !comment {
				t.Errorf("%s:%d ships as %q, its source reads %q", p, i+1, gl[i], ol[i])
			}
		}
		if path.Ext(p) == ".css" && regexp.MustCompile(`["'][^"'\n]*/\*`).Match(orig) {
			t.Errorf("%s writes a comment mark in a string: shipping would cut it", p)
		}
		f, err := FS().Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil || info.Size() != int64(len(got)) {
			t.Errorf("%s: %v, size %d as shipped (%d bytes)", p, err, info.Size(), len(got))
		}
		shippedBytes, sourceBytes = shippedBytes+len(got), sourceBytes+len(orig)
		return nil
	})
	if err != nil || n < 30 || shippedBytes >= sourceBytes {
		t.Fatalf("%v: %d scripts and stylesheets, %d bytes shipped of %d", err, n, shippedBytes, sourceBytes)
	}
}
