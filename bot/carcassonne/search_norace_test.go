//go:build !race

package carcassonne

import "testing"

// TestMasterMovesAreLegal plays whole games with the master: 110 s under the race detector against 6 s
// without, so it runs in the suite's pass without it (scripts/test); the master's search stays under the
// detector in TestMasterDeterministic.
func TestMasterMovesAreLegal(t *testing.T) {
	playsLegally(t, testMaster(), 4, func(seed uint64) int { return 2 + int(seed-1)%4 })
}
