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

// PerHour in memory counts each key's hour apart, tells the wait until its oldest action leaves the hour,
// and drops the keys quiet for an hour (one per table for the bots' invitations: they would pile up).
func TestPerHourCountsAndForgetsQuietKeys(t *testing.T) {
	l := PerHour{Limit: 3, Name: "test"}
	t0 := time.Unix(1_000_000, 0)
	for i := range 100 {
		if wait, err := l.Take(t.Context(), "table"+string(rune('A'+i%26))+string(rune('a'+i/26)), t0, 1); err != nil || wait != 0 {
			t.Fatalf("the first action of a key: %v %v", wait, err)
		}
	}
	if wait, _ := l.Take(t.Context(), "tableAa", t0.Add(10*time.Minute), 2); wait != 0 {
		t.Fatalf("3 actions within a limit of 3 refused: wait %v", wait)
	}
	if wait, _ := l.Take(t.Context(), "tableAa", t0.Add(20*time.Minute), 1); wait != 40*time.Minute {
		t.Fatalf("a 4th action: wait %v, want 40m (until the first leaves the hour)", wait)
	}
	if n := len(l.at); n != 100 {
		t.Fatalf("%d keys within the hour, want 100", n)
	}
	if wait, _ := l.Take(t.Context(), "other", t0.Add(2*time.Hour), 1); wait != 0 {
		t.Fatalf("a new key's action refused: wait %v", wait)
	}
	if n := len(l.at); n != 1 {
		t.Fatalf("%d keys kept two hours on, want only the one that acted then", n)
	}
}
