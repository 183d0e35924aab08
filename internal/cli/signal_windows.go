//go:build windows

package cli

import (
	"os"
)

// ProfileRestart is nil: Windows has no signal for it, so a load test's profile of a spawned server keeps
// the setup in it.
var ProfileRestart os.Signal
