package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAccountMark: a seat taken by a signed-in account is marked beside its name, in the waiting room and
// at the table, and a note from an account is marked in the inbox; a guest's seat is not. (A guest may not
// take an account's name at all: server/names_test.go.)
func TestAccountMark(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 17)
	ada := browser(t, "en-US")
	signUpIn(t, ada, e, "Ada")
	var m struct{ ID, Token string }
	pageCall(t, ada, "POST", "/api/matches", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 3}, &m)
	bea := e.signUp(t, "Bea")
	bea.post("/api/matches/"+m.ID+"/join", map[string]any{"name": "Bea"}, nil)
	e.postJSON("/api/matches/"+m.ID+"/join", "", map[string]any{"name": "Eve"}, nil)

	run(t, ada, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, ada, `document.querySelectorAll('#players li').length === 3`)
	marks := evalString(t, ada, `[...document.querySelectorAll('#players li')].map(li => li.querySelector('.account-mark') ? li.querySelector('.account-mark').title : "-").join("|")`)
	if marks != "signed in as Ada|signed in as Bea|-" {
		t.Fatalf("the waiting room's marks: %q (Ada, Bea, the guest Eve)", marks)
	}
	shot(t, ada, "account-mark-waiting")
	phoneShot(t, ada, "account-mark-waiting-phone", 1440, 900)

	pageCall(t, ada, "POST", "/api/matches/"+m.ID+"/start", map[string]any{}, &struct{}{})
	run(t, ada, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, ada, `document.querySelectorAll('#presence .seat-presence').length === 3`)
	marks = evalString(t, ada, `[...document.querySelectorAll('#presence .seat-presence')].map(s => s.querySelector('.account-mark') ? "✓" : "-").join("")`)
	if marks != "✓✓-" {
		t.Fatalf("the table's marks: %q", marks)
	}
	shot(t, ada, "account-mark-table")
	phoneShot(t, ada, "account-mark-table-phone", 1440, 900)

	// Bea follows Ada: the note says so, marked as an account's.
	bea.post("/api/users/Ada/follow", struct{}{}, nil)
	run(t, ada, chromedp.Navigate(e.url+"/"))
	waitJS(t, ada, `document.querySelector('#unread') && document.querySelector('#unread').textContent === "1"`)
	click(t, ada, "#bell")
	waitJS(t, ada, `!!document.querySelector('.notes .note .account-mark')`)
	shot(t, ada, "account-mark-inbox")
	phoneShot(t, ada, "account-mark-inbox-phone", 1440, 900)
}
