// Package web is the browser client, embedded in the binary. The server serves FS at "/": index.html for
// "/" and for page routes such as invite links (/m/ID), other files by path.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// FS returns the client's files, rooted at the static directory.
func FS() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic("web: embedded static directory missing: " + err.Error()) // fixed at build time
	}
	return sub
}
