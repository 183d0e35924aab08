package server

// Reading requests: bodies within their limits, strict JSON, the seat token.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
)

// readBody reads a request body within the size limit.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, errf(http.StatusRequestEntityTooLarge, codeTooLarge, "the body exceeds %d bytes", s.maxBody)
	}
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadJSON, "cannot read the body: %v", err)
	}
	return b, nil
}

// decode reads a JSON body strictly: one value, known fields only, within the size limit.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	return s.decodeWith(w, r, v, nil)
}

// decodeWith is decode with a fast way to read the body into v, which leaves it to strictUnmarshal when
// it reports false (parseMoveBody).
func (s *Server) decodeWith(w http.ResponseWriter, r *http.Request, v any, fast func([]byte) bool) error {
	b, err := s.readBody(w, r)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return errf(http.StatusBadRequest, codeBadJSON, "the body is empty; a JSON object is expected")
	}
	if fast != nil && fast(b) {
		return nil
	}
	if err := strictUnmarshal(b, v); err != nil {
		return errf(http.StatusBadRequest, codeBadJSON, "invalid JSON body: %v", err)
	}
	return nil
}

// decodeOptional is decode for endpoints whose body may be left empty.
func (s *Server) decodeOptional(w http.ResponseWriter, r *http.Request, v any) error {
	b, err := s.readBody(w, r)
	if err != nil || len(bytes.TrimSpace(b)) == 0 {
		return err
	}
	if err := strictUnmarshal(b, v); err != nil {
		return errf(http.StatusBadRequest, codeBadJSON, "invalid JSON body: %v", err)
	}
	return nil
}

// token is the seat token of a request: Authorization: Bearer, or ?token= (for WebSockets and links).
func token(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		// The scheme's name is case-insensitive (RFC 9110 §11.1): "bearer" and "BEARER" are Bearer.
		if scheme, t, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(t)
		}
	}
	return r.URL.Query().Get("token")
}

// strictUnmarshal decodes one JSON value, refusing unknown fields and trailing data.
func strictUnmarshal(data []byte, v any) error {
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
