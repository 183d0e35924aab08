//go:build unix

package cli

import (
	"os"
	"syscall"
)

// ProfileRestart is the signal on which surveyor serve starts its CPU profile again (cmd/surveyor/profile.go).
var ProfileRestart os.Signal = syscall.SIGUSR1
