package server

// A WebSocket's writes: what a connection has pending (the state its match pushed, the replies to the
// messages it sent) goes out in one write to the socket, not one system call per message.

import (
	"bufio"
	"encoding/binary"
	"errors"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// corkConn holds what is written to it while corked and writes it in one call when uncorked. The
// WebSocket library flushes every message to the socket; corked, a batch of messages costs one write.
type corkConn struct {
	net.Conn
	mu      sync.Mutex
	corked  bool
	closing bool // the server is closing the WebSocket: no more messages
	// capped is the deadline of the server's close in Unix nanoseconds (shut; 0: none), which
	// keepDeadline never moves. Atomic: shut must not wait for c.mu, held through a blocked write.
	capped atomic.Int64
	buf    []byte
	// deadline is the socket's write deadline, moved on only once less than half of wsWriteTimeout is
	// left, so that a write blocked by a peer that stopped reading fails after 5 to 10 s: setting and
	// clearing it around every write changed a runtime timer twice a write (about 1 µs a move).
	deadline time.Time
}

// keepDeadline moves the write deadline on if it is near; c.mu is held.
func (c *corkConn) keepDeadline() {
	if now := time.Now(); c.capped.Load() == 0 && c.deadline.Sub(now) < wsWriteTimeout/2 {
		c.deadline = now.Add(wsWriteTimeout)
		c.Conn.SetWriteDeadline(c.deadline)
		if d := c.capped.Load(); d != 0 { // shut came meanwhile: its cap stands
			c.Conn.SetWriteDeadline(time.Unix(0, d))
		}
	}
}

var errNotCorked = errors.New("websocket: a message frame is only written corked")

// frame adds a text message holding p to what the corked connection holds, framed by hand (RFC 6455
// §5.2: final, text, unmasked from a server) instead of by the library, whose message writer cost about
// 2 µs a message in locks and state for a copy into the same buffer. The library writes only control
// frames (pings, pongs, close), each flushed whole in one Write, so the two never interleave within a
// frame.
func (c *corkConn) frame(p []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.closing:
		return net.ErrClosed
	case !c.corked:
		return errNotCorked
	}
	c.buf = appendFrameHeader(c.buf, len(p))
	c.buf = append(c.buf, p...)
	return nil
}

// appendFrameHeader appends the header of a final, unmasked text frame of n bytes.
func appendFrameHeader(b []byte, n int) []byte {
	b = append(b, 0x81) // FIN, opcode 1 (text)
	switch {
	case n < 126:
		return append(b, byte(n))
	case n <= 0xffff:
		return binary.BigEndian.AppendUint16(append(b, 126), uint16(n))
	}
	return binary.BigEndian.AppendUint64(append(b, 127), uint64(n))
}

// close stops frame before the server closes the WebSocket: no message may follow the close frame.
func (c *corkConn) close() {
	c.mu.Lock()
	c.closing = true
	c.mu.Unlock()
}

// shut caps the connection's read and write deadlines at d, as the server closes the WebSocket: its close
// frame, the peer's answer and any write still blocked on a peer that stopped reading must all be done
// by then, so that a peer that has gone cannot hold the server's Close (an earlier cap stays).
func (c *corkConn) shut(d time.Time) {
	for {
		old := c.capped.Load()
		if old != 0 && old <= d.UnixNano() {
			return
		}
		if c.capped.CompareAndSwap(old, d.UnixNano()) {
			break
		}
	}
	c.Conn.SetDeadline(d)
}

func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	c.keepDeadline()
	return c.Conn.Write(p)
}

func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork writes what was held, within the write deadline (keepDeadline).
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	if len(c.buf) == 0 {
		return nil
	}
	c.keepDeadline()
	_, err := c.Conn.Write(c.buf)
	if cap(c.buf) > 64<<10 {
		c.buf = nil // a large state once should not stay with the connection
	} else {
		c.buf = c.buf[:0]
	}
	return err
}

// corkingWriter hands the WebSocket library a hijacked connection that can be corked.
type corkingWriter struct {
	http.ResponseWriter
	conn *corkConn
}

func (w *corkingWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// The 101 answer is flushed by Hijack, so the writer holds nothing to lose in the reset.
	w.conn = &corkConn{Conn: conn}
	brw.Writer.Reset(w.conn)
	return w.conn, brw, nil
}
