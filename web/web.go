// Package web holds the browser client. Its files are embedded in the binary so that running the server
// needs nothing else: no Node.js, no file fetched from the internet.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// Files is the client, rooted so that "index.html" is the page served at "/".
var Files fs.FS = mustSub(static, "static")

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // the directory is embedded at build time; failing here is a build defect
	}
	return sub
}
