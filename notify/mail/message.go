package mail

import (
	"bytes"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Message is one mail.
type Message struct {
	To      string // one address (validated), e.g. "Ana <ana@example.org>"
	Subject string // may be non-ASCII: it is Q-encoded (UTF-8)
	Text    string // plain text body, UTF-8; any line endings

	// ID is the Message-ID's local part. It must be stable for a
	// notification (e.g. "turn.<game>.<move>.<user>") so that a resend after
	// a crash carries the same Message-ID: receivers (and our tests)
	// deduplicate on it. The Message-ID is <ID@host-of-From>. Allowed
	// characters: letters, digits and !#$%&'*+-/=?^_`{|}~ and '.'.
	ID string

	// Unsubscribe, if set, is an http(s) URL accepting RFC 8058 one-click
	// POSTs: it is sent as List-Unsubscribe: <url> with
	// List-Unsubscribe-Post: List-Unsubscribe=One-Click.
	Unsubscribe string

	Date time.Time // Date header; zero means now
}

// maxLine is RFC 5322's hard limit on line length, without CRLF.
const maxLine = 998

// Bytes renders the message (headers + body, CRLF line endings) as it is sent
// in DATA, with from (normally Config.From) as the From header. CR or LF in
// To, Subject, ID or Unsubscribe is an error, so header injection is
// impossible.
func (m Message) Bytes(from string) ([]byte, error) {
	fromAddr, err := parseFrom(from)
	if err != nil {
		return nil, fmt.Errorf("mail: From: %v", err)
	}
	to, err := m.rcpt()
	if err != nil {
		return nil, err
	}
	for _, f := range []struct{ name, v string }{
		{"Subject", m.Subject}, {"ID", m.ID}, {"Unsubscribe", m.Unsubscribe},
	} {
		if strings.ContainsAny(f.v, "\r\n") {
			return nil, fmt.Errorf("mail: CR or LF in %s", f.name)
		}
	}
	if err := checkID(m.ID); err != nil {
		return nil, err
	}
	if !utf8.ValidString(m.Text) {
		return nil, errors.New("mail: Text is not valid UTF-8")
	}
	if !utf8.ValidString(m.Subject) {
		return nil, errors.New("mail: Subject is not valid UTF-8 text")
	}
	date := m.Date
	if date.IsZero() {
		date = time.Now()
	}
	domain := fromAddr.Address[strings.LastIndexByte(fromAddr.Address, '@')+1:]

	var b bytes.Buffer
	b.Grow(512 + len(m.Text)*3/2)
	header := func(name, value string) {
		b.WriteString(name)
		b.WriteString(": ")
		b.WriteString(value)
		b.WriteString("\r\n")
	}
	header("From", fromAddr.String())
	header("To", to.String())
	subject, err := encodeSubject(m.Subject)
	if err != nil {
		return nil, err
	}
	b.WriteString("Subject:" + subject + "\r\n")
	header("Date", date.Format(time.RFC1123Z))
	header("Message-ID", "<"+m.ID+"@"+domain+">")
	if m.Unsubscribe != "" {
		if err := checkUnsubscribe(m.Unsubscribe); err != nil {
			return nil, err
		}
		header("List-Unsubscribe", "<"+m.Unsubscribe+">")
		header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	// RFC 3834: tells auto-responders (vacation mails) not to answer.
	header("Auto-Submitted", "auto-generated")
	header("MIME-Version", "1.0")
	header("Content-Type", "text/plain; charset=utf-8")
	header("Content-Transfer-Encoding", "quoted-printable")
	b.WriteString("\r\n")

	// The quoted-printable writer turns \n, \r\n and \r into CRLF, wraps
	// lines at 76 characters with soft breaks and encodes trailing
	// whitespace, so the body is 7-bit clean whatever Text holds.
	qp := quotedprintable.NewWriter(&b)
	text := m.Text
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if _, err := qp.Write([]byte(text)); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// rcpt validates To.
func (m Message) rcpt() (*mail.Address, error) {
	if strings.ContainsAny(m.To, "\r\n") {
		return nil, errors.New("mail: CR or LF in To")
	}
	if strings.TrimSpace(m.To) == "" {
		return nil, errors.New("mail: empty To")
	}
	a, err := mail.ParseAddress(m.To)
	if err != nil {
		// Not the address itself: errors are logged, and a malformed address is still someone's.
		return nil, fmt.Errorf("mail: bad To (%d bytes): %v", len(m.To), err)
	}
	if checkAddr(a.Address) != nil {
		return nil, errors.New("mail: To cannot be put in an SMTP envelope (want local@domain without spaces, controls or angle brackets)")
	}
	return a, nil
}

func checkID(id string) error {
	if id == "" {
		return errors.New("mail: empty ID (a stable Message-ID local part is required)")
	}
	if len(id) > 200 {
		return errors.New("mail: ID too long")
	}
	if id[0] == '.' || id[len(id)-1] == '.' || strings.Contains(id, "..") {
		return fmt.Errorf("mail: bad ID %q: misplaced '.'", id)
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("!#$%&'*+-/=?^_`{|}~.", c) >= 0) {
			return fmt.Errorf("mail: bad ID %q: character %q not allowed in a Message-ID", id, c)
		}
	}
	return nil
}

func checkUnsubscribe(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("mail: bad Unsubscribe URL: %v", err)
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("mail: bad Unsubscribe URL %q: want an absolute http(s) URL (RFC 8058 one-click)", raw)
	}
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; c <= ' ' || c >= 0x7f || c == '<' || c == '>' {
			return fmt.Errorf("mail: bad Unsubscribe URL %q: unescaped %q", raw, c)
		}
	}
	if len(raw) > 900 {
		return errors.New("mail: Unsubscribe URL too long")
	}
	return nil
}

// encodeSubject returns the value of the Subject header, leading space
// included. A subject that is not plain printable ASCII is Q-encoded (RFC
// 2047, UTF-8) and the encoded words are folded onto continuation lines so
// that lines stay within 78 characters; whitespace between encoded words is
// not part of the decoded text, so folding cannot alter the subject. A plain
// ASCII subject is left alone (folding it could change its spaces).
func encodeSubject(s string) (string, error) {
	const first = len("Subject:")
	enc := mime.QEncoding.Encode("utf-8", s)
	if enc == s {
		if first+1+len(s) > maxLine {
			return "", errors.New("mail: Subject too long")
		}
		return " " + s, nil
	}
	// Every word is preceded by a space, or by CRLF+space when the line
	// would pass 78 characters (also before the first word, right after
	// "Subject:"). Go's encoder keeps encoded words within 75 characters.
	var out strings.Builder
	col := first
	for _, w := range strings.Split(enc, " ") {
		if col+1+len(w) > 78 {
			out.WriteString("\r\n")
			col = 0
		}
		out.WriteByte(' ')
		out.WriteString(w)
		col += 1 + len(w)
	}
	return out.String(), nil
}
