package server

import (
	"errors"
	"net/http"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// The kit's errors under the names the match host has always used: hundreds of call sites read them.
type apiError = httpkit.Error

// errf, tooMany and refuse are functions rather than variables so that go vet still checks their formats;
// refuse is a match's "no" in the match's own terms (matches know nothing of HTTP: codeStatus gives each
// code its status).
func errf(status int, code, format string, args ...any) *apiError {
	return httpkit.Errf(status, code, format, args...)
}

func tooMany(wait time.Duration, format string, args ...any) *apiError {
	return httpkit.TooMany(wait, format, args...)
}

func refuse(code, format string, args ...any) *httpkit.Refusal {
	return httpkit.Refuse(code, format, args...)
}

func writeJSON(w http.ResponseWriter, status int, v any)   { httpkit.WriteJSON(w, status, v) }
func writeRaw(w http.ResponseWriter, status int, b []byte) { httpkit.WriteRaw(w, status, b) }
func writeError(w http.ResponseWriter, ae *apiError)       { httpkit.WriteError(w, ae) }

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
	codeBadJSON        = httpkit.CodeBadJSON
	codeBadRequest     = httpkit.CodeBadRequest
	codeBadOptions     = "bad_options"
	codeBadMove        = "bad_move"
	codeIllegalMove    = "illegal_move"
	codeNotYourTurn    = "not_your_turn"
	codeGameOver       = "game_over"
	codeNotFound       = httpkit.CodeNotFound
	codeUnauthorized   = httpkit.CodeUnauthorized
	codeForbidden      = httpkit.CodeForbidden
	codeNotStarted     = "not_started"
	codeAlreadyStarted = "already_started"
	codeFull           = "match_full"
	codeNotUndoable    = "not_undoable"
	codeNotFinished    = "not_finished"
	codeConflict       = httpkit.CodeConflict
	codeClosed         = "closed"
	codeTooLarge       = httpkit.CodeTooLarge
	codeRateLimited    = httpkit.CodeRateLimited
	codeMethod         = httpkit.CodeMethod
	codeUnavailable    = httpkit.CodeUnavailable
	codeInternal       = httpkit.CodeInternal
	codeUnratedBot     = "unrated_bot"
	codeResigned       = "resigned"
	codeNotClaimable   = "not_claimable"
)

// toAPIError classifies any error; unknown ones become 500 without leaking their text.
func toAPIError(err error) *apiError {
	if errors.Is(err, errCorruptLog) {
		return errf(http.StatusInternalServerError, codeInternal, "this match cannot be loaded; the operator has been told")
	}
	if ae, ok := httpkit.Classify(err, codeStatus); ok {
		return ae
	}
	switch {
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
	return httpkit.Internal()
}
