package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/notify/push/pushtest"
	"github.com/surveyor-game/surveyor/server/social"
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

// BenchmarkMoveHTTPNotes is a move between two signed-in players, each handing the turn to the other:
// every move writes a turn note in its transaction and wakes the sender, which puts it in the other's
// inbox meanwhile (compare BenchmarkMoveHTTPSession, whose moves notify no one).
func BenchmarkMoveHTTPNotes(b *testing.B) {
	st := openSQLite(b)
	srv, err := New(context.Background(), Config{Store: st, Games: testGames, RateLimit: -1, Accounts: st.(store.Accounts),
		NoPush: true, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	h := srv.Handler()
	call := func(path, cookie, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Origin", "http://example.com")
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	var cookies [2]string
	for i, name := range []string{"Ada", "Bea"} {
		rec := call("/api/account/signup", "", `{"name":"`+name+`","password":"correct horse"}`)
		cookies[i], _, _ = strings.Cut(rec.Header().Get("Set-Cookie"), ";")
	}
	newMatch := func() string {
		id := decodeField(b, call("/api/matches", cookies[0], `{"game":"toy","options":{"rounds":20,"sequential":true},"max_seats":2,"name":"Ada"}`).Body.Bytes(), "id")
		call("/api/matches/"+id+"/join", cookies[1], `{"name":"Bea"}`)
		call("/api/matches/"+id+"/start", cookies[0], "")
		return id
	}
	id := newMatch()
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		if moves == 40 {
			b.StopTimer()
			id = newMatch()
			moves = 0
			b.StartTimer()
		}
		// Sequential rounds: seat 0 then seat 1, every round.
		if rec := call("/api/matches/"+id+"/moves", cookies[moves%2], `{"move":{"pick":`+strconv.Itoa(1+moves%2)+`}}`); rec.Code != 200 {
			b.Fatalf("move %d: %d %s", moves, rec.Code, rec.Body)
		}
		moves++
	}
}

// BenchmarkOutbox measures the sender alone: notes already in the outbox, fanned out to the inbox and,
// with a push subscription, pushed to a local stand-in for the push service; it reports notes/s.
func BenchmarkOutbox(b *testing.B) {
	for _, withPush := range []bool{false, true} {
		name := "inbox"
		if withPush {
			name = "inbox+push"
		}
		b.Run(name, func(b *testing.B) { benchOutbox(b, withPush) })
	}
}

func benchOutbox(b *testing.B, withPush bool) {
	ps := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.WriteHeader(201)
	}))
	defer ps.Close()
	st := openSQLite(b)
	acc := st.(store.Accounts)
	srv, err := New(context.Background(), Config{Store: st, Games: testGames, RateLimit: -1, Accounts: acc, PushLoopback: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	ctx := context.Background()
	if err := acc.CreateUser(ctx, store.User{ID: "u1", Name: "Bea", Key: "bea", Created: time.Now()}); err != nil {
		b.Fatal(err)
	}
	if withPush {
		br := pushtest.NewBrowser(b)
		sub := `{"endpoint":"` + ps.URL + `/x","keys":{"p256dh":"` + br.P256dh() + `","auth":"` + br.AuthB64() + `"}}`
		if err := acc.AddPushSub(ctx, store.PushSub{ID: "s1", UserID: "u1", Endpoint: ps.URL + "/x", Data: json.RawMessage(sub), Created: time.Now()}); err != nil {
			b.Fatal(err)
		}
	}
	const chunk = 500
	total := 0
	var elapsed time.Duration
	for b.Loop() {
		b.StopTimer()
		now := time.Now()
		ns := make([]store.Note, chunk)
		for i := range ns {
			ns[i] = store.Note{UserID: "u1", Kind: social.NoteFollow, Data: json.RawMessage(`{"by":"x","seat":-1}`), Due: now, Created: now}
		}
		if err := acc.AddNotes(ctx, ns); err != nil {
			b.Fatal(err)
		}
		total += chunk
		t0 := time.Now()
		b.StartTimer()
		srv.social.Wake()
		for {
			n, err := acc.Unread(ctx, "u1")
			if err != nil {
				b.Fatal(err)
			}
			if n >= total && (!withPush || srv.social.SentCounts()[store.ChannelPush] >= total) {
				break
			}
			time.Sleep(time.Millisecond)
		}
		elapsed += time.Since(t0)
	}
	b.ReportMetric(float64(total)/elapsed.Seconds(), "notes/s")
	b.ReportMetric(0, "ns/op")
}
