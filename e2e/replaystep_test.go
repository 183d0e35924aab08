package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestReplayShowsTheStepAskedLast: Next then Last pressed at once in a replay end on the last step, whatever
// order the answers come in. Each press asks the server for its step and the page drew each answer as it
// came: Next's, held back here until Last's is shown, took the page back to step 4 (as TestReplayReadsAsText
// once ended on a loaded machine, its Last pressed just after Next).
func TestReplayShowsTheStepAskedLast(t *testing.T) {
	t.Parallel()
	hold, free := heldBack(t, func(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, "/replay/4") })
	e := newEnvServing(t, 5, nil, hold)
	m := e.openMatch("cartographers", 1)
	e.postJSON("/api/matches/"+m.ID+"/start", m.Token, struct{}{}, nil)
	e.finishByAPI(m.ID, []string{m.Token})
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+m.ID+"/replay?step=3"))
	waitJS(t, ctx, `document.querySelector('#replay-step').textContent.startsWith("Move 3 ")`)
	evalString(t, ctx, `document.querySelector('#replay-next').click(), document.querySelector('#replay-last').click(), ""`)
	waitJS(t, ctx, `!!document.querySelector('.final-panel')`)
	free()
	// Next's answer has come (its body read); the page is given a moment to act on it.
	waitJS(t, ctx, `performance.getEntriesByType("resource").some(r => r.name.endsWith("/replay/4") && r.responseEnd > 0)`)
	var shown string
	evalJSON(t, ctx, `new Promise(ok => setTimeout(() => ok(JSON.stringify(document.querySelector('#replay-step').textContent +
		(document.querySelector('.final-panel') ? " (final)" : ""))), 200))`, &shown)
	if !strings.HasSuffix(shown, " (final)") {
		t.Errorf("after Next then Last the replay shows %q, want the last step", shown)
	}
}
