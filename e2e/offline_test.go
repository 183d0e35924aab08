package e2e

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// socketControl lets a test cut the page's WebSockets and keep new ones from connecting (they are sent to
// a path that does not exist), as a lost network would.
const socketControl = `window.__ws = []; window.__blockWS = false;
(() => { const W = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const s = new W(window.__blockWS ? url.replace("/api/", "/blocked/") : url, protocols);
    window.__ws.push(s);
    s.addEventListener("open", () => { s.openedAt = performance.now(); });
    return s;
  };
  window.WebSocket.prototype = W.prototype;
})();`

// socketPage opens a solo game's table, its seat held, on a page whose WebSockets the test controls
// (socketControl).
func socketPage(t *testing.T) (*env, context.Context, string, string) {
	t.Helper()
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	ctx := browser(t, "en-US")
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: socketControl}); err != nil {
		t.Fatal(err)
	}
	holdSeat(t, ctx, e, id, token, "en")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
	return e, ctx, id, token
}

// TestOfflineIsShownAndHoldsTheMove: when the connection drops, the page says so and holds Confirm (Enter
// sends nothing); when it is back, the page says that too and the placed move can be confirmed.
func TestOfflineIsShownAndHoldsTheMove(t *testing.T) {
	t.Parallel()
	e, ctx, id, token := socketPage(t)
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && window.__ws.length > 0`)
	if evalString(t, ctx, `String(!!document.querySelector('#conn'))`) != "false" {
		t.Error("a connection notice shows while connected")
	}
	playThroughPage(t, ctx, e.legal(id, token)[0], placeOnly)
	moves := func() int { return e.moveCount(id) }
	before := moves()

	evalString(t, ctx, `window.__blockWS = true, window.__ws.forEach(s => s.close()), ""`)
	waitJS(t, ctx, `!!document.querySelector('#conn[data-state="lost"]') && document.querySelector('#confirm').disabled`)
	if got := evalString(t, ctx, `document.querySelector('#conn').textContent`); got != "Connection lost: reconnecting… Your move waits until it is back." {
		t.Errorf("the connection notice reads %q", got)
	}
	shot(t, ctx, "offline")
	press(t, ctx, kEnter)
	time.Sleep(300 * time.Millisecond)
	if n := moves(); n != before {
		t.Fatalf("a move was sent while offline (%d → %d)", before, n)
	}

	evalString(t, ctx, `window.__blockWS = false, ""`)
	waitJS(t, ctx, `!!document.querySelector('#conn[data-state="back"]') && !document.querySelector('#confirm').disabled`)
	click(t, ctx, "#confirm")
	waitJS(t, ctx, `!document.querySelector('#main-sheet .preview[data-placed="1"]')`)
	time.Sleep(200 * time.Millisecond)
	if n := moves(); n != before+1 {
		t.Fatalf("after reconnecting, Confirm made %d moves", n-before)
	}
	// The "back" notice goes by itself.
	waitJS(t, ctx, `!document.querySelector('#conn')`)
}

// TestPlannedCloseIsToldOnlyIfLong: a server going away on purpose (1001, a rolling upgrade) is followed
// by a reconnect within a second, and the page says nothing of it; a reconnect that has not succeeded
// 1.5 s after such a close is told as any lost connection. (The page's end of the socket is closed and its
// handler told the server's code: a page cannot close a socket with 1001 itself.)
func TestPlannedCloseIsToldOnlyIfLong(t *testing.T) {
	t.Parallel()
	_, ctx, _, _ := socketPage(t)
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && window.__ws.length === 1 && window.__ws[0].readyState === 1`)
	// Any notice that shows, however briefly, is seen.
	evalString(t, ctx, `window.__connSeen = false;
		new MutationObserver(() => { if (document.querySelector('#conn')) window.__connSeen = true; }).observe(document.body, { childList: true, subtree: true }); ""`)
	const goAway = `(() => { const s = window.__ws.at(-1), f = s.onclose; window.__closedAt = performance.now(); s.onclose = null; s.close(); f({ code: 1001 }); return ""; })()`

	// The page waits up to a second before it reconnects, and the handshake takes its time: on a loaded
	// machine the socket can truly be back only after the 1.5 s, and then the notice is right. Only a
	// reconnect clearly within them tells whether the page kept quiet (this test
	// failed so when the server was made to take 1.7 s to answer the handshake).
	for try := 1; ; try++ {
		// The notice of a try that took too long is gone first ("Back online" stays 3 s).
		waitJS(t, ctx, `!document.querySelector('#conn')`)
		evalString(t, ctx, `window.__connSeen = false, ""`)
		evalString(t, ctx, goAway)
		waitJS(t, ctx, fmt.Sprintf(`window.__ws.length === %d && window.__ws.at(-1).readyState === 1`, try+1))
		// Past the moment a notice would be told.
		waitJS(t, ctx, `performance.now() > window.__closedAt + 1700`)
		took, _ := strconv.ParseFloat(evalString(t, ctx, `String(window.__ws.at(-1).openedAt - window.__closedAt)`), 64)
		if took < 1300 {
			if evalString(t, ctx, `String(window.__connSeen)`) != "false" {
				t.Errorf("a connection notice showed for a server going away whose socket was back in %.0f ms", took)
			}
			break
		}
		if try == 5 {
			t.Fatalf("in 5 tries the socket was never back within 1.3 s of the server's going away (the last took %.0f ms)", took)
		}
		t.Logf("the socket took %.0f ms to come back (a loaded machine): going away again", took)
	}

	evalString(t, ctx, `window.__blockWS = true, ""`)
	evalString(t, ctx, goAway)
	waitJS(t, ctx, `!!document.querySelector('#conn[data-state="lost"]')`)
	evalString(t, ctx, `window.__blockWS = false, ""`)
	waitJS(t, ctx, `!!document.querySelector('#conn[data-state="back"]')`)
}
