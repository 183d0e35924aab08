package e2e

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// onScreen is true when both the guide and what its step points at are on the screen together (partly
// visible is enough for a target taller than the screen, as the board).
const guideOnScreen = `(() => {
  const vis = (e) => { if (!e) return false; const r = e.getBoundingClientRect();
    return r.width > 0 && r.bottom > 8 && r.top < innerHeight - 8 && r.right > 0 && r.left < innerWidth; };
  const g = document.querySelector('#tutorial'), tg = document.querySelector('.tutorial-target');
  return JSON.stringify({guide: vis(g), target: !tg || vis(tg), width: tg ? Math.round(tg.getBoundingClientRect().width) : 0});
})()`

// TestTutorialsFitTheScreen: on a desktop (1440x900) and a phone (390x844), each step of both tutorials
// shows its words and what they are about on the screen at once, the Carcassonne board is not squeezed,
// and a phone's steps speak of taps, not keys.
func TestTutorialsFitTheScreen(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 21)
	for _, size := range []struct {
		name  string
		w, h  int64
		phone bool
	}{{"desktop", 1440, 900, false}, {"phone", 390, 844, true}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := browser(t, "en-US")
			if size.phone {
				run(t, ctx, chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
			} else {
				run(t, ctx, chromedp.EmulateViewport(size.w, size.h))
			}
			check := func(step string) {
				t.Helper()
				var got struct {
					Guide, Target bool
					Width         int
				}
				evalJSON(t, ctx, guideOnScreen, &got)
				if !got.Guide || !got.Target {
					t.Errorf("%s, step %s: guide on screen %v, its target on screen %v", size.name, step, got.Guide, got.Target)
				}
				if text := evalString(t, ctx, `document.querySelector('#tutorial .tutorial-text').textContent`); size.phone &&
					slices.ContainsFunc([]string{"press R", "press F", "Enter", "arrow keys"}, func(k string) bool { return strings.Contains(text, k) }) {
					t.Errorf("%s, step %s speaks of keys on a phone: %q", size.name, step, text)
				}
				shot(t, ctx, fmt.Sprintf("tutorial-%s-%s", size.name, step))
			}
			run(t, ctx, chromedp.Navigate(e.url+"/"))
			waitJS(t, ctx, `!!document.querySelector('#learn-cartographers')`)
			click(t, ctx, "#learn-cartographers")
			for _, step := range []string{"carto_card", "carto_pick", "carto_place"} {
				waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="`+step+`"]')`)
				check(step)
				if step != "carto_place" {
					click(t, ctx, "#tutorial-next")
				}
			}
			run(t, ctx, chromedp.Navigate(e.url+"/"))
			waitJS(t, ctx, `!!document.querySelector('#learn-carcassonne')`)
			click(t, ctx, "#learn-carcassonne")
			waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carc_tile"]')`)
			check("carc_tile")
			click(t, ctx, "#tutorial-next")
			waitJS(t, ctx, `!!document.querySelector('#tutorial[data-step="carc_place"]')`)
			check("carc_place")
			if w, _ := strconv.Atoi(evalString(t, ctx, `String(Math.round(document.querySelector('#carc-board').getBoundingClientRect().width))`)); !size.phone && w < 600 {
				t.Errorf("the Carcassonne board is %d px wide on a %d-px screen", w, size.w)
			}
		})
	}
}
