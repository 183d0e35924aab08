// Package mail sends Surveyor's e-mail notifications ("your turn" mails,
// digests, address confirmations) through an SMTP server chosen by the
// operator with `surveyor serve --smtp URL`. Mail is off unless that flag is
// given: the server must run without any mail setup.
//
// # Why go-smtp
//
// The client is github.com/emersion/go-smtp rather than the standard
// library's net/smtp:
//
//   - net/smtp is frozen ("not accepting new features"); it has no context
//     support, no implicit TLS helper and no structured reply codes, so a 550
//     cannot be told from a 451 without parsing strings.
//   - go-smtp is maintained, and is what maddy and many Go mail tools use. It
//     returns *smtp.SMTPError with the numeric code, which is exactly what we
//     need to split permanent (5xx: drop the notification) from temporary
//     (4xx, network, TLS: retry later) failures.
//   - It is context-friendly enough: it takes a net.Conn we dial ourselves
//     (net.Dialer.DialContext), so the whole session can be bounded by a ctx.
//     It resets conn deadlines around every command, so we clamp them (see
//     deadlineConn) and close the conn when ctx ends.
//   - It provides STARTTLS, implicit TLS and SASL (PLAIN via
//     github.com/emersion/go-sasl), covering every submission setup an
//     operator is likely to have (port 587 + STARTTLS, port 465 + TLS, local
//     relay on 25 without TLS).
//   - It ships a server side too, so package mailtest runs a real SMTP server
//     in process and the tests exercise the real protocol, failures included,
//     without docker or a fake that agrees with our bugs.
//
// # Security choices
//
// smtp:// means STARTTLS is required: if the server does not offer it we
// fail rather than silently falling back to plaintext (an attacker could
// strip the STARTTLS capability). Plaintext needs an explicit
// ?security=none, and even then a password is only ever sent to a loopback
// host. Config.String redacts the password because the server logs its
// configuration.
//
// # Messages
//
// Messages are single-part text/plain UTF-8 in quoted-printable, which any
// client renders and which survives 7-bit relays. Header values are checked
// for CR/LF so that user-controlled data (display names, game names in
// subjects) cannot inject headers. Message-ID is derived from a caller
// supplied stable ID so that a resend after a crash (the message may have
// been accepted before we recorded success) carries the same Message-ID and
// receivers can deduplicate it.
package mail
