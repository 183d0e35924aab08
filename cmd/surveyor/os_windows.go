//go:build windows

package main

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// profileRestart is nil: Windows has no signal for it, so a load test's profile of a spawned server keeps
// the setup in it.
var profileRestart os.Signal

// selfCPU is the CPU time this process has used, user and system, over every thread.
func selfCPU() (time.Duration, error) {
	var creation, exit, kernel, user syscall.Filetime
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0, fmt.Errorf("CPU time: %w", err)
	}
	if err := syscall.GetProcessTimes(h, &creation, &exit, &kernel, &user); err != nil {
		return 0, fmt.Errorf("CPU time: %w", err)
	}
	// A Filetime here is a duration in units of 100 ns, not a date (whose Nanoseconds would subtract 1601).
	ticks := func(f syscall.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration((ticks(kernel) + ticks(user)) * 100), nil
}
