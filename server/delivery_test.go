package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/notify/mail"
	"github.com/surveyor-game/surveyor/notify/mail/mailtest"
	"github.com/surveyor-game/surveyor/notify/push/pushtest"
	"github.com/surveyor-game/surveyor/server/social"
	"github.com/surveyor-game/surveyor/store"
)

// pushService stands in for a browser vendor's push service: it keeps what it is sent and answers with
// the statuses it is given, one per request (the last one repeated).
type pushService struct {
	*httptest.Server
	mu       sync.Mutex
	bodies   [][]byte
	statuses []int
}

func newPushService(t *testing.T, statuses ...int) *pushService {
	p := &pushService{statuses: statuses}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		status := p.statuses[0]
		if len(p.statuses) > 1 {
			p.statuses = p.statuses[1:]
		}
		if status < 300 {
			p.bodies = append(p.bodies, b)
		}
		p.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *pushService) received() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]byte(nil), p.bodies...)
}

// eventually polls cond for up to a minute: it returns as soon as cond holds, and the cap only ends a
// wait that never would; 10 s ran out under the race detector on a loaded machine, with 300 pushes
// encrypted for TestScaleOutNotesOnce.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// A Web Push reaches the player's browser encrypted for it: the test decrypts it with the subscription's
// keys. A push service that fails is retried until it takes the push, once; a subscription it says is
// gone is forgotten.
func TestWebPushIsEncryptedForTheBrowser(t *testing.T) {
	t.Parallel()
	ps := newPushService(t, 503, 201)
	e, _, _ := accEnv(t, func(c *Config) { c.PushLoopback = true; c.PublicURL = "https://surveyor.example" })
	ada, bea, id := twoPlayers(t, e, "")
	settings := bea.must(bea.do("GET", "/api/account/notify", ""), 200).json(t)
	if k, _ := settings["push_key"].(string); len(k) < 80 {
		t.Fatalf("no VAPID key offered: %v", settings)
	}
	browser := pushtest.NewBrowser(t)
	sub := `{"subscription":{"endpoint":"` + ps.URL + `/send/bea","keys":{"p256dh":"` + browser.P256dh() + `","auth":"` + browser.AuthB64() + `"}},"agent":"Firefox · Linux"}`
	bea.must(bea.do("POST", "/api/account/push", sub), 201)

	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	// The service is down (503) the first time: the push waits, retried after a pause.
	eventually(t, "the first attempt", func() bool { ps.mu.Lock(); defer ps.mu.Unlock(); return len(ps.statuses) == 1 })
	// The clock moves on until the retry is due (the pause is set when the failure is settled).
	eventually(t, "the push", func() bool { e.clock.Advance(5 * time.Second); return len(ps.received()) == 1 })
	plain, err := browser.Open(ps.received()[0])
	if err != nil {
		t.Fatalf("the browser cannot decrypt the push: %v", err)
	}
	var msg struct{ Title, Body, URL, Tag string }
	if err := json.Unmarshal(plain, &msg); err != nil {
		t.Fatalf("push payload %q: %v", plain, err)
	}
	if msg.URL != "https://surveyor.example/m/"+id || msg.Tag != id || !strings.Contains(msg.Body, "Ada") || !strings.Contains(msg.Title, "Toy") {
		t.Fatalf("push %+v", msg)
	}
	e.clock.Advance(time.Hour)
	settled(t, e.srv)
	if n := len(ps.received()); n != 1 {
		t.Fatalf("the push was delivered %d times", n)
	}

	// A push speaks the player's language.
	bea.must(bea.do("POST", "/api/account/notify", `{"lang":"fr"}`), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	eventually(t, "the turn push", func() bool { return len(ps.received()) == 2 })
	plain, _ = browser.Open(ps.received()[1])
	json.Unmarshal(plain, &msg)
	if !strings.HasPrefix(msg.Body, "À vous de jouer") {
		t.Fatalf("French push %+v", msg)
	}

	// The service says the subscription is gone: it is forgotten.
	ps.mu.Lock()
	ps.statuses = []int{410}
	ps.mu.Unlock()
	bea.must(bea.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":2}}`), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":3}}`), 200)
	eventually(t, "the gone subscription to be dropped", func() bool {
		var v struct{ Browsers []any }
		json.Unmarshal(bea.do("GET", "/api/account/notify", "").body, &v)
		return len(v.Browsers) == 0
	})
}

// A subscription must name a public https push service; one aimed at the server's own network is refused.
func TestPushEndpointMustBePublic(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	_, bea, _ := twoPlayers(t, e, "")
	b := pushtest.NewBrowser(t)
	for _, ep := range []string{"http://127.0.0.1:9/x", "https://127.0.0.1/x", "https://10.0.0.8/x", "https://localhost/x",
		"https://metadata.internal/x", "https://[::1]/x", "https://192.168.1.1/x"} {
		body := `{"subscription":{"endpoint":"` + ep + `","keys":{"p256dh":"` + b.P256dh() + `","auth":"` + b.AuthB64() + `"}}}`
		if r := bea.do("POST", "/api/account/push", body); r.status != 400 {
			t.Errorf("endpoint %s: %d %s", ep, r.status, r.body)
		}
	}
	ok := `{"subscription":{"endpoint":"https://push.example.net/x","keys":{"p256dh":"` + b.P256dh() + `","auth":"` + b.AuthB64() + `"}}}`
	bea.must(bea.do("POST", "/api/account/push", ok), 201)
}

var linkRe = regexp.MustCompile(`https?://\S+/(confirm-email|unsubscribe)\?\S+`)

// smtpEnv is a server with accounts that mails through a real (in-process) SMTP server, and its logs.
func smtpEnv(t *testing.T) (*env, *mailtest.Server, *syncBuffer) {
	t.Helper()
	smtp := mailtest.Start(t)
	mc, err := mail.ParseURL(smtp.URL("Surveyor <noreply@surveyor.example>"))
	if err != nil {
		t.Fatal(err)
	}
	e, _, logs := accEnv(t, func(c *Config) { c.SMTP = &mc; c.NoPush = true })
	return e, smtp, logs
}

// mailEnv is a server that mails through a real (in-process) SMTP server, with Bea's address confirmed.
func mailEnv(t *testing.T) (*env, *mailtest.Server, *browser, *browser, string) {
	t.Helper()
	e, smtp, _ := smtpEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	bea.must(bea.do("POST", "/api/account/notify", `{"email":"bea@example.org","mail":"each"}`), 200)
	got := smtp.Wait(t, 1, 10*time.Second)
	link := linkRe.FindString(got[0].Body)
	if got[0].To[0] != "bea@example.org" || link == "" {
		t.Fatalf("confirmation mail to %v: %q", got[0].To, got[0].Body)
	}
	u, _ := url.Parse(link)
	// A link with its address changed proves nothing.
	q := u.Query()
	q.Set("a", "eve@example.org")
	if r := bea.do("GET", "/confirm-email?"+q.Encode(), ""); r.status != 400 {
		t.Fatalf("a forged confirmation: %d", r.status)
	}
	bea.must(bea.do("GET", "/confirm-email?"+u.RawQuery, ""), 200)
	if v := bea.must(bea.do("GET", "/api/account/notify", ""), 200).json(t); v["confirmed"] != true || v["mail"] != "each" {
		t.Fatalf("after confirming: %v", v)
	}
	return e, smtp, ada, bea, id
}

// A turn is mailed once to a confirmed address; an SMTP server that refuses for a while delays the mail
// and loses none; a mail carries a one-click unsubscribe link bound to the account and the address.
func TestMailSurvivesAnSMTPOutage(t *testing.T) {
	t.Parallel()
	e, smtp, ada, bea, id := mailEnv(t)
	smtp.SetFailing(451)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	settled(t, e.srv)
	smtp.SetFailing(0)
	if n := len(smtp.Messages()); n != 1 {
		t.Fatalf("%d mails while the server refused", n)
	}
	eventually(t, "the retried mail", func() bool { e.clock.Advance(5 * time.Second); return len(smtp.Messages()) == 2 })
	// The metrics count the turn mail (the first of the two mails is the address's confirmation, which
	// does not go through the outbox) once sent, and the refusals before.
	eventually(t, "the metrics of the retried mail", func() bool {
		mt := e.must(http.StatusOK, e.scrape(nil))
		return strings.Contains(string(mt.body), `surveyor_notifications_total{channel="mail",result="sent"} 1`+"\n")
	})
	if failed := series(t, e.scrape(nil).body, `surveyor_notifications_total{channel="mail",result="failed"}`); failed < 1 {
		t.Fatalf("metrics: %v mails failed; want the refused one counted", failed)
	}
	m := smtp.Messages()[1]
	if m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" || !strings.Contains(m.Body, "/m/"+id) || !strings.Contains(m.Body, "Ada") {
		t.Fatalf("turn mail: %v\n%s", m.Header, m.Body)
	}
	// A second turn within the hour is not mailed again.
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	settled(t, e.srv)
	if n := len(smtp.Messages()); n != 2 {
		t.Fatalf("%d mails: one per match an hour at most", n)
	}
	unsub := strings.Trim(m.Header.Get("List-Unsubscribe"), "<>")
	u, _ := url.Parse(unsub)
	if r := e.do("GET", "/unsubscribe?"+u.RawQuery, "", ""); r.status != 200 || !strings.Contains(string(r.body), "<form") {
		t.Fatalf("unsubscribe page: %d", r.status)
	}
	if v := bea.do("GET", "/api/account/notify", "").json(t); v["mail"] != "each" {
		t.Fatalf("opening the link unsubscribed: %v", v)
	}
	q := u.Query()
	q.Set("t", q.Get("t")[:10]+"AAAA"+q.Get("t")[14:])
	if r := e.do("POST", "/unsubscribe?"+q.Encode(), "", "List-Unsubscribe=One-Click"); r.status != 400 {
		t.Fatalf("a forged unsubscribe: %d", r.status)
	}
	if r := e.do("POST", "/unsubscribe?"+u.RawQuery, "", "List-Unsubscribe=One-Click"); r.status != 200 {
		t.Fatalf("one-click unsubscribe: %d", r.status)
	}
	if v := bea.do("GET", "/api/account/notify", "").json(t); v["mail"] != "off" {
		t.Fatalf("after unsubscribing: %v", v)
	}
}

// With a daily digest, the notes of the day go in one mail at the chosen hour; notes that no longer
// ask anything (the player moved meanwhile) are left out.
func TestMailDigest(t *testing.T) {
	t.Parallel()
	e, smtp, ada, bea, id := mailEnv(t)
	bea.must(bea.do("POST", "/api/account/notify", `{"mail":"digest","digest_hour":18}`), 200)
	cy := e.browser()
	cy.must(cy.do("POST", "/api/account/signup", `{"name":"Cy","password":"correct horse"}`), 201)
	v := cy.must(cy.do("POST", "/api/matches", `{"game":"toy","max_seats":3,"name":"Cy"}`), 201).json(t)
	cy.must(cy.do("POST", "/api/matches/"+v["id"].(string)+"/invite", `{"name":"Bea"}`), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	settled(t, e.srv)
	if n := len(smtp.Messages()); n != 1 {
		t.Fatalf("%d mails before the digest hour", n)
	}
	e.clock.Advance(9 * time.Hour) // 10:00 + 9 h: past 18:00 UTC
	got := smtp.Wait(t, 2, 10*time.Second)
	d := got[1]
	if !strings.Contains(d.Header.Get("Subject"), "2") && !strings.Contains(d.Body, "Cy") {
		t.Fatalf("digest: %v\n%s", d.Header, d.Body)
	}
	if !strings.Contains(d.Body, "Cy invites you") || !strings.Contains(d.Body, "Ada started") {
		t.Fatalf("digest body:\n%s", d.Body)
	}
	settled(t, e.srv)
	if n := len(smtp.Messages()); n != 2 {
		t.Fatalf("%d mails: the digest is one", n)
	}
}

// Two instances on PostgreSQL share the outbox: every note is delivered exactly once, whichever instance
// claims it, and a page open on one instance hears of a note the other fanned out.
func TestScaleOutNotesOnce(t *testing.T) {
	t.Parallel()
	ps := newPushService(t, 201)
	open := sharedPostgres(t)
	tweak := func(c *Config) { c.Accounts = c.Store.(store.Accounts); c.PushLoopback = true }
	a, b := newEnv(t, open(), tweak), newEnv(t, open(), tweak)
	ada, bea, id := twoPlayers(t, a, "")
	beaB := b.browser()
	beaB.c.Jar = bea.c.Jar
	browser := pushtest.NewBrowser(t)
	bea.must(bea.do("POST", "/api/account/push", `{"subscription":{"endpoint":"`+ps.URL+`/x","keys":{"p256dh":"`+browser.P256dh()+`","auth":"`+browser.AuthB64()+`"}}}`), 201)
	ev := beaB.events(t)
	ev.next(t)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	if name, v := ev.next(t); name != "note" || v["note"].(map[string]any)["kind"] != "start" {
		t.Fatalf("instance B's page: %s %v", name, v)
	}
	var beaID string
	u, err := a.srv.accounts.UserByKey(t.Context(), "bea")
	if err != nil {
		t.Fatal(err)
	}
	beaID = u.ID
	const n = 300
	notes := make([]store.Note, n)
	for i := range notes {
		at := a.clock.Now()
		notes[i] = store.Note{UserID: beaID, Kind: social.NoteFollow, Data: json.RawMessage(`{"by":"p` + itoa(i) + `","seat":-1}`), Due: at, Created: at}
	}
	if err := a.srv.accounts.AddNotes(t.Context(), notes); err != nil {
		t.Fatal(err)
	}
	a.srv.social.Wake()
	b.srv.social.Wake()
	eventually(t, "every push", func() bool { return len(ps.received()) >= n+1 })
	// Either instance may fan out what the other delivers: each settles, then the first again.
	settled(t, a.srv)
	settled(t, b.srv)
	settled(t, a.srv)
	if got := len(ps.received()); got != n+1 {
		t.Fatalf("%d pushes for %d notes", got, n+1)
	}
	in, err := a.srv.accounts.Inbox(t.Context(), beaID, 0, 1000)
	if err != nil || len(in) != n+1 {
		t.Fatalf("Bea's inbox holds %d notes, want %d: %v", len(in), n+1, err)
	}
	seen := map[string]bool{}
	for _, nt := range in {
		var d social.NoteData
		json.Unmarshal(nt.Data, &d)
		if seen[d.By] {
			t.Fatalf("note from %q twice in the inbox", d.By)
		}
		seen[d.By] = true
	}
	t.Logf("instance A delivered %v, instance B %v", a.srv.social.SentCounts(), b.srv.social.SentCounts())
}

// The server logs a mail that failed (a confirmation, a turn mail to retry) without the player's address,
// though the SMTP server's reply names it: the logs show its domain and a short hash.
func TestMailFailuresLogNoAddress(t *testing.T) {
	t.Parallel()
	e, smtp, logs := smtpEnv(t)
	ada, bea, id := twoPlayers(t, e, "")
	smtp.RefuseRecipients(450)
	if r := bea.do("POST", "/api/account/notify", `{"email":"Bea.Lopes@example.org","mail":"each"}`); r.status != http.StatusServiceUnavailable {
		t.Fatalf("a refused confirmation mail: %d %s", r.status, r.body)
	}
	smtp.RefuseRecipients(0)
	bea.must(bea.do("POST", "/api/account/notify", `{"email":"bea@example.org","mail":"each"}`), 200)
	link := linkRe.FindString(smtp.Wait(t, 1, 10*time.Second)[0].Body)
	u, _ := url.Parse(link)
	bea.must(bea.do("GET", "/confirm-email?"+u.RawQuery, ""), 200)
	smtp.RefuseRecipients(451)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	settled(t, e.srv)
	eventually(t, "the refused turn mail logged", func() bool { return strings.Contains(logs.String(), "will retry") })
	out := logs.String()
	if !strings.Contains(out, "confirmation mail failed") {
		t.Fatalf("the refused confirmation is not logged:\n%s", out)
	}
	for _, leak := range []string{"bea.lopes@", "bea@example"} {
		if strings.Contains(strings.ToLower(out), leak) {
			t.Errorf("the logs name an address (%q):\n%s", leak, out)
		}
	}
	if !strings.Contains(out, mail.RedactAddress("bea@example.org")) || !strings.Contains(out, mail.RedactAddress("bea.lopes@example.org")) {
		t.Errorf("the logs lost the redacted addresses, which debug:\n%s", out)
	}
}
