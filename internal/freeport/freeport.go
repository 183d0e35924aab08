// Package freeport hands tests TCP ports on 127.0.0.1 that are free now and that the kernel will not hand
// to anyone else meanwhile, for a server under test that must be told its port before it starts (a
// certificate authority validating it there, an instance restarted on its address).
//
// A port taken with a bind to port 0 and closed again comes from the kernel's ephemeral range, the range
// it picks from for every other bind to port 0 (any test's server) and for the local end of every outgoing
// connection: between its close and the server's bind, another package's test could take it, and the
// server under test failed to start. The ports here are picked outside that range, where only an explicit
// bind to that very port can take them.
package freeport

import (
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
)

// lowest is the lowest port picked, above the ports that services commonly use (PostgreSQL's 5432, 8080).
const lowest = 10000

// Ports returns n distinct ports of 127.0.0.1, free at the time of the call and outside the ephemeral range.
func Ports(t testing.TB, n int) []int {
	t.Helper()
	lo, hi := window()
	return pick(t, n, lo, hi)
}

// Addr is 127.0.0.1:port.
func Addr(port int) string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)) }

// window is the span of ports picked from: below the ephemeral range, or above it when too little lies below.
func window() (lo, hi int) { return windowFor(ephemeralRange()) }

// windowFor is window for the ephemeral range elo-ehi. When neither side has room (a kernel handing out
// nearly every port), the ports are picked above lowest all the same: a port there may be taken between
// the pick and the bind, which is rare, where no window at all failed every test.
func windowFor(elo, ehi int) (lo, hi int) {
	switch {
	case elo-lowest >= 1000:
		return lowest, elo - 1
	case 65535-ehi >= 1000:
		return ehi + 1, 65535
	}
	return lowest, 65535
}

// ephemeralRange is the range the kernel hands ports from: Linux says it, and elsewhere the IANA's range
// is the default (macOS, Windows).
func ephemeralRange() (lo, hi int) {
	lo, hi = 49152, 65535
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return lo, hi
	}
	f := strings.Fields(string(b))
	if len(f) != 2 {
		return lo, hi
	}
	l, err1 := strconv.Atoi(f[0])
	h, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return lo, hi
	}
	return l, h
}

// pick finds n ports in [lo, hi] that it can listen on, holding each until all are found so that none is
// handed out twice.
func pick(t testing.TB, n, lo, hi int) []int {
	t.Helper()
	if hi-lo+1 < n {
		t.Fatalf("freeport: no room for %d ports in %d-%d", n, lo, hi)
	}
	var ports []int
	var held []net.Listener
	defer func() {
		for _, ln := range held {
			ln.Close()
		}
	}()
	for tries := 0; len(ports) < n; tries++ {
		if tries == 1000 {
			t.Fatalf("freeport: found %d free ports of %d in %d-%d after %d tries", len(ports), n, lo, hi, tries)
		}
		p := lo + rand.IntN(hi-lo+1)
		ln, err := net.Listen("tcp", Addr(p))
		if err != nil {
			continue // taken, or held by this call already
		}
		held = append(held, ln)
		ports = append(ports, p)
	}
	return ports
}
