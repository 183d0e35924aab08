package server

// A WebSocket's writes: what a connection has pending (the state its match pushed, the replies to the
// messages it sent) goes out in one write to the socket, not one system call per message.

import (
	"bufio"
	"net"
	"net/http"
	"sync"
	"time"
)

// corkConn holds what is written to it while corked and writes it in one call when uncorked. The
// WebSocket library flushes every message to the socket; corked, a batch of messages costs one write.
type corkConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	buf    []byte
}

func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	return c.Conn.Write(p)
}

func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork writes what was held, within wsWriteTimeout: the library's own deadline covered only the
// copies into the buffer.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	if len(c.buf) == 0 {
		return nil
	}
	c.Conn.SetWriteDeadline(time.Now().Add(wsWriteTimeout))
	_, err := c.Conn.Write(c.buf)
	c.Conn.SetWriteDeadline(time.Time{})
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
