package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
)

// startServe runs surveyor serve with args and returns its base URL and a function that stops it (as
// SIGTERM would) and returns its exit code.
func startServe(t *testing.T, args ...string) (string, func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	code := make(chan int, 1)
	go func() {
		c := run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0", "--log-level", "warn"}, args...), nil, pw, io.Discard)
		pw.Close()
		code <- c
	}()
	lines := bufio.NewScanner(pr)
	if !lines.Scan() {
		cancel()
		t.Fatalf("serve printed nothing (exit %d)", <-code)
	}
	m := regexp.MustCompile(`serving on (http://[0-9.:]+)/`).FindStringSubmatch(lines.Text())
	if m == nil {
		cancel()
		t.Fatalf("serve printed %q, want the address to open", lines.Text())
	}
	go io.Copy(io.Discard, pr)
	stopped := false
	stop := func() int {
		if stopped {
			return 0
		}
		stopped = true
		cancel()
		select {
		case c := <-code:
			return c
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not stop within 30 s")
			return -1
		}
	}
	t.Cleanup(func() { stop() })
	return m[1], stop
}

func httpDo(t *testing.T, method, url, tok, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var v map[string]any
	b, _ := io.ReadAll(res.Body)
	json.Unmarshal(b, &v)
	return res.StatusCode, v
}

// servePlaysAndKeeps serves, plays a few Carcassonne moves, stops, serves again on the same database and
// checks that every accepted move is still there.
func servePlaysAndKeeps(t *testing.T, args ...string) {
	base, stop := startServe(t, args...)
	for _, p := range []string{"/healthz", "/readyz"} {
		if code, _ := httpDo(t, "GET", base+p, "", ""); code != 200 {
			t.Fatalf("%s: %d", p, code)
		}
	}
	res, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	code, v := httpDo(t, "POST", base+"/api/matches", "", `{"game":"carcassonne","maxSeats":2,"name":"a"}`)
	if code != 201 {
		t.Fatalf("create: %d %v", code, v)
	}
	id, tok0 := v["id"].(string), v["token"].(string)
	_, v = httpDo(t, "POST", base+"/api/matches/"+id+"/join", "", `{"name":"b"}`)
	tok1 := v["token"].(string)
	if code, v := httpDo(t, "POST", base+"/api/matches/"+id+"/start", tok0, ""); code != 200 {
		t.Fatalf("start: %d %v", code, v)
	}
	toks := []string{tok0, tok1}
	var seq float64
	for range 4 {
		_, st := httpDo(t, "GET", base+"/api/matches/"+id, "", "")
		seat := int(st["match"].(map[string]any)["toAct"].([]any)[0].(float64))
		_, legal := httpDo(t, "GET", base+"/api/matches/"+id+"/legal", toks[seat], "")
		mv, _ := json.Marshal(map[string]any{"move": legal["moves"].([]any)[0]})
		code, st := httpDo(t, "POST", base+"/api/matches/"+id+"/moves", toks[seat], string(mv))
		if code != 200 {
			t.Fatalf("move: %d %v", code, st)
		}
		seq = st["seq"].(float64)
	}
	if c := stop(); c != 0 {
		t.Fatalf("serve exited with %d", c)
	}

	base, _ = startServe(t, args...)
	_, st := httpDo(t, "GET", base+"/api/matches/"+id, "", "")
	if st["seq"].(float64) != seq || st["match"].(map[string]any)["moves"].(float64) != 4 {
		t.Fatalf("after restart: seq %v moves %v, want seq %v and 4 moves", st["seq"], st["match"].(map[string]any)["moves"], seq)
	}
}

func TestServeSQLiteRestart(t *testing.T) {
	servePlaysAndKeeps(t, "--data", filepath.Join(t.TempDir(), "data"))
}

func TestServePostgresRestart(t *testing.T) {
	url, schema := pgtest.Schema(t)
	servePlaysAndKeeps(t, "--db", url+"&search_path="+schema)
}

func TestServeFlags(t *testing.T) {
	o, err := parseServeFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.addr != "127.0.0.1:8080" || o.data != "data" || o.db != "" {
		t.Fatalf("defaults %+v, want 127.0.0.1:8080 with SQLite in ./data", o)
	}
	if _, err := parseServeFlags([]string{"--addr"}, io.Discard); err == nil {
		t.Fatal("--addr without a value accepted")
	}
	if _, err := parseServeFlags([]string{"extra"}, io.Discard); err == nil {
		t.Fatal("a stray argument accepted")
	}
	if c := run(context.Background(), []string{"serve", "--log-level", "loud"}, nil, io.Discard, io.Discard); c != 1 {
		t.Fatalf("bad log level: exit %d, want 1", c)
	}
}
