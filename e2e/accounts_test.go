package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAccountOnTwoDevices: Ada signs up in the browser, opens a two-player correspondence game and
// moves; on a second device (another browser context, nothing in its storage) she signs in, finds the
// game in "Your games" awaiting her, and moves there.
func TestAccountOnTwoDevices(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 7)
	phone := browser(t, "en-US")
	run(t, phone, chromedp.Navigate(e.url+"/"))
	waitJS(t, phone, `!!document.querySelector('#sign-in')`)
	click(t, phone, "#sign-in")
	run(t, phone, chromedp.SendKeys(chromedp.CSS("#account-name"), "Ada"), chromedp.SendKeys(chromedp.CSS("#account-password"), "correct horse"))
	shot(t, phone, "account-form")
	phoneShot(t, phone, "account-form-phone", 1280, 1200)
	click(t, phone, "#do-sign-up")
	waitJS(t, phone, `!!document.querySelector('#signed-in-as') && document.querySelector('#signed-in-as').textContent.includes("Ada")`)
	// On a phone the signed-in header is one row (it took three on every screen).
	run(t, phone, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	if hgt := evalString(t, phone, `String(Math.round(document.querySelector('header.top').getBoundingClientRect().height))`); hgt > "60" || len(hgt) > 2 {
		t.Errorf("the signed-in header is %s px tall on a phone: more than one row", hgt)
	}
	shot(t, phone, "account-header-phone")
	run(t, phone, chromedp.EmulateViewport(1280, 1200))

	// A game with others, a day per move; Bea joins through the API and the host starts it. The name is
	// the account's already.
	if got := evalString(t, phone, `document.querySelector('#name').value`); got != "Ada" {
		t.Fatalf("the new game's name field holds %q, want the account's name", got)
	}
	// Signed in, a game against rated bots or with others may be rated; a solo game may not.
	click(t, phone, "#mode-solo")
	waitJS(t, phone, `document.querySelector('.rated-pick').hidden`)
	click(t, phone, "#mode-bots")
	waitJS(t, phone, `!document.querySelector('.rated-pick').hidden`)
	click(t, phone, "#mode-others")
	waitJS(t, phone, `!document.querySelector('.rated-pick').hidden`)
	click(t, phone, "#rated")
	run(t, phone, chromedp.SetValue(chromedp.CSS("#clock"), "move:86400"))
	click(t, phone, "#create")
	waitJS(t, phone, `!!document.querySelector('#invite-link')`)
	id := matchID(t, phone)
	var info struct {
		Match struct{ Rated bool } `json:"match"`
	}
	e.getJSON("/api/matches/"+id, "", &info)
	if !info.Match.Rated {
		t.Error("the match created with Rated ticked is not rated")
	}
	var bea struct{ Token string }
	e.postJSON("/api/matches/"+id+"/join", "", map[string]any{"name": "Bea"}, &bea)
	waitJS(t, phone, `document.querySelectorAll('#players li').length === 2`)
	click(t, phone, "#start")
	waitJS(t, phone, `!!document.querySelector('#main-sheet[data-ready]') && document.querySelector('#table').dataset.mustAct === "1"`)
	tokA, _ := seatOf(t, phone, id)
	playThroughPage(t, phone, e.legal(id, tokA)[0], byClicks)
	e.postJSON("/api/matches/"+id+"/moves", bea.Token, map[string]any{"move": e.legal(id, bea.Token)[0]}, nil)
	waitJS(t, phone, `document.querySelector('#table').dataset.mustAct === "1"`)

	// The laptop: nothing stored, then signed in.
	laptop := incognito(t, phone)
	run(t, laptop, chromedp.Navigate(e.url+"/"))
	waitJS(t, laptop, `!!document.querySelector('#sign-in')`)
	if n := evalString(t, laptop, `String(document.querySelectorAll('[data-yours]').length)`); n != "0" {
		t.Fatalf("a fresh browser lists %s games of its own", n)
	}
	click(t, laptop, "#sign-in")
	run(t, laptop, chromedp.SendKeys(chromedp.CSS("#account-name"), "ada"), chromedp.SendKeys(chromedp.CSS("#account-password"), "correct horse"))
	click(t, laptop, "#do-sign-in")
	waitJS(t, laptop, `!!document.querySelector('[data-yours="`+id+`"][data-state="turn"]')`)
	shot(t, laptop, "account-your-games")
	click(t, laptop, `[data-yours="`+id+`"] a`)
	waitJS(t, laptop, `!!document.querySelector('#main-sheet[data-ready]') && document.querySelector('#table').dataset.mustAct === "1"`)
	var before struct{ Match struct{ Moves int } }
	e.getJSON("/api/matches/"+id, "", &before)
	playThroughPage(t, laptop, e.legal(id, tokA)[0], byClicks)
	waitJS(t, laptop, `!!document.querySelector('#waiting')`)
	var after struct{ Match struct{ Moves int } }
	e.getJSON("/api/matches/"+id, "", &after)
	if after.Match.Moves != before.Match.Moves+1 {
		t.Fatalf("moves %d after the laptop's move, want %d", after.Match.Moves, before.Match.Moves+1)
	}
	// The phone sees the laptop's move.
	waitJS(t, phone, `document.querySelector('#table').dataset.mustAct === "0"`)
	if got := evalString(t, laptop, `document.querySelector('#signed-in-as').textContent`); !strings.Contains(got, "Ada") {
		t.Fatalf("the laptop's header says %q", got)
	}
}
