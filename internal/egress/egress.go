// Package egress is the one way out of the server for a connection that a user's input aims: a Web Push
// endpoint today, a webhook or an avatar's address tomorrow. Such an address is chosen by whoever sends
// it, so without a rule a client could make the server connect to its own machine, its network, or a
// cloud's metadata service (a server-side request forgery). The rule is checked on the address actually
// dialled, after resolution, by the dialer's Control function: a name that resolved to a public address
// when it was checked and to a private one when it is used (DNS rebinding) is refused all the same, and no
// spelling of an address (127.1, 0x7f.0.0.1, 0177.0.0.1, ::ffff:127.0.0.1) escapes it, since the check
// reads the address as the kernel will connect to it, with net/netip, not as the user wrote it.
//
// Connections the operator configures (the SMTP server, the database) do not go through here: they are
// trusted by configuration, and may well be on the private network.
package egress

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"syscall"
	"time"
)

// ErrRefused is wrapped by the error of a connection to an address that is not public.
var ErrRefused = errors.New("egress: the address is not a public unicast address")

// notPublic are the special-purpose blocks of the IANA registries (RFC 6890 and its updates) that do not
// reach the public internet, or that may reach a private address through a translation (NAT64, 6to4,
// Teredo), beyond what netip's predicates already tell.
var notPublic = func() []netip.Prefix {
	var ps []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8",       // "this network"
		"100.64.0.0/10",   // shared address space (carrier-grade NAT)
		"192.0.0.0/24",    // IETF protocol assignments
		"192.0.2.0/24",    // documentation
		"192.88.99.0/24",  // 6to4 relays
		"198.18.0.0/15",   // benchmarking
		"198.51.100.0/24", // documentation
		"203.0.113.0/24",  // documentation
		"240.0.0.0/4",     // reserved, and the broadcast address
		"64:ff9b::/96",    // NAT64: may translate to any IPv4 address
		"64:ff9b:1::/48",  // local-use NAT64
		"100::/64",        // discard-only
		"2001::/23",       // IETF protocol assignments (Teredo, benchmarking, ORCHID)
		"2001:db8::/32",   // documentation
		"2002::/16",       // 6to4: embeds an IPv4 address
		"3fff::/20",       // documentation
		"5f00::/16",       // segment routing
	} {
		ps = append(ps, netip.MustParsePrefix(s))
	}
	return ps
}()

// Public reports whether a is a public unicast address: global unicast, not private, loopback,
// link-local, multicast or unspecified, and in none of the special-purpose blocks. An IPv4 address
// written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it is.
func Public(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || !a.IsGlobalUnicast() || a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() {
		return false
	}
	for _, p := range notPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// Policy is where connections may go: public unicast addresses, and the prefixes of Allow besides (tests
// allow loopback to stand a push service in).
type Policy struct {
	Allow []netip.Prefix
	// Resolver resolves names (nil: the system's); tests give one that answers what they need.
	Resolver *net.Resolver
}

// Loopback allows this machine as well as the public internet (tests only).
var Loopback = Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}}

// Allowed reports whether the policy lets a connection reach a.
func (p Policy) Allowed(a netip.Addr) bool {
	a = a.Unmap()
	if Public(a) {
		return true
	}
	for _, pf := range p.Allow {
		if pf.Contains(a) {
			return true
		}
	}
	return false
}

// control is the dialer's Control function: it runs once the address is resolved, just before each
// connection attempt, and refuses an address the policy does not allow.
func (p Policy) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: cannot read %q: %v", ErrRefused, address, err)
	}
	if !p.Allowed(ap.Addr()) {
		return fmt.Errorf("%w: %s", ErrRefused, ap.Addr())
	}
	return nil
}

// Dialer is a dialer whose every connection the policy allows.
func (p Policy) Dialer() *net.Dialer {
	return &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: p.control, Resolver: p.Resolver}
}

// Client is an HTTP client whose connections all go through the policy's dialer. It uses no proxy (the
// proxy's address would be the one checked, and the proxy would connect anywhere), and follows no
// redirect (a redirect is a second address the user chose, and push services never redirect).
func (p Policy) Client(timeout time.Duration) *http.Client {
	d := p.Dialer()
	t := &http.Transport{
		Proxy:                 nil,
		DialContext:           d.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	return &http.Client{Timeout: timeout, Transport: t, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
}

// HostAllowed is the early check of a host name a user gives (before anything is stored): an address
// literal must be allowed by the policy; a host that ends in a number is an IPv4 address in one of the
// forms that resolvers and browsers accept besides the dotted decimal (127.1, 0x7f000001, 0177.0.0.1),
// and is refused whatever it means, as no public service names itself so; and a name must have a dot and
// not be one of the names reserved for the local machine or network. A name that passes may still
// resolve to a private address: the dialer refuses that one when it connects.
func (p Policy) HostAllowed(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if a, err := netip.ParseAddr(host); err == nil {
		return p.Allowed(a)
	}
	if host == "" || endsInNumber(host) {
		return false
	}
	if host == "localhost" {
		return p.Allowed(netip.IPv6Loopback())
	}
	if !strings.Contains(host, ".") {
		return false
	}
	for _, local := range []string{".localhost", ".local", ".internal", ".home.arpa", ".localdomain"} {
		if strings.HasSuffix(host, local) {
			return false
		}
	}
	return true
}

// endsInNumber reports whether a host's last label is a number, decimal, octal or hexadecimal: the
// WHATWG URL standard (and inet_aton before it) then reads the whole host as an IPv4 address.
func endsInNumber(host string) bool {
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	if h, ok := strings.CutPrefix(last, "0x"); ok {
		return strings.Trim(h, "0123456789abcdef") == ""
	}
	return strings.Trim(last, "0123456789") == ""
}
