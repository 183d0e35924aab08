package server

import (
	"strings"
	"testing"
)

// The pages a mail's links open (the confirmation of an address, the unsubscribe button) are HTML of the
// server's, as the client's page is, and carry the same headers: no other site may frame the unsubscribe
// button under a decoy (clickjacking), and no script but ours may run in them.
func TestMailPagesCarrySecurityHeaders(t *testing.T) {
	t.Parallel()
	e, _, _ := smtpEnv(t)
	for _, p := range []string{"/confirm-email?u=x&a=y&t=z", "/unsubscribe?u=x&a=y&t=z"} {
		r := e.do("GET", p, "", "")
		if !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d %s %s", p, r.status, r.header.Get("Content-Type"), r.body)
		}
		csp := r.header.Get("Content-Security-Policy")
		for _, want := range []string{"frame-ancestors 'none'", "script-src 'self'", "default-src 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", p, csp, want)
			}
		}
		if got := r.header.Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("%s: X-Frame-Options %q", p, got)
		}
		if got := r.header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", p, got)
		}
	}
}
