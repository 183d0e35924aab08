package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// A server's heap is mostly long-lived (matches, connection buffers) and its garbage is per request, so
// with Go's default of 100 the collector runs often, each time marking the whole live heap while moves
// wait for CPU: under surveyor loadtest (1000 games, 5,000 moves/s) GOGC 400 took p99 from 43-53 ms to
// 22-34 ms, for a heap that peaks higher (about 5 times the live heap, a few hundred MB for 1000 games).
//
// Each collection still delays the moves made during its mark phase (50-70 ms for 1000 games on two
// cores), so the share of delayed moves is the mark time over the time between collections. A host that
// knows how much memory it may use can collect only when the heap nears that amount (--gc-percent -1
// --memory-limit SIZE, Go's GOGC=off with GOMEMLIMIT): collections become rarer by as much as the limit
// exceeds the peak of the default.
const (
	defaultGCPercent = 400
	gcPercentHelp    = "garbage collection target percentage (Go's GOGC; Go's default is 100; -1 collects only near --memory-limit); the GOGC environment variable, when set, wins"
	memoryLimitHelp  = "soft limit of the heap, e.g. 1GiB or 512MiB (Go's GOMEMLIMIT; 0: none); the GOMEMLIMIT environment variable, when set, wins"
)

// gcSettings are the collector's flags of serve and loadtest.
type gcSettings struct {
	percent int
	limit   int64 // bytes, 0 for none
}

func (g *gcSettings) register(fs *flag.FlagSet, prefix string) {
	fs.IntVar(&g.percent, "gc-percent", defaultGCPercent, prefix+gcPercentHelp)
	fs.Func("memory-limit", prefix+memoryLimitHelp, func(v string) error {
		n, err := parseSize(v)
		g.limit = n
		return err
	})
}

// apply sets the collector, leaving alone what the environment set.
func (g gcSettings) apply() error {
	if g.percent < -1 {
		return errors.New("--gc-percent must be -1 or more")
	}
	envLimit := os.Getenv("GOMEMLIMIT") != ""
	if g.percent == -1 && g.limit == 0 && !envLimit {
		return errors.New("--gc-percent -1 needs --memory-limit: without either the heap would grow without bound")
	}
	if !envLimit && g.limit > 0 {
		debug.SetMemoryLimit(g.limit)
	}
	setGCPercent(g.percent)
	return nil
}

// setGCPercent applies --gc-percent unless GOGC is set in the environment.
func setGCPercent(p int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(p)
	}
}

// parseSize reads a byte count with an optional unit: B, KiB, MiB, GiB (and KB, MB, GB as powers of 1000).
func parseSize(s string) (int64, error) {
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
