// Package auth holds the secrets of accounts: password hashing (argon2id), random session and API
// tokens kept only as hashes, and the canonical form of a player's name that makes look-alike names
// collide. It does no I/O; the server and the store build on it.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's cost parameters. The defaults are OWASP's recommended minimum for argon2id
// (19 MiB of memory, 2 passes, 1 lane): a sign-in costs tens of milliseconds of one core, which a 2-core
// server can afford at a sign-in rate far above what people make, while each guess costs an attacker the
// same memory-hard work.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
	KeyLen  uint32
	SaltLen int
}

// DefaultParams are used for every new hash.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, KeyLen: 32, SaltLen: 16}

// MaxPasswordBytes bounds what is hashed, so that a huge password cannot make a sign-in expensive.
const MaxPasswordBytes = 256

// ErrBadHash is returned for a stored hash that is not in the encoding HashPassword writes.
var ErrBadHash = errors.New("auth: malformed password hash")

var b64 = base64.RawStdEncoding

// hashing bounds the argon2id computations at work at once. Each holds its memory (19 MiB by default)
// for its whole run, so that sign-ins flooding in at once (from many addresses: each address's own rate
// is limited elsewhere) would otherwise claim memory without bound, gigabytes for a few hundred, while
// the cores could not run more of them at once anyway: past the bound they wait their turn.
var hashing = make(chan struct{}, 2*runtime.GOMAXPROCS(0))

// argon2id is argon2.IDKey, a variable so that a test can watch how many run at once.
var argon2id = argon2.IDKey

// idKey is argon2id, taken in turn (hashing).
func idKey(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	hashing <- struct{}{}
	defer func() { <-hashing }()
	return argon2id(password, salt, time, memory, threads, keyLen)
}

// HashPassword hashes a password with DefaultParams and a fresh salt, in the PHC string form
// $argon2id$v=19$m=19456,t=2,p=1$SALT$HASH, which keeps its parameters so that they can change later.
func HashPassword(password string) (string, error) {
	return hashWith(DefaultParams, password)
}

func hashWith(p Params, password string) (string, error) {
	if len(password) > MaxPasswordBytes {
		return "", fmt.Errorf("auth: password longer than %d bytes", MaxPasswordBytes)
	}
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("auth: salt: %w", err)
	}
	key := idKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches an encoded hash, in time independent of where they
// differ. rehash is true when the hash was made with other parameters than DefaultParams: the caller
// should store a new hash of the password it now knows to be right.
func VerifyPassword(encoded, password string) (ok, rehash bool, err error) {
	p, salt, key, err := decodeHash(encoded)
	if err != nil {
		return false, false, err
	}
	if len(password) > MaxPasswordBytes {
		return false, false, nil
	}
	got := idKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	ok = subtle.ConstantTimeCompare(got, key) == 1
	rehash = p.Memory != DefaultParams.Memory || p.Time != DefaultParams.Time || p.Threads != DefaultParams.Threads ||
		uint32(len(key)) != DefaultParams.KeyLen
	return ok, ok && rehash, nil
}

// dummyHash is verified against when a name is unknown, so that a sign-in takes as long whether or not
// the account exists.
var dummyHash, _ = HashPassword("not a password anyone has")

// VerifyNothing spends the time of one VerifyPassword and always fails.
func VerifyNothing(password string) {
	VerifyPassword(dummyHash, password)
}

func decodeHash(encoded string) (Params, []byte, []byte, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return Params{}, nil, nil, ErrBadHash
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return Params{}, nil, nil, ErrBadHash
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil ||
		p.Memory == 0 || p.Memory > 1<<22 || p.Time == 0 || p.Time > 64 || p.Threads == 0 {
		return Params{}, nil, nil, ErrBadHash
	}
	salt, err := b64.DecodeString(parts[4])
	if err != nil || len(salt) < 8 {
		return Params{}, nil, nil, ErrBadHash
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) < 16 || len(key) > 64 {
		return Params{}, nil, nil, ErrBadHash
	}
	return p, salt, key, nil
}
