//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package mailtest

import (
	"errors"
	"net"
	"syscall"
)

// peerGone reports whether the client has closed or reset conn, without
// consuming pending input: it peeks at the socket without blocking. It is
// called from the session goroutine, the only reader, after the final "."
// of DATA, when a live client is waiting for our reply and sends nothing.
// On loopback a client's close() has queued the FIN by the time it returns,
// so a client killed before the server answers is reliably seen as gone.
func peerGone(c net.Conn) bool {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return true
	}
	gone := false
	err = rc.Read(func(fd uintptr) bool {
		var b [1]byte
		n, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case errors.Is(err, syscall.EAGAIN), errors.Is(err, syscall.EWOULDBLOCK), errors.Is(err, syscall.EINTR):
			// Alive, nothing pending.
		case err != nil:
			gone = true // ECONNRESET and friends
		case n == 0:
			gone = true // EOF: the client closed its side
		}
		return true
	})
	return gone || err != nil
}
