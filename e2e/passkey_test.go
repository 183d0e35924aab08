package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"
)

// TestPasskey: a player signs up with a password, registers a passkey (Chromium's virtual authenticator,
// through the DevTools WebAuthn domain), signs out, and signs in again with the passkey alone.
func TestPasskey(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	passkeyFlow(t, e.url)
}

// TestPasskeyAcrossInstances: the same, on three instances sharing one PostgreSQL behind a balancer that
// sends each ceremony's second step to another instance than its first.
func TestPasskeyAcrossInstances(t *testing.T) {
	t.Parallel()
	lb := newBalancedInstances(t, 3)
	passkeyFlow(t, lb.url)
	if lb.ceremonies.Load() < 2 || lb.sameInstance.Load() != 0 {
		t.Fatalf("%d ceremonies, %d of them finished on the instance that began them; want both steps of each on different instances",
			lb.ceremonies.Load(), lb.sameInstance.Load())
	}
}

// passkeyFlow signs up, registers a passkey, signs out and signs in with it, on the site at url.
func passkeyFlow(t *testing.T, url string) {
	ctx := browser(t, "en-US")
	// Passkeys are bound to a domain name: the page is opened as localhost, not 127.0.0.1.
	site := strings.Replace(url, "127.0.0.1", "localhost", 1)
	run(t, ctx, chromedp.Navigate(site+"/"))
	if _, err := chromedp.Call(ctx, webauthn.Enable, webauthn.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, webauthn.AddVirtualAuthenticator, webauthn.AddVirtualAuthenticatorParams{Options: &webauthn.VirtualAuthenticatorOptions{
		Protocol: webauthn.AuthenticatorProtocolCtap2, Transport: webauthn.AuthenticatorTransportInternal,
		HasResidentKey: true, HasUserVerification: true, IsUserVerified: true, AutomaticPresenceSimulation: true}}); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	click(t, ctx, "#sign-in")
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#account-name"), "Ada"), chromedp.SendKeys(chromedp.CSS("#account-password"), "correct horse"))
	click(t, ctx, "#do-sign-up")
	// Passkeys are added on the settings page, and listed there.
	waitJS(t, ctx, `!!document.querySelector('#settings-link')`)
	click(t, ctx, "#settings-link")
	waitJS(t, ctx, `!!document.querySelector('#add-passkey') && !!document.querySelector('#passkeys li')`)
	click(t, ctx, "#add-passkey")
	waitJS(t, ctx, `!!document.querySelector("#add-passkey").dataset.done || !!document.querySelector("#add-passkey").title`)
	if done := evalString(t, ctx, `document.querySelector("#add-passkey").dataset.done || document.querySelector("#add-passkey").title`); done != "1" {
		t.Fatalf("adding the passkey failed: %s", done)
	}
	waitJS(t, ctx, `document.querySelectorAll('#passkeys li[data-id]').length === 1`)
	click(t, ctx, "#sign-out")
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	click(t, ctx, "#sign-in")
	waitJS(t, ctx, `!!document.querySelector('#passkey-sign-in')`)
	click(t, ctx, "#passkey-sign-in")
	waitJS(t, ctx, `!!document.querySelector('#signed-in-as') && document.querySelector('#signed-in-as').textContent.includes("Ada")`)
}
