package mail

import (
	"bytes"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"testing"
	"time"
)

const testFrom = "Surveyor <noreply@example.org>"

func testMessage() Message {
	return Message{
		To:      "Ana Sílva <ana@example.net>",
		Subject: "Á tua vez — Cartógrafos",
		Text:    "Olá Ana,\n\né a tua vez de jogar.\n",
		ID:      "turn.g42.m7.u3",
		Date:    time.Date(2026, 3, 1, 18, 30, 5, 0, time.FixedZone("", 3600)),
	}
}

func parse(t *testing.T, raw []byte) *mail.Message {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("net/mail cannot parse the message: %v\n%s", err, raw)
	}
	return msg
}

func checkCRLF(t *testing.T, raw []byte) {
	t.Helper()
	for i, b := range raw {
		if b == '\n' && (i == 0 || raw[i-1] != '\r') {
			t.Fatalf("bare LF at byte %d:\n%q", i, raw)
		}
		if b == '\r' && (i+1 == len(raw) || raw[i+1] != '\n') {
			t.Fatalf("bare CR at byte %d:\n%q", i, raw)
		}
	}
	if !bytes.HasSuffix(raw, []byte("\r\n")) {
		t.Errorf("message does not end with CRLF: %q", raw)
	}
	for i, line := range strings.Split(string(raw), "\r\n") {
		if len(line) > 78 {
			t.Errorf("line %d is %d bytes long: %q", i+1, len(line), line)
		}
	}
	for i, b := range raw {
		if b >= 0x80 {
			t.Fatalf("non-ASCII byte at %d: the message must be 7-bit clean", i)
		}
	}
}

func TestMessageBytesHeaders(t *testing.T) {
	m := testMessage()
	raw, err := m.Bytes(testFrom)
	if err != nil {
		t.Fatal(err)
	}
	checkCRLF(t, raw)
	msg := parse(t, raw)
	h := msg.Header
	want := map[string]string{
		"From":                      "\"Surveyor\" <noreply@example.org>",
		"Message-ID":                "<turn.g42.m7.u3@example.org>",
		"MIME-Version":              "1.0",
		"Content-Type":              "text/plain; charset=utf-8",
		"Content-Transfer-Encoding": "quoted-printable",
		"Auto-Submitted":            "auto-generated",
	}
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	to, err := h.AddressList("To")
	if err != nil || len(to) != 1 || to[0].Name != "Ana Sílva" || to[0].Address != "ana@example.net" {
		t.Errorf("To = %v (%v), want Ana Sílva <ana@example.net>", to, err)
	}
	date, err := h.Date()
	if err != nil || !date.Equal(m.Date) {
		t.Errorf("Date = %v (%v), want %v", date, err, m.Date)
	}
	for _, k := range []string{"List-Unsubscribe", "List-Unsubscribe-Post"} {
		if _, ok := h[k]; ok {
			t.Errorf("%s set without Unsubscribe", k)
		}
	}
	// Same message, same bytes: a resend carries the same Message-ID.
	again, _ := m.Bytes(testFrom)
	if !bytes.Equal(raw, again) {
		t.Error("Bytes is not deterministic")
	}
}

func TestMessageBytesSubjectEncoding(t *testing.T) {
	dec := new(mime.WordDecoder)
	for _, subject := range []string{
		"Á tua vez — Cartógrafos",
		"It's your turn in Carcassonne",
		"Resumo diário: " + strings.Repeat("Cartógrafos, Carcassonne — ", 12) + "fim",
		"",
	} {
		m := testMessage()
		m.Subject = subject
		raw, err := m.Bytes(testFrom)
		if err != nil {
			t.Fatal(err)
		}
		checkCRLF(t, raw)
		encoded := parse(t, raw).Header.Get("Subject")
		if !isASCIIString(subject) && !strings.HasPrefix(encoded, "=?utf-8?q?") {
			t.Errorf("Subject %q not Q-encoded: %q", subject, encoded)
		}
		got, err := dec.DecodeHeader(encoded)
		if err != nil {
			t.Fatal(err)
		}
		if got != subject {
			t.Errorf("Subject decodes to %q, want %q", got, subject)
		}
	}
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func TestMessageBytesBody(t *testing.T) {
	long := strings.Repeat("Cartógrafos é um jogo de mapas; ", 12) // ~400 bytes, one line
	m := testMessage()
	m.Text = "Olá Ana,\r\n\n" + long + "\n" +
		".a line starting with a dot\n" +
		"From the start\n" +
		"trailing spaces   \n" +
		"tab\tand = sign\n" +
		"no final newline"
	raw, err := m.Bytes(testFrom)
	if err != nil {
		t.Fatal(err)
	}
	checkCRLF(t, raw)
	msg := parse(t, raw)
	body, err := io.ReadAll(quotedprintable.NewReader(msg.Body))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll(strings.ReplaceAll(m.Text, "\r\n", "\n"), "\n", "\r\n") + "\r\n"
	if string(body) != want {
		t.Errorf("body round trip:\n got %q\nwant %q", body, want)
	}
	if bytes.Contains(raw, []byte("trailing spaces   \r\n")) {
		t.Error("trailing whitespace not encoded")
	}
}

func TestMessageBytesUnsubscribe(t *testing.T) {
	m := testMessage()
	m.Unsubscribe = "https://surveyor.example.org/unsubscribe?t=abc%2Fdef&k=1"
	raw, err := m.Bytes(testFrom)
	if err != nil {
		t.Fatal(err)
	}
	h := parse(t, raw).Header
	if got, want := h.Get("List-Unsubscribe"), "<"+m.Unsubscribe+">"; got != want {
		t.Errorf("List-Unsubscribe = %q, want %q", got, want)
	}
	if got, want := h.Get("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click"; got != want {
		t.Errorf("List-Unsubscribe-Post = %q, want %q", got, want)
	}
}

func TestMessageBytesRejects(t *testing.T) {
	cases := map[string]func(*Message){
		"CRLF in To":                  func(m *Message) { m.To = "ana@example.net\r\nBcc: victim@example.com" },
		"LF in To display name":       func(m *Message) { m.To = "\"Ana\nBcc: x@y.example\" <ana@example.net>" },
		"CR in To":                    func(m *Message) { m.To = "ana@example.net\r" },
		"empty To":                    func(m *Message) { m.To = "" },
		"two To":                      func(m *Message) { m.To = "a@example.net, b@example.net" },
		"bad To":                      func(m *Message) { m.To = "not an address" },
		"CRLF in Subject":             func(m *Message) { m.Subject = "Your turn\r\nBcc: victim@example.com" },
		"LF in Subject":               func(m *Message) { m.Subject = "Your turn\nX-Evil: 1" },
		"CR in Subject":               func(m *Message) { m.Subject = "Your turn\rX-Evil: 1" },
		"invalid UTF-8 Subject":       func(m *Message) { m.Subject = "\xff\xfe" },
		"CRLF in ID":                  func(m *Message) { m.ID = "x\r\nBcc: victim@example.com" },
		"LF in ID":                    func(m *Message) { m.ID = "x\n" },
		"empty ID":                    func(m *Message) { m.ID = "" },
		"ID with >":                   func(m *Message) { m.ID = "a>b" },
		"ID with @":                   func(m *Message) { m.ID = "a@b" },
		"ID with space":               func(m *Message) { m.ID = "a b" },
		"CRLF in Unsubscribe":         func(m *Message) { m.Unsubscribe = "https://x.example/u\r\nBcc: victim@example.com" },
		"LF in Unsubscribe":           func(m *Message) { m.Unsubscribe = "https://x.example/u\n" },
		"Unsubscribe with >":          func(m *Message) { m.Unsubscribe = "https://x.example/u>, <mailto:x@y.example" },
		"Unsubscribe not http":        func(m *Message) { m.Unsubscribe = "javascript:alert(1)" },
		"Unsubscribe relative":        func(m *Message) { m.Unsubscribe = "/unsubscribe" },
		"Subject word over 998 bytes": func(m *Message) { m.Subject = strings.Repeat("x", 1000) },
	}
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			m := testMessage()
			mutate(&m)
			raw, err := m.Bytes(testFrom)
			if err == nil {
				t.Fatalf("Bytes accepted it:\n%s", raw)
			}
		})
	}
	for _, from := range []string{"", "noreply", "Surveyor <noreply@example.org>\r\nBcc: x@y.example"} {
		if _, err := testMessage().Bytes(from); err == nil {
			t.Errorf("Bytes(%q) accepted a bad From", from)
		}
	}
}
