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
