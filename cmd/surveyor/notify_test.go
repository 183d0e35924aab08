package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/notify/mail/mailtest"
)

// TestMain lets a test run surveyor as a child process of its own (the crash test kills it with SIGKILL):
// the test binary re-executed with SURVEYOR_TEST_CHILD set runs surveyor with those arguments.
func TestMain(m *testing.M) {
	if args := os.Getenv("SURVEYOR_TEST_CHILD"); args != "" {
		os.Exit(run(context.Background(), strings.Split(args, "\x1f"), os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// child starts surveyor in a process of its own and returns its address and the process.
func child(t *testing.T, args ...string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SURVEYOR_TEST_CHILD="+strings.Join(args, "\x1f"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(out)
	if !lines.Scan() {
		t.Fatal("surveyor printed nothing")
	}
	m := regexp.MustCompile(`serving on (http://[0-9.:]+)/`).FindStringSubmatch(lines.Text())
	if m == nil {
		t.Fatalf("surveyor printed %q", lines.Text())
	}
	go io.Copy(io.Discard, out)
	return m[1], cmd
}

// person is a browser with its cookies, speaking to whichever process serves now.
type person struct {
	t    *testing.T
	c    *http.Client
	base *string
}

func newPerson(t *testing.T, base *string) *person {
	jar, _ := cookiejar.New(nil)
	return &person{t: t, c: &http.Client{Jar: jar, Timeout: 10 * time.Second}, base: base}
}

func (p *person) call(method, path, body string) string {
	p.t.Helper()
	req, _ := http.NewRequest(method, *p.base+path, strings.NewReader(body))
	req.Header.Set("Origin", *p.base)
	req.Header.Set("Content-Type", "application/json")
	res, err := p.c.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		p.t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, b)
	}
	return string(b)
}

var matchIDRe = regexp.MustCompile(`"id":"([a-z2-7]{16})"`)

// TestMailOnceAcrossACrash: a "your turn" mail is being sent when its server process is killed (SIGKILL)
// in the middle of the SMTP conversation; the process restarted sends it once the dead one's lease has
// passed. The real (in-process) SMTP server receives it exactly once, and exactly once for the next
// game, with no crash.
func TestMailOnceAcrossACrash(t *testing.T) {
	smtp := mailtest.Start(t)
	data := t.TempDir()
	args := []string{"serve", "--addr", "127.0.0.1:0", "--data", data, "--toy", "--no-push", "--log-level", "error",
		"--smtp", smtp.URL("Surveyor <noreply@surveyor.example>"), "--public-url", "http://surveyor.example", "--outbox-lease", "2s"}
	base, proc := child(t, args...)
	ada, bea := newPerson(t, &base), newPerson(t, &base)
	ada.call("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	bea.call("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`)
	bea.call("POST", "/api/account/notify", `{"email":"bea@example.org","mail":"each"}`)
	confirm := regexp.MustCompile(`http://surveyor\.example(/confirm-email\?\S+)`).FindStringSubmatch(smtp.Wait(t, 1, 10*time.Second)[0].Body)
	if confirm == nil {
		t.Fatal("no confirmation link")
	}
	bea.call("GET", confirm[1], "")
	newGame := func() string {
		id := matchIDRe.FindStringSubmatch(ada.call("POST", "/api/matches", `{"game":"toy","options":{"sequential":true},"max_seats":2,"name":"Ada"}`))[1]
		bea.call("POST", "/api/matches/"+id+"/join", `{"name":"Bea"}`)
		return id
	}
	first := newGame()

	release := smtp.Stall()
	ada.call("POST", "/api/matches/"+first+"/start", "")
	for end := time.Now().Add(10 * time.Second); smtp.Stalled() == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the mail never reached the SMTP server")
		}
	}
	proc.Process.Kill() // SIGKILL: no shutdown, no settling, the SMTP conversation cut in DATA
	proc.Wait()
	release()
	time.Sleep(100 * time.Millisecond)
	if n := len(smtp.Messages()); n != 1 {
		t.Fatalf("%d messages after the crash, want only the confirmation", n)
	}

	base, _ = child(t, args...)
	smtp.Wait(t, 2, 20*time.Second)
	time.Sleep(3 * time.Second) // longer than a lease: a second claim would have sent it again
	got := smtp.Messages()
	if len(got) != 2 {
		t.Fatalf("%d messages, want the confirmation and one start mail", len(got))
	}
	m := got[1]
	if m.To[0] != "bea@example.org" || !strings.Contains(m.Body, "/m/"+first) || !strings.Contains(m.Body, "Ada started") {
		t.Fatalf("the mail after the crash: %v\n%s", m.Header, m.Body)
	}

	second := newGame()
	ada.call("POST", "/api/matches/"+second+"/start", "")
	smtp.Wait(t, 3, 10*time.Second)
	time.Sleep(500 * time.Millisecond)
	if got = smtp.Messages(); len(got) != 3 || !strings.Contains(got[2].Body, "/m/"+second) {
		t.Fatalf("%d messages after the second game's start", len(got))
	}
	// The unsubscribe link works against the restarted process.
	unsub, _ := url.Parse(strings.Trim(got[2].Header.Get("List-Unsubscribe"), "<>"))
	bea.call("POST", "/unsubscribe?"+unsub.RawQuery, "List-Unsubscribe=One-Click")
	if !strings.Contains(bea.call("GET", "/api/account/notify", ""), `"mail":"off"`) {
		t.Fatal("one-click unsubscribe did not turn mails off")
	}
}
