// Package push sends Web Push notifications: the RFC 8030 push protocol,
// RFC 8291 (aes128gcm) message encryption and RFC 8292 VAPID signing.
//
// The cryptography is delegated to github.com/SherClockHolmes/webpush-go
// because it is maintained, small (a few hundred lines over
// golang.org/x/crypto/hkdf and golang-jwt), and already implements both
// RFC 8291 and RFC 8292; a hand-rolled copy would be more code to audit for
// no gain. This package adds what the library leaves to its callers: input
// validation before anything goes on the wire, a status-code policy
// (delete on 404/410, retry on 429/5xx/network, give up on other 4xx),
// timeouts, and workarounds for a few of the library's sharp edges, which
// are explained where they are handled.
package push
