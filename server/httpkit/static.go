package httpkit

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// contentSecurityPolicy lets pages run only the server's own scripts and styles, talk only to the server
// (its WebSockets included), and be framed by no one (clickjacking). The client sets style attributes
// (a swatch's colour, an animation's delay) but never inline <style> or <script>.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; " +
	"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// PageHeaders sets the headers every page of the server's carries (the client's files, the pages a mail's
// links open): only our scripts run, no other site frames it, nothing is sniffed, the address it was opened
// at (a signed link) goes to no other site.
func PageHeaders(h http.Header) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
}

// StaticHandler serves the browser client: index.html for "/" and for page routes (paths without an
// extension, such as invite links /m/ID), other files by path. index.html is revalidated every time so
// that a new client version is picked up; other files may be cached for an hour, with an ETag.
// fail answers a request the files cannot: a method other than GET or HEAD (405), a path that is no file
// (404), in the server's own error format.
func StaticHandler(fsys fs.FS, fail func(w http.ResponseWriter, status int, msg string)) http.Handler {
	type file struct {
		data []byte
		etag string
		// gz is the gzip form, kept when it is smaller (the client's scripts shrink to about a third).
		gz []byte
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
		if name == "index.html" {
			b = withModulePreloads(fsys, b)
		}
		sum := sha256.Sum256(b)
		f := &file{data: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid, so no error
		if _, err := zw.Write(b); err == nil && zw.Close() == nil && buf.Len() < len(b) {
			f.gz = buf.Bytes()
		}
		cache[name] = f
		return f, true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			fail(w, http.StatusMethodNotAllowed, r.Method+" is not allowed here")
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
			fail(w, http.StatusNotFound, "no such file: /"+name)
			return
		}
		h := w.Header()
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = http.DetectContentType(f.data)
		}
		h.Set("Content-Type", ctype)
		body, etag := f.data, f.etag
		if f.gz != nil {
			h.Set("Vary", "Accept-Encoding")
			if acceptsGzip(r) {
				body, etag = f.gz, f.etag[:len(f.etag)-1]+`-gz"`
				h.Set("Content-Encoding", "gzip")
			}
		}
		h.Set("ETag", etag)
		PageHeaders(h)
		if name == "index.html" {
			h.Set("Cache-Control", "no-cache")
		} else {
			h.Set("Cache-Control", "public, max-age=3600")
		}
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			w.Write(body)
		}
	})
}

// withModulePreloads lists every script module of the client in the page's head as a modulepreload, so
// that the browser fetches them all at once instead of discovering them one import level at a time (five
// levels deep: at 150 ms of latency, 1.26 s before the table could be played).
func withModulePreloads(fsys fs.FS, page []byte) []byte {
	if !bytes.Contains(page, []byte(`type="module"`)) {
		return page
	}
	var links strings.Builder
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".js" {
			links.WriteString(`<link rel="modulepreload" href="/` + p + `">` + "\n")
		}
		return nil
	})
	i := bytes.Index(page, []byte("</head>"))
	if i < 0 || links.Len() == 0 {
		return page
	}
	return slices.Concat(page[:i], []byte(links.String()), page[i:])
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
