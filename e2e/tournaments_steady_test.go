package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A tournament's page polls the server every few seconds; when nothing has changed it leaves the page
// as it is. (Redrawn at each poll, a button pressed just as a poll landed lost its click: the press and
// the release fell on two different buttons.)
func TestTournamentPageStaysPutWhenNothingChanges(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 41)
	ada := newPlayer(t, e.url, "Ada")
	var made struct{ ID string }
	ada.must("POST", "/api/tournaments", map[string]any{"name": "Quiet", "game": "carcassonne", "format": "swiss", "clock": map[string]any{"mode": "game", "seconds": 1209600}, "rounds": 2,
		"starts_at": time.Now().Add(time.Hour).Format(time.RFC3339)}, &made)
	ada.must("POST", "/api/tournaments/"+made.ID+"/join", map[string]any{}, nil)
	ctx := browser(t, "")
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+made.ID))
	waitJS(t, ctx, `!!document.querySelector('#tour-head h2')`)
	// Mark what is drawn, count the polls from here, and wait for two whole ones.
	evalString(t, ctx, `(() => {
		for (const el of document.querySelectorAll('#tour-head h2, #tour-head button, #tour-players li')) el.dataset.steady = "1";
		window.polls = 0;
		const f = window.fetch;
		window.fetch = (...a) => { if (String(a[0]).includes('/rounds')) window.polls++; return f(...a); };
		return "";
	})()`)
	waitJS(t, ctx, `window.polls >= 2`)
	if got := evalString(t, ctx, `(() => {
		const all = document.querySelectorAll('#tour-head h2, #tour-head button, #tour-players li');
		return all.length + " drawn, " + [...all].filter(el => el.dataset.steady !== "1").length + " redrawn";
	})()`); got[len(got)-10:] != " 0 redrawn" || got[0] == '0' {
		t.Fatalf("after two polls with nothing changed: %s", got)
	}
}
