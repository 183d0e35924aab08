package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/analysis"
	"github.com/surveyor-game/surveyor/server"
)

// TestReplayAnalysis: a finished solo Cartographers game's replay runs the analysis from its Analyse
// button, shows its progress, then both lenses labelled, a summary with the accuracy and the costliest
// decisions, and a costliest decision leads to its step, whose cost is shown.
func TestReplayAnalysis(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, 11, func(c *server.Config) { c.Analysis = analysis.Options{Samples: 2} })
	var solo struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1}, &solo)
	e.postJSON("/api/matches/"+solo.ID+"/start", solo.Token, struct{}{}, nil)
	e.finishByAPI(solo.ID, []string{solo.Token})

	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+solo.ID+"/replay"))
	waitJS(t, ctx, `!!document.querySelector('#main-sheet') && !!document.querySelector('#analyse')`)
	click(t, ctx, "#analyse")
	waitJS(t, ctx, `!!document.querySelector('#analysis .an-lens[data-lens="clairvoyant"]')`)
	text := evalString(t, ctx, `document.querySelector('#analysis').innerText`)
	for _, want := range []string{"What a player could know", "With the deck known", "Accuracy", "Costliest decisions", "Spring"} {
		if !strings.Contains(text, want) {
			t.Errorf("the analysis does not say %q:\n%s", want, text)
		}
	}
	// The chart of the expected final score: a line of one point per decision judged.
	if n := evalString(t, ctx, `String((document.querySelector('#analysis .an-lens[data-lens="fair"] .an-series')?.getAttribute('points') || '').split(' ').filter(Boolean).length)`); n != "19" {
		t.Errorf("the chart has %s points, want one per decision (19)", n)
	}
	shot(t, ctx, "analysis-summary")
	// The first costliest decision of the fair lens leads to its step, which shows what it cost.
	click(t, ctx, `#analysis .an-lens[data-lens="fair"] .an-costly`)
	waitJS(t, ctx, `!!document.querySelector('#analysis .an-lens[data-lens="fair"] .an-cost')`)
	cost := evalString(t, ctx, `document.querySelector('#analysis .an-lens[data-lens="fair"] .an-cost').textContent`)
	if !strings.HasPrefix(cost, "Cost: ") || !strings.HasSuffix(cost, " stars") {
		t.Errorf("a costly step reads %q", cost)
	}
	// The best move is outlined on the sheet, as many spaces as the card's shape.
	if n := evalString(t, ctx, `String(document.querySelectorAll('#main-sheet .an-best').length)`); n == "0" {
		t.Error("the best move of a costly step is not drawn on the sheet")
	}
	shot(t, ctx, "analysis-step")
	phoneShot(t, ctx, "analysis-step-phone", 1440, 900)
}
