package accounts

import (
	"context"
	"encoding/base64"
	"encoding/hex"
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
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// Passkeys (WebAuthn), a second way to sign in: a signed-in player registers one, and later signs in with
// it, on any device that holds it, without a name or a password. github.com/go-webauthn/webauthn does the
// ceremonies; the server keeps each ceremony's state for five minutes between its two steps, under a
// random id in a cookie (ceremonies), and the credentials in the accounts store.

const (
	ceremonyCookie = "surveyor_webauthn"
	ceremonyLife   = 5 * time.Minute
)

// ceremonies holds the state of passkey ceremonies between their begin and finish requests: in the
// database every instance shares (so that the two requests may reach different instances), under the
// hash of the cookie's id (the id is a secret, like a session's), and taken once; without a shared store,
// in this instance's memory.
type ceremonies struct {
	shared store.Shared
	mu     sync.Mutex
	m      map[string]ceremony
}

type ceremony struct {
	Data    webauthn.SessionData `json:"data"`
	UserID  string               `json:"user_id"` // the account registering ("" for a sign-in)
	Expires time.Time            `json:"expires"`
}

func ceremonyKey(hash [32]byte) string { return "passkey:" + hex.EncodeToString(hash[:]) }

// put keeps cr until cr.Expires; now is the server's clock (Store.now), the one the shared store's
// cleanup and take judge expiry by.
func (c *ceremonies) put(ctx context.Context, cr ceremony, now time.Time) (string, error) {
	id, hash := auth.NewSecret("")
	if c.shared != nil {
		b, err := json.Marshal(cr)
		if err != nil {
			return "", err
		}
		return id, c.shared.PutTemp(ctx, ceremonyKey(hash), b, cr.Expires)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]ceremony{}
	}
	for k, v := range c.m { // forget the stale ones as new ones come
		if now.After(v.Expires) {
			delete(c.m, k)
		}
	}
	c.m[id] = cr
	return id, nil
}

func (c *ceremonies) take(ctx context.Context, id string, now time.Time) (ceremony, bool, error) {
	if c.shared != nil {
		b, ok, err := c.shared.TakeTemp(ctx, ceremonyKey(auth.HashSecret(id)), now)
		if err != nil || !ok {
			return ceremony{}, false, err
		}
		var cr ceremony
		if err := json.Unmarshal(b, &cr); err != nil {
			return ceremony{}, false, fmt.Errorf("passkey ceremony: %w", err)
		}
		return cr, true, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	cr, ok := c.m[id]
	delete(c.m, id)
	return cr, ok && now.Before(cr.Expires), nil
}

// relyingParty is the WebAuthn party of the request's site: its host name, and its origin as the browser
// sees it (a credential is bound by the browser to the host it was made on).
func (a *Store) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if net.ParseIP(host) != nil {
		// Browsers bind passkeys to a domain name ("localhost" included), never to an address.
		return nil, httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "passkeys need the site under a domain name, not the address %s", host)
	}
	scheme := "http"
	if a.secure(r) {
		scheme = "https"
	}
	rp, err := webauthn.New(&webauthn.Config{RPID: host, RPDisplayName: "Surveyor", RPOrigins: []string{scheme + "://" + r.Host}})
	if err != nil {
		return nil, httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "passkeys are not possible on this host: %v", err)
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

func (a *Store) loadPasskeyUser(r *http.Request, u store.User) (passkeyUser, error) {
	ks, err := a.st.Passkeys(r.Context(), u.ID)
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

func (a *Store) setCeremony(w http.ResponseWriter, r *http.Request, id string) {
	http.SetCookie(w, &http.Cookie{Name: ceremonyCookie, Value: id, Path: "/api/account/passkeys", HttpOnly: true,
		Secure: a.secure(r), SameSite: http.SameSiteStrictMode, MaxAge: int(ceremonyLife.Seconds())})
}

func (a *Store) takeCeremony(r *http.Request) (ceremony, error) {
	c, err := r.Cookie(ceremonyCookie)
	if err == nil {
		cr, ok, err := a.ceremonies.take(r.Context(), c.Value, a.now())
		if err != nil {
			return ceremony{}, err
		}
		if ok {
			return cr, nil
		}
	}
	return ceremony{}, httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "no passkey ceremony under way (it lasts five minutes): begin again")
}

// PasskeyRegisterBegin: POST /api/account/passkeys/register/begin, signed in with a session.
func (a *Store) PasskeyRegisterBegin(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "passkeys are registered from the browser, signed in")
	}
	pu, err := a.loadPasskeyUser(r, p.User)
	if err != nil {
		return err
	}
	if err := tooManyPasskeys(pu); err != nil {
		return err
	}
	rp, err := a.relyingParty(r)
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
	now := a.now()
	id, err := a.ceremonies.put(r.Context(), ceremony{Data: *data, UserID: p.User.ID, Expires: now.Add(ceremonyLife)}, now)
	if err != nil {
		return fmt.Errorf("passkey registration: %w", err)
	}
	a.setCeremony(w, r, id)
	httpkit.WriteJSON(w, http.StatusOK, creation)
	return nil
}

// PasskeyRegisterFinish: POST /api/account/passkeys/register/finish with the browser's credential.
func (a *Store) PasskeyRegisterFinish(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, "")
	if err != nil {
		return err
	}
	cr, err := a.takeCeremony(r)
	if err != nil {
		return err
	}
	if cr.UserID != p.User.ID {
		return httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "this ceremony was begun by another account")
	}
	rp, err := a.relyingParty(r)
	if err != nil {
		return err
	}
	pu, err := a.loadPasskeyUser(r, p.User)
	if err != nil {
		return err
	}
	if err := tooManyPasskeys(pu); err != nil { // ceremonies begun side by side end here
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, a.host.MaxBody)
	cred, err := rp.FinishRegistration(pu, cr.Data, r)
	if err != nil {
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "the passkey was not accepted: %v", err)
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return fmt.Errorf("passkey: %w", err)
	}
	if err := a.st.AddPasskey(r.Context(), store.Passkey{ID: cred.ID, UserID: p.User.ID, PublicKey: cred.PublicKey,
		SignCount: cred.Authenticator.SignCount, Data: data, Name: truncate(r.UserAgent(), 60), Created: a.now()}); err != nil {
		return fmt.Errorf("passkey: %w", err)
	}
	httpkit.WriteJSON(w, http.StatusCreated, map[string]bool{"ok": true})
	return nil
}

// tooManyPasskeys refuses a registration past MaxPasskeys: a passkey sign-in loads them all.
func tooManyPasskeys(pu passkeyUser) error {
	if len(pu.creds) >= MaxPasskeys {
		return httpkit.Errf(http.StatusConflict, CodeTooManyPasskeys, "you have %d passkeys, as many as one may: remove one first", len(pu.creds))
	}
	return nil
}

// PasskeyJSON is a passkey as its owner sees it: the credential's id (base64url), where it was registered
// (the browser's name) and when.
type PasskeyJSON struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
}

// ListPasskeys: GET /api/account/passkeys, the signed-in account's passkeys.
func (a *Store) ListPasskeys(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, ScopeRead)
	if err != nil {
		return err
	}
	ps, err := a.st.Passkeys(r.Context(), p.User.ID)
	if err != nil {
		return fmt.Errorf("passkeys: %w", err)
	}
	out := make([]PasskeyJSON, len(ps))
	for i, k := range ps {
		out[i] = PasskeyJSON{ID: base64.RawURLEncoding.EncodeToString(k.ID), Name: k.Name, Created: k.Created}
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"passkeys": out})
	return nil
}

// DeletePasskey: DELETE /api/account/passkeys/{id}, with a session (a lost phone's passkey is removed from
// another device; an API token cannot remove a way to sign in).
func (a *Store) DeletePasskey(w http.ResponseWriter, r *http.Request) error {
	p, err := a.SignedIn(r, "")
	if err != nil {
		return err
	}
	if p.Token != nil {
		return httpkit.Errf(http.StatusForbidden, httpkit.CodeForbidden, "an API token cannot remove a passkey")
	}
	id, err := base64.RawURLEncoding.DecodeString(r.PathValue("pid"))
	if err != nil || len(id) == 0 {
		return httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no such passkey")
	}
	err = a.st.DeletePasskey(r.Context(), p.User.ID, id)
	if errors.Is(err, store.ErrNotFound) {
		return httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no such passkey")
	} else if err != nil {
		return fmt.Errorf("delete passkey: %w", err)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// PasskeySigninBegin: POST /api/account/passkeys/signin/begin, no credential needed.
func (a *Store) PasskeySigninBegin(w http.ResponseWriter, r *http.Request) error {
	rp, err := a.relyingParty(r)
	if err != nil {
		return err
	}
	assertion, data, err := rp.BeginDiscoverableLogin()
	if err != nil {
		return fmt.Errorf("passkey: %w", err)
	}
	now := a.now()
	id, err := a.ceremonies.put(r.Context(), ceremony{Data: *data, Expires: now.Add(ceremonyLife)}, now)
	if err != nil {
		return fmt.Errorf("passkey sign-in: %w", err)
	}
	a.setCeremony(w, r, id)
	httpkit.WriteJSON(w, http.StatusOK, assertion)
	return nil
}

// PasskeySigninFinish: POST /api/account/passkeys/signin/finish with the browser's assertion; it signs the
// Account in as a password would (session cookie, seats claimed by ?claim later through /claim).
func (a *Store) PasskeySigninFinish(w http.ResponseWriter, r *http.Request) error {
	cr, err := a.takeCeremony(r)
	if err != nil {
		return err
	}
	rp, err := a.relyingParty(r)
	if err != nil {
		return err
	}
	var found store.User
	handler := func(rawID, userHandle []byte) (webauthn.User, error) {
		u, err := a.st.UserByID(r.Context(), string(userHandle))
		if err != nil || u.Deleted || u.Disabled {
			return nil, errors.New("no such account")
		}
		found = u
		return a.loadPasskeyUser(r, u)
	}
	r.Body = http.MaxBytesReader(w, r.Body, a.host.MaxBody)
	_, cred, err := rp.FinishPasskeyLogin(handler, cr.Data, r)
	if err != nil {
		a.signInFailed("passkey")
		return httpkit.Errf(http.StatusUnauthorized, CodeBadCredentials, "the passkey was not accepted")
	}
	if k, err := a.st.PasskeyByID(r.Context(), cred.ID); err == nil {
		k.SignCount = cred.Authenticator.SignCount
		if data, err := json.Marshal(cred); err == nil {
			k.Data = data
		}
		a.st.UpdatePasskey(r.Context(), k)
	}
	if err := a.setSession(w, r, found); err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"user": UserOut(found)})
	return nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
