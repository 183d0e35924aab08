package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/surveyor-game/surveyor/game"
)

// fuzzEnv is a started two-seat toy match served in-process (no network), shared by a fuzz target's runs.
func fuzzEnv(f *testing.F) (*Server, string, []player) {
	f.Helper()
	st := openSQLite(f)
	srv, err := New(context.Background(), Config{Store: st, Games: testGames, RateLimit: -1, MaxBody: 4096, Bots: toyBots{},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(srv.Close)
	call := func(method, path, tok, body string) *httptest.ResponseRecorder {
		return serve(srv, method, path, tok, body)
	}
	rec := call("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":20},"max_seats":2}`)
	id := decodeField(f, rec.Body.Bytes(), "id")
	var ps []player
	for i := range 2 {
		rec := call("POST", "/api/matches/"+id+"/join", "", `{"name":"p`+itoa(i)+`"}`)
		ps = append(ps, player{seat: i, token: decodeField(f, rec.Body.Bytes(), "token")})
	}
	if rec := call("POST", "/api/matches/"+id+"/start", ps[0].token, ""); rec.Code != 200 {
		f.Fatalf("start: %d %s", rec.Code, rec.Body)
	}
	return srv, id, ps
}

// serve makes one request to srv in-process.
func serve(srv *Server, method, path, tok, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, req)
	return rec
}

func FuzzMoveBody(f *testing.F) {
	srv, id, ps := fuzzEnv(f)
	for _, s := range []string{`{"move":{"pick":1}}`, `{"move":{"pick":9}}`, `{"move":null}`, `{`, ``, `[]`, `{"move":{"pick":1}}{}`,
		`{"move":"` + strings.Repeat("x", 5000) + `"}`, `{"move":{"pick":1e400}}`, "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		m, _ := srv.get(context.Background(), id)
		before := m.seq
		m.mu.Unlock()
		req := httptest.NewRequest("POST", "/api/matches/"+id+"/moves", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+ps[0].token)
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("body %q: %d %s", body, rec.Code, rec.Body)
		}
		m, _ = srv.get(context.Background(), id)
		after := m.seq
		m.mu.Unlock()
		if rec.Code != 200 && after != before {
			t.Fatalf("refused move %q (%d) changed the match", body, rec.Code)
		}
		if rec.Code == 200 {
			// Keep the game going: seat 1 answers so that seat 0 may move again.
			m, _ := srv.get(context.Background(), id)
			if !m.st.Over() {
				m.move(context.Background(), 1, []byte(`{"pick":2}`), "")
			}
			m.mu.Unlock()
		}
	})
}

// The bot seat request is refused cleanly whatever its body (the fuzzed match has started: no body may
// seat a bot, and none may change the match).
func FuzzBotBody(f *testing.F) {
	srv, id, ps := fuzzEnv(f)
	for _, s := range []string{`{}`, `{"bot":"steady"}`, `{"bot":"x","name":"` + strings.Repeat("é", 40) + `"}`, `{"bot":null}`,
		`{"bot":1}`, `{"name":"\u0000"}`, `[]`, ``, `{"bot":"steady"}{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		m, _ := srv.get(context.Background(), id)
		before := m.seq
		m.mu.Unlock()
		req := httptest.NewRequest("POST", "/api/matches/"+id+"/bots", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+ps[1].token)
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, req)
		if rec.Code != 400 && rec.Code != 409 && rec.Code != 413 {
			t.Fatalf("body %q: %d %s", body, rec.Code, rec.Body)
		}
		m, _ = srv.get(context.Background(), id)
		after := m.seq
		m.mu.Unlock()
		if after != before {
			t.Fatalf("refused bot request %q changed the match", body)
		}
	})
}

// On an open match, a bot seat request either seats exactly one bot, as the body asked, or is refused and
// changes nothing.
func FuzzBotBodyOpen(f *testing.F) {
	srv, _, _ := fuzzEnv(f)
	for _, s := range []string{`{}`, ``, ` `, `{"bot":"crash"}`, `{"name":" Rob "}`, `{"bot":"steady","name":"\u200b"}`, `{"bot":""}`,
		`{"name":"` + strings.Repeat("é", 32) + `"}`, `{"bot":"steady","bot":"cheat"}`, `{"Bot":"cheat"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		rec := serve(srv, "POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada"}`)
		id, ada := decodeField(t, rec.Body.Bytes(), "id"), decodeField(t, rec.Body.Bytes(), "token")
		rec = serve(srv, "POST", "/api/matches/"+id+"/bots", ada, body)
		m, err := srv.get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		seats, seq := slices.Clone(m.seats), m.seq
		m.mu.Unlock()
		switch rec.Code {
		case 200:
			var r botResp
			if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
				t.Fatalf("body %q: response %s: %v", body, rec.Body, err)
			}
			if seq != 2 || len(seats) != 2 || r.Seat != 1 || seats[1].bot != r.Bot || seats[1].name != r.Name ||
				!slices.Contains((toyBots{}).Names("toy"), r.Bot) || checkName(r.Name) != nil || r.Name != strings.TrimSpace(r.Name) {
				t.Fatalf("body %q: response %+v, seats %+v", body, r, seats)
			}
		case 400, 413:
			if seq != 1 || len(seats) != 1 {
				t.Fatalf("refused body %q (%d) changed the match: %+v", body, rec.Code, seats)
			}
		default:
			t.Fatalf("body %q: %d %s", body, rec.Code, rec.Body)
		}
	})
}

// A rematch request takes an empty body or {}; any other is refused, and however often a player asks,
// the finished match logs one pointer and the player holds one seat of the rematch.
func FuzzRematchBody(f *testing.F) {
	srv, _, _ := fuzzEnv(f)
	rec := serve(srv, "POST", "/api/matches", "", `{"game":"toy","options":{"rounds":1},"max_seats":2,"name":"Ada"}`)
	id, ada := decodeField(f, rec.Body.Bytes(), "id"), decodeField(f, rec.Body.Bytes(), "token")
	bob := decodeField(f, serve(srv, "POST", "/api/matches/"+id+"/join", "", `{"name":"Bob"}`).Body.Bytes(), "token")
	for _, c := range [][3]string{{"start", ada, ``}, {"moves", ada, `{"move":{"pick":1}}`}, {"moves", bob, `{"move":{"pick":2}}`}} {
		if rec := serve(srv, "POST", "/api/matches/"+id+"/"+c[0], c[1], c[2]); rec.Code != 200 {
			f.Fatalf("%s: %d %s", c[0], rec.Code, rec.Body)
		}
	}
	for _, s := range []string{``, `{}`, ` {} `, `null`, `{"id":"x"}`, `[]`, `{}{}`, "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		rec := serve(srv, "POST", "/api/matches/"+id+"/rematch", ada, body)
		switch rec.Code {
		case 200:
			if next := decodeField(t, rec.Body.Bytes(), "id"); next != rematchID(id) {
				t.Fatalf("body %q: rematch %s", body, next)
			}
		case 400, 413:
		default:
			t.Fatalf("body %q: %d %s", body, rec.Code, rec.Body)
		}
		m, err := srv.get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		seq, next := m.seq, m.rematch
		m.mu.Unlock()
		if want := int64(5); next != "" {
			if seq != want+1 {
				t.Fatalf("the finished match is at seq %d, want %d", seq, want+1)
			}
			n, err := srv.get(context.Background(), next)
			if err != nil {
				t.Fatal(err)
			}
			seats := len(n.seats)
			n.mu.Unlock()
			if seats != 1 {
				t.Fatalf("after body %q Ada holds %d seats of the rematch", body, seats)
			}
		} else if seq != want {
			t.Fatalf("refused body %q changed the finished match", body)
		}
	})
}

func FuzzCreateBody(f *testing.F) {
	srv, _, _ := fuzzEnv(f)
	for _, s := range []string{`{"game":"toy"}`, `{"game":"toy","options":{"rounds":-1}}`, `{"game":"toy","max_seats":0,"clock":{"mode":"move","seconds":0}}`,
		`{"game":"toy","name":"\u0000"}`, `{"game":"toy","options":[1,2]}`, `{"game":1}`, `nul`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "/api/matches", strings.NewReader(body))
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, req)
		if rec.Code >= 500 || (rec.Code != 201 && rec.Code != 400 && rec.Code != 413) {
			t.Fatalf("body %q: %d %s", body, rec.Code, rec.Body)
		}
	})
}

func FuzzWebSocketMessage(f *testing.F) {
	srv, id, _ := fuzzEnv(f)
	for _, s := range []string{`{"type":"move","id":"1","move":{"pick":1}}`, `{"type":"undo"}`, `{"type":"x"}`, `{}`, `[`, `{"type":"move"}`} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, msg string, text bool) {
		typ := websocket.MessageBinary
		if text {
			typ = websocket.MessageText
		}
		for _, seat := range []int{-1, 0, 1} {
			r := srv.wsHandle(context.Background(), typ, []byte(msg), id, game.Seat(seat), newSubscriber(game.Seat(seat), 0))
			if r.Type != "ok" && (r.Type != "error" || r.Error == nil || r.Error.Status >= 500) {
				t.Fatalf("message %q seat %d: reply %+v", msg, seat, r)
			}
		}
	})
}

func decodeField(tb testing.TB, b []byte, field string) string {
	tb.Helper()
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		tb.Fatalf("bad JSON %s: %v", b, err)
	}
	s, ok := v[field].(string)
	if !ok {
		tb.Fatalf("no %q in %s", field, b)
	}
	return s
}
