package httpkit

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

type point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// decodeBody runs Decode (or DecodeOptional) on body as a handler would.
func decodeBody(body string, max int64, optional bool) (point, error) {
	r := httptest.NewRequest("POST", "/", strings.NewReader(body))
	w := httptest.NewRecorder()
	var p point
	if optional {
		return p, DecodeOptional(w, r, max, &p)
	}
	return p, Decode(w, r, max, &p, nil)
}

// Every body a strict decoder must refuse gets its own code and status, and leaves nothing half decoded
// that the caller would use.
func TestDecodeRefuses(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body string
		max        int64
		status     int
		code       string
	}{
		{"unknown field", `{"x":1,"z":2}`, 64, 400, CodeBadJSON},
		{"trailing value", `{"x":1}{"y":2}`, 64, 400, CodeBadJSON},
		{"trailing garbage", `{"x":1} x`, 64, 400, CodeBadJSON},
		{"not JSON", `x=1`, 64, 400, CodeBadJSON},
		{"wrong type", `{"x":"one"}`, 64, 400, CodeBadJSON},
		{"truncated", `{"x":1`, 64, 400, CodeBadJSON},
		{"empty", ``, 64, 400, CodeBadJSON},
		{"only spaces", " \n\t", 64, 400, CodeBadJSON},
		{"oversize", `{"x":1,"y":2}`, 8, 413, CodeTooLarge},
		{"oversize by one byte", `{"x":12}`, 7, 413, CodeTooLarge},
	}
	for _, c := range cases {
		_, err := decodeBody(c.body, c.max, false)
		var e *Error
		if !errors.As(err, &e) || e.Status != c.status || e.Code != c.code {
			t.Errorf("%s: %q gives %v, want %d %s", c.name, c.body, err, c.status, c.code)
		}
	}
}

func TestDecodeTakes(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]point{
		`{"x":1,"y":2}`:         {1, 2},
		" {\"y\":-3} \n":        {0, -3},
		`{}`:                    {},
		`{"x":12}`:              {12, 0},
		"{\"x\":1,\r\n\"y\":2}": {1, 2},
	} {
		got, err := decodeBody(body, int64(len(body)), false) // each exactly at the limit
		if err != nil || got != want {
			t.Errorf("%q: %+v, %v; want %+v", body, got, err, want)
		}
	}
}

// An optional body may be empty; when it is not, it is read as strictly as any other.
func TestDecodeOptional(t *testing.T) {
	t.Parallel()
	if p, err := decodeBody("  ", 64, true); err != nil || p != (point{}) {
		t.Errorf("empty optional body: %+v, %v", p, err)
	}
	if p, err := decodeBody(`{"x":4}`, 64, true); err != nil || p != (point{X: 4}) {
		t.Errorf("optional body: %+v, %v", p, err)
	}
	if _, err := decodeBody(`{"q":4}`, 64, true); err == nil || err.(*Error).Code != CodeBadJSON {
		t.Errorf("optional body with an unknown field: %v, want bad_json", err)
	}
	if _, err := decodeBody(`{"x":400000}`, 4, true); err == nil || err.(*Error).Code != CodeTooLarge {
		t.Errorf("oversize optional body: %v, want body_too_large", err)
	}
}

// The fast reader decides when it takes the body; when it does not, the strict decoder does.
func TestDecodeFast(t *testing.T) {
	t.Parallel()
	calls := 0
	fast := func(b []byte) bool { calls++; return string(b) == "fast" }
	var p point
	r := httptest.NewRequest("POST", "/", strings.NewReader("fast"))
	if err := Decode(httptest.NewRecorder(), r, 64, &p, fast); err != nil || calls != 1 {
		t.Errorf("a body the fast reader takes: %v after %d calls", err, calls)
	}
	r = httptest.NewRequest("POST", "/", strings.NewReader(`{"y":5}`))
	if err := Decode(httptest.NewRecorder(), r, 64, &p, fast); err != nil || p.Y != 5 || calls != 2 {
		t.Errorf("a body the fast reader leaves: %+v, %v after %d calls", p, err, calls)
	}
	r = httptest.NewRequest("POST", "/", strings.NewReader(`{"z":5}`))
	if err := Decode(httptest.NewRecorder(), r, 64, &p, fast); err == nil {
		t.Error("a body neither reader takes was taken")
	}
}

// A client that sends its headers and then stops sending its body gets 400 bad_json once the body's
// deadline passes, instead of holding the connection (and the handler) for as long as it likes.
func TestSlowBodyMissesItsDeadline(t *testing.T) {
	t.Parallel()
	done := make(chan error, 1)
	srv := httptest.NewServer(BodyDeadline(200*time.Millisecond, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var p point
		err := Decode(w, r, 1<<10, &p, nil)
		done <- err
		if err != nil {
			var e *Error
			errors.As(err, &e)
			WriteError(w, e)
		}
	})))
	defer srv.Close()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"x\":")
	var herr error
	select {
	case herr = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the handler still waits for the body after 10 s")
	}
	var e *Error
	if !errors.As(herr, &e) || e.Code != CodeBadJSON {
		t.Fatalf("the handler's decode: %v, want bad_json", herr)
	}
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("status %d, want 400", res.StatusCode)
	}
}

// A body sent in time lifts the deadline: a handler that answers after it has passed still answers.
func TestBodyInTimeLiftsTheDeadline(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(BodyDeadline(50*time.Millisecond, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var p point
		if err := Decode(w, r, 1<<10, &p, nil); err != nil {
			WriteError(w, err.(*Error))
			return
		}
		select { // a slow answer: the request's context must outlive the body's deadline
		case <-r.Context().Done():
			return
		case <-time.After(200 * time.Millisecond):
		}
		WriteJSON(w, http.StatusOK, p)
	})))
	defer srv.Close()
	res, err := http.Post(srv.URL, "application/json", strings.NewReader(`{"x":7}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var p point
	if err := json.NewDecoder(res.Body).Decode(&p); err != nil || res.StatusCode != 200 || p.X != 7 {
		t.Fatalf("status %d, %+v, %v", res.StatusCode, p, err)
	}
}

// Classify gives a Refusal its code's status, an unknown code 500, and leaves other errors to the caller.
func TestClassify(t *testing.T) {
	t.Parallel()
	statuses := map[string]int{"not_your_turn": http.StatusConflict}
	cases := []struct {
		err    error
		ok     bool
		status int
		code   string
	}{
		{Refuse("not_your_turn", "wait"), true, 409, "not_your_turn"},
		{fmt.Errorf("move: %w", Refuse("not_your_turn", "wait")), true, 409, "not_your_turn"},
		{Refuse("no_such_code", "oops"), true, 500, "no_such_code"},
		{Errf(404, CodeNotFound, "gone"), true, 404, CodeNotFound},
		{fmt.Errorf("wrapped: %w", TooMany(time.Second, "slow down")), true, 429, CodeRateLimited},
		{errors.New("disk on fire"), false, 0, ""},
	}
	for _, c := range cases {
		e, ok := Classify(c.err, statuses)
		if ok != c.ok || ok && (e.Status != c.status || e.Code != c.code) {
			t.Errorf("Classify(%v) = %+v, %v; want %d %s, %v", c.err, e, ok, c.status, c.code, c.ok)
		}
	}
	if e := Internal(); strings.Contains(e.Message, "fire") || e.Status != 500 {
		t.Errorf("Internal() = %+v", e)
	}
}

// WriteError sends the error under "error", and a 429's wait both in the body and as Retry-After.
func TestWriteError(t *testing.T) {
	t.Parallel()
	w := httptest.NewRecorder()
	WriteError(w, TooMany(1500*time.Millisecond, "later"))
	var body struct {
		Error struct {
			Code       string `json:"code"`
			Message    string `json:"message"`
			RetryAfter int    `json:"retry_after"`
		} `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if w.Code != 429 || w.Header().Get("Retry-After") != "2" || body.Error.RetryAfter != 2 || body.Error.Code != CodeRateLimited || body.Error.Message != "later" {
		t.Errorf("%d Retry-After %q, body %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	w = httptest.NewRecorder()
	WriteError(w, Errf(429, CodeRateLimited, "bare"))
	if w.Header().Get("Retry-After") != "1" {
		t.Errorf("a 429 without a wait: Retry-After %q, want 1", w.Header().Get("Retry-After"))
	}
	w = httptest.NewRecorder()
	WriteError(w, Errf(400, CodeBadJSON, "no"))
	if w.Header().Get("Retry-After") != "" || w.Header().Get("Content-Type") != "application/json" || w.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("a 400's headers: %v", w.Header())
	}
}

// FuzzDecode: whatever Decode takes is one valid JSON value, and it never panics.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"x":1}`, `{"x":1}{}`, `{"z":1}`, ``, `[1]`, `{"x":1e400}`, "{\"x\":\"\xff\"}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		_, err := decodeBody(body, 64, false)
		if err == nil && !json.Valid([]byte(strings.TrimSpace(body))) {
			t.Fatalf("Decode took %q, which is not valid JSON", body)
		}
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Decode's error for %q is no *Error: %v", body, err)
			}
		}
	})
}
