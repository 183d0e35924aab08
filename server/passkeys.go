package server

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/store"
)

// Passkeys (WebAuthn), a second way to sign in: a signed-in player registers one, and later signs in with
// it, on any device that holds it, without a name or a password. github.com/go-webauthn/webauthn does the
// ceremonies; the server keeps each ceremony's state for five minutes between its two steps, under a
// random id in a cookie, and the credentials in the accounts store.

const (
	ceremonyCookie = "surveyor_webauthn"
	ceremonyLife   = 5 * time.Minute
)

// ceremonies holds the state of passkey ceremonies between their begin and finish requests. It lives in
// the instance's memory: behind several instances, the two requests must reach the same one (sticky
// sessions), or the finish is refused and the player tries again.
type ceremonies struct {
	mu sync.Mutex
	m  map[string]ceremony
}

type ceremony struct {
	data    webauthn.SessionData
	userID  string // the account registering ("" for a sign-in)
	expires time.Time
}

func (c *ceremonies) put(cr ceremony) string {
	id, _ := auth.NewSecret("")
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]ceremony{}
	}
	for k, v := range c.m { // forget the stale ones as new ones come
		if time.Now().After(v.expires) {
			delete(c.m, k)
		}
	}
	c.m[id] = cr
	return id
}

func (c *ceremonies) take(id string) (ceremony, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cr, ok := c.m[id]
	delete(c.m, id)
	return cr, ok && time.Now().Before(cr.expires)
}

// relyingParty is the WebAuthn party of the request's site: its host name, and its origin as the browser
// sees it (a credential is bound by the browser to the host it was made on).
func (s *Server) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if net.ParseIP(host) != nil {
		// Browsers bind passkeys to a domain name ("localhost" included), never to an address.
		return nil, errf(http.StatusBadRequest, codeBadRequest, "passkeys need the site under a domain name, not the address %s", host)
	}
	scheme := "http"
	if secureRequest(r, s) {
		scheme = "https"
	}
	rp, err := webauthn.New(&webauthn.Config{RPID: host, RPDisplayName: "Surveyor", RPOrigins: []string{scheme + "://" + r.Host}})
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadRequest, "passkeys are not possible on this host: %v", err)
	}
	return rp, nil
}

// passkeyUser is an account as the WebAuthn library sees it.
type passkeyUser struct {
	u     store.User
	creds []webauthn.Credential
}

func (p passkeyUser) WebAuthnID() []byte                         { return []byte(p.u.ID) }
func (p passkeyUser) WebAuthnName() string                       { return p.u.Name }
func (p passkeyUser) WebAuthnDisplayName() string                { return p.u.Name }
func (p passkeyUser) WebAuthnCredentials() []webauthn.Credential { return p.creds }

func (s *Server) loadPasskeyUser(r *http.Request, u store.User) (passkeyUser, error) {
	ks, err := s.accounts.Passkeys(r.Context(), u.ID)
	if err != nil {
		return passkeyUser{}, fmt.Errorf("passkeys: %w", err)
	}
	pu := passkeyUser{u: u}
	for _, k := range ks {
		var c webauthn.Credential
		if json.Unmarshal(k.Data, &c) == nil {
			pu.creds = append(pu.creds, c)
		}
	}
	return pu, nil
}

func setCeremony(w http.ResponseWriter, r *http.Request, s *Server, id string) {
	http.SetCookie(w, &http.Cookie{Name: ceremonyCookie, Value: id, Path: "/api/account/passkeys", HttpOnly: true,
		Secure: secureRequest(r, s), SameSite: http.SameSiteStrictMode, MaxAge: int(ceremonyLife.Seconds())})
}

func (s *Server) takeCeremony(r *http.Request) (ceremony, error) {
	c, err := r.Cookie(ceremonyCookie)
	if err == nil {
		if cr, ok := s.ceremonies.take(c.Value); ok {
			return cr, nil
		}
	}
	return ceremony{}, errf(http.StatusBadRequest, codeBadRequest, "no passkey ceremony under way (it lasts five minutes): begin again")
}

// passkeyRegisterBegin: POST /api/account/passkeys/register/begin, signed in with a session.
func (s *Server) passkeyRegisterBegin(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return errf(http.StatusForbidden, codeForbidden, "passkeys are registered from the browser, signed in")
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		return err
	}
	pu, err := s.loadPasskeyUser(r, p.User)
	if err != nil {
		return err
	}
	exclude := make([]protocol.CredentialDescriptor, len(pu.creds))
	for i, c := range pu.creds {
		exclude[i] = c.Descriptor()
	}
	creation, data, err := rp.BeginRegistration(pu, webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(exclude))
	if err != nil {
		return fmt.Errorf("passkey: %w", err)
	}
	setCeremony(w, r, s, s.ceremonies.put(ceremony{data: *data, userID: p.User.ID, expires: time.Now().Add(ceremonyLife)}))
	writeJSON(w, http.StatusOK, creation)
	return nil
}

// passkeyRegisterFinish: POST /api/account/passkeys/register/finish with the browser's credential.
func (s *Server) passkeyRegisterFinish(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, "")
	if err != nil {
		return err
	}
	cr, err := s.takeCeremony(r)
	if err != nil {
		return err
	}
	if cr.userID != p.User.ID {
		return errf(http.StatusForbidden, codeForbidden, "this ceremony was begun by another account")
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		return err
	}
	pu, err := s.loadPasskeyUser(r, p.User)
	if err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.maxBody)
	cred, err := rp.FinishRegistration(pu, cr.data, r)
	if err != nil {
		return errf(http.StatusBadRequest, codeBadRequest, "the passkey was not accepted: %v", err)
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return fmt.Errorf("passkey: %w", err)
	}
	if err := s.accounts.AddPasskey(r.Context(), store.Passkey{ID: cred.ID, UserID: p.User.ID, PublicKey: cred.PublicKey,
		SignCount: cred.Authenticator.SignCount, Data: data, Name: truncate(r.UserAgent(), 60), Created: s.now()}); err != nil {
		return fmt.Errorf("passkey: %w", err)
	}
	writeJSON(w, http.StatusCreated, map[string]bool{"ok": true})
	return nil
}

// passkeyJSON is a passkey as its owner sees it: the credential's id (base64url), where it was registered
// (the browser's name) and when.
type passkeyJSON struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
}

// listPasskeys: GET /api/account/passkeys, the signed-in account's passkeys.
func (s *Server) listPasskeys(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, scopeRead)
	if err != nil {
		return err
	}
	ps, err := s.accounts.Passkeys(r.Context(), p.User.ID)
	if err != nil {
		return fmt.Errorf("passkeys: %w", err)
	}
	out := make([]passkeyJSON, len(ps))
	for i, k := range ps {
		out[i] = passkeyJSON{ID: base64.RawURLEncoding.EncodeToString(k.ID), Name: k.Name, Created: k.Created}
	}
	writeJSON(w, http.StatusOK, map[string]any{"passkeys": out})
	return nil
}

// deletePasskey: DELETE /api/account/passkeys/{id}, with a session (a lost phone's passkey is removed from
// another device; an API token cannot remove a way to sign in).
func (s *Server) deletePasskey(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return errf(http.StatusForbidden, codeForbidden, "an API token cannot remove a passkey")
	}
	id, err := base64.RawURLEncoding.DecodeString(r.PathValue("pid"))
	if err != nil || len(id) == 0 {
		return errf(http.StatusNotFound, codeNotFound, "no such passkey")
	}
	err = s.accounts.DeletePasskey(r.Context(), p.User.ID, id)
	if errors.Is(err, store.ErrNotFound) {
		return errf(http.StatusNotFound, codeNotFound, "no such passkey")
	} else if err != nil {
		return fmt.Errorf("delete passkey: %w", err)
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// passkeySigninBegin: POST /api/account/passkeys/signin/begin, no credential needed.
func (s *Server) passkeySigninBegin(w http.ResponseWriter, r *http.Request) error {
	rp, err := s.relyingParty(r)
	if err != nil {
		return err
	}
	assertion, data, err := rp.BeginDiscoverableLogin()
	if err != nil {
		return fmt.Errorf("passkey: %w", err)
	}
	setCeremony(w, r, s, s.ceremonies.put(ceremony{data: *data, expires: time.Now().Add(ceremonyLife)}))
	writeJSON(w, http.StatusOK, assertion)
	return nil
}

// passkeySigninFinish: POST /api/account/passkeys/signin/finish with the browser's assertion; it signs the
// account in as a password would (session cookie, seats claimed by ?claim later through /claim).
func (s *Server) passkeySigninFinish(w http.ResponseWriter, r *http.Request) error {
	cr, err := s.takeCeremony(r)
	if err != nil {
		return err
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		return err
	}
	var found store.User
	handler := func(rawID, userHandle []byte) (webauthn.User, error) {
		u, err := s.accounts.UserByID(r.Context(), string(userHandle))
		if err != nil || u.Deleted || u.Disabled {
			return nil, errors.New("no such account")
		}
		found = u
		return s.loadPasskeyUser(r, u)
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.maxBody)
	_, cred, err := rp.FinishPasskeyLogin(handler, cr.data, r)
	if err != nil {
		s.metrics.SignInFailed("passkey")
		return errf(http.StatusUnauthorized, codeBadCredentials, "the passkey was not accepted")
	}
	if k, err := s.accounts.PasskeyByID(r.Context(), cred.ID); err == nil {
		k.SignCount = cred.Authenticator.SignCount
		if data, err := json.Marshal(cred); err == nil {
			k.Data = data
		}
		s.accounts.UpdatePasskey(r.Context(), k)
	}
	if err := s.setSession(w, r, found); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": userOut(found)})
	return nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
