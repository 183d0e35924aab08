package httpkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strconv"
	"sync/atomic"
)

// Request ids tie a request's log lines together (and to a proxy's, which may send its own in
// X-Request-Id): every line logged with the request's context carries request_id.

type requestIDKey struct{}

// process is this process's random prefix, so that ids from several instances do not collide; the
// counter after it makes an id cost no randomness.
var (
	process = func() string {
		var b [4]byte
		rand.Read(b[:])
		return hex.EncodeToString(b[:])
	}()
	counter atomic.Uint64
)

// NewRequestID is a fresh id: the process's prefix and a counter.
func NewRequestID() string {
	return process + "-" + strconv.FormatUint(counter.Add(1), 36)
}

// WithRequestID returns ctx carrying id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID is the id ctx carries ("" if none).
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// ValidRequestID reports whether a proxy's id may be taken as ours: short, and nothing a log reader
// could mistake for structure.
func ValidRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := range len(id) {
		c := id[i]
		if !(c == '-' || c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// LogRequestIDs wraps a log handler so that a line logged with a request's context names the request.
func LogRequestIDs(h slog.Handler) slog.Handler {
	if _, ok := h.(idHandler); ok {
		return h
	}
	return idHandler{h}
}

type idHandler struct{ slog.Handler }

func (h idHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h idHandler) WithAttrs(as []slog.Attr) slog.Handler { return idHandler{h.Handler.WithAttrs(as)} }
func (h idHandler) WithGroup(name string) slog.Handler    { return idHandler{h.Handler.WithGroup(name)} }
