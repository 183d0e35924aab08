package e2e

import (
	"context"
	_ "embed"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

//go:embed testdata/axe/axe.min.js
var axeSource string

// axeViolations runs axe-core on the page (WCAG 2 A and AA rules) and returns the serious and critical
// violations, each as its rule and the first elements it names.
func axeViolations(t *testing.T, ctx context.Context) []string {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](axeSource)); err != nil {
		t.Fatalf("loading axe-core: %v", err)
	}
	var out []string
	evalJSON(t, ctx, `axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }).then(r =>
		JSON.stringify(r.violations.filter(v => v.impact === "serious" || v.impact === "critical")
			.map(v => v.id + " (" + v.impact + "): " + v.nodes.slice(0, 6).map(n => n.target.join(" ") + (v.id === "color-contrast" ? " [" + ((n.any[0] || {}).message || "").slice(0, 140) + "]" : "")).join(" | "))))`, &out)
	return out
}

// TestAccessibility runs axe-core on every screen, at desktop and phone sizes: no serious or critical
// violation of WCAG 2.1 A and AA (contrast included).
func TestAccessibility(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	soloID, soloTok := e.startSolo("heroes")
	carc := e.startCarcassonne(true)
	var open struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Cy", "max_seats": 3}, &open)
	var done struct{ ID, Token string }
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1}, &done)
	e.postJSON("/api/matches/"+done.ID+"/start", done.Token, struct{}{}, nil)
	e.finishByAPI(done.ID, []string{done.Token})

	carcDone := e.startCarcassonne(false)
	e.finishByAPI(carcDone.ID, []string{carcDone.Token, carcDone.Bea})

	screens := []struct {
		name, path, token, ready string
	}{
		{"lobby", "/", "", "#create-form"},
		{"cartographers table", "/m/" + soloID, soloTok, "#main-sheet[data-ready]"},
		{"carcassonne table", "/m/" + carc.ID, carc.Token, "#carc-board[data-ready]"},
		{"waiting room", "/m/" + open.ID, "", "#room"},
		{"cartographers replay", "/m/" + done.ID + "/replay", "", "#main-sheet"},
		{"finished table", "/m/" + done.ID, done.Token, "#final"},
		{"carcassonne replay", "/m/" + carcDone.ID + "/replay", "", "#carc-board[data-ready]"},
		{"finished carcassonne", "/m/" + carcDone.ID, carcDone.Token, "#final"},
		{"settings", "/settings", "", "#password-settings"},
		{"profile", "/u/Ada", "", "#profile"},
		{"leaderboard", "/leaderboard/cartographers", "", "#leaderboard"},
	}
	ctx := browser(t, "en-US")
	// Signed in, for the account's screens.
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	click(t, ctx, "#sign-in")
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#account-name"), "Ada"), chromedp.SendKeys(chromedp.CSS("#account-password"), "correct horse"))
	click(t, ctx, "#do-sign-up")
	waitJS(t, ctx, `!!document.querySelector('#signed-in-as')`)
	// The sign-in form itself, opened by a signed-out visitor, is checked too.
	incog := incognito(t, ctx)
	run(t, incog, chromedp.Navigate(e.url+"/"))
	waitJS(t, incog, `!!document.querySelector('#sign-in')`)
	click(t, incog, "#sign-in")
	waitJS(t, incog, `!!document.querySelector('#account-form')`)
	for _, v := range axeViolations(t, incog) {
		t.Errorf("sign-in form: %s", v)
	}
	for _, size := range []struct {
		name  string
		w, h  int64
		phone bool
	}{{"desktop", 1280, 900, false}, {"phone", 390, 844, true}} {
		if size.phone {
			run(t, ctx, chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		} else {
			run(t, ctx, chromedp.EmulateViewport(size.w, size.h))
		}
		for _, sc := range screens {
			if sc.token != "" {
				holdSeat(t, ctx, e, strings.Split(sc.path, "/")[2], sc.token, "en")
			}
			run(t, ctx, chromedp.Navigate(e.url+sc.path))
			waitJS(t, ctx, fmt.Sprintf(`!!document.querySelector(%q)`, sc.ready))
			for _, v := range axeViolations(t, ctx) {
				t.Errorf("%s, %s: %s", sc.name, size.name, v)
			}
		}
	}
}
