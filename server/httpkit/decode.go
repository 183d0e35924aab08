package httpkit

// Reading requests: bodies within their size and their time, strict JSON, bearer tokens.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// ReadBody reads a request body of at most max bytes.
func ReadBody(w http.ResponseWriter, r *http.Request, max int64) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, Errf(http.StatusRequestEntityTooLarge, CodeTooLarge, "the body exceeds %d bytes", max)
	}
	if err != nil {
		return nil, Errf(http.StatusBadRequest, CodeBadJSON, "cannot read the body: %v", err)
	}
	return b, nil
}

// Decode reads a JSON body strictly into v: one value, known fields only, at most max bytes. fast, when
// not nil, is a quicker way to read the body into v; when it reports false, StrictUnmarshal decides.
func Decode(w http.ResponseWriter, r *http.Request, max int64, v any, fast func([]byte) bool) error {
	b, err := ReadBody(w, r, max)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return Errf(http.StatusBadRequest, CodeBadJSON, "the body is empty; a JSON object is expected")
	}
	if fast != nil && fast(b) {
		return nil
	}
	return unmarshalBody(b, v)
}

// DecodeOptional is Decode for endpoints whose body may be left empty (v is then left as it is).
func DecodeOptional(w http.ResponseWriter, r *http.Request, max int64, v any) error {
	b, err := ReadBody(w, r, max)
	if err != nil || len(bytes.TrimSpace(b)) == 0 {
		return err
	}
	return unmarshalBody(b, v)
}

func unmarshalBody(b []byte, v any) error {
	if err := StrictUnmarshal(b, v); err != nil {
		return Errf(http.StatusBadRequest, CodeBadJSON, "invalid JSON body: %v", err)
	}
	return nil
}

// StrictUnmarshal decodes one JSON value, refusing unknown fields and trailing data.
func StrictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.Decode(&struct{}{}) != io.EOF {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

// BodyDeadline gives every request with a body timeout to finish sending it, and makes the server close
// a connection it refuses with 429 rather than wait to read what follows. The deadline is lifted once
// the body has been read to its end: a connection's read deadline also cancels the request's context
// when it passes, which would fail a slow answer (a loaded server's, a long poll's) with 500. WebSocket
// upgrades have no body and are left alone.
func BodyDeadline(timeout time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength != 0 && !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
			rc := http.NewResponseController(w)
			// Not every ResponseWriter can (a test recorder); the server's own always can.
			if rc.SetReadDeadline(time.Now().Add(timeout)) == nil {
				r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// deadlineBody lifts its connection's read deadline when the body has been read to its end.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.done {
		b.done = true
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

// CleanText checks a message a player writes (a chat line, a report): trimmed, 1 to maxRunes
// characters, no control characters but the line break.
func CleanText(text string, maxRunes int) (string, error) {
	text = strings.TrimSpace(text)
	if !utf8.ValidString(text) {
		return "", Errf(http.StatusBadRequest, CodeBadRequest, "a message is UTF-8 text")
	}
	n := utf8.RuneCountInString(text)
	if n == 0 || n > maxRunes {
		return "", Errf(http.StatusBadRequest, CodeBadRequest, "a message has 1 to %d characters", maxRunes)
	}
	if strings.IndexFunc(text, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }) >= 0 {
		return "", Errf(http.StatusBadRequest, CodeBadRequest, "a message holds no control characters")
	}
	return text, nil
}
