package httpkit

import (
	"net"
	"net/netip"
	"sync"
)

// Counter counts what each client address holds open.
type Counter struct {
	mu sync.Mutex
	n  map[string]int
}

// Acquire takes one for key, unless it holds limit already.
func (c *Counter) Acquire(key string, limit int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	if c.n[key] >= limit {
		return false
	}
	c.n[key]++
	return true
}

// Release gives back one of key's.
func (c *Counter) Release(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key]--; c.n[key] <= 0 {
		delete(c.n, key)
	}
}

// LimitListener caps the connections one client address may hold open on ln (0 or less: no cap): a
// connection past the cap is closed at once. Connections from the trusted proxies are not capped (every
// client behind a proxy shares its address; the proxy limits them, and the WebSocket cap counts them by
// X-Forwarded-For).
func LimitListener(ln net.Listener, perAddr int, trusted []netip.Prefix) net.Listener {
	if perAddr <= 0 {
		return ln
	}
	return &limitListener{Listener: ln, per: perAddr, trusted: trusted}
}

type limitListener struct {
	net.Listener
	per     int
	trusted []netip.Prefix
	open    Counter
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
		if err != nil {
			return c, nil
		}
		addr := ap.Addr().Unmap()
		if IsTrusted(addr, l.trusted) {
			return c, nil
		}
		key := KeyOf(addr)
		if !l.open.Acquire(key, l.per) {
			c.Close()
			continue
		}
		return &countedConn{Conn: c, release: func() { l.open.Release(key) }}, nil
	}
}

type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// Total is what every key holds together.
func (c *Counter) Total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.n {
		n += v
	}
	return n
}
