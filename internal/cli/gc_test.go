package cli

import (
	"runtime/debug"
	"testing"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "512MiB": 512 << 20, "1GiB": 1 << 30, "2 GiB": 2 << 30, "100KB": 100e3, "3GB": 3e9, "42": 42, "7B": 7} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "GiB", "-1GiB", "1TiB", "1.5GiB", "99999999999GiB"} {
		if _, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) accepted", in)
		}
	}
}

// A collector turned off needs a memory limit, or the heap would grow without bound.
func TestGCSettingsApply(t *testing.T) {
	oldPercent := debug.SetGCPercent(100)
	oldLimit := debug.SetMemoryLimit(-1)
	defer func() { debug.SetGCPercent(oldPercent); debug.SetMemoryLimit(oldLimit) }()
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	if err := (GC{Percent: -1}).Apply(); err == nil {
		t.Fatal("--gc-percent -1 without a memory limit accepted")
	}
	if err := (GC{Percent: -1, Limit: 1 << 30}).Apply(); err != nil {
		t.Fatal(err)
	}
	if p, l := debug.SetGCPercent(100), debug.SetMemoryLimit(-1); p != -1 || l != 1<<30 {
		t.Fatalf("after apply: GOGC %d, limit %d; want -1 and 1 GiB", p, l)
	}
}

// --gc-percent sets the collector's target unless GOGC in the environment already chose one.
func TestSetGCPercent(t *testing.T) {
	old := debug.SetGCPercent(77)
	defer debug.SetGCPercent(old)
	t.Setenv("GOGC", "")
	SetGCPercent(250)
	if got := debug.SetGCPercent(77); got != 250 {
		t.Errorf("GC percent %d after SetGCPercent(250), want 250", got)
	}
	t.Setenv("GOGC", "50")
	SetGCPercent(250)
	if got := debug.SetGCPercent(77); got != 77 {
		t.Errorf("GC percent %d with GOGC set, want it left at 77", got)
	}
}
