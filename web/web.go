// Package web is the browser client, embedded in the binary. The server serves FS at "/": index.html for
// "/" and for page routes such as invite links (/m/ID), other files by path.
package web

import (
	"bytes"
	"embed"
	"io/fs"
	"path"
	"strings"
)

//go:embed static
var static embed.FS

// FS returns the client's files, rooted at the static directory, as they are shipped: the scripts and the
// stylesheet without their comments (Shipped).
func FS() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic("web: embedded static directory missing: " + err.Error()) // fixed at build time
	}
	return shipped{sub}
}

// The source's comments are for its readers; a browser needs none, and they were a sixth of the client
// gzipped (docs/client.md, Figures). Shipped leaves them out of the scripts and the stylesheet as they are
// served: a script's comment line becomes an empty line and a stylesheet's comment its line breaks, so
// that the line numbers a browser reports are the source's. Only whole comment lines leave a script (a
// comment after code stays): telling a comment from a string or a regular expression on the same line
// would take a JavaScript parser.

// Shipped is a file of the client as it is shipped: its source less its comments for a script or the
// stylesheet, as it is otherwise.
func Shipped(name string, src []byte) []byte {
	switch path.Ext(name) {
	case ".js":
		return stripScript(src)
	case ".css":
		return stripStyle(src)
	}
	return src
}

// stripScript empties a script's comment lines (//, the line's first characters but blanks), except in a
// template literal that spans lines, where such a line is the literal's text.
func stripScript(src []byte) []byte {
	lines := bytes.Split(src, []byte("\n"))
	inTemplate := false
	for i, l := range lines {
		if !inTemplate && bytes.HasPrefix(bytes.TrimLeft(l, " \t"), []byte("//")) {
			lines[i] = nil
			continue
		}
		inTemplate = opensTemplate(l, inTemplate)
	}
	return bytes.Join(lines, []byte("\n"))
}

// opensTemplate reports whether a template literal is open after line l, given whether one was before it:
// backquotes counted outside quoted strings and outside a comment that ends the line.
func opensTemplate(l []byte, open bool) bool {
	var quote byte
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case open:
			if c == '\\' {
				i++
			} else if c == '`' {
				open = false
			}
		case c == '`':
			open = true
		case c == '"' || c == '\'':
			quote = c
		case c == '/' && i+1 < len(l) && l[i+1] == '/':
			return open
		}
	}
	return open
}

// stripStyle replaces each of a stylesheet's comments by its line breaks. (The stylesheet writes no "/*"
// in a string; web_test checks it.)
func stripStyle(src []byte) []byte {
	var out bytes.Buffer
	for {
		i := bytes.Index(src, []byte("/*"))
		if i < 0 {
			out.Write(src)
			return out.Bytes()
		}
		j := bytes.Index(src[i+2:], []byte("*/"))
		if j < 0 {
			out.Write(src) // an unclosed comment: left as it is, the browser ignores the rest anyway
			return out.Bytes()
		}
		out.Write(src[:i])
		out.Write(bytes.Repeat([]byte("\n"), bytes.Count(src[i:i+2+j+2], []byte("\n"))))
		src = src[i+2+j+2:]
	}
}

// shipped serves the client's files as Shipped makes them; directories as they are.
type shipped struct{ src fs.FS }

func (s shipped) Open(name string) (fs.File, error) {
	f, err := s.src.Open(name)
	if err != nil || (!strings.HasSuffix(name, ".js") && !strings.HasSuffix(name, ".css")) {
		return f, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || info.IsDir() {
		return s.src.Open(name)
	}
	b, err := s.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(b), info: sizedInfo{info, int64(len(b))}}, nil
}

func (s shipped) ReadFile(name string) ([]byte, error) {
	b, err := fs.ReadFile(s.src, name)
	if err != nil {
		return nil, err
	}
	return Shipped(name, b), nil
}

func (s shipped) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(s.src, name) }

// memFile is a shipped file read from memory.
type memFile struct {
	*bytes.Reader
	info fs.FileInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }

// sizedInfo is a file's information with the size it is shipped at.
type sizedInfo struct {
	fs.FileInfo
	size int64
}

func (i sizedInfo) Size() int64 { return i.size }
