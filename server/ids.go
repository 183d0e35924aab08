package server

// Identifiers and secrets: match ids, seat tokens, seeds.

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
)

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newID is a match id: 80 random bits, 16 characters of lower-case base32.
func newID() string {
	var b [10]byte
	rand.Read(b[:])
	return idEncoding.EncodeToString(b[:])
}

// validID rejects ids that cannot be ours before they reach the store or the match table.
func validID(id string) bool {
	if len(id) != 16 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

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
