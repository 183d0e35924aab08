package httpkit

// Errors as the API sends them: a status, a stable code and a message for people.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"
)

// Error is an error with its HTTP status and stable code, sent as {"error": {"code", "message"}}.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// RetryAfter is how many seconds to wait before trying again, for refusals that say so.
	RetryAfter int `json:"retry_after,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errf is an Error with a formatted message.
func Errf(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// TooMany is the refusal of every limit (429 rate_limited): it carries the wait, rounded up to whole
// seconds, which WriteError sends both in the body and as the Retry-After header, so that the two never
// disagree and no client is told to come back before it may.
func TooMany(wait time.Duration, format string, args ...any) *Error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	return &Error{Status: http.StatusTooManyRequests, Code: CodeRateLimited, Message: fmt.Sprintf(format, args...), RetryAfter: secs}
}

// Refusal is a "no" in a room's own terms: a stable code and a message for people. What refuses this
// way knows nothing of HTTP; the HTTP layer gives each code its status (Classify).
type Refusal struct {
	Code string
	Msg  string
}

func (r *Refusal) Error() string { return r.Code + ": " + r.Msg }

// Refuse is a Refusal with a formatted message.
func Refuse(code, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// The codes of the kit itself; the rooms add their own (docs/api.md lists them all with their statuses).
const (
	CodeBadJSON      = "bad_json"
	CodeBadRequest   = "bad_request"
	CodeNotFound     = "not_found"
	CodeUnauthorized = "unauthorized"
	CodeForbidden    = "forbidden"
	CodeConflict     = "conflict"
	CodeTooLarge     = "body_too_large"
	CodeRateLimited  = "rate_limited"
	CodeMethod       = "method_not_allowed"
	CodeUnavailable  = "unavailable"
	CodeInternal     = "internal"
)

// Classify finds the Error an error carries: an Error as it is, a Refusal with its code's status in
// statuses. It reports false for any other error, which the caller classifies further; a Refusal whose
// code has no status is the server's own mistake and becomes 500.
func Classify(err error, statuses map[string]int) (*Error, bool) {
	var e *Error
	var rf *Refusal
	switch {
	case errors.As(err, &e):
		return e, true
	case errors.As(err, &rf):
		status, ok := statuses[rf.Code]
		if !ok {
			status = http.StatusInternalServerError
		}
		return &Error{Status: status, Code: rf.Code, Message: rf.Msg}, true
	}
	return nil, false
}

// Internal is the answer to an error nobody classified: 500, without leaking its text.
func Internal() *Error {
	return Errf(http.StatusInternalServerError, CodeInternal, "internal error")
}

// WriteJSON sends v as a JSON answer with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"internal","message":"cannot encode response"}}`)
	}
	WriteRaw(w, status, b)
}

// WriteRaw sends b, already JSON, with status.
func WriteRaw(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	// A known length spares large envelopes the chunked encoding.
	h.Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

// WriteError sends e as {"error": e}, with Retry-After on a 429 (at least one second) and on any
// other refusal that carries a wait (a server shutting down).
func WriteError(w http.ResponseWriter, e *Error) {
	if e.Status == http.StatusTooManyRequests {
		if e.RetryAfter < 1 {
			e = &Error{Status: e.Status, Code: e.Code, Message: e.Message, RetryAfter: 1}
		}
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	} else if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	WriteJSON(w, e.Status, struct {
		Error *Error `json:"error"`
	}{e})
}

// MustJSON encodes one of the server's own plain values, which cannot fail to encode.
func MustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("marshal %T: %v", v, err)) // only called on the server's own plain structs
	}
	return b
}
