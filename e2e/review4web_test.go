package e2e

import (
	"net/http"
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

// TestReview4WebRefusedCreateKeepsTheKeyboardsPlace: Create pressed from the keyboard and refused is
// usable again with the focus still on it (disabled while in flight, it dropped the focus on the body).
func TestReview4WebRefusedCreateKeepsTheKeyboardsPlace(t *testing.T) {
	t.Parallel()
	e := newEnvServing(t, 1, nil, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == "POST" && r.URL.Path == "/api/matches" {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(429)
				_, _ = w.Write([]byte(`{"error":{"code":"rate_limited","message":"later","retry_after":2}}`))
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create')`)
	evalString(t, ctx, `document.querySelector('#name').value = "Ada", document.querySelector('#create').focus(), ""`)
	press(t, ctx, "\r")
	waitJS(t, ctx, `document.querySelector('#create-form .error, #create-form [role=alert]')?.textContent.length > 0`)
	if at := evalString(t, ctx, `document.activeElement.id || document.activeElement.tagName`); at != "create" {
		t.Errorf("after a refused Create the focus is on %q: want Create", at)
	}
}

// TestReview4WebAddBotKeepsTheKeyboardsPlace: Add a bot pressed from the keyboard leaves the focus on Add a
// bot in the room drawn anew (a table of four is filled by pressing Enter three times), not on the body.
func TestReview4WebAddBotKeepsTheKeyboardsPlace(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	m := e.openMatch("cartographers", 4)
	ctx := browser(t, "en-US")
	openTable(t, ctx, e, m.ID, m.Token, "en", `#bot-form:not([hidden]) #add-bot`)
	evalString(t, ctx, `document.querySelector('#add-bot').focus(), ""`)
	press(t, ctx, "\r")
	waitJS(t, ctx, `document.querySelectorAll('#players li[data-bot]').length === 1`)
	if at := evalString(t, ctx, `document.activeElement.id || document.activeElement.tagName`); at != "add-bot" {
		t.Errorf("after Add a bot the focus is on %q: want Add a bot", at)
	}
}
