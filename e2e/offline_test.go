package e2e

import (
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
    return s;
  };
  window.WebSocket.prototype = W.prototype;
})();`

// TestOfflineIsShownAndHoldsTheMove: when the connection drops, the page says so and holds Confirm (Enter
// sends nothing); when it is back, the page says that too and the placed move can be confirmed.
func TestOfflineIsShownAndHoldsTheMove(t *testing.T) {
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	ctx := browser(t, "en-US")
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: socketControl}); err != nil {
		t.Fatal(err)
	}
	holdSeat(t, ctx, e, id, token, "en")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
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
