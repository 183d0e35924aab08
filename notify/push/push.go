package push

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/surveyor-game/surveyor/internal/egress"
)

// Keys is a VAPID key pair, each base64url (no padding) as webpush-go uses:
// Public is the uncompressed P-256 point (65 bytes), Private the 32-byte scalar.
type Keys struct{ Public, Private string }

// GenerateKeys makes a fresh VAPID key pair.
func GenerateKeys() (Keys, error) {
	// Beware: the library returns (private, public), the reverse of the
	// order Keys lists them in.
	priv, pub, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return Keys{}, fmt.Errorf("push: generating VAPID keys: %w", err)
	}
	return Keys{Public: pub, Private: priv}, nil
}

// check rejects a key pair before it is used, because the library would
// otherwise sign with whatever it is given and the mistake would only show
// up as 401/403 answers from every push service.
func (k Keys) check() error {
	pub, err := decodeB64URL(k.Public)
	if err != nil {
		return fmt.Errorf("push: VAPID public key: %w", err)
	}
	if _, err := ecdh.P256().NewPublicKey(pub); err != nil {
		return fmt.Errorf("push: VAPID public key is not an uncompressed P-256 point (%d bytes)", len(pub))
	}
	priv, err := decodeB64URL(k.Private)
	if err != nil {
		return fmt.Errorf("push: VAPID private key: %w", err)
	}
	sk, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil {
		return fmt.Errorf("push: VAPID private key is not a P-256 scalar (%d bytes)", len(priv))
	}
	if !bytes.Equal(sk.PublicKey().Bytes(), pub) {
		return errors.New("push: VAPID public and private keys do not belong together")
	}
	return nil
}

// Subscription is what the browser's PushManager.subscribe gives (its
// toJSON()): the endpoint and the keys p256dh and auth, base64url.
type Subscription struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// maxEndpointLen bounds what a client can make us store and dial; real
// endpoints are a few hundred bytes.
const maxEndpointLen = 1000

// Check validates a subscription a client sends. Endpoints come from
// untrusted clients and are dialled by the server, so only https is
// accepted; plain http only for loopback, so that tests can use httptest.
func (s Subscription) Check() error {
	_, _, err := s.parse()
	return err
}

func (s Subscription) parse() (p256dh, auth []byte, err error) {
	if s.Endpoint == "" {
		return nil, nil, errors.New("push: subscription endpoint is empty")
	}
	if len(s.Endpoint) > maxEndpointLen {
		return nil, nil, fmt.Errorf("push: subscription endpoint is %d bytes, limit %d", len(s.Endpoint), maxEndpointLen)
	}
	u, err := url.Parse(s.Endpoint)
	if err != nil {
		return nil, nil, fmt.Errorf("push: subscription endpoint is not a URL: %w", err)
	}
	if !u.IsAbs() || u.Host == "" || u.Opaque != "" {
		return nil, nil, fmt.Errorf("push: subscription endpoint %q is not an absolute URL", s.Endpoint)
	}
	switch u.Scheme {
	case "https":
	case "http":
		if h := u.Hostname(); h != "127.0.0.1" && h != "localhost" && h != "::1" {
			return nil, nil, fmt.Errorf("push: subscription endpoint must use https (http is only allowed for loopback), got host %q", h)
		}
	default:
		return nil, nil, fmt.Errorf("push: subscription endpoint must use https, got scheme %q", u.Scheme)
	}

	p256dh, err = decodeB64URL(s.Keys.P256dh)
	if err != nil {
		return nil, nil, fmt.Errorf("push: subscription key p256dh: %w", err)
	}
	if len(p256dh) != 65 {
		return nil, nil, fmt.Errorf("push: subscription key p256dh is %d bytes, want a 65-byte uncompressed P-256 point", len(p256dh))
	}
	if _, err := ecdh.P256().NewPublicKey(p256dh); err != nil {
		return nil, nil, errors.New("push: subscription key p256dh is not a valid uncompressed P-256 point")
	}
	auth, err = decodeB64URL(s.Keys.Auth)
	if err != nil {
		return nil, nil, fmt.Errorf("push: subscription key auth: %w", err)
	}
	if len(auth) != 16 {
		return nil, nil, fmt.Errorf("push: subscription key auth is %d bytes, want 16", len(auth))
	}
	return p256dh, auth, nil
}

// decodeB64URL accepts base64url with or without padding. It refuses line
// breaks, which Go's decoders silently skip, so that a key we accept is
// byte-for-byte the key a browser would have produced.
func decodeB64URL(s string) ([]byte, error) {
	if s == "" {
		return nil, errors.New("is empty")
	}
	if strings.ContainsAny(s, "\r\n") {
		return nil, errors.New("contains a line break")
	}
	enc := base64.RawURLEncoding
	if strings.HasSuffix(s, "=") {
		enc = base64.URLEncoding
	}
	b, err := enc.DecodeString(s)
	if err != nil {
		return nil, errors.New("is not base64url")
	}
	return b, nil
}

// ErrGone means the push service no longer knows the subscription (404 or
// 410); the caller must delete it.
var ErrGone = errors.New("push subscription gone")

// RetryError means the push might succeed later: the service was
// overloaded (429), failing (5xx) or unreachable. RetryAfter is the
// service's Retry-After hint, zero if it gave none.
type RetryError struct {
	Err        error
	RetryAfter time.Duration
}

func (e *RetryError) Error() string {
	if e.RetryAfter > 0 {
		return fmt.Sprintf("push: temporary failure (retry after %v): %v", e.RetryAfter, e.Err)
	}
	return fmt.Sprintf("push: temporary failure: %v", e.Err)
}

func (e *RetryError) Unwrap() error { return e.Err }

// MaxPayload is the largest payload Send accepts. RFC 8291 allows 3993
// bytes, but some push services (Firefox for Android among them) reject
// bodies well below 4096 bytes, so we keep a margin.
const MaxPayload = 3000

// overhead is what aes128gcm adds to a single-record message: the header
// (salt 16, rs 4, idlen 1, 65-byte key), the 0x02 padding delimiter and the
// 16-byte GCM tag.
const overhead = 16 + 4 + 1 + 65 + 1 + 16

// recordSizes are the body sizes we pad to. webpush-go pads every message
// up to its RecordSize, 4096 by default; a fixed 4096-byte body for a
// "your turn" ping is wasteful and is answered with 413 by Firefox for
// Android (webpush-go issue #23). Padding to one of a few sizes still hides
// the payload's exact length from the push service and anyone watching,
// which is what the padding is for (RFC 8291 §4, RFC 8188 §2), while keeping
// typical notifications at 1 KiB. The largest bucket fits MaxPayload exactly.
var recordSizes = [...]uint32{1024, 2048, MaxPayload + overhead}

func recordSize(n int) uint32 {
	for _, rs := range recordSizes {
		if n+overhead <= int(rs) {
			return rs
		}
	}
	return recordSizes[len(recordSizes)-1]
}

// Sender sends pushes signed with Keys; Subject is the VAPID "sub" claim (a
// mailto: or https: URL, required). Client nil means a client with a 15 s
// timeout. A Sender is safe for concurrent use as long as its fields are
// not changed.
type Sender struct {
	Keys    Keys
	Subject string
	Client  *http.Client
}

// defaultClient connects through the egress rule (public unicast addresses
// only, checked on the address dialled) and follows no redirect: endpoints
// are client-supplied, and a subscription must not be able to point the
// server at its own network, directly, by a name that resolves there, or by
// a redirect.
var defaultClient = egress.Policy{}.Client(15 * time.Second)

// retryDoer marks transport failures as retryable at the point they
// happen; webpush-go returns them unwrapped alongside its own encryption
// and signing errors, which must not be retried.
type retryDoer struct{ c *http.Client }

func (d retryDoer) Do(req *http.Request) (*http.Response, error) {
	resp, err := d.c.Do(req)
	// The endpoint's path is the subscription's secret (a capability URL, RFC 8030 §8), and the error is
	// logged: it names the push service only.
	if ue, ok := errors.AsType[*url.Error](err); ok {
		ue.URL = req.URL.Scheme + "://" + req.URL.Host
	}
	if errors.Is(err, egress.ErrRefused) {
		return nil, err // an address the rule refuses is refused again on a retry
	}
	if err != nil {
		return nil, &RetryError{Err: err}
	}
	return resp, nil
}

// How much of a response we read: a snippet for error messages, and a cap
// on draining so a hostile endpoint cannot hold us reading forever (past
// it, closing simply costs the connection's reuse).
const (
	snippetLen = 512
	drainLimit = 1 << 20
)

// Send encrypts payload (at most MaxPayload bytes) for sub and posts it
// with the given TTL (rounded up to whole seconds), urgency ("normal" if
// empty) and topic (optional). It returns nil on any 2xx, ErrGone (wrapped)
// on 404 or 410, a *RetryError on 429, 5xx and network errors, and a plain
// error otherwise; invalid arguments are reported before anything is sent.
// ctx bounds the request; its cancellation is reported as a *RetryError
// wrapping ctx's error.
func (s *Sender) Send(ctx context.Context, sub Subscription, payload []byte, ttl time.Duration, urgency, topic string) error {
	subscriber, err := vapidSubscriber(s.Subject)
	if err != nil {
		return err
	}
	if err := s.Keys.check(); err != nil {
		return err
	}
	p256dh, auth, err := sub.parse()
	if err != nil {
		return err
	}
	if len(payload) > MaxPayload {
		return fmt.Errorf("push: payload is %d bytes, limit %d", len(payload), MaxPayload)
	}
	if ttl < 0 {
		return fmt.Errorf("push: negative TTL %v", ttl)
	}
	// Rounding down would turn a short TTL into 0, which means "deliver
	// now or drop"; rounding up keeps the caller's intent.
	ttlSec := int((ttl + time.Second - 1) / time.Second)
	switch webpush.Urgency(urgency) {
	case "":
		urgency = string(webpush.UrgencyNormal)
	case webpush.UrgencyVeryLow, webpush.UrgencyLow, webpush.UrgencyNormal, webpush.UrgencyHigh:
	default:
		// The library silently drops an unknown urgency; a typo should
		// not quietly become "normal".
		return fmt.Errorf("push: urgency %q is not very-low, low, normal or high", urgency)
	}
	if err := checkTopic(topic); err != nil {
		return err
	}

	client := s.Client
	if client == nil {
		client = defaultClient
	}
	// Re-encoding the keys canonically means the library decodes exactly
	// the bytes Check validated, whatever padding the browser used.
	wsub := &webpush.Subscription{
		Endpoint: sub.Endpoint,
		Keys: webpush.Keys{
			P256dh: base64.RawURLEncoding.EncodeToString(p256dh),
			Auth:   base64.RawURLEncoding.EncodeToString(auth),
		},
	}
	opts := &webpush.Options{
		HTTPClient:      retryDoer{client},
		RecordSize:      recordSize(len(payload)),
		Subscriber:      subscriber,
		Topic:           topic,
		TTL:             ttlSec,
		Urgency:         webpush.Urgency(urgency),
		VAPIDPublicKey:  s.Keys.Public,
		VAPIDPrivateKey: s.Keys.Private,
	}
	// The full slice expression matters: the library wraps the payload in a
	// bytes.Buffer and appends its padding, which writes into the caller's
	// spare capacity — a data race when one payload is fanned out to many
	// subscriptions concurrently.
	resp, err := webpush.SendNotificationWithContext(ctx, payload[:len(payload):len(payload)], wsub, opts)
	if err != nil {
		if _, ok := errors.AsType[*RetryError](err); ok {
			return err
		}
		return fmt.Errorf("push: %w", err)
	}
	snippet, _ := io.ReadAll(io.LimitReader(resp.Body, snippetLen))
	io.Copy(io.Discard, io.LimitReader(resp.Body, drainLimit))
	resp.Body.Close()

	code := resp.StatusCode
	switch {
	case code >= 200 && code < 300:
		return nil
	case code == http.StatusNotFound || code == http.StatusGone:
		return fmt.Errorf("%w: push service answered %s", ErrGone, resp.Status)
	case code == http.StatusTooManyRequests || code >= 500:
		return &RetryError{
			Err:        fmt.Errorf("push service answered %s%s", resp.Status, bodyNote(snippet)),
			RetryAfter: retryAfter(resp.Header.Get("Retry-After"), time.Now()),
		}
	default:
		return fmt.Errorf("push: push service answered %s%s", resp.Status, bodyNote(snippet))
	}
}

// vapidSubscriber validates Subject and converts it to what webpush-go
// wants: the library prepends "mailto:" to anything not starting with
// "https:", so a correct "mailto:x@y" would become "mailto:mailto:x@y",
// which Apple's push service rejects (webpush-go PR #92).
func vapidSubscriber(subject string) (string, error) {
	switch {
	case subject == "":
		return "", errors.New("push: Sender.Subject is required (mailto: or https: URL)")
	case strings.HasPrefix(subject, "mailto:"):
		addr := strings.TrimPrefix(subject, "mailto:")
		if addr == "" {
			return "", fmt.Errorf("push: Sender.Subject %q has no address", subject)
		}
		return addr, nil
	case strings.HasPrefix(subject, "https://"):
		if u, err := url.Parse(subject); err != nil || u.Host == "" {
			return "", fmt.Errorf("push: Sender.Subject %q is not a valid https URL", subject)
		}
		return subject, nil
	default:
		return "", fmt.Errorf("push: Sender.Subject %q must start with mailto: or https://", subject)
	}
}

// checkTopic enforces RFC 8030 §5.4 ourselves, since push services answer a
// bad Topic with a 400 that would look like a problem with the message.
func checkTopic(topic string) error {
	if len(topic) > 32 {
		return fmt.Errorf("push: topic is %d characters, limit 32", len(topic))
	}
	for _, c := range []byte(topic) {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("push: topic %q may only use the base64url alphabet", topic)
		}
	}
	return nil
}

// retryAfter parses a Retry-After header (RFC 9110 §10.2.3): delay-seconds
// or an HTTP-date. Anything unparsable means no hint.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs <= 0 {
			return 0
		}
		if secs > math.MaxInt64/int64(time.Second) {
			return time.Duration(math.MaxInt64)
		}
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

func bodyNote(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%q)", b)
}
