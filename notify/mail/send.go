package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// DefaultTimeout bounds a Send whose ctx has no deadline.
const DefaultTimeout = 30 * time.Second

// PermanentError is returned by Send when retrying cannot help: the server
// answered with a 5xx reply (e.g. 550 no such user, 535 bad credentials,
// 552 too large), or the message itself is invalid. Every other error
// (4xx replies, network and TLS failures, timeouts) is temporary.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return "mail: permanent failure: " + e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// IsPermanent reports whether err (from Send) must not be retried.
func IsPermanent(err error) bool {
	var p *PermanentError
	return errors.As(err, &p)
}

// Send delivers one message. ctx bounds the whole SMTP session (dial, TLS,
// AUTH, MAIL, RCPT, DATA, QUIT); without a deadline it is DefaultTimeout.
//
// The error is a *PermanentError for a 5xx reply or an invalid message, and
// a temporary error to retry otherwise. Once the server has accepted the
// DATA (250 after the final "."), Send returns nil even if QUIT fails: the
// message is delivered and must not be sent twice. A crash between the
// server's 250 and our noticing it can still cause a resend; Message.ID
// keeps the Message-ID stable so that it can be deduplicated.
//
// No error of Send carries an e-mail address: each is in RedactAddress's form (they are logged).
func (c Config) Send(ctx context.Context, m Message) error {
	return redactErr(c.send1(ctx, m))
}

// send1 is Send with the recipient's address still in its errors.
func (c Config) send1(ctx context.Context, m Message) error {
	data, err := m.Bytes(c.From)
	if err != nil {
		return &PermanentError{Err: err}
	}
	from, err := parseFrom(c.From)
	if err != nil {
		return &PermanentError{Err: fmt.Errorf("mail: From: %v", err)}
	}
	to, err := m.rcpt()
	if err != nil {
		return &PermanentError{Err: err}
	}
	if err := c.checkCleartextAuth(); err != nil {
		return &PermanentError{Err: fmt.Errorf("mail: %v", err)}
	}

	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	err = c.send(ctx, from.Address, to.Address, data)
	if err == nil {
		return nil
	}
	ctxErr := ctx.Err()
	if dl, _ := ctx.Deadline(); ctxErr == nil && !time.Now().Before(dl) {
		// The conn deadline (= ctx's) fired before ctx's own timer.
		ctxErr = context.DeadlineExceeded
	}
	if ctxErr != nil && !errors.Is(err, ctxErr) {
		// The conn was closed or timed out under go-smtp because ctx
		// ended: say so rather than "use of closed network connection".
		err = fmt.Errorf("%w (%v)", ctxErr, err)
	}
	err = fmt.Errorf("mail: send to %s via %s: %w", to.Address, c.Addr, err)
	var se *smtp.SMTPError
	if errors.As(err, &se) && se.Code >= 500 && se.Code <= 599 {
		return &PermanentError{Err: err}
	}
	return err
}

// dial opens Send's connections; a variable so that tests can tell whether
// Send dialled at all.
var dial = (&net.Dialer{}).DialContext

func (c Config) send(ctx context.Context, from, to string, data []byte) (err error) {
	deadline, _ := ctx.Deadline()
	host, _, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return err
	}
	tlsConfig := c.TLSConfig
	if tlsConfig == nil {
		tlsConfig = &tls.Config{}
	}
	if tlsConfig.ServerName == "" {
		// smtp.NewClient does not know the host name, so STARTTLS would
		// run with an empty ServerName: always set it.
		tlsConfig = tlsConfig.Clone()
		tlsConfig.ServerName = host
	}

	raw, err := dial(ctx, "tcp", c.Addr)
	if err != nil {
		return err
	}
	conn := &deadlineConn{Conn: raw, limit: deadline}
	conn.SetDeadline(time.Time{})
	// Closing the conn when ctx ends unblocks whatever go-smtp is doing,
	// including the DATA body write, which has no deadline of its own.
	stop := context.AfterFunc(ctx, func() { raw.Close() })
	defer stop()
	defer raw.Close()

	var cl *smtp.Client
	switch c.Security {
	case SecurityTLS:
		tc := tls.Client(conn, tlsConfig)
		if err := tc.HandshakeContext(ctx); err != nil {
			return err
		}
		cl = smtp.NewClient(tc)
	case SecuritySTARTTLS:
		// The pre-TLS EHLO always says "localhost": go-smtp's STARTTLS is
		// only reachable through NewClientStartTLS, which greets first.
		cl, err = smtp.NewClientStartTLS(conn, tlsConfig)
		if err != nil {
			return err
		}
	case SecurityNone:
		cl = smtp.NewClient(conn)
	default:
		return fmt.Errorf("unknown security %q", c.Security)
	}
	// go-smtp sets now+CommandTimeout around each command and then clears
	// the deadline; deadlineConn clamps both to ctx's deadline.
	cl.CommandTimeout = time.Until(deadline)
	cl.SubmissionTimeout = time.Until(deadline)

	helo := c.HeloName
	if helo == "" {
		helo = DefaultHelo
	}
	if err := cl.Hello(helo); err != nil {
		return err
	}
	if c.Username != "" {
		if !cl.SupportsAuth(sasl.Plain) {
			return errors.New("server does not offer AUTH PLAIN")
		}
		if err := cl.Auth(sasl.NewPlainClient("", c.Username, c.Password)); err != nil {
			return err
		}
	}
	if err := cl.Mail(from, nil); err != nil {
		return err
	}
	if err := cl.Rcpt(to, nil); err != nil {
		return err
	}
	w, err := cl.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	// Delivered. QUIT is a courtesy; its failure must not cause a resend.
	_ = cl.Quit()
	return nil
}

// deadlineConn never lets a deadline go past limit: go-smtp sets
// now+CommandTimeout before each command and the zero time (no deadline)
// after it, which would otherwise escape ctx's deadline.
type deadlineConn struct {
	net.Conn
	limit time.Time
}

func (c *deadlineConn) clamp(t time.Time) time.Time {
	if t.IsZero() || t.After(c.limit) {
		return c.limit
	}
	return t
}

func (c *deadlineConn) SetDeadline(t time.Time) error {
	return c.Conn.SetDeadline(c.clamp(t))
}

func (c *deadlineConn) SetReadDeadline(t time.Time) error {
	return c.Conn.SetReadDeadline(c.clamp(t))
}

func (c *deadlineConn) SetWriteDeadline(t time.Time) error {
	return c.Conn.SetWriteDeadline(c.clamp(t))
}
