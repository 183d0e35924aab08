package mail

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
)

// Security values of Config.Security.
const (
	SecuritySTARTTLS = "starttls" // plaintext connect, STARTTLS required before anything else
	SecurityTLS      = "tls"      // implicit TLS (smtps://)
	SecurityNone     = "none"     // no TLS at all: local relays and tests only
)

// DefaultHelo is the name sent in EHLO when the URL has no ?helo=.
const DefaultHelo = "localhost"

// Config is a parsed --smtp URL.
type Config struct {
	Addr     string // host:port
	Security string // "starttls" (default for smtp://; STARTTLS required), "tls" (smtps://, implicit TLS, default port 465), "none" (only with ?security=none, for a local relay or tests)

	// Username and Password come from the URL's userinfo and are optional.
	// They are sent with AUTH PLAIN, only over TLS unless the host is
	// loopback.
	Username, Password string

	From     string // ?from= an RFC 5322 address, required, e.g. "Surveyor <noreply@example.org>"
	HeloName string // ?helo=, default "localhost"

	// TLSConfig is used for STARTTLS and implicit TLS. nil means defaults
	// with ServerName taken from Addr. Tests may set one (e.g. with
	// InsecureSkipVerify or their own RootCAs) after parsing.
	TLSConfig *tls.Config
}

// ParseURL parses an --smtp URL such as
//
//	smtp://user:pass@mail.example.org:587?from=Surveyor%20%3Cnoreply%40example.org%3E
//
// The scheme is smtp (STARTTLS, default port 587) or smtps (implicit TLS,
// default port 465). Query parameters: from (required), helo, and security
// (starttls or none for smtp://; tls for smtps://). Unknown parameters are
// errors, so that a typo does not silently change behaviour.
func ParseURL(raw string) (Config, error) {
	var c Config
	u, err := url.Parse(raw)
	if err != nil {
		// url.Error includes the whole URL, password included: don't echo it.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return c, fmt.Errorf("mail: bad SMTP URL: %v", err)
	}
	var defPort string
	switch strings.ToLower(u.Scheme) {
	case "smtp":
		c.Security, defPort = SecuritySTARTTLS, "587"
	case "smtps":
		c.Security, defPort = SecurityTLS, "465"
	case "":
		return c, errors.New("mail: bad SMTP URL: missing scheme, want smtp:// or smtps://")
	default:
		return c, fmt.Errorf("mail: bad SMTP URL: unsupported scheme %q, want smtp or smtps", u.Scheme)
	}
	if u.Opaque != "" {
		return c, errors.New(`mail: bad SMTP URL: want smtp://host[:port]?from=... (missing "//"?)`)
	}
	if u.Path != "" && u.Path != "/" {
		return c, fmt.Errorf("mail: bad SMTP URL: unexpected path %q", u.Path)
	}
	if u.Fragment != "" {
		return c, errors.New("mail: bad SMTP URL: unexpected fragment")
	}

	host := u.Hostname()
	if host == "" {
		return c, errors.New("mail: bad SMTP URL: missing host")
	}
	if err := checkHost(host); err != nil {
		return c, fmt.Errorf("mail: bad SMTP URL: %v", err)
	}
	port := u.Port()
	if port == "" {
		if strings.HasSuffix(u.Host, ":") {
			return c, errors.New("mail: bad SMTP URL: empty port")
		}
		port = defPort
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 || port[0] == '0' {
		return c, fmt.Errorf("mail: bad SMTP URL: bad port %q (want 1-65535)", port)
	}
	c.Addr = net.JoinHostPort(host, port)

	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
		if c.Username == "" {
			return c, errors.New("mail: bad SMTP URL: password without user name")
		}
	}

	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return c, fmt.Errorf("mail: bad SMTP URL query: %v", err)
	}
	for k, v := range q {
		switch k {
		case "from", "helo", "security":
			if len(v) != 1 {
				return c, fmt.Errorf("mail: bad SMTP URL: %s given %d times", k, len(v))
			}
		default:
			return c, fmt.Errorf("mail: bad SMTP URL: unknown parameter %q (want from, helo, security)", k)
		}
	}

	switch sec := q.Get("security"); {
	case !q.Has("security"):
	case c.Security == SecurityTLS && sec == SecurityTLS:
	case c.Security == SecuritySTARTTLS && (sec == SecuritySTARTTLS || sec == SecurityNone):
		c.Security = sec
	case sec == SecurityTLS:
		return c, errors.New("mail: bad SMTP URL: for implicit TLS use smtps:// (default port 465)")
	default:
		return c, fmt.Errorf("mail: bad SMTP URL: security=%q not allowed with %s:// (want starttls or none for smtp://, tls for smtps://)", sec, u.Scheme)
	}

	if !q.Has("from") || q.Get("from") == "" {
		return c, errors.New(`mail: bad SMTP URL: missing from= (the sender address, e.g. from=Surveyor%20%3Cnoreply%40example.org%3E)`)
	}
	c.From = strings.TrimSpace(q.Get("from"))
	if _, err := parseFrom(c.From); err != nil {
		return c, fmt.Errorf("mail: bad SMTP URL: from=: %v", err)
	}

	c.HeloName = DefaultHelo
	if q.Has("helo") {
		c.HeloName = q.Get("helo")
		if err := checkHelo(c.HeloName); err != nil {
			return c, fmt.Errorf("mail: bad SMTP URL: %v", err)
		}
	}

	if err := c.checkCleartextAuth(); err != nil {
		return c, fmt.Errorf("mail: bad SMTP URL: %v", err)
	}
	return c, nil
}

// parseFrom validates a From value and returns its address. It must have a
// domain: the Message-ID is built from it.
func parseFrom(from string) (*mail.Address, error) {
	if strings.ContainsAny(from, "\r\n") {
		return nil, errors.New("CR or LF in address")
	}
	a, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("bad address %q: %v", from, err)
	}
	if err := checkAddr(a.Address); err != nil {
		return nil, err
	}
	return a, nil
}

// checkAddr rejects addresses that net/mail accepts but that cannot be put
// in an SMTP envelope (MAIL FROM:<...>, RCPT TO:<...>).
func checkAddr(addr string) error {
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 || at == len(addr)-1 {
		return fmt.Errorf("bad address %q: want local@domain", addr)
	}
	for _, r := range addr {
		if r <= ' ' || r == 0x7f || r == '<' || r == '>' {
			return fmt.Errorf("bad address %q: forbidden character %q", addr, r)
		}
	}
	return nil
}

// checkHost accepts an IP address or an ASCII host name (IDNs in their
// xn-- form).
func checkHost(host string) error {
	if net.ParseIP(host) != nil {
		return nil
	}
	for i := 0; i < len(host); i++ {
		b := host[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b == '.' || b == '_') {
			return fmt.Errorf("bad host %q: want an IP address or an ASCII host name", host)
		}
	}
	return nil
}

func checkHelo(name string) error {
	if name == "" {
		return errors.New("empty helo=")
	}
	if len(name) > 255 {
		return errors.New("helo= too long")
	}
	for i := 0; i < len(name); i++ {
		b := name[i]
		ok := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' ||
			b == '-' || b == '.' || b == '[' || b == ']' || b == ':'
		if !ok {
			return fmt.Errorf("bad helo= %q: want a domain name or address literal", name)
		}
	}
	return nil
}

// checkCleartextAuth refuses to send credentials without TLS unless the
// server is on this machine.
func (c Config) checkCleartextAuth() error {
	if c.Security != SecurityNone || (c.Username == "" && c.Password == "") {
		return nil
	}
	host, _, err := net.SplitHostPort(c.Addr)
	if err != nil {
		host = c.Addr
	}
	if !isLoopback(host) {
		return fmt.Errorf("refusing to send a password in clear (security=none) to non-loopback host %q", host)
	}
	return nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// String returns the configuration as an --smtp URL with the password
// redacted, suitable for logs. It parses back to the same Config except for
// the password and TLSConfig.
func (c Config) String() string {
	u := url.URL{Scheme: "smtp", Host: c.Addr}
	if c.Security == SecurityTLS {
		u.Scheme = "smtps"
	}
	if c.Username != "" {
		if c.Password != "" {
			u.User = url.UserPassword(c.Username, "REDACTED")
		} else {
			u.User = url.User(c.Username)
		}
	}
	q := url.Values{}
	q.Set("from", c.From)
	if c.Security == SecurityNone {
		q.Set("security", SecurityNone)
	}
	if c.HeloName != "" && c.HeloName != DefaultHelo {
		q.Set("helo", c.HeloName)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// GoString redacts the password from %#v too.
func (c Config) GoString() string {
	return fmt.Sprintf("mail.Config(%q)", c.String())
}
