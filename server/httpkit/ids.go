package httpkit

// Identifiers and secrets: match ids, seat tokens, seeds.

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/binary"
)

func RandomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

var IDEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewID is a match id: 80 random bits, 16 characters of lower-case base32.
func NewID() string {
	var b [10]byte
	rand.Read(b[:])
	return IDEncoding.EncodeToString(b[:])
}

// ValidID rejects ids that cannot be ours before they reach the store or the match table.
func ValidID(id string) bool {
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
