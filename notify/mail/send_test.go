package mail

import (
	"context"
	"errors"
	"mime"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/surveyor-game/surveyor/notify/mail/mailtest"
)

func parseTestURL(t testing.TB, raw string) Config {
	t.Helper()
	c, err := ParseURL(raw)
	if err != nil {
		t.Fatalf("ParseURL(%q): %v", raw, err)
	}
	return c
}

func sendCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func smtpCode(err error) int {
	var se *smtp.SMTPError
	if errors.As(err, &se) {
		return se.Code
	}
	return 0
}

func TestSendDelivers(t *testing.T) {
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	m := testMessage()
	m.Text = "Olá Ana,\n\n" + strings.Repeat("é a tua vez de jogar. ", 10) + "\n.\n..\n"
	m.Unsubscribe = "https://surveyor.example.org/u/one-click?t=xyz"
	if err := cfg.Send(sendCtx(t), m); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := srv.Wait(t, 1, 5*time.Second)
	if len(got) != 1 {
		t.Fatalf("got %d messages, want 1", len(got))
	}
	r := got[0]
	if r.From != "noreply@example.org" {
		t.Errorf("MAIL FROM = %q", r.From)
	}
	if len(r.To) != 1 || r.To[0] != "ana@example.net" {
		t.Errorf("RCPT TO = %q", r.To)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(r.Header.Get("Subject"))
	if err != nil || subject != m.Subject {
		t.Errorf("Subject = %q (%v), want %q", subject, err, m.Subject)
	}
	wantBody := strings.ReplaceAll(m.Text, "\n", "\r\n")
	if r.Body != wantBody {
		t.Errorf("Body =\n%q\nwant\n%q", r.Body, wantBody)
	}
	if r.MessageID != "<turn.g42.m7.u3@example.org>" {
		t.Errorf("Message-ID = %q", r.MessageID)
	}
	if got := r.Header.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post = %q", got)
	}
	if got := r.Header.Get("List-Unsubscribe"); got != "<"+m.Unsubscribe+">" {
		t.Errorf("List-Unsubscribe = %q", got)
	}
	if from, err := r.Header.AddressList("From"); err != nil || from[0].Address != "noreply@example.org" || from[0].Name != "Surveyor" {
		t.Errorf("From header = %v (%v)", from, err)
	}
	want, _ := m.Bytes(cfg.From)
	if string(r.Data) != string(want) {
		t.Errorf("DATA differs from Bytes:\n%q\nwant\n%q", r.Data, want)
	}

	// A resend (e.g. after a crash) carries the same Message-ID.
	if err := cfg.Send(sendCtx(t), m); err != nil {
		t.Fatalf("second Send: %v", err)
	}
	got = srv.Wait(t, 2, 5*time.Second)
	if got[1].MessageID != got[0].MessageID {
		t.Errorf("resend Message-ID %q != %q", got[1].MessageID, got[0].MessageID)
	}
}

func TestSendTemporaryFailure(t *testing.T) {
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	srv.SetFailing(451)
	err := cfg.Send(sendCtx(t), testMessage())
	if err == nil {
		t.Fatal("Send succeeded against a failing server")
	}
	if IsPermanent(err) {
		t.Errorf("451 reported as permanent: %v", err)
	}
	if code := smtpCode(err); code != 451 {
		t.Errorf("error %v: SMTP code %d, want 451", err, code)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages received while failing", n)
	}

	srv.SetFailing(0)
	if err := cfg.Send(sendCtx(t), testMessage()); err != nil {
		t.Fatalf("Send after recovery: %v", err)
	}
	srv.Wait(t, 1, 5*time.Second)
}

func TestSendPermanentFailure(t *testing.T) {
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	srv.SetFailing(550)
	err := cfg.Send(sendCtx(t), testMessage())
	var perm *PermanentError
	if !errors.As(err, &perm) {
		t.Fatalf("Send error = %v (%T), want *PermanentError", err, err)
	}
	if code := smtpCode(err); code != 550 {
		t.Errorf("SMTP code %d, want 550 (error %v)", code, err)
	}
	if perm.Unwrap() == nil || !strings.Contains(perm.Error(), "550") {
		t.Errorf("PermanentError = %q", perm)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages received", n)
	}
}

func TestSendInvalidMessageIsPermanent(t *testing.T) {
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	m := testMessage()
	m.To = "ana@example.net\r\nBcc: victim@example.com"
	if err := cfg.Send(sendCtx(t), m); !IsPermanent(err) {
		t.Errorf("Send with a bad To: %v, want a permanent error", err)
	}
}

func TestSendServerDown(t *testing.T) {
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	srv.Down()
	err := cfg.Send(sendCtx(t), testMessage())
	if err == nil {
		t.Fatal("Send succeeded with the server down")
	}
	if IsPermanent(err) {
		t.Errorf("connection refused reported as permanent: %v", err)
	}
	srv.Up()
	if err := cfg.Send(sendCtx(t), testMessage()); err != nil {
		t.Fatalf("Send after Up: %v", err)
	}
	if got := srv.Wait(t, 1, 5*time.Second); len(got) != 1 {
		t.Errorf("got %d messages, want 1", len(got))
	}
}

func TestSendStallTimeout(t *testing.T) {
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	release := srv.Stall()
	defer release()

	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	// No bound on how long Send takes (no clocks in unit tests): a Send
	// that ignored ctx would hang on the stall and fail on -timeout.
	err := cfg.Send(ctx, testMessage())
	if err == nil {
		t.Fatal("Send succeeded against a stalled server")
	}
	if IsPermanent(err) {
		t.Errorf("timeout reported as permanent: %v", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v does not wrap context.DeadlineExceeded", err)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d messages counted for a killed session", n)
	}

	release()
	time.Sleep(100 * time.Millisecond) // let the stalled session finish
	m := testMessage()
	m.ID = "after-release"
	if err := cfg.Send(sendCtx(t), m); err != nil {
		t.Fatalf("Send after release: %v", err)
	}
	srv.Wait(t, 1, 5*time.Second)
	time.Sleep(50 * time.Millisecond)
	got := srv.Messages()
	if len(got) != 1 || got[0].MessageID != "<after-release@example.org>" {
		ids := make([]string, len(got))
		for i, r := range got {
			ids[i] = r.MessageID
		}
		t.Errorf("messages after release = %q, want only <after-release@example.org>", ids)
	}
}

func TestSendStallReleased(t *testing.T) {
	// A stalled session that is still connected is accepted on release.
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	release := srv.Stall()
	done := make(chan error, 1)
	go func() { done <- cfg.Send(sendCtx(t), testMessage()) }()
	select {
	case err := <-done:
		t.Fatalf("Send returned while stalled: %v", err)
	case <-time.After(200 * time.Millisecond):
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d messages counted while stalled", n)
	}
	release()
	if err := <-done; err != nil {
		t.Fatalf("Send after release: %v", err)
	}
	srv.Wait(t, 1, 5*time.Second)
}

func TestSendAuth(t *testing.T) {
	srv := mailtest.StartWithAuth(t, "surveyor", "pa:ss w@rd")
	cfg := parseTestURL(t, srv.URL(testFrom))
	if cfg.Username != "surveyor" || cfg.Password != "pa:ss w@rd" {
		t.Fatalf("URL %q parsed to user %q password %q", srv.URL(testFrom), cfg.Username, cfg.Password)
	}
	if err := cfg.Send(sendCtx(t), testMessage()); err != nil {
		t.Fatalf("Send with the right password: %v", err)
	}
	srv.Wait(t, 1, 5*time.Second)

	wrong := cfg
	wrong.Password = "wrong"
	err := wrong.Send(sendCtx(t), testMessage())
	if err == nil {
		t.Fatal("Send with a wrong password succeeded")
	}
	if code := smtpCode(err); code != 535 {
		t.Errorf("wrong password: %v, want SMTP 535", err)
	}

	anon := cfg
	anon.Username, anon.Password = "", ""
	if err := anon.Send(sendCtx(t), testMessage()); err == nil {
		t.Error("Send without credentials to a server requiring AUTH succeeded")
	}
	if n := len(srv.Messages()); n != 1 {
		t.Errorf("%d messages, want 1", n)
	}
}

func TestSendAuthNotOffered(t *testing.T) {
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	cfg.Username, cfg.Password = "u", "p"
	err := cfg.Send(sendCtx(t), testMessage())
	if err == nil || !strings.Contains(err.Error(), "AUTH PLAIN") {
		t.Errorf("Send with credentials to a server without AUTH: %v", err)
	}
}

func TestSendRefusesCleartextPassword(t *testing.T) {
	// The refusal must come before any dial: a recording dialer tells so
	// without a clock (192.0.2.1 is TEST-NET, so a real dial would hang).
	var dialled []string
	defer swapDial(func(ctx context.Context, network, addr string) (net.Conn, error) {
		dialled = append(dialled, addr)
		return nil, errors.New("test dialer: no network")
	})()
	cfg := Config{Addr: "192.0.2.1:25", Security: SecurityNone, Username: "u", Password: "p", From: testFrom}
	err := cfg.Send(sendCtx(t), testMessage())
	if err == nil || !strings.Contains(err.Error(), "in clear") {
		t.Errorf("Send = %v, want a refusal to send the password in clear", err)
	}
	if len(dialled) != 0 {
		t.Errorf("Send dialled %q before refusing", dialled)
	}
}

// swapDial makes Send dial with d until the returned restore is called.
// Tests in this package do not run in parallel, so the swap is safe.
func swapDial(d func(ctx context.Context, network, addr string) (net.Conn, error)) (restore func()) {
	old := dial
	dial = d
	return func() { dial = old }
}

func TestSendRequiresSTARTTLS(t *testing.T) {
	// mailtest does not offer STARTTLS: smtp:// without security=none must
	// fail rather than fall back to plaintext.
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	cfg.Security = SecuritySTARTTLS
	err := cfg.Send(sendCtx(t), testMessage())
	if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Errorf("Send = %v, want a STARTTLS error", err)
	}
	if IsPermanent(err) {
		t.Errorf("missing STARTTLS reported as permanent: %v", err)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages sent in clear", n)
	}
}

func TestSendDefaultTimeout(t *testing.T) {
	// A ctx without deadline gets DefaultTimeout, but cancelling it must
	// still abort a stalled DATA at once.
	srv := mailtest.Start(t)
	cfg := parseTestURL(t, srv.URL(testFrom))
	release := srv.Stall()
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	// Not aborted, Send would end on DefaultTimeout's deadline instead and
	// return context.DeadlineExceeded: the error says which, not a clock.
	err := cfg.Send(ctx, testMessage())
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Send = %v, want context.Canceled", err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Send = %v: ended on its deadline, not on the cancel", err)
	}
}

func BenchmarkSend(b *testing.B) {
	srv := mailtest.Start(b)
	cfg := parseTestURL(b, srv.URL(testFrom))
	m := testMessage()
	m.Text = strings.Repeat("É a tua vez de jogar Cartógrafos.\n", 20)
	m.Unsubscribe = "https://surveyor.example.org/u?t=abc"
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := cfg.Send(ctx, m); err != nil {
			b.Fatal(err)
		}
	}
}

// The errors of Send are logged, so they carry no address: neither ours ("send to ...") nor the one the
// server's reply names. The domain and a short hash are kept to debug with, and so is the reply's code.
func TestSendErrorsCarryNoAddress(t *testing.T) {
	for _, code := range []int{550, 450} {
		srv := mailtest.Start(t)
		cfg := parseTestURL(t, srv.URL(testFrom))
		srv.RefuseRecipients(code)
		err := cfg.Send(sendCtx(t), testMessage())
		if err == nil {
			t.Fatalf("%d: the refused recipient was sent to", code)
		}
		msg := err.Error()
		for _, leak := range []string{"ana@example.net", "ANA@EXAMPLE.NET", "ana@", "Ana Sílva"} {
			if strings.Contains(strings.ToLower(msg), strings.ToLower(leak)) {
				t.Errorf("%d: the error names the recipient (%q): %s", code, leak, msg)
			}
		}
		if !strings.Contains(msg, "@example.net") || !strings.Contains(msg, "Recipient address rejected") {
			t.Errorf("%d: the error lost what debugs it (the domain, the reply): %s", code, msg)
		}
		if smtpCode(err) != code || IsPermanent(err) != (code >= 500) {
			t.Errorf("%d: code %d, permanent %v: %s", code, smtpCode(err), IsPermanent(err), msg)
		}
		var se *smtp.SMTPError
		if errors.As(err, &se) && strings.Contains(se.Message, "ana@") {
			t.Errorf("%d: the unwrapped SMTP reply names the recipient: %s", code, se.Message)
		}
	}
	// A malformed address is still someone's.
	m := testMessage()
	m.To = "ana@example.net@"
	if err := startedConfig(t).Send(sendCtx(t), m); err == nil || strings.Contains(err.Error(), "ana@") {
		t.Errorf("a malformed To: %v", err)
	}
	// The form the logs show is the same for the same address, in any case, and differs between two.
	if a, b := RedactAddress("Ana@Example.net"), RedactAddress("ana@example.net"); a != b || a == RedactAddress("bea@example.net") ||
		!strings.HasSuffix(a, "@example.net") || strings.Contains(strings.ToLower(a), "ana") {
		t.Errorf("RedactAddress: %q %q", a, b)
	}
}

func startedConfig(t *testing.T) Config {
	return parseTestURL(t, mailtest.Start(t).URL(testFrom))
}
