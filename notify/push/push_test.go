package push

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/internal/egress"
	"github.com/surveyor-game/surveyor/notify/push/pushtest"
)

var b64 = base64.RawURLEncoding

// browserSub makes a subscription the way a browser does (pushtest.NewBrowser).
func browserSub(t testing.TB, endpoint string) (Subscription, *ecdh.PrivateKey, []byte) {
	t.Helper()
	b := pushtest.NewBrowser(t)
	var s Subscription
	s.Endpoint = endpoint
	s.Keys.P256dh, s.Keys.Auth = b.P256dh(), b.AuthB64()
	return s, b.Key, b.Auth
}

func decrypt(body []byte, uaPriv *ecdh.PrivateKey, authSecret []byte) ([]byte, error) {
	return pushtest.Decrypt(body, uaPriv, authSecret)
}

// verifyVAPID checks an RFC 8292 Authorization header by hand: the ES256
// JWT's signature against k, and its aud, exp and sub claims.
func verifyVAPID(t *testing.T, header, endpoint, subject string, keys Keys) {
	t.Helper()
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		t.Fatalf("Authorization %q does not use the vapid scheme", header)
	}
	params := map[string]string{}
	for p := range strings.SplitSeq(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		params[k] = v
	}
	if params["k"] != keys.Public {
		t.Errorf("k = %q, want the VAPID public key %q", params["k"], keys.Public)
	}
	parts := strings.Split(params["t"], ".")
	if len(parts) != 3 {
		t.Fatalf("t = %q is not a JWS compact serialisation", params["t"])
	}
	hdr, err1 := b64.DecodeString(parts[0])
	cl, err2 := b64.DecodeString(parts[1])
	sig, err3 := b64.DecodeString(parts[2])
	if err := errors.Join(err1, err2, err3); err != nil {
		t.Fatalf("JWT parts are not base64url: %v", err)
	}
	var h struct{ Alg string }
	if err := json.Unmarshal(hdr, &h); err != nil || h.Alg != "ES256" {
		t.Fatalf("JWT header %s: alg must be ES256 (err %v)", hdr, err)
	}
	rawPub, err := b64.DecodeString(params["k"])
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), rawPub)
	if err != nil {
		t.Fatalf("k is not a P-256 point: %v", err)
	}
	if len(sig) != 64 {
		t.Fatalf("signature is %d bytes, want r||s = 64", len(sig))
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
	if !ecdsa.Verify(pub, digest[:], r, s) {
		t.Fatal("JWT signature does not verify with the VAPID public key")
	}
	var c struct {
		Aud string
		Exp int64
		Sub string
	}
	if err := json.Unmarshal(cl, &c); err != nil {
		t.Fatalf("claims %s: %v", cl, err)
	}
	u, _ := url.Parse(endpoint)
	if want := u.Scheme + "://" + u.Host; c.Aud != want {
		t.Errorf("aud = %q, want %q", c.Aud, want)
	}
	now := time.Now().Unix()
	if c.Exp <= now || c.Exp > now+24*3600 {
		t.Errorf("exp = %d is not within 24 h after now (%d)", c.Exp, now)
	}
	if c.Sub != subject {
		t.Errorf("sub = %q, want %q", c.Sub, subject)
	}
}

type captured struct {
	header http.Header
	body   []byte
}

// pushService stands in for a push service, recording each request and
// answering with status (and headers from hdr).
func pushService(t testing.TB, status int, hdr map[string]string) (*httptest.Server, func() []captured) {
	var mu sync.Mutex
	var got []captured
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, captured{r.Header.Clone(), body})
		mu.Unlock()
		for k, v := range hdr {
			w.Header().Set(k, v)
		}
		w.WriteHeader(status)
		// Longer than the error snippet Send keeps, so draining is tested.
		fmt.Fprintf(w, `{"reason":"test","pad":%q}`, strings.Repeat("x", 4*snippetLen))
	}))
	t.Cleanup(srv.Close)
	return srv, func() []captured {
		mu.Lock()
		defer mu.Unlock()
		return append([]captured(nil), got...)
	}
}

func newSender(t testing.TB, subject string) *Sender {
	t.Helper()
	keys, err := GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	// The stand-in push services listen on loopback, which the default client refuses
	// (TestDefaultClientRefusesLoopback).
	return &Sender{Keys: keys, Subject: subject, Client: egress.Loopback.Client(15 * time.Second)}
}

// The default client connects through the egress rule: a subscription naming
// this machine, in any form, is refused without a connection and without a
// retry (the address will not become public).
func TestDefaultClientRefusesLoopback(t *testing.T) {
	ps := pushtest.NewWatched(t)
	keys, err := GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	s := &Sender{Keys: keys, Subject: "mailto:ops@example.com"}
	for _, host := range []string{"127.0.0.1", "localhost", "[::ffff:127.0.0.1]"} {
		sub, _, _ := browserSub(t, "https://"+host+ps.Port+"/push")
		err := s.Send(t.Context(), sub, []byte("hi"), time.Hour, "", "")
		if _, retry := errors.AsType[*RetryError](err); !errors.Is(err, egress.ErrRefused) || retry {
			t.Errorf("%s: %v, want the egress rule's refusal, not to be retried", host, err)
		}
	}
	if n := ps.Conns(); n != 0 {
		t.Fatalf("%d connections reached loopback", n)
	}
}

func TestGenerateKeys(t *testing.T) {
	k, err := GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	pub, err := b64.DecodeString(k.Public)
	if err != nil || len(pub) != 65 || pub[0] != 4 {
		t.Fatalf("Public %q: want 65-byte uncompressed point, unpadded base64url (err %v)", k.Public, err)
	}
	priv, err := b64.DecodeString(k.Private)
	if err != nil || len(priv) != 32 {
		t.Fatalf("Private: want 32 bytes, unpadded base64url (err %v)", err)
	}
	if err := k.check(); err != nil {
		t.Fatalf("generated keys do not check: %v", err)
	}
}

func TestSendDecrypts(t *testing.T) {
	big := bytes.Repeat([]byte("x"), MaxPayload)
	tests := []struct {
		name             string
		subject          string
		payload          []byte
		ttl              time.Duration
		urgency, topic   string
		wantTTL, wantUrg string
		wantBody         int
	}{
		{"small", "mailto:ops@example.com", []byte(`{"game":42,"msg":"your turn"}`), time.Minute, "", "", "60", "normal", 1024},
		{"empty", "mailto:ops@example.com", nil, 0, "low", "", "0", "low", 1024},
		{"topic", "https://surveyor.example/contact", bytes.Repeat([]byte("ab"), 600), 1500 * time.Millisecond, "high", "turn-42_A", "2", "high", 2048},
		{"max", "mailto:ops@example.com", big, 24 * time.Hour, "very-low", "", "86400", "very-low", MaxPayload + overhead},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, got := pushService(t, http.StatusCreated, nil)
			endpoint := srv.URL + "/wpush/v2/abc"
			sub, priv, auth := browserSub(t, endpoint)
			s := newSender(t, tc.subject)
			if err := s.Send(t.Context(), sub, tc.payload, tc.ttl, tc.urgency, tc.topic); err != nil {
				t.Fatalf("Send: %v", err)
			}
			reqs := got()
			if len(reqs) != 1 {
				t.Fatalf("push service saw %d requests, want 1", len(reqs))
			}
			r := reqs[0]
			plain, err := decrypt(r.body, priv, auth)
			if err != nil {
				t.Fatalf("decrypt: %v", err)
			}
			if !bytes.Equal(plain, tc.payload) {
				t.Fatalf("decrypted %q, want %q", plain, tc.payload)
			}
			if len(r.body) != tc.wantBody {
				t.Errorf("body is %d bytes, want padding to %d", len(r.body), tc.wantBody)
			}
			for h, want := range map[string]string{
				"Content-Encoding": "aes128gcm",
				"Ttl":              tc.wantTTL,
				"Urgency":          tc.wantUrg,
			} {
				if g := r.header.Get(h); g != want {
					t.Errorf("%s = %q, want %q", h, g, want)
				}
			}
			if vals, ok := r.header["Topic"]; tc.topic == "" && ok {
				t.Errorf("Topic %q sent, want none", vals)
			} else if tc.topic != "" && r.header.Get("Topic") != tc.topic {
				t.Errorf("Topic = %q, want %q", r.header.Get("Topic"), tc.topic)
			}
			verifyVAPID(t, r.header.Get("Authorization"), endpoint, tc.subject, s.Keys)
		})
	}
}

// trackingBody records whether the caller read a response to the end and
// closed it.
type trackingBody struct {
	io.ReadCloser
	mu          sync.Mutex
	eof, closed bool
}

func (b *trackingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.mu.Lock()
		b.eof = true
		b.mu.Unlock()
	}
	return n, err
}

func (b *trackingBody) Close() error {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	return b.ReadCloser.Close()
}

type trackingTransport struct {
	mu     sync.Mutex
	bodies []*trackingBody
}

func (tt *trackingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	b := &trackingBody{ReadCloser: resp.Body}
	resp.Body = b
	tt.mu.Lock()
	tt.bodies = append(tt.bodies, b)
	tt.mu.Unlock()
	return resp, nil
}

func TestSendStatuses(t *testing.T) {
	const (
		ok = iota
		gone
		retry
		plain
	)
	tests := []struct {
		status    int
		hdr       map[string]string
		want      int
		wantAfter time.Duration
	}{
		{201, nil, ok, 0},
		{202, nil, ok, 0},
		{404, nil, gone, 0},
		{410, nil, gone, 0},
		{429, map[string]string{"Retry-After": "7"}, retry, 7 * time.Second},
		{500, nil, retry, 0},
		{503, map[string]string{"Retry-After": "soon"}, retry, 0},
		{400, nil, plain, 0},
		{413, nil, plain, 0},
		{302, map[string]string{"Location": "http://127.0.0.1:1/elsewhere"}, plain, 0},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.status), func(t *testing.T) {
			srv, _ := pushService(t, tc.status, tc.hdr)
			sub, _, _ := browserSub(t, srv.URL+"/push")
			s := newSender(t, "mailto:ops@example.com")
			tt := &trackingTransport{}
			s.Client = &http.Client{
				Transport: tt,
				CheckRedirect: func(*http.Request, []*http.Request) error {
					return http.ErrUseLastResponse
				},
			}
			err := s.Send(t.Context(), sub, []byte("hi"), time.Hour, "", "")
			re, isRetry := errors.AsType[*RetryError](err)
			switch tc.want {
			case ok:
				if err != nil {
					t.Fatalf("err = %v, want nil", err)
				}
			case gone:
				if !errors.Is(err, ErrGone) || isRetry {
					t.Fatalf("err = %v, want ErrGone", err)
				}
			case retry:
				if !isRetry || errors.Is(err, ErrGone) {
					t.Fatalf("err = %v, want *RetryError", err)
				}
				if re.RetryAfter != tc.wantAfter {
					t.Errorf("RetryAfter = %v, want %v", re.RetryAfter, tc.wantAfter)
				}
			case plain:
				if err == nil || isRetry || errors.Is(err, ErrGone) {
					t.Fatalf("err = %v, want a plain error", err)
				}
			}
			if len(tt.bodies) != 1 {
				t.Fatalf("%d responses, want 1", len(tt.bodies))
			}
			if b := tt.bodies[0]; !b.eof || !b.closed {
				t.Errorf("response body drained=%v closed=%v, want both", b.eof, b.closed)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"", 0},
		{"7", 7 * time.Second},
		{" 120 ", 2 * time.Minute},
		{"-3", 0},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0},
		{"Sun, 06 Nov 1994 08:49:37 GMT", 0},
		{"soon", 0},
		{"99999999999999999999", 0},
	}
	for _, tc := range tests {
		if got := retryAfter(tc.in, now); got != tc.want {
			t.Errorf("retryAfter(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestSendNetworkDown(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	sub, _, _ := browserSub(t, srv.URL+"/push")
	srv.Close()
	err := newSender(t, "mailto:ops@example.com").Send(t.Context(), sub, []byte("hi"), time.Hour, "", "")
	if _, ok := errors.AsType[*RetryError](err); !ok {
		t.Fatalf("err = %v, want *RetryError", err)
	}
}

func TestSendContext(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	sub, _, _ := browserSub(t, srv.URL+"/push")
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	// The handler answers only when the request's context ends: a Send
	// that ignored ctx would hang (failing on -timeout), not need a clock.
	err := newSender(t, "mailto:ops@example.com").Send(ctx, sub, []byte("hi"), time.Hour, "", "")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
}

// TestSendRejects checks that bad arguments fail before anything is sent.
func TestSendRejects(t *testing.T) {
	other, _ := GenerateKeys()
	tests := []struct {
		name    string
		mod     func(*Sender, *Subscription)
		payload []byte
		ttl     time.Duration
		urgency string
		topic   string
	}{
		{name: "no subject", mod: func(s *Sender, _ *Subscription) { s.Subject = "" }},
		{name: "bare address subject", mod: func(s *Sender, _ *Subscription) { s.Subject = "ops@example.com" }},
		{name: "http subject", mod: func(s *Sender, _ *Subscription) { s.Subject = "http://example.com" }},
		{name: "mismatched keys", mod: func(s *Sender, _ *Subscription) { s.Keys.Private = other.Private }},
		{name: "short public key", mod: func(s *Sender, _ *Subscription) { s.Keys.Public = s.Keys.Public[:80] }},
		{name: "bad subscription", mod: func(_ *Sender, sub *Subscription) { sub.Keys.Auth = "AAAA" }},
		{name: "payload too big", payload: make([]byte, MaxPayload+1)},
		{name: "negative ttl", ttl: -time.Second},
		{name: "bad urgency", urgency: "urgent"},
		{name: "long topic", topic: strings.Repeat("a", 33)},
		{name: "topic alphabet", topic: "turn 42"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, got := pushService(t, http.StatusCreated, nil)
			sub, _, _ := browserSub(t, srv.URL+"/push")
			s := newSender(t, "mailto:ops@example.com")
			if tc.mod != nil {
				tc.mod(s, &sub)
			}
			ttl := tc.ttl
			if ttl == 0 {
				ttl = time.Hour
			}
			err := s.Send(t.Context(), sub, tc.payload, ttl, tc.urgency, tc.topic)
			if err == nil {
				t.Fatal("Send succeeded, want an error")
			}
			if _, ok := errors.AsType[*RetryError](err); ok {
				t.Errorf("err = %v is retryable, want a plain error", err)
			}
			if n := len(got()); n != 0 {
				t.Errorf("%d requests sent despite the error", n)
			}
		})
	}
}

// TestSendLeavesPayloadAlone guards the workaround for webpush-go writing
// its padding into the spare capacity of the caller's payload slice.
func TestSendLeavesPayloadAlone(t *testing.T) {
	srv, _ := pushService(t, http.StatusCreated, nil)
	sub, _, _ := browserSub(t, srv.URL+"/push")
	buf := bytes.Repeat([]byte{0xAA}, 4096)
	payload := buf[:10]
	copy(payload, "hello push")
	if err := newSender(t, "mailto:ops@example.com").Send(t.Context(), sub, payload, time.Hour, "", ""); err != nil {
		t.Fatal(err)
	}
	for i, c := range buf[10:] {
		if c != 0xAA {
			t.Fatalf("Send wrote %#x into the payload's spare capacity at offset %d", c, 10+i)
		}
	}
}

func TestCheck(t *testing.T) {
	priv, _ := ecdh.P256().GenerateKey(rand.Reader)
	pub := priv.PublicKey().Bytes()
	auth := bytes.Repeat([]byte{7}, 16)
	offCurve := bytes.Clone(pub)
	offCurve[64] ^= 1
	compressed := append([]byte{2 + pub[64]&1}, pub[1:33]...)

	good := func(endpoint string) Subscription {
		var s Subscription
		s.Endpoint = endpoint
		s.Keys.P256dh = b64.EncodeToString(pub)
		s.Keys.Auth = b64.EncodeToString(auth)
		return s
	}
	with := func(f func(*Subscription)) Subscription {
		s := good("https://fcm.googleapis.com/fcm/send/abc")
		f(&s)
		return s
	}
	tests := []struct {
		name    string
		sub     Subscription
		wantErr string // substring; "" means valid
	}{
		{"fcm", good("https://fcm.googleapis.com/fcm/send/abc:def"), ""},
		{"mozilla with port", good("https://updates.push.services.mozilla.com:443/wpush/v2/gAAA"), ""},
		{"http loopback v4", good("http://127.0.0.1:8080/push"), ""},
		{"http localhost", good("http://localhost/push"), ""},
		{"http loopback v6", good("http://[::1]:9000/push"), ""},
		{"padded keys", with(func(s *Subscription) {
			s.Keys.P256dh = base64.URLEncoding.EncodeToString(pub)
			s.Keys.Auth = base64.URLEncoding.EncodeToString(auth)
		}), ""},
		{"endpoint at limit", good("https://push.example/" + strings.Repeat("a", maxEndpointLen-len("https://push.example/"))), ""},

		{"empty endpoint", good(""), "empty"},
		{"ftp", good("ftp://push.example/x"), "https"},
		{"http remote", good("http://push.example/x"), "loopback"},
		{"http loopback lookalike", good("http://127.0.0.1.evil.example/x"), "loopback"},
		{"relative", good("/push/abc"), "absolute"},
		{"no host", good("https:///push"), "absolute"},
		{"opaque", good("https:push.example"), "absolute"},
		{"too long", good("https://push.example/" + strings.Repeat("a", maxEndpointLen)), "limit"},
		{"bad base64", with(func(s *Subscription) { s.Keys.P256dh = "not*base64!" }), "base64url"},
		{"std base64 alphabet", with(func(s *Subscription) { s.Keys.P256dh = strings.Repeat("+/", 43) + "A" }), "base64url"},
		{"line break", with(func(s *Subscription) { s.Keys.P256dh = s.Keys.P256dh[:40] + "\n" + s.Keys.P256dh[40:] }), "line break"},
		{"missing p256dh", with(func(s *Subscription) { s.Keys.P256dh = "" }), "empty"},
		{"64-byte key", with(func(s *Subscription) { s.Keys.P256dh = b64.EncodeToString(pub[1:]) }), "65-byte"},
		{"compressed key", with(func(s *Subscription) { s.Keys.P256dh = b64.EncodeToString(compressed) }), "65-byte"},
		{"not on curve", with(func(s *Subscription) { s.Keys.P256dh = b64.EncodeToString(offCurve) }), "valid"},
		{"wrong prefix byte", with(func(s *Subscription) {
			k := bytes.Clone(pub)
			k[0] = 3
			s.Keys.P256dh = b64.EncodeToString(k)
		}), "valid"},
		{"15-byte auth", with(func(s *Subscription) { s.Keys.Auth = b64.EncodeToString(auth[:15]) }), "16"},
		{"bad auth base64", with(func(s *Subscription) { s.Keys.Auth = "%%%%" }), "auth"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.sub.Check()
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("Check() = %v, want nil", err)
			case tc.wantErr != "" && err == nil:
				t.Fatalf("Check() = nil, want an error mentioning %q", tc.wantErr)
			case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
				t.Fatalf("Check() = %v, want it to mention %q", err, tc.wantErr)
			}
		})
	}
}

// libraryDecode mirrors webpush-go's decodeSubscriptionKey, so the fuzzer
// can check that the library reads an accepted key as the same bytes.
func libraryDecode(key string) ([]byte, error) {
	if rem := len(key) % 4; rem != 0 {
		key += strings.Repeat("=", 4-rem)
	}
	if b, err := base64.StdEncoding.DecodeString(key); err == nil {
		return b, nil
	}
	return base64.URLEncoding.DecodeString(key)
}

func FuzzCheck(f *testing.F) {
	priv, _ := ecdh.P256().GenerateKey(rand.Reader)
	pub := priv.PublicKey().Bytes()
	auth := bytes.Repeat([]byte{9}, 16)
	f.Add("https://fcm.googleapis.com/fcm/send/x", b64.EncodeToString(pub), b64.EncodeToString(auth))
	f.Add("http://[::1]/p", base64.URLEncoding.EncodeToString(pub), base64.URLEncoding.EncodeToString(auth))
	f.Add("ftp://x/", b64.EncodeToString(pub[1:]), "AAAA")
	f.Add("http://localhost:1/", base64.StdEncoding.EncodeToString(pub), b64.EncodeToString(auth[:15]))
	f.Fuzz(func(t *testing.T, endpoint, p256dh, authKey string) {
		var s Subscription
		s.Endpoint, s.Keys.P256dh, s.Keys.Auth = endpoint, p256dh, authKey
		if s.Check() != nil {
			return
		}
		k, err := b64.DecodeString(strings.TrimRight(p256dh, "="))
		if err != nil {
			t.Fatalf("accepted p256dh %q does not decode: %v", p256dh, err)
		}
		if _, err := ecdh.P256().NewPublicKey(k); err != nil {
			t.Fatalf("accepted p256dh %q is not a P-256 point: %v", p256dh, err)
		}
		if lk, err := libraryDecode(p256dh); err != nil || !bytes.Equal(lk, k) {
			t.Fatalf("webpush-go would read accepted p256dh %q differently (err %v)", p256dh, err)
		}
		a, err := b64.DecodeString(strings.TrimRight(authKey, "="))
		if err != nil || len(a) != 16 {
			t.Fatalf("accepted auth %q does not decode to 16 bytes (err %v)", authKey, err)
		}
		u, err := url.Parse(endpoint)
		if err != nil || len(endpoint) > maxEndpointLen || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			t.Fatalf("accepted endpoint %q", endpoint)
		}
	})
}

func BenchmarkSend(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.WriteHeader(http.StatusCreated)
	}))
	defer srv.Close()
	sub, _, _ := browserSub(b, srv.URL+"/push")
	s := newSender(b, "mailto:ops@example.com")
	payload := []byte(`{"game":42,"msg":"your turn"}`)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Send(ctx, sub, payload, time.Hour, "", ""); err != nil {
			b.Fatal(err)
		}
	}
}
