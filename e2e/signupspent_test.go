package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/surveyor-game/surveyor/server"
)

// TestSignUpRefusedSaysWhenAgain: once an address has opened the hour's accounts, the sign-up form says
// so and when to come back (the wait is up to an hour), rather than "wait a moment and try again", which
// a person would do at once, to be refused again.
func TestSignUpRefusedSaysWhenAgain(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, 7, func(c *server.Config) { c.RateLimit = 0; c.SignupsPerHour = 1 })
	ctx := browser(t, "fr-FR")
	signUpIn(t, ctx, e, "Ada")
	pageCall(t, ctx, "POST", "/api/account/signout", map[string]any{}, &struct{}{})
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	click(t, ctx, "#sign-in")
	waitJS(t, ctx, `!!document.querySelector('#account-name')`)
	evalString(t, ctx, `document.querySelector('#account-name').value = "Bea", document.querySelector('#account-password').value = "correct horse", ""`)
	click(t, ctx, "#do-sign-up")
	waitJS(t, ctx, `document.querySelector('#account-form .error').textContent.length > 0`)
	said := evalString(t, ctx, `document.querySelector('#account-form .error').textContent`)
	if !strings.Contains(said, "60 minutes") || strings.Contains(said, "un moment") {
		t.Errorf("the refused sign-up says %q: want when to come back (60 minutes)", said)
	}
}
