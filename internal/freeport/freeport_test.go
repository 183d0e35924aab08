package freeport

import (
	"net"
	"testing"
)

// The ports handed out lie outside the range the kernel picks from for a bind to port 0 and for the local
// end of an outgoing connection: between the moment a port is found free and the moment the server under
// test binds it, nothing but another explicit bind can take it. A port of that range was taken, in a trial,
// by another bind to port 0 after 8,178 binds (0.5 s), which a parallel package's test servers make in a run.
func TestPortsOutsideTheEphemeralRange(t *testing.T) {
	lo, hi := ephemeralRange()
	ports := Ports(t, 8)
	seen := map[int]bool{}
	for _, p := range ports {
		if p >= lo && p <= hi {
			t.Errorf("port %d is in the ephemeral range %d-%d, where any bind to port 0 can take it", p, lo, hi)
		}
		if seen[p] {
			t.Errorf("port %d handed out twice in %v", p, ports)
		}
		seen[p] = true
		ln, err := net.Listen("tcp", Addr(p))
		if err != nil {
			t.Fatalf("port %d handed out is not free: %v", p, err)
		}
		ln.Close()
	}
}

// A port found taken is passed over.
func TestPortsPassOverATakenPort(t *testing.T) {
	lo, hi := window()
	var held []net.Listener
	defer func() {
		for _, ln := range held {
			ln.Close()
		}
	}()
	// Take most of a small window, so that picking in it must pass over taken ports.
	taken := map[int]bool{}
	for p := lo; p < lo+50 && p <= hi; p++ {
		if ln, err := net.Listen("tcp", Addr(p)); err == nil {
			held = append(held, ln)
			taken[p] = true
		}
	}
	for _, p := range pick(t, 3, lo, min(hi, lo+59)) {
		if taken[p] {
			t.Fatalf("port %d handed out while a listener holds it", p)
		}
	}
}

// The window is never empty, whatever range the kernel hands ports from: a machine set to hand out nearly
// every port (1024-65535, as some tuned for many outgoing connections are) left no room on either side,
// and every test asking for a port failed. There a port is picked anywhere above the common services'.
func TestWindowIsNeverEmpty(t *testing.T) {
	for _, r := range [][2]int{{32768, 60999}, {49152, 65535}, {1024, 65535}, {10000, 65000}, {2000, 64000}} {
		lo, hi := windowFor(r[0], r[1])
		if hi-lo+1 < 1000 || lo < 1024 || hi > 65535 {
			t.Errorf("ephemeral range %d-%d: window %d-%d", r[0], r[1], lo, hi)
		}
		if r[0]-lowest >= 1000 && (lo > r[0]-1 || hi >= r[0]) {
			t.Errorf("ephemeral range %d-%d: window %d-%d overlaps it though there is room below", r[0], r[1], lo, hi)
		}
	}
}
