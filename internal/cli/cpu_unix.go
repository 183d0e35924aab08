//go:build unix

package cli

import (
	"fmt"
	"syscall"
	"time"
)

// SelfCPU is the CPU time this process has used, user and system, over every thread.
func SelfCPU() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, fmt.Errorf("CPU time: %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}
