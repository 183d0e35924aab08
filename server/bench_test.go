package server

import (
	"context"

	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/store"
)

// BenchmarkMoveHTTP measures one accepted move through the whole handler: decode, token check, engine,
// append to SQLite, envelope for the mover and broadcast to a seat and a spectator subscriber.
func BenchmarkMoveHTTP(b *testing.B) { benchMove(b, false) }

// BenchmarkMoveHTTPSession is BenchmarkMoveHTTP signed in: the seat is found from a session cookie (a
// session and an account read, the seat holders cached) instead of the seat token.
func BenchmarkMoveHTTPSession(b *testing.B) { benchMove(b, true) }

func benchMove(b *testing.B, session bool) {
	st := openSQLite(b)
	cfg := Config{Store: st, Games: testGames, RateLimit: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if session {
		cfg.Accounts = st.(store.Accounts)
	}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	h := srv.Handler()
	var cookie string
	call := func(path, tok, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Origin", "http://example.com")
		if tok != "" && !session {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	if session {
		rec := call("/api/account/signup", "", `{"name":"Ben","password":"correct horse"}`)
		cookie, _, _ = strings.Cut(rec.Header().Get("Set-Cookie"), ";")
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
