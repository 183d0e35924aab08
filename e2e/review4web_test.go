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
