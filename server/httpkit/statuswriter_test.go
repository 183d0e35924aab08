package httpkit

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// StatusWriter keeps the first status written, none for a handler that writes only a body, and lets a
// ResponseController flush through it.
func TestStatusWriter(t *testing.T) {
	rec := httptest.NewRecorder()
	w := &StatusWriter{ResponseWriter: rec}
	w.WriteHeader(http.StatusNotFound)
	w.WriteHeader(http.StatusInternalServerError)
	if w.Status != http.StatusNotFound || rec.Code != http.StatusNotFound {
		t.Fatalf("after 404 then 500: kept %d, sent %d; want 404", w.Status, rec.Code)
	}
	rec = httptest.NewRecorder()
	w = &StatusWriter{ResponseWriter: rec}
	w.Write([]byte("ok"))
	if err := http.NewResponseController(w).Flush(); err != nil || !rec.Flushed {
		t.Fatalf("a flush through the writer: %v, flushed %v", err, rec.Flushed)
	}
	if w.Status != 0 || rec.Code != http.StatusOK {
		t.Fatalf("a body alone: kept %d, sent %d; want 0 and 200", w.Status, rec.Code)
	}
}
