package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// A server's heap is mostly long-lived (matches, connection buffers) and its garbage is per request. Each
// collection marks the whole live heap, and on two cores its mark phase (50-70 ms for 1000 games) takes
// about half the CPU: the moves made meanwhile queue, and a run's p99 is set by whether a collection falls
// in it. Collections are rarer the higher GOGC: surveyor loadtest (1000 games, 5,200 moves/s, 10 runs of
// each, interleaved, 22 Nov 01:40-01:47) measured p99 20-68 ms (median 30) at GOGC 400 and 8-42 ms
// (median 12, 9 runs of 10 under 20 ms) at GOGC 800, for a peak heap about 9 times the live heap (the
// in-process load test: 410 MB resident at 400, 605 MB at 800). Go's default of 100 was worse still.
//
// A host short of memory lowers --gc-percent or sets --memory-limit, a soft cap at which Go collects
// whatever GOGC says. --gc-percent -1 with --memory-limit collects only near the limit: fine while the limit
// is many times the live heap, worse than GOGC when it is not (its late collections make every goroutine
// help: p99 83-99 ms for 3000 games at 1 GiB).
const (
	DefaultGCPercent = 800
	gcPercentHelp    = "garbage collection target percentage (Go's GOGC; Go's default is 100; -1 collects only near --memory-limit); the GOGC environment variable, when set, wins"
	memoryLimitHelp  = "soft limit of the heap, e.g. 1GiB or 512MiB (Go's GOMEMLIMIT; 0: none); the GOMEMLIMIT environment variable, when set, wins"
)

// GC is the collector's flags of serve and loadtest.
type GC struct {
	Percent int
	Limit   int64 // bytes, 0 for none
}

// Register adds --gc-percent and --memory-limit to fs; prefix starts their help.
func (g *GC) Register(fs *flag.FlagSet, prefix string) {
	fs.IntVar(&g.Percent, "gc-percent", DefaultGCPercent, prefix+gcPercentHelp)
	fs.Func("memory-limit", prefix+memoryLimitHelp, func(v string) error {
		n, err := ParseSize(v)
		g.Limit = n
		return err
	})
}

// Apply sets the collector, leaving alone what the environment set.
func (g GC) Apply() error {
	if g.Percent < -1 {
		return errors.New("--gc-percent must be -1 or more")
	}
	envLimit := os.Getenv("GOMEMLIMIT") != ""
	if g.Percent == -1 && g.Limit == 0 && !envLimit {
		return errors.New("--gc-percent -1 needs --memory-limit: without either the heap would grow without bound")
	}
	if !envLimit && g.Limit > 0 {
		debug.SetMemoryLimit(g.Limit)
	}
	SetGCPercent(g.Percent)
	return nil
}

// SetGCPercent applies --gc-percent unless GOGC is set in the environment.
func SetGCPercent(p int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(p)
	}
}

// ParseSize reads a byte count with an optional unit: B, KiB, MiB, GiB (and KB, MB, GB as powers of 1000).
func ParseSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	mult := int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is not a size such as 1GiB or 512MiB", s)
	}
	return n * mult, nil
}
