//go:build unix

package main

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// profileRestart is the signal on which surveyor serve starts its CPU profile again (profile.go).
var profileRestart os.Signal = syscall.SIGUSR1

// selfCPU is the CPU time this process has used, user and system, over every thread.
func selfCPU() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, fmt.Errorf("CPU time: %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}
