package httpkit

// Identifiers and secrets: match ids, seat tokens, seeds; display names.

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/binary"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"
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

// CheckName refuses a display name (a seat's, a token's) that is empty, longer than 32 characters or
// holds a character that does not print.
func CheckName(name string) error {
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > 32 {
		return Errf(http.StatusBadRequest, CodeBadRequest, "name must be 1 to 32 characters")
	}
	for _, c := range name {
		if !unicode.IsPrint(c) {
			return Errf(http.StatusBadRequest, CodeBadRequest, "name holds a control character")
		}
	}
	return nil
}
