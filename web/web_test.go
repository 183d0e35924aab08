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
