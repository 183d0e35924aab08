package mail

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/emersion/go-smtp"
)

// Send's errors are logged (the outbox's retries, a failed confirmation mail), and logs must not carry
// people's addresses: both our own text ("send to ADDR") and the server's reply ("550 <ADDR>: no such
// user") would. Every error of Send has each address replaced by RedactAddress's form, which keeps the
// domain (a provider refusing, a typo in it) and a short hash (the same address failing again, or the
// operator checking a given address with RedactAddress).

// mailboxRe finds anything shaped like an address in an error's text: a run of characters that cannot
// delimit an address in a reply, around an "@".
var mailboxRe = regexp.MustCompile(`[^\s<>"'(),;:\[\]\\]+@[^\s<>"'(),;:\[\]\\]+`)

// RedactAddress is an address as the logs show it: "~3fa91c@example.org" (the first 3 bytes of the
// SHA-256 of the lowercased address, then its domain).
func RedactAddress(addr string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(addr)))
	domain := ""
	if at := strings.LastIndexByte(addr, '@'); at >= 0 {
		domain = strings.ToLower(strings.TrimRight(addr[at:], "."))
	}
	return fmt.Sprintf("~%x%s", sum[:3], domain)
}

// redactText replaces anything shaped like an address (the recipient, and whatever the server's reply
// names).
func redactText(s string) string {
	return mailboxRe.ReplaceAllStringFunc(s, func(a string) string {
		if strings.HasPrefix(a, "~") && len(a) > 7 && a[7] == '@' {
			return a // already redacted
		}
		return RedactAddress(a)
	})
}

// redactedError is an error of Send with the addresses taken out of its text. It unwraps to what
// callers test (the SMTP reply, its code kept and its text redacted; a context's end), never to the
// original chain, whose text has the addresses.
type redactedError struct {
	msg    string
	causes []error
}

func (e *redactedError) Error() string   { return e.msg }
func (e *redactedError) Unwrap() []error { return e.causes }

// redactErr rebuilds err without the addresses, keeping a PermanentError permanent.
func redactErr(err error) error {
	if err == nil {
		return nil
	}
	var perm *PermanentError
	if errors.As(err, &perm) {
		return &PermanentError{Err: redactErr(perm.Err)}
	}
	out := &redactedError{msg: redactText(err.Error())}
	var se *smtp.SMTPError
	if errors.As(err, &se) {
		c := *se
		c.Message = redactText(se.Message)
		out.causes = append(out.causes, &c)
	}
	for _, ctxErr := range []error{context.Canceled, context.DeadlineExceeded} {
		if errors.Is(err, ctxErr) {
			out.causes = append(out.causes, ctxErr)
		}
	}
	return out
}
