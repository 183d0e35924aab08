package auth

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/argon2"
)

// Many sign-ins at once compute argon2id a few at a time: each holds its memory for its whole run, so
// unbounded they would claim memory without bound. (Not parallel: it swaps the hash function.)
func TestHashesAtOnceAreBounded(t *testing.T) {
	var now, peak atomic.Int32
	release := make(chan struct{})
	argon2id = func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
		n := now.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		<-release
		now.Add(-1)
		return argon2.IDKey(password, salt, 1, 8, 1, keyLen)
	}
	defer func() { argon2id = argon2.IDKey }()
	const callers = 64
	var wg sync.WaitGroup
	for i := range callers {
		wg.Go(func() {
			if i%2 == 0 {
				HashPassword("correct horse")
			} else {
				VerifyPassword(dummyHash, "correct horse")
			}
		})
	}
	// Wait until the gate is full, and a while longer for any caller that would wrongly pass it, then let
	// them all through. (With the gate no caller more can enter, however slow the machine.)
	for now.Load() < int32(cap(hashing)) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	close(release)
	wg.Wait()
	if p := peak.Load(); p != int32(cap(hashing)) || cap(hashing) >= callers {
		t.Fatalf("%d of %d callers hashed at once, want the bound %d", p, callers, cap(hashing))
	}
}
