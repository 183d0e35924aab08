package web

import (
	"io/fs"
	"strings"
	"testing"
)

func TestFSHasIndexAtRoot(t *testing.T) {
	b, err := fs.ReadFile(FS(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "<title>Surveyor</title>") {
		t.Fatalf("index.html does not look like the client: %.100s", b)
	}
	if _, err := fs.Stat(FS(), "static"); err == nil {
		t.Fatal("FS is not rooted at the static directory")
	}
}
