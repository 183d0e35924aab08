package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTableChat: two players talk at a Cartographers table in two languages: a quick phrase reads in each
// reader's language, markup and script in a message show as text and run nothing, a player can mute the
// other, and the replay shows what was said.
func TestTableChat(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 2)
	var m struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 2}, &m)
	var bea struct{ Token string }
	e.postJSON("/api/matches/"+m.ID+"/join", "", map[string]any{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+m.ID+"/start", m.Token, struct{}{}, nil)

	ada := browser(t, "en-US")
	openTable(t, ada, e, m.ID, m.Token, "en", `#chat-text`)
	evil := `<img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script> & hi`
	evalString(t, ada, fmt.Sprintf(`(i => (i.value = %q, i.dispatchEvent(new Event('input')), ""))(document.querySelector('#chat-text'))`, evil))
	click(t, ada, "#chat-send")
	waitJS(t, ada, `document.querySelectorAll('#chat-list li[data-n]').length === 1`)
	click(t, ada, `#chat .phrase[data-phrase="good_luck"]`)
	waitJS(t, ada, `document.querySelectorAll('#chat-list li[data-n]').length === 2`)
	if got := evalString(t, ada, `document.querySelector('#chat-list li[data-n="1"] .chat-text').textContent`); got != evil {
		t.Errorf("the message reads %q, want the text as sent", got)
	}
	if n := evalString(t, ada, `String(document.querySelectorAll('#chat img, #chat script').length)`); n != "0" || strings.Contains(evalString(t, ada, `document.title`), "pwned") {
		t.Error("markup in a message became elements, or ran")
	}
	if v := evalString(t, ada, `document.querySelector('#chat-text').value`); v != "" {
		t.Errorf("the line to write still holds %q after sending", v)
	}

	// Bea reads in French: the phrase in French; she mutes Ada.
	beaCtx := incognito(t, ada)
	holdSeat(t, beaCtx, e, m.ID, bea.Token, "fr")
	evalString(t, beaCtx, `localStorage.setItem("surveyor.lang", "fr"), ""`)
	run(t, beaCtx, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, beaCtx, `document.querySelectorAll('#chat-list li[data-n]').length === 2`)
	if got := evalString(t, beaCtx, `document.querySelector('#chat-list li[data-n="2"] .chat-text').textContent`); got != "Bonne chance !" {
		t.Errorf("the phrase reads %q in French", got)
	}
	shot(t, beaCtx, "chat-fr")
	click(t, beaCtx, `#chat-list li[data-n="2"] .chat-mute`)
	waitJS(t, beaCtx, `document.querySelectorAll('#chat-list li[data-n]').length === 0 && !!document.querySelector('#chat-unmute')`)
	click(t, beaCtx, "#chat-unmute")
	waitJS(t, beaCtx, `document.querySelectorAll('#chat-list li[data-n]').length === 2`)

	// The game ends (through the API); the replay shows what was said.
	e.finishByAPI(m.ID, []string{m.Token, bea.Token})
	run(t, ada, chromedp.Navigate(e.url+"/m/"+m.ID+"/replay"))
	waitJS(t, ada, `!!document.querySelector('#replay-step')`)
	click(t, ada, "#replay-last")
	waitJS(t, ada, `document.querySelectorAll('#replay-chat li').length === 2`)
}

// TestChatSignalsUnreadMessages: on a phone the chat is a drawer one tap from the board; a message that
// arrives while it is closed shows a count on its tab and in the page's title, and opening it reads them.
func TestChatSignalsUnreadMessages(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 2)
	var m struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "name": "Ada", "max_seats": 2}, &m)
	var bea struct{ Token string }
	e.postJSON("/api/matches/"+m.ID+"/join", "", map[string]any{"name": "Bea"}, &bea)
	e.postJSON("/api/matches/"+m.ID+"/start", m.Token, struct{}{}, nil)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
	openTable(t, ctx, e, m.ID, bea.Token, "en", `#chat-tab`)
	if got := evalString(t, ctx, `getComputedStyle(document.querySelector('#chat')).display`); got != "none" {
		t.Errorf("on a phone the closed chat is shown (display %s), under the board", got)
	}
	if tab := evalString(t, ctx, `String(document.querySelector('#chat-tab').getBoundingClientRect().bottom <= innerHeight)`); tab != "true" {
		t.Error("the chat's tab is off the screen")
	}
	e.postJSON("/api/matches/"+m.ID+"/chat", m.Token, map[string]any{"text": "your move!"}, nil)
	waitJS(t, ctx, `document.querySelector('#chat-unread').textContent === "1" && !document.querySelector('#chat-unread').hidden`)
	if title := evalString(t, ctx, `document.title`); !strings.HasPrefix(title, "(1) ") {
		t.Errorf("the title %q does not count the unread message", title)
	}
	shot(t, ctx, "chat-unread-phone")
	click(t, ctx, "#chat-tab")
	waitJS(t, ctx, `document.querySelector('#chat').classList.contains('open') && document.querySelector('#chat-unread').hidden`)
	if title := evalString(t, ctx, `document.title`); strings.HasPrefix(title, "(") {
		t.Errorf("the title %q still counts a message read", title)
	}
	shot(t, ctx, "chat-open-phone")
	click(t, ctx, "#chat-close")
	waitJS(t, ctx, `!document.querySelector('#chat').classList.contains('open')`)
}
