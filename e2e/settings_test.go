package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// status is the HTTP status of a GET with a bearer token.
func (e *env) status(path, token string) int {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodGet, e.url+path, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestAccountSettings: on /settings a player changes the password (a wrong current one is refused in
// words), creates an API token that works from a script and revokes it, signs out everywhere, signs in
// with the new password and deletes the account.
func TestAccountSettings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/settings"))
	waitJS(t, ctx, `!!document.querySelector('#settings') && document.querySelector('#settings').textContent.includes("Sign in to see")`)
	click(t, ctx, "#sign-in")
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#account-name"), "Ada"), chromedp.SendKeys(chromedp.CSS("#account-password"), "correct horse"))
	click(t, ctx, "#do-sign-up")
	waitJS(t, ctx, `!!document.querySelector('#password-settings')`)

	// The password: a wrong current one is refused, the right one changes it.
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#old-password"), "not my password"), chromedp.SendKeys(chromedp.CSS("#new-password"), "battery staple"))
	click(t, ctx, "#change-password")
	waitJS(t, ctx, `document.querySelector('#password-msg').textContent === "Wrong password."`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#old-password"), "correct horse"))
	click(t, ctx, "#change-password")
	waitJS(t, ctx, `document.querySelector('#password-msg').textContent === "Password changed."`)

	// A token for a script, shown once, that works until revoked.
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#token-name"), "my bot"))
	click(t, ctx, "#scope-play")
	click(t, ctx, "#create-token")
	waitJS(t, ctx, `!!document.querySelector('#token-secret') && document.querySelectorAll('#tokens tr[data-id]').length === 1`)
	secret := evalString(t, ctx, `document.querySelector('#token-secret').value`)
	if !strings.HasPrefix(secret, "sv_") {
		t.Fatalf("the token shown is %q", secret)
	}
	var me struct{ User struct{ Name string } }
	e.getJSON("/api/account", secret, &me)
	if me.User.Name != "Ada" {
		t.Fatalf("the token acts for %q", me.User.Name)
	}
	if got := evalString(t, ctx, `document.querySelector('#tokens tr[data-id]').cells[1].textContent`); got != "read, play" {
		t.Errorf("the token's scopes read %q", got)
	}
	shot(t, ctx, "settings")
	// On a phone nothing sticks out past the screen's edge (the token's long secret once did).
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	if wide := evalString(t, ctx, `[...document.querySelectorAll('#settings *')].filter(e => e.getBoundingClientRect().right > 391).map(e => e.tagName + "#" + e.id).join(" ")`); wide != "" {
		t.Errorf("wider than a 390-px phone: %s", wide)
	}
	shot(t, ctx, "settings-phone")
	run(t, ctx, chromedp.EmulateViewport(1280, 1200))
	click(t, ctx, "#tokens .revoke-token")
	waitJS(t, ctx, `document.querySelectorAll('#tokens tr[data-id]').length === 0`)
	if s := e.status("/api/account", secret); s != http.StatusUnauthorized {
		t.Errorf("the revoked token still answers %d", s)
	}
	// A new password revokes the tokens unless kept, says so, and the list shows it.
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#token-name"), "other bot"))
	click(t, ctx, "#create-token")
	waitJS(t, ctx, `document.querySelectorAll('#tokens tr[data-id]').length === 1`)
	other := evalString(t, ctx, `document.querySelector('#token-secret').value`)
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#old-password"), "battery staple"), chromedp.SendKeys(chromedp.CSS("#new-password"), "battery staple"))
	click(t, ctx, "#change-password")
	waitJS(t, ctx, `document.querySelector('#password-msg').textContent === "Password changed. 1 API token revoked." && document.querySelectorAll('#tokens tr[data-id]').length === 0`)
	if s := e.status("/api/account", other); s != http.StatusUnauthorized {
		t.Errorf("a token outlived the password change: %d", s)
	}

	// Signing out everywhere leaves this browser signed out, at the lobby.
	click(t, ctx, "#signout-everywhere")
	waitJS(t, ctx, `!!document.querySelector('#create-form') && !!document.querySelector('#sign-in')`)

	// The new password signs in (the form remembers the name); deleting the account needs it and signs
	// out for good.
	click(t, ctx, "#sign-in")
	waitJS(t, ctx, `document.querySelector('#account-name').value === "Ada"`)
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#account-password"), "battery staple"))
	click(t, ctx, "#do-sign-in")
	waitJS(t, ctx, `!!document.querySelector('#settings-link')`)
	click(t, ctx, "#settings-link")
	waitJS(t, ctx, `!!document.querySelector('#delete-settings')`)
	// Before deleting, the player downloads their games: the link answers their records with the session.
	if href := evalString(t, ctx, `document.querySelector('#export-games').getAttribute('href')`); href != "/api/account/export" {
		t.Fatalf("the download link goes to %q", href)
	}
	run(t, ctx, chromedp.Evaluate[chromedp.Void](`fetch(document.querySelector('#export-games').href).then(r => { window.exported = r.status + " " + r.headers.get("content-type") })`))
	waitJS(t, ctx, `window.exported === "200 application/x-ndjson"`)
	if why := evalString(t, ctx, `document.querySelector('#delete-settings').textContent`); !strings.Contains(why, "What stays") || !strings.Contains(why, "Download your games first") {
		t.Errorf("the deletion does not say what stays and what goes: %q", why)
	}
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#delete-password"), "correct horse"))
	click(t, ctx, "#delete-account")
	waitJS(t, ctx, `document.querySelector('#delete-msg').textContent === "Wrong password."`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#delete-password"), "battery staple"))
	click(t, ctx, "#delete-account")
	waitJS(t, ctx, `!!document.querySelector('#create-form') && !!document.querySelector('#sign-in')`)
	if s := e.status("/api/users/Ada", ""); s != http.StatusNotFound {
		t.Errorf("the deleted account's profile answers %d", s)
	}
}
