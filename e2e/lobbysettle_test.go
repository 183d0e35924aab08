package e2e

import (
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// matchPath is one match's own resource, which "Your games" asks for each seat the browser holds.
var matchPath = regexp.MustCompile(`^/api/matches/[A-Za-z0-9_-]+$`)

// TestLobbyDoesNotJump: the lobby's panels above its lists ("Your games", today's challenges, friends) fill
// in as their answers come; the page must not show them until then, or what is below moves under the
// pointer (a click on a game's link landed on the panel that had just taken its place). The answer about
// the browser's own game is held back, and the games' longer (the form's "Against bots" comes with it: it
// moved the create button 27 px down), and the create button's place is watched on every frame.
func TestLobbyDoesNotJump(t *testing.T) {
	t.Parallel()
	hold := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch {
			case r.Method != http.MethodGet:
			case matchPath.MatchString(r.URL.Path):
				time.Sleep(400 * time.Millisecond)
			case r.URL.Path == "/api/games":
				time.Sleep(700 * time.Millisecond)
			}
			h.ServeHTTP(w, r)
		})
	}
	e := newEnvServing(t, 7, nil, hold)
	id, token := e.startSolo("cartographers")
	ctx := browser(t, "en-US")
	storeSeat(t, ctx, e, id, token, 0, "Ada")
	// Each place the button is shown at, in the order seen (a hidden button is in no place).
	watch := `window.__places = [];
		(function look() {
			const b = document.querySelector("#create");
			if (b && b.checkVisibility({ visibilityProperty: true })) {
				const y = Math.round(b.getBoundingClientRect().top + scrollY);
				if (__places[__places.length - 1] !== y) __places.push(y);
			}
			requestAnimationFrame(look);
		})();`
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watch}); err != nil {
		t.Fatal(err)
	}
	// The lobby waits 1.2 s at most for its answers: a machine too loaded to give them in that time shows it
	// without them (and then it moves, as it must), which proves nothing here; it is loaded again.
	for try := 1; ; try++ {
		run(t, ctx, chromedp.Navigate(e.url+"/"))
		waitJS(t, ctx, `!!document.querySelector("#yours:not([hidden])[data-refreshes='1']") && !!document.querySelector("#challenges:not([hidden])")`)
		if by := evalString(t, ctx, `document.querySelector("#screen").dataset.lobbyShown`); by != "answers" {
			if try == 3 {
				t.Fatalf("3 times the lobby was shown by its bound (%q), its answers later than 1.2 s", by)
			}
			t.Logf("the lobby was shown by its bound (%q), its answers later than 1.2 s: again", by)
			continue
		}
		break
	}
	// Two frames more, for a late move to be seen.
	var places []int
	evalJSON(t, ctx, `new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(() => ok(JSON.stringify(window.__places)))))`, &places)
	if len(places) != 1 {
		t.Errorf("the create button was shown at %v: want one place, the lobby drawn once its panels are in", places)
	}
}
