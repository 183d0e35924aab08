package httpkit

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// Limiter is a token bucket per client address.
type Limiter struct {
	rate  float64
	burst float64
	mu    sync.Mutex
	b     map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// NewLimiter allows rate requests a second per key, burst at once.
func NewLimiter(rate float64, burst int) *Limiter {
	return &Limiter{rate: rate, burst: float64(burst), b: map[string]*bucket{}}
}

// Allow spends a token of key's bucket if it has one.
func (l *Limiter) Allow(key string, now time.Time) bool { return l.Take(key, now) == 0 }

// Take spends a token of key's bucket, or, when there is none, spends nothing and says how long until
// there is one.
func (l *Limiter) Take(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.b[key]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.b[key] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		return time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	}
	b.tokens--
	return 0
}

// Sweep forgets buckets that have refilled: they hold nothing a new bucket would not.
func (l *Limiter) Sweep(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for k, b := range l.b {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.b, k)
		}
	}
}

// ClientKey identifies the client of a request for the rate limit and the logs: its address, or, for a
// request that comes from one of the trusted proxies, the address the proxies say they received it from
// (X-Forwarded-For, read from the right, past the trusted proxies: the left part can be forged by the
// client). IPv6 clients are keyed by their /64, the block one subscriber usually gets, so that an address
// per request does not escape the limit.
func ClientKey(r *http.Request, trusted []netip.Prefix) string {
	addr, ok := ClientAddr(r, trusted)
	if !ok {
		return r.RemoteAddr
	}
	return KeyOf(addr)
}

// ClientAddr is the client's address as ClientKey reads it (whole, not keyed by its block); false when
// the connection's address cannot be read.
func ClientAddr(r *http.Request, trusted []netip.Prefix) (netip.Addr, bool) {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}, false
	}
	addr := ap.Addr().Unmap()
	if IsTrusted(addr, trusted) {
		hops := r.Header.Values("X-Forwarded-For")
		for i := len(hops) - 1; i >= 0; i-- {
			parts := strings.Split(hops[i], ",")
			for j := len(parts) - 1; j >= 0; j-- {
				a, ok := parseHop(strings.TrimSpace(parts[j]))
				if !ok {
					return addr, true // a garbled chain: the last sure hop is the proxy itself
				}
				addr = a.Unmap()
				if !IsTrusted(addr, trusted) {
					return addr, true
				}
			}
		}
	}
	return addr, true
}

// parseHop reads one address of X-Forwarded-For, which some proxies write with the client's port.
func parseHop(h string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(h); err == nil {
		return a, true
	}
	ap, err := netip.ParseAddrPort(h)
	return ap.Addr(), err == nil
}

// OverHTTPS reports whether the client reached the site over TLS: directly, or through a trusted proxy
// that says so in X-Forwarded-Proto (the header from anyone else is not believed).
func OverHTTPS(r *http.Request, trusted []netip.Prefix) bool {
	if r.TLS != nil {
		return true
	}
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	return err == nil && IsTrusted(ap.Addr().Unmap(), trusted) && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

// IsTrusted reports whether a is one of the trusted proxies.
func IsTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// KeyOf is the key of an address: an IPv6 address by its /64.
func KeyOf(a netip.Addr) string {
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// PerHour allows each account Limit actions an hour (confirmation mails, invitations, reports): a
// sliding window of the times it acted, kept in Shared when set (the database every instance shares, so
// that the limit holds across them), else in this instance's memory.
type PerHour struct {
	Limit  int
	Name   string        // the limit's name in Shared's keys
	Shared RecentActions // nil: this instance's memory
	mu     sync.Mutex
	at     map[string][]time.Time
	swept  time.Time // when at last lost the keys quiet for an hour
}

// RecentActions is where limits count actions shared by instances (store.Shared).
type RecentActions interface {
	Recent(ctx context.Context, key string, since time.Time) (int, time.Time, error)
	AddRecent(ctx context.Context, key string, at time.Time, n int) error
}

// Take records n actions of user at now, or none if they would pass the limit, and then says how long
// until they would not. With Shared, two instances taking at the same moment may each let through what
// only one should (the check and the record are two statements): a burst may pass the limit by the
// account's requests in flight at once, which the per-address limits bound.
func (l *PerHour) Take(ctx context.Context, user string, now time.Time, n int) (time.Duration, error) {
	if l.Shared != nil {
		key := "hour:" + l.Name + ":" + user
		count, oldest, err := l.Shared.Recent(ctx, key, now.Add(-time.Hour))
		if err != nil {
			return 0, err
		}
		if count+n > l.Limit {
			if count == 0 {
				return time.Hour, nil
			}
			return max(time.Hour-now.Sub(oldest), time.Second), nil
		}
		return 0, l.Shared.AddRecent(ctx, key, now, n)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.at == nil {
		l.at = map[string][]time.Time{}
	}
	// Keys that acted no more in the last hour are dropped once an hour: a limit counted per table
	// (botapi's) would otherwise keep every table that ever acted.
	if now.Sub(l.swept) > time.Hour {
		for k, ts := range l.at {
			if len(ts) == 0 || now.Sub(ts[len(ts)-1]) > time.Hour {
				delete(l.at, k)
			}
		}
		l.swept = now
	}
	ts := l.at[user]
	for len(ts) > 0 && now.Sub(ts[0]) > time.Hour {
		ts = ts[1:]
	}
	if len(ts)+n > l.Limit {
		l.at[user] = ts
		if len(ts) == 0 {
			return time.Hour, nil
		}
		return time.Hour - now.Sub(ts[0]), nil
	}
	for range n {
		ts = append(ts, now)
	}
	l.at[user] = ts
	return 0, nil
}
