package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
)

// NewSecret makes a random secret for a session cookie or an API token: 32 random bytes in base64url
// (43 characters), and the SHA-256 hash under which it is stored. The secret itself is shown once and
// never stored nor logged; a secret of 256 random bits needs no slow hash.
func NewSecret(prefix string) (secret string, hash [32]byte) {
	var b [32]byte
	rand.Read(b[:])
	secret = prefix + base64.RawURLEncoding.EncodeToString(b[:])
	return secret, sha256.Sum256([]byte(secret))
}

// HashSecret is the hash a secret is stored and looked up under.
func HashSecret(secret string) [32]byte { return sha256.Sum256([]byte(secret)) }
