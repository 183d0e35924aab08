package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestInvitationAcceptAndDecline: Ada invites Bea and Cy by name to a Cartographers table with a three-day
// clock. Bea, signed in, opens the table: it says who invites her to what, with Accept and Decline, not a
// visitor's name box; she declines, and the host's room says so. Cy accepts and sits under his account's
// name; the room marks him accepted.
func TestInvitationAcceptAndDecline(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 4)
	ada := e.signUp(t, "Ada")
	e.signUp(t, "Cy")
	var m struct{ ID, Token string }
	ada.post("/api/matches", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 3,
		"clock": map[string]any{"mode": "move", "seconds": 3 * 86400}}, &m)
	e.signUp(t, "Bea")
	ada.post("/api/matches/"+m.ID+"/invite", map[string]any{"names": []string{"Bea", "Cy"}}, nil)

	bea := browser(t, "en-US")
	run(t, bea, chromedp.Navigate(e.url+"/"))
	pageCall(t, bea, "POST", "/api/account/signin", map[string]string{"name": "Bea", "password": "correct horse"}, &struct{}{})
	run(t, bea, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, bea, `!!document.querySelector('#invited #accept-invite')`)
	if got := evalString(t, bea, `document.querySelector('#invited').textContent`); !strings.Contains(got, "Ada invites you to Cartographers") || !strings.Contains(got, "(3 days a move)") {
		t.Errorf("Bea's page says %q", got)
	}
	if evalString(t, bea, `String(!!document.querySelector('#join-form'))`) != "false" {
		t.Error("the invited player is offered a visitor's name box beside the invitation")
	}
	shot(t, bea, "invited")
	phoneShot(t, bea, "invited-phone", 1280, 1200)
	click(t, bea, "#decline-invite")
	waitJS(t, bea, `!!document.querySelector('#invitations [data-invitation="Bea"][data-status="declined"]')`)

	cy := incognito(t, bea)
	run(t, cy, chromedp.Navigate(e.url+"/"))
	pageCall(t, cy, "POST", "/api/account/signin", map[string]string{"name": "Cy", "password": "correct horse"}, &struct{}{})
	run(t, cy, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, cy, `!!document.querySelector('#invited #accept-invite')`)
	click(t, cy, "#accept-invite")
	waitJS(t, cy, `[...document.querySelectorAll('#players li')].some(li => li.textContent.includes("Cy") && li.textContent.includes("(you)"))`)
	if got := evalString(t, cy, `[...document.querySelectorAll('#invitations .invitation')].map(s => s.dataset.invitation + ":" + s.dataset.status).join(",")`); got != "Bea:declined,Cy:accepted" {
		t.Errorf("the room lists the invitations as %q", got)
	}
	shot(t, cy, "invitations-room")
}
