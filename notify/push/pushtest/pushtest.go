// Package pushtest stands in for a browser in tests of Web Push: it makes a subscription's keys the way a
// browser does, and decrypts what a push service would hand that browser, from the RFCs rather than from
// the library that encrypts, so that a test proves the encryption and not only the request.
package pushtest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/crypto/hkdf"
)

// Browser is one browser's push keys: its P-256 key pair and its 16-byte auth secret.
type Browser struct {
	Key  *ecdh.PrivateKey
	Auth []byte
}

// NewBrowser makes fresh keys.
func NewBrowser(t testing.TB) Browser {
	t.Helper()
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	return Browser{Key: priv, Auth: auth}
}

// P256dh and AuthB64 are the keys as a subscription's JSON carries them (base64url, no padding).
func (b Browser) P256dh() string {
	return base64.RawURLEncoding.EncodeToString(b.Key.PublicKey().Bytes())
}
func (b Browser) AuthB64() string { return base64.RawURLEncoding.EncodeToString(b.Auth) }

// Open decrypts a push message's body for this browser.
func (b Browser) Open(body []byte) ([]byte, error) { return Decrypt(body, b.Key, b.Auth) }

// Decrypt is an independent RFC 8291 / RFC 8188 aes128gcm decoder, written
// from the RFCs rather than from webpush-go.
func Decrypt(body []byte, uaPriv *ecdh.PrivateKey, authSecret []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("body shorter than the aes128gcm header")
	}
	salt := body[:16]
	rs := binary.BigEndian.Uint32(body[16:20])
	idlen := int(body[20])
	if rs < 18 {
		return nil, fmt.Errorf("record size %d < 18", rs)
	}
	if idlen != 65 || len(body) < 21+idlen {
		return nil, fmt.Errorf("keyid length %d, want 65", idlen)
	}
	asPub, err := ecdh.P256().NewPublicKey(body[21 : 21+idlen])
	if err != nil {
		return nil, fmt.Errorf("keyid is not a P-256 point: %v", err)
	}
	records := body[21+idlen:]

	ecdhSecret, err := uaPriv.ECDH(asPub)
	if err != nil {
		return nil, err
	}
	prkKey := hkdf.Extract(sha256.New, ecdhSecret, authSecret)
	keyInfo := append([]byte("WebPush: info\x00"), uaPriv.PublicKey().Bytes()...)
	keyInfo = append(keyInfo, asPub.Bytes()...)
	ikm := make([]byte, 32)
	if _, err := io.ReadFull(hkdf.Expand(sha256.New, prkKey, keyInfo), ikm); err != nil {
		return nil, err
	}
	prk := hkdf.Extract(sha256.New, ikm, salt)
	cek := make([]byte, 16)
	nonce := make([]byte, 12)
	io.ReadFull(hkdf.Expand(sha256.New, prk, []byte("Content-Encoding: aes128gcm\x00")), cek)
	io.ReadFull(hkdf.Expand(sha256.New, prk, []byte("Content-Encoding: nonce\x00")), nonce)
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}

	var out []byte
	for seq := uint64(0); len(records) > 0; seq++ {
		n := min(int(rs), len(records))
		rec := records[:n]
		records = records[n:]
		last := len(records) == 0
		// RFC 8188 §2.3: the record nonce is NONCE XOR the sequence number.
		iv := bytes.Clone(nonce)
		var s [8]byte
		binary.BigEndian.PutUint64(s[:], seq)
		for i := range s {
			iv[4+i] ^= s[i]
		}
		plain, err := gcm.Open(nil, iv, rec, nil)
		if err != nil {
			return nil, fmt.Errorf("record %d: %v", seq, err)
		}
		i := len(plain) - 1
		for i >= 0 && plain[i] == 0 {
			i--
		}
		switch {
		case i < 0:
			return nil, fmt.Errorf("record %d: no padding delimiter", seq)
		case last && plain[i] != 2:
			return nil, fmt.Errorf("last record delimiter %#x, want 0x02", plain[i])
		case !last && plain[i] != 1:
			return nil, fmt.Errorf("record %d delimiter %#x, want 0x01", seq, plain[i])
		}
		out = append(out, plain[:i]...)
	}
	return out, nil
}

// Watched is an https push service on loopback that answers nothing useful but counts the connections
// made to it: a test of the egress rule checks that a refused push never connected.
type Watched struct {
	Port  string // ":port", to put after a host name
	conns atomic.Int32
}

// Conns is how many connections reached the service.
func (w *Watched) Conns() int { return int(w.conns.Load()) }

// NewWatched starts a watched service, stopped when the test ends.
func NewWatched(t testing.TB) *Watched {
	w := &Watched{}
	srv := httptest.NewUnstartedServer(http.NotFoundHandler())
	srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			w.conns.Add(1)
		}
	}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	w.Port = srv.URL[strings.LastIndexByte(srv.URL, ':'):]
	return w
}
