package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestReview4WebRevokeIsAFingerWide: on a phone each API token's Revoke is a target a finger can take,
// 40 px tall (it was 35: a link-styled button in a table cell, beside the next row's).
func TestReview4WebRevokeIsAFingerWide(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	p := newPlayer(t, e.url, "Ada")
	p.must("POST", "/api/account/tokens", map[string]any{"name": "my bot", "scopes": []string{"read"}}, nil)
	ctx := browser(t, "pt-BR")
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
	run(t, ctx, chromedp.Navigate(e.url+"/settings"))
	waitJS(t, ctx, `!!document.querySelector('#tokens .revoke-token')`)
	var size struct{ W, H float64 }
	evalJSON(t, ctx, `(() => { const r = document.querySelector('#tokens .revoke-token').getBoundingClientRect(); return JSON.stringify({W: r.width, H: r.height}); })()`, &size)
	if size.W < 40 || size.H < 40 {
		t.Errorf("Revoke is %.0fx%.0f px on a phone: want 40 px at least either way", size.W, size.H)
	}
	if wide := evalString(t, ctx, `String(document.documentElement.scrollWidth)`); wide != "390" {
		t.Errorf("the settings page is %s px wide on a 390-px phone", wide)
	}
}

// TestReview4WebRevokeKeepsTheKeyboardsPlace: a token revoked from the keyboard leaves the focus in the
// list, on the next Revoke (or, the last gone, on the new token's name), not on the page's body, from
// which a keyboard user must tab through the whole page again.
func TestReview4WebRevokeKeepsTheKeyboardsPlace(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	p := newPlayer(t, e.url, "Ada")
	for _, n := range []string{"one", "two"} {
		p.must("POST", "/api/account/tokens", map[string]any{"name": n, "scopes": []string{"read"}}, nil)
	}
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
	run(t, ctx, chromedp.Navigate(e.url+"/settings"))
	waitJS(t, ctx, `document.querySelectorAll('#tokens .revoke-token').length === 2`)
	evalString(t, ctx, `document.querySelector('#tokens .revoke-token').focus(), ""`)
	press(t, ctx, "\r")
	waitJS(t, ctx, `document.querySelectorAll('#tokens .revoke-token').length === 1`)
	if at := evalString(t, ctx, `document.activeElement.className + "#" + document.activeElement.id`); at != "link revoke-token#" {
		t.Errorf("after a Revoke the focus is on %q: want the next Revoke", at)
	}
	press(t, ctx, "\r")
	waitJS(t, ctx, `document.querySelectorAll('#tokens .revoke-token').length === 0`)
	if at := evalString(t, ctx, `document.activeElement.id`); at != "token-name" {
		t.Errorf("after the last Revoke the focus is on %q: want the new token's name", at)
	}
}
