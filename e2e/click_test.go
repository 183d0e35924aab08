package e2e

import (
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestClickMovedUnderPointer: a page that moves the target between the reading of its place and the press (a
// panel appearing above it, as the lobby's "Your games" does when its answer comes) gets the click on
// whatever is there instead. clickArmed must stop that stray click before the page sees it and click the
// target where it now is, once.
func TestClickMovedUnderPointer(t *testing.T) {
	t.Parallel()
	ctx := browser(t, "en-US")
	page := `<!doctype html><body style="margin:0">
		<p id="above" style="height:200px;margin:0" onclick="window.strays = (window.strays || 0) + 1">above</p>
		<a id="go" href="#" style="display:block;height:40px" onclick="window.goes = (window.goes || 0) + 1; return false">go</a></body>`
	run(t, ctx, chromedp.Navigate("data:text/html,"+url.PathEscape(page)))
	waitJS(t, ctx, `!!document.querySelector('#go')`)
	tries := 0
	clickArmed(t, ctx, "#go", func() error {
		tries++
		if tries > 1 {
			return chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#go")))
		}
		// Where the link is now, then a panel above it, then the press there.
		var p struct{ X, Y float64 }
		evalJSON(t, ctx, `(r => { document.body.prepend(Object.assign(document.createElement("div"), {style: "height:120px"}));
			return JSON.stringify({X: r.x + r.width / 2, Y: r.y + r.height / 2}); })(document.querySelector('#go').getBoundingClientRect())`, &p)
		return chromedp.Do(ctx, chromedp.MouseClickXY(p.X, p.Y))
	})
	if got := evalString(t, ctx, `String(window.goes || 0) + " " + String(window.strays || 0)`); got != "1 0" {
		t.Errorf("clicks on the link and on what moved under the pointer: %s, want 1 and 0", got)
	}
	if tries != 2 {
		t.Errorf("the click was made %d times, want 2 (the stray one, then the one on the link)", tries)
	}
}

// fatalRecorder stands for the test in a helper that must fail it: it records the message and ends the
// helper's goroutine as t.Fatalf would.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (f *fatalRecorder) Helper() {}

// TestClickDisabledFails: a click on a disabled button does nothing (the browser sends it no click), so
// clickArmed must fail at once naming the disabled element, rather than return as if it had clicked and
// leave the test to fail later on what did not follow.
func TestClickDisabledFails(t *testing.T) {
	t.Parallel()
	ctx := browser(t, "en-US")
	page := `<!doctype html><body><button id="go" disabled onclick="window.goes = (window.goes || 0) + 1">go</button></body>`
	run(t, ctx, chromedp.Navigate("data:text/html,"+url.PathEscape(page)))
	waitJS(t, ctx, `!!document.querySelector('#go')`)
	rec := &fatalRecorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		click(rec, ctx, "#go")
	}()
	<-done
	if !strings.Contains(rec.msg, "disabled") || !strings.Contains(rec.msg, `id="go"`) {
		t.Errorf("clicking a disabled button: failure %q, want one naming the disabled element", rec.msg)
	}
	if got := evalString(t, ctx, `String(window.goes || 0)`); got != "0" {
		t.Errorf("the disabled button was clicked %s times", got)
	}
}
