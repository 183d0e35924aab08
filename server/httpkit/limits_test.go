package httpkit

import (
	"testing"
	"time"
)

func TestLimiterRefillsAndSweeps(t *testing.T) {
	l := NewLimiter(2, 2)
	t0 := time.Unix(0, 0)
	if !l.Allow("a", t0) || !l.Allow("a", t0) || l.Allow("a", t0) {
		t.Fatal("burst of 2 not enforced")
	}
	if !l.Allow("b", t0) {
		t.Fatal("clients share a bucket")
	}
	if !l.Allow("a", t0.Add(500*time.Millisecond)) || l.Allow("a", t0.Add(500*time.Millisecond)) {
		t.Fatal("rate 2/s: one token after 0.5 s")
	}
	l.Sweep(t0.Add(10 * time.Second))
	if len(l.b) != 0 {
		t.Fatalf("%d refilled buckets kept", len(l.b))
	}
}
