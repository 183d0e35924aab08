package main

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/surveyor-game/surveyor/internal/cli"
	"github.com/surveyor-game/surveyor/internal/freeport"
	"github.com/surveyor-game/surveyor/internal/tlsserve/acmetest"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/postgres/pgtest"
)

// waitFor polls cond for up to 10 s (a real CA's round trips, on a loaded machine).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// getHTTPS fetches url with the CA's client and returns the response (body read) and the serial number of
// the certificate the server presented.
func getHTTPS(t *testing.T, c *http.Client, url string) (*http.Response, string, string) {
	t.Helper()
	res, err := c.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.TLS == nil || len(res.TLS.PeerCertificates) == 0 {
		t.Fatalf("GET %s: not over TLS", url)
	}
	return res, res.TLS.PeerCertificates[0].SerialNumber.String(), string(body)
}

// acmeServe starts serve --domain against ca, HTTPS on httpsPort and plain HTTP on httpPort.
func acmeServe(t *testing.T, ca *acmetest.CA, logs io.Writer, domain string, httpsPort, httpPort int, args ...string) (string, func() int) {
	t.Helper()
	return startServeLogging(t, logs, append([]string{"--log-level", "info", "--domain", domain,
		"--addr", acmetest.Addr(httpsPort), "--http-addr", acmetest.Addr(httpPort),
		"--acme-directory", ca.DirectoryURL, "--acme-ca", ca.DirectoryCA}, args...)...)
}

// serveCAGone starts serve --domain play.example.org with an ACME directory where nothing listens: it can
// serve only a certificate it finds in the database.
func serveCAGone(t *testing.T, ca *acmetest.CA, httpsPort, httpPort int, args ...string) (string, func() int) {
	t.Helper()
	gone := freeport.Ports(t, 1)[0]
	return startServe(t, append([]string{"--domain", "play.example.org",
		"--addr", acmetest.Addr(httpsPort), "--http-addr", acmetest.Addr(httpPort),
		"--acme-directory", "https://" + acmetest.Addr(gone) + "/dir", "--acme-ca", ca.DirectoryCA}, args...)...)
}

// serve --domain obtains a certificate from a local CA (Pebble, validating the TLS-ALPN-01 challenge
// against this server for real), serves the site over HTTP/2 with HSTS, redirects plain HTTP, and keeps
// the certificate in the database: started again while the CA is gone, it serves the same one.
func TestServeHTTPSOverACME(t *testing.T) {
	ports := freeport.Ports(t, 2)
	ca := acmetest.Start(t, acmetest.Options{TLSPort: ports[0], HTTPPort: ports[1]})
	data := filepath.Join(t.TempDir(), "data")
	var logs acmetest.Log
	base, stop := acmeServe(t, ca, &logs, "play.example.org", ports[0], ports[1], "--data", data)
	if want := "https://play.example.org:" + strconv.Itoa(ports[0]); base != want {
		t.Fatalf("serve says it is on %s, want %s", base, want)
	}
	client := ca.Client()
	waitFor(t, "the certificate", func() bool { return strings.Contains(logs.String(), "HTTPS certificate ready") })
	res, serial, body := getHTTPS(t, client, base+"/")
	if res.StatusCode != 200 || !strings.Contains(body, "<html") {
		t.Fatalf("GET /: %d %.80q", res.StatusCode, body)
	}
	if res.ProtoMajor != 2 {
		t.Errorf("served over %s, want HTTP/2", res.Proto)
	}
	if h := res.Header.Get("Strict-Transport-Security"); h != "max-age=31536000" {
		t.Errorf("HSTS %q, want max-age=31536000", h)
	}
	// The game API works over it, its invitations name the HTTPS site, and the match's WebSocket opens as a
	// browser opens it beside HTTP/2 (a connection of its own, HTTP/1.1: the server offers no WebSockets
	// over HTTP/2) and receives the match.
	req, _ := http.NewRequest("POST", base+"/api/matches", strings.NewReader(`{"game":"carcassonne","name":"Ada"}`))
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var created struct{ ID, Invite, Token string }
	err = json.NewDecoder(res.Body).Decode(&created)
	res.Body.Close()
	if res.StatusCode != 201 || err != nil || created.Invite != base+"/m/"+created.ID {
		t.Fatalf("create a match over HTTPS: %d %+v %v", res.StatusCode, created, err)
	}
	wsClient := ca.Client()
	wsClient.Transport.(*http.Transport).TLSClientConfig.NextProtos = []string{"http/1.1"}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "wss"+strings.TrimPrefix(base, "https")+"/api/matches/"+created.ID+"/ws?token="+created.Token,
		&websocket.DialOptions{HTTPClient: wsClient})
	if err != nil {
		t.Fatalf("WebSocket over HTTPS: %v", err)
	}
	_, msg, err := ws.Read(ctx)
	ws.CloseNow()
	if err != nil || !strings.Contains(string(msg), created.ID) {
		t.Fatalf("WebSocket over HTTPS: first message %.120q, %v", msg, err)
	}
	// Plain HTTP: a permanent redirect to the same path over HTTPS, even for a forged Host.
	for _, host := range []string{"play.example.org", "elsewhere.example.net"} {
		req, _ := http.NewRequest("GET", "http://"+acmetest.Addr(ports[1])+"/m/abc?x=1", nil)
		req.Host = host
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if loc := res.Header.Get("Location"); res.StatusCode != 301 || loc != base+"/m/abc?x=1" {
			t.Errorf("plain HTTP for %s: %d %q, want 301 to %s/m/abc?x=1", host, res.StatusCode, loc, base)
		}
	}
	if c := stop(); c != 0 {
		t.Fatalf("serve exited with %d", c)
	}

	// Again on the same database, the CA unreachable: the certificate comes from the database.
	base, _ = serveCAGone(t, ca, ports[0], ports[1], "--data", data)
	if _, again, _ := getHTTPS(t, client, base+"/"); again != serial {
		t.Fatalf("after a restart the server presents certificate %s, want %s from the database", again, serial)
	}
}

// A certificate is renewed before it expires, while serving: here it lasts 6 s, so autocert renews it
// when two thirds of that have passed, and the server presents the new one.
func TestServeHTTPSRenews(t *testing.T) {
	ports := freeport.Ports(t, 2)
	ca := acmetest.Start(t, acmetest.Options{TLSPort: ports[0], HTTPPort: ports[1], Validity: 6 * time.Second})
	var logs acmetest.Log
	base, _ := acmeServe(t, ca, &logs, "play.example.org", ports[0], ports[1], "--data", filepath.Join(t.TempDir(), "data"))
	waitFor(t, "the certificate", func() bool { return strings.Contains(logs.String(), "HTTPS certificate ready") })
	client := ca.Client()
	res, first, _ := getHTTPS(t, client, base+"/")
	if d := res.TLS.PeerCertificates[0].NotAfter.Sub(res.TLS.PeerCertificates[0].NotBefore); d > time.Minute {
		t.Fatalf("the CA issued a certificate valid %v, want the test's 6 s", d)
	}
	// The renewal starts 1.8 to 2 s before the certificate expires (autocert: a third of its life, less a
	// jitter): a round with the CA that takes longer (a loaded machine; forced, 2.5 s) leaves the expired
	// one served meanwhile, which the client refuses. That gap is the test's 6-s certificate's, 30 days for a
	// real one: a refused handshake here is waited past, and the new certificate must still come.
	waitFor(t, "a renewed certificate", func() bool {
		res, err := client.Get(base + "/")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.TLS != nil && len(res.TLS.PeerCertificates) > 0 && res.TLS.PeerCertificates[0].SerialNumber.String() != first
	})
}

// The CA's HTTP-01 challenge is answered on plain HTTP when TLS-ALPN-01 cannot be (here the CA is told
// a closed port for it, as behind a proxy that passes port 80 but terminates 443 itself).
func TestServeHTTPSChallengeOverPlainHTTP(t *testing.T) {
	ports := freeport.Ports(t, 3)
	ca := acmetest.Start(t, acmetest.Options{TLSPort: ports[2], HTTPPort: ports[1]})
	var logs acmetest.Log
	base, _ := acmeServe(t, ca, &logs, "play.example.org", ports[0], ports[1], "--data", filepath.Join(t.TempDir(), "data"))
	waitFor(t, "the certificate", func() bool { return strings.Contains(logs.String(), "HTTPS certificate ready") })
	if res, _, _ := getHTTPS(t, ca.Client(), base+"/"); res.StatusCode != 200 {
		t.Fatalf("GET /: %d", res.StatusCode)
	}
}

// Two instances on one PostgreSQL database: the second, started once the first has its certificate and
// unable to reach the CA, serves the same certificate.
func TestServeHTTPSSharedOnPostgres(t *testing.T) {
	url, schema := pgtest.Schema(t)
	db := url + "&search_path=" + schema
	ports := freeport.Ports(t, 4)
	ca := acmetest.Start(t, acmetest.Options{TLSPort: ports[0], HTTPPort: ports[1]})
	var logs acmetest.Log
	baseA, _ := acmeServe(t, ca, &logs, "play.example.org", ports[0], ports[1], "--db", db)
	waitFor(t, "the certificate", func() bool { return strings.Contains(logs.String(), "HTTPS certificate ready") })
	client := ca.Client()
	_, serialA, _ := getHTTPS(t, client, baseA+"/")
	baseB, _ := serveCAGone(t, ca, ports[2], ports[3], "--db", db)
	if _, serialB, _ := getHTTPS(t, client, baseB+"/"); serialB != serialA {
		t.Fatalf("instance B presents certificate %s, A %s", serialB, serialA)
	}
}

// A domain the CA refuses: the log says why, no certificate is stored, HTTPS handshakes fail, and the
// server keeps serving (plain HTTP still answers) until stopped, when it exits cleanly.
func TestServeHTTPSRefusedDomain(t *testing.T) {
	ports := freeport.Ports(t, 2)
	ca := acmetest.Start(t, acmetest.Options{TLSPort: ports[0], HTTPPort: ports[1], Refused: []string{"refused.example.org"}})
	dir := t.TempDir()
	var logs acmetest.Log
	base, stop := acmeServe(t, ca, &logs, "refused.example.org", ports[0], ports[1], "--data", dir)
	waitFor(t, "the refusal in the log", func() bool {
		l := logs.String()
		return strings.Contains(l, "HTTPS certificate not obtained") && strings.Contains(l, "rejectedIdentifier") &&
			strings.Contains(l, "forbidden by policy") && strings.Contains(l, `"retry_in":"1m0s"`)
	})
	if _, err := ca.Client().Get(base + "/"); err == nil {
		t.Fatal("an HTTPS page served without a certificate")
	}
	res, err := ca.Client().Get("http://" + acmetest.Addr(ports[1]) + "/")
	if err != nil {
		t.Fatalf("plain HTTP after the refusal: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != 301 {
		t.Fatalf("plain HTTP after the refusal: %d, want the redirect", res.StatusCode)
	}
	if c := stop(); c != 0 {
		t.Fatalf("serve exited with %d", c)
	}
	st, _, err := cli.OpenStore(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if data, err := st.(store.Certs).Cert(context.Background(), "refused.example.org"); err == nil {
		t.Fatalf("a certificate for the refused domain is stored (%d bytes)", len(data))
	}
}

// A certificate of one's own: served over HTTP/2 (the test's client trusts it alone); a key that does not
// match it, a missing key, or both ways at once are refused at start with a clear error.
func TestServeOwnCertificate(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	cert, key := acmetest.SelfSigned(t, dir, "a", now.Add(-time.Hour), now.Add(time.Hour), "play.example.org")
	_, otherKey := acmetest.SelfSigned(t, dir, "b", now.Add(-time.Hour), now.Add(time.Hour), "play.example.org")
	ports := freeport.Ports(t, 2)
	base, _ := startServe(t, "--data", filepath.Join(dir, "data"), "--tls-cert", cert, "--tls-key", key,
		"--addr", acmetest.Addr(ports[0]), "--http-addr", acmetest.Addr(ports[1]))
	if want := "https://play.example.org:" + strconv.Itoa(ports[0]); base != want {
		t.Fatalf("serve says it is on %s, want %s", base, want)
	}
	pemBytes, err := os.ReadFile(cert)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(pemBytes)
	client := (&acmetest.CA{Roots: roots}).Client()
	if res, _, _ := getHTTPS(t, client, base+"/"); res.StatusCode != 200 || res.ProtoMajor != 2 {
		t.Fatalf("GET / with one's own certificate: %d over %s", res.StatusCode, res.Proto)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--tls-cert", cert, "--tls-key", otherKey}, "private key does not match public key"},
		{[]string{"--tls-cert", cert}, "--tls-cert and --tls-key go together"},
		{[]string{"--tls-cert", cert, "--tls-key", key, "--domain", "play.example.org"}, "one or the other"},
		{[]string{"--domain", "192.0.2.7"}, "an address, not a domain name"},
		{[]string{"--http-addr", ":8081"}, "go with --domain or --tls-cert"},
	} {
		var errOut bytes.Buffer
		data := filepath.Join(dir, "refused")
		c := run(context.Background(), append([]string{"serve", "--data", data, "--addr", "127.0.0.1:0"}, tc.args...), nil, io.Discard, &errOut)
		if c != 1 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("serve %q: exit %d, %q; want exit 1 saying %q", tc.args, c, errOut.String(), tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "refused")); err == nil {
		t.Error("a refused start made its data directory")
	}
}

// With HTTPS the default addresses are the standard ports; given ones stand.
func TestServeHTTPSFlags(t *testing.T) {
	o, err := parseServeFlags([]string{"--domain", "Play.Example.org, www.example.org"}, io.Discard)
	if err != nil || o.addr != ":443" || o.tls.httpAddr != ":80" || strings.Join(o.tls.domains, " ") != "play.example.org www.example.org" {
		t.Fatalf("--domain: addr %q, http-addr %q, domains %q, %v; want :443, :80 and both names", o.addr, o.tls.httpAddr, o.tls.domains, err)
	}
	o, err = parseServeFlags([]string{"--tls-cert", "c.pem", "--tls-key", "k.pem", "--addr", "127.0.0.1:8443", "--http-addr", "off"}, io.Discard)
	if err != nil || o.addr != "127.0.0.1:8443" || o.tls.httpAddr != "off" {
		t.Fatalf("--tls-cert with addresses: %q %q, %v", o.addr, o.tls.httpAddr, err)
	}
	if o, err = parseServeFlags(nil, io.Discard); err != nil || o.addr != "127.0.0.1:8080" || o.tls.on() {
		t.Fatalf("without HTTPS: %q, on %v, %v", o.addr, o.tls.on(), err)
	}
}

// A setup that would break links or leave sign-ins unprotected is refused before anything is opened, in
// words that say what to give instead; the sound ones still start.
func TestServeRefusesUnsafeOrBrokenSetups(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // "" when accepted
	}{
		{[]string{"--public-url", "play.example.org"}, "--public-url"},
		{[]string{"--public-url", "ftp://play.example.org"}, "--public-url"},
		{[]string{"--public-url", "https://play.example.org/?x=1"}, "--public-url"},
		{[]string{"--public-url", "https://play.example.org/surveyor/"}, "root"},
		// https for players, but nothing here knows it: cookies not Secure, every player one proxy address
		{[]string{"--public-url", "https://play.example.org"}, "--trusted-proxy"},
		{[]string{"--public-url", "http://play.example.org", "--tls-cert", "c.pem", "--tls-key", "k.pem"}, "https"},
		// mails would link to http://:8080/...
		{[]string{"--addr", ":8080", "--smtp", "smtp://mail.example.org:587"}, "--public-url"},
		{[]string{"--hsts", "1h"}, "--hsts"},

		{[]string{"--public-url", "https://play.example.org", "--trusted-proxy", "127.0.0.1"}, ""},
		{[]string{"--public-url", "https://play.example.org/", "--tls-cert", "c.pem", "--tls-key", "k.pem"}, ""},
		{[]string{"--public-url", "http://192.168.1.20:8080", "--addr", ":8080", "--smtp", "smtp://mail.example.org:587"}, ""},
		{[]string{"--smtp", "smtp://mail.example.org:587"}, ""},
		{[]string{"--addr", ":8080"}, ""},
	} {
		_, err := parseServeFlags(c.args, io.Discard)
		if c.want == "" && err != nil {
			t.Errorf("%q refused: %v", c.args, err)
		} else if c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%q: %v, want a refusal naming %s", c.args, err, c.want)
		}
	}
}

// Plain HTTP that other machines reach without a TLS proxy in front is allowed (a club's home network), but
// said loudly: passwords and session cookies then cross the network in clear.
func TestServeWarnsOfPlainHTTPBeyondThisMachine(t *testing.T) {
	for _, c := range []struct {
		args []string
		warn bool
	}{
		{nil, false},
		{[]string{"--addr", "[::1]:8080"}, false},
		{[]string{"--addr", ":8080"}, true},
		{[]string{"--addr", "192.168.1.20:8080"}, true},
		{[]string{"--addr", "0.0.0.0:8080", "--trusted-proxy", "10.0.0.1"}, false},
		{[]string{"--addr", ":8443", "--tls-cert", "c.pem", "--tls-key", "k.pem"}, false},
	} {
		o, err := parseServeFlags(c.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if w := o.plainHTTPWarning(); (w != "") != c.warn || c.warn && !strings.Contains(w, "--domain") {
			t.Errorf("%q: warning %q", c.args, w)
		}
	}
}
