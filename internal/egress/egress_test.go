package egress

import (
	"context"
	"encoding/binary"
	"errors"
	"net"
	"net/netip"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

func TestPublic(t *testing.T) {
	for s, want := range map[string]bool{
		"8.8.8.8": true, "1.1.1.1": true, "2a00:1450:4007:80e::200e": true, "::ffff:8.8.8.8": true,
		"127.0.0.1": false, "127.255.255.254": false, "0.0.0.0": false, "0.1.2.3": false, "10.1.2.3": false,
		"172.16.0.1": false, "192.168.1.1": false, "169.254.169.254": false, "100.64.0.1": false,
		"100.127.255.254": false, "100.128.0.1": true, "198.18.0.1": false, "198.19.255.254": false,
		"198.20.0.1": true, "192.0.0.8": false, "192.0.2.1": false, "198.51.100.7": false, "203.0.113.9": false,
		"224.0.0.1": false, "240.0.0.1": false, "255.255.255.255": false,
		"::": false, "::1": false, "::ffff:127.0.0.1": false, "::ffff:10.0.0.1": false, "fe80::1": false,
		"fc00::1": false, "fd12:3456::1": false, "ff02::1": false, "64:ff9b::a00:1": false, "2002:7f00:1::1": false,
		"2001:db8::1": false, "2001::1": false, "100::1": false,
	} {
		if got := Public(netip.MustParseAddr(s)); got != want {
			t.Errorf("Public(%s) = %v, want %v", s, got, want)
		}
	}
}

// listen is a TCP listener on loopback that counts the connections it accepts.
func listen(t *testing.T) (port string, accepted *atomic.Int32) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	accepted = &atomic.Int32{}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port), accepted
}

// The dialer refuses every way of naming this machine, checked on the address it would connect to: the
// standard form, the short and the octal and hexadecimal forms resolvers accept, the IPv4-mapped IPv6
// form, and a name that resolves to loopback (as a rebinding name would at the moment of use).
func TestDialerRefusesWhatIsNotPublic(t *testing.T) {
	port, accepted := listen(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d := Policy{}.Dialer()
	for _, host := range []string{"127.0.0.1", "127.1", "0x7f.0.0.1", "0x7f000001", "0177.0.0.1", "2130706433", "[::ffff:127.0.0.1]", "localhost", "[::1]"} {
		c, err := d.DialContext(ctx, "tcp", host+":"+port)
		if err == nil {
			c.Close()
			t.Errorf("%s: connected", host)
			continue
		}
		// A form the resolver does not read as an address is looked up as a name, and not found here; the
		// forms it reads, and the names it finds, are refused by the rule.
		var dns *net.DNSError
		if !errors.Is(err, ErrRefused) && !errors.As(err, &dns) {
			t.Errorf("%s: %v, want the rule's refusal", host, err)
		}
	}
	for _, host := range []string{"127.0.0.1", "localhost"} {
		c, err := d.DialContext(ctx, "tcp", host+":"+port)
		if !errors.Is(err, ErrRefused) {
			t.Errorf("%s: %v, want ErrRefused", host, err)
		}
		if c != nil {
			c.Close()
		}
	}
	time.Sleep(20 * time.Millisecond)
	if n := accepted.Load(); n != 0 {
		t.Fatalf("the listener on loopback accepted %d connections", n)
	}
	// Allowed, loopback is reached: the refusals above were the rule's, not a closed port's.
	c, err := Loopback.Dialer().DialContext(ctx, "tcp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatalf("loopback allowed: %v", err)
	}
	c.Close()
}

// rebindingDNS is a name server on loopback that answers every A question with 127.0.0.1 (and every other
// question with nothing): a name that an attacker's server resolves to the victim's own machine at the
// moment of use. It returns a resolver that asks it.
func rebindingDNS(t *testing.T) *net.Resolver {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		buf := make([]byte, 512)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			q := buf[:n]
			end := 12 // the question: a name of labels, then its type and class
			for end < n && q[end] != 0 {
				end += int(q[end]) + 1
			}
			end += 5
			if n < 12 || end > n {
				continue
			}
			qtype := binary.BigEndian.Uint16(q[end-4:])
			out := append([]byte{}, q[:end]...)
			out[2], out[3] = 0x81, 0x80 // a response, recursion desired and available, no error
			out[6], out[7], out[8], out[9], out[10], out[11] = 0, 0, 0, 0, 0, 0
			if qtype == 1 {
				out[7] = 1
				out = append(out, 0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 127, 0, 0, 1)
			}
			pc.WriteTo(out, from)
		}
	}()
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "udp", pc.LocalAddr().String())
	}}
}

// A name whose server answers with a loopback address (DNS rebinding: it answered a public one when the
// name was checked) is refused when the connection is made, on the address it resolved to.
func TestDialerRefusesANameThatResolvesToLoopback(t *testing.T) {
	port, accepted := listen(t)
	res := rebindingDNS(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if !(Policy{}).HostAllowed("push.rebind.example") {
		t.Fatal("the name itself is a fine name: only its address gives it away")
	}
	_, err := Policy{Resolver: res}.Dialer().DialContext(ctx, "tcp", "push.rebind.example:"+port)
	if !errors.Is(err, ErrRefused) {
		t.Fatalf("a name resolving to loopback: %v, want ErrRefused", err)
	}
	if n := accepted.Load(); n != 0 {
		t.Fatalf("%d connections reached loopback", n)
	}
	// The same name, loopback allowed, does reach the listener: it did resolve to this machine.
	c, err := Policy{Allow: Loopback.Allow, Resolver: res}.Dialer().DialContext(ctx, "tcp", "push.rebind.example:"+port)
	if err != nil {
		t.Fatalf("loopback allowed: %v", err)
	}
	c.Close()
}

// The HTTP client dials through the rule too, and takes no proxy from the environment.
func TestClientRefusesLoopbackAndIgnoresProxies(t *testing.T) {
	port, accepted := listen(t)
	t.Setenv("HTTP_PROXY", "http://127.0.0.1:"+port)
	t.Setenv("HTTPS_PROXY", "http://127.0.0.1:"+port)
	_, err := Policy{}.Client(5 * time.Second).Get("http://localhost:" + port + "/")
	if !errors.Is(err, ErrRefused) {
		t.Fatalf("GET localhost: %v, want ErrRefused", err)
	}
	if n := accepted.Load(); n != 0 {
		t.Fatalf("%d connections reached loopback", n)
	}
}

func TestHostAllowed(t *testing.T) {
	for host, want := range map[string]bool{
		"fcm.googleapis.com": true, "updates.push.services.mozilla.com": true, "web.push.apple.com.": true,
		"8.8.8.8": true, "2a00:1450:4007:80e::200e": true,
		"127.0.0.1": false, "127.1": false, "0x7f.0.0.1": false, "0x7f.1": false, "0177.0.0.1": false,
		"2130706433": false, "0x7f000001": false, "1.2.3.0x4": false, "100.64.0.1": false, "198.18.0.1": false,
		"::ffff:127.0.0.1": false, "::1": false, "fe80::1": false, "169.254.169.254": false,
		"localhost": false, "api.localhost": false, "printer.local": false, "metadata.google.internal": false,
		"router.home.arpa": false, "intranet": false, "": false,
	} {
		if got := (Policy{}).HostAllowed(host); got != want {
			t.Errorf("HostAllowed(%q) = %v, want %v", host, got, want)
		}
	}
	if !Loopback.HostAllowed("localhost") || !Loopback.HostAllowed("127.0.0.1") {
		t.Error("the loopback policy refuses this machine")
	}
}
