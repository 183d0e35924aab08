package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// apiError is an error with its HTTP status and stable code, sent as {"error": {"code", "message"}}.
type apiError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// RetryAfter is how many seconds to wait before trying again, for refusals that say so.
	RetryAfter int `json:"retry_after,omitempty"`
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

func errf(status int, code, format string, args ...any) *apiError {
	return &apiError{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// tooMany is the refusal of every limit (429 rate_limited): it carries the wait, rounded up to whole
// seconds, which writeError sends both in the body and as the Retry-After header, so that the two never
// disagree and no client is told to come back before it may.
func tooMany(wait time.Duration, format string, args ...any) *apiError {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	return &apiError{Status: http.StatusTooManyRequests, Code: codeRateLimited, Message: fmt.Sprintf(format, args...), RetryAfter: secs}
}

// refusal is a match's "no" in the match's own terms: a stable code and a message for people. Matches know
// nothing of HTTP; the HTTP layer gives each code its status (codeStatus).
type refusal struct {
	code string
	msg  string
}

func (r *refusal) Error() string { return r.code + ": " + r.msg }

func refuse(code, format string, args ...any) *refusal {
	return &refusal{code: code, msg: fmt.Sprintf(format, args...)}
}

// codeStatus is the HTTP status of each code a match may refuse with (docs/api.md lists them).
var codeStatus = map[string]int{
	codeBadRequest: http.StatusBadRequest, codeBadMove: http.StatusBadRequest,
	codeUnauthorized: http.StatusUnauthorized, codeForbidden: http.StatusForbidden, codeNotFound: http.StatusNotFound,
	codeNotYourTurn: http.StatusConflict, codeGameOver: http.StatusConflict, codeNotStarted: http.StatusConflict,
	codeAlreadyStarted: http.StatusConflict, codeFull: http.StatusConflict, codeNotUndoable: http.StatusConflict,
	codeNotFinished: http.StatusConflict, codeConflict: http.StatusConflict, codeNameTaken: http.StatusConflict,
	codeUnavailable: http.StatusServiceUnavailable, codeClosed: http.StatusConflict, codeUnratedBot: http.StatusConflict,
	codeResigned: http.StatusConflict, codeNotClaimable: http.StatusConflict,
}

// Error codes; docs/api.md lists them with their statuses.
const (
	codeBadJSON        = "bad_json"
	codeBadRequest     = "bad_request"
	codeBadOptions     = "bad_options"
	codeBadMove        = "bad_move"
	codeIllegalMove    = "illegal_move"
	codeNotYourTurn    = "not_your_turn"
	codeGameOver       = "game_over"
	codeNotFound       = "not_found"
	codeUnauthorized   = "unauthorized"
	codeForbidden      = "forbidden"
	codeNotStarted     = "not_started"
	codeAlreadyStarted = "already_started"
	codeFull           = "match_full"
	codeNotUndoable    = "not_undoable"
	codeNotFinished    = "not_finished"
	codeConflict       = "conflict"
	codeClosed         = "closed"
	codeTooLarge       = "body_too_large"
	codeRateLimited    = "rate_limited"
	codeMethod         = "method_not_allowed"
	codeUnavailable    = "unavailable"
	codeInternal       = "internal"
	codeUnratedBot     = "unrated_bot"
	codeResigned       = "resigned"
	codeNotClaimable   = "not_claimable"
)

// toAPIError classifies any error; unknown ones become 500 without leaking their text.
func toAPIError(err error) *apiError {
	var ae *apiError
	var rf *refusal
	switch {
	case errors.Is(err, errCorruptLog):
		return errf(http.StatusInternalServerError, codeInternal, "this match cannot be loaded; the operator has been told")
	case errors.As(err, &ae):
		return ae
	case errors.As(err, &rf):
		status, ok := codeStatus[rf.code]
		if !ok {
			status = http.StatusInternalServerError // a code without a status is the server's own mistake
		}
		return &apiError{Status: status, Code: rf.code, Message: rf.msg}
	case errors.Is(err, game.ErrBadOptions):
		return errf(http.StatusBadRequest, codeBadOptions, "%v", err)
	case errors.Is(err, game.ErrBadMove):
		return errf(http.StatusBadRequest, codeBadMove, "%v", err)
	case errors.Is(err, game.ErrNotYourTurn):
		return errf(http.StatusConflict, codeNotYourTurn, "%v", err)
	case errors.Is(err, game.ErrGameOver):
		return errf(http.StatusConflict, codeGameOver, "%v", err)
	case errors.Is(err, game.ErrIllegalMove):
		return errf(http.StatusUnprocessableEntity, codeIllegalMove, "%v", err)
	case errors.Is(err, store.ErrNotFound):
		return errf(http.StatusNotFound, codeNotFound, "no such match")
	case errors.Is(err, store.ErrConflict):
		return errf(http.StatusConflict, codeConflict, "the match changed meanwhile; try again")
	}
	return errf(http.StatusInternalServerError, codeInternal, "internal error")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"internal","message":"cannot encode response"}}`)
	}
	writeRaw(w, status, b)
}

func writeRaw(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	// A known length spares large envelopes the chunked encoding.
	h.Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

func writeError(w http.ResponseWriter, ae *apiError) {
	if ae.Status == http.StatusTooManyRequests {
		if ae.RetryAfter < 1 {
			ae = &apiError{Status: ae.Status, Code: ae.Code, Message: ae.Message, RetryAfter: 1}
		}
		w.Header().Set("Retry-After", strconv.Itoa(ae.RetryAfter))
	}
	writeJSON(w, ae.Status, struct {
		Error *apiError `json:"error"`
	}{ae})
}
