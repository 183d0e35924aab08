package server

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
)

// staticHandler serves the browser client: index.html for "/" and for page routes (paths without an
// extension, such as invite links /m/ID), other files by path. index.html is revalidated every time so
// that a new client version is picked up; other files may be cached for an hour, with an ETag.
func staticHandler(fsys fs.FS) http.Handler {
	type file struct {
		data []byte
		etag string
	}
	var mu sync.Mutex
	cache := map[string]*file{}
	load := func(name string) (*file, bool) {
		mu.Lock()
		defer mu.Unlock()
		if f, ok := cache[name]; ok {
			return f, true
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, false
		}
		sum := sha256.Sum256(b)
		f := &file{data: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		cache[name] = f
		return f, true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, errf(http.StatusMethodNotAllowed, codeMethod, "%s is not allowed here", r.Method))
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		f, ok := load(name)
		if !ok && path.Ext(name) == "" {
			name = "index.html"
			f, ok = load(name)
		}
		if !ok {
			writeError(w, errf(http.StatusNotFound, codeNotFound, "no such file: /%s", name))
			return
		}
		h := w.Header()
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = http.DetectContentType(f.data)
		}
		h.Set("Content-Type", ctype)
		h.Set("ETag", f.etag)
		h.Set("X-Content-Type-Options", "nosniff")
		if name == "index.html" {
			h.Set("Cache-Control", "no-cache")
		} else {
			h.Set("Cache-Control", "public, max-age=3600")
		}
		if r.Header.Get("If-None-Match") == f.etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			w.Write(f.data)
		}
	})
}
