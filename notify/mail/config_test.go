package mail

import (
	"fmt"
	"net"
	"strings"
	"testing"
)

const fromEnc = "Surveyor%20%3Cnoreply%40example.org%3E"

func TestParseURL(t *testing.T) {
	good := []struct {
		url  string
		want Config
	}{
		{"smtp://user:pass@mail.example.org:587?from=" + fromEnc, Config{
			Addr: "mail.example.org:587", Security: "starttls", Username: "user", Password: "pass",
			From: "Surveyor <noreply@example.org>", HeloName: "localhost"}},
		{"smtp://mail.example.org?from=noreply%40example.org", Config{
			Addr: "mail.example.org:587", Security: "starttls", From: "noreply@example.org", HeloName: "localhost"}},
		{"SMTP://mail.example.org/?from=noreply%40example.org&security=starttls", Config{
			Addr: "mail.example.org:587", Security: "starttls", From: "noreply@example.org", HeloName: "localhost"}},
		{"smtps://u%40x:p%3Ass@mail.example.org?from=" + fromEnc, Config{
			Addr: "mail.example.org:465", Security: "tls", Username: "u@x", Password: "p:ss",
			From: "Surveyor <noreply@example.org>", HeloName: "localhost"}},
		{"smtps://mail.example.org:2465?security=tls&from=" + fromEnc, Config{
			Addr: "mail.example.org:2465", Security: "tls", From: "Surveyor <noreply@example.org>", HeloName: "localhost"}},
		{"smtp://127.0.0.1:2525?security=none&helo=surveyor.example.org&from=" + fromEnc, Config{
			Addr: "127.0.0.1:2525", Security: "none", From: "Surveyor <noreply@example.org>", HeloName: "surveyor.example.org"}},
		{"smtp://u:p@localhost:25?security=none&from=a%40b.example", Config{
			Addr: "localhost:25", Security: "none", Username: "u", Password: "p", From: "a@b.example", HeloName: "localhost"}},
		{"smtp://u:p@[::1]:25?security=none&from=a%40b.example", Config{
			Addr: "[::1]:25", Security: "none", Username: "u", Password: "p", From: "a@b.example", HeloName: "localhost"}},
		{"smtp://[2001:db8::1]?from=a%40b.example", Config{
			Addr: "[2001:db8::1]:587", Security: "starttls", From: "a@b.example", HeloName: "localhost"}},
		{"smtp://relay.example.org:25?security=none&from=a%40b.example", Config{
			Addr: "relay.example.org:25", Security: "none", From: "a@b.example", HeloName: "localhost"}},
		{"smtp://mail.example.org?from=Cart%C3%B3grafos%20%3Cnoreply%40example.org%3E", Config{
			Addr: "mail.example.org:587", Security: "starttls", From: "Cartógrafos <noreply@example.org>", HeloName: "localhost"}},
	}
	for _, tc := range good {
		t.Run(tc.url, func(t *testing.T) {
			got, err := ParseURL(tc.url)
			if err != nil {
				t.Fatalf("ParseURL: %v", err)
			}
			if got != tc.want {
				t.Errorf("ParseURL =\n %#v\nwant\n %#v\n(fields: %+v)", got, tc.want, fields(got))
			}
		})
	}

	bad := []struct{ url, wantErr string }{
		{"smtp://mail.example.org:587", "missing from"},
		{"smtp://mail.example.org:587?from=", "missing from"},
		{"smtp://mail.example.org:587?from=not%20an%20address", "from="},
		{"smtp://mail.example.org:587?from=noreply", "from="},
		{"smtp://mail.example.org?from=a%40b.example&from=c%40d.example", "2 times"},
		{"http://mail.example.org?from=a%40b.example", "unsupported scheme"},
		{"smtpx://mail.example.org?from=a%40b.example", "unsupported scheme"},
		{"//mail.example.org?from=a%40b.example", "missing scheme"},
		{"mail.example.org:587", "scheme"},
		{"smtp:mail.example.org?from=a%40b.example", "//"},
		{"smtp://mail.example.org:0?from=a%40b.example", "bad port"},
		{"smtp://mail.example.org:65536?from=a%40b.example", "bad port"},
		{"smtp://mail.example.org:0587?from=a%40b.example", "bad port"},
		{"smtp://mail.example.org:smtp?from=a%40b.example", "port"},
		{"smtp://mail.example.org:?from=a%40b.example", "empty port"},
		{"smtp://:587?from=a%40b.example", "missing host"},
		{"smtp://mail.example.org/x?from=a%40b.example", "path"},
		{"smtp://mail.example.org?from=a%40b.example#frag", "fragment"},
		{"smtp://user:pass@mail.example.org:25?security=none&from=a%40b.example", "in clear"},
		{"smtp://user:pass@10.0.0.1:25?security=none&from=a%40b.example", "in clear"},
		{"smtp://:pass@mail.example.org?from=a%40b.example", "without user"},
		{"smtp://mail.example.org?security=tls&from=a%40b.example", "smtps://"},
		{"smtp://mail.example.org?security=ssl&from=a%40b.example", "security="},
		{"smtps://mail.example.org?security=none&from=a%40b.example", "security="},
		{"smtps://mail.example.org?security=starttls&from=a%40b.example", "security="},
		{"smtp://mail.example.org?form=a%40b.example", "unknown parameter"},
		{"smtp://mail.example.org?from=a%40b.example&helo=bad%20name", "helo"},
		{"smtp://mail.example.org?from=a%40b.example&helo=", "helo"},
		{"smtp://mail.example.org?from=a%40b.example%0D%0ABcc:%20x%40y.example", "from="},
		{"smtp://mail.example.org?from=a%40b.example&x=%zz", "query"},
	}
	for _, tc := range bad {
		t.Run(tc.url, func(t *testing.T) {
			got, err := ParseURL(tc.url)
			if err == nil {
				t.Fatalf("ParseURL = %v, want error containing %q", got, tc.wantErr)
			}
			if !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseURL error %q, want it to contain %q", err, tc.wantErr)
			}
		})
	}
}

// fields prints a Config with its password, for failure messages only.
func fields(c Config) string {
	return fmt.Sprintf("{Addr:%q Security:%q Username:%q Password:%q From:%q HeloName:%q}",
		c.Addr, c.Security, c.Username, c.Password, c.From, c.HeloName)
}

func TestParseURLErrorsDoNotLeakPassword(t *testing.T) {
	for _, raw := range []string{
		"smtp://user:s3cretpw@mail.example.org:bad?from=a%40b.example",
		"smtp://user:s3cretpw@mail.example.org:25?security=none&from=a%40b.example",
		"smtp://user:s3cretpw@mail.exa mple.org?from=a%40b.example",
		"smtp://user:s3cretpw@mail.example.org?from=a%40b.example&x=%zz",
		"smtp://user:s3cretpw@mail.example.org",
	} {
		_, err := ParseURL(raw)
		if err == nil {
			t.Fatalf("ParseURL(%q) succeeded", raw)
		}
		if strings.Contains(err.Error(), "s3cretpw") {
			t.Errorf("ParseURL(%q) error leaks the password: %v", raw, err)
		}
	}
}

func TestConfigStringRedactsPassword(t *testing.T) {
	c, err := ParseURL("smtps://bot:hunter2-s3cret@mail.example.org?helo=game.example.org&from=" + fromEnc)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{c.String(), fmt.Sprint(c), fmt.Sprintf("%v %+v %s %#v", c, c, c, c), fmt.Sprintf("%v", &c)} {
		if strings.Contains(s, "hunter2") {
			t.Errorf("password printed: %s", s)
		}
	}
	s := c.String()
	for _, want := range []string{"smtps://", "bot:REDACTED@", "mail.example.org:465", "helo=game.example.org", "from="} {
		if !strings.Contains(s, want) {
			t.Errorf("String() = %q, want it to contain %q", s, want)
		}
	}
	// String is a usable URL: it parses back to the same config, bar the
	// password.
	back, err := ParseURL(s)
	if err != nil {
		t.Fatalf("ParseURL(String()): %v", err)
	}
	back.Password = c.Password
	if back != c {
		t.Errorf("round trip: got %s, want %s", fields(back), fields(c))
	}
}

func FuzzParseURL(f *testing.F) {
	for _, s := range []string{
		"smtp://user:pass@mail.example.org:587?from=" + fromEnc,
		"smtps://mail.example.org?from=a%40b.example",
		"smtp://127.0.0.1:2525?security=none&from=a%40b.example&helo=x.example",
		"smtp://u:p@[::1]:25?security=none&from=a%40b.example",
		"smtp://[fe80::1%25eth0]:25?from=a%40b.example",
		"smtp://mail.example.org:99999?from=a%40b.example",
		"smtp://%41:%42@h?from=%22a%20b%22%20%3Cc%40d.example%3E",
		"smtp://h?from=a%40b.example%0d%0a",
		"",
		":",
		"smtp://",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		c, err := ParseURL(raw)
		if err != nil {
			return
		}
		switch c.Security {
		case SecuritySTARTTLS, SecurityTLS, SecurityNone:
		default:
			t.Fatalf("Security = %q", c.Security)
		}
		if _, _, err := net.SplitHostPort(c.Addr); err != nil {
			t.Fatalf("Addr %q: %v", c.Addr, err)
		}
		if _, err := parseFrom(c.From); err != nil {
			t.Fatalf("From %q accepted but invalid: %v", c.From, err)
		}
		if strings.ContainsAny(c.HeloName+c.From, "\r\n") {
			t.Fatalf("CR/LF accepted: %s", fields(c))
		}
		s := c.String()
		if c.Password != "" && !strings.Contains(s, ":REDACTED@") {
			t.Fatalf("String() = %q does not redact the password", s)
		}
		back, err := ParseURL(s)
		if err != nil {
			t.Fatalf("ParseURL(%q) (from String of %s): %v", s, fields(c), err)
		}
		back.Password = c.Password
		if back != c {
			t.Fatalf("round trip through String %q: got %s, want %s", s, fields(back), fields(c))
		}
	})
}
