//go:build windows

package cli

import (
	"fmt"
	"syscall"
	"time"
)

// SelfCPU is the CPU time this process has used, user and system, over every thread.
func SelfCPU() (time.Duration, error) {
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
