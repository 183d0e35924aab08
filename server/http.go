package server

// Reading requests through the kit, within this server's size limit.

import (
	"net/http"

	"github.com/surveyor-game/surveyor/server/httpkit"
)

// decode reads a JSON body strictly: one value, known fields only, within the size limit.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	return httpkit.Decode(w, r, s.maxBody, v, nil)
}

// decodeWith is decode with a fast way to read the body into v, which leaves it to strictUnmarshal when
// it reports false (parseMoveBody).
func (s *Server) decodeWith(w http.ResponseWriter, r *http.Request, v any, fast func([]byte) bool) error {
	return httpkit.Decode(w, r, s.maxBody, v, fast)
}

// decodeOptional is decode for endpoints whose body may be left empty.
func (s *Server) decodeOptional(w http.ResponseWriter, r *http.Request, v any) error {
	return httpkit.DecodeOptional(w, r, s.maxBody, v)
}

// token is the bearer token of a request: a seat token, or an account's API token (isAPIToken).
func token(r *http.Request) string { return httpkit.BearerToken(r) }

func isAPIToken(tok string) bool { return httpkit.IsAPIToken(tok) }

func strictUnmarshal(data []byte, v any) error { return httpkit.StrictUnmarshal(data, v) }
