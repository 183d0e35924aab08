package server

import (
	"context"
	"strconv"

	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
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

// BenchmarkBigTableMove is one move at a 100-seat Cartographers table whose every seat is connected: the
// move, and what the server builds and pushes to the 100 connections. It reports the bytes pushed per move.
func BenchmarkBigTableMove(b *testing.B) { benchBigTable(b, false) }

// BenchmarkBigTableMovePatches is BenchmarkBigTableMove with connections that take patches (the
// browser's): one public view per move and each seat's changes only.
func BenchmarkBigTableMovePatches(b *testing.B) { benchBigTable(b, true) }

func benchBigTable(b *testing.B, patches bool) {
	st := openSQLite(b)
	srv, err := New(context.Background(), Config{Store: st, Games: game.NewRegistry(cartographers.Definition{}), RateLimit: -1,
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
	const seats = 100
	id := decodeField(b, call("/api/matches", "", `{"game":"cartographers","max_seats":100}`).Body.Bytes(), "id")
	toks := make([]string, seats)
	for i := range toks {
		toks[i] = decodeField(b, call("/api/matches/"+id+"/join", "", `{"name":"p`+strconv.Itoa(i)+`"}`).Body.Bytes(), "token")
	}
	call("/api/matches/"+id+"/start", toks[0], "")
	m, _ := srv.get(context.Background(), id)
	subs := make([]*subscriber, seats)
	for i := range subs {
		subs[i] = newSubscriber(game.Seat(i), m.seq)
		subs[i].patches = patches
		m.subscribe(subs[i])
	}
	m.mu.Unlock()
	var pushed int64
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		// Each move is one seat's draw of the current card; when every seat has drawn, a new turn begins.
		m.mu.Lock()
		seat := m.st.ToAct()[0]
		mv := m.st.LegalMoves(seat)[0]
		m.mu.Unlock()
		b.StartTimer()
		if rec := call("/api/matches/"+id+"/moves", toks[seat], `{"move":`+string(mv)+`}`); rec.Code != 200 {
			b.Fatalf("move: %d %s", rec.Code, rec.Body)
		}
		for _, s := range subs {
			pushed += int64(len(s.take()))
		}
		moves++
		if m.st.Over() {
			b.Fatal("the game ended during the benchmark; lower the count")
		}
	}
	b.ReportMetric(float64(pushed)/float64(moves), "B-pushed/move")
}
