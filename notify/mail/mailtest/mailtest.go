// Package mailtest runs a real SMTP server in process for tests, built on
// go-smtp's server side. It listens on 127.0.0.1 without TLS (the URL it
// hands out says security=none) and can optionally require AUTH PLAIN.
//
// A message counts as received only when its DATA phase completed (the
// final "." was read), the client was still connected, and the server
// answered 250: a client killed mid-send leaves nothing behind. The server
// can simulate failures: SetFailing (4xx/5xx to MAIL FROM), RefuseRecipients
// (4xx/5xx to RCPT TO, the address in the reply), Stall (DATA
// blocks), Down/Up (connection refused, then back on the same port).
package mailtest

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one accepted message.
type Received struct {
	From      string   // MAIL FROM address
	To        []string // RCPT TO addresses
	Data      []byte   // the message as sent in DATA (CRLF line endings, dots unstuffed)
	Header    mail.Header
	Body      string // the body, quoted-printable decoded if so encoded
	MessageID string // Message-ID header, angle brackets included
}

// Server is an in-process SMTP server. Its methods are safe for concurrent
// use.
type Server struct {
	srv  *smtp.Server
	addr string // 127.0.0.1:port, stable across Down/Up

	user, pass string // AUTH PLAIN credentials; user == "" means no AUTH

	mu      sync.Mutex
	cond    *sync.Cond // signalled when msgs grows
	msgs    []Received
	failing int
	refuse  int           // the code RCPT TO is answered with, naming the address as real servers do; 0: accepted
	stall   chan struct{} // non-nil while stalled; closed by release
	waiting atomic.Int32  // sessions held in DATA by a stall
	ln      net.Listener  // nil while Down
	closed  bool
}

// Start starts a server without AUTH. It is closed by t.Cleanup.
func Start(t testing.TB) *Server {
	t.Helper()
	return start(t, "", "")
}

// StartWithAuth starts a server that requires AUTH PLAIN with user and pass
// before MAIL FROM (allowed without TLS: loopback only). It is closed by
// t.Cleanup.
func StartWithAuth(t testing.TB, user, pass string) *Server {
	t.Helper()
	if user == "" {
		t.Fatal("mailtest: StartWithAuth with an empty user")
	}
	return start(t, user, pass)
}

func start(t testing.TB, user, pass string) *Server {
	s := &Server{user: user, pass: pass}
	s.cond = sync.NewCond(&s.mu)
	s.srv = smtp.NewServer(backend{s})
	s.srv.Domain = "mailtest.localhost"
	s.srv.AllowInsecureAuth = true
	s.srv.MaxMessageBytes = 10 << 20
	s.srv.MaxRecipients = 50
	s.srv.ErrorLog = log.New(io.Discard, "", 0)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("mailtest: listen: %v", err)
	}
	s.addr = ln.Addr().String()
	s.serve(ln)
	t.Cleanup(s.close)
	return s
}

func (s *Server) serve(ln net.Listener) {
	s.mu.Lock()
	s.ln = ln
	s.mu.Unlock()
	go s.srv.Serve(ln)
}

func (s *Server) close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	if s.stall != nil {
		close(s.stall)
		s.stall = nil
	}
	s.cond.Broadcast()
	ln := s.ln
	s.ln = nil
	s.mu.Unlock()
	if ln != nil {
		// srv.Close misses a listener whose Serve has not registered it yet.
		ln.Close()
	}
	s.srv.Close()
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return s.addr }

// URL returns an --smtp URL pointing at the server with from as sender:
// smtp://127.0.0.1:PORT?security=none&from=... For a server started with
// StartWithAuth the credentials are included.
func (s *Server) URL(from string) string {
	u := url.URL{Scheme: "smtp", Host: s.addr}
	if s.user != "" {
		u.User = url.UserPassword(s.user, s.pass)
	}
	u.RawQuery = "security=none&from=" + url.QueryEscape(from)
	return u.String()
}

// Messages returns copies of the messages received so far, in arrival
// order.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Received, len(s.msgs))
	for i, m := range s.msgs {
		out[i] = m.clone()
	}
	return out
}

// Wait waits until at least n messages have been received and returns
// (copies of) all of them; it fails the test after timeout.
func (s *Server) Wait(t testing.TB, n int, timeout time.Duration) []Received {
	t.Helper()
	// The deadline is taken before the timer starts, so that when its wake-up comes the deadline has
	// passed: taken after, a wake-up a moment early found time left and waited again, for ever (a CI
	// run hung here for 12 minutes).
	end := time.Now().Add(timeout)
	timer := time.AfterFunc(timeout, func() {
		s.mu.Lock()
		s.cond.Broadcast()
		s.mu.Unlock()
	})
	defer timer.Stop()
	s.mu.Lock()
	for len(s.msgs) < n && !s.closed && time.Now().Before(end) {
		s.cond.Wait()
	}
	got := len(s.msgs)
	s.mu.Unlock()
	if got < n {
		t.Fatalf("mailtest: got %d messages after %v, want at least %d", got, timeout, n)
	}
	return s.Messages()
}

// SetFailing makes the server answer MAIL FROM with code (e.g. 451 for a
// temporary failure, 550 for a permanent one). 0 accepts again.
func (s *Server) SetFailing(code int) {
	s.setCode("SetFailing", &s.failing, code)
}

// RefuseRecipients makes the server answer RCPT TO with code (e.g. 550), its
// reply naming the address ("<ana@example.net>: Recipient address rejected")
// as Postfix's does; 0 accepts them again.
func (s *Server) RefuseRecipients(code int) {
	s.setCode("RefuseRecipients", &s.refuse, code)
}

// setCode sets one of the failures' reply codes, under the lock; a code that is no failure is the test's
// mistake.
func (s *Server) setCode(name string, field *int, code int) {
	if code != 0 && (code < 400 || code > 599) {
		panic(fmt.Sprintf("mailtest: %s(%d): want 0, 4xx or 5xx", name, code))
	}
	s.mu.Lock()
	*field = code
	s.mu.Unlock()
}

// Stall makes sessions block in DATA, before the message is read and
// accepted, until release is called (or the server is closed). A client
// that gives up meanwhile (closes its connection) does not get its message
// counted after release, even if all of it, final "." included, had reached
// the server's socket. release is idempotent.
func (s *Server) Stall() (release func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stall == nil {
		s.stall = make(chan struct{})
	}
	ch := s.stall
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.stall == ch {
				close(ch)
				s.stall = nil
			}
		})
	}
}

// Stalled is how many sessions a stall holds in DATA now: a test waits for one before it kills the
// client mid-send.
func (s *Server) Stalled() int { return int(s.waiting.Load()) }

// Down closes the listener: new connections are refused. Sessions already
// open go on.
func (s *Server) Down() {
	s.mu.Lock()
	ln := s.ln
	s.ln = nil
	s.mu.Unlock()
	if ln != nil {
		ln.Close()
	}
}

// Up listens again on the same port after Down. It panics if the port was
// taken meanwhile (tests cannot go on meaningfully).
func (s *Server) Up() {
	s.mu.Lock()
	up := s.ln != nil || s.closed
	s.mu.Unlock()
	if up {
		return
	}
	var ln net.Listener
	var err error
	for i := 0; i < 50; i++ {
		if ln, err = net.Listen("tcp", s.addr); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		panic(fmt.Sprintf("mailtest: Up: listen again on %s: %v", s.addr, err))
	}
	s.serve(ln)
}

func (s *Server) checkMail() error {
	s.mu.Lock()
	code := s.failing
	s.mu.Unlock()
	if code == 0 {
		return nil
	}
	return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCodeNotSet, Message: "mailtest: failing as told"}
}

func (s *Server) stalled() chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stall
}

func (s *Server) add(r Received) {
	s.mu.Lock()
	s.msgs = append(s.msgs, r)
	s.cond.Broadcast()
	s.mu.Unlock()
}

func (r Received) clone() Received {
	c := r
	c.To = append([]string(nil), r.To...)
	c.Data = bytes.Clone(r.Data)
	c.Header = make(mail.Header, len(r.Header))
	for k, v := range r.Header {
		c.Header[k] = append([]string(nil), v...)
	}
	return c
}

type backend struct{ s *Server }

func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &session{s: b.s, conn: c}, nil
}

type session struct {
	s      *Server
	conn   *smtp.Conn
	authed bool
	from   string
	to     []string
}

var errAuthRequired = &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Authentication required"}

func (ss *session) AuthMechanisms() []string {
	if ss.s.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(mech string) (sasl.Server, error) {
	if ss.s.user == "" || mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if (identity != "" && identity != user) || user != ss.s.user || pass != ss.s.pass {
			return smtp.ErrAuthFailed // 535: go-smtp would say 454 for a plain error
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.user != "" && !ss.authed {
		return errAuthRequired
	}
	if err := ss.s.checkMail(); err != nil {
		return err
	}
	ss.from = from
	ss.to = nil
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.s.mu.Lock()
	code := ss.s.refuse
	ss.s.mu.Unlock()
	if code != 0 {
		return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCodeNotSet, Message: "<" + to + ">: Recipient address rejected: User unknown"}
	}
	ss.to = append(ss.to, to)
	return nil
}

var errClientGone = &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 4, 2}, Message: "mailtest: client went away during DATA"}

func (ss *session) Data(r io.Reader) error {
	if ch := ss.s.stalled(); ch != nil {
		ss.s.waiting.Add(1)
		<-ch
		ss.s.waiting.Add(-1)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if peerGone(ss.conn.Conn()) {
		// The final "." was in our buffer, but nobody is left to read
		// the 250: don't count the message.
		return errClientGone
	}
	rec := Received{From: ss.from, To: append([]string(nil), ss.to...), Data: data}
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: "mailtest: unparsable message: " + err.Error()}
	}
	rec.Header = msg.Header
	rec.MessageID = msg.Header.Get("Message-ID")
	var body io.Reader = msg.Body
	if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: "mailtest: bad body: " + err.Error()}
	}
	rec.Body = string(b)
	ss.s.add(rec)
	return nil
}

func (ss *session) Reset() {
	ss.from = ""
	ss.to = nil
}

func (ss *session) Logout() error { return nil }
