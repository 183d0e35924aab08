package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/game/gametest"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// fakeClock is a settable clock for tests of the match clocks.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// env is a server under test with an HTTP client that keeps every payload it receives.
type env struct {
	t     *testing.T
	srv   *Server
	http  *httptest.Server
	store store.Store
	clock *fakeClock

	mu       sync.Mutex
	payloads [][]byte
}

var testGames = game.NewRegistry(gametest.Definition{}, gametest.Leaky{})

func openSQLite(t testing.TB) store.Store {
	t.Helper()
	return openSQLiteAt(t, filepath.Join(t.TempDir(), "surveyor.db"))
}

// openSQLiteAt opens a new store at path, a copy of migratedSQLite: migrating a new file costs each of
// the tests' servers 0.5 s of CPU under the race detector (every migration a transaction synced to disk),
// most of their setup, against 0.1 s for opening the copy. The migrations from an empty file are
// store/sqlite's own tests.
func openSQLiteAt(t testing.TB, path string) *sqlite.Store {
	t.Helper()
	files, err := migratedSQLite()
	if err != nil {
		t.Fatal(err)
	}
	for suffix, b := range files {
		if err := os.WriteFile(path+suffix, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// migratedSQLite is the content of a closed SQLite store with every migration applied, by the suffix of
// each of its files ("" for the database, "-wal" for a log the close left), made once per test binary.
var migratedSQLite = sync.OnceValues(func() (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "surveyor-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "surveyor.db")
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	if err := st.Close(); err != nil {
		return nil, fmt.Errorf("close the template store: %w", err)
	}
	files := map[string][]byte{}
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(path + suffix)
		if errors.Is(err, os.ErrNotExist) && suffix != "" {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read the template store: %w", err)
		}
		files[suffix] = b
	}
	return files, nil
})

func newEnv(t *testing.T, st store.Store, tweak func(*Config)) *env {
	t.Helper()
	if st == nil {
		st = openSQLite(t)
	}
	e := &env{t: t, store: st, clock: &fakeClock{t: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)}}
	var seed uint64 = 1000
	var seedMu sync.Mutex
	cfg := Config{Store: st, Games: testGames, RateLimit: -1, Now: e.clock.Now,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Seed: func() uint64 {
			seedMu.Lock()
			defer seedMu.Unlock()
			seed += 7919
			return seed * 0x9e3779b97f4a7c15 // large, so that its decimal form cannot occur by chance
		}}
	if tweak != nil {
		tweak(&cfg)
	}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.srv = srv
	e.http = httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		e.http.Close()
		srv.Close()
	})
	return e
}

type resp struct {
	status int
	body   []byte
	header http.Header
}

func (r resp) json(t *testing.T) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("response %q is not a JSON object: %v", r.body, err)
	}
	return v
}

// errCode is the error code of an error response, "" for a success.
func (r resp) errCode() string {
	var v struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	json.Unmarshal(r.body, &v)
	return v.Error.Code
}

func (e *env) do(method, path, tok, body string) resp {
	e.t.Helper()
	var hdr map[string]string
	if tok != "" {
		hdr = map[string]string{"Authorization": "Bearer " + tok}
	}
	return e.rawDo(method, path, body, hdr)
}

// rawDo sends a request with exactly the headers given (no cookie jar, no Origin of its own).
func (e *env) rawDo(method, path, body string, hdr map[string]string) resp {
	e.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.http.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := e.http.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	e.keep(b)
	return resp{status: res.StatusCode, body: b, header: res.Header}
}

func (e *env) keep(b []byte) {
	e.mu.Lock()
	e.payloads = append(e.payloads, bytes.Clone(b))
	e.mu.Unlock()
}

func (e *env) must(status int, r resp) resp {
	e.t.Helper()
	if r.status != status {
		e.t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	return r
}

// player is a seat of a match under test.
type player struct {
	seat  int
	token string
}

// newMatch creates a match of game with options, seats n players and starts it.
func (e *env) newMatch(gameName, options string, n int, extra string) (string, []player) {
	e.t.Helper()
	body := `{"game":"` + gameName + `","options":` + options + `,"max_seats":` + itoa(n) + extra + `}`
	id := e.must(http.StatusCreated, e.do("POST", "/api/matches", "", body)).json(e.t)["id"].(string)
	ps := make([]player, n)
	for i := range ps {
		v := e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/join", "", `{"name":"p`+itoa(i)+`"}`)).json(e.t)
		ps[i] = player{seat: int(v["seat"].(float64)), token: v["token"].(string)}
		if ps[i].seat != i {
			e.t.Fatalf("join %d got seat %d", i, ps[i].seat)
		}
	}
	e.must(http.StatusOK, e.do("POST", "/api/matches/"+id+"/start", ps[0].token, ""))
	return id, ps
}

func itoa(n int) string { return strconv.Itoa(n) }

// state decodes an envelope.
type state struct {
	Type  string          `json:"type"`
	Seq   int64           `json:"seq"`
	Match matchInfo       `json:"match"`
	You   *you            `json:"you"`
	View  json.RawMessage `json:"view"`
}

func decodeState(t *testing.T, b []byte) state {
	t.Helper()
	var s state
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("bad envelope %s: %v", b, err)
	}
	return s
}

func (e *env) state(id, tok string) state {
	e.t.Helper()
	return decodeState(e.t, e.must(http.StatusOK, e.do("GET", "/api/matches/"+id, tok, "")).body)
}

func toyView(t *testing.T, raw json.RawMessage) gametest.View {
	t.Helper()
	var v gametest.View
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("bad toy view %s: %v", raw, err)
	}
	return v
}

// wsConn is a WebSocket client that records what it receives.
type wsConn struct {
	t    *testing.T
	c    *websocket.Conn
	msgs chan []byte
}

func (e *env) dial(id, tok string, since int64) *wsConn {
	e.t.Helper()
	u := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/matches/" + id + "/ws?"
	if tok != "" {
		u += "token=" + tok + "&"
	}
	if since >= 0 {
		u += "since=" + strconv.FormatInt(since, 10)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		e.t.Fatalf("dial %s: %v", u, err)
	}
	w := &wsConn{t: e.t, c: c, msgs: make(chan []byte, 100)}
	w.read(func(b []byte) { e.keep(b) })
	e.t.Cleanup(func() { c.CloseNow() })
	return w
}

// read hands w's messages to w.msgs (each first to keep, if not nil) until the connection ends or the
// test does: a test may leave more messages unread than the channel holds, and the reader, blocked on
// the channel, would outlive it. Ended with the test, it drops only messages that nobody can read.
func (w *wsConn) read(keep func([]byte)) {
	done := w.t.Context().Done()
	go func() {
		defer close(w.msgs)
		for {
			_, b, err := w.c.Read(context.Background())
			if err != nil {
				return
			}
			if keep != nil {
				keep(b)
			}
			select {
			case w.msgs <- b:
			case <-done:
				return
			}
		}
	}()
}

// next waits for the next message of a type.
func (w *wsConn) next(typ string) []byte {
	w.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case b, ok := <-w.msgs:
			if !ok {
				w.t.Fatalf("websocket closed while waiting for %q", typ)
			}
			var m struct{ Type string }
			json.Unmarshal(b, &m)
			if m.Type == typ {
				return b
			}
		case <-timeout:
			w.t.Fatalf("no %q message within 10s", typ)
		}
	}
}

// stateAt waits for a state message with at least sequence number seq.
func (w *wsConn) stateAt(seq int64) state {
	w.t.Helper()
	for {
		s := decodeState(w.t, w.next("state"))
		if s.Seq >= seq {
			return s
		}
	}
}

func (w *wsConn) send(v string) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, []byte(v)); err != nil {
		w.t.Fatal(err)
	}
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

// waitSubscribed waits until a long poll or a socket is registered on the match.
func (e *env) waitSubscribed(id string) {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		e.srv.mu.Lock()
		m := e.srv.matches[id]
		e.srv.mu.Unlock()
		if m != nil {
			m.mu.Lock()
			n := len(m.subs)
			m.mu.Unlock()
			if n > 0 {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	e.t.Fatal("nobody subscribed within 10 s")
}

// dialPatch opens a WebSocket that takes patches.
func (e *env) dialPatch(id, tok string) *wsConn {
	e.t.Helper()
	u := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/matches/" + id + "/ws?patch=1"
	if tok != "" {
		u += "&token=" + tok
	}
	c, _, err := websocket.Dial(context.Background(), u, nil)
	if err != nil {
		e.t.Fatalf("dial %s: %v", u, err)
	}
	w := &wsConn{t: e.t, c: c, msgs: make(chan []byte, 1000)}
	w.read(nil)
	e.t.Cleanup(func() { c.CloseNow() })
	return w
}

// nextAny waits for the next message, whatever its type.
func (w *wsConn) nextAny() []byte {
	w.t.Helper()
	select {
	case b, ok := <-w.msgs:
		if !ok {
			w.t.Fatal("websocket closed")
		}
		return b
	case <-time.After(10 * time.Second):
		w.t.Fatal("no message within 10 s")
	}
	return nil
}

// loaded reports whether the match is held in memory.
func (e *env) loaded(id string) bool {
	e.srv.mu.Lock()
	defer e.srv.mu.Unlock()
	_, ok := e.srv.matches[id]
	return ok
}

// asleep reports whether the match waits on an alarm (clock.go).
func (e *env) asleep(id string) bool {
	e.srv.alarmMu.Lock()
	defer e.srv.alarmMu.Unlock()
	_, ok := e.srv.alarms[id]
	return ok
}

// settled waits until the server's sender has found nothing due in a round begun after the call: what
// was due is delivered, so that a test may then check that nothing (more) came, instead of sleeping.
func settled(t *testing.T, srv *Server) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	if err := srv.social.Settled(ctx); err != nil {
		t.Fatalf("the sender did not settle: %v", err)
	}
}

// TestMain makes new password hashes cheap in the server's tests: they check what the endpoints do with
// a password, not argon2id's cost (auth's own tests hash at the real cost). At the real cost a sign-up
// took about a tenth of a second of CPU under the race detector, most of this package's test time.
func TestMain(m *testing.M) {
	auth.DefaultParams = auth.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}
	os.Exit(m.Run())
}
