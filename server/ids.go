package server

import (
	"crypto/rand"
	"encoding/base64"
)

// newToken is a seat token: 256 random bits.
func newToken() string { return tokenFrom(rand.Read) }

// tokenFrom draws a seat token from read. One in 262,144 encodings begins like an API token ("sv_":
// base64url has the underscore), which the server would then look up as one and refuse: such a draw is
// thrown away (a load test's 40,000 seats met it).
func tokenFrom(read func([]byte) (int, error)) string {
	for {
		var b [32]byte
		read(b[:])
		if tok := base64.RawURLEncoding.EncodeToString(b[:]); !isAPIToken(tok) {
			return tok
		}
	}
}
