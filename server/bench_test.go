package server

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkMoveHTTP measures one accepted move through the whole handler: decode, token check, engine,
// append to SQLite, envelope for the mover and broadcast to a seat and a spectator subscriber.
func BenchmarkMoveHTTP(b *testing.B) {
	st := openSQLite(b)
	srv, err := New(context.Background(), Config{Store: st, Games: testGames, RateLimit: -1,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	h := srv.Handler()
	call := func(path, tok, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	newMatch := func() (string, string) {
		id := decodeField(b, call("/api/matches", "", `{"game":"toy","options":{"rounds":20},"max_seats":1}`).Body.Bytes(), "id")
		tok := decodeField(b, call("/api/matches/"+id+"/join", "", `{"name":"b"}`).Body.Bytes(), "token")
		call("/api/matches/"+id+"/start", tok, "")
		m, _ := srv.get(context.Background(), id)
		m.subscribe(newSubscriber(-1, 0))
		m.subscribe(newSubscriber(0, 0))
		m.mu.Unlock()
		return id, tok
	}
	id, tok := newMatch()
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		if moves == 20 {
			b.StopTimer()
			id, tok = newMatch()
			moves = 0
			b.StartTimer()
		}
		if rec := call("/api/matches/"+id+"/moves", tok, `{"move":{"pick":2}}`); rec.Code != 200 {
			b.Fatalf("move: %d %s", rec.Code, rec.Body)
		}
		moves++
	}
}
