package httpkit

// Bearer tokens: a seat token (a guest's hold on one seat) or an account's API token, told apart by the
// API token's prefix.

import (
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strings"
)

// APITokenPrefix begins every account's API token; a seat token never does.
const APITokenPrefix = "sv_"

// IsAPIToken reports whether tok is shaped like an account's API token rather than a seat token.
func IsAPIToken(tok string) bool {
	return len(tok) > len(APITokenPrefix) && tok[:len(APITokenPrefix)] == APITokenPrefix
}

// BearerToken is the token of a request: Authorization: Bearer, or ?token= (for WebSockets and links).
func BearerToken(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		// The scheme's name is case-insensitive (RFC 9110 §11.1): "bearer" and "BEARER" are Bearer.
		if scheme, t, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(t)
		}
	}
	return r.URL.Query().Get("token")
}

// NewSeatToken is a seat token: 256 random bits.
func NewSeatToken() string { return SeatTokenFrom(rand.Read) }

// SeatTokenFrom draws a seat token from read. One in 262,144 encodings begins like an API token ("sv_":
// base64url has the underscore), which the server would then look up as one and refuse: such a draw is
// thrown away (a load test's 40,000 seats met it).
func SeatTokenFrom(read func([]byte) (int, error)) string {
	for {
		var b [32]byte
		read(b[:])
		if tok := base64.RawURLEncoding.EncodeToString(b[:]); !IsAPIToken(tok) {
			return tok
		}
	}
}
