package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/surveyor-game/surveyor/store/sqlite"
)

// The tournament creation's decoder under fuzzing: whatever the body, the answer is a 201 or a 4xx with
// its words, never a 5xx; and a tournament it creates holds settings within their stated limits.
func FuzzTournamentCreate(f *testing.F) {
	st, err := sqlite.Open(context.Background(), filepath.Join(f.TempDir(), "surveyor.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	srv, err := New(context.Background(), Config{Store: st, Accounts: st, Games: testGames, RateLimit: -1, MaxBody: 4096,
		Bots: toyBots{}, NoPush: true, Now: func() time.Time { return now }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(srv.Close)
	send := func(method, target, body, token string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, target, strings.NewReader(body))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, req)
		return rec
	}
	signup := send("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`, "")
	var cookie string
	for _, c := range signup.Result().Cookies() {
		if c.Name == sessionCookie {
			cookie = c.Value
		}
	}
	req := httptest.NewRequest("POST", "/api/account/tokens", strings.NewReader(`{"name":"fuzz","scopes":["read","play"]}`))
	req.Header.Set("Cookie", sessionCookie+"="+cookie)
	req.Header.Set("Origin", "http://example.com")
	req.Host = "example.com"
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, req)
	token := decodeField(f, rec.Body.Bytes(), "token")
	if r := send("POST", "/api/tournaments", `{"name":"Check","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"starts_at":"2026-05-01T11:00:00Z"}`, token); r.Code != 201 {
		f.Fatalf("the fuzzer's token creates nothing: %d %s", r.Code, r.Body)
	}

	for _, s := range []string{
		`{"name":"Tuesday","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":3,"starts_at":"2026-05-01T11:00:00Z"}`,
		`{"name":"Club","game":"toy","format":"tables","clock":{"mode":"game","seconds":1209600},"rounds":2,"seats":{"min":3,"max":4},"visibility":"invite","max_players":12,"starts_at":"2026-05-02T10:00:00Z"}`,
		`{"name":"Blitz","game":"toy","format":"arena","duration_seconds":600,"clock":{"mode":"game","seconds":300},"check_in_seconds":600,"forfeit_seconds":120,"starts_at":"2026-05-01T12:00:00+02:00"}`,
		`{"name":"Winter","game":"toy","format":"league","group_size":4,"promote":1,"clock":{"mode":"move","seconds":172800},"starts_at":"2026-06-01T00:00:00Z"}`,
		`{"name":"Bots","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1,"bots":{"allowed":true,"level":"steady"},"starts_at":"2026-05-01T11:00:00Z"}`,
		`{"name":"x","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":1e9,"max_players":-1,"starts_at":"2099-01-01T00:00:00Z"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		rec := send("POST", "/api/tournaments", body, token)
		if rec.Code >= 500 || (rec.Code != 201 && rec.Code < 400) {
			t.Fatalf("%q: %d %s", body, rec.Code, rec.Body)
		}
		if rec.Code != 201 {
			var e struct {
				Error struct{ Code, Message string } `json:"error"`
			}
			if json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Error.Code == "" || e.Error.Message == "" {
				t.Fatalf("%q: a refusal without words: %d %s", body, rec.Code, rec.Body)
			}
			return
		}
		id := decodeField(t, rec.Body.Bytes(), "id")
		var o struct {
			Name       string    `json:"name"`
			Rounds     int       `json:"rounds"`
			MaxPlayers int       `json:"max_players"`
			StartsAt   time.Time `json:"starts_at"`
			Duration   int       `json:"duration_seconds"`
			CheckIn    int       `json:"check_in_seconds"`
			Forfeit    int       `json:"forfeit_seconds"`
			Season     int       `json:"season"`
			Clock      *struct{ Seconds int }
			Seats      struct{ Min, Max int }
		}
		got := send("GET", "/api/tournaments/"+id, "", token)
		if err := json.Unmarshal(got.Body.Bytes(), &o); err != nil {
			t.Fatalf("%s: %v", got.Body, err)
		}
		n := utf8.RuneCountInString(o.Name)
		switch {
		case n < 1 || n > 60 || strings.ContainsFunc(o.Name, func(c rune) bool { return !unicode.IsPrint(c) }) || o.Name != strings.TrimSpace(o.Name):
			t.Fatalf("%q: name %q", body, o.Name)
		case o.Rounds < 0 || o.Rounds > 20, o.MaxPlayers < 2 || o.MaxPlayers > 1000, o.Season != 1:
			t.Fatalf("%q: %+v", body, o)
		case !o.StartsAt.After(now) || o.StartsAt.After(now.AddDate(1, 0, 0)):
			t.Fatalf("%q: starts at %v", body, o.StartsAt)
		case o.Duration != 0 && (o.Duration < 300 || o.Duration > 86400), o.CheckIn < 0 || o.CheckIn > 86400, o.Forfeit < 0 || o.Forfeit > 86400:
			t.Fatalf("%q: %+v", body, o)
		case o.Clock != nil && (o.Clock.Seconds < 10 || o.Clock.Seconds > 14*86400):
			t.Fatalf("%q: clock %+v", body, o.Clock)
		case o.Seats.Min < 2 || o.Seats.Max > 6 || o.Seats.Min > o.Seats.Max:
			t.Fatalf("%q: seats %+v", body, o.Seats)
		}
	})
}
