package mailtest

import (
	"fmt"
	"net"
	"net/textproto"
	"strings"
	"testing"
	"time"
)

// dialRaw opens an SMTP session by hand and gets as far as the 354 reply to
// DATA.
func dialRaw(t *testing.T, s *Server) (net.Conn, *textproto.Conn) {
	t.Helper()
	nc, err := net.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	c := textproto.NewConn(nc)
	expect := func(code int, cmd string) {
		t.Helper()
		if cmd != "" {
			if err := c.PrintfLine("%s", cmd); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := c.ReadResponse(code); err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
	}
	expect(220, "")
	expect(250, "EHLO test.example")
	expect(250, "MAIL FROM:<a@example.org>")
	expect(250, "RCPT TO:<b@example.org>")
	expect(354, "DATA")
	return nc, c
}

const rawMsg = "From: a@example.org\r\nTo: b@example.org\r\nSubject: hi\r\nMessage-ID: <x1@example.org>\r\n" +
	"Content-Transfer-Encoding: quoted-printable\r\n\r\nOl=C3=A1\r\n..dot\r\n"

func TestRawDelivery(t *testing.T) {
	s := Start(t)
	nc, c := dialRaw(t, s)
	defer nc.Close()
	fmt.Fprint(nc, rawMsg+".\r\n")
	if _, _, err := c.ReadResponse(250); err != nil {
		t.Fatal(err)
	}
	got := s.Wait(t, 1, 5*time.Second)
	r := got[0]
	if r.From != "a@example.org" || len(r.To) != 1 || r.To[0] != "b@example.org" ||
		r.MessageID != "<x1@example.org>" || r.Body != "Olá\r\n.dot\r\n" ||
		string(r.Data) != strings.Replace(rawMsg, "\r\n..dot", "\r\n.dot", 1) {
		t.Errorf("received %+v", r)
	}
	// Messages returns copies.
	got[0].Data[0] = 'X'
	got[0].Header["Subject"][0] = "changed"
	if again := s.Messages()[0]; again.Data[0] != 'F' || again.Header.Get("Subject") != "hi" {
		t.Error("Messages does not return copies")
	}
}

func TestPartialDataNotCounted(t *testing.T) {
	s := Start(t)
	nc, _ := dialRaw(t, s)
	fmt.Fprint(nc, rawMsg) // no final "."
	nc.Close()
	time.Sleep(100 * time.Millisecond)
	if n := len(s.Messages()); n != 0 {
		t.Errorf("%d messages counted without the final dot", n)
	}
}

func TestStalledClientGoneNotCounted(t *testing.T) {
	s := Start(t)
	release := s.Stall()
	nc, _ := dialRaw(t, s)
	fmt.Fprint(nc, rawMsg+".\r\n") // complete, but the client leaves before the 250
	time.Sleep(50 * time.Millisecond)
	nc.Close()
	release()
	time.Sleep(100 * time.Millisecond)
	if n := len(s.Messages()); n != 0 {
		t.Errorf("%d messages counted for a client that left before the reply", n)
	}

	// A client that stays gets its message on release.
	release = s.Stall()
	nc, c := dialRaw(t, s)
	defer nc.Close()
	fmt.Fprint(nc, rawMsg+".\r\n")
	time.Sleep(50 * time.Millisecond)
	if n := len(s.Messages()); n != 0 {
		t.Fatalf("%d messages counted while stalled", n)
	}
	release()
	if _, _, err := c.ReadResponse(250); err != nil {
		t.Fatal(err)
	}
	if n := len(s.Messages()); n != 1 {
		t.Errorf("%d messages, want 1", n)
	}
}

func TestDownUpSamePort(t *testing.T) {
	s := Start(t)
	addr := s.Addr()
	s.Down()
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Fatal("dial succeeded while Down")
	}
	s.Up()
	if s.Addr() != addr {
		t.Errorf("Addr changed: %s -> %s", addr, s.Addr())
	}
	nc, _ := dialRaw(t, s)
	nc.Close()
}

func TestURL(t *testing.T) {
	s := StartWithAuth(t, "u@x", "p:w")
	got := s.URL("Surveyor <noreply@example.org>")
	want := "smtp://u%40x:p%3Aw@" + s.Addr() + "?security=none&from=Surveyor+%3Cnoreply%40example.org%3E"
	if got != want {
		t.Errorf("URL = %q, want %q", got, want)
	}
}

type fatalRecorder struct {
	testing.TB
	failed bool
}

func (f *fatalRecorder) Fatalf(string, ...any) { f.failed = true }
func (f *fatalRecorder) Helper()               {}

func TestWaitTimesOut(t *testing.T) {
	s := Start(t)
	rec := &fatalRecorder{TB: t}
	start := time.Now()
	s.Wait(rec, 1, 100*time.Millisecond)
	if !rec.failed {
		t.Error("Wait did not fail the test")
	}
	// Only the lower bound, which cannot flake: Wait must not give up early.
	if d := time.Since(start); d < 100*time.Millisecond {
		t.Errorf("Wait gave up after %v, before its 100ms", d)
	}
}
