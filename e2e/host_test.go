package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHostClosesTheRoom: only the host is offered Start and Close; when the host closes the waiting room,
// the guest's page says so.
func TestHostClosesTheRoom(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	a := browser(t, "en-US")
	b := incognito(t, a)
	run(t, a, chromedp.Navigate(e.url+"/"))
	waitJS(t, a, `!!document.querySelector('#create-form')`)
	run(t, a, chromedp.SendKeys(chromedp.CSS("#name"), "Ada"))
	click(t, a, "#mode-others")
	click(t, a, "#create")
	waitJS(t, a, `!!document.querySelector('#invite-link')`)
	id := matchID(t, a)
	run(t, b, chromedp.Navigate(e.url+"/m/"+id))
	waitJS(t, b, `!!document.querySelector('#join-form')`)
	run(t, b, chromedp.SendKeys(chromedp.CSS("#join-name"), "Bea"))
	click(t, b, "#join")
	waitJS(t, b, `!!document.querySelector('#wait-host')`)
	if n := evalString(t, b, `String(document.querySelectorAll('#start, #close-match').length)`); n != "0" {
		t.Fatalf("the guest is offered %s host buttons", n)
	}
	if got := evalString(t, b, `document.querySelector('#wait-host').textContent`); got != "Waiting for Ada, the host, to start the game." {
		t.Errorf("the guest reads %q", got)
	}
	shot(t, b, "waiting-for-host")
	waitJS(t, a, `document.querySelectorAll('#players li').length === 2`)
	if n := evalString(t, b, `String(document.querySelectorAll('[data-remove]').length)`); n != "0" {
		t.Fatalf("the guest may remove %s seats", n)
	}
	// The host removes Bea's seat; Bea joins again, and stays.
	click(t, a, `[data-remove="1"]`)
	waitJS(t, a, `document.querySelectorAll('#players li').length === 1`)
	waitJS(t, b, `!!document.querySelector('#seat-removed') && !!document.querySelector('#join-form')`)
	var again struct{ Token string }
	e.postJSON("/api/matches/"+id+"/join", "", map[string]any{"name": "Bea"}, &again)
	waitJS(t, a, `document.querySelectorAll('#players li').length === 2`)
	evalString(t, a, `window.confirm = () => true, ""`)
	click(t, a, "#close-match")
	waitJS(t, a, `!!document.querySelector('#closed')`)
	waitJS(t, b, `!!document.querySelector('#closed')`)
}
